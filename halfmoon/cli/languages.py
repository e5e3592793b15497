"""The translator's tools: ``new-language``, ``translation-status`` and ``mark-translated``.

A new language starts as a copy of English in which everything is marked untranslated:
catalog values begin with ``[untranslated]``, pages say ``translated_from: untranslated`` in
their front matter, the palette labels in ``mkdocs.yml`` carry the marker too. The site
builds at once (with English stand-ins); ``translation-status --strict`` fails until every
marker is gone. A translated page records the git blob hash of the English page it follows
(``translated_from:``), so that a later change to the English page shows up as work to do,
with the ``git diff`` that shows what changed.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import i18n, typography
from ..errors import HalfMoonError, quoted
from ..files import write_atomic
from ..i18n import (
    DEFAULT_LANGUAGE,
    PLACEHOLDER,
    Message,
    TranslationError,
    english_outliers,
    language_locale,
    load_messages,
    placeholder_faults,
    plural_categories,
)
from ..typography import read_page
from .frontmatter import front_matter_problem, translated_from, with_translated_from
from .siteconfig import Site, SiteLanguage, read_site, with_language_entry

UNTRANSLATED = "[untranslated] "
MAX_NAME = 100  # characters of a language's name in the language switcher
# Characters that start markup or a reference: no language's name in itself needs them, and
# where a hand writes one into mkdocs.yml the theme's switcher still shows it as text.
NOT_IN_A_NAME = "<>&"
NOT_YET = "untranslated"


def register(subparsers: argparse._SubParsersAction) -> None:
    new = subparsers.add_parser(
        "new-language",
        help="start a language: its catalog, pages and mkdocs.yml entry, all marked untranslated",
    )
    new.add_argument("code", help="the language's ISO 639 code, such as it")
    new.add_argument("--name", help="the language's name in itself, such as Italiano "
                                    "(default: CLDR's)")
    new.add_argument("--config", type=Path, default=Path("mkdocs.yml"),
                     help="the site's mkdocs.yml (default: ./mkdocs.yml)")
    new.set_defaults(run=run_new_language)

    status = subparsers.add_parser(
        "translation-status",
        help="per language: messages missing or untranslated, pages whose English changed",
    )
    status.add_argument("--config", type=Path, default=Path("mkdocs.yml"),
                        help="the site's mkdocs.yml (default: ./mkdocs.yml)")
    status.add_argument("--strict", action="store_true",
                        help="exit 1 while any language has work to do")
    status.set_defaults(run=run_translation_status)

    mark = subparsers.add_parser(
        "mark-translated",
        help="record in translated pages which version of the English page they follow",
    )
    mark.add_argument("pages", nargs="+", type=Path, metavar="PAGE",
                      help="a translated page, such as docs/it/index.md")
    mark.add_argument("--config", type=Path, default=Path("mkdocs.yml"),
                      help="the site's mkdocs.yml (default: ./mkdocs.yml)")
    mark.set_defaults(run=run_mark_translated)


# --- new-language ----------------------------------------------------------------------------


def run_new_language(args: argparse.Namespace) -> int:
    code = args.code
    locale = language_locale(code)  # refuses codes that are no language, and paths
    name = args.name or (locale.get_display_name(code) or code).capitalize()
    if len(name) > MAX_NAME or not name.strip() or not name.isprintable():
        raise TranslationError(f"--name must be one printable line of at most {MAX_NAME} characters")
    markup = sorted(set(name) & set(NOT_IN_A_NAME))
    if markup:
        raise TranslationError(
            f"--name {quoted(name)}: a language's name is shown as text in the language menu of "
            f"every page; write it without {' '.join(markup)} (no markup, no character references)")
    check_theme_language(code)
    site = read_site(args.config)
    catalog_path = i18n.catalog_dir() / f"{code}.json"
    pages_dir = site.docs_dir / code
    # Nothing is written unless everything can be: a half-added language loses nothing either.
    if site.language(code) is not None:
        raise TranslationError(f"{args.config}: the site already has the language {code!r}")
    for existing in (catalog_path, pages_dir):
        if existing.exists():
            raise TranslationError(f"{existing} already exists; remove it or pick another code")
    english = site.docs_dir / site.default.code
    pages = site.translated_pages()
    for page in pages:
        if not (english / page).is_file():
            raise TranslationError(f"{english / page}: no such English page to copy")

    palette = [UNTRANSLATED + label for label in site.default.palette_labels]
    config_text = with_language_entry(args.config, code, name, palette)  # checked before any write
    copies = {page: with_translated_from(read_page(english / page), NOT_YET, str(english / page))
              for page in pages}
    catalog_text = json.dumps(untranslated_catalog(code), ensure_ascii=False, indent=2) + "\n"
    add_language_files(catalog_path, catalog_text, pages_dir, copies, args.config, config_text)

    print(f"{name} ({code}) added, every text marked {UNTRANSLATED.strip()}:")
    print(f"  {catalog_path}  (plural forms: {', '.join(plural_categories(code))})")
    print(f"  {pages_dir}/  ({', '.join(pages)})")
    print(f"  {args.config}  (the language's entry, with its palette labels)")
    print(f"  search: {search_note(code)}")
    print("Next: translate them, then `halfmoon mark-translated` each page; "
          "`halfmoon translation-status` lists what is left.")
    return 0


def add_language_files(catalog_path: Path, catalog_text: str, pages_dir: Path,
                       pages: dict[str, str], config: Path, config_text: str) -> None:
    """Write a new language's catalog, pages and configuration all together or not at all.

    The pages are written into a hidden folder beside their own, which is renamed into place;
    the configuration, which makes the language part of the site, comes last. If any step
    fails (a full disk, Ctrl-C), what was written is removed again, so the same command can
    simply be run once more."""
    staged = Path(tempfile.mkdtemp(prefix=".hm-new-", dir=pages_dir.parent))
    written: list[Path] = []
    try:
        for page, text in pages.items():
            (staged / page).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(staged / page, text)
        write_atomic(catalog_path, catalog_text)
        written.append(catalog_path)
        os.rename(staged, pages_dir)  # refused if pages_dir has appeared since (and is not empty)
        written.append(pages_dir)
        write_atomic(config, config_text)
    except BaseException as error:
        for path in (staged, *reversed(written)):
            with contextlib.suppress(OSError):
                if path.is_dir():
                    shutil.rmtree(path)
                else:
                    path.unlink()
        if isinstance(error, OSError):
            raise TranslationError(f"cannot add the language: {error.strerror or error}"
                                   f"{f' ({error.filename})' if error.filename else ''}; "
                                   "nothing was added") from None
        if isinstance(error, HalfMoonError):
            raise TranslationError(f"{error}; nothing was added") from None
        raise


def untranslated_catalog(code: str) -> dict[str, Message]:
    """English's messages, each marked untranslated, with exactly ``code``'s plural forms."""
    english = load_messages(i18n.catalog_dir() / f"{DEFAULT_LANGUAGE}.json")
    categories = plural_categories(code)
    messages: dict[str, Message] = {}
    for key, message in english.items():
        if isinstance(message, str):
            messages[key] = UNTRANSLATED + message
        else:
            messages[key] = {
                category: UNTRANSLATED + message.get(category, message["other"])
                for category in categories
            }
    return messages


def search_note(code: str) -> str:
    """How the site's search will cut and match words of ``code`` in its own index."""
    from importlib.util import find_spec

    spec = find_spec("material")
    if spec is None or not spec.submodule_search_locations:
        return "Material for MkDocs is not installed here"
    folder = Path(spec.submodule_search_locations[0]) / "templates/assets/javascripts/lunr/min"
    index = f"site/{code}/search/search_index.json"
    if not (folder / f"lunr.{code}.min.js").exists():
        return (f"Material's search has no stemmer for {code}: its own index ({index}) finds "
                "words as written (whole, or by their beginning), in any letters; if the "
                "language separates words with a mark other than a space, a hyphen or "
                "punctuation, add it to the search plugin's separator in mkdocs.yml")
    note = f"its own index ({index}) is read with Material's lunr.{code}"
    if code == "ja":
        return note + ", and TinySegmenter cuts the text into words, nothing to configure"
    if code in SPACELESS_SEGMENTERS:
        return (note + f"; but Material's index cuts {code} text at spaces "
                f"only ({SPACELESS_SEGMENTERS[code]}), so a word is found when a space "
                "comes before it: try the search box by eye")
    return note + ", which stems its words, nothing to configure"


