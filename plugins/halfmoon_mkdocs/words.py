"""Cards, sources, moves and counts in the words of one language, as HTML or plain text.

The words themselves (messages, plurals, lists, cards) are the engine's ``Catalog``; this is
its adapter for pages: each message's own text made inert HTML (the catalog's ``escape`` hook),
each value from a catalog or from data written as text, never as markup.
HTML goes into pages; plain text into ``<title>``, ``<desc>`` and captions read aloud.
On right-to-left pages every insert (card, code, source, sum) is one isolated left-to-right
unit: ``<bdi dir="ltr">`` in HTML, LRI…PDI in plain text, so the bidi algorithm cannot
reorder ``R3``, ``5 + 6 = 11`` or an Arabic card ``ب♠`` (rank first, as on the card).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from halfmoon import Card, Source
from halfmoon.i18n import PLACEHOLDER, Catalog, TranslationError, catalog
from halfmoon.moves import is_reserve

from .errors import SourceError

# What inserts write goes into the page's Markdown before Markdown runs: each character that
# Markdown, raw HTML or an extension (attr_list's {…}, tables' |) could read as markup is
# written as a character reference, so catalog text and published data stay text (a
# "[cards](javascript:…)" in a catalog is shown as written, never made a link; with no bracket
# left, parentheses cannot make one and stay as they are). Line breaks and "#" too: an insert
# often starts a line of the page, where a break, "# ", "- ", "1. " or an indent would start
# a heading, a list or a code block.
_INERT = {char: f"&#{ord(char)};" for char in "\\`*_[]!{}|~#\n\r"}
_INERT.update({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_MARKUP = re.compile("[" + re.escape("".join(_INERT)) + "]")
# What starts a block where it starts a line: an indent, a list's mark, a rule or a heading's
# underline, "1. " or "1) ".
_BLOCK_START = re.compile(r"[ \t]+|[-+=](?=[\s\-+=]|$)|\d+[.)](?=\s|$)")


def _references(text: str) -> str:
    return "".join(f"&#{ord(char)};" for char in text)


def _escaped_markup(text: str) -> str:
    return _MARKUP.sub(lambda match: _INERT[match.group()], text)


def inert(text: str) -> str:
    """``text`` as HTML that no Markdown reading can turn into markup, links or images, even
    where it starts a line."""
    start = _BLOCK_START.match(text)
    cut = start.end() if start else 0
    return _references(text[:cut]) + _escaped_markup(text[cut:])


def _inert_message(message: str) -> str:
    """A message made inert, its ``{placeholders}`` kept for ``fill``: the text between them
    is never at a line's start, but the message's own start may be."""
    pieces, last = [], 0
    for match in PLACEHOLDER.finditer(message):
        pieces += [_inert_within(message[last:match.start()], last), match.group()]
        last = match.end()
    pieces.append(_inert_within(message[last:], last))
    return "".join(pieces)


def _inert_within(text: str, offset: int) -> str:
    return inert(text) if offset == 0 else _escaped_markup(text)


# The class of a unit the page keeps on one line (halfmoon.css: white-space: nowrap).
UNIT_CLASS = "hm-unit"


class Writer:
    """Writes generated words for one language, either as HTML or as plain text."""

    def __init__(self, lang: str, *, html: bool) -> None:
        self.catalog: Catalog = catalog(lang)
        self.lang = lang
        self.html = html
        self._words: tuple[Catalog, Catalog] | None = None

    @property
    def words(self) -> Catalog:
        """The catalog writing its messages' own text as this writer writes (inert HTML or as
        written); its values are the writer's, already written."""
        if self._words is None or self._words[0] is not self.catalog:
            self._words = (self.catalog, self.catalog.escaping(_inert_message) if self.html
                           else self.catalog)
        return self._words[1]

    def as_text(self) -> Writer:
        return self if not self.html else Writer(self.lang, html=False)

    # --- building blocks --------------------------------------------------------------

    def insert(self, text: str) -> str:
        """An isolated left-to-right insert: a card, a code, a source name, a sum."""
        if not self.html:
            return self.catalog.isolate(text)
        return f'<bdi dir="ltr">{inert(text)}</bdi>' if self.catalog.rtl else inert(text)

    def unit(self, html: str) -> str:
        """``html`` kept on one line: a deal code, a card or a source never breaks inside (a
        browser may break "HM1-N-" from "AAAAAAB" at its hyphen, or a Japanese pile name from
        its number)."""
        return f'<span class="{UNIT_CLASS}">{html}</span>' if self.html else html

    def text(self, key: str, **params: str) -> str:
        """Message ``key`` with ``params`` already written by this writer (not escaped again)."""
        self._message(key, str)
        return self.words.text(key, **params)

    def plural(self, key: str, count: int, **params: str) -> str:
        self._message(key, dict)
        return self.words.plural(key, count, **params)

    def number(self, value: int | float) -> str:
        """``value`` as the language writes it (Babel's, to the language's own rules)."""
        return self.catalog.number(value)

    def has_plural(self, key: str) -> bool:
        return isinstance(self.catalog.messages.get(key), dict)

    def has_text(self, key: str) -> bool:
        return isinstance(self.catalog.messages.get(key), str)

    def _message(self, key: str, kind: type) -> str | dict[str, str]:
        message = self.catalog.messages.get(key)
        if message is None:
            raise SourceError(f"the {self.lang!r} catalog has no message {key!r}")
        if not isinstance(message, kind):
            wanted = "a plain message" if kind is str else "a message with plural forms"
            raise SourceError(f"message {key!r} in {self.lang!r} is not {wanted}")
        return message

    # --- the things pages talk about --------------------------------------------------

    def card(self, card: Card) -> str:
        try:
            return self.unit(self.insert(self.catalog.card(card)))
        except TranslationError as error:
            raise SourceError(str(error)) from None

    def source(self, source: Source) -> str:
        """"pile 3" or "slot R3" (nominative), the number or slot name isolated."""
        self._message("source.slot" if is_reserve(source) else "source.pile", str)
        return self.unit(self.words.source(source, name=self.insert(source)))

    def card_from(self, card: Card, source: Source) -> str:
        """"5♠ from pile 1": the card with where it is taken from."""
        written = self.card(card)
        self._message("docs.move.card_from_slot" if is_reserve(source) else "docs.move.card_from_pile", str)
        return self.words.card_from(card, source, written=written, name=self.insert(source))

    def card_at(self, card: Card, source: Source) -> str:
        """"J♣ (pile 8)": a card and the source it lies on."""
        return self.text("docs.marked.item", card=self.card(card), source=self.source(source))

    def join(self, items: Sequence[str]) -> str:
        """"A, B and C" in this language."""
        if len(items) > 1:
            self._message("docs.list.separator", str)
            self._message("docs.list.and", str)
        return self.words.join(items)

    def move_words(self, removed: Sequence[tuple[Source, Card]]) -> str:
        """"5♠ from pile 1 and 6♦ from pile 8"."""
        return self.join([self.card_from(card, source) for source, card in removed])

    def sum_words(self, cards: Sequence[Card]) -> str:
        """"5 + 6 = 11" (no-break spaces) for a pair; the three ranks for a triple."""
        if all(card.is_face for card in cards):
            return self.text("docs.sum.triple")
        values = [card.rank for card in cards]
        # No-break spaces: a sum never breaks across lines (a broken one reads as two sums).
        return self.insert("\u00a0+\u00a0".join(map(str, values)) + f"\u00a0=\u00a0{sum(values)}")

    def count(self, count: int, noun: str, case: str | None = None) -> str:
        """"104 cards" with the plural form CLDR picks; ``noun`` names ``docs.count.*``.

        ``case`` picks a grammatical case form a language adds, ``docs.count.moves.dative``
        ("nach 48 Zügen"), where the noun's usual form does not fit the sentence.
        """
        key = f"docs.count.{noun}"
        if not self.has_plural(key):
            raise SourceError(f"no count noun {noun!r}: the catalog has no plural message {key!r}")
        if case is not None:
            key = f"{key}.{case}"
            if not self.has_plural(key):
                raise SourceError(f"the {self.lang!r} catalog has no case form {key!r} "
                                  f"(case={case} needs it, with plural forms)")
        return self.plural(key, count)

    def code(self, code: object) -> str:
        return self.unit(self.insert(str(code)))

    def notation(self, move: object) -> str:
        return self.unit(self.insert(str(move)))
