"""Rules of thumb a person can follow, each written as a player, for the Strategy page (issues 26, 46).

A player sees what the game shows and nothing else (``view.PlayerView``): each pile's top card
and count, the reserve, and the cards already removed. It is given that view and the legal
moves, never the position, so no rule can read a card beneath a top.

A rule player ranks the legal moves by its rules, in order: the first rule decides, the next
breaks its ties, and so on; a tie left by every rule goes to the first move in the engine's
order (sources in board order), so a player always plays the same game on the same deal.
The search player (``honest_search``) samples the unseen cards and plays the best rule on.

``random`` and ``greedy`` are the simple players of the winnability run (``players.py``),
played here unchanged so that the Strategy table and the Deal codes page agree. Bump
``PLAYERS_ID`` (or ``SEARCH_ID``) with any change to a rule or a player: a results file of
other players is refused on resume and on merge.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import FACE_RANKS, PAIR_SUM
from ..dealcode import PILES, DealCode
from ..errors import HalfMoonError, echoed
from ..moves import SOURCE_INDEX, Move
from ..position import Position
from .players import greedy_choice, uncovered_by
from .view import PlayerView, partner_ranks

PLAYERS_ID = "halfmoon-players/2026-12-06"
SEARCH_ID = "halfmoon-search/2026-12-06b"

Rule = Callable[[PlayerView, Move], float]
Choice = Callable[[PlayerView, list[Move]], Move]


def keep_reserve(view: PlayerView, move: Move) -> int:
    """Fewer reserve cards is better: a reserve card can be played at any time, a pile's only on top."""
    return -sum(1 for source in move.sources if SOURCE_INDEX[source] >= PILES)


def tallest_piles(view: PlayerView, move: Move) -> int:
    """The cards of the piles the move takes from: the taller, the more it digs."""
    return sum(view.counts[SOURCE_INDEX[source]] for source in move.sources if SOURCE_INDEX[source] < PILES)


def tallest_pile(view: PlayerView, move: Move) -> int:
    """The count of the tallest pile the move takes from (0 for the reserve alone)."""
    return max((view.counts[SOURCE_INDEX[source]] for source in move.sources
                if SOURCE_INDEX[source] < PILES), default=0)


@lru_cache(maxsize=8)
def _unseen_ranks(view: PlayerView) -> tuple[int, ...]:
    counts = view.unseen_ranks()
    return tuple(counts[rank] for rank in range(14))


def _in_view(view: PlayerView) -> list[int]:
    shown = [0] * 14
    for card in view.tops + view.reserve:
        if card is not None:
            shown[card.rank] += 1
    return shown


def pair_in_view(view: PlayerView, move: Move) -> int:
    """1 when, after the move, the cards still in view hold a move (or the table is clear): a look
    one move ahead at what can be seen, the cards that come up not counted."""
    after = view.after(move)
    shown = _in_view(after)
    return int(after.cards_left() == 0 or has_move(shown))


def partners_in_view(view: PlayerView, move: Move) -> float:
    """How many of the unseen cards, after the move, would find a partner in view if they came up:
    counted from the unseen ranks (every card less those shown and removed)."""
    unseen = _unseen_ranks(view)
    shown = _in_view(view.after(move))
    found = 0
    for rank in range(1, 14):
        if unseen[rank] and all(shown[partner] for partner in partner_ranks(rank)):
            found += unseen[rank]
    return found


def has_move(shown: Sequence[int]) -> bool:
    """Whether cards in view, counted by rank (``shown[rank]``), hold a pair or a triple."""
    return (all(shown[rank] for rank in FACE_RANKS)
            or any(shown[n] and shown[PAIR_SUM - n] for n in range(1, 6)))


def triple_first(view: PlayerView, move: Move) -> int:
    return int(len(move.sources) == 3)


def uncovers(view: PlayerView, move: Move) -> int:
    return uncovered_by(view, move)


RULES: dict[str, Rule] = {
    "keep-reserve": keep_reserve,
    "tallest-piles": tallest_piles,
    "triple-first": triple_first,
    "uncovers": uncovers,
    "tallest-pile": tallest_pile,
    "pair-in-view": pair_in_view,
    "partners-in-view": partners_in_view,
}


def ranked_choice(rules: tuple[str, ...]) -> Choice:
    """The move that ``rules`` rank highest; the first of equals in the engine's order."""
    functions = [RULES[name] for name in rules]

    def choose(view: PlayerView, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda move: tuple(rule(view, move) for rule in functions))

    return choose


