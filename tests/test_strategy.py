"""The Strategy page's players (halfmoon.solver.strategy), their run and its figures."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from engine_helpers import play_randomly
from hypothesis import given, settings
from hypothesis import strategies as st
from shard_files import split_into_shards

from halfmoon import DealCode, Position, Record
from halfmoon.cards import DECK
from halfmoon.solver import rollouts
from halfmoon.solver.players import greedy_player_wins, random_player_wins
from halfmoon.solver.strategy import (
    PLAYERS,
    PLAYERS_ID,
    SEARCH_ID,
    SEARCH_PLAYERS,
    look,
    player,
    turning_point,
    wins_after,
)
from halfmoon.solver.strategy_run import (
    DealGames,
    StrategyFileError,
    StrategyHeader,
    games_line,
    header_line,
    merge_games,
    merge_runs,
    paired_gain,
    play_deal,
    read_games,
    summarise_games,
    summarise_runs,
)
from halfmoon.solver.verdicts import Verdicts
from halfmoon.solver.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
FIGURES = json.loads((ROOT / "docs" / "records" / "strategy.json").read_text(encoding="utf-8"))
deal_numbers = st.integers(min_value=0, max_value=DealCode.parse("HM1-N-ZZZZZZZ").number)


@settings(max_examples=15, deadline=None)
@given(deal_numbers)
def test_every_player_plays_legal_moves_and_its_game_replays_to_the_same_end(number):
    code = DealCode(number)
    for one in PLAYERS:
        game = one.play(code)
        assert not game.legal_moves()  # played to the end
        replayed = Record(code, game.history).replay()  # the engine checks every move
        assert replayed.cards_left() == game.cards_left()
        assert replayed.is_won() == game.is_won()


@settings(max_examples=25, deadline=None)
@given(deal_numbers)
def test_the_simple_players_are_those_of_the_winnability_run(number):
    code = DealCode(number)
    assert player("greedy").play(code).is_won() == greedy_player_wins(code)
    assert player("random").play(code).is_won() == random_player_wins(code)


def test_a_player_chooses_the_same_game_twice():
    code = DealCode(12345)
    for one in PLAYERS + SEARCH_PLAYERS:
        assert one.play(code).history == one.play(code).history


# --- players see only what the game shows ---------------------------------------------------


def _reshuffled(position: Position, rng: random.Random) -> Position:
    """The same position with the cards beneath the tops shuffled among the piles: every pile
    keeps its count and its top card; only what no player can see changes."""
    other = position.copy()
    hidden = [card for pile in other.piles for card in pile[:-1]]
    rng.shuffle(hidden)
    for pile in other.piles:
        if pile:
            below = len(pile) - 1
            pile[:-1], hidden = hidden[:below], hidden[below:]
    assert not hidden
    return other


def _midgame(number: int, moves: int) -> Position:
    position = Position(DealCode(number))
    play_randomly(position, random.Random(number), moves)
    return position


@settings(max_examples=40, deadline=None)
@given(deal_numbers, st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=2**32))
def test_no_player_changes_its_choice_when_the_unseen_cards_are_shuffled(number, moves, seed):
    position = _midgame(number, moves)
    legal = position.legal_moves()
    if not legal:
        return
    other = _reshuffled(position, random.Random(seed))
    assert PlayerView.of(other) == PlayerView.of(position)  # the view holds nothing beneath the tops
    assert other.legal_moves() == legal
    for one in PLAYERS + SEARCH_PLAYERS:
        mine = one.choice(number)(PlayerView.of(position), legal)
        theirs = one.choice(number)(PlayerView.of(other), other.legal_moves())
        assert mine == theirs, one.name


def test_the_shuffle_changes_what_lies_beneath():
    # The test above can only fail if the shuffle moves hidden cards: it does, on most deals.
    position = _midgame(7, 5)
    other = _reshuffled(position, random.Random(1))
    assert [pile[:-1] for pile in other.piles] != [pile[:-1] for pile in position.piles]


@settings(max_examples=30, deadline=None)
@given(deal_numbers, st.integers(min_value=0, max_value=40))
def test_the_view_counts_every_card_once(number, moves):
    position = _midgame(number, moves)
    view = PlayerView.of(position)
    shown = [card for card in view.tops + view.reserve if card is not None]
    assert Counter(shown) + view.unseen() + Counter(view.removed) == Counter(DECK * 2)
    assert sum(view.unseen().values()) == view.hidden()
    assert view.unseen() == Counter(card for pile in position.piles for card in pile[:-1])


def test_after_a_move_the_view_knows_what_went_not_what_comes_up():
    position = Position(DealCode(3))
    view = PlayerView.of(position)
    move = position.legal_moves()[0]
    after = view.after(move)
    for source in move.sources:
        assert after.card_at(source) is None
    position.push(move)
    assert after.removed == PlayerView.of(position).removed
    assert after.counts == PlayerView.of(position).counts


@settings(max_examples=60, deadline=None)
@given(deal_numbers, st.integers(min_value=0, max_value=45))
def test_a_look_one_move_ahead_at_the_cards_in_view_never_tells_two_moves_apart(number, moves):
    # The Strategy page says so, and why: a move of one kind of pair leaves every other kind in
    # view, and the moves of one kind leave the same cards of that kind.
    from halfmoon.solver.strategy import pair_in_view
    position = _midgame(number, moves)
    view = PlayerView.of(position)
    assert len({pair_in_view(view, move) for move in position.legal_moves()}) <= 1


@settings(max_examples=30, deadline=None)
@given(deal_numbers)
def test_the_rollouts_play_the_best_rule_as_its_player_does(number):
    # rollouts.play_out is a second implementation of the best rule ("keep the reserve, then
    # the single tallest pile, then the tallest piles"), on ranks: on the real deal it must
    # leave as many cards as the rule's player.
    layout = DealCode(number).layout()
    piles = [[card.rank for card in pile] for pile in layout.piles]
    reserve = [card.rank for card in layout.reserve]
    game = player("tallest-pile").play(DealCode(number))
    assert rollouts.play_out(piles, reserve) == game.cards_left()


@settings(max_examples=30, deadline=None)
@given(deal_numbers, st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=2**32))
def test_a_sampled_world_keeps_every_top_and_count_and_deals_the_unseen_cards(number, moves, seed):
    view = PlayerView.of(_midgame(number, moves))
    tops, counts, unseen = rollouts.view_ranks(view)
    piles, reserve = rollouts.sample_world(tops, counts, unseen, random.Random(seed))
    assert [len(pile) for pile in piles] == list(view.counts)
    assert [pile[-1] if pile else 0 for pile in piles] + reserve == tops
    assert sorted(rank for pile in piles for rank in pile[:-1]) == unseen


def test_an_unknown_player_names_the_players():
    with pytest.raises(Exception, match="no player 'best'.*greedy"):
        player("best")


def test_each_rule_decides_before_the_next():
    # tallest-keep-reserve ranks by the reserve first: it never takes a reserve card while a pile
    # pair is playable.
    one = player("tallest-keep-reserve")
    for number in range(30):
        position = Position(DealCode(number))
        choose = one.choice(number)
        while moves := position.legal_moves():
            chosen = choose(PlayerView.of(position), moves)
            reserve = sum(source.startswith("R") for source in chosen.sources)
            assert reserve == min(sum(s.startswith("R") for s in move.sources) for move in moves)
            position.push(chosen)


@pytest.mark.parametrize("entry", [e for e in FIGURES["players"] if e["example"]], ids=lambda e: e["name"])
def test_each_published_example_is_a_turning_point_the_engine_confirms(entry):
    example = entry["example"]
    code = DealCode.parse(example["code"])
    chosen, baseline = player(entry["name"]).tip_roles()
    found = turning_point(code, chosen, baseline)
    assert found is not None and str(found.tempting) == example["tempting"]
    assert [str(m) for m in found.before] == example["before"]
    position = Record(code, found.before).replay()
    view = PlayerView.of(position)
    assert look(view, found.tempting) != look(view, found.right)  # the reader sees them differ
    assert not wins_after(code, found.before, found.tempting, chosen)
    assert wins_after(code, found.before, found.right, chosen)


def test_no_turning_point_where_the_player_loses():
    lost = next(n for n in range(200) if not player("tallest").play(DealCode(n)).is_won())
    assert turning_point(DealCode(lost), player("tallest"), player("greedy")) is None


# --- results files -------------------------------------------------------------------------


def _write(path: Path, header: StrategyHeader, games: list[DealGames], tail: str = "") -> None:
    path.write_text(header_line(header) + "".join(map(games_line, games)) + tail, encoding="utf-8")


def test_a_results_file_reads_back_and_a_cut_line_is_dropped_on_repair(tmp_path):
    header = StrategyHeader("HM1-N-AAAAAAA", 6, PLAYERS_ID, 1, 2)
    games = [play_deal(n) for n in (0, 2)]
    path = tmp_path / "a.jsonl"
    _write(path, header, games, tail='{"code": "HM1-N-AAAA')
    assert read_games(path) == (header, games)
    read_games(path, repair=True)
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert read_games(path) == (header, games)


@pytest.mark.parametrize("line, message", [
    ('{"code": "HM1-N-AAAAAAB", "left": {}}', "must name the players"),
    ('{"code": "HM1-N-AAAAAAC"}', "'code' and 'left'"),
    ('[1, 2]', "an object"),
    ('{"code": "HM1-X-AAAAAAA", "left": {}}', "variant"),
    ("NaN", "not a JSON line"),
])
def test_a_bad_line_names_the_file_and_line_and_nothing_is_cut(tmp_path, line, message):
    path = tmp_path / "a.jsonl"
    header = header_line(StrategyHeader("HM1-N-AAAAAAA", 6, PLAYERS_ID))
    path.write_text(header + line + "\n{cut", encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(StrategyFileError, match=rf"a.jsonl:2: .*{message}"):
        read_games(path, repair=True)
    assert path.read_bytes() == before


def test_a_deal_twice_or_outside_the_shard_is_refused(tmp_path):
    header = StrategyHeader("HM1-N-AAAAAAA", 6, PLAYERS_ID, 1, 2)
    path = tmp_path / "a.jsonl"
    _write(path, header, [play_deal(0), play_deal(0)])
    with pytest.raises(StrategyFileError, match=r"a.jsonl:3: HM1-N-AAAAAAA is here twice"):
        read_games(path)
    _write(path, header, [play_deal(1)])
    with pytest.raises(StrategyFileError, match=r"a.jsonl:2: HM1-N-AAAAAAB is not a deal of this"):
        read_games(path)


def test_a_foreign_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "notes.jsonl"
    path.write_text('{"format": "halfmoon-stats/1"}\nsome words', encoding="utf-8")
    with pytest.raises(StrategyFileError, match="not a halfmoon strategy results file"):
        read_games(path, repair=True)
    assert path.read_text(encoding="utf-8").endswith("some words")


def test_a_shard_given_twice_is_refused_on_merge(tmp_path):
    header = StrategyHeader("HM1-N-AAAAAAA", 4, PLAYERS_ID, 1, 2)
    _write(tmp_path / "a.jsonl", header, [play_deal(0)])
    with pytest.raises(StrategyFileError, match="also in another file"):
        merge_games([tmp_path / "a.jsonl", tmp_path / "a.jsonl"])


def test_the_summary_counts_what_the_lines_say():
    games = [DealGames(str(DealCode(n)), tuple(0 if (n + i) % 3 == 0 else 40 for i in range(len(PLAYERS))))
             for n in range(9)]
    verdicts = Verdicts(DealCode(0), "WWLWWWWUW")
    header = StrategyHeader("HM1-N-AAAAAAA", 9, PLAYERS_ID)
    summary = summarise_games(header, games, verdicts, "test")
    assert summary["perfect"]["won"] == 7
    greedy = [game.won("greedy") for game in games]
    for i, entry in enumerate(summary["players"]):
        won = [game.left[i] == 0 for game in games]
        assert entry["won"] == sum(won)
        assert entry["beyond_greedy"] == sum(w and not g for w, g in zip(won, greedy))
        assert entry["ci_low"] <= entry["share"] <= entry["ci_high"]


def test_the_summary_needs_a_verdict_for_every_deal():
    games = [play_deal(n) for n in range(3)]
    header = StrategyHeader("HM1-N-AAAAAAA", 3, PLAYERS_ID)
    with pytest.raises(StrategyFileError, match="does not cover every deal"):
        summarise_games(header, games, Verdicts(DealCode(0), "WW"), "test")


def test_the_command_runs_resumes_and_merges_old_shards(tmp_path):
    def halfmoon(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "halfmoon", "strategy", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=600)

    run = tmp_path / "run.jsonl"
    assert halfmoon("--deals", "5", "--serial", "--results", str(run)).returncode == 0
    again = halfmoon("--deals", "5", "--serial", "--results", str(run))
    assert again.returncode == 0 and len(run.read_text().splitlines()) == 6  # nothing doubled
    other = halfmoon("--deals", "7", "--serial", "--results", str(run))
    assert other.returncode != 0 and "holds another run" in other.stderr
    files = [str(path) for path in split_into_shards(run, tmp_path, 2)]
    merged = halfmoon("--merge", *files, "-o", str(tmp_path / "s.json"))
    assert merged.returncode == 0, merged.stderr
    summary = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert summary["deals"] == 5 and summary["complete"]
    expected = [play_deal(n) for n in range(5)]
    for i, entry in enumerate(summary["players"]):
        assert entry["won"] == sum(game.left[i] == 0 for game in expected)


@pytest.mark.parametrize("name, step", [("rules", 997), ("search", 211)])
def test_the_published_figures_agree_with_the_players_on_a_sample(name, step):
    """A sample of the published runs' deals, played again, gives the published lines; the saved
    runs merge into the published figures."""
    import gzip
    path = ROOT / "runs" / "strategy" / f"{name}.jsonl.gz"
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").splitlines()
    header = StrategyHeader.from_json(json.loads(lines[0]), str(path))
    assert header.players == (FIGURES["players_id"] if name == "rules" else FIGURES["search"]["search_id"])
    players = PLAYERS if name == "rules" else SEARCH_PLAYERS
    for line in lines[1::step]:
        deal = DealGames.from_json(json.loads(line), header.names())
        assert play_deal(DealCode.parse(deal.code).number, players) == deal
    deals = FIGURES["deals"] if name == "rules" else FIGURES["search"]["deals"]
    assert len(lines) - 1 == deals  # the figures are those of the saved lines, every one


def test_a_stopped_run_keeps_its_lines_and_a_second_run_on_the_file_is_refused(tmp_path):
    import signal
    import time

    results = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "halfmoon", "strategy", "--deals", "4000", "--serial",
               "--results", str(results)]
    first = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(6000):  # until it has written a few deals (bounded by lines, not by time)
            if results.exists() and len(results.read_bytes().splitlines()) > 3:
                break
            time.sleep(0.05)
        second = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert second.returncode != 0 and str(results) in second.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        _, error = first.communicate(timeout=600)
    assert first.returncode == 143 and "run the same command to resume" in error
    header, games = read_games(results)
    assert len(games) >= 3 and [g.code for g in games] == [str(DealCode(n)) for n in range(len(games))]


def test_a_file_of_other_players_is_refused(tmp_path):
    path = tmp_path / "old.jsonl"
    path.write_text(header_line(StrategyHeader("HM1-N-AAAAAAA", 6, "halfmoon-players/2026-12-03")),
                    encoding="utf-8")
    with pytest.raises(StrategyFileError, match="old.jsonl:1: results of other players"):
        read_games(path)


def _search_games(n: int) -> list[DealGames]:
    # reserve and tallest, best rule, search: the search wins deals 0 and 3, the best rule 3 and 5
    wins = {0: (False, False, True), 3: (True, True, True), 5: (False, True, False)}
    return [DealGames(str(DealCode(k)), tuple(0 if w else 30 for w in wins.get(k, (False,) * 3)),
                      tuple(one.name for one in SEARCH_PLAYERS)) for k in range(n)]


def test_a_search_run_cut_short_merges_as_far_as_it_went(tmp_path):
    rules = StrategyHeader("HM1-N-AAAAAAA", 6, PLAYERS_ID)
    _write(tmp_path / "rules.jsonl", rules, [play_deal(n) for n in range(6)])
    search = StrategyHeader("HM1-N-AAAAAAA", 100, SEARCH_ID)
    _write(tmp_path / "search.jsonl", search, _search_games(8))
    runs = merge_runs([tmp_path / "rules.jsonl", tmp_path / "search.jsonl"])
    summary = summarise_runs(runs, Verdicts(DealCode(0), "W" * 8), "test")
    found = summary["search"]
    assert found["deals"] == 8 and found["planned"] == 100 and not found["complete"]
    assert [p["won"] for p in found["players"]] == [1, 2, 2]
    assert found["gain"]["search_only"] == 1 and found["gain"]["rule_only"] == 1
    assert found["gain"]["share"] == 0 and found["gain"]["ci_low"] < 0 < found["gain"]["ci_high"]
    assert summary["deals"] == 6 and summary["complete"]


def test_the_rule_run_is_needed_to_merge():
    with pytest.raises(StrategyFileError, match="no results of the rules of thumb"):
        summarise_runs({}, Verdicts(DealCode(0), "W"), "test")


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=50), st.integers(min_value=0, max_value=50),
       st.integers(min_value=0, max_value=200))
def test_the_paired_gain_lies_in_its_interval_and_its_sign_is_who_won_more(a, b, rest):
    deals = a + b + rest
    if deals == 0:
        return
    gain, low, high = paired_gain(a, b, deals)
    assert low <= gain <= high
    assert (gain > 0) == (a > b) and (gain < 0) == (a < b)
    assert gain == pytest.approx((a - b) / deals, abs=1e-6)
