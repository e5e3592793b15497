"""The tap-by-tap selection rules of SPEC §4.4, undo and placement help."""

from __future__ import annotations

import random

import pytest
from engine_helpers import find_deal, snapshot, sources_where
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import NEED_JQK, SOURCES, SUM_MUST_BE_11, Card, DealCode, Game, Position, TapResult
from halfmoon.errors import InvalidSourceError


def game_for(position: Position) -> Game:
    return Game(position.code)


def number(rank: int):
    return lambda card: card.rank == rank


def face(rank: int):
    return lambda card: card.rank == rank


def _pair_deal():
    def ok(p):
        return any(
            sources_where(p, number(n)) and sources_where(p, number(11 - n)) for n in range(1, 6)
        )
    return find_deal(ok)


def _first_pair(position: Position) -> tuple[str, str]:
    for n in range(1, 11):
        a, b = sources_where(position, number(n)), sources_where(position, number(11 - n))
        if a and b:
            return a[0], b[0]
    raise LookupError


# --- every row of the table ----------------------------------------------------------------


def test_tapping_a_card_with_empty_selection_selects_it():
    game = Game("HM1-N-AAAAAAB")
    result = game.tap("R1")
    assert result.selection == ("R1",) and result.removed == () and result.error is None


def test_number_then_its_complement_removes_the_pair():
    position = _pair_deal()
    a, b = _first_pair(position)
    game = game_for(position)
    cards = (position.card_at(a), position.card_at(b))
    game.tap(a)
    result = game.tap(b)
    assert result.removed == (a, b) and result.selection == () and result.error is None
    assert result.cards == cards and result.replaced is None
    assert game.score == 10 and game.move_count == 1
    assert (game.position.count(a), game.position.count(b)) == (
        position.count(a) - 1, position.count(b) - 1,
    )


def test_two_numbers_not_summing_to_11_clear_with_the_sum_error():
    def ok(p):
        nums = sources_where(p, lambda c: not c.is_face)
        cards = p.playable()
        return any(cards[a].rank + cards[b].rank != 11 for a in nums for b in nums if a != b)

    position = find_deal(ok)
    cards = position.playable()
    nums = sources_where(position, lambda c: not c.is_face)
    a, b = next((a, b) for a in nums for b in nums if a != b and cards[a].rank + cards[b].rank != 11)
    game = game_for(position)
    game.tap(a)
    result = game.tap(b)
    assert result == TapResult(removed=(), cards=(), error=SUM_MUST_BE_11, selection=())
    assert game.move_count == 0


def test_number_then_face_clears_with_the_sum_error():
    position = find_deal(
        lambda p: sources_where(p, lambda c: not c.is_face) and sources_where(p, lambda c: c.is_face)
    )
    a = sources_where(position, lambda c: not c.is_face)[0]
    f = sources_where(position, lambda c: c.is_face)[0]
    game = game_for(position)
    game.tap(a)
    assert game.tap(f).error == SUM_MUST_BE_11
    assert game.selection == ()


def test_face_then_same_rank_face_replaces_the_selected_card():
    def ok(p):
        return any(len(sources_where(p, face(r))) >= 2 for r in (11, 12, 13))

    position = find_deal(ok)
    rank = next(r for r in (11, 12, 13) if len(sources_where(position, face(r))) >= 2)
    first, second = sources_where(position, face(rank))[:2]
    game = game_for(position)
    game.tap(first)
    result = game.tap(second)
    assert result.selection == (second,) and result.error is None and result.removed == ()
    assert result.replaced == first


def test_face_then_other_face_selects_both():
    position = find_deal(lambda p: sources_where(p, face(11)) and sources_where(p, face(13)))
    j, k = sources_where(position, face(11))[0], sources_where(position, face(13))[0]
    game = game_for(position)
    game.tap(k)
    assert game.tap(j).selection == (k, j)


