"""Deal codes (`HM1-N-AAAAAAB`) and the deal they stand for (SPEC §4.2)."""

from __future__ import annotations

import itertools
import re
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

# Trimmed from both ends of a typed code: Python's white space (str.isspace), the byte order
# mark and the zero-width space. engine.js trims the same; tests/data/codes.jsonl spells them out.
TRIMMED = (
    "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    + "".join(chr(c) for c in range(0x2000, 0x200C))
    + "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
# SPEC §4.2: Cyrillic and Greek capitals that look like Latin ones, and their small forms.
_CYRILLIC, _CYRILLIC_TWINS = "АВЕКМНОРСТХУ", "ABEKMHOPCTXY"
_GREEK, _GREEK_TWINS = "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX"
LOOK_ALIKES = str.maketrans(
    _CYRILLIC + _CYRILLIC.lower() + _GREEK + _GREEK.lower(),
    _CYRILLIC_TWINS * 2 + _GREEK_TWINS * 2,
)

# SPEC §4.2: between the parts a dash of any kind (hyphen, non-breaking hyphen, figure dash,
# en and em dash, horizontal bar, minus sign) with spaces around it, or spaces alone.
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
_SPACES = "[" + re.escape("".join(char for char in TRIMMED if char.isspace())) + "]"
SEPARATOR = re.compile(f"{_SPACES}*[{re.escape(DASHES)}]{_SPACES}*|{_SPACES}+")
_LETTERS_ALONE = re.compile(f"[A-Z]{{{LETTERS}}}")

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
        """Read a code: surrounding ``TRIMMED`` characters and the case of ASCII letters are ignored.

        Between the three parts, any ``SEPARATOR`` (a dash of any kind, spaces around it, or spaces
        alone) reads as ``-``; seven letters alone mean ``HM1-N-`` and them. Cyrillic and Greek
        look-alikes of Latin capitals (``LOOK_ALIKES``) read as their twins; any other non-ASCII
        character is an error naming it and its position in the trimmed input.
        """
        if not isinstance(text, str):
            raise DealCodeError(repr(text), "a deal code is text", None, "empty")
        trimmed = text.strip(TRIMMED)
        if not trimmed:
            raise DealCodeError(
                trimmed, "the code is empty; expected something like HM1-N-AAAAAAB", None, "empty"
            )
        code, places = _separated(trimmed.translate(LOOK_ALIKES))

        def fail(message: str, position: int | None, kind: str) -> DealCodeError:
            if position is not None:  # a place in `code`, told as one in what was typed
                position = places[position - 1] if position <= len(places) else len(trimmed) + 1
            return DealCodeError(trimmed, message, position, kind)

        for offset, char in enumerate(code):
            if not char.isascii():
                message = f"{char!r} (U+{ord(char):04X}) is not an ASCII character"
                raise fail(message, offset + 1, "character")
        code = code.upper()  # ASCII only by now: no Unicode case folding can happen
        if _LETTERS_ALONE.fullmatch(code):
            code = f"{PREFIX}{VERSION}-{VARIANTS[0]}-{code}"
            places = [1] * (len(code) - LETTERS) + list(range(1, LETTERS + 1))
        if not code.startswith(PREFIX):
            raise fail(f"it must start with {PREFIX!r}", 1, "prefix")
        digits = len(code) - len(code[len(PREFIX):].lstrip("0123456789")) - len(PREFIX)
        version = code[len(PREFIX):len(PREFIX) + digits]
        if version != VERSION:
            if not version:
                message = "the algorithm version is missing after 'HM'"
            else:
                message = f"unknown algorithm version {version!r}; only {VERSION} exists"
            raise fail(message, 3, "version")
        parts = code.split("-")
        if parts[0] != PREFIX + VERSION:
            raise fail("expected '-' after the version", len(PREFIX + VERSION) + 1, "separator")
        if len(parts) != 3:
            message = f"expected three parts separated by '-', found {len(parts)}"
            raise fail(message, None, "parts")
        variant, letters = parts[1], parts[2]
        if variant not in VARIANTS:
            message = f"unknown variant {variant!r}; only N exists"
            raise fail(message, len(parts[0]) + 2, "variant")
        start = len(parts[0]) + len(variant) + 3
        for offset, char in enumerate(letters):
            if char not in string.ascii_uppercase:
                raise fail(f"{char!r} is not a letter A–Z", start + offset, "letter")
        if len(letters) != LETTERS:
            message = f"expected {LETTERS} letters after the variant, found {len(letters)}"
            raise fail(message, start, "length")
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


def _separated(text: str) -> tuple[str, list[int]]:
    """``text`` with its first two ``SEPARATOR``s (those between the three parts) as ``-``, and
    each character's 1-based place in ``text``. Later ones are left as typed: a space among the
    letters is named as such."""
    out: list[str] = []
    places: list[int] = []
    done = 0
    for match in itertools.islice(SEPARATOR.finditer(text), 2):
        out += text[done:match.start()]
        places += range(done + 1, match.start() + 1)
        out.append("-")
        places.append(match.start() + 1)
        done = match.end()
    out += text[done:]
    places += range(done + 1, len(text) + 1)
    return "".join(out), places


def as_code(code: str | DealCode) -> DealCode:
    return code if isinstance(code, DealCode) else DealCode.parse(code)
