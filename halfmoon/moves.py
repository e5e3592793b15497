"""Sources (piles ``1``–``12``, reserve slots ``R1``–``R8``) and moves (``1+8``, ``8+5+3``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .dealcode import PILES, RESERVE_SLOTS
from .errors import InvalidMoveError, InvalidSourceError, quoted

Source = str
PILE_SOURCES: tuple[Source, ...] = tuple(str(n) for n in range(1, PILES + 1))
RESERVE_SOURCES: tuple[Source, ...] = tuple(f"R{n}" for n in range(1, RESERVE_SLOTS + 1))
SOURCES: tuple[Source, ...] = PILE_SOURCES + RESERVE_SOURCES
SOURCE_INDEX: dict[Source, int] = {source: i for i, source in enumerate(SOURCES)}


def parse_source(text: str | int) -> Source:
    """Canonical source for ``3``, ``"3"``, ``"r3"`` or ``"R3"``; raises InvalidSourceError."""
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str):
        raise InvalidSourceError(repr(text))
    cleaned = text.strip().upper()
    if cleaned in SOURCE_INDEX:
        return cleaned
    raise InvalidSourceError(text)


def is_reserve(source: Source) -> bool:
    return source[0] == "R"


@dataclass(frozen=True, slots=True)
class Move:
    """The sources of a removal's cards in tap order."""

    sources: tuple[Source, ...]

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``1+8`` or ``R2+11`` or ``8+5+3``."""
        return _parse_move(text)

    @classmethod
    def _parse(cls, text: str) -> Move:
        parts = text.split("+")
        if any(not part.strip() for part in parts):
            raise InvalidMoveError(f"{quoted(text)} is not a move: write sources joined by '+', e.g. 1+8")
        try:
            return cls(tuple(parse_source(part) for part in parts))
        except InvalidSourceError as error:
            raise InvalidMoveError(f"not a move: {error}") from None

    @classmethod
    def of(cls, *sources: str | int) -> Move:
        return cls(tuple(parse_source(source) for source in sources))

    def canonical(self) -> tuple[Source, ...]:
        """The sources in board order: two moves with the same canonical form remove the same cards."""
        return tuple(sorted(self.sources, key=SOURCE_INDEX.__getitem__))

    def __str__(self) -> str:
        return "+".join(self.sources)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


# Records repeat a small set of move texts: parsing each once keeps replay fast.
_parse_move = lru_cache(maxsize=16384)(Move._parse)
