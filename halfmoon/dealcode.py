"""Deal codes (`HM1-N-AAAAAAB`) and the deal they stand for (SPEC §4.2)."""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .cards import DECK, Card
from .errors import DealCodeError

PREFIX = "HM"
VERSION = "1"
VARIANTS = ("N",)
LETTERS = 7
DEAL_COUNT = 26**LETTERS
PILES = 12
PILE_HEIGHT = 8
RESERVE_SLOTS = 8

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


# 2^64 mod k for the k the shuffle uses: words under it are drawn again.
_REJECT_BELOW = (0, *((1 << 64) % k for k in range(1, 105)))


def splitmix64(state: int) -> Iterator[int]:
    """The SplitMix64 generator seeded with ``state``: an endless stream of 64-bit words."""
    x = state & MASK64
    while True:
        x = (x + GOLDEN_GAMMA) & MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def below(words: Iterator[int], k: int) -> int:
    """An unbiased number in ``range(k)``: rejects words under 2^64 mod k."""
    threshold = _REJECT_BELOW[k] if k < len(_REJECT_BELOW) else (1 << 64) % k
    while True:
        word = next(words)
        if word >= threshold:
            return word % k


def shuffled_deck(number: int) -> list[Card]:
    """Two decks, copy 1 then copy 2, Fisher–Yates shuffled by SplitMix64(number).

    This is ``splitmix64`` and ``below`` inlined, for speed; tests check they agree.
    """
    cards = list(DECK) * 2
    x = number & MASK64
    for i in range(len(cards) - 1, 0, -1):
        k = i + 1
        x = (x + GOLDEN_GAMMA) & MASK64
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        while z < _REJECT_BELOW[k]:  # rare: words under 2^64 mod k are drawn again
            x = (x + GOLDEN_GAMMA) & MASK64
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
        j = z % k
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def reference_shuffled_deck(number: int) -> list[Card]:
    """The shuffle written plainly with ``splitmix64`` and ``below``, as SPEC §4.2 states it."""
    cards = list(DECK) * 2
    words = splitmix64(number)
    for i in range(len(cards) - 1, 0, -1):
        j = below(words, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@dataclass(frozen=True, slots=True)
class Layout:
    """A fresh deal: 12 piles listed bottom to top, and reserve slots R1..R8."""

    piles: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card, ...]


@lru_cache(maxsize=4096)
def deal_layout(number: int) -> Layout:
    cards = shuffled_deck(number)
    dealt = PILES * PILE_HEIGHT
    piles = tuple(tuple(cards[p:dealt:PILES]) for p in range(PILES))
    return Layout(piles=piles, reserve=tuple(cards[dealt:]))


@dataclass(frozen=True, slots=True, order=True)
class DealCode:
    """A deal's number with its canonical text form ``HM1-N-XXXXXXX``."""

    number: int
    variant: str = "N"

    def __post_init__(self) -> None:
        if not 0 <= self.number < DEAL_COUNT:
            raise DealCodeError(str(self.number), f"deal numbers run from 0 to {DEAL_COUNT - 1}")
        if self.variant not in VARIANTS:
            raise DealCodeError(self.variant, f"unknown variant {self.variant!r}", None, "variant")

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Read a code, ignoring case and surrounding white space."""
        if not isinstance(text, str):
            raise DealCodeError(repr(text), "a deal code is text", None, "empty")
        code = text.strip().upper()
        if not code:
            raise DealCodeError(
                text.strip(), "the code is empty; expected something like HM1-N-AAAAAAB", None, "empty"
            )
        if not code.startswith(PREFIX):
            return _fail(text, f"it must start with {PREFIX!r}", 1, "prefix")
        digits = len(code) - len(code[len(PREFIX):].lstrip("0123456789")) - len(PREFIX)
        version = code[len(PREFIX):len(PREFIX) + digits]
        if version != VERSION:
            if not version:
                return _fail(text, "the algorithm version is missing after 'HM'", 3, "version")
            return _fail(text, f"unknown algorithm version {version!r}; only {VERSION} exists", 3, "version")
        parts = code.split("-")
        if parts[0] != PREFIX + VERSION:
            return _fail(text, "expected '-' after the version", len(PREFIX + VERSION) + 1, "separator")
        if len(parts) != 3:
            return _fail(text, f"expected three parts separated by '-', found {len(parts)}", None, "parts")
        variant, letters = parts[1], parts[2]
        if variant not in VARIANTS:
            return _fail(text, f"unknown variant {variant!r}; only N exists", len(parts[0]) + 2, "variant")
        start = len(parts[0]) + len(variant) + 3
        for offset, char in enumerate(letters):
            if char not in string.ascii_uppercase:
                return _fail(text, f"{char!r} is not a letter A–Z", start + offset, "letter")
        if len(letters) != LETTERS:
            message = f"expected {LETTERS} letters after the variant, found {len(letters)}"
            return _fail(text, message, start, "length")
        number = 0
        for char in letters:
            number = number * 26 + ord(char) - ord("A")
        return cls(number, variant)

    @property
    def letters(self) -> str:
        n, out = self.number, []
        for _ in range(LETTERS):
            n, digit = divmod(n, 26)
            out.append(chr(ord("A") + digit))
        return "".join(reversed(out))

    def layout(self) -> Layout:
        return deal_layout(self.number)

    def next(self, step: int = 1) -> DealCode:
        return DealCode((self.number + step) % DEAL_COUNT, self.variant)

    def __str__(self) -> str:
        return f"{PREFIX}{VERSION}-{self.variant}-{self.letters}"

    def __repr__(self) -> str:
        return f"DealCode.parse({str(self)!r})"


def _fail(text: str, message: str, position: int | None, kind: str) -> DealCode:
    raise DealCodeError(text.strip(), message, position, kind)


def as_code(code: str | DealCode) -> DealCode:
    return code if isinstance(code, DealCode) else DealCode.parse(code)
