"""A position of Half Moon: piles, reserve, legal removals, push and pop."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from itertools import product
from typing import Any

from .cards import FACE_RANKS, JACK, KING, PAIR_SUM, QUEEN, Card
from .dealcode import PILES, DealCode, as_code
from .errors import IllegalMoveError
from .moves import PILE_SOURCES, RESERVE_SOURCES, SOURCE_INDEX, Move, Source, is_reserve

PAIR_POINTS = 10
TRIPLE_POINTS = 15
WINNING_MOVES = 48
WINNING_SCORE = 40 * PAIR_POINTS + 8 * TRIPLE_POINTS


class Status(StrEnum):
    """Where a game stands: cards and a removal left, all cards removed, or no removal left."""

    IN_PLAY = "in play"
    WON = "won"
    DEADLOCKED = "deadlocked"


class Position:
    """Piles (bottom to top) and reserve slots, with a stack of removals for exact undo.

    ``push`` checks and applies a move; ``pop`` takes the last one back.
    """

    __slots__ = ("code", "piles", "reserve", "_stack", "pairs", "triples")

    def __init__(self, code: str | DealCode) -> None:
        self.code = as_code(code)
        layout = self.code.layout()
        self.piles: list[list[Card]] = [list(pile) for pile in layout.piles]
        self.reserve: list[Card | None] = list(layout.reserve)
        self._stack: list[tuple[Move, tuple[Card, ...]]] = []
        self.pairs = 0
        self.triples = 0

    # --- looking at the position -------------------------------------------------

    def card_at(self, source: Source) -> Card | None:
        """The playable card of a source (top of a pile, or the slot's card), or None."""
        index = SOURCE_INDEX[source]
        if index < PILES:
            pile = self.piles[index]
            return pile[-1] if pile else None
        return self.reserve[index - PILES]

    def count(self, source: Source) -> int:
        index = SOURCE_INDEX[source]
        if index < PILES:
            return len(self.piles[index])
        return 0 if self.reserve[index - PILES] is None else 1

    def playable(self) -> dict[Source, Card]:
        """Every source that has a card, with that card, in board order."""
        found = {source: pile[-1] for source, pile in zip(PILE_SOURCES, self.piles) if pile}
        found.update(
            (source, card) for source, card in zip(RESERVE_SOURCES, self.reserve) if card is not None
        )
        return found

    def cards_left(self) -> int:
        return sum(map(len, self.piles)) + sum(card is not None for card in self.reserve)

    def legal_moves(self) -> list[Move]:
        """Every removal the position allows, each once, sources in board order."""
        return list(self._generate_moves())

    def _generate_moves(self) -> Iterator[Move]:
        by_rank: dict[int, list[Source]] = {}
        for source, card in self.playable().items():
            by_rank.setdefault(card.rank, []).append(source)
        moves: list[tuple[Source, ...]] = []
        for low in range(1, 6):
            for a, b in product(by_rank.get(low, ()), by_rank.get(PAIR_SUM - low, ())):
                moves.append((a, b))
        moves.extend(
            product(by_rank.get(JACK, ()), by_rank.get(QUEEN, ()), by_rank.get(KING, ()))
        )
        for sources in sorted(
            (tuple(sorted(m, key=SOURCE_INDEX.__getitem__)) for m in moves),
            key=lambda m: [SOURCE_INDEX[s] for s in m],
        ):
            yield Move(sources)

    def has_legal_move(self) -> bool:
        ranks = {card.rank for card in self.playable().values()}
        return FACE_RANKS <= ranks or any(n in ranks and PAIR_SUM - n in ranks for n in range(1, 6))

    def is_won(self) -> bool:
        return not self._has_cards()

    def _has_cards(self) -> bool:
        return any(self.piles) or any(card is not None for card in self.reserve)

    def is_deadlocked(self) -> bool:
        """No removal left and cards still on the table."""
        return self._has_cards() and not self.has_legal_move()

    @property
    def status(self) -> Status:
        if self.is_won():
            return Status.WON
        return Status.DEADLOCKED if not self.has_legal_move() else Status.IN_PLAY

    def summary(self) -> str:
        """One line: the deal, where the game stands, moves and score (English, for tools)."""
        moves = "1 move" if self.move_count == 1 else f"{self.move_count} moves"
        return f"{self.code}: {self.status}, {moves}, {self.score} points"

    @property
    def score(self) -> int:
        return self.pairs * PAIR_POINTS + self.triples * TRIPLE_POINTS

    @property
    def move_count(self) -> int:
        return len(self._stack)

    @property
    def history(self) -> list[Move]:
        """The moves played so far, in order."""
        return [move for move, _ in self._stack]

    def removed_cards(self) -> list[Card]:
        """Every card removed so far, in the order removed (tap order within a move)."""
        return [card for _, cards in self._stack for card in cards]

    def last_removal(self) -> tuple[Move, tuple[Card, ...]] | None:
        """The last move played and the cards it removed (tap order), or None at the start."""
        return self._stack[-1] if self._stack else None

    def key(self) -> tuple[int, ...]:
        """Identifies the position within its deal: pile heights and filled slots."""
        return tuple(map(len, self.piles)) + tuple(card is not None for card in self.reserve)

    # --- moves ---------------------------------------------------------------------

    def check(self, move: Move) -> tuple[Card, ...]:
        """The cards ``move`` removes; raises IllegalMoveError saying why it cannot."""
        # The common case, a legal move, is decided here without building messages.
        cards = []
        for source in move.sources:
            index = SOURCE_INDEX[source]
            if index < PILES:
                pile = self.piles[index]
                card = pile[-1] if pile else None
            else:
                card = self.reserve[index - PILES]
            if card is None:
                return self._explain(move)
            cards.append(card)
        if len(cards) == 2:
            a, b = cards[0].rank, cards[1].rank
            if a + b == PAIR_SUM and a < JACK and b < JACK and move.sources[0] != move.sources[1]:
                return tuple(cards)
        elif len(cards) == 3 and {card.rank for card in cards} == FACE_RANKS:
            return tuple(cards)
        return self._explain(move)

    def _explain(self, move: Move) -> tuple[Card, ...]:
        sources = move.sources
        where: dict[str, Any] = {"code": self.code, "move_number": self.move_count + 1}
        if len(sources) not in (2, 3):
            raise IllegalMoveError(
                move, "count", f"a move takes two or three cards, not {len(sources)}",
                count=len(sources), **where,
            )
        seen: set[Source] = set()
        cards = []
        for source in sources:
            if source in seen:
                raise IllegalMoveError(move, "repeated", f"{source} is named twice", source=source, **where)
            seen.add(source)
            card = self.card_at(source)
            if card is None:
                named = source if is_reserve(source) else f"pile {source}"
                raise IllegalMoveError(move, "empty", f"{named} is empty", source=source, **where)
            cards.append(card)
        shown = " + ".join(card.symbol() for card in cards)
        if len(cards) == 2:
            a, b = cards
            if a.is_face or b.is_face:
                raise IllegalMoveError(
                    move, "face_pair",
                    f"{shown}: a jack, a queen or a king only goes in a triple",
                    cards=tuple(cards), **where,
                )
            if a.rank + b.rank != PAIR_SUM:
                raise IllegalMoveError(
                    move, "sum", f"{shown} = {a.rank + b.rank}, not {PAIR_SUM}",
                    cards=tuple(cards), total=a.rank + b.rank, **where,
                )
        elif {card.rank for card in cards} != FACE_RANKS:
            listed = ", ".join(card.symbol() for card in cards)
            raise IllegalMoveError(
                move, "not_jqk", f"three cards but not a jack, a queen and a king ({listed})",
                cards=tuple(cards), **where,
            )
        return tuple(cards)

    def is_legal(self, move: Move) -> bool:
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def push(self, move: Move) -> tuple[Card, ...]:
        """Check and apply ``move``; returns the removed cards."""
        cards = self.check(move)
        for source in move.sources:
            index = SOURCE_INDEX[source]
            if index < PILES:
                self.piles[index].pop()
            else:
                self.reserve[index - PILES] = None
        if len(cards) == 2:
            self.pairs += 1
        else:
            self.triples += 1
        self._stack.append((move, cards))
        return cards

    def pop(self) -> Move:
        """Take back the last move, restoring the position exactly."""
        move, cards = self._stack.pop()
        for source, card in zip(move.sources, cards):
            index = SOURCE_INDEX[source]
            if index < PILES:
                self.piles[index].append(card)
            else:
                self.reserve[index - PILES] = card
        if len(cards) == 2:
            self.pairs -= 1
        else:
            self.triples -= 1
        return move

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.code = self.code
        other.piles = [list(pile) for pile in self.piles]
        other.reserve = list(self.reserve)
        other._stack = list(self._stack)
        other.pairs, other.triples = self.pairs, self.triples
        return other

    # --- comparison and text ---------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.code, self.piles, self.reserve) == (other.code, other.piles, other.reserve)

    # A position changes as moves are pushed and popped, so it has no hash: a set or a dict of
    # positions keys them by ``(position.code, position.key())``, fixed when taken.
    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, object]:
        return {
            "code": str(self.code),
            "piles": [[str(card) for card in pile] for pile in self.piles],
            "reserve": [None if card is None else str(card) for card in self.reserve],
        }

    def __repr__(self) -> str:
        return f"<Position {self.summary()}>"

    def _repr_svg_(self) -> str:
        """The arc diagram, so that a notebook shows a position as a picture."""
        from .diagram import render_svg

        return render_svg(self)

    def __str__(self) -> str:
        lines = [self.summary()]
        for source, pile in zip(PILE_SOURCES, self.piles):
            cards = " ".join(card.symbol() for card in pile) or "(empty)"
            lines.append(f"pile {source:>2} ({len(pile)}): {cards}")
        slots = "  ".join(
            f"{source}:{card.symbol() if card else '--'}"
            for source, card in zip(RESERVE_SOURCES, self.reserve)
        )
        lines.append(f"reserve: {slots}")
        return "\n".join(lines)


