"""Message catalogs: one JSON file per language serves the docs, the diagrams and the game.

A message is a string with ``{name}`` placeholders, or, for counts, an object of CLDR
plural categories (``one``, ``few``, ``other``…) chosen through Babel. The browser game
reads the same files and chooses categories with ``Intl.PluralRules``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from babel import Locale

from .cards import Card
from .errors import HalfMoonError
from .moves import Source, is_reserve

DEFAULT_LANGUAGE = "en"
FSI, PDI = "\u2068", "\u2069"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

Message = str | dict[str, str]


class TranslationError(HalfMoonError):
    """A message that is missing, or asked for with the wrong placeholders."""


def catalog_dir() -> Path:
    return Path(str(resources.files("halfmoon") / "catalogs"))


def available_languages() -> tuple[str, ...]:
    """Every language with a catalog, the default first."""
    found = sorted(path.stem for path in catalog_dir().glob("*.json"))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


@dataclass(frozen=True)
class Catalog:
    """The messages of one language."""

    lang: str
    messages: Mapping[str, Message]

    @property
    def locale(self) -> Locale:
        return Locale.parse(self.lang)

    @property
    def rtl(self) -> bool:
        return self.locale.character_order == "right-to-left"

    @property
    def direction(self) -> str:
        return "rtl" if self.rtl else "ltr"

    def _message(self, key: str) -> Message:
        try:
            return self.messages[key]
        except KeyError:
            raise TranslationError(f"catalog {self.lang!r} has no message {key!r}") from None

    def text(self, key: str, **params: object) -> str:
        message = self._message(key)
        if not isinstance(message, str):
            raise TranslationError(f"message {key!r} in {self.lang!r} needs a count: use plural()")
        return fill(message, params, key=key, lang=self.lang)

    def plural(self, key: str, count: int, **params: object) -> str:
        """The message for ``count`` in the plural form CLDR picks for this language."""
        message = self._message(key)
        if isinstance(message, str):
            raise TranslationError(f"message {key!r} in {self.lang!r} has no plural forms")
        category = self.plural_category(count)
        form = message.get(category, message.get("other"))
        if form is None:
            raise TranslationError(f"message {key!r} in {self.lang!r} lacks the form {category!r}")
        return fill(form, {"count": count, **params}, key=key, lang=self.lang)

    def plural_category(self, count: int) -> str:
        return self.locale.plural_form(count)

    def isolate(self, text: str) -> str:
        """Wrap an insert (card, code, sum) in FSI…PDI on right-to-left languages."""
        return f"{FSI}{text}{PDI}" if self.rtl else text

    # --- cards and sources in this language ---------------------------------------------

    def card(self, card: Card) -> str:
        """Short form with this language's letters, e.g. ``V♣`` in French."""
        return self.text(f"card.letter.{card.rank_text}") + self.text(f"card.suit_symbol.{card.suit}")

    def card_words(self, card: Card) -> str:
        """The card in words, e.g. "queen of hearts", "дама червей"."""
        return self.text(
            "card.words",
            rank=self.text(f"card.rank_name.{card.rank_text}"),
            suit=self.text(f"card.suit_name.{card.suit}"),
        )

    def source(self, source: Source) -> str:
        """"pile 3" or "slot R3" in this language."""
        if is_reserve(source):
            return self.text("source.slot", slot=source)
        return self.text("source.pile", pile=source)


def fill(message: str, params: Mapping[str, object], *, key: str = "?", lang: str = "?") -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in params:
            raise TranslationError(f"message {key!r} in {lang!r} needs the value {{{name}}}")
        return str(params[name])

    return PLACEHOLDER.sub(replace, message)


def load_messages(path: Path) -> dict[str, Message]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise TranslationError(f"{path}:{error.lineno}:{error.colno}: {error.msg}") from None
    if not isinstance(data, dict):
        raise TranslationError(f"{path}: a catalog is a JSON object of messages")
    return data


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (a code such as ``he``); raises TranslationError if none."""
    path = catalog_dir() / f"{lang}.json"
    if not path.exists():
        known = ", ".join(available_languages())
        raise TranslationError(f"no catalog for language {lang!r} (have: {known})")
    return Catalog(lang, load_messages(path))


def placeholders(message: Message) -> set[str]:
    forms = [message] if isinstance(message, str) else list(message.values())
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def check_catalogs(directory: Path | None = None) -> list[str]:
    """Every problem found: missing or extra messages, placeholders, plural forms."""
    directory = directory or catalog_dir()
    reference = load_messages(directory / f"{DEFAULT_LANGUAGE}.json")
    problems: list[str] = []
    for path in sorted(directory.glob("*.json")):
        lang = path.stem
        messages = load_messages(path)
        try:
            locale = Locale.parse(lang)
        except (ValueError, LookupError):
            problems.append(f"{path.name}: {lang!r} is not a language Babel knows")
            continue
        needed = {locale.plural_form(n) for n in (*range(0, 200), 1000, 10**6, 10**7)}
        for key in sorted(reference.keys() - messages.keys()):
            problems.append(f"{path.name}: missing message {key!r}")
        for key in sorted(messages.keys() - reference.keys()):
            problems.append(f"{path.name}: message {key!r} is not in {DEFAULT_LANGUAGE}.json")
        for key in sorted(reference.keys() & messages.keys()):
            ours, theirs = messages[key], reference[key]
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
                unknown = set(ours) - set(PLURAL_CATEGORIES)
                if unknown:
                    problems.append(f"{path.name}: {key!r} has unknown plural forms {sorted(unknown)}")
                for category in sorted(needed - set(ours)):
                    problems.append(f"{path.name}: {key!r} lacks the plural form {category!r}")
                if "other" not in ours:
                    problems.append(f"{path.name}: {key!r} lacks the plural form 'other'")
            elif not ours.strip():
                problems.append(f"{path.name}: {key!r} is empty")
    return problems
