"""Two simple players, to measure how much of winning Half Moon is skill (issue 14).

Both play the engine's own moves (``Position.legal_moves``) until the table is clear
or no move is left, and both are deterministic: the same deal always gives the same game.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..dealcode import PILES, DealCode
from ..moves import SOURCE_INDEX, Move, Source
from ..position import Position


class Counted(Protocol):
    """What the greedy player reads: how many cards each source holds (a position, or what a
    player sees of one, ``PlayerView``)."""

    def count(self, source: Source) -> int: ...


def random_player_wins(code: DealCode) -> bool:
    """Play a uniformly random legal move each turn, the generator seeded by the deal's number."""
    rng = random.Random(code.number)
    position = Position(code)
    while moves := position.legal_moves():
        position.push(rng.choice(moves))
    return position.is_won()


def uncovered_by(position: Counted, move: Move) -> int:
    """How many cards ``move`` uncovers: its cards taken from piles that hold another card below."""
    return sum(1 for source in move.sources
               if SOURCE_INDEX[source] < PILES and position.count(source) >= 2)


def greedy_choice(position: Counted, moves: list[Move]) -> Move:
    """A triple when there is one, else a pair; of those, the one uncovering most cards.

    Ties go to the first in the engine's order (sources in board order), so the choice
    is deterministic.
    """
    triples = [move for move in moves if len(move.sources) == 3]
    pool = triples or moves
    return max(pool, key=lambda move: uncovered_by(position, move))  # max keeps the first of equals


def greedy_player_wins(code: DealCode) -> bool:
    position = Position(code)
    while moves := position.legal_moves():
        position.push(greedy_choice(position, moves))
    return position.is_won()
