"""SVG arc diagrams of a position (SPEC §4.5): cards, pile and slot labels, card counts.

``render_svg`` turns a position into a self-contained SVG string; ``text_alternative``
gives the same position in words, the text of the diagram's ``<desc>``.

The drawing holds no words, only numbers, slot names and card letters, so it is the
same in every language and right-to-left text never needs reordering (SPEC §4.6);
suits are paths, not font glyphs, so every renderer draws them.

Theming. Everything is styled through the classes and custom properties below; each
``var()`` carries its own fallback, so a standalone SVG looks right. The site overrides
the properties on ``.hm-diagram`` (e.g. for Material's dark palette). ``standalone=True``
writes the fallbacks in place of ``var()`` for renderers without custom properties
(cairosvg).

Classes, all under the root ``hm-diagram`` (the stylesheet is scoped to it, so the
game's own ``hm-red`` or ``hm-empty`` are never touched):

- ``hm-card`` with ``hm-red`` or ``hm-black``, and ``hm-marked`` for marked sources: a
  group of card faces. With ``palette="four"`` (the four-colour deck) diamonds are
  ``hm-blue`` and clubs ``hm-green`` instead (``FOUR_COLOUR_CLASSES``,
  ``FOUR_COLOUR_THEME``). A face takes its background from ``color``, its border from
  ``stroke`` and its suit shape from ``fill``.
- ``hm-rank`` with the card's colour class: the cards' letters and numbers.
- ``hm-empty``: dashed outlines of empty piles and slots.
- ``hm-label``: pile numbers and slot names; ``hm-count`` the counts, drawn on the
  ``hm-badge`` path.
- ``hm-ring`` with ``hm-marked`` (the ``marks``) or ``hm-removed`` (the ``removed``).

Nothing in the drawing is addressed by source: ``SLOT_BOXES`` gives each card's box.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from ..cards import DECK, Card
from ..dealcode import PILE_HEIGHT, PILES, RESERVE_SLOTS, DealCode
from ..errors import DiagramError, quoted
from ..i18n import catalog, join_sentences
from ..layout import ARC
from ..moves import PILE_SOURCES, RESERVE_SOURCES, SOURCES, Source, is_reserve, parse_source
from ..position import Position

__all__ = [
    "THEME", "CLASSES", "FOUR_COLOUR_THEME", "FOUR_COLOUR_CLASSES", "PALETTES",
    "WIDTH", "HEIGHT", "SLOT_BOXES",
    "render_svg", "text_alternative", "text_alternative_items", "resolve_theme", "summary",
    "check_xml_text", "DiagramError",
]

FONT_FAMILY = "DejaVu Sans,Arial,sans-serif"

# Custom property -> fallback colour: the whole palette a site may override.
THEME: dict[str, str] = {
    "--hm-card-bg": "#fff",
    "--hm-card-border": "#777",
    "--hm-card-fg": "#222",
    "--hm-red": "#c62828",
    "--hm-empty": "#999",
    "--hm-label": "#333",
    "--hm-count-bg": "#ddd",
    "--hm-count-fg": "#222",
    "--hm-mark": "#1e5bd8",
    "--hm-mark-bg": "#e4ecff",
    "--hm-removed": "#888",
}
CLASSES = (
    "hm-diagram", "hm-card", "hm-red", "hm-black", "hm-marked", "hm-rank", "hm-empty",
    "hm-label", "hm-badge", "hm-count", "hm-ring", "hm-removed",
)
# The four-colour deck (spades black, hearts red, diamonds blue, clubs green), asked for by
# colour-blind players: two more colours, each at least 4.5:1 on the faces, marked or not
# (tests/test_contrast.py). The default two-colour drawing is left exactly as it was.
FOUR_COLOUR_THEME: dict[str, str] = {**THEME, "--hm-blue": "#0044cc", "--hm-green": "#006400"}
FOUR_COLOUR_CLASSES = (*CLASSES, "hm-blue", "hm-green")
PALETTES = ("two", "four")
_SUIT_CLASS = {"two": {"S": "hm-black", "C": "hm-black", "H": "hm-red", "D": "hm-red"},
               "four": {"S": "hm-black", "C": "hm-green", "H": "hm-red", "D": "hm-blue"}}

# --- geometry ------------------------------------------------------------------------
CARD_W, CARD_H = 44, 60
PITCH_X, PITCH_Y = 54, 91
MARGIN = 8
WIDTH = 2 * MARGIN + 8 * PITCH_X + CARD_W
# Pile numbers, slot names and counts stay legible on a phone: at least 11 px where the
# drawing is 320 px wide (the narrowest phone screen), whatever the renderer.
TEXT_SIZE = math.ceil(11 * WIDTH / 320)

# Each card's box (x, y, width, height) in SVG units, placed by the board's arc (halfmoon.layout);
# its label and count sit below it.
SLOT_BOXES: dict[Source, tuple[int, int, int, int]] = {
    source: (round(MARGIN + col * PITCH_X), round(MARGIN + row * PITCH_Y), CARD_W, CARD_H)
    for source, (col, row) in ARC.items()
}
_CORNERS = {source: (x, y) for source, (x, y, _, _) in SLOT_BOXES.items()}

# --- artwork, drawn once in <defs> ------------------------------------------------------
# Suit shapes in card coordinates, centred on (22, 42) and about 22 units across; every
# subpath turns clockwise so that overlaps stay filled.
SUIT_PATHS = {
    "H": "M22 52C18 48 11 43 11 38C11 34 13.5 31.5 16.5 31.5C19 31.5 21 33 22 35.5"
         "C23 33 25 31.5 27.5 31.5C30.5 31.5 33 34 33 38C33 43 26 48 22 52Z",
    "D": "M22 30.5L30.5 42L22 53.5L13.5 42Z",
    "S": "M22 31C26 36 33 40 33 45C33 48.5 30.5 50.5 28 50.5C26 50.5 24.2 49.5 23.2 48L25 53H19"
         "L20.8 48C19.8 49.5 18 50.5 16 50.5C13.5 50.5 11 48.5 11 45C11 40 18 36 22 31Z",
    "C": "M17 36.5A5 5 0 1 1 27 36.5A5 5 0 1 1 17 36.5Z"
         "M11.5 45A5 5 0 1 1 21.5 45A5 5 0 1 1 11.5 45Z"
         "M22.5 45A5 5 0 1 1 32.5 45A5 5 0 1 1 22.5 45Z"
         "M23.3 41L25 53H19L20.7 41Z",
}
RANK_X, RANK_Y = CARD_W // 2, 24  # baseline centre of the card's letter or number
RING = 3  # how far a mark's outline stands out of the card (its 3px stroke: 1.5 more)
GAP = 4  # room for the mark's outline (and the labels' ascent) between a card and the row under it
RANK_SIZE = 19  # font size of the cards' letters and numbers
# Labels, counts and card letters are placed glyph by glyph from DejaVu Sans Bold's
# measures (other fonts come out slightly narrower): the advances of digits and of Latin and
# Cyrillic capitals in its units (2048 to the em), the height of a digit and the depth under
# the baseline in ems.
_UNITS_PER_EM = 2048
_ADVANCE_UNITS = dict(zip(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZЁАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
    (*[1425] * 10,
     1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
     1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485,  # A-Z
     1399, 1585, 1561, 1561, 1305, 1824, 1399, 2507, 1455, 1714, 1714, 1674, 1701, 2038, 1714,
     1741, 1714, 1501, 1503, 1397, 1579, 2031, 1579, 1900, 1655, 2530, 2715, 1924, 2122, 1561,
     1503, 2404, 1577),  # Ё, А-Я
    strict=True,
))
_DIGIT_HEIGHT_EM, _DESCENT_EM = 0.729, 0.236


def _advance(char: str, size: int) -> float:
    return _ADVANCE_UNITS[char] * size / _UNITS_PER_EM


LABEL_ADVANCE = {char: round(_advance(char, TEXT_SIZE)) for char in "R0123456789"}
DIGIT_HEIGHT = round(_DIGIT_HEIGHT_EM * TEXT_SIZE)
BADGE = DIGIT_HEIGHT + 4  # the diameter of the round badge behind a count
# The label starts a little left of the card's left edge and its count's badge follows it a
# fixed step on, so that a pile's number and its count read as two ("10 8", never "10⑧": 5
# units apart, 4 px on a phone's screen) and as one pile's (the next pile's number stands
# further off); under the widest label ("R3") the badge ends under the card's right edge.
LABEL_X = -2
LABEL_GAP = 5  # between a label and its own badge


def _count_x(source: Source) -> int:
    return LABEL_X + sum(LABEL_ADVANCE[char] for char in source) + LABEL_GAP + BADGE // 2


COUNT_XS: dict[Source, int] = {source: _count_x(source) for source in SOURCES}  # each badge's centre
COUNT_X = max(COUNT_XS.values())
NEXT_GAP = PITCH_X + LABEL_X - (COUNT_X + BADGE / 2)  # between a badge and the next card's label
assert COUNT_X + BADGE / 2 <= CARD_W and NEXT_GAP > LABEL_GAP, "a label runs into a badge"
assert MARGIN + LABEL_X >= 0, "the first column's labels leave the drawing"
# The baseline of labels and counts, with the badge centred on the digits.
LABEL_Y = CARD_H + RING + GAP + DIGIT_HEIGHT // 2 + BADGE // 2
assert LABEL_Y + _DESCENT_EM * TEXT_SIZE + RING + 2 <= PITCH_Y, "labels run into the row below"
HEIGHT = 2 * MARGIN + 3 * PITCH_Y + LABEL_Y  # the bottom margin is under the last baseline
# Counts are drawn as one <text> with a position per digit, anchored at the digit's start
# (cairosvg anchors a whole multi-position text at once): half a digit to the left.
COUNT_SHIFT = round(LABEL_ADVANCE["0"] / 2)

# A card face is a <use> of its suit's artwork: the face takes its colour from the
# inherited ``color``, its border from ``stroke``, the suit shape from ``fill``.
_CSS = (
    ".hm-diagram{font-family:" + FONT_FAMILY + f";font-weight:bold;font-size:{TEXT_SIZE}px}}"
    ".hm-diagram .hm-card{color:var(--hm-card-bg,#fff);stroke:var(--hm-card-border,#777)}"
    ".hm-diagram .hm-marked{color:var(--hm-mark-bg,#e4ecff)}"
    ".hm-diagram .hm-black{fill:var(--hm-card-fg,#222)}"
    ".hm-diagram .hm-red{fill:var(--hm-red,#c62828)}"
    f".hm-diagram .hm-rank{{font-size:{RANK_SIZE}px}}"
    ".hm-diagram .hm-empty{fill:none;stroke:var(--hm-empty,#999);stroke-width:1.5px;"
    "stroke-dasharray:4 3}"
    ".hm-diagram .hm-label{fill:var(--hm-label,#333)}"
    f".hm-diagram .hm-badge{{fill:none;stroke:var(--hm-count-bg,#ddd);stroke-width:{BADGE}px;"
    "stroke-linecap:round}"
    ".hm-diagram .hm-count{fill:var(--hm-count-fg,#222)}"
    ".hm-diagram .hm-ring{fill:none;stroke:var(--hm-mark,#1e5bd8);stroke-width:3px}"
    ".hm-diagram .hm-ring.hm-removed{stroke:var(--hm-removed,#888);stroke-width:2px;"
    "stroke-dasharray:3 3}"
)
_ID = re.compile(r"[A-Za-z][\w-]*")
# Characters XML 1.0 cannot hold (controls other than tab and line breaks, lone surrogates
# such as an undecodable byte in a command-line argument, U+FFFE and U+FFFF).
_CR = {"\r": "&#13;"}  # kept: a parser would read a bare carriage return as a line feed
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

_VAR = re.compile(r"var\(\s*--[\w-]+\s*,\s*([^()]+?)\s*\)")


def resolve_theme(svg: str) -> str:
    """The SVG with every ``var(--x, fallback)`` replaced by its fallback."""
    return _VAR.sub(r"\1", svg)


_CSS_FOUR = _CSS + (
    ".hm-diagram .hm-blue{fill:var(--hm-blue,#0044cc)}"
    ".hm-diagram .hm-green{fill:var(--hm-green,#006400)}"
)
_STYLES = {("two", False): _CSS, ("two", True): resolve_theme(_CSS),
           ("four", False): _CSS_FOUR, ("four", True): resolve_theme(_CSS_FOUR)}
assert all(f"var({name},{value})" in _CSS for name, value in THEME.items()), "THEME and CSS differ"
assert all(f"var({name},{value})" in _CSS_FOUR for name, value in FOUR_COLOUR_THEME.items()), \
    "FOUR_COLOUR_THEME and CSS differ"


def _defs(p: str) -> str:
    faces = "".join(
        f'<g id="{p}{suit}"><use href="#{p}c" fill="currentColor"/>'
        f'<path stroke="none" d="{d}"/></g>'
        for suit, d in SUIT_PATHS.items()
    )
    return (
        f'<defs><rect id="{p}c" width="{CARD_W}" height="{CARD_H}" rx="4"/>'
        f'<rect id="{p}m" x="-{RING}" y="-{RING}" width="{CARD_W + 2 * RING}" '
        f'height="{CARD_H + 2 * RING}" rx="6"/>{faces}</defs>'
    )


# --- the drawing -------------------------------------------------------------------------


def render_svg(
    position: Position | DealCode | str,
    *,
    lang: str = "en",
    marks: Iterable[Source | int] = (),
    removed: Iterable[Source | int] = (),
    id_prefix: str | None = None,
    title: str | None = None,
    standalone: bool = False,
    alternative: Sequence[str] | None = None,
    palette: str = "two",
) -> str:
    """The arc diagram of ``position`` as an SVG string (SPEC §4.5).

    ``marks`` and ``removed`` are sources to highlight (e.g. the next move's cards, and
    the sources the last move took cards from). Every id is ``id_prefix`` and one letter,
    which keeps ids unique when many diagrams sit in one page; by default the prefix is
    derived from everything drawn, so two different diagrams never share one (give
    your own, e.g. ``"fig3-"``, to show one diagram twice in a page). ``title``
    replaces the default ``<title>``; text XML cannot hold raises DiagramError.
    ``standalone`` writes plain colours instead of CSS custom properties.
    ``alternative``: the sentences ``text_alternative_items`` gives for the same position,
    marks and removed sources, when the caller has them already (the site also lists them
    under the figure), so they are written once.
    ``palette``: "two" (red and black) or "four" (diamonds blue, clubs green).
    """
    if palette not in PALETTES:
        raise DiagramError(f"palette {quoted(palette)}: choose {' or '.join(PALETTES)}")
    position = _as_position(position)
    cat = catalog(lang)
    marked = _sources(marks)
    gone = _sources(removed) - marked
    if title is None:
        title = default_title(position, lang)
    check_xml_text(title, "the title")
    if alternative is None:
        alternative = text_alternative_items(position, lang, marks=marked, removed=gone)
    description = join_sentences(alternative, lang)
    check_xml_text(description, f"the text alternative ({lang})")
    if id_prefix is None:
        id_prefix = _derived_prefix(position, lang, marked, gone, title)
    elif not _ID.fullmatch(id_prefix):
        raise DiagramError(f"id_prefix {quoted(id_prefix)}: start with a letter, then A-Z a-z 0-9 _ -")
    return "".join((
        _head(id_prefix, cat.lang, title, description, _STYLES[palette, standalone]),
        *_card_layers(position, id_prefix, _letters(lang), marked, gone, _SUIT_CLASS[palette]),
        "</svg>",
    ))


def check_xml_text(text: str, what: str) -> None:
    """Raise DiagramError naming the first character of ``text`` that XML 1.0 cannot hold."""
    bad = _NOT_XML.search(text)
    if bad is not None:
        char = bad.group()
        reason = "an undecodable byte" if "\udc80" <= char <= "\udcff" else "a control character"
        raise DiagramError(
            f"{what} has {reason} (U+{ord(char):04X}) at character {bad.start() + 1},"
            " which an SVG file cannot hold"
        )


def _head(p: str, lang: str, title: str, description: str, style: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hm-diagram" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="{WIDTH}" height="{HEIGHT}" role="img" aria-labelledby="{p}t"'
        f' direction="ltr" lang="{escape(lang)}">'
        f'<title id="{p}t">{escape(title, _CR)}</title><desc>{escape(description, _CR)}</desc>'
        f"<style>{style}</style>{_defs(p)}"
    )


def _card_layers(
    position: Position, p: str, letters: dict[Card, str], marked: frozenset[Source], gone: frozenset[Source],
    suit_class: dict[str, str],
) -> list[str]:
    """The drawing after ``<defs>``: a group of faces per look (colour and mark), a text of
    letters per colour, empty outlines, count badges, labels and counts, then the mark outlines."""
    cards: list[Card | None] = [pile[-1] if pile else None for pile in position.piles]
    cards += position.reserve
    counts = [len(pile) for pile in position.piles] + [int(c is not None) for c in position.reserve]
    if max(counts) > PILE_HEIGHT:
        raise DiagramError(f"a pile holds at most {PILE_HEIGHT} cards, not {max(counts)}")
    looks = list(dict.fromkeys(suit_class[suit] for suit in "HSDC"))  # hm-red, hm-black, …
    faces: dict[str, list[str]] = {look: [] for look in (*looks, *(f"{c} hm-marked" for c in looks))}
    ranks: dict[str, list[tuple[str, tuple[float, int]]]] = {look: [] for look in looks}
    unmeasured: list[str] = []
    empty, rings, gone_rings = [], [], []
    for source, card in zip(SOURCES, cards):
        x, y = _CORNERS[source]
        at = f'x="{x}" y="{y}"/>'
        if card is None:
            empty.append(f'<use href="#{p}c" {at}')
        else:
            colour = suit_class[card.suit]
            faces[f"{colour} hm-marked" if source in marked else colour].append(
                f'<use href="#{p}{card.suit}" {at}'
            )
            letter, centre, baseline = letters[card], x + RANK_X, y + RANK_Y
            advances = _rank_advances(letter)
            if advances is not None:
                ranks[colour] += _centred_glyphs(letter, advances, centre, baseline)
            else:  # a letter without measures: centred by the renderer, in a text of its own
                unmeasured.append(
                    f'<text class="hm-rank {colour}" x="{centre}" y="{baseline}" text-anchor="middle">'
                    f"{escape(letter)}</text>"
                )
        if source in marked:
            rings.append(f'<use href="#{p}m" {at}')
        elif source in gone:
            gone_rings.append(f'<use href="#{p}m" {at}')
    return [
        *(_group(f"hm-card {look}", items) for look, items in faces.items()),
        *(_placed_text(f"hm-rank {colour}", "".join(char for char, _ in glyphs), [at for _, at in glyphs])
          for colour, glyphs in ranks.items() if glyphs),
        *unmeasured,
        _group("hm-empty", empty),
        _BADGES,
        _LABELS,
        # A pile holds at most 8 cards: every count is one digit.
        _placed_text("hm-count", "".join(map(str, counts)), _COUNT_PLACES),
        _group("hm-ring hm-marked", rings), _group("hm-ring hm-removed", gone_rings),
    ]


@functools.cache
def _rank_advances(letter: str) -> tuple[float, ...] | None:
    """The advance of each glyph of a card's letter at its size, or None if one has no measures."""
    if not all(char in _ADVANCE_UNITS for char in letter):
        return None
    return tuple(_advance(char, RANK_SIZE) for char in letter)


