"""Finding ``halfmoon`` fenced blocks in Markdown and reading their ``key: value`` lines.

The scanner knows enough of CommonMark fences to skip code that merely *shows* a block
(a ``halfmoon`` fence nested in a longer fence, as on the authors page) and to tell the
inline-insert pass which text lies outside code. A fence may be indented or quoted (in a
list item, an admonition, a block quote): its block is rendered in place all the same.

One pass over the lines, with plain string operations only, so the time is linear in the
size of the page whatever it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from halfmoon.errors import echoed, quoted

from .errors import SourceError

_PREFIX_CHARACTERS = " \t>"  # indentation, list item continuation, block quote markers


@dataclass(frozen=True)
class Block:
    """One ``halfmoon`` block: its kind, options, and where it stands in the page."""

    kind: str
    options: dict[str, str]
    line: int  # 1-based line of the opening fence
    option_lines: dict[str, int] = field(default_factory=dict)
    prefix: str = ""  # what precedes the fence on its line: indentation, "> "

    def line_of(self, key: str) -> int:
        return self.option_lines.get(key, self.line)


@dataclass(frozen=True)
class Syntax:
    """What a block kind accepts, as superfences' ``custom_fences`` names a fence's validator:
    the keys it takes, and ``check``, which raises a ``SourceError`` when the keys given do
    not go together. The kinds themselves (each with its renderer) are ``render.BLOCKS``."""

    keys: tuple[str, ...]
    check: Callable[[Block], None]


@dataclass(frozen=True)
class Segment:
    """A run of Markdown lines: prose (inserts allowed), code, or a block.

    ``error`` is set on a block that cannot be read, and on code whose fence looks like a
    misspelt block; the text is then kept as it is.
    """

    text: str
    first_line: int
    kind: str  # "prose", "code" or "block"
    block: Block | None = None
    error: SourceError | None = None


@dataclass(frozen=True)
class _Fence:
    prefix: str
    char: str
    length: int
    info: str


def _opening_fence(line: str) -> _Fence | None:
    body = line.lstrip(_PREFIX_CHARACTERS)
    if not body.startswith(("```", "~~~")):
        return None
    char = body[0]
    length = len(body) - len(body.lstrip(char))
    info = body[length:].strip()
    if char == "`" and "`" in info:  # ```x``` at the start of a line is inline code
        return None
    return _Fence(line[: len(line) - len(body)], char, length, info)


def _closes(line: str, fence: _Fence) -> bool:
    body = line.lstrip(_PREFIX_CHARACTERS).rstrip()
    return len(body) >= fence.length and body == fence.char * len(body)


def segments(markdown: str, kinds: Mapping[str, Syntax]) -> Iterator[Segment]:
    """Cut a page into prose, code and the blocks of ``kinds``, in order, keeping every character."""
    lines = _lines(markdown)
    prose: list[str] = []
    prose_start = 1
    index = 0
    while index < len(lines):
        fence = _opening_fence(lines[index])
        if fence is None:
            prose.append(lines[index])
            index += 1
            continue
        if prose:
            yield Segment("".join(prose), prose_start, "prose")
            prose = []
        start = index
        index += 1
        while index < len(lines) and not _closes(lines[index], fence):
            index += 1
        closed = index < len(lines)
        text = "".join(lines[start : index + 1])
        yield _fenced(fence, lines[start + 1 : index], text, start + 1, closed, kinds)
        index += 1
        prose_start = index + 1
    if prose:
        yield Segment("".join(prose), prose_start, "prose")


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its "\\n": only "\\n" ends a line, as in Markdown
    (``str.splitlines`` would also cut at U+2028 or a form feed and miscount the lines)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]


def _fenced(fence: _Fence, body: list[str], text: str, line: int, closed: bool,
            kinds: Mapping[str, Syntax]) -> Segment:
    words = fence.info.split()
    kind = words[0] if words else ""
    if kind not in kinds:
        error = _misspelt(kind, line, kinds)
        return Segment(text, line, "code", error=error)
    if not closed:
        error = SourceError(f"the {kind} block is never closed with {fence.char * fence.length}",
                            line)
        return Segment(text, line, "code", error=error)
    if len(words) > 1:
        error = SourceError(f"the {kind} block takes nothing after its name on the fence line "
                            f"(found {quoted(' '.join(words[1:]))}); write options as "
                            "'key: value' lines inside the block", line)
        return Segment(text, line, "code", error=error)
    try:
        block = parse_block(kind, kinds[kind], body, line, fence.prefix)
    except SourceError as error:
        return Segment(text, line, "code", error=error)
    return Segment(text, line, "block", block)


def _misspelt(kind: str, line: int, kinds: Mapping[str, Syntax]) -> SourceError | None:
    """An error when a fence's language looks like a block's name but is none of them."""
    squeezed = "".join(ch for ch in kind.lower() if ch.isalnum())
    if "halfmoon" not in squeezed:
        return None
    return SourceError(f"unknown block {quoted(kind)}: a Half Moon block is one of "
                       f"{', '.join(kinds)} (lower case, right after the fence)", line)


def parse_block(kind: str, syntax: Syntax, body: list[str], fence_line: int,
                prefix: str = "") -> Block:
    """Read the ``key: value`` lines of a block; unknown or repeated keys are errors, and so
    are keys that ``syntax.check`` finds do not go together."""
    options: dict[str, str] = {}
    option_lines: dict[str, int] = {}
    for offset, raw in enumerate(body, start=1):
        line_number = fence_line + offset
        text = raw.lstrip(_PREFIX_CHARACTERS).strip()
        if not text or text.startswith("#"):
            continue
        key, colon, value = text.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not colon or not key or not all(ch.isascii() and (ch.isalpha() or ch in "-_")
                                           for ch in key):
            raise SourceError(f"{kind} block: expected 'key: value', found {quoted(text)}",
                              line_number)
        if key not in syntax.keys:
            allowed = ", ".join(sorted(syntax.keys)) or "none"
            raise SourceError(f"{kind} block: unknown key {echoed(key)} (allowed: {allowed})",
                              line_number)
        if key in options:
            raise SourceError(f"{kind} block: {echoed(key)} is given twice", line_number)
        if not value:
            raise SourceError(f"{kind} block: {echoed(key)} has no value", line_number)
        options[key] = value
        option_lines[key] = line_number
    block = Block(kind, options, fence_line, option_lines, prefix)
    syntax.check(block)
    return block


def no_check(block: Block) -> None:
    """The check of a kind whose keys all go with one another (or that takes none)."""


def needs_player(block: Block) -> None:
    """A tip names the player whose tip it shows."""
    if "player" not in block.options:
        raise SourceError(f"{block.kind} block: it needs 'player: NAME', the player whose tip it shows",
                          block.line)


def needs_one_game(block: Block) -> None:
    """A block that shows a game names it once: a record, or a deal code and its moves."""
    kind, options = block.kind, block.options
    if "record" in options and "code" in options:
        raise SourceError(f"{kind} block: give either 'record' or 'code', not both", block.line)
    if "moves" in options and "code" not in options:
        raise SourceError(f"{kind} block: 'moves' needs a 'code' to start from", block.line_of("moves"))
    if "record" not in options and "code" not in options:
        raise SourceError(f"{kind} block: it needs a 'record' or a 'code'", block.line)