def test_face_then_number_clears_with_the_jqk_error():
    position = find_deal(lambda p: sources_where(p, face(12)) and sources_where(p, lambda c: not c.is_face))
    q = sources_where(position, face(12))[0]
    n = sources_where(position, lambda c: not c.is_face)[0]
    game = game_for(position)
    game.tap(q)
    result = game.tap(n)
    assert (result.error, result.selection, result.removed) == (NEED_JQK, (), ())


def _triple_deal():
    return find_deal(lambda p: all(sources_where(p, face(r)) for r in (11, 12, 13)))


def test_two_faces_then_the_missing_rank_removes_the_triple():
    position = _triple_deal()
    j, q, k = (sources_where(position, face(r))[0] for r in (11, 12, 13))
    game = game_for(position)
    assert game.tap(q).removed == ()
    assert game.tap(k).removed == ()
    cards = tuple(position.card_at(s) for s in (q, k, j))
    result = game.tap(j)
    assert result.removed == (q, k, j) and game.score == 15 and game.move_count == 1
    assert result.cards == cards


def test_two_faces_then_a_face_of_a_selected_rank_replaces_that_card():
    def ok(p):
        return (len(sources_where(p, face(11))) >= 2) and sources_where(p, face(12))

    position = find_deal(ok)
    j1, j2 = sources_where(position, face(11))[:2]
    q = sources_where(position, face(12))[0]
    game = game_for(position)
    game.tap(j1)
    game.tap(q)
    result = game.tap(j2)
    assert result.selection == (q, j2) and result.removed == () and result.error is None
    assert result.replaced == j1


def test_two_faces_then_a_number_clears_with_the_jqk_error():
    def ok(p):
        numbers = sources_where(p, lambda c: not c.is_face)
        return sources_where(p, face(11)) and sources_where(p, face(13)) and numbers

    position = find_deal(ok)
    j, k = sources_where(position, face(11))[0], sources_where(position, face(13))[0]
    n = sources_where(position, lambda c: not c.is_face)[0]
    game = game_for(position)
    game.tap(j)
    game.tap(k)
    assert game.tap(n).error == NEED_JQK and game.selection == ()


def test_tapping_a_selected_card_deselects_it():
    game = Game("HM1-N-AAAAAAB")
    game.tap("R2")
    game.tap("R3")
    assert game.tap("R2").selection == ("R3",)
    assert game.tap("R3").selection == ()


def test_tapping_an_empty_source_does_nothing():
    game = Game("HM1-N-AAAAAAB")
    game.play("R7+R8")
    game.tap("R1")
    result = game.tap("R7")
    assert result == TapResult(selection=("R1",))


@pytest.mark.parametrize("text", ["13", "R9", "0", "", "1+2", "r", "R 1"])
def test_tapping_text_that_names_no_source_is_an_error_and_changes_nothing(text):
    game = Game("HM1-N-AAAAAAB")
    game.tap("R1")
    with pytest.raises(InvalidSourceError):
        game.tap(text)
    assert game.selection == ("R1",)


@pytest.mark.parametrize(("spelling", "source"), [("r2", "R2"), (" R2 ", "R2"), (5, "5"), ("05", None)])
def test_a_tap_reads_its_source_as_parse_source_does(spelling, source):
    game = Game("HM1-N-AAAAAAB")
    if source is None:
        with pytest.raises(InvalidSourceError):
            game.tap(spelling)
    else:
        assert game.tap(spelling).selection == (source,)


def test_clear_selection_drops_the_selection_and_says_what_it_was():
    game = Game("HM1-N-AAAAAAB")
    game.tap("R2")
    game.tap("R3")
    assert game.clear_selection() == ("R2", "R3")
    assert game.selection == () and game.clear_selection() == ()
    assert game.move_count == 0


# --- a reference model of the table, checked against random taps ---------------------------


