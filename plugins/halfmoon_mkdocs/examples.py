"""Replaying the games the pages talk about: a record file, or a code with moves."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from halfmoon import Card, DealCode, HalfMoonError, Move, Position, Record

from .errors import SourceError

MOVE_KEYWORDS = ("middle", "end")


@dataclass
class Example:
    """A replayable game: its record and the positions already computed."""

    record: Record
    name: str
    _positions: dict[int, Position] = field(default_factory=dict, repr=False)

    @property
    def code(self) -> DealCode:
        return self.record.code

    @property
    def length(self) -> int:
        return len(self.record.moves)

    def position(self, after: int) -> Position:
        """The position after ``after`` moves (a copy: callers may not share it)."""
        if after not in self._positions:
            try:
                self._positions[after] = self.record.replay(after)
            except HalfMoonError as error:
                raise SourceError(str(error)) from None
        return self._positions[after].copy()

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

    def check_move_number(self, number: int) -> None:
        if not 1 <= number <= self.length:
            raise SourceError(
                f"{self.name} has moves 1 to {self.length}; there is no move {number}"
                if self.length
                else f"{self.name} has no moves; there is no move {number}"
            )

    def resolve(self, text: str, *, what: str = "move number", allow_zero: bool = False) -> int:
        """A move number written as digits, ``middle`` or ``end``, checked against the game."""
        text = text.strip().lower()
        if text == "end":
            number = self.length
        elif text == "middle":
            number = self.length // 2
        elif text.isdigit():
            number = int(text)
        else:
            raise SourceError(
                f"{what} {text!r} is not a number, 'middle' or 'end'"
            )
        lowest = 0 if allow_zero else 1
        if not lowest <= number <= self.length:
            raise SourceError(
                f"{what} {number} is out of range: {self.name} has {self.length} moves"
            )
        return number


class ExampleLoader:
    """Reads records relative to ``docs_dir``; re-reads a file only when it changed."""

    def __init__(self, docs_dir: str | os.PathLike[str]) -> None:
        self.docs_dir = Path(docs_dir)
        self._files: dict[Path, tuple[tuple[int, int], str, Example]] = {}

    def path_of(self, relative: str) -> Path:
        path = (self.docs_dir / relative).resolve()
        if not path.is_relative_to(self.docs_dir.resolve()):
            raise SourceError(f"record {relative!r} is outside the docs folder")
        return path

    def record(self, relative: str) -> Example:
        path = self.path_of(relative)
        try:
            stat = path.stat()
        except OSError:
            raise SourceError(f"record file {relative!r} not found in {self.docs_dir}") from None
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = self._files.get(path)
        if cached and cached[0] == stamp:
            return cached[2]
        text = path.read_text(encoding="utf-8")
        example = self._parse(text, relative)
        self._files[path] = (stamp, text, example)
        return example

    def record_text(self, relative: str) -> str:
        """The text of a record file (after ``record`` has read it)."""
        self.record(relative)
        return self._files[self.path_of(relative)][1]

    def inline(self, code: str, moves: str = "") -> Example:
        return self._parse(f"{code}\n{moves}\n", "the block's code and moves")

    @staticmethod
    def _parse(text: str, name: str) -> Example:
        try:
            record = Record.parse(text, name)
        except HalfMoonError as error:
            raise SourceError(str(error)) from None
        example = Example(record, name)
        example.position(example.length)  # every move checked now, errors point at the block
        return example
