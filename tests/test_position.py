"""Positions: legal removals, scoring, won and deadlock, exact undo (SPEC §2)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from engine_helpers import play_randomly, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DECK, DealCode, IllegalMoveError, Move, Position

ROOT = Path(__file__).resolve().parent.parent

deal_numbers = st.integers(min_value=0, max_value=26**7 - 1)


def brute_force_removals(position: Position) -> set[frozenset[str]]:
    """Every legal removal found by trying all 2- and 3-subsets of playable cards."""
    cards = position.playable()
    found = set()
    for a, b in combinations(cards, 2):
        if not cards[a].is_face and not cards[b].is_face and cards[a].rank + cards[b].rank == 11:
            found.add(frozenset((a, b)))
    for trio in combinations(cards, 3):
        if sorted(cards[s].rank for s in trio) == [11, 12, 13]:
            found.add(frozenset(trio))
    return found


def all_cards(position: Position) -> list:
    return [c for pile in position.piles for c in pile] + [c for c in position.reserve if c]


@settings(max_examples=60)
@given(deal_numbers, st.integers(0, 2**32))
def test_legal_moves_are_exactly_the_brute_force_removals(number, seed):
    position = Position(DealCode(number))
    rng = random.Random(seed)
    while True:
        legal = position.legal_moves()
        assert {frozenset(m.sources) for m in legal} == brute_force_removals(position)
        assert len(legal) == len({frozenset(m.sources) for m in legal})
        assert position.has_legal_move() == bool(legal)
        if not legal:
            break
        position.push(rng.choice(legal))


@settings(max_examples=60)
@given(deal_numbers, st.integers(0, 2**32))
def test_random_play_conserves_cards_and_scores_ten_and_fifteen(number, seed):
    position = Position(DealCode(number))
    rng = random.Random(seed)
    removed: Counter = Counter()
    while legal := position.legal_moves():
        removed.update(position.push(rng.choice(legal)))
        assert Counter(all_cards(position)) + removed == Counter(list(DECK) * 2)
        assert position.score == 10 * position.pairs + 15 * position.triples
        assert position.move_count == position.pairs + position.triples
        assert position.cards_left() == 104 - 2 * position.pairs - 3 * position.triples
    assert position.is_won() or position.is_deadlocked()
    assert not (position.is_won() and position.is_deadlocked())


@settings(max_examples=60)
@given(deal_numbers, st.integers(0, 2**32), st.integers(0, 48))
def test_undoing_k_moves_restores_the_position_exactly(number, seed, k):
    position = Position(DealCode(number))
    rng = random.Random(seed)
    history = [snapshot(position)]
    while (legal := position.legal_moves()) and position.move_count < 48:
        position.push(rng.choice(legal))
        history.append(snapshot(position))
    k = min(k, position.move_count)
    for _ in range(k):
        position.pop()
    assert snapshot(position) == history[-1 - k]


def test_deadlock_is_exactly_no_removal_with_cards_left():
    rng = random.Random(3)
    for number in range(30):
        position = Position(DealCode(number))
        play_randomly(position, rng)
        assert position.is_deadlocked() == (
            not brute_force_removals(position) and position.cards_left() > 0
        )


def _win(position: Position, seen: set, budget: int) -> bool:
    if position.is_won():
        return True
    if position.key() in seen or len(seen) > budget:
        return False
    seen.add(position.key())
    for move in position.legal_moves():
        position.push(move)
        if _win(position, seen, budget):
            return True
        position.pop()
    return False


def test_every_won_game_has_48_moves_and_520_points():
    wins = 0
    for number in range(12):
        position = Position(DealCode(number))
        if _win(position, set(), 20_000):
            wins += 1
            assert (position.move_count, position.score) == (48, 520)
            assert (position.pairs, position.triples) == (40, 8)
            assert position.is_won() and not position.is_deadlocked()
            assert position.legal_moves() == []
    assert wins >= 3


def test_a_deal_dead_from_the_start_is_deadlocked():
    # Empty every source but two number cards that do not sum to 11.
    position = Position("HM1-N-AAAAAAB")
    keep = {"1": position.card_at("1"), "R1": position.card_at("R1")}  # 5♥ and 10♥
    position.piles = [[] for _ in range(12)]
    position.piles[0] = [keep["1"]]
    position.reserve = [keep["R1"]] + [None] * 7
    assert position.is_deadlocked() and not position.is_won()


@pytest.mark.parametrize(
    ("move", "kind", "words"),
    [
        ("1", "count", "two or three cards, not 1"),
        ("1+2+3+4", "count", "not 4"),
        ("R1+R1", "repeated", "R1 is named twice"),
        ("1+2", "sum", "5♥ + 5♦ = 10, not 11"),
        ("6+3", "face_pair", "K♦ + A♥"),
        ("6+10+R2", "not_jqk", "three cards but not a jack, a queen and a king"),
    ],
)
def test_illegal_moves_say_why_in_words(move, kind, words):
    position = Position("HM1-N-AAAAAAB")
    with pytest.raises(IllegalMoveError) as caught:
        position.push(Move.parse(move))
    assert caught.value.kind == kind
    assert words in caught.value.reason
    assert position.move_count == 0


def test_an_emptied_slot_is_reported_empty():
    position = Position("HM1-N-AAAAAAB")
    position.push(Move.parse("R7+R8"))
    with pytest.raises(IllegalMoveError, match="R7 is empty"):
        position.push(Move.parse("R7+3"))


def test_the_position_prints_every_pile_and_the_reserve():
    text = str(Position("HM1-N-AAAAAAB"))
    assert "pile 12 (8)" in text and "R8:7♣" in text


def test_a_position_shows_itself_as_its_diagram_in_a_notebook():
    import xml.etree.ElementTree as ET

    from halfmoon.diagram import render_svg

    position = Position("HM1-N-AAAAAAB")
    position.push(Move.parse("R7+R8"))
    svg = position._repr_svg_()
    assert svg == render_svg(position)
    assert ET.fromstring(svg).get("class") == "hm-diagram"


def test_the_summary_says_the_deal_the_state_the_moves_and_the_score():
    from halfmoon import Status

    position = Position("HM1-N-AAAAAAB")
    assert position.summary() == "HM1-N-AAAAAAB: in play, 0 moves, 0 points"
    position.push(Move.parse("R7+R8"))
    assert position.summary() == "HM1-N-AAAAAAB: in play, 1 move, 10 points"
    assert position.status is Status.IN_PLAY
    assert str(position).splitlines()[0] == position.summary() and position.summary() in repr(position)


def test_an_illegal_move_quotes_the_deal_and_the_move_number():
    position = Position("HM1-N-AAAAAAB")
    position.push(Move.parse("R7+R8"))
    with pytest.raises(IllegalMoveError) as caught:
        position.push(Move.parse("R7+3"))
    error = caught.value
    assert (str(error.code), error.move_number, error.kind) == ("HM1-N-AAAAAAB", 2, "empty")
    assert str(error) == "illegal move R7+3 (move 2 of HM1-N-AAAAAAB): R7 is empty"


def test_the_status_of_a_won_and_of_a_deadlocked_game():
    from halfmoon import Record, Status

    won = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text("utf-8")).replay()
    assert won.status is Status.WON and won.summary() == "HM1-N-AAAAAAB: won, 48 moves, 520 points"
    for number in range(2, 500):
        position = Position(DealCode(number))
        while legal := position.legal_moves():
            position.push(legal[0])
        if not position.is_won():
            break
    assert position.status is Status.DEADLOCKED and position.is_deadlocked()


@pytest.mark.parametrize("text", ["Aſ", "aſ", "10Ｈ", "ＡS", "Kß"])
def test_card_notation_is_ascii_without_case_folding(text):
    from halfmoon import Card, HalfMoonError

    with pytest.raises(HalfMoonError, match="is not a card"):
        Card.parse(text)


def test_a_card_that_is_not_one_is_an_invalid_card_error():
    from halfmoon import Card, HalfMoonError, InvalidCardError

    with pytest.raises(InvalidCardError) as caught:
        Card.parse("1H")
    assert isinstance(caught.value, HalfMoonError) and type(caught.value) is not HalfMoonError
