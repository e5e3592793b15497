"""The message catalogs as the plugin meets them: checked once per build, then published.

A catalog that cannot be read, or holds a message that is not text (or an object of
plural forms that are text), is an error naming the catalog file and the line of the
message, never a traceback in the middle of a page.
"""

from __future__ import annotations

import json
from pathlib import Path

from halfmoon import HalfMoonError, i18n
from halfmoon.i18n import Catalog, TranslationError

from .errors import SourceError

MAX_CATALOG_BYTES = 5_000_000


def checked_catalog(lang: str) -> Catalog:
    """The catalog of ``lang``, its every message checked to be text or plural forms."""
    path = i18n.catalog_dir() / f"{lang}.json"
    shown = _shown(path)
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in i18n.catalog_dir().glob("*.json")))
        raise SourceError(f"no catalog for the page's language {lang!r} (have: {known})")
    text = _text(path, shown)
    try:
        messages = json.loads(text)
    except json.JSONDecodeError as error:
        raise SourceError(f"not valid JSON: {error.msg} (column {error.colno})", error.lineno,
                          shown) from None
    except (ValueError, RecursionError) as error:  # numbers too long, nesting too deep
        raise SourceError(f"not a catalog: {error}", 1, shown) from None
    if not isinstance(messages, dict):
        raise SourceError("a catalog is a JSON object of messages", 1, shown)
    for key, message in messages.items():
        problem = i18n.message_problem(key, message)
        if problem:
            raise SourceError(problem, _line_of(text, key), shown)
    try:
        return i18n.catalog(lang)
    except HalfMoonError as error:  # what only the engine checks, such as a key given twice
        raise SourceError(str(error).replace(f"{path}: ", ""), 1, shown) from None


def _text(path: Path, shown: str) -> str:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SourceError(f"cannot read it: {error.strerror or error}", None, shown) from None
    if len(data) > MAX_CATALOG_BYTES:
        raise SourceError(f"larger than {MAX_CATALOG_BYTES:,} bytes", None, shown)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SourceError(f"not UTF-8 text (byte {data[error.start]:#04x})", line, shown) from None


def engine_error(error: HalfMoonError, lang: str) -> SourceError:
    """An engine error met while writing a page; a catalog's own fault names the catalog."""
    if isinstance(error, TranslationError):
        return SourceError(f"{error} (in {_shown(i18n.catalog_dir() / f'{lang}.json')})")
    return SourceError(str(error))


def catalog_fault(lang: str, message: str) -> SourceError:
    """``message`` as an error of the catalog of ``lang``, met outside any page's text."""
    return SourceError(message, path=_shown(i18n.catalog_dir() / f"{lang}.json"))


def _line_of(text: str, key: str) -> int:
    """The line where ``key`` is written in the catalog (1 if it is written with escapes)."""
    offset = text.find(json.dumps(key, ensure_ascii=False))
    return text.count("\n", 0, offset) + 1 if offset >= 0 else 1


def _shown(path: Path) -> str:
    """The path relative to the working folder when inside it (``halfmoon/catalogs/en.json``)."""
    path = path.resolve()
    return str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path)


def published(languages: tuple[str, ...]) -> tuple[dict[str, bytes], list[SourceError]]:
    """Each catalog as the browser game receives it, and the errors of those that fail."""
    texts: dict[str, bytes] = {}
    errors = []
    for lang in languages:
        try:
            messages = dict(checked_catalog(lang).messages)
        except SourceError as error:
            errors.append(error)
            continue
        texts[lang] = (json.dumps(messages, ensure_ascii=False, indent=1) + "\n").encode()
    return texts, errors
