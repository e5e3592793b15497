"""Finding ``halfmoon`` fenced blocks in Markdown and reading their ``key: value`` lines.

The scanner knows enough of CommonMark fences to skip code that merely *shows* a block
(a ``halfmoon`` fence nested in a longer fence, as on the authors page) and to tell the
inline-insert pass which text lies outside code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import SourceError

BLOCK_KINDS = ("halfmoon", "halfmoon-moves", "halfmoon-stepper")
KEYS = {
    "halfmoon": {"record", "code", "moves", "after", "mark", "caption"},
    "halfmoon-moves": {"record", "code", "moves"},
    "halfmoon-stepper": {"record", "code", "moves"},
}

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*?)[ \t]*$")
_OPTION = re.compile(r"^\s*(?P<key>[A-Za-z_-]+)\s*:\s*(?P<value>.*?)\s*$")


@dataclass(frozen=True)
class Block:
    """One ``halfmoon`` block: its kind, options, and where it stands in the page."""

    kind: str
    options: dict[str, str]
    line: int  # 1-based line of the opening fence
    option_lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, key: str) -> int:
        return self.option_lines.get(key, self.line)


@dataclass(frozen=True)
class Segment:
    """A run of Markdown lines: either prose (inserts allowed), code, or a block."""

    text: str
    first_line: int
    kind: str  # "prose", "code" or "block"
    block: Block | None = None


def segments(markdown: str) -> Iterator[Segment]:
    """Cut a page into prose, code and blocks, in order, keeping every character."""
    lines = markdown.splitlines(keepends=True)
    prose: list[str] = []
    prose_start = 1
    index = 0
    while index < len(lines):
        match = _FENCE.match(lines[index].rstrip("\n"))
        if not match or (match["fence"][0] == "`" and "`" in match["info"]):
            prose.append(lines[index])
            index += 1
            continue
        if prose:
            yield Segment("".join(prose), prose_start, "prose")
            prose = []
        start = index
        fence = match["fence"]
        end = _closing_fence(lines, start + 1, fence)
        body = lines[start + 1 : end]
        text = "".join(lines[start : end + 1])
        info = match["info"].split()[0] if match["info"] else ""
        if info in BLOCK_KINDS:
            if end >= len(lines):
                raise SourceError(f"the {info} block is never closed with {fence}", start + 1)
            yield Segment(text, start + 1, "block", parse_block(info, body, start + 1))
        else:
            yield Segment(text, start + 1, "code")
        index = end + 1
        prose_start = index + 1
    if prose:
        yield Segment("".join(prose), prose_start, "prose")


def _closing_fence(lines: list[str], start: int, fence: str) -> int:
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if (
            stripped
            and set(stripped) == {fence[0]}
            and len(stripped) >= len(fence)
            and len(lines[index]) - len(lines[index].lstrip(" ")) <= 3
        ):
            return index
    return len(lines)


def parse_block(kind: str, body: list[str], fence_line: int) -> Block:
    """Read the ``key: value`` lines of a block; unknown or repeated keys are errors."""
    options: dict[str, str] = {}
    option_lines: dict[str, int] = {}
    for offset, raw in enumerate(body, start=1):
        line_number = fence_line + offset
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        match = _OPTION.match(raw)
        if not match:
            raise SourceError(
                f"{kind} block: expected 'key: value', found {raw.strip()!r}", line_number
            )
        key, value = match["key"].lower(), match["value"]
        if key not in KEYS[kind]:
            allowed = ", ".join(sorted(KEYS[kind]))
            raise SourceError(f"{kind} block: unknown key {key!r} (allowed: {allowed})", line_number)
        if key in options:
            raise SourceError(f"{kind} block: {key!r} is given twice", line_number)
        if not value:
            raise SourceError(f"{kind} block: {key!r} has no value", line_number)
        options[key] = value
        option_lines[key] = line_number
    if "record" in options and "code" in options:
        raise SourceError(f"{kind} block: give either 'record' or 'code', not both", fence_line)
    if "moves" in options and "code" not in options:
        raise SourceError(f"{kind} block: 'moves' needs a 'code' to start from", option_lines["moves"])
    if "record" not in options and "code" not in options:
        raise SourceError(f"{kind} block: it needs a 'record' or a 'code'", fence_line)
    return Block(kind, options, fence_line, option_lines)
