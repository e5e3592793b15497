"""Finding the ``{{hm …}}`` inserts of running text, and what only looks like one.

Inserts inside inline code are left alone. ``{{HM …}}``, ``{{ hm …}}``, ``{hm …}}`` and an
insert closed with one brace are errors, so a typo never ships as raw text.

One pass per paragraph; every search moves forward, so the time is linear in the size
of the text (no regular expression here can backtrack).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from halfmoon.errors import ECHO_LIMIT, quoted

from .errors import SourceError

_BACKTICKS = re.compile(r"`+")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_BRACE = re.compile(r"[{}]")
# Starts only at the first brace of a run, and never gives back what it took: each
# character is looked at a bounded number of times.
_OPENING = re.compile(r"(?<!\{)\{++[ \t]*+[hH][mM]")
_SPACE = " \t\n\r\f\v"


@dataclass(frozen=True)
class Found:
    """An insert at ``start:end`` of the text, its body, or the error it is."""

    start: int
    end: int
    line: int
    body: str = ""
    error: SourceError | None = None


def find_inserts(text: str, first_line: int = 1) -> Iterator[Found]:
    """Every insert or near-insert of ``text`` outside inline code, in order."""
    counter = _LineCounter(text, first_line)
    for start, end in _paragraphs(text):
        code = _code_spans(text, start, end)
        position = start
        while True:
            match = _OPENING.search(text, position, end)
            if match is None:
                break
            span = next((s for s in code.skip_to(match.start()) if s[0] <= match.start()), None)
            if span is not None:
                position = span[1]
                continue
            found = _read_insert(text, match, end, counter)
            yield found
            position = max(found.end, match.end())


def _read_insert(text: str, match: re.Match[str], end: int, counter: _LineCounter) -> Found:
    start = match.start()
    line = counter.line_at(start)
    opening = match.group()
    closing = _BRACE.search(text, match.end(), end)
    stop = closing.start() if closing else end
    shown = quoted(text[start : min(stop + 2, end, start + ECHO_LIMIT + 1)])  # no more is echoed
    if opening != "{{hm":
        what = ("opens with one brace" if not opening.startswith("{{") else
                "opens with more than two braces" if opening.startswith("{{{") else
                "must start '{{hm' exactly (lower case, no space)")
        return Found(start, stop, line, error=SourceError(f"misspelt insert {shown}: it {what}",
                                                          line))
    if closing is None or not text.startswith("}}", stop):
        return Found(start, stop, line, error=SourceError(
            f"insert {shown} is not closed with '}}}}' in its paragraph", line))
    body = text[match.end() : stop]
    if body and body[0] not in _SPACE:
        return Found(start, stop, line, error=SourceError(f"misspelt insert {shown}", line))
    return Found(start, stop + 2, line, body=body)


class _LineCounter:
    """Line numbers of increasing offsets, counted once over the text."""

    def __init__(self, text: str, first_line: int) -> None:
        self.text = text
        self.offset = 0
        self.line = first_line

    def line_at(self, offset: int) -> int:
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line


def _paragraphs(text: str) -> Iterator[tuple[int, int]]:
    """Offsets of the runs of text between blank lines (inline code never crosses one)."""
    start = 0
    for blank in _BLANK_LINE.finditer(text):
        yield start, blank.start() + 1
        start = blank.end() - 1
    yield start, len(text)


class _Spans:
    """Code spans of a paragraph in order, consumed front to back."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.spans = spans
        self.index = 0

    def skip_to(self, offset: int) -> list[tuple[int, int]]:
        """The first span not ending before ``offset`` (or nothing), dropping earlier ones."""
        while self.index < len(self.spans) and self.spans[self.index][1] <= offset:
            self.index += 1
        return self.spans[self.index : self.index + 1]


def _code_spans(text: str, start: int, end: int) -> _Spans:
    """CommonMark code spans: a run of n backticks up to the next run of exactly n."""
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text, start, end)]
    following: dict[int, int] = {}
    next_same = [0] * len(runs)
    for index in range(len(runs) - 1, -1, -1):
        length = runs[index][1] - runs[index][0]
        next_same[index] = following.get(length, -1)
        following[length] = index
    spans = []
    index = 0
    while index < len(runs):
        closing = next_same[index]
        if closing < 0:
            index += 1
            continue
        spans.append((runs[index][0], runs[closing][1]))
        index = closing + 1
    return _Spans(spans)