@dataclass(frozen=True, slots=True)
class Player:
    """A named way of choosing moves; ``rules`` are the rules of thumb it follows, in order."""

    name: str
    rules: tuple[str, ...]
    baseline: str  # the player without this one's newest rule: its tip's example is where they part
    kind: str = "rules"  # "random": random moves, seeded by the deal's number; "search": honest_search
    # A rule that loses deals: its tip warns against it, and its example is where the baseline
    # wins and this player's move would lose.
    warns: bool = False

    @property
    def seeded(self) -> bool:
        """Whether the player draws random numbers (seeded by the deal's number, never its cards)."""
        return self.kind != "rules"

    def choice(self, seed: int) -> Choice:
        """The player's way of choosing; ``seed`` (the deal's number) seeds its random numbers."""
        if self.kind == "random":
            rng = random.Random(seed)
            return lambda view, moves: rng.choice(moves)
        if self.kind == "search":
            from .honest_search import search_choice
            return search_choice(seed)
        if self.name == "greedy":
            return greedy_choice
        return ranked_choice(self.rules)

    def tip_roles(self) -> tuple[Player, Player]:
        """Whose move is right and whose is tempting in this player's tip: (follows the tip, does not)."""
        baseline = player(self.baseline)
        return (baseline, self) if self.warns else (self, baseline)

    def play(self, code: DealCode) -> Position:
        """The whole game this player plays on ``code``: the final position, its history kept."""
        position = Position(code)
        go_on(position, self.choice(code.number))
        return position


def go_on(position: Position, choose: Choice) -> None:
    """Play ``position`` to its end, each move chosen from the view alone."""
    while moves := position.legal_moves():
        position.push(choose(PlayerView.of(position), moves))


PLAYERS: tuple[Player, ...] = (
    Player("random", (), "", kind="random"),
    Player("greedy", ("triple-first", "uncovers"), "random"),
    Player("keep-reserve", ("keep-reserve", "triple-first", "uncovers"), "greedy"),
    Player("tallest", ("tallest-piles",), "greedy"),
    Player("triple-then-tallest", ("triple-first", "tallest-piles"), "tallest", warns=True),
    Player("tallest-keep-reserve", ("keep-reserve", "tallest-piles"), "tallest"),
    Player("tallest-pile", ("keep-reserve", "tallest-pile", "tallest-piles"), "tallest-keep-reserve"),
    Player("partners-in-view", ("keep-reserve", "partners-in-view", "tallest-piles"), "tallest-keep-reserve"),
    # Never tells two moves apart (the Strategy page says why): it plays as its baseline.
    Player("pair-in-view", ("pair-in-view", "keep-reserve", "tallest-piles"), "tallest-keep-reserve"),
)
# The search run, on the same deals: the reserve and the tallest piles, the best rule of thumb,
# and the search that plays the best rule on (the last two are compared deal by deal).
SEARCH_PLAYERS: tuple[Player, ...] = (
    Player("tallest-keep-reserve", ("keep-reserve", "tallest-piles"), "tallest"),
    Player("tallest-pile", ("keep-reserve", "tallest-pile", "tallest-piles"), "tallest-keep-reserve"),
    Player("search", ("keep-reserve", "tallest-pile", "tallest-piles"), "", kind="search"),
)
PLAYER_NAMES: tuple[str, ...] = tuple(player.name for player in PLAYERS)
SEARCH_NAMES: tuple[str, ...] = tuple(player.name for player in SEARCH_PLAYERS)
# The two runs, by the name their results files carry in the header.
RUNS: dict[str, tuple[Player, ...]] = {PLAYERS_ID: PLAYERS, SEARCH_ID: SEARCH_PLAYERS}


class UnknownPlayerError(HalfMoonError):
    """A name that is not one of ``PLAYERS`` or ``SEARCH_PLAYERS``."""


def player(name: str) -> Player:
    for candidate in PLAYERS + SEARCH_PLAYERS:
        if candidate.name == name:
            return candidate
    names = dict.fromkeys(PLAYER_NAMES + SEARCH_NAMES)
    raise UnknownPlayerError(f"no player {echoed(name)}: the players are {', '.join(names)}")


def look(view: PlayerView, move: Move) -> tuple[tuple[int, int, bool], ...]:
    """What a player sees of a move: the rank of each card it takes, the count of the card's pile
    and whether it is a reserve card. Two moves that look the same lead to views alike but for
    the order of the piles: to a player who sees only the tops, they are one move."""
    found = []
    for source in move.sources:
        card = view.card_at(source)
        assert card is not None
        found.append((card.rank, view.count(source), SOURCE_INDEX[source] >= PILES))
    return tuple(sorted(found))


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """Where a player and its baseline part on a deal the player wins and the baseline loses.

    ``before`` are the moves both played up to there; ``right`` is the player's move,
    ``tempting`` the baseline's. The two look different (``look``): a reader sees the
    difference. Playing ``tempting`` and then on as the player would loses: this one
    choice decides the game.
    """

    code: str
    before: tuple[Move, ...]
    tempting: Move
    right: Move


def turning_point(code: DealCode, chosen: Player, baseline: Player) -> TurningPoint | None:
    """The first position of ``chosen``'s winning game where ``baseline``'s move, one that looks
    different, would lose it. None when ``chosen`` does not win, or no such choice loses it."""
    game = chosen.play(code)
    if not game.is_won():
        return None
    moves = game.history
    position = Position(code)
    other = baseline.choice(code.number) if not baseline.seeded else None
    for index, right in enumerate(moves):
        if other is not None:
            view = PlayerView.of(position)
            tempting = other(view, position.legal_moves())
            if (look(view, tempting) != look(view, right)
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
    go_on(position, chosen.choice(code.number))
    return position.is_won()

