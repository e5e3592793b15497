"""Cards and their machine notation (`AS`, `10H`, `QD`)."""

from __future__ import annotations

from typing import NamedTuple

from .errors import InvalidCardError, quoted

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
FACE_RANKS = frozenset((JACK, QUEEN, KING))
PAIR_SUM = 11


class Card(NamedTuple):
    """A card: ``rank`` 1 (ace) to 13 (king) and ``suit`` one of ``S H D C``."""

    rank: int
    suit: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read machine notation, e.g. ``Card.parse("10H")`` (ASCII: ``"Aſ"`` is no ace of spades)."""
        cleaned = text.strip().upper() if text.isascii() else ""
        rank_text, suit = cleaned[:-1], cleaned[-1:]
        if suit not in SUITS or rank_text not in RANKS:
            raise InvalidCardError(
                f"{quoted(text)} is not a card: expected a rank A,2..10,J,Q,K and a suit S,H,D,C"
            )
        return CARDS[RANKS.index(rank_text) + 1, suit]

    @property
    def is_face(self) -> bool:
        return self.rank >= JACK

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def rank_text(self) -> str:
        return RANKS[self.rank - 1]

    def symbol(self) -> str:
        """English letters with a suit symbol, e.g. ``10♥``; translations live in i18n."""
        return RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: dict[tuple[int, str], Card] = {
    (rank, suit): Card(rank, suit) for suit in SUITS for rank in range(1, 14)
}
# One deck in canonical order: suits S, H, D, C; in each, A to K.
DECK: tuple[Card, ...] = tuple(CARDS[rank, suit] for suit in SUITS for rank in range(1, 14))
