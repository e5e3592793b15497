"""The engine's exception types: one class per kind of failure."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

ECHO_LIMIT = 40  # how much of an offending text (a token, a line of a page) a message repeats


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters for echoing in a message (a 10 MB token stays short)."""
    return text if len(text) <= limit else f"{text[:limit - 1]}…"


def quoted(text: str, limit: int = ECHO_LIMIT) -> str:
    """``repr`` of ``text`` cut to ``limit`` characters: what error messages echo (the engine's
    messages, which the browser's engine words alike)."""
    return repr(shorten(text, limit))


# Letters and symbols drawn as nothing (Hangul fillers, the braille blank).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shown_char(char: str) -> str:
    """One character as a message names it: itself when it can be seen, else its code point
    ("U+2066" for an isolate, "U+0000" for a control). Unseen: what ``str.isprintable`` refuses
    (a control, a format character, a separator other than the space, a surrogate, a private or
    unassigned code point), a combining mark alone, and BLANK_LETTERS. engine.js's shownChar
    is the same rule (tests/data/codes.jsonl holds both to one answer)."""
    unseen = (not char.isprintable() or char in BLANK_LETTERS
              or unicodedata.category(char) in ("Mn", "Me"))
    return f"U+{ord(char):04X}" if unseen else char


def echoed(text: str, limit: int = ECHO_LIMIT) -> str:
    """``quoted``, with the text's whole length when it is cut: a name a page gives (5 MB of
    it) is told as its start and its size, never whole."""
    cut = shorten(text, limit)
    return repr(cut) if cut == text else f"{cut!r} ({len(text):,} characters)"


def shown_path(path: str | os.PathLike[str], base: str | os.PathLike[str] | None = None) -> str:
    """A path as its author knows it: relative to ``base`` (the working folder by default) when
    inside it, else whole (``halfmoon/catalogs/en.json``, ``docs/index.md``)."""
    whole, folder = Path(path).resolve(), Path(base if base is not None else Path.cwd()).resolve()
    return str(whole.relative_to(folder)) if whole.is_relative_to(folder) else str(whole)


def located(message: str, path: str | os.PathLike[str] | None = None, line: int | None = None) -> str:
    """``file:line: message`` as every error that knows its place says it (either part may be
    unknown, and is then left out)."""
    where = ":".join(str(part) for part in (path, line) if part is not None)
    return f"{where}: {message}" if where else message


class HalfMoonError(ValueError):
    """Base class of every error the engine raises on bad input."""


class DealCodeError(HalfMoonError):
    """A deal code that is malformed; ``position`` is 1-based in the trimmed input.

    ``kind`` names the fault for translation: ``empty``, ``character`` (not ASCII),
    ``prefix``, ``version``, ``separator``, ``parts``, ``variant``, ``letter``, ``length``
    or ``range``.
    """

    def __init__(
        self, code: str, message: str, position: int | None = None, kind: str = "range"
    ) -> None:
        self.code = code
        self.reason = message
        self.position = position
        self.kind = kind
        where = f" (position {position})" if position is not None else ""
        super().__init__(f"invalid deal code {quoted(code)}: {message}{where}")

    @property
    def char(self) -> str | None:
        """The character at ``position`` as the game's message names it (``shown_char``), or
        None when the fault has no character (a missing part, the code's end)."""
        if self.position is None or not 1 <= self.position <= len(self.code):
            return None
        return shown_char(self.code[self.position - 1])


class InvalidCardError(HalfMoonError):
    """Text that is no card in machine notation (SPEC §4.1: ``AS``, ``10H``, ``QD``)."""


class InvalidSourceError(HalfMoonError):
    """Text that names no pile or reserve slot."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"{quoted(text)} is not a source: piles are 1 to 12, reserve slots R1 to R8")


class InvalidMoveError(HalfMoonError):
    """Move notation that cannot be read (not ``1+8`` or ``8+5+3``)."""


class IllegalMoveError(HalfMoonError):
    """A well-formed move that the position does not allow.

    ``kind`` names the rule for translation: ``count``, ``repeated``, ``empty``,
    ``sum``, ``face_pair`` or ``not_jqk``; ``params`` holds its details. The message quotes
    the deal and the move's number in the game, as in ``illegal move 1+2 (move 4 of
    HM1-N-AAAAAAB): 5♥ + 5♦ = 10, not 11``.
    """

    def __init__(
        self, move: object, kind: str, reason: str, *, code: object = None,
        move_number: int | None = None, **params: object,
    ) -> None:
        self.move = move
        self.kind = kind
        self.reason = reason
        self.code = code
        self.move_number = move_number
        self.params = params
        where = ""
        if code is not None:
            where = f" (move {move_number} of {code})" if move_number is not None else f" (in {code})"
        super().__init__(f"illegal move {move}{where}: {reason}")


class RecordError(HalfMoonError):
    """A game record that cannot be read or replayed, with where it happened.

    ``kind`` is ``blank`` (no deal code), ``size`` (too long), ``code`` (bad deal code),
    ``syntax`` (unreadable move), ``after`` (replay asked to stop past the end) or the
    IllegalMoveError kind of the illegal move.
    """

    def __init__(
        self,
        reason: str,
        *,
        kind: str = "syntax",
        name: str = "<record>",
        line: int | None = None,
        column: int | None = None,
        move_number: int | None = None,
        move_text: str | None = None,
    ) -> None:
        self.reason = reason
        self.kind = kind
        self.name = name
        self.line = line
        self.column = column
        self.move_number = move_number
        self.move_text = move_text
        where = name
        if line is not None:
            where += f":{line}:{column}"
        what = ""
        if move_number is not None:
            what = f"move {move_number} ({shorten(move_text or '')}): "
        super().__init__(f"{where}: {what}{reason}")


class RecordFileError(HalfMoonError):
    """A record file that cannot be read: not a regular file, an OS error, a closed standard input,
    bytes that are not UTF-8 (what the file says is RecordError's)."""


class MoveNumberError(HalfMoonError):
    """A move number that is not one: ``kind`` is ``digits`` (not ASCII digits alone) or ``size``
    (more digits than any record's move number has)."""

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind
        what = "not ASCII digits" if kind == "digits" else "more digits than any move number has"
        super().__init__(f"move number {quoted(text)}: {what}")


class DiagramError(HalfMoonError):
    """A diagram that cannot be drawn as asked (a title XML cannot hold, a bad id prefix)."""


class DiagramExportError(DiagramError):
    """An SVG that cairosvg cannot turn into a PNG."""


class CommandLineError(HalfMoonError):
    """A command line that cannot be run: a usage error or a bad argument of a subcommand."""
