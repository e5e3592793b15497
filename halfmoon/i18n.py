"""Message catalogs: one JSON file per language serves the docs, the diagrams and the game.

A message is a string with ``{name}`` placeholders, or, for counts, an object of CLDR
plural categories (``one``, ``few``, ``other``…) chosen through Babel. The browser game
reads the same files and chooses categories with ``Intl.PluralRules``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from .cards import Card
from .errors import HalfMoonError, located, quoted
from .files import NotAFileError, read_regular
from .moves import Source, is_reserve
from .numerals import UNSPACED_SENTENCES, localized_number

DEFAULT_LANGUAGE = "en"
# Isolates (UAX #9): LRI…PDI keeps a card, code, source or sum one left-to-right unit
# whatever letters it holds ("ب♠" stays rank-first); FSI…PDI lets words take their own direction.
LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Hebrew writes a one-letter prefix (ו "and", ב, ל, מ, ה, ש, כ, or two of them) joined to the
# word after it; a maqaf separates it only from a digit, a Latin letter or a sign ("ו־5♠",
# "ב־HM1", but "וערימה 3"). A message writes "ו־{last}", and the value decides.
HEBREW_PREFIX = re.compile(r"(?<![\u05d0-\u05ea])[\u05d5\u05d1\u05dc\u05de\u05d4\u05e9\u05db]{1,2}\u05be$")
MAQAF = "\u05be"
# What may stand before a value's first letter without being text: tags, isolates, marks.
_LEADING_MARKUP = re.compile(r"(?:<[^>]*>|[\u2066-\u2069\u200e\u200f])*")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
# A language subtag, as the site's folders and catalogs are named: never a path.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")
# Codes Babel accepts that name no language ("undetermined", "multiple", "no content"…).
NOT_LANGUAGES = frozenset({"und", "mul", "mis", "zxx", "root"})
MAX_CATALOG_BYTES = 4 * 1024 * 1024

Message = str | dict[str, str]


class TranslationError(HalfMoonError):
    """A message that is missing, or asked for with the wrong placeholders; or a catalog file
    that cannot be read, with the ``path`` of the file and the ``line`` at fault where known."""

    def __init__(self, reason: str, path: str | os.PathLike[str] | None = None,
                 line: int | None = None) -> None:
        self.reason = reason
        self.path = None if path is None else Path(path)
        self.line = line
        super().__init__(located(reason, path, line))


def language_locale(code: str) -> Locale:
    """The Babel locale of a language code such as ``it``; TranslationError if it names none."""
    if LANGUAGE_CODE.fullmatch(code) and code not in NOT_LANGUAGES:
        try:
            locale = Locale.parse(code)
        except (ValueError, LookupError, UnknownLocaleError):
            pass
        else:
            if locale.language == code:
                return locale
    raise TranslationError(
        f"{quoted(code)} is not a language code: use a two- or three-letter ISO 639 code "
        "that CLDR knows, such as 'it' or 'pt'"
    )


def is_language(code: str) -> bool:
    try:
        language_locale(code)
    except TranslationError:
        return False
    return True


def text_direction(lang: str) -> str:
    """``rtl`` or ``ltr`` from CLDR: the one source of a language's direction."""
    locale = language_locale(lang)
    return "rtl" if locale.character_order == "right-to-left" else "ltr"


def plural_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories of ``lang`` (``other`` always), in CLDR's order."""
    used = set(language_locale(lang).plural_form.tags) | {"other"}
    return tuple(category for category in PLURAL_CATEGORIES if category in used)


def catalog_dir() -> Path:
    return Path(str(resources.files("halfmoon") / "catalogs"))


def available_languages() -> tuple[str, ...]:
    """Every language with a catalog, the default first (files named like no language are left out)."""
    found = sorted(path.stem for path in catalog_dir().glob("*.json") if is_language(path.stem))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


def as_written(message: str) -> str:
    return message


