"""Helpers for engine tests: finding sources by card, random legal play."""

from __future__ import annotations

import random
from collections.abc import Callable

from halfmoon import Card, DealCode, Position


def find_deal(predicate: Callable[[Position], bool], start: int = 0, limit: int = 5000) -> Position:
    """The first fresh deal (from number ``start``) whose position satisfies ``predicate``."""
    for number in range(start, start + limit):
        position = Position(DealCode(number))
        if predicate(position):
            return position
    raise LookupError("no deal in range satisfies the predicate")


def sources_where(position: Position, test: Callable[[Card], bool]) -> list[str]:
    return [source for source, card in position.playable().items() if test(card)]


def play_randomly(position: Position, rng: random.Random, max_moves: int | None = None) -> None:
    while max_moves is None or position.move_count < max_moves:
        legal = position.legal_moves()
        if not legal:
            return
        position.push(rng.choice(legal))


def snapshot(position: Position) -> tuple:
    return (
        [list(pile) for pile in position.piles],
        list(position.reserve),
        position.score,
        position.move_count,
    )
