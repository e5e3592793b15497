"""What a player of Half Moon sees: the top card and count of each pile, the reserve, and the
cards already removed (issue 46).

The cards are dealt face up but squared, so only the top of each pile shows; the game shows
each pile's count. A ``PlayerView`` is built from a position and holds nothing else: no deal
code (a code names every card) and no card beneath a top. The players of the Strategy page
are given a view and the legal moves (which the view itself shows), never the position, so
that no rule and no search can read a card no person could see.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import DECK, FACE_RANKS, PAIR_SUM, Card
from ..dealcode import PILES
from ..moves import SOURCE_INDEX, Move, Source
from ..position import Position

# Every card of the two decks, counted: the unseen cards are these less what the view shows.
ALL_CARDS: Counter[Card] = Counter(DECK * 2)


def partner_ranks(rank: int) -> frozenset[int]:
    """The ranks a card of ``rank`` is removed with: 11 - rank, or the two other face ranks."""
    return FACE_RANKS - {rank} if rank in FACE_RANKS else frozenset((PAIR_SUM - rank,))


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The position as the game shows it. ``tops[i]`` is pile i+1's top card (None: empty, or
    in ``after``'s views a card about to come up, unknown); ``removed`` in the order removed."""

    tops: tuple[Card | None, ...]
    counts: tuple[int, ...]
    reserve: tuple[Card | None, ...]
    removed: tuple[Card, ...]

    @classmethod
    def of(cls, position: Position) -> PlayerView:
        removed = tuple(position.removed_cards())
        return cls(tuple(pile[-1] if pile else None for pile in position.piles),
                   tuple(map(len, position.piles)), tuple(position.reserve), removed)

    def count(self, source: Source) -> int:
        index = SOURCE_INDEX[source]
        if index < PILES:
            return self.counts[index]
        return 0 if self.reserve[index - PILES] is None else 1

    def card_at(self, source: Source) -> Card | None:
        index = SOURCE_INDEX[source]
        return self.tops[index] if index < PILES else self.reserve[index - PILES]

    def cards_left(self) -> int:
        return sum(self.counts) + sum(card is not None for card in self.reserve)

    def unseen(self) -> Counter[Card]:
        """The cards beneath the tops, as a multiset: every card less those shown and removed.
        Which pile holds which of them the view does not say: to the player, each is as likely
        as the next to come up."""
        left = ALL_CARDS.copy()
        left.subtract(self.removed)
        left.subtract(card for card in self.tops if card is not None)
        left.subtract(card for card in self.reserve if card is not None)
        return +left

    def unseen_ranks(self) -> Counter[int]:
        ranks: Counter[int] = Counter()
        for card, n in self.unseen().items():
            ranks[card.rank] += n
        return ranks

    def hidden(self) -> int:
        """How many cards lie beneath the tops."""
        return sum(count - 1 for count in self.counts if count)

    def after(self, move: Move) -> PlayerView:
        """The view once ``move`` is played, as far as it can be seen: the move's cards are removed,
        and a pile that held another card below shows an unknown card (None) on top."""
        tops, counts, reserve = list(self.tops), list(self.counts), list(self.reserve)
        removed = list(self.removed)
        for source in move.sources:
            index = SOURCE_INDEX[source]
            if index < PILES:
                card = tops[index]
                counts[index] -= 1
                tops[index] = None
            else:
                card = reserve[index - PILES]
                reserve[index - PILES] = None
            if card is None:
                raise ValueError(f"{move}: {source} shows no card")
            removed.append(card)
        return PlayerView(tuple(tops), tuple(counts), tuple(reserve), tuple(removed))