def _centred_glyphs(letter: str, advances: tuple[float, ...], centre: int,
                    baseline: int) -> list[tuple[str, tuple[float, int]]]:
    """Each glyph of ``letter`` at its own start, so that the whole stands centred on ``centre``.

    A text with a position per glyph holds all the cards of one colour; ``text-anchor``
    cannot centre them, as cairosvg anchors such a text as a whole."""
    start = centre - sum(advances) / 2
    glyphs = []
    for char, advance in zip(letter, advances, strict=True):
        glyphs.append((char, (round(start, 1), baseline)))
        start += advance
    return glyphs


def _badge_path_element(centres: list[tuple[int, int]]) -> str:
    """Dashes of length 0, one per count: the round-capped stroke draws each badge, a disc."""
    parts, previous = [], None
    for x, y in centres:
        if previous is None:
            parts.append(f"M{x} {y}h0")
        else:  # relative moves from the previous badge keep the path short
            dy = y - previous[1]
            parts.append(f"m{x - previous[0]}{'' if dy < 0 else ' '}{dy}h0")  # "-" separates too
        previous = (x, y)
    return f'<path class="hm-badge" d="{"".join(parts)}"/>'


def _placed_text(classes: str, text: str, places: Sequence[tuple[float, int]]) -> str:
    xs = " ".join(f"{x:g}" for x, _ in places)
    ys = " ".join(str(y) for _, y in places)
    return f'<text class="{classes}" x="{xs}" y="{ys}">{escape(text)}</text>'