@dataclass(frozen=True)
class Catalog:
    """The messages of one language: the one words layer of the pages, the diagrams and the
    game (docs/assets/game/i18n.js has a ``Catalog`` with the same methods, camelCased, checked
    against this one through tests/data/words.jsonl).

    ``escape`` is the hook for a page's HTML: it writes each message's own text before its
    values are filled in (the values are written by the caller, already as the page needs
    them). Plain text, as here by default, keeps the message as written.
    """

    lang: str
    messages: Mapping[str, Message]
    escape: Callable[[str], str] = field(default=as_written, compare=False, repr=False)

    def escaping(self, escape: Callable[[str], str]) -> Catalog:
        """This catalog with each message's own text written by ``escape`` (e.g. as HTML)."""
        return replace(self, escape=escape)

    @property
    def locale(self) -> Locale:
        return language_locale(self.lang)

    @property
    def direction(self) -> str:
        return text_direction(self.lang)

    @property
    def rtl(self) -> bool:
        return self.direction == "rtl"

    def _message(self, key: str) -> Message:
        try:
            return self.messages[key]
        except KeyError:
            raise TranslationError(f"catalog {self.lang!r} has no message {key!r}") from None

    def text(self, key: str, **params: object) -> str:
        message = self._message(key)
        if not isinstance(message, str):
            raise TranslationError(f"message {key!r} in {self.lang!r} needs a count: use plural()")
        return fill(self.escape(message), params, key=key, lang=self.lang)

    def plural(self, key: str, count: int, **params: object) -> str:
        """The message for ``count`` in the plural form CLDR picks for this language, the
        count written as the language writes numbers."""
        message = self._message(key)
        if isinstance(message, str):
            raise TranslationError(f"message {key!r} in {self.lang!r} has no plural forms")
        category = self.plural_category(count)
        form = message.get(exact_form(count), message.get(category, message.get("other")))
        if form is None:
            raise TranslationError(f"message {key!r} in {self.lang!r} lacks the form {category!r}")
        return fill(self.escape(form), {"count": self.number(count), **params}, key=key, lang=self.lang)

    def plural_category(self, count: int) -> str:
        return self.locale.plural_form(count)

    def number(self, value: int | float) -> str:
        """``value`` as the language writes it (Babel's, to the language's own rules)."""
        return localized_number(format_decimal(value, locale=self.locale), self.lang)

    def isolate(self, text: str) -> str:
        """A card, code, source or sum as one left-to-right unit (LRI…PDI) on right-to-left pages."""
        return f"{LRI}{text}{PDI}" if self.rtl else text

    def isolate_words(self, text: str) -> str:
        """Words inserted into a sentence (FSI…PDI): kept apart, in their own direction."""
        return f"{FSI}{text}{PDI}" if self.rtl else text

    def join(self, items: Sequence[str]) -> str:
        """"A, B and C" as this catalog writes lists (no serial comma unless it says so)."""
        if len(items) < 2:
            return "".join(items)
        separator = self.text("docs.list.separator")
        return self.text("docs.list.and", items=separator.join(items[:-1]), last=items[-1])

    def join_sentences(self, sentences: Iterable[str]) -> str:
        """Sentences one after another: a space between them, none in Japanese."""
        return join_sentences(sentences, self.lang)

    # --- cards and sources in this language ---------------------------------------------

    def card(self, card: Card) -> str:
        """Short form with this language's letters, e.g. ``V♣`` in French (not isolated: the
        caller isolates it where it stands in a sentence)."""
        return self.text(f"card.letter.{card.rank_text}") + self.text(f"card.suit_symbol.{card.suit}")

    def card_words(self, card: Card) -> str:
        """The card in words, e.g. "queen of hearts", "дама червей", "מלכת לב".

        A language whose rank name changes before the suit gives that form as
        ``card.rank_name.<rank>.construct`` (Hebrew מלכה, "queen", is מלכת in "מלכת לב").
        """
        rank = f"card.rank_name.{card.rank_text}"
        construct = f"{rank}.construct"
        return self.text(
            "card.words",
            rank=self.text(construct if isinstance(self.messages.get(construct), str) else rank),
            suit=self.text(f"card.suit_name.{card.suit}"),
        )

    def source(self, source: Source, *, name: str | None = None) -> str:
        """"pile 3" or "slot R3" in this language: ``name`` the pile's number or the slot's name
        as written, by default the number as it is and the slot's name isolated."""
        if is_reserve(source):
            return self.text("source.slot", slot=self.isolate(source) if name is None else name)
        return self.text("source.pile", pile=source if name is None else name)

    def card_from(self, card: Card, source: Source, *, written: str | None = None,
                  name: str | None = None) -> str:
        """"5♠ from pile 1", "6♦ from slot R8": the card in its letters, isolated, unless
        ``written`` gives it otherwise (in words, as HTML); ``name`` the source as written, by
        default the pile's number or the slot's name isolated."""
        written = self.isolate(self.card(card)) if written is None else written
        if is_reserve(source):
            return self.text("docs.move.card_from_slot", card=written,
                             slot=self.isolate(source) if name is None else name)
        return self.text("docs.move.card_from_pile", card=written, pile=source if name is None else name)


