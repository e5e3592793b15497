"""The message catalogs as the plugin meets them: checked once per build, then published.

A catalog that cannot be read, or holds a message that is not text (or an object of
plural forms that are text), is an error naming the catalog file and the line of the
message, never a traceback in the middle of a page.
"""

from __future__ import annotations

import json

from halfmoon import HalfMoonError, i18n
from halfmoon.errors import shown_path
from halfmoon.i18n import Catalog, TranslationError

from .errors import SourceError


def checked_catalog(lang: str) -> Catalog:
    """The catalog of ``lang``, its every message checked to be text or plural forms (by the
    engine, which reads the file once); a fault is an error at the catalog's file and line."""
    path = i18n.catalog_dir() / f"{lang}.json"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in i18n.catalog_dir().glob("*.json")))
        raise SourceError(f"no catalog for the page's language {lang!r} (have: {known})")
    try:
        return i18n.catalog(lang)
    except TranslationError as error:
        raise SourceError(error.reason, error.line, shown_path(error.path or path)) from None
    except OSError as error:
        raise SourceError(f"cannot read it: {error.strerror or error}", None, shown_path(path)) from None


def engine_error(error: HalfMoonError, lang: str) -> SourceError:
    """An engine error met while writing a page; a catalog's own fault names the catalog."""
    if isinstance(error, TranslationError):
        return SourceError(f"{error} (in {shown_path(i18n.catalog_dir() / f'{lang}.json')})")
    return SourceError(str(error))


def catalog_fault(lang: str, message: str) -> SourceError:
    """``message`` as an error of the catalog of ``lang``, met outside any page's text."""
    return SourceError(message, path=shown_path(i18n.catalog_dir() / f"{lang}.json"))


def placeholder_errors(catalogs: dict[str, Catalog]) -> list[SourceError]:
    """A message that lacks a placeholder of its English message (or has one English lacks),
    each an error at its catalog's file and line: filling it would drop the value unseen."""
    reference = catalogs.get(i18n.DEFAULT_LANGUAGE)
    if reference is None:
        return []
    errors = []
    translations = {lang: catalog.messages for lang, catalog in catalogs.items()
                    if lang != i18n.DEFAULT_LANGUAGE}
    english_slips = i18n.english_outliers(translations, reference.messages)
    for lang, messages in translations.items():
        path = i18n.catalog_dir() / f"{lang}.json"
        try:
            faults = i18n.placeholder_faults(path, messages, reference.messages, english_slips)
        except (HalfMoonError, OSError) as error:  # changed since it was read: the next build says
            faults = [TranslationError(str(error), path)]
        errors += [SourceError(fault.reason, fault.line, shown_path(fault.path or path))
                   for fault in faults]
    return errors


def published(languages: tuple[str, ...]) -> tuple[dict[str, bytes], list[SourceError]]:
    """Each catalog as the browser game receives it, and the errors of those that fail (a
    message without a placeholder of its English message is an error too, but published)."""
    texts: dict[str, bytes] = {}
    read: dict[str, Catalog] = {}
    errors = []
    for lang in languages:
        try:
            read[lang] = checked_catalog(lang)
        except SourceError as error:
            errors.append(error)
            continue
        texts[lang] = (json.dumps(dict(read[lang].messages), ensure_ascii=False, indent=1) + "\n").encode()
    return texts, errors + placeholder_errors(read)
