"""The solver: its verdicts against a plain exhaustive search, its records, and its CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from halfmoon import Card, DealCode, Position, Record
from halfmoon.cli import main
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.solver import LOST, UNDECIDED, WON, Solution, kind_of, luby, solve
from halfmoon.solver.figures import percentile, wilson_interval
from halfmoon.solver.results import strict_json
from halfmoon.solver.search import _KindGame

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt"
FIGURES = ROOT / "docs" / "records" / "winnability.json"
SUITS = "SHDC"


# --- an independent reference: every legal move, memory of visited positions only ---------


def exhaustive_can_win(start: Position) -> bool:
    """Plain depth-first search over Position.legal_moves(), no reduction at all."""
    position = start.copy()
    seen: set[tuple[int, ...]] = set()

    def search() -> bool:
        if position.is_won():
            return True
        key = position.key()
        if key in seen:
            return False
        seen.add(key)
        for move in position.legal_moves():
            position.push(move)
            if search():
                return True
            position.pop()
        return False

    return search()


def plays_to_a_win(position: Position, solution: Solution) -> bool:
    board = position.copy()
    for move in solution.moves:
        board.push(move)  # raises on an illegal move
    return board.is_won()


def position_of(piles: list[list[int]], reserve: list[int | None]) -> Position:
    """A Position holding the given ranks (suits chosen arbitrarily: they never matter)."""
    position = Position(DealCode(0))
    counter = iter(range(10**6))
    position.piles = [[Card(rank, SUITS[next(counter) % 4]) for rank in pile] for pile in piles]
    position.reserve = [None if rank is None else Card(rank, SUITS[next(counter) % 4]) for rank in reserve]
    return position


@st.composite
def small_positions(draw: st.DrawFn) -> Position:
    """Balanced small layouts: cards of a few random pairs and triples, dealt at random."""
    groups = draw(st.lists(st.sampled_from(["pair1", "pair2", "pair3", "pair4", "pair5", "triple"]),
                           min_size=1, max_size=9))
    cards: list[int] = []
    for group in groups:
        if group == "triple":
            cards += [11, 12, 13]
        else:
            low = int(group[-1])
            cards += [low, 11 - low]
    cards = draw(st.permutations(cards))
    piles: list[list[int]] = [[] for _ in range(12)]
    reserve: list[int | None] = [None] * 8
    for rank in cards:
        place = draw(st.integers(0, 19))
        if place >= 12 and reserve[place - 12] is None:
            reserve[place - 12] = rank
        else:
            pile = piles[place % 12]
            if len(pile) >= 8:
                pile = min(piles, key=len)
            pile.append(rank)
    return position_of(piles, reserve)


@given(small_positions())
@settings(max_examples=300)
def test_verdict_matches_exhaustive_search_on_generated_layouts(position):
    solution = solve(position)
    assert solution.decided
    assert solution.won == exhaustive_can_win(position)
    if solution.won:
        assert plays_to_a_win(position, solution)


def winning_line(number: int) -> list:
    solution = solve(DealCode(number), node_budget=200_000)
    assert solution.won, f"deal {number} was expected to be won within the budget"
    return list(solution.moves)


def late_position(number: int, cards_left: int, detour: int, seed: int) -> Position | None:
    """Play deal ``number`` towards a win until few cards are left, then stray with random moves."""
    position = Position(DealCode(number))
    line = solve(position, node_budget=200_000, method="search")
    if not line.won:
        return None
    for move in line.moves:
        if position.cards_left() <= cards_left + 3 * detour:
            break
        position.push(move)
    rng = random.Random(seed)
    for _ in range(detour):
        legal = position.legal_moves()
        if not legal:
            break
        position.push(rng.choice(legal))
    return position


@given(
    number=st.integers(0, 40),
    cards_left=st.integers(10, 30),
    detour=st.integers(0, 6),
    seed=st.integers(0, 2**32 - 1),
)
@settings(max_examples=120)
def test_verdicts_match_exhaustive_search_late_in_real_deals(number, cards_left, detour, seed):
    """The search alone, the formula alone and the two together, against exhaustive search."""
    position = late_position(number, cards_left, detour, seed)
    assume(position is not None)
    truth = exhaustive_can_win(position)
    for method in ("search", "rounds", "both"):
        verdict = solve(position, method=method)
        assert verdict.decided
        assert verdict.won == truth, method
        if verdict.won:
            assert plays_to_a_win(position, verdict)


def test_generated_cases_include_both_won_and_lost_positions():
    """The comparison above would prove little if every case came out the same way."""
    rng = random.Random(7)
    verdicts = set()
    for number in range(10):
        moves = winning_line(number)
        position = Position(DealCode(number))
        for move in moves[:40]:
            position.push(move)
        for _ in range(3):
            legal = position.legal_moves()
            if legal:
                position.push(rng.choice(legal))
        verdicts.add(exhaustive_can_win(position))
    assert verdicts == {True, False}


@given(st.integers(0, DEAL_COUNT - 1))
@settings(max_examples=25)
def test_every_win_the_solver_finds_replays_as_a_won_game(number):
    solution = solve(DealCode(number), node_budget=30_000)
    assume(solution.won)
    record = Record.parse(Record(DealCode(number), list(solution.moves)).format())
    final = record.replay()
    assert final.is_won()
    assert final.move_count == 48 and final.score == 520


@given(st.randoms(use_true_random=False))
@settings(max_examples=50)
def test_a_position_dead_from_the_start_is_lost_at_once(rng):
    """No pair and no triple among the playable cards: lost without searching a move."""
    # Playable cards only from A..5 and jacks and queens: no sum of 11, no king for a triple.
    dead_ranks = [1, 2, 3, 4, 5, 11, 12]
    playable = [rng.choice(dead_ranks) for _ in range(20)]
    piles = [[rng.randint(1, 13) for _ in range(rng.randint(0, 7))] + [playable[p]] for p in range(12)]
    reserve: list[int | None] = list(playable[12:])
    position = position_of(piles, reserve)
    assert not position.has_legal_move()
    solution = solve(position)
    assert solution.status == LOST
    assert solution.nodes <= 1 and solution.moves == ()


@st.composite
def few_kind_positions(draw: st.DrawFn, kinds: int) -> Position:
    """Only the cards of ``kinds`` kinds (a pair's two ranks, or the faces), dealt at random."""
    chosen = draw(st.lists(st.integers(0, 5), min_size=kinds, max_size=kinds, unique=True))
    cards: list[int] = []
    for low in chosen:
        ranks = [11, 12, 13] if low == 0 else [low, 11 - low]
        cards += ranks * draw(st.integers(1, (4 if low == 0 else 6) // kinds))
    cards = draw(st.permutations(cards))
    piles: list[list[int]] = [[] for _ in range(12)]
    reserve: list[int | None] = [None] * 8
    for rank in cards:
        place = draw(st.integers(0, 7 if draw(st.booleans()) else 19))
        if place >= 12 and reserve[place - 12] is None:
            reserve[place - 12] = rank
        else:
            piles[place % 12].append(rank)
    return position_of(piles, reserve)


def kind_game_verdict(position: Position) -> bool:
    """Reduction 7's smaller game over every kind present, which is then the whole game."""
    piles = [tuple(card.rank for card in pile) for pile in position.piles]
    reserve = [None if card is None else card.rank for card in position.reserve]
    kinds = tuple(sorted({kind_of(rank) for rank in [*reserve, *sum(piles, ())] if rank}))
    game = _KindGame(kinds, piles, [rank or 0 for rank in reserve], cap=10**9)
    key = game.key_of(piles, [len(pile) for pile in piles], [rank is not None for rank in reserve])
    return game.winnable(key)


@given(st.one_of(few_kind_positions(1), few_kind_positions(2)))
@settings(max_examples=400)
def test_kind_games_agree_with_exhaustive_search(position):
    """Reduction 7 decides a game of one or two kinds exactly, so it may prune only lost positions."""
    assert kind_game_verdict(position) == exhaustive_can_win(position)


@given(st.one_of(small_positions(), few_kind_positions(2), few_kind_positions(3)))
@settings(max_examples=300)
def test_verdict_with_two_kind_games_from_the_start_matches_exhaustive_search(position):
    """The two-kind games are normally consulted only after a while; here from the first position."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("halfmoon.solver.search.DUO_AFTER", 1)
        solution = solve(position)
    assert solution.won == exhaustive_can_win(position)
    if solution.won:
        assert plays_to_a_win(position, solution)


def test_a_kind_that_cannot_be_cleared_alone_loses_at_once():
    """Two aces over a ten, a lone ten, an ace over a ten: the aces and tens alone are stuck.

    Cards of other kinds around them change nothing; the pile-count bound and the
    optimistic peel both let this position through, the one-kind game does not.
    """
    piles = [[10, 1, 1], [10], [10, 1], [11, 12, 13], [5, 6], [], [], [], [], [], [], []]
    position = position_of(piles, [None] * 8)
    assert not exhaustive_can_win(position)
    solution = solve(position)
    assert solution.status == LOST and solution.nodes == 0


def test_the_same_deal_always_gives_the_same_record():
    first = solve("HM1-N-AAAAAAB", node_budget=500_000)
    second = solve("HM1-N-AAAAAAB", node_budget=500_000)
    assert first.won and first.moves == second.moves and first.nodes == second.nodes


def test_a_budget_too_small_leaves_the_deal_undecided():
    solution = solve("HM1-N-AAAAAAB", node_budget=5)
    assert solution.status == UNDECIDED and solution.moves == ()
    assert solve("HM1-N-AAAAAAB", time_budget=1e-9).status in (UNDECIDED, WON)


def test_restart_lengths_follow_the_luby_sequence():
    def reference(i: int) -> int:
        k = 1
        while (1 << k) - 1 < i:
            k += 1
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        return reference(i - (1 << (k - 1)) + 1)

    assert [luby(i) for i in range(1, 200)] == [reference(i) for i in range(1, 200)]


# --- statistics ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [  # textbook Wilson score intervals at 95%
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_published_values(successes, trials, low, high):
    got_low, got_high = wilson_interval(successes, trials)
    assert got_low == pytest.approx(low, abs=5e-4)
    assert got_high == pytest.approx(high, abs=5e-4)


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_observed_share(case):
    successes, trials = case
    low, high = wilson_interval(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50 and percentile(values, 0.95) == 95
    assert percentile(values, 1.0) == 100 and percentile([3.0], 0.5) == 3


# --- command line ----------------------------------------------------------------------


def test_solve_writes_a_record_that_replay_accepts_as_won(tmp_path, capsys):
    out = tmp_path / "game.txt"
    assert main(["solve", "HM1-N-AAAAAAC", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["replay", str(out), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["status"] == "won" and replayed["move_count"] == 48


def test_solve_exits_3_with_a_message_when_the_budget_runs_out(capsys):
    assert main(["solve", "HM1-N-AAAAAAB", "--nodes", "3"]) == 3
    err = capsys.readouterr().err
    assert "undecided" in err and "--nodes" in err and "\n" == err[-1] and err.count("\n") == 1


def test_solve_exits_1_with_a_message_when_the_deal_cannot_be_won(capsys):
    assert main(["solve", HARD_LOST]) == 1
    err = capsys.readouterr().err
    assert f"{HARD_LOST} cannot be won" in err and "rounds formula" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "HM1-N-AAAA"], "7 letters"),
        (["solve", "HM1-N-AAAAAAB", "--nodes", "0"], "--nodes"),
        (["stats", "--deals", "0"], "--deals"),
        (["stats", "--deals", "3", "--start", "HM2-N-AAAAAAA"], "version"),
        (["stats", "--deals", "3", "--start", "HM1-N-ZZZZZZZ"], "past the last deal code"),
        (["stats", "--deals", "3", "--workers", "0"], "--workers"),
        (["stats", "--deals", "3", "--workers", "99999999999999999999"], "--workers"),
        (["stats", "--deals", "3", "--workers", "2", "--serial"], "do not go together"),
        (["strategy", "--deals", "3", "--results", "r.jsonl", "--serial", "--scheduler", "tcp://h:1"],
         "do not go together"),
        (["stats", "--deals", "3", "--shard", "3/2"], "--shard"),
        (["stats", "--deals", "3", "--shard", "²/3"], "--shard"),
        (["stats", "--deals", "3", "--nodes", "9223372036854775808"], "--nodes"),
        (["stats"], "--deals"),
        (["stats", "--deals", "3", "-o", "/nonexistent/figures.json"], "no folder"),
        (["stats", "--deals", "3", "--results", "/nonexistent/r.jsonl"], "no folder"),
        (["stats", "--merge", "/nonexistent/r.jsonl"], "no such results file"),
        (["solve", "HM1-N-AAAAAAB", "-o", "/nonexistent/game.txt"], "no folder"),
        (["solve", "HM1-N-AAAAAAB", "--seconds", "inf"], "--seconds"),
        (["solve", "HM1-N-AAAAAAB", "--seconds", "1e10"], "--seconds"),
        (["solve", "HM1-N-AAAAAAB", "--nodes", "9223372036854775808"], "--nodes"),
    ],
)
def test_bad_solver_options_give_one_line_and_exit_2(capsys, args, message):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


# --- the rounds formula (halfmoon.solver.rounds), against the search and exhaustive search ------------

# Lost, but the search alone needs some 2.5 million positions to prove it.
HARD_LOST = "HM1-N-AAAAAHU"


@given(st.one_of(small_positions(), few_kind_positions(2), few_kind_positions(3)))
@settings(max_examples=300)
def test_the_rounds_formula_matches_exhaustive_search_on_generated_layouts(position):
    solution = solve(position, method="rounds")
    assert solution.decided and solution.by == "rounds"
    assert solution.won == exhaustive_can_win(position)
    if solution.won:
        assert plays_to_a_win(position, solution)


@pytest.mark.parametrize("number", [*range(12), *(DealCode.parse(code).number for code in (
    "HM1-N-AAAAADY", "HM1-N-AAAAAGW", "HM1-N-AAAAAKS"))])
def test_the_search_and_the_rounds_formula_agree_on_whole_deals(number):
    """Two independent deciders: the search's reductions and the formula share no code."""
    search = solve(DealCode(number), node_budget=300_000, method="search")
    rounds = solve(DealCode(number), method="rounds")
    assert search.decided and rounds.decided
    assert search.status == rounds.status
    if rounds.won:
        final = Record(DealCode(number), list(rounds.moves)).replay()
        assert final.is_won() and final.move_count == 48 and final.score == 520


def test_the_formula_always_gives_the_same_record():
    first, second = (solve("HM1-N-AAAAACD", method="rounds") for _ in range(2))
    assert first.won and first.moves == second.moves


def test_a_deal_too_hard_for_the_search_is_settled_by_the_formula():
    assert solve(HARD_LOST, node_budget=5_000, method="search").status == UNDECIDED
    solution = solve(HARD_LOST, node_budget=200_000)
    assert solution.status == LOST and solution.by == "rounds"


def test_the_formula_sees_an_unbalanced_position_as_lost():
    # An ace, a ten and a spare ace: one ace can never be removed.
    position = position_of([[1, 10, 1]] + [[] for _ in range(11)], [None] * 8)
    assert solve(position, method="rounds").status == LOST


def test_the_formula_respects_its_budgets():
    assert solve("HM1-N-AAAAAYS", node_budget=1, method="rounds").status == UNDECIDED
    # A time budget is an extra cap only (it depends on the machine): it may cut the formula short.
    assert solve("HM1-N-AAAAAYS", time_budget=1e-6, method="rounds").status in (UNDECIDED, LOST)


def test_an_unknown_method_is_refused():
    with pytest.raises(ValueError, match="method"):
        solve("HM1-N-AAAAAAB", method="guess")


# --- the files in docs/ ------------------------------------------------------------------


def test_example_record_is_the_solvers_current_output_and_wins(tmp_path):
    assert Record.parse(EXAMPLE.read_text(encoding="utf-8")).replay().is_won()
    fresh = tmp_path / "fresh.txt"
    assert main(["solve", "HM1-N-AAAAAAB", "-o", str(fresh)]) == 0
    assert fresh.read_text(encoding="utf-8") == EXAMPLE.read_text(encoding="utf-8"), (
        "regenerate with: halfmoon solve HM1-N-AAAAAAB -o docs/records/HM1-N-AAAAAAB.txt"
    )


def test_winnability_figures_are_consistent():
    figures = strict_json(FIGURES.read_text(encoding="utf-8"))
    assert isinstance(figures, dict) and figures["complete"]
    assert figures["won"] + figures["lost"] + figures["undecided"] == figures["deals"]
    assert figures["won_share"] == pytest.approx(figures["won"] / figures["deals"], abs=1e-6)
    low, _ = wilson_interval(figures["won"], figures["deals"])
    _, high = wilson_interval(figures["won"] + figures["undecided"], figures["deals"])
    assert (figures["ci_low"], figures["ci_high"]) == pytest.approx((low, high), abs=1e-6)
    assert figures["command"].startswith("halfmoon stats ")
    assert len(figures["lost_deals"]) == figures["lost"]
    assert len(figures["undecided_deals"]) == figures["undecided"]
    for code in figures["lost_deals"][:3]:
        assert solve(code, node_budget=figures["nodes"]).status == LOST