def reference_tap(cards: dict[str, Card], selection: list[str], source: str):
    """SPEC §4.4 transcribed row by row; returns (removed, error, new selection)."""
    if source not in cards:
        return (), None, selection
    if source in selection:
        return (), None, [s for s in selection if s != source]
    card = cards[source]
    if not selection:
        return (), None, [source]
    first = cards[selection[0]]
    if not first.is_face:
        if not card.is_face and first.rank + card.rank == 11:
            return (selection[0], source), None, []
        return (), "sum_must_be_11", []
    if not card.is_face:
        return (), "need_jqk", []
    same = [s for s in selection if cards[s].rank == card.rank]
    if same:
        return (), None, [s for s in selection if s != same[0]] + [source]
    if len(selection) == 1:
        return (), None, selection + [source]
    return (*selection, source), None, []


@settings(max_examples=150)
@given(st.integers(0, 10**9), st.lists(st.sampled_from(SOURCES), min_size=1, max_size=120))
def test_random_taps_follow_the_table(number, taps):
    game = Game(DealCode(number))
    selection: list[str] = []
    for source in taps:
        cards = game.position.playable()
        removed, error, selection = reference_tap(cards, selection, source)
        result = game.tap(source)
        assert (result.removed, result.error, list(result.selection)) == (removed, error, selection)


# --- placement help -----------------------------------------------------------------------


def test_nothing_is_dimmed_without_a_selection():
    assert Game("HM1-N-AAAAAAB").dimmed() == frozenset()


@settings(max_examples=100)
@given(st.integers(0, 10**9), st.lists(st.sampled_from(SOURCES), max_size=40))
def test_dimmed_cards_are_exactly_those_that_cannot_extend_the_selection(number, taps):
    game = Game(DealCode(number))
    for source in taps:
        game.tap(source)
        cards = game.position.playable()
        selection = game.selection
        for source_ in cards:
            if source_ in selection:
                assert source_ not in game.dimmed()
                continue
            # A card is useful when tapping it next removes cards or grows the selection
            # toward a triple (replacing a same-rank face is not progress).
            trial = Game(game.code)
            for move in game.history:
                trial.play(move)
            for s in selection:
                trial.tap(s)
            outcome = trial.tap(source_)
            useful = bool(outcome.removed) or len(outcome.selection) > len(selection)
            assert (source_ in game.dimmed()) == (not useful and bool(selection))


# --- undo ---------------------------------------------------------------------------------


def _triple_then_pair(position: Position) -> tuple[str, str] | None:
    """The first legal pair left after the position's first triple, if any."""
    trial = Position(position.code)
    triple = next((m for m in trial.legal_moves() if len(m.sources) == 3), None)
    if triple is None:
        return None
    trial.push(triple)
    pair = next((m for m in trial.legal_moves() if len(m.sources) == 2), None)
    return None if pair is None else (str(triple), str(pair))


def test_undo_restores_the_position_score_and_count_after_a_triple_and_a_pair():
    position = find_deal(lambda p: _triple_then_pair(p) is not None)
    triple, pair = _triple_then_pair(position)
    game = game_for(position)
    before = snapshot(game.position)
    triple_cards = game.play(triple)
    middle = snapshot(game.position)
    pair_cards = game.play(pair)
    assert game.undo() == pair_cards and len(pair_cards) == 2
    assert snapshot(game.position) == middle
    assert game.undo() == triple_cards and len(triple_cards) == 3
    assert snapshot(game.position) == before
    assert game.undo() == () and game.move_count == 0 and game.score == 0


def test_undo_clears_the_selection():
    game = Game("HM1-N-AAAAAAB")
    game.play("R7+R8")
    game.tap("R1")
    game.undo()
    assert game.selection == ()


def test_undo_is_limited_to_the_last_moves():
    rng = random.Random(5)
    game = Game("HM1-N-AAAAAAB", undo_limit=2)
    for _ in range(4):
        game.play(rng.choice(game.position.legal_moves()))
    assert game.undo() and game.undo()
    assert game.undo() == () and game.move_count == 2
    game.play(game.position.legal_moves()[0])
    assert game.can_undo


def test_a_mismatch_never_changes_the_position():
    game = Game("HM1-N-AAAAAAB")
    before = snapshot(game.position)
    game.tap("R1")
    game.tap("R2")  # 10 and a king
    assert snapshot(game.position) == before
