"""Rules of thumb a person can follow, each written as a player, for the Strategy page (issue 26).

A player ranks the legal moves by its rules, in order: the first rule decides, the next
breaks its ties, and so on; a tie left by every rule goes to the first move in the engine's
order (sources in board order), so a player always plays the same game on the same deal.

``random`` and ``greedy`` are the simple players of the winnability run (``players.py``),
played here unchanged so that the Strategy table and the Deal codes page agree. Bump
``PLAYERS_ID`` with any change to a rule or a player: a results file of another
``PLAYERS_ID`` is refused on resume and on merge.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import FACE_RANKS, PAIR_SUM
from ..dealcode import PILES, DealCode
from ..errors import HalfMoonError, echoed
from ..moves import SOURCE_INDEX, Move
from ..position import Position
from .players import greedy_choice, uncovered_by

PLAYERS_ID = "halfmoon-players/2026-12-03"

Rule = Callable[[Position, Move], int]
Choice = Callable[[Position, list[Move]], Move]


def _pile_heights(position: Position, move: Move) -> list[int]:
    return [position.count(source) for source in move.sources if SOURCE_INDEX[source] < PILES]


def keep_reserve(position: Position, move: Move) -> int:
    """Fewer reserve cards is better: a reserve card can be played at any time, a pile's only on top."""
    return -sum(1 for source in move.sources if SOURCE_INDEX[source] >= PILES)


def tallest_piles(position: Position, move: Move) -> int:
    """The cards of the piles the move takes from: the taller, the more it digs."""
    return sum(_pile_heights(position, move))


def triple_first(position: Position, move: Move) -> int:
    return int(len(move.sources) == 3)


def uncovers(position: Position, move: Move) -> int:
    return uncovered_by(position, move)


def leaves_a_move(position: Position, move: Move) -> int:
    """1 when, after the move, the table is clear or a move is left; 0 for a deadlock."""
    position.push(move)
    try:
        return int(position.is_won() or position.has_legal_move())
    finally:
        position.pop()


def leaves_two_moves(position: Position, move: Move) -> int:
    """2 when the move keeps the game going for two more moves at least (or wins), 1 for one, 0 for none."""
    position.push(move)
    try:
        if position.is_won():
            return 2
        following = position.legal_moves()
        if not following:
            return 0
        return 2 if any(leaves_a_move(position, next_move) for next_move in following) else 1
    finally:
        position.pop()


def frees_a_partner(position: Position, move: Move) -> int:
    """The cards the move uncovers that can be removed at once, with cards already playable."""
    position.push(move)
    try:
        playable = position.playable()
        ranks = {card.rank for card in playable.values()}
        count = 0
        for source in move.sources:
            card = playable.get(source) if SOURCE_INDEX[source] < PILES else None
            if card is None:
                continue
            if card.rank in FACE_RANKS:
                count += FACE_RANKS - {card.rank} <= ranks
            else:
                count += PAIR_SUM - card.rank in ranks
        return count
    finally:
        position.pop()


RULES: dict[str, Rule] = {
    "keep-reserve": keep_reserve,
    "tallest-piles": tallest_piles,
    "triple-first": triple_first,
    "uncovers": uncovers,
    "no-deadlock": leaves_a_move,
    "two-moves-ahead": leaves_two_moves,
    "frees-a-partner": frees_a_partner,
}


def ranked_choice(rules: tuple[str, ...]) -> Choice:
    """The move that ``rules`` rank highest; the first of equals in the engine's order."""
    functions = [RULES[name] for name in rules]

    def choose(position: Position, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda move: tuple(rule(position, move) for rule in functions))

    return choose


@dataclass(frozen=True, slots=True)
class Player:
    """A named way of choosing moves; ``rules`` are the rules of thumb it follows, in order."""

    name: str
    rules: tuple[str, ...]
    baseline: str  # the player without this one's newest rule: its tip's example is where they part
    seeded: bool = False  # plays random moves, seeded by the deal's number
    # A rule that loses deals: its tip warns against it, and its example is where the baseline
    # wins and this player's move would lose.
    warns: bool = False

    def choice(self, code: DealCode) -> Choice:
        if self.seeded:
            rng = random.Random(code.number)
            return lambda position, moves: rng.choice(moves)
        if self.name == "greedy":
            return greedy_choice
        return ranked_choice(self.rules)

    def tip_roles(self) -> tuple[Player, Player]:
        """Whose move is right and whose is tempting in this player's tip: (follows the tip, does not)."""
        baseline = player(self.baseline)
        return (baseline, self) if self.warns else (self, baseline)

    def play(self, code: DealCode) -> Position:
        """The whole game this player plays on ``code``: the final position, its history kept."""
        choose = self.choice(code)
        position = Position(code)
        while moves := position.legal_moves():
            position.push(choose(position, moves))
        return position


PLAYERS: tuple[Player, ...] = (
    Player("random", (), "", seeded=True),
    Player("greedy", ("triple-first", "uncovers"), "random"),
    Player("keep-reserve", ("keep-reserve", "triple-first", "uncovers"), "greedy"),
    Player("tallest", ("tallest-piles",), "greedy"),
    Player("triple-then-tallest", ("triple-first", "tallest-piles"), "tallest", warns=True),
    Player("tallest-keep-reserve", ("keep-reserve", "tallest-piles"), "tallest"),
    Player("no-deadlock", ("no-deadlock", "keep-reserve", "tallest-piles"), "tallest-keep-reserve"),
    Player("two-ahead", ("two-moves-ahead", "keep-reserve", "tallest-piles"), "no-deadlock"),
    Player("frees-a-partner", ("no-deadlock", "keep-reserve", "tallest-piles", "frees-a-partner"),
           "no-deadlock"),
)
PLAYER_NAMES: tuple[str, ...] = tuple(player.name for player in PLAYERS)


class UnknownPlayerError(HalfMoonError):
    """A name that is not one of ``PLAYERS``."""


def player(name: str) -> Player:
    for candidate in PLAYERS:
        if candidate.name == name:
            return candidate
    raise UnknownPlayerError(f"no player {echoed(name)}: the players are {', '.join(PLAYER_NAMES)}")


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """Where a player and its baseline part on a deal the player wins and the baseline loses.

    ``before`` are the moves both played up to there; ``right`` is the player's move,
    ``tempting`` the baseline's. Playing ``tempting`` and then on as the player would
    loses: this one choice decides the game.
    """

    code: str
    before: tuple[Move, ...]
    tempting: Move
    right: Move


def turning_point(code: DealCode, chosen: Player, baseline: Player) -> TurningPoint | None:
    """The first position of ``chosen``'s winning game where ``baseline``'s move would lose it.

    None when ``chosen`` does not win, or when no single choice of ``baseline`` loses the game.
    """
    game = chosen.play(code)
    if not game.is_won():
        return None
    moves = game.history
    position = Position(code)
    other = baseline.choice(code) if not baseline.seeded else None
    for index, right in enumerate(moves):
        if other is not None:
            tempting = other(position, position.legal_moves())
            if (tempting.canonical() != right.canonical()
                    and not wins_after(code, moves[:index], tempting, chosen)):
                return TurningPoint(str(code), tuple(moves[:index]), tempting, right)
        position.push(right)
    return None


def wins_after(code: DealCode, before: Sequence[Move], move: Move, chosen: Player) -> bool:
    """Whether ``chosen`` wins ``code`` going on from ``before`` and then ``move``."""
    position = Position(code)
    for played in before:
        position.push(played)
    position.push(move)
    choose = chosen.choice(code)
    while moves := position.legal_moves():
        position.push(choose(position, moves))
    return position.is_won()
