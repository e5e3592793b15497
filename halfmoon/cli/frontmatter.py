"""A page's ``translated_from:`` in its front matter: read, written, and checked as MkDocs reads it.

MkDocs opens a page with universal newlines and drops a byte order mark, so ``\\r\\n`` and a
lone ``\\r`` end lines as ``\\n`` does. Here the page is edited as it is written on the disk: its
byte order mark and its own line endings stay, and only the ``translated_from:`` line changes
(or a front matter is added, in the page's line ending). A front matter that MkDocs would not
take (never closed, not a mapping, a second one after the first) is refused, never added to.
"""

from __future__ import annotations

import re

import yaml

from ..i18n import TranslationError

BOM = "\ufeff"
_NL = r"(?:\r\n|\r|\n)"
# As mkdocs.utils.meta.YAML_RE, with any line ending: "---", its lines, "---" or "...". Also
# met and mended when written: no lines at all, and a closing line that ends the file.
_FRONT = re.compile(rf"---[ \t]*{_NL}(?P<body>(?:.*?{_NL})?)(?P<close>---|\.\.\.)[ \t]*(?P<end>{_NL}|\Z)",
                    re.S)
_OPENING = re.compile(rf"---[ \t]*(?:{_NL}|\Z)")
_LINE = re.compile(rf"[^\r\n]*{_NL}?")
# The key's line: in YAML as written; in meta-data lines as MkDocs reads them (up to three spaces
# before, any case). Its value is the rest of the line.
_TRANSLATED = re.compile(r"translated_from[ \t]*:(?P<value>.*)")
_TRANSLATED_META = re.compile(r"[ ]{0,3}translated_from:(?P<value>.*)", re.I)
# MkDocs's MultiMarkdown meta-data (a page without "---" whose first lines are "key: value").
_META = re.compile(r"[ ]{0,3}[A-Za-z0-9_-]+:")
_META_MORE = re.compile(r"(?:[ ]{4}|\t)")
# MkDocs's own pattern, over the text as MkDocs reads it (line endings made "\n").
_MKDOCS_FRONT = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.S)


def newline_of(text: str) -> str:
    """The line ending of the first line of ``text`` ("\\n" when it has only one line)."""
    found = re.search(_NL, text)
    return found.group() if found else "\n"


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its own line ending."""
    return [line for line in _LINE.findall(text) if line]


def _bare(line: str) -> str:
    return line.rstrip("\r\n")


def _meta_block(text: str) -> int:
    """The length of the MultiMarkdown meta-data lines at the top of ``text`` (0: none)."""
    end, first = 0, True
    for line in _lines(text):
        bare = _bare(line)
        if not bare.strip() or not (_META.match(bare) or (not first and _META_MORE.match(bare))):
            break
        end += len(line)
        first = False
    return end


def _mapping(body: str) -> bool:
    try:
        return isinstance(yaml.safe_load(body.replace("\r\n", "\n").replace("\r", "\n")), dict)
    except yaml.YAMLError:
        return False


def translated_from(text: str) -> str | None:
    """The ``translated_from:`` value of a page's front matter (or meta-data lines), or None."""
    rest = text.removeprefix(BOM)
    front = _FRONT.match(rest)
    if front is not None:
        block, key = front["body"], _TRANSLATED
    else:
        block, key = ("" if _OPENING.match(rest) else rest[:_meta_block(rest)]), _TRANSLATED_META
    for line in _lines(block):
        found = key.fullmatch(_bare(line))
        if found:
            return found["value"].strip()
    return None


def with_translated_from(text: str, value: str, where: str = "the page") -> str:
    """``text`` with ``translated_from: value`` in its front matter (the line replaced, or added
    at its end; a front matter added when the page has none), every other character kept."""
    problem = _problem(text.removeprefix(BOM), mending=True)
    if problem is not None:
        raise TranslationError(f"{where}: {problem}; mend it by hand first")
    bom = BOM if text.startswith(BOM) else ""
    rest = text[len(bom):]
    newline = newline_of(rest)
    line = f"translated_from: {value}"
    front = _FRONT.match(rest)
    if front is not None:
        body = _with_line(front["body"], line, newline_of(front.group()), _TRANSLATED)
        closing = rest[front.start("close"):front.start("end")] + (front["end"] or newline)
        return bom + rest[:front.start("body")] + body + closing + rest[front.end():]
    meta = _meta_block(rest)
    if meta:
        return bom + _with_line(rest[:meta], line, newline, _TRANSLATED_META) + rest[meta:]
    return f"{bom}---{newline}{line}{newline}---{newline}{newline}{rest}"


def _with_line(block: str, line: str, newline: str, key: re.Pattern[str]) -> str:
    """The lines of ``block`` with their ``key`` line replaced by ``line`` (or ``line`` added);
    a meta-data line's continuation lines go with it."""
    kept: list[str] = []
    done = replacing = False
    for old in _lines(block):
        bare = _bare(old)
        if replacing and key is _TRANSLATED_META and _META_MORE.match(bare):
            continue
        replacing = False
        if key.fullmatch(bare):
            if not done:
                kept.append(line + old[len(bare):])
                done = True
            replacing = True
            continue
        kept.append(old)
    if not done:
        if kept and kept[-1] == _bare(kept[-1]):  # a last line without its line break
            kept[-1] += newline
        kept.append(line + newline)
    return "".join(kept)


def front_matter_problem(text: str) -> str | None:
    """Why MkDocs would not read the page's front matter as the tools do, or None: opened and
    never closed, not a mapping, ``translated_from`` given twice, a second front matter after
    the first (an earlier tool's damage: it shows on the page as text), or closed at the very
    end of the file without a line break."""
    return _problem(text.removeprefix(BOM), mending=False)


def _problem(rest: str, *, mending: bool) -> str | None:
    if not _OPENING.match(rest):
        seen = rest.replace("\r\n", "\n").replace("\r", "\n")
        late = _MKDOCS_FRONT.match(seen.lstrip("\n")) if seen.startswith("\n") else None
        if late is not None and _mapping(late[1]):
            return ("its front matter comes after an empty line, not on the first line: MkDocs "
                    "shows it as text")
        return None
    front = _FRONT.match(rest)
    if front is None:
        return ("it opens a front matter ('---') that no '---' or '...' line closes: MkDocs shows "
                "it as text")
    body = front["body"]
    if body.strip() and not _mapping(body):
        return "its front matter is not 'key: value' lines of YAML: MkDocs shows it as text"
    if sum(bool(_TRANSLATED.fullmatch(_bare(line))) for line in _lines(body)) > 1:
        return "its front matter gives translated_from twice"
    after = rest[front.end():].replace("\r\n", "\n").replace("\r", "\n").lstrip("\n")
    second = _MKDOCS_FRONT.match(after)
    if second is not None and _mapping(second[1]):
        return ("a second front matter follows the first (MkDocs shows it as text): merge the "
                "two into one")
    if not mending and not front["end"]:
        return ("its front matter's closing line ends the file without a line break: MkDocs "
                "shows it as text")
    return None