# Languages written without spaces whose segmenter Material does not apply to the pages' text
# (its own tokenizer replaces lunr's, and uses only TinySegmenter, for Japanese).
SPACELESS_SEGMENTERS = {
    "th": "the worker loads wordcut.js, which its index never calls",
    "zh": "it cuts Chinese into words only while building, with the Python package jieba",
}


# --- pages and their English source ----------------------------------------------------------


def git_blob_hash(data: bytes) -> str:
    """The hash git gives this content (``git hash-object``), so ``git diff OLD NEW`` works."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def run_mark_translated(args: argparse.Namespace) -> int:
    site = read_site(args.config)
    for page in args.pages:
        lang, english = english_source(site, page)
        value = git_blob_hash(read_page(english).encode("utf-8"))
        write_atomic(page, with_translated_from(read_page(page), value, str(page)))
        print(f"{page}: translates {english} as it is now ({value[:12]})")
    return 0


def check_theme_language(code: str) -> None:
    """Refuse a language Material cannot build a page in (it has no language partial for it)."""
    try:
        import material
    except ImportError:  # no theme installed here: the build will say
        return
    partials = Path(material.__file__).parent / "templates" / "partials" / "languages"
    if partials.is_dir() and not (partials / f"{code}.html").is_file():
        raise TranslationError(
            f"the theme (Material for MkDocs) has no language {code!r}: its pages could not be built "
            f"(it has {len(list(partials.glob('*.html')))} languages, e.g. "
            f"{', '.join(sorted(p.stem for p in partials.glob('*.html'))[:8])}…)"
        )


def english_source(site: Site, page: Path) -> tuple[SiteLanguage, Path]:
    docs = site.docs_dir.resolve()
    try:
        relative = page.resolve().relative_to(docs)
    except ValueError:
        raise TranslationError(f"{page}: not a page under {site.docs_dir}") from None
    lang = site.language(relative.parts[0]) if len(relative.parts) > 1 else None
    if lang is None or lang.default:
        raise TranslationError(f"{page}: not in the folder of a translated language")
    # Only what is absent is "no such page": a folder, a pipe or a device is named as such
    # when it is read (typography.read_page).
    if not page.exists():
        raise TranslationError(f"{page}: no such page")
    english = site.docs_dir / site.default.code / Path(*relative.parts[1:])
    if not english.exists():
        raise TranslationError(f"{page}: there is no English page {english} it translates")
    return lang, english


# --- translation-status ----------------------------------------------------------------------


@dataclass
class LanguageStatus:
    language: SiteLanguage
    todo: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def run_translation_status(args: argparse.Namespace) -> int:
    site = read_site(args.config)
    english = load_messages(i18n.catalog_dir() / f"{DEFAULT_LANGUAGE}.json")
    unfinished = 0
    # The source language has nothing to translate, but its typography is checked all the same.
    slips = typography_todo(site, site.default)
    unfinished += bool(slips)
    print(f"{site.default.code} ({site.default.name}, the source): "
          + (f"{len(slips)} typographic slip(s) to mend" if slips else "typography right"))
    for line in slips:
        print(f"  {line}")
    english_own = english_slips(site, english)
    for lang in site.translations:
        status = language_status(site, lang, english, english_own)
        unfinished += bool(status.todo)
        verdict = f"{len(status.todo)} to do" if status.todo else "complete"
        print(f"{lang.code} ({lang.name}): {verdict}")
        for line in status.todo:
            print(f"  {line}")
        for line in status.notes:
            print(f"  note: {line}")
    if unfinished and args.strict:
        print(f"halfmoon: {unfinished} language(s) not fully translated", file=sys.stderr)
        return 1
    return 0


def english_slips(site: Site, english: dict[str, Message]) -> frozenset[str]:
    """The keys where English, not the translations, has the placeholders wrong (i18n.english_outliers)."""
    translations = {}
    for lang in site.translations:
        path = i18n.catalog_dir() / f"{lang.code}.json"
        if path.is_file():
            translations[lang.code] = load_messages(path)
    return english_outliers(translations, english)


def language_status(site: Site, lang: SiteLanguage, english: dict[str, Message],
                    slips: frozenset[str] = frozenset()) -> LanguageStatus:
    status = LanguageStatus(lang)
    path = i18n.catalog_dir() / f"{lang.code}.json"
    if not path.is_file():
        status.todo.append(f"no catalog {path}")
    else:
        messages = load_messages(path)
        here = Path.cwd()
        status.todo += [f"{_near(fault.path or path, here)}:{fault.line}: {fault.reason}"
                        for fault in placeholder_faults(path, messages, english, slips)]
        for key in english:
            if key not in messages:
                status.todo.append(f"message {key!r} is missing")
            elif _marked(messages[key]):
                status.todo.append(f"message {key!r} is still marked untranslated")
        same = [key for key in english if key in messages and _same_words(messages[key], english[key])]
        if same:
            status.notes.append(
                f"{len(same)} message(s) read as in English (right where the words are the "
                f"same): {', '.join(same)}"
            )
    for label in lang.palette_labels:
        if label.startswith(UNTRANSLATED):
            status.todo.append(f"palette label {label!r} in {site.config} is untranslated")
    for page in site.translated_pages():
        status.todo += _page_todo(site, lang, page)
    status.todo += typography_todo(site, lang)
    return status


def typography_todo(site: Site, lang: SiteLanguage) -> list[str]:
    """Each typographic slip of the language's catalog and pages (halfmoon/typography.py's
    rules), as ``file:line: what``."""
    here = Path.cwd()
    return [f"typography: {_near(problem.path, here)}:{problem.line}: {problem.message}"
            for problem in typography.language_problems(i18n.catalog_dir(), site.docs_dir, lang.code)]


def _near(path: Path, here: Path) -> Path:
    """``path`` relative to ``here`` when it lies below it (as a translator would type it)."""
    try:
        return path.resolve().relative_to(here.resolve())
    except ValueError:
        return path


def _page_todo(site: Site, lang: SiteLanguage, page: str) -> list[str]:
    translated = site.docs_dir / lang.code / page
    english = site.docs_dir / site.default.code / page
    if not translated.is_file():
        return [f"page {translated} is missing"]
    try:
        text = read_page(translated)
    except HalfMoonError as error:
        return [str(error)]
    problem = front_matter_problem(text)
    if problem is not None:
        return [f"page {translated}: {problem}"]
    recorded = translated_from(text)
    if recorded == NOT_YET:
        return [f"page {translated} is untranslated"]
    if recorded is None:
        return [f"page {translated} does not say which English version it translates "
                f"(when it matches {english}: halfmoon mark-translated {translated})"]
    current = git_blob_hash(read_page(english).encode("utf-8")) if english.is_file() else None
    if recorded != current:
        return [f"page {translated}: {english} changed since it was translated "
                f"(see: git diff {recorded[:12]} {(current or '')[:12]}; then "
                f"halfmoon mark-translated {translated})"]
    return []


def _forms(message: Message) -> list[str]:
    return [message] if isinstance(message, str) else list(message.values())


def _marked(message: Message) -> bool:
    return any(form.startswith(UNTRANSLATED) for form in _forms(message))


def _same_words(ours: Message, theirs: Message) -> bool:
    """Identical to English and made of words (digits, suits and punctuation are the same anyway)."""
    english = set(_forms(theirs))
    return any(form in english and any(char.isalpha() for char in PLACEHOLDER.sub("", form))
               for form in _forms(ours))
