"""Game records (SPEC §4.3): the deal code, then the moves, ``#`` starting a comment."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .dealcode import DealCode
from .errors import DealCodeError, HalfMoonError, IllegalMoveError, InvalidMoveError, RecordError
from .moves import Move
from .position import Position

_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Span:
    """Where a token stands in the record text: 1-based line and column."""

    line: int
    column: int


@dataclass(slots=True)
class Record:
    """A deal code and the moves of a game, with where each move was written."""

    code: DealCode
    moves: list[Move] = field(default_factory=list)
    spans: list[Span] = field(default_factory=list)
    name: str = "<record>"

    @classmethod
    def parse(cls, text: str, name: str = "<record>") -> Record:
        """Read a record; syntax errors raise RecordError with line and column."""
        tokens = list(_tokens(text))
        if not tokens:
            raise RecordError(
                "the record is empty: it must start with a deal code", kind="empty", name=name
            )
        (code_text, code_span), *rest = tokens
        try:
            code = DealCode.parse(code_text)
        except DealCodeError as error:
            raise RecordError(
                f"{error}", kind="code", name=name, line=code_span.line, column=code_span.column
            ) from None
        moves, spans = [], []
        for number, (token, span) in enumerate(rest, start=1):
            try:
                moves.append(Move.parse(token))
            except InvalidMoveError as error:
                raise RecordError(
                    str(error), name=name, line=span.line, column=span.column,
                    move_number=number, move_text=token,
                ) from None
            spans.append(span)
        return cls(code, moves, spans, name)

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
                span = self.spans[number - 1] if number <= len(self.spans) else None
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


def _tokens(text: str):
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
        raise HalfMoonError(f"cannot read record {path}: {getattr(error, 'strerror', None) or error}") from None
