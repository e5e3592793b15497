"""Replaying the games the pages talk about: a record file, or a code with moves.

A loader lives for one build: each record file is read once, and each game parsed and
replayed once, however many blocks, inserts and languages use it. Nothing outlives the
build, so an edited record is always read again.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from halfmoon import Card, DealCode, HalfMoonError, Move, Position, Record
from halfmoon.errors import MoveNumberError, quoted, shown_path
from halfmoon.record import MOVE_NUMBER_DIGITS, parse_move_number

from .errors import SourceError

MAX_RECORD_BYTES = 1_000_000  # a won game's record is well under 1 kB
# Of a count an author writes ({{hm count}}, {{hm lost}}): up to 999,999,999, any count a page
# talks about. A move number is read by the engine's parse_move_number instead (7 digits).
MAX_DIGITS = 9


def whole_number(text: str, what: str) -> int:
    """A count written by an author: ASCII digits only, and never more than a page could mean;
    ``²``, ``３``, ``٣``, signs or 10-digit numbers are errors."""
    if not text or not all("0" <= ch <= "9" for ch in text):
        raise SourceError(f"{what} {quoted(text)} is not a whole number (digits 0 to 9)")
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise SourceError(f"{what} {quoted(text)} is too large (at most {MAX_DIGITS} digits)")
    return int(text)


@dataclass(frozen=True)
class Example:
    """A replayed game: its record, and the position before and after every move."""

    record: Record
    name: str
    positions: tuple[Position, ...]  # positions[n]: after n moves; shared, never changed

    @classmethod
    def replay(cls, record: Record, name: str) -> Example:
        """Replay ``record`` once (every move checked), keeping each position on the way."""
        try:
            positions = record.positions()
        except HalfMoonError as error:
            raise SourceError(str(error)) from None
        return cls(record, name, positions)

    @property
    def code(self) -> DealCode:
        return self.record.code

    @property
    def length(self) -> int:
        return len(self.record.moves)

    def position(self, after: int) -> Position:
        """The position after ``after`` moves (shared: do not change it)."""
        return self.positions[after]

    def move(self, number: int) -> Move:
        """Move ``number`` (1-based) of the game."""
        self.check_move_number(number)
        return self.record.moves[number - 1]

    def removed(self, number: int) -> list[tuple[str, Card]]:
        """The sources and cards move ``number`` removes, in tap order."""
        before = self.position(number - 1)
        found = []
        for source in self.move(number).sources:
            card = before.card_at(source)
            assert card is not None, "the record was replayed, so the move is legal"
            found.append((source, card))
        return found

    def uncovered(self, number: int) -> list[tuple[str, Card]]:
        """The cards move ``number`` uncovers: the new top of each pile it took a card from."""
        after = self.position(number)
        found = []
        for source in self.move(number).sources:
            card = after.card_at(source)
            if not source.startswith("R") and card is not None:
                found.append((source, card))
        return found

    def worked_triple(self) -> int:
        """The first triple that removes a card the first move uncovered (SPEC §5's example)."""
        waiting = dict(self.uncovered(1)) if self.length else {}
        for number in range(2, self.length + 1):
            taken = [source for source in self.move(number).sources if source in waiting]
            if taken and len(self.move(number).sources) == 3:
                return number
            for source in taken:  # that card left the game in a pair: no longer waiting
                del waiting[source]
        raise SourceError(f"no triple in {self.name} removes a card the first move uncovers; "
                          "'triple' needs an example game that has one")

    def check_move_number(self, number: int) -> None:
        if not 1 <= number <= self.length:
            raise SourceError(
                f"{self.name} has moves 1 to {self.length}; there is no move {number}"
                if self.length
                else f"{self.name} has no moves; there is no move {number}"
            )

    def resolve(self, text: str, *, what: str = "move number", allow_zero: bool = False) -> int:
        """A move number written as digits, ``middle``, ``end``, ``triple`` (the first triple
        that takes a card the first move uncovered) or ``before-triple`` (one less)."""
        word = text.strip().lower()
        if word == "end":
            number = self.length
        elif word == "middle":
            number = self.length // 2
        elif word in ("triple", "before-triple"):
            number = self.worked_triple() - (word == "before-triple")
        elif word and all("0" <= ch <= "9" for ch in word):
            try:
                number = parse_move_number(word)
            except MoveNumberError:
                raise SourceError(f"{what} {quoted(word)} is too large: no record has that many "
                                  f"moves (at most {MOVE_NUMBER_DIGITS} digits)") from None
        else:
            raise SourceError(f"{what} {quoted(text.strip())} is not a number, 'middle', 'end', "
                              "'triple' or 'before-triple'")
        lowest = 0 if allow_zero else 1
        if not lowest <= number <= self.length:
            raise SourceError(
                f"{what} {number} is out of range: {self.name} has {self.length} moves"
            )
        return number


class ExampleLoader:
    """Reads records relative to ``docs_dir``, each file and each game once per build."""

    def __init__(self, docs_dir: str | os.PathLike[str], project_dir: str | os.PathLike[str]
                 = ".") -> None:
        self.docs_dir = Path(docs_dir)
        self.project_dir = Path(project_dir)
        self._examples: dict[tuple[str, ...], Example | SourceError] = {}

    def path_of(self, relative: str) -> Path:
        path = (self.docs_dir / relative).resolve()
        if not path.is_relative_to(self.docs_dir.resolve()):
            raise SourceError(f"record {quoted(relative)} is outside the docs folder")
        return path

    def record(self, relative: str) -> Example:
        return self._once(("record", relative), lambda: self._read(relative))

    def inline(self, code: str, moves: str = "") -> Example:
        return self._once(("inline", code, moves),
                          lambda: _parse(f"{code}\n{moves}\n", "the block's code and moves"))

    def _once(self, key: tuple[str, ...], load) -> Example:  # type: ignore[no-untyped-def]
        if key not in self._examples:
            try:
                self._examples[key] = load()
            except SourceError as error:
                self._examples[key] = error
        found = self._examples[key]
        if isinstance(found, SourceError):
            raise SourceError(found.message)
        return found

    def _read(self, relative: str) -> Example:
        path = self.path_of(relative)
        shown = self._shown(path)
        if not path.exists():
            raise SourceError(f"record file {quoted(relative)} not found in {self._shown(self.docs_dir)}")
        if not path.is_file():
            raise SourceError(f"record {quoted(relative)} is not a file")
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as error:
            raise SourceError(f"cannot read record {shown}: {error.strerror or error}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise SourceError(f"record {shown} is larger than {MAX_RECORD_BYTES:,} bytes")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise SourceError(f"record {shown} is not UTF-8 text "
                              f"(byte {data[error.start]:#04x} at offset {error.start})") from None
        return _parse(text, shown)

    def _shown(self, path: Path) -> str:
        return shown_path(path, self.project_dir)


def _parse(text: str, name: str) -> Example:
    try:
        record = Record.parse(text, name)
    except HalfMoonError as error:
        raise SourceError(str(error)) from None
    return Example.replay(record, name)
