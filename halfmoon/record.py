"""Game records (SPEC §4.3): the deal code, then the moves, ``#`` starting a comment."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from .dealcode import DealCode
from .errors import DealCodeError, HalfMoonError, IllegalMoveError, InvalidMoveError, RecordError
from .moves import Move
from .position import Position

_TOKEN = re.compile(r"\S+")


class Span(NamedTuple):
    """Where a token stands in the record text: 1-based line and column."""

    line: int
    column: int


@dataclass(slots=True)
class Record:
    """A deal code and the moves of a game; ``text`` keeps where each move was written."""

    code: DealCode
    moves: list[Move] = field(default_factory=list)
    name: str = "<record>"
    text: str | None = None

    @classmethod
    def parse(cls, text: str, name: str = "<record>") -> Record:
        """Read a record; syntax errors raise RecordError with line and column."""
        words = _words(text)
        if not words:
            raise RecordError(
                "the record is empty: it must start with a deal code", kind="empty", name=name
            )
        try:
            code = DealCode.parse(words[0])
        except DealCodeError as error:
            span = _span(text, 0)
            raise RecordError(
                f"{error}", kind="code", name=name, line=span.line, column=span.column
            ) from None
        moves = []
        for number, token in enumerate(words[1:], start=1):
            try:
                moves.append(Move.parse(token))
            except InvalidMoveError as error:
                span = _span(text, number)
                raise RecordError(
                    str(error), name=name, line=span.line, column=span.column,
                    move_number=number, move_text=token,
                ) from None
        return cls(code, moves, name, text)

    def span(self, move_number: int) -> Span | None:
        """Where move ``move_number`` (1-based) was written, if the record came from text."""
        return None if self.text is None else _span(self.text, move_number)

    def replay(self, upto: int | None = None) -> Position:
        """The position after the first ``upto`` moves (all by default), each one checked."""
        if upto is None:
            upto = len(self.moves)
        if not 0 <= upto <= len(self.moves):
            raise RecordError(
                f"cannot stop after move {upto}: the record has {len(self.moves)} moves",
                kind="after", name=self.name,
            )
        position = Position(self.code)
        for number, move in enumerate(self.moves[:upto], start=1):
            try:
                position.push(move)
            except IllegalMoveError as error:
                span = self.span(number)
                raise RecordError(
                    error.reason, kind=error.kind, name=self.name,
                    line=span.line if span else None, column=span.column if span else None,
                    move_number=number, move_text=str(move),
                ) from error
        return position

    def format(self, per_line: int = 8) -> str:
        """Canonical text: the code on the first line, then ``per_line`` moves a line."""
        lines = [str(self.code)]
        for start in range(0, len(self.moves), per_line):
            lines.append(" ".join(str(move) for move in self.moves[start : start + per_line]))
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        return self.format()


def _words(text: str) -> list[str]:
    if "#" not in text:
        return text.split()
    return [word for line in text.splitlines() for word in line.split("#", 1)[0].split()]


def _span(text: str, index: int) -> Span:
    """The line and column of word ``index`` (0 is the deal code); found only when needed."""
    for position, (_, span) in enumerate(_tokens(text)):
        if position == index:
            return span
    raise IndexError(index)


def _tokens(text: str) -> Iterator[tuple[str, Span]]:
    for line_number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0]
        for match in _TOKEN.finditer(line):
            yield match.group(), Span(line_number, match.start() + 1)


def replay(text: str, name: str = "<record>") -> Position:
    """Parse and replay a record in one step."""
    return Record.parse(text, name).replay()


def read_record(path: str) -> Record:
    """Read a record file; ``-`` reads standard input."""
    import sys

    if path == "-":
        return Record.parse(sys.stdin.read(), "<stdin>")
    try:
        with open(path, encoding="utf-8") as handle:
            return Record.parse(handle.read(), path)
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise HalfMoonError(f"cannot read record {path}: {reason}") from None
