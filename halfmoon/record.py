"""Game records (SPEC §4.3): the deal code, then the moves, ``#`` starting a comment."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from .dealcode import DealCode
from .errors import (
    DealCodeError,
    IllegalMoveError,
    InvalidMoveError,
    MoveNumberError,
    RecordError,
    RecordFileError,
)
from .files import NotAFileError, read_regular
from .moves import Move
from .position import Position

_TOKEN = re.compile(r"\S+")
# The longest record read, in characters; engine.js refuses longer ones with the same message.
# A won game is 48 moves: a million characters leaves room for any commentary.
RECORD_LIMIT = 1_000_000
BOM = "\ufeff"
# A record holds at most RECORD_LIMIT characters, so fewer than a million moves (a move and the
# space after it take four characters at least): seven digits write every move number a record
# can have, and a longer number names no move of any record.
MOVE_NUMBER_DIGITS = len(str(RECORD_LIMIT))


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
        """Read a record; syntax errors raise RecordError with line and column.

        A leading byte order mark is skipped; records over RECORD_LIMIT characters are refused.
        """
        text = text.removeprefix(BOM)
        if len(text) > RECORD_LIMIT:
            message = f"the record is too long: {len(text):,} characters, at most {RECORD_LIMIT:,}"
            raise RecordError(message, kind="size", name=name)
        words = _words(text)
        if not words:
            raise RecordError(
                "the record is empty: it must start with a deal code", kind="blank", name=name
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
            self._push(position, number, move)
        return position

    def positions(self) -> tuple[Position, ...]:
        """Every position of the game, replayed once: ``positions()[n]`` is the position after
        ``n`` moves (``[0]`` the deal, ``[-1]`` the end). Every move is checked, as ``replay()``
        checks it; each position is a copy of its own."""
        position = Position(self.code)
        positions = [position.copy()]
        for number, move in enumerate(self.moves, start=1):
            self._push(position, number, move)
            positions.append(position.copy())
        return tuple(positions)

    def _push(self, position: Position, number: int, move: Move) -> None:
        """Play move ``number``; an illegal one raises RecordError with its line and column."""
        try:
            position.push(move)
        except IllegalMoveError as error:
            span = self.span(number)
            raise RecordError(
                error.reason, kind=error.kind, name=self.name,
                line=span.line if span else None, column=span.column if span else None,
                move_number=number, move_text=str(move),
            ) from error

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


def parse_move_number(text: str) -> int:
    """A move number as people write it (``12``, ``007``): ASCII digits only, never ``²``, ``３``,
    ``٣``, a sign or a point; raises MoveNumberError (``kind`` ``digits`` or ``size``, over
    MOVE_NUMBER_DIGITS digits once leading zeros are dropped)."""
    if not text or not all("0" <= char <= "9" for char in text):
        raise MoveNumberError(text, "digits")
    if len(text.lstrip("0")) > MOVE_NUMBER_DIGITS:
        raise MoveNumberError(text, "size")
    return int(text)


def replay(text: str, name: str = "<record>") -> Position:
    """Parse and replay a record in one step."""
    return Record.parse(text, name).replay()


def read_record(path: str) -> Record:
    """Read a record file (UTF-8, a byte order mark allowed); ``-`` reads standard input.

    At most what RECORD_LIMIT characters can take is read; a named pipe or a device (``/dev/zero``)
    is refused, not waited on or exhausted.
    """
    import sys

    name = "<stdin>" if path == "-" else path
    most = 4 * RECORD_LIMIT  # UTF-8 takes at most 4 bytes a character
    if path == "-" and (sys.stdin is None or sys.stdin.closed):
        raise RecordFileError("cannot read record <stdin>: standard input is closed")
    if path == "-" and not hasattr(sys.stdin, "buffer"):  # a text stream put in its place
        return Record.parse(_bounded_text(sys.stdin.read(RECORD_LIMIT + 1), name), name)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(most + 1)
        else:
            data = read_regular(path, most)
    except NotAFileError as error:
        raise RecordFileError(f"cannot read record {error}") from None
    except OSError as error:
        raise RecordFileError(f"cannot read record {name}: {error.strerror or error}") from None
    except ValueError as error:  # a closed or detached standard input
        raise RecordFileError(f"cannot read record {name}: {error}") from None
    if len(data) > most:
        _bounded_text("", name, too_long=True)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordFileError(
            f"cannot read record {name}: not UTF-8 text (byte {error.start + 1} is 0x{data[error.start]:02x})"
        ) from None
    return Record.parse(text, name)


def _bounded_text(text: str, name: str, too_long: bool = False) -> str:
    if too_long or len(text) > RECORD_LIMIT:
        message = f"the record is too long: more than {RECORD_LIMIT:,} characters"
        raise RecordError(message, kind="size", name=name)
    return text