def join_sentences(sentences: Iterable[str], lang: str) -> str:
    """Sentences one after another: a space between them, none in Japanese."""
    return ("" if lang in UNSPACED_SENTENCES else " ").join(sentences)


def fill(message: str, params: Mapping[str, object], *, key: str = "?", lang: str = "?") -> str:
    pieces, last = [], 0
    for match in PLACEHOLDER.finditer(message):
        name = match.group(1)
        if name not in params:
            raise TranslationError(f"message {key!r} in {lang!r} needs the value {{{name}}}")
        value = str(params[name])
        pieces += [joined_before(message[last:match.start()], value), value]
        last = match.end()
    pieces.append(message[last:])
    return "".join(pieces)


def joined_before(text: str, value: str) -> str:
    """``text`` as it stands right before ``value``: a Hebrew prefix ending ``text`` keeps its
    maqaf only when ``value`` does not begin with a Hebrew letter (markup and isolates skipped)."""
    if not text.endswith(MAQAF) or not HEBREW_PREFIX.search(text):
        return text
    first = value[_LEADING_MARKUP.match(value).end():][:1]  # type: ignore[union-attr]
    return text[:-1] if "\u05d0" <= first <= "\u05ea" else text


def message_problem(key: str, message: object) -> str | None:
    """Why ``message`` cannot be a message (a string, or an object of plural forms), or None."""
    if isinstance(message, str):
        return None
    if not isinstance(message, dict):
        kind = {bool: "true/false", int: "a number", float: "a number", list: "a list",
                type(None): "null"}.get(type(message), type(message).__name__)
        return f"{key!r} is {kind}: a message is a string, or an object of plural forms"
    unknown = sorted(form for form in message
                     if form not in PLURAL_CATEGORIES and not EXACT_FORM.fullmatch(form))
    if unknown:
        return (f"{key!r} has unknown plural forms {unknown}: the CLDR categories are "
                f"{', '.join(PLURAL_CATEGORIES)}, or =N for exactly N")
    for form, text in message.items():
        if not isinstance(text, str):
            kind = "an object" if isinstance(text, dict) else "not a string"
            return f"{key!r}: its plural form {form!r} is {kind}; each form is a string"
    return None


def read_messages(path: Path) -> tuple[dict[str, Message], dict[str, TranslationError]]:
    """The well-formed messages of a catalog file, and for each malformed one (by key), why,
    at the line where it is written.

    Raises TranslationError (one line: the file, the line where known, and what is wrong) when
    the file cannot be read as a JSON object at all: not UTF-8, not JSON, nested without end,
    too big.
    """
    try:
        data = read_regular(path, MAX_CATALOG_BYTES)
    except NotAFileError as error:
        raise TranslationError(str(error).removeprefix(f"{path}: "), path) from None
    if len(data) > MAX_CATALOG_BYTES:
        raise TranslationError(f"larger than {MAX_CATALOG_BYTES // 2**20} MB, not a catalog", path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TranslationError(
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})", path,
            data.count(b"\n", 0, error.start) + 1,
        ) from None
    try:
        raw = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise TranslationError(f"not valid JSON: {error.msg} (column {error.colno})", path,
                               error.lineno) from None
    except RecursionError:
        raise TranslationError("nested too deeply; a catalog is one flat object", path, 1) from None
    except ValueError as error:  # a number of more digits than Python reads
        raise TranslationError(f"not a catalog: {error}", path, 1) from None
    except _DuplicateKey as error:
        raise TranslationError(f"message {error.key!r} is given twice", path,
                               line_of(text, error.key, 2)) from None
    if not isinstance(raw, dict):
        raise TranslationError("a catalog is a JSON object of messages", path, 1)
    messages: dict[str, Message] = {}
    malformed: dict[str, TranslationError] = {}
    for key, message in raw.items():
        problem = message_problem(key, message)
        if problem is None:
            messages[key] = message
        else:
            malformed[key] = TranslationError(problem, path, line_of(text, key))
    return messages, malformed