def _group(classes: str, items: list[str]) -> str:
    return f'<g class="{classes}">{"".join(items)}</g>' if items else ""


def _label_places() -> list[tuple[float, int]]:
    places: list[tuple[float, int]] = []
    for source in SOURCES:
        x, y = _CORNERS[source]
        label_x: float = x + LABEL_X
        for char in source:
            places.append((label_x, y + LABEL_Y))
            label_x += LABEL_ADVANCE[char]
    return places


# Labels, badges and the places of the counts are the same in every diagram: drawn once.
# One <text> for all labels and one for all counts, with a place for every glyph.
_LABELS = _placed_text("hm-label", "".join(SOURCES), _label_places())
_BADGES = _badge_path_element(
    [(_CORNERS[s][0] + COUNT_XS[s], _CORNERS[s][1] + LABEL_Y - DIGIT_HEIGHT // 2) for s in SOURCES]
)
_COUNT_PLACES = [(_CORNERS[s][0] + COUNT_XS[s] - COUNT_SHIFT, _CORNERS[s][1] + LABEL_Y) for s in SOURCES]


def _memo(lang: str) -> dict[object, Any]:
    """A memo of words for ``lang``, emptied whenever ``catalog(lang)`` gives another catalog
    (an edited catalog reloaded by a rebuild), so no cached word outlives its catalog."""
    cat = catalog(lang)
    held = _MEMOS.get(lang)
    if held is None or held[0] is not cat:
        held = _MEMOS[lang] = (cat, {})
    return held[1]


_MEMOS: dict[str, tuple[object, dict[object, Any]]] = {}


def _letters(lang: str) -> dict[Card, str]:
    memo = _memo(lang)
    if "letters" not in memo:
        cat = catalog(lang)
        memo["letters"] = {card: cat.text(f"card.letter.{card.rank_text}") for card in DECK}
    letters: dict[Card, str] = memo["letters"]
    return letters


def _as_position(position: Position | DealCode | str) -> Position:
    if isinstance(position, Position):
        return position
    return Position(position)


def _sources(items: Iterable[Source | int]) -> frozenset[Source]:
    if isinstance(items, str):  # a single source such as "R3", not its letters
        items = (items,)
    return frozenset(parse_source(item) for item in items)


def _derived_prefix(
    position: Position, lang: str, marked: frozenset[Source], gone: frozenset[Source], title: str
) -> str:
    key = "|".join((
        str(position.code), ",".join(map(str, position.key())), str(position.move_count), lang,
        ",".join(sorted(marked)), ",".join(sorted(gone)), title,
    ))
    digest = hashlib.blake2b(key.encode(), digest_size=5).digest()
    return "h" + base64.b32encode(digest).decode("ascii")[:6].lower()


# --- the words -------------------------------------------------------------------------------


def default_title(position: Position, lang: str = "en") -> str:
    cat = catalog(lang)
    code = cat.isolate(str(position.code))
    if position.move_count == 0:
        return cat.text("diagram.title.dealt", code=code)
    return cat.plural("diagram.title.after", position.move_count, code=code)


def text_alternative(
    position: Position | DealCode | str,
    lang: str = "en",
    *,
    marks: Iterable[Source | int] = (),
    removed: Iterable[Source | int] = (),
) -> str:
    """The position in words, one sentence per pile and slot in board order (plain text)."""
    return join_sentences(text_alternative_items(position, lang, marks=marks, removed=removed), lang)


def text_alternative_items(
    position: Position | DealCode | str,
    lang: str = "en",
    *,
    marks: Iterable[Source | int] = (),
    removed: Iterable[Source | int] = (),
) -> list[str]:
    """The sentences of ``text_alternative``: cards left, the 20 sources, then any marks."""
    position = _as_position(position)
    marked, gone = _sources(marks), _sources(removed)
    items = [summary(lang, position.cards_left())]
    for source, pile in zip(PILE_SOURCES, position.piles):
        items.append(_item(lang, source, len(pile), pile[-1] if pile else None))
    for source, card in zip(RESERVE_SOURCES, position.reserve):
        items.append(_item(lang, source, int(card is not None), card))
    cat = catalog(lang)
    if marked:
        # The cards themselves are in the sentences above: only the sources are listed.
        listed = [cat.source(source) for source in _board_order(marked)]
        items.append(cat.text("diagram.marked", sources=cat.join(listed)))
    if gone:
        items.append(_removed_sentence(position, lang, gone))
    return items


def _removed_sentence(position: Position, lang: str, gone: frozenset[Source]) -> str:
    """The cards the last move took and where from, when ``gone`` are its sources."""
    cat = catalog(lang)
    last = position.last_removal()
    if last is not None and set(last[0].sources) == gone:
        words = []
        for source, card in zip(last[0].sources, last[1]):
            words.append(cat.card_from(card, source, written=cat.isolate_words(cat.card_words(card))))
        return cat.text("diagram.removed_cards", cards=cat.join(words))
    listed = [cat.source(source) for source in _board_order(gone)]
    return cat.text("diagram.removed", sources=cat.join(listed))


def _board_order(sources: Iterable[Source]) -> list[Source]:
    return [source for source in SOURCES if source in sources]




def summary(lang: str, left: int) -> str:
    """How many cards are left, in words: the first sentence of every text alternative."""
    memo = _memo(lang)
    key = ("summary", left)
    if key not in memo:
        cat = catalog(lang)
        if left == 0:
            memo[key] = cat.text("diagram.summary.won")
        elif left == PILES * PILE_HEIGHT + RESERVE_SLOTS:  # as dealt: nothing is "left" yet
            memo[key] = cat.text("diagram.summary.dealt")
        else:
            memo[key] = cat.plural("diagram.summary", left)
    return memo[key]


def _item(lang: str, source: Source, count: int, card: Card | None) -> str:
    memo = _memo(lang)
    key = (source, count, card)
    if key not in memo:
        cat = catalog(lang)
        if is_reserve(source):
            kind, params = "slot", {"slot": cat.isolate(source)}
        else:
            kind, params = "pile", {"pile": source}
        if card is None:
            memo[key] = cat.text(f"diagram.item.{kind}_empty", **params)
        else:
            words = cat.isolate_words(cat.card_words(card))
            memo[key] = cat.plural(f"diagram.item.{kind}", count, card=words, **params)
    return memo[key]