def line_of(text: str, key: str, occurrence: int = 1) -> int:
    """The line where ``key`` is written in a catalog's text for the ``occurrence``-th time (the
    first line if it is written with escapes and cannot be found)."""
    written, offset = json.dumps(key, ensure_ascii=False), -1
    for _ in range(occurrence):
        offset = text.find(written, offset + 1)
        if offset < 0:
            return 1
    return text.count("\n", 0, offset) + 1


class _DuplicateKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def load_messages(path: Path) -> dict[str, Message]:
    """The messages of a catalog file; TranslationError at the first malformed one."""
    messages, malformed = read_messages(path)
    if malformed:
        raise next(iter(malformed.values()))
    return messages


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (a code such as ``he``); raises TranslationError if none."""
    if not LANGUAGE_CODE.fullmatch(lang):
        language_locale(lang)  # raises: a language code, never a path
    path = catalog_dir() / f"{lang}.json"
    if not path.exists():
        known = ", ".join(available_languages())
        raise TranslationError(f"no catalog for language {lang!r} (have: {known})")
    return Catalog(lang, load_messages(path))


def case_form_of(key: str) -> str | None:
    """The message a language's added form belongs to: ``docs.count.moves.dative`` ->
    ``docs.count.moves``, ``card.rank_name.Q.construct`` -> ``card.rank_name.Q``.

    A language may add case forms of count nouns for the sentences where its nouns change
    with their case (the page asks for one with ``{{hm moves end case=dative}}``), and the
    construct form of a rank name that changes before the suit in ``card.words``.
    """
    parts = key.split(".")
    if len(parts) == 4 and parts[:2] == ["docs", "count"] and parts[3].isidentifier():
        return ".".join(parts[:3])
    if len(parts) == 4 and parts[:2] == ["card", "rank_name"] and parts[3] == "construct":
        return ".".join(parts[:3])
    return None


def exact_form(count: int) -> str:
    """The name of a plural message's form for exactly ``count`` ("=0", "=1"), which a message
    may add to CLDR's categories (as ICU's MessageFormat does) where the language writes that
    count in words ("ein Spiel", "une seule donne")."""
    return f"={count}"


EXACT_FORM = re.compile(r"=\d+")


def placeholders(message: Message) -> set[str]:
    forms = [message] if isinstance(message, str) else list(message.values())
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def english_outliers(translations: Mapping[str, Mapping[str, Message]],
                     reference: Mapping[str, Message]) -> frozenset[str]:
    """The keys whose placeholders every translation (two or more) writes alike, and English
    otherwise: English's own slip (a typo the engine names when it fills the message), not one
    for each translation to be blamed for."""
    if len(translations) < 2:
        return frozenset()
    found = set()
    for key, theirs in reference.items():
        written = {frozenset(placeholders(messages[key])) if key in messages else None
                   for messages in translations.values()}
        if len(written) == 1 and None not in written and written != {frozenset(placeholders(theirs))}:
            found.add(key)
    return frozenset(found)


def placeholder_faults(path: Path, messages: Mapping[str, Message], reference: Mapping[str, Message],
                       skip: AbstractSet[str] = frozenset()) -> list[TranslationError]:
    """Each message of the catalog at ``path`` (read as ``messages``) that lacks a placeholder of
    its English message (``reference``), or has one English lacks: the key and the placeholder
    named, at the message's line. ``fill`` would write the first without its value, silently.
    The keys of ``skip`` (english_outliers) are left to English's own error."""
    faults: list[TranslationError] = []
    text: str | None = None
    for key, ours in messages.items():
        theirs = reference.get(key) or reference.get(case_form_of(key) or "")
        if theirs is None or key in skip or case_form_of(key) in skip:
            continue
        missing, extra = placeholders(theirs) - placeholders(ours), placeholders(ours) - placeholders(theirs)
        if not missing and not extra:
            continue
        if text is None:  # for the lines: the messages themselves were read already
            try:
                text = read_regular(path, MAX_CATALOG_BYTES).decode("utf-8-sig", "replace")
            except (OSError, HalfMoonError):
                text = ""
        what = [f"{_placeholder_list(missing)} that {DEFAULT_LANGUAGE}.json has" if missing else "",
                f"{_placeholder_list(extra)} that {DEFAULT_LANGUAGE}.json does not" if extra else ""]
        verbs = " and ".join(f"{verb} {words}" for verb, words in zip(("lacks", "has"), what) if words)
        faults.append(TranslationError(f"message {key!r} {verbs}", path, line_of(text, key)))
    return faults


def _placeholder_list(names: set[str]) -> str:
    noun = "placeholder" if len(names) == 1 else "placeholders"
    return f"the {noun} " + ", ".join(f"{{{name}}}" for name in sorted(names))


def check_catalogs(directory: Path | None = None) -> list[str]:
    """Every problem found: missing or extra messages, placeholders, plural forms.

    Raises TranslationError when there is no readable ``en.json`` to compare with.
    """
    directory = directory or catalog_dir()
    reference_path = directory / f"{DEFAULT_LANGUAGE}.json"
    if not reference_path.is_file():
        raise TranslationError(f"{directory} has no {DEFAULT_LANGUAGE}.json to compare the catalogs with")
    reference, malformed = read_messages(reference_path)
    problems = [_named(error) for error in malformed.values()]
    for path in sorted(directory.glob("*.json")):
        if path != reference_path:
            problems += _catalog_problems(path, reference)
    return problems


def _named(error: TranslationError) -> str:
    """A malformed message as check-catalogs lists it: the file's name (they share one folder)."""
    return located(error.reason, error.path.name if error.path else None, error.line)


def _catalog_problems(path: Path, reference: Mapping[str, Message]) -> list[str]:
    lang = path.stem
    if not is_language(lang):
        return [f"{path.name}: {quoted(lang)} is not a language code CLDR knows; "
                "name the file after the language, such as it.json"]
    try:
        messages, malformed = read_messages(path)
    except (TranslationError, OSError) as error:
        return [str(error)]
    problems = [_named(error) for error in malformed.values()]
    categories = set(plural_categories(lang))
    for key in sorted(reference.keys() - messages.keys() - malformed.keys()):
        problems.append(f"{path.name}: missing message {key!r}")
    for key in sorted(messages.keys() - reference.keys()):
        if case_form_of(key) not in reference:
            problems.append(f"{path.name}: message {key!r} is not in {DEFAULT_LANGUAGE}.json")
    for key in sorted(messages.keys()):
        theirs = reference.get(key) or reference.get(case_form_of(key) or "")
        if theirs is None:
            continue
        ours = messages[key]
        if isinstance(ours, str) != isinstance(theirs, str):
            wanted = "a string" if isinstance(theirs, str) else "plural forms"
            problems.append(f"{path.name}: {key!r} must be {wanted}")
            continue
        if placeholders(ours) != placeholders(theirs):
            problems.append(
                f"{path.name}: {key!r} has placeholders {sorted(placeholders(ours))}, "
                f"{DEFAULT_LANGUAGE}.json has {sorted(placeholders(theirs))}"
            )
        if isinstance(ours, dict):
            for category in sorted(categories - set(ours)):
                problems.append(f"{path.name}: {key!r} lacks the plural form {category!r}")
            for category in sorted(set(ours) - categories):
                if EXACT_FORM.fullmatch(category):
                    continue
                problems.append(f"{path.name}: {key!r} has the plural form {category!r}, "
                                f"which {lang} does not use (it uses {', '.join(sorted(categories))})")
        elif not ours.strip():
            problems.append(f"{path.name}: {key!r} is empty")
    return problems
