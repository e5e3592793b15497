"""Arc diagrams: the SVG read back as a drawing, its text alternative, PNG export, the CLI,
and a picture check of the SVG rendered through cairosvg (in Chromium: test_diagram_browser.py).

The SVG is read back by geometry only (where each card, label, count and ring sits), and
compared with the engine's position and with SPEC §4.5 and §4.6 written out here.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from diagram_helpers import (
    PICTURE_CASES,
    SCALE,
    cairo_image,
    example_record,
    picture_problems,
    thinned,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from halfmoon import DealCode, Position, Record
from halfmoon.cards import Card
from halfmoon.cli import main
from halfmoon.cli.siteconfig import site_language_codes
from halfmoon.diagram import HEIGHT, SLOT_BOXES, WIDTH, DiagramError, render_svg, text_alternative
from halfmoon.diagram.png import svg_to_png, write_png
from halfmoon.diagram.svg import LABEL_ADVANCE, LABEL_X
from halfmoon.i18n import FSI, LRI, PDI, catalog, text_direction
from halfmoon.moves import PILE_SOURCES, RESERVE_SOURCES, SOURCES

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = site_language_codes(ROOT / "mkdocs.yml")
RIGHT_TO_LEFT = [lang for lang in LANGUAGES if text_direction(lang) == "rtl"]
EXAMPLE = "HM1-N-AAAAAAB"
# Card letters per language (SPEC §4.6), written out independently of the catalogs; a
# language not written out here is checked against its catalog's letters.
LETTERS = {
    "en": {1: "A", 11: "J", 12: "Q", 13: "K"},
    "he": {1: "A", 11: "J", 12: "Q", 13: "K"},
    "fr": {1: "A", 11: "V", 12: "D", 13: "R"},
    "ru": {1: "Т", 11: "В", 12: "Д", 13: "К"},
    "de": {1: "A", 11: "B", 12: "D", 13: "K"},
    "es": {1: "A", 11: "J", 12: "Q", 13: "K"},
    "ar": {1: "A", 11: "J", 12: "Q", 13: "K"},
}
PILE_WORD = {"en": "Pile", "he": "ערימה", "ru": "Стопка", "fr": "Pile", "de": "Stapel",
             "es": "Montón", "ar": "الكومة"}
SLOT_WORD = {"en": "Slot", "he": "משבצת", "ru": "Ячейка", "fr": "Case", "de": "Feld",
             "es": "Casilla", "ar": "الخانة"}
EMPTY_WORD = {"en": "empty", "he": "ריקה", "ru": "пуста", "fr": "vide", "de": "leer",
              "es": "vací", "ar": "فارغة"}
# The sentences of the text alternative are checked word by word in these languages.
WORDED = [lang for lang in LANGUAGES if lang in PILE_WORD]


def cards_phrase(lang: str, n: int) -> str:
    """The CLDR plural of "n cards", by each language's rule written out by hand (a no-break
    space between the number and its noun)."""
    if lang == "en":
        return f"{n}\u00a0card" if n == 1 else f"{n}\u00a0cards"
    if lang == "fr":
        return f"{n}\u00a0carte" if n in (0, 1) else f"{n}\u00a0cartes"
    if lang == "he":
        return "קלף אחד" if n == 1 else f"{n}\u00a0קלפים"
    if lang == "de":
        return f"{n}\u00a0Karte" if n == 1 else f"{n}\u00a0Karten"
    if lang == "es":
        return "una carta" if n == 1 else f"{n}\u00a0cartas"
    if lang == "ar":  # one, two (dual), 3-10 plural, 11-99 singular accusative
        return {1: "ورقة واحدة", 2: "ورقتان"}.get(n) or (
            f"{n}\u00a0أوراق" if 3 <= n % 100 <= 10 else f"{n}\u00a0ورقة")
    if n % 10 == 1 and n % 100 != 11:
        return f"{n}\u00a0карта"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return f"{n}\u00a0карты"
    return f"{n}\u00a0карт"


def letter(lang: str, card: Card) -> str:
    if lang not in LETTERS:
        return catalog(lang).text(f"card.letter.{card.rank_text}")
    return LETTERS[lang].get(card.rank, str(card.rank))


# --- reading a diagram back -----------------------------------------------------------------


@dataclass
class Slot:
    label: str
    box: tuple[float, float, float, float]
    count: int | None = None
    suit: str | None = None
    colour: str | None = None
    rank: str | None = None
    rank_colour: str | None = None
    tinted: bool = False
    rings: list[str] = field(default_factory=list)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def glyphs(text: ET.Element) -> list[tuple[str, float, float]]:
    xs = [float(v) for v in text.get("x").split()]
    ys = [float(v) for v in text.get("y").split()]
    chars = text.text or ""
    assert len(xs) == len(ys) == len(chars), "one place per glyph"
    return list(zip(chars, xs, ys))


def inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    x, y = point
    bx, by, bw, bh = box
    return bx <= x <= bx + bw and by <= y <= by + bh


def suit_colour(look: set[str] | list[str] | str) -> str | None:
    """The colour a card's classes give it: red, black, blue or green (None for none)."""
    found = [name[3:] for name in ("hm-red", "hm-black", "hm-blue", "hm-green") if name in look]
    assert len(found) <= 1, f"two colours in {look}"
    return found[0] if found else None


def read_diagram(svg: str) -> dict[str, Slot]:
    """Every labelled position of the drawing: its card, count and marks, found by geometry."""
    root = ET.fromstring(svg)
    defs = {el.get("id"): el for el in root.iter() if el.get("id")}
    card_rect = next(el for el in root.find(f"{SVG}defs") if el.tag == f"{SVG}rect")
    width, height = float(card_rect.get("width")), float(card_rect.get("height"))

    # Labels: glyphs on one baseline closer than half a card's width belong to one label.
    labels: list[list] = []
    for text in root.iter(f"{SVG}text"):
        if "hm-label" in classes(text):
            for char, x, y in glyphs(text):
                if labels and labels[-1][2] == y and 0 < x - labels[-1][3] < width / 2:
                    labels[-1][0] += char
                    labels[-1][3] = x
                else:
                    labels.append([char, x, y, x])
    slots: dict[str, Slot] = {}
    boxes = []
    for group in root.iter(f"{SVG}g"):
        for use in group.iter(f"{SVG}use"):
            look = classes(group)
            if "hm-card" in look or "hm-empty" in look:
                boxes.append((use, look, (float(use.get("x")), float(use.get("y")), width, height)))
    for name, x, y, _ in labels:
        # A label starts under its card's left edge, or as far left of it as LABEL_X says.
        under = [b for b in boxes
                 if b[2][0] + min(0, LABEL_X) <= x <= b[2][0] + width and 0 < y - b[2][1] - height < 25]
        assert len(under) == 1, f"label {name} is not under exactly one card or outline"
        use, look, box = under[0]
        slot = Slot(name, box)
        if "hm-card" in look:
            target = defs[use.get("href")[1:]]
            slot.suit = use.get("href")[-1]
            assert target.tag == f"{SVG}g" and target.find(f"{SVG}path") is not None
            slot.colour = suit_colour(look)
            slot.tinted = "hm-marked" in look
        assert name not in slots, f"label {name} drawn twice"
        slots[name] = slot
    for text in root.iter(f"{SVG}text"):
        if "hm-count" in classes(text):
            for char, x, y in glyphs(text):
                owners = [s for s in slots.values() if s.box[1] + height < y and
                          abs(y - s.box[1] - height) < 25 and s.box[0] <= x <= s.box[0] + width]
                assert len(owners) == 1, f"count {char} at {x},{y} belongs to no single label"
                assert owners[0].count is None, f"two counts under {owners[0].label}"
                owners[0].count = int(char)
    for text in root.iter(f"{SVG}text"):
        look = classes(text)
        if "hm-rank" in look:
            # All the letters of one colour in one text, a place per glyph; a letter the module
            # has no measures for comes in a text of its own, centred by the renderer.
            places = glyphs(text) if len(text.get("x").split()) > 1 else [
                (text.text, float(text.get("x")), float(text.get("y")))]
            drawn: dict[str, list[tuple[float, str]]] = {}
            for chars, x, y in places:
                owner = [s for s in slots.values() if inside((x, y), s.box)]
                assert len(owner) == 1 and owner[0].rank is None, f"rank {chars} at {x},{y} misplaced"
                drawn.setdefault(owner[0].label, []).append((x, chars))
            for label, parts in drawn.items():
                assert parts == sorted(parts), f"the glyphs of the rank under {label} out of order"
                slots[label].rank = "".join(chars for _, chars in parts)
                slots[label].rank_colour = suit_colour(look)
    for group in root.iter(f"{SVG}g"):
        look = classes(group)
        if "hm-ring" in look:
            kind = "marked" if "hm-marked" in look else "removed" if "hm-removed" in look else "?"
            for use in group.iter(f"{SVG}use"):
                ring = defs[use.get("href")[1:]]
                rx = float(use.get("x")) + float(ring.get("x"))
                ry = float(use.get("y")) + float(ring.get("y"))
                rw, rh = float(ring.get("width")), float(ring.get("height"))
                owner = [s for s in slots.values()
                         if rx < s.box[0] and ry < s.box[1] and s.box[0] + width < rx + rw
                         and s.box[1] + height < ry + rh and rw < width * 1.5]
                assert len(owner) == 1, "a ring around no single card"
                owner[0].rings.append(kind)
    return slots


# --- positions ---------------------------------------------------------------------------------


@st.composite
def played_positions(draw) -> Position:
    """A random deal played on for a while by random legal moves."""
    position = Position(DealCode(draw(st.integers(0, 26**7 - 1))))
    rnd = draw(st.randoms(use_true_random=False))
    for _ in range(draw(st.integers(0, 40))):
        moves = position.legal_moves()
        if not moves:
            break
        position.push(rnd.choice(moves))
    return position


@st.composite
def thinned_positions(draw) -> Position:
    """Any pile heights 0–8 and any slots emptied (a drawing need not be reachable)."""
    position = Position(DealCode(draw(st.integers(0, 26**7 - 1))))
    for pile in position.piles:
        del pile[draw(st.integers(0, 8)):]
    for index in range(8):
        if draw(st.booleans()):
            position.reserve[index] = None
    return position


# --- the drawing ----------------------------------------------------------------------------


@settings(max_examples=60)
@given(st.one_of(played_positions(), thinned_positions()), st.sampled_from(LANGUAGES))
def test_every_pile_and_slot_is_drawn_once_with_its_card_and_count(position, lang):
    slots = read_diagram(render_svg(position, lang=lang))
    assert sorted(slots) == sorted(SOURCES)
    for source, slot in slots.items():
        card = position.card_at(source)
        assert slot.count == position.count(source)
        if card is None:
            assert slot.suit is None and slot.rank is None, f"{source} is empty but shows a card"
        else:
            assert slot.suit == card.suit
            assert slot.rank == letter(lang, card)
            expected = "red" if card.suit in "HD" else "black"
            assert slot.colour == slot.rank_colour == expected


def test_the_arc_follows_the_layout_of_spec_4_5():
    slots = read_diagram(render_svg(EXAMPLE))
    x = {s: slots[s].box[0] for s in SOURCES}
    y = {s: slots[s].box[1] for s in SOURCES}
    top = [str(n) for n in range(4, 11)]
    assert len({y[s] for s in top}) == 1 and [x[s] for s in top] == sorted(x[s] for s in top)
    step_x, step_y = x["5"] - x["4"], y["3"] - y["4"]
    # Left side 3, 2, 1 downward, starting diagonally below pile 4; right side 11, 12.
    assert x["1"] == x["2"] == x["3"] == x["4"] - step_x and step_y > 0
    assert y["4"] < y["3"] < y["2"] < y["1"]
    assert x["11"] == x["12"] == x["10"] + step_x and y["11"] == y["3"] and y["12"] == y["2"]
    # Reserve: two rows of four inside the arc, R1-R4 level with piles 2 and 12, R5-R8 with 1.
    for row, level in ((RESERVE_SOURCES[:4], "2"), (RESERVE_SOURCES[4:], "1")):
        assert all(y[s] == y[level] for s in row)
        assert [x[s] for s in row] == sorted(x[s] for s in row)
        assert x["1"] + step_x < x[row[0]] and x[row[-1]] + step_x < x["12"]
    assert [x[s] for s in RESERVE_SOURCES[:4]] == [x[s] for s in RESERVE_SOURCES[4:]]
    # The reserve is centred under the top row.
    assert x["R1"] + x["R4"] == pytest.approx(x["4"] + x["10"])


def test_empty_piles_and_slots_are_outlines_with_count_zero():
    position = thinned([0, 8, 3, 0, 1, 8, 8, 2, 5, 8, 0, 8], [True, False] * 4)
    svg = render_svg(position)
    slots = read_diagram(svg)
    for source in ("1", "4", "11", "R2", "R4", "R6", "R8"):
        assert slots[source].count == 0 and slots[source].suit is None
    assert slots["9"].count == 5 and slots["R1"].count == 1
    empty_outlines = [g for g in ET.fromstring(svg).iter(f"{SVG}g") if "hm-empty" in classes(g)]
    assert len(list(empty_outlines[0].iter(f"{SVG}use"))) == 7


@settings(max_examples=40)
@given(
    played_positions(),
    st.sets(st.sampled_from(SOURCES), max_size=5),
    st.sets(st.sampled_from(SOURCES), max_size=3),
)
def test_marks_and_removed_outlines_land_on_the_requested_sources(position, marks, removed):
    slots = read_diagram(render_svg(position, marks=marks, removed=removed))
    for source, slot in slots.items():
        if source in marks:
            assert slot.rings == ["marked"]
            assert slot.tinted == (position.card_at(source) is not None)
        elif source in removed:
            assert slot.rings == ["removed"] and not slot.tinted
        else:
            assert slot.rings == [] and not slot.tinted


def test_marks_accept_numbers_and_lower_case_and_reject_unknown_sources():
    slots = read_diagram(render_svg(EXAMPLE, marks=[3, "r2"]))
    assert {s for s, slot in slots.items() if slot.rings} == {"3", "R2"}
    with pytest.raises(ValueError, match="13"):
        render_svg(EXAMPLE, marks=["13"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_root_is_an_accessible_left_to_right_image(lang):
    position = example_record().replay(1)
    root = ET.fromstring(render_svg(position, lang=lang, title="Caption <b> & more"))
    assert root.get("role") == "img" and root.get("direction") == "ltr"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title.text == "Caption <b> & more"
    assert desc.text == text_alternative(position, lang)
    assert root.get("aria-labelledby") == title.get("id")
    assert EXAMPLE in ET.fromstring(render_svg(position, lang=lang)).find(f"{SVG}title").text


def test_drawn_text_holds_no_words_and_is_the_same_in_every_language():
    """Only numbers, slot names and card letters are drawn (SPEC §4.6)."""
    position = example_record().replay(5)
    allowed = set("0123456789R") | {
        char for lang in LANGUAGES for card in ("AS", "JS", "QS", "KS")
        for char in letter(lang, Card.parse(card))
    }
    drawings = {}
    for lang in LANGUAGES:
        root = ET.fromstring(render_svg(position, lang=lang, id_prefix="d"))
        drawn = "".join(t.text for t in root.iter(f"{SVG}text"))
        assert set(drawn) <= allowed, f"{lang}: drawn text {drawn!r}"
        for element in root.iter():
            if element.tag in (f"{SVG}title", f"{SVG}desc"):
                element.text = ""
            element.attrib.pop("lang", None)
        drawings[lang] = ET.tostring(root)
    # Only the card letters differ: languages with English letters draw what English draws.
    same_letters = [lang for lang in LANGUAGES if all(
        letter(lang, Card.parse(card)) == letter("en", Card.parse(card))
        for card in ("AS", "JS", "QS", "KS"))]
    assert len(same_letters) >= 2  # English and Hebrew at least
    for lang in same_letters:
        assert drawings[lang] == drawings["en"], lang


def test_ids_are_unique_across_many_diagrams_and_every_reference_resolves():
    record = example_record()
    svgs = [render_svg(record.replay(n), marks=record.moves[n].sources) for n in range(10)]
    svgs += [render_svg(record.replay(0), lang=lang) for lang in LANGUAGES]
    svgs += [render_svg(record.replay(0), marks=["1"]), render_svg(record.replay(0), title="x")]
    seen: set[str] = set()
    for svg in svgs:
        root = ET.fromstring(svg)
        ids = [el.get("id") for el in root.iter() if el.get("id")]
        assert not seen & set(ids), "two diagrams share an id"
        seen.update(ids)
        for el in root.iter():
            if el.get("href"):
                assert el.get("href")[1:] in ids, f"{el.get('href')} points outside its diagram"
    assert render_svg(record.replay(3)) == render_svg(record.replay(3)), "ids are deterministic"
    assert 'id="fig-2-t"' in render_svg(EXAMPLE, id_prefix="fig-2-")
    with pytest.raises(ValueError):
        render_svg(EXAMPLE, id_prefix="2 bad")


def test_theme_variables_have_fallbacks_and_standalone_svg_has_none():
    svg = render_svg(EXAMPLE)
    uses = re.findall(r"var\((--[\w-]+)(,?)", svg)
    assert uses and all(comma for _, comma in uses), "every var() carries a fallback"
    assert {"--hm-card-bg", "--hm-red", "--hm-mark", "--hm-label"} <= {name for name, _ in uses}
    assert "var(" not in render_svg(EXAMPLE, standalone=True)


# --- the text alternative -----------------------------------------------------------------


@pytest.mark.parametrize("lang", WORDED)
def test_text_alternative_has_a_sentence_per_pile_and_slot_with_count_and_top_card(lang):
    heights = [1, 2, 5, 8, 0, 3, 4, 6, 7, 8, 2, 1]
    slots = [True, False, True, True, False, True, True, True]
    position = thinned(heights, slots)
    cat = catalog(lang)
    sentences = re.split(r"(?<=\.) ", text_alternative(position, lang))
    assert len(sentences) == 1 + 20
    for sentence, source in zip(sentences[1:], SOURCES):
        name = source if source in PILE_SOURCES else cat.isolate(source)
        word = PILE_WORD[lang] if source in PILE_SOURCES else SLOT_WORD[lang]
        assert re.search(rf"{word}\s{re.escape(name)}(?!\d)", sentence), sentence
        card, count = position.card_at(source), position.count(source)
        if card is None:
            assert EMPTY_WORD[lang] in sentence and not re.search(r"\d", sentence.replace(name, ""))
        else:
            assert cards_phrase(lang, count) in sentence
            assert cat.isolate_words(cat.card_words(card)) in sentence
    # Slots are never called piles (SPEC §4.6).
    assert not re.search(rf"{PILE_WORD[lang]}\s{LRI}?R", text_alternative(position, lang), re.I)


@pytest.mark.parametrize("lang", WORDED)
@pytest.mark.parametrize("left", [1, 2, 5, 8, 21])
def test_the_summary_counts_the_cards_left_with_the_right_plural(lang, left):
    # piles of 8+8+... then a remainder, the reserve empty: exactly `left` cards
    heights = [min(8, max(0, left - 8 * i)) for i in range(12)]
    position = thinned(heights, [False] * 8)
    summary = text_alternative(position, lang).split(".")[0]
    assert cards_phrase(lang, left) in summary


def test_the_english_sentences_read_naturally():
    position = thinned([7, 1, 0, 8, 8, 8, 8, 8, 8, 8, 8, 8], [True] * 7 + [False])
    text = text_alternative(position, "en")
    top1, top2 = position.card_at("1"), position.card_at("2")
    names = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

    def words(card: Card) -> str:
        return f"{names.get(card.rank, card.rank)} of {suits[card.suit]}"

    assert f"Pile\u00a01: 7\u00a0cards, {words(top1)} on top." in text
    assert f"Pile\u00a02: 1\u00a0card, {words(top2)}." in text
    assert "Pile\u00a03: empty." in text and "Slot\u00a0R8: empty." in text
    assert f"Slot\u00a0R1: 1\u00a0card, {words(position.card_at('R1'))}." in text
    assert text.startswith(f"{7 + 1 + 9 * 8 + 7}\u00a0cards are left on the table.")


def test_a_won_position_says_so_and_every_source_is_empty():
    position = example_record().replay()
    text = text_alternative(position, "en")
    assert position.is_won() and "won" in text and text.count("empty") == 20


@pytest.mark.parametrize("lang", LANGUAGES)
def test_marks_and_removed_sources_are_named_in_the_text(lang):
    record = example_record()
    position = record.replay(1)
    marks, removed = record.moves[1].sources, record.moves[0].sources
    cat = catalog(lang)
    text = text_alternative(position, lang, marks=marks, removed=removed)
    base = text_alternative(position, lang)
    extra = text[len(base):]
    assert text.startswith(base)
    for source in marks:
        if source in PILE_SOURCES:
            assert cat.text("source.pile", pile=source) in extra
        else:
            assert cat.text("source.slot", slot=cat.isolate(source)) in extra
    # The cards just removed are named, with where each came from (they are no longer drawn).
    before = record.replay(0)
    for source in removed:
        card = cat.isolate_words(cat.card_words(before.card_at(source)))
        key = "docs.move.card_from_slot" if source.startswith("R") else "docs.move.card_from_pile"
        where = {"slot": cat.isolate(source)} if source.startswith("R") else {"pile": source}
        assert cat.text(key, card=card, **where) in extra


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fresh_deal_says_every_card_is_on_the_table_not_left(lang):
    fresh = text_alternative(EXAMPLE, lang)
    assert fresh.startswith(catalog(lang).text("diagram.summary.dealt"))
    after_one = text_alternative(example_record().replay(1), lang)
    assert after_one.startswith(catalog(lang).plural("diagram.summary", 102))


@pytest.mark.parametrize("lang", RIGHT_TO_LEFT)
def test_right_to_left_text_isolates_slot_names_and_card_words(lang):
    """Slot names are left-to-right units (LRI); card words keep their own direction (FSI)."""
    text = text_alternative(EXAMPLE, lang)
    for source in RESERVE_SOURCES:
        assert f"{LRI}{source}{PDI}" in text
    assert text.count(LRI) == 8 and text.count(FSI) == 20 and text.count(PDI) == 8 + 20


# --- PNG -------------------------------------------------------------------------------------


@pytest.mark.parametrize("scale", [1, 2])
def test_png_export_has_the_diagram_size_times_the_scale(scale, tmp_path):
    svg = render_svg(EXAMPLE, lang="he")
    root = ET.fromstring(svg)
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    image = Image.open(io.BytesIO(svg_to_png(svg, scale=scale)))
    assert image.format == "PNG" and image.size == (round(width * scale), round(height * scale))
    path = write_png(svg, tmp_path / "d.png", scale=scale)
    assert Image.open(path).size == image.size


# --- the picture check ---------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "case"), PICTURE_CASES, ids=[c[0] for c in PICTURE_CASES])
def test_cairosvg_draws_every_card_label_and_mark_where_it_belongs(lang, case):
    position, marks = case()
    image = cairo_image(render_svg(position, lang=lang, marks=marks))
    assert picture_problems(image, position, frozenset(marks)) == []


def test_the_picture_check_catches_a_broken_drawing():
    position, marks = example_record().replay(1), frozenset(example_record().moves[1].sources)
    svg = render_svg(position, marks=marks, id_prefix="p-")
    broken = {
        "suit shapes gone": re.sub(r'(<path stroke="none") d="[^"]*"', r'\1 d=""', svg),
        "a card missing": re.sub('<use href="#p-[HDSC]" x="{}" y="{}"/>'.format(*SLOT_BOXES["1"]), "", svg),
        "labels gone": re.sub(r'(<text class="hm-label"[^>]*>)[^<]*', r"\1", svg),
        "counts gone": re.sub(r'(<text class="hm-count"[^>]*>)[^<]*', r"\1", svg),
        "marks missing": re.sub(r'<g class="hm-ring hm-marked">.*?</g>', "", svg),
        "red drawn black": svg.replace("hm-card hm-red", "hm-card hm-black"),
        # cairosvg centres a text with a place per glyph as a whole: every rank moves off centre
        "ranks anchored as a whole": svg.replace(".hm-rank{", ".hm-rank{text-anchor:middle;"),
        "a rank off centre": re.sub(r'(class="hm-rank hm-\w+" x=")([\d.]+)',
                                    lambda m: m[1] + str(float(m[2]) + 6), svg),
    }
    for what, bad in broken.items():
        assert bad != svg, what
        assert picture_problems(cairo_image(bad), position, marks), f"{what} went unnoticed"


# --- the command line ------------------------------------------------------------------------


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_draws_a_deal_as_svg_and_png(tmp_path, capsys):
    assert run(capsys, "diagram", EXAMPLE, "-o", str(tmp_path / "d.svg"))[0] == 0
    slots = read_diagram((tmp_path / "d.svg").read_text(encoding="utf-8"))
    assert all(slots[s].count == (8 if s in PILE_SOURCES else 1) for s in SOURCES)
    assert run(capsys, "diagram", EXAMPLE, "--scale", "1", "-o", str(tmp_path / "d.png"))[0] == 0
    assert Image.open(tmp_path / "d.png").size == (WIDTH, HEIGHT)


def test_cli_palette_four_draws_the_four_colour_deck(tmp_path, capsys):
    assert run(capsys, "diagram", EXAMPLE, "--palette", "four", "-o", str(tmp_path / "d.svg"))[0] == 0
    slots = read_diagram((tmp_path / "d.svg").read_text(encoding="utf-8"))
    assert {slot.colour for slot in slots.values()} == {"black", "red", "blue", "green"}
    code, _, _ = run(capsys, "diagrams", EXAMPLE, "--palette", "four", "--out-dir", str(tmp_path / "many"))
    assert code == 0 and "hm-green" in (tmp_path / "many" / f"{EXAMPLE}.svg").read_text(encoding="utf-8")


def test_cli_draws_a_record_after_n_moves_with_the_next_move_marked(tmp_path, capsys):
    record = example_record()
    path = tmp_path / "game.txt"
    path.write_text(record.format(), encoding="utf-8")
    code, out, _ = run(capsys, "diagram", "--record", str(path), "--after", "2", "--mark-next",
                       "--mark-last", "--lang", "ru")
    assert code == 0
    slots = read_diagram(out)
    position = record.replay(2)
    assert all(slots[s].count == position.count(s) for s in SOURCES)
    next_sources, last_sources = set(record.moves[2].sources), set(record.moves[1].sources)
    assert {s for s in SOURCES if "marked" in slots[s].rings} == next_sources
    assert {s for s in SOURCES if "removed" in slots[s].rings} == last_sources - next_sources
    assert "Стопка" in ET.fromstring(out).find(f"{SVG}desc").text


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["diagram", "HM1-N-AAAAAA9", "-o", "x.svg"], "'9'"),
        (["diagram", EXAMPLE, "--lang", "zz"], "'zz'"),  # a code that is no language
        (["diagram", EXAMPLE, "--after", "2"], "--record"),
        (["diagram", EXAMPLE, "--mark", "8+13"], "'13'"),
        (["diagram", EXAMPLE, "-o", "x.gif"], ".svg or .png"),
        (["diagram"], "deal code"),
        (["diagram", "--record", "RECORD", "--after", "49"], "49"),
        (["diagram", "--record", "BAD_RECORD"], "move 2"),
        (["diagram", "--record", "missing.txt"], "missing.txt"),
        (["diagrams", "HM1-N-AAAAAAB@3", "--out-dir", "OUT"], "@N"),
        (["diagrams", "--list", "LIST", "--out-dir", "OUT"], "list.txt:2"),
    ],
)
def test_cli_errors_are_one_clear_line(tmp_path, capsys, monkeypatch, args, needle):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.txt").write_text(example_record().format(), encoding="utf-8")
    (tmp_path / "bad.txt").write_text(f"{EXAMPLE}\n3+4 1+2\n", encoding="utf-8")
    (tmp_path / "list.txt").write_text(f"{EXAMPLE}\ngame.txt@77\n", encoding="utf-8")
    names = {"RECORD": "game.txt", "BAD_RECORD": "bad.txt", "LIST": "list.txt", "OUT": "out"}
    code, out, err = run(capsys, *(names.get(a, a) for a in args))
    assert code == 2 and out == ""
    assert err.startswith("halfmoon: error: ") and err.count("\n") == 1 and needle in err
    assert not (tmp_path / "out").exists(), "nothing is written when an entry is bad"


def test_cli_batch_writes_every_entry_in_every_language(tmp_path, capsys):
    record = example_record()
    (tmp_path / "game.txt").write_text(record.format(), encoding="utf-8")
    (tmp_path / "list.txt").write_text(
        "# diagrams of the rules page\nHM1-N-AAAAAAC\ngame.txt@1  # after the first move\n",
        encoding="utf-8",
    )
    code, _, _ = run(capsys, "diagrams", EXAMPLE, "--list", str(tmp_path / "list.txt"),
                     "--out-dir", str(tmp_path / "out"), "--lang", "en,he", "--format", "both")
    assert code == 0
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    stems = ["HM1-N-AAAAAAB", "HM1-N-AAAAAAC", "game-001"]
    assert names == sorted(f"{s}.{lang}.{ext}" for s in stems for lang in ("en", "he")
                           for ext in ("svg", "png"))
    slots = read_diagram((tmp_path / "out" / "game-001.he.svg").read_text(encoding="utf-8"))
    assert all(slots[s].count == record.replay(1).count(s) for s in SOURCES)


def test_cli_batch_all_draws_every_position_of_a_game(tmp_path, capsys):
    record = example_record()
    (tmp_path / "game.txt").write_text(record.format(), encoding="utf-8")
    monkey_dir = tmp_path / "out"
    code, _, _ = run(capsys, "diagrams", str(tmp_path / "game.txt") + "@all", "--out-dir", str(monkey_dir))
    assert code == 0
    files = sorted(monkey_dir.iterdir())
    assert len(files) == len(record.moves) + 1
    first = read_diagram(files[0].read_text(encoding="utf-8"))
    assert {s for s in SOURCES if first[s].rings} == set(record.moves[0].sources)
    last = read_diagram(files[-1].read_text(encoding="utf-8"))
    assert all(slot.count == 0 for slot in last.values())


FOUR_COLOURS = {"S": "black", "H": "red", "D": "blue", "C": "green"}


@settings(max_examples=30)
@given(st.one_of(played_positions(), thinned_positions()), st.sampled_from(LANGUAGES))
def test_the_four_colour_palette_colours_each_suit_its_own_way(position, lang):
    slots = read_diagram(render_svg(position, lang=lang, palette="four"))
    for source, slot in slots.items():
        card = position.card_at(source)
        if card is not None:
            assert slot.colour == slot.rank_colour == FOUR_COLOURS[card.suit], source


def test_the_default_palette_is_the_two_colour_drawing_unchanged():
    position = example_record().replay(5)
    marks = example_record().moves[5].sources
    for standalone in (False, True):
        default = render_svg(position, marks=marks, standalone=standalone)
        assert render_svg(position, marks=marks, standalone=standalone, palette="two") == default
        four = render_svg(position, marks=marks, standalone=standalone, palette="four")
        assert "hm-blue" not in default and "hm-green" not in default
        # Only the style and the diamonds' and clubs' classes differ (the ids come from what is drawn).
        as_two = four.replace("hm-blue", "hm-red").replace("hm-green", "hm-black")
        assert re.sub(r"<style>.*?</style>", "", as_two).count("<use") == default.count("<use")
    with pytest.raises(DiagramError, match="palette"):
        render_svg(position, palette="three")


def test_cairosvg_draws_diamonds_blue_and_clubs_green_in_the_four_colour_palette():
    position = Position(EXAMPLE)
    image = cairo_image(render_svg(position, palette="four"))
    seen = set()
    for source, (x, y, w, _) in SLOT_BOXES.items():
        card = position.card_at(source)
        data = image.crop(tuple(round(v * SCALE) for v in (x + 8, y + 29, x + w - 8, y + 55))).tobytes()
        pixels = list(zip(data[0::3], data[1::3], data[2::3]))
        blue = sum(1 for r, g, b in pixels if b > 150 and r < 60 and g < 100) / len(pixels)
        green = sum(1 for r, g, b in pixels if g > 70 and r < 40 and b < 40) / len(pixels)
        assert (blue > 0.15) == (card.suit == "D") and (green > 0.15) == (card.suit == "C"), source
        seen.add(card.suit)
    assert {"D", "C"} <= seen


def test_the_documented_classes_and_theme_are_the_ones_used():
    from halfmoon.diagram import CLASSES, FOUR_COLOUR_CLASSES, FOUR_COLOUR_THEME, THEME

    position = thinned([0] + [8] * 11, [True] * 8)
    svg = render_svg(position, marks=["2"], removed=["3"])
    used = {name for found in re.findall(r'class="([^"]*)"', svg) for name in found.split()}
    styled = set(re.findall(r"\.(hm-[\w-]+)", svg))
    assert used == styled == set(CLASSES)
    assert set(re.findall(r"var\((--[\w-]+)", svg)) == set(THEME)
    svg = render_svg(position, marks=["2"], removed=["3"], palette="four")
    used = {name for found in re.findall(r'class="([^"]*)"', svg) for name in found.split()}
    assert used == set(re.findall(r"\.(hm-[\w-]+)", svg)) == set(FOUR_COLOUR_CLASSES)
    assert set(re.findall(r"var\((--[\w-]+)", svg)) == set(FOUR_COLOUR_THEME)


def test_words_follow_an_edited_catalog_without_a_restart(monkeypatch):
    """A rebuild that reloads a changed catalog gets the new words, not ones cached from the old."""
    from halfmoon.diagram import svg as module
    from halfmoon.i18n import Catalog

    position = example_record().replay(1)  # 102 cards left (a fresh deal has its own sentence)
    before = render_svg(position, lang="en")
    edited = dict(catalog("en").messages)
    edited["card.letter.K"] = "Ж"
    edited["card.letter.Q"] = "Ω"  # a letter the module has no measures for
    edited["diagram.summary"] = {"one": "{count} card remains.", "other": "{count} cards remain."}
    monkeypatch.setattr(module, "catalog", lambda lang: Catalog("en", edited))
    after = render_svg(position, lang="en")
    expected = {"K": "Ж", "Q": "Ω"}
    drawn = {source: slot.rank for source, slot in read_diagram(after).items()}
    for source, rank in drawn.items():
        card = position.card_at(source)
        if card is not None and card.rank_text in expected:
            assert rank == expected.pop(card.rank_text), source
    assert not expected, f"no card of rank {set(expected)} on the table"
    assert "Ж" not in before and "Ω" not in before
    assert "102 cards remain." in after and "102 cards remain." not in before


@pytest.mark.parametrize("title", ["a\x01b", "\x00", "bad \udcff byte", "\ufffe"])
def test_a_title_xml_cannot_hold_is_refused_naming_the_character(title):
    from halfmoon.errors import DiagramError

    with pytest.raises(DiagramError, match=r"U\+[0-9A-F]{4}\) at character \d+"):
        render_svg("HM1-N-AAAAAAB", title=title)


@given(st.text(max_size=30))
def test_any_title_xml_can_hold_gives_well_formed_svg(title):
    from halfmoon.diagram import check_xml_text
    from halfmoon.errors import DiagramError

    try:
        check_xml_text(title, "the title")
    except DiagramError:
        return
    root = ET.fromstring(render_svg("HM1-N-AAAAAAB", title=title))
    assert root.find("{http://www.w3.org/2000/svg}title").text == (title or None)


def test_a_text_alternative_given_to_render_svg_is_its_description():
    from halfmoon import Position
    from halfmoon.diagram import render_svg, text_alternative_items

    position = Position("HM1-N-AAAAAAB")
    items = text_alternative_items(position, "fr", marks=["3"])
    assert render_svg(position, lang="fr", marks=["3"], alternative=items) == render_svg(
        position, lang="fr", marks=["3"])
    assert "<desc>one. two.</desc>" in render_svg(position, alternative=["one.", "two."])


def test_a_catalog_word_xml_cannot_hold_is_an_error_naming_the_language(monkeypatch):
    from halfmoon.diagram import svg as module
    from halfmoon.errors import DiagramError
    from halfmoon.i18n import Catalog

    edited = dict(catalog("en").messages)
    edited["diagram.summary.won"] = "All cards\x07 are removed."
    monkeypatch.setattr(module, "catalog", lambda lang: Catalog("en", edited))
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "docs" / "records" / "HM1-N-AAAAAAB.txt"
    won = Record.parse(path.read_text(encoding="utf-8")).replay()
    with pytest.raises(DiagramError, match=r"text alternative \(en\) has a control character \(U\+0007\)"):
        render_svg(won, lang="en")


def test_a_pile_s_number_and_its_count_read_as_two_and_as_one_pile_s():
    """On a phone a pile's number ran into its count's badge ("10⑧", issue 40): each label
    stands at least 5 units clear of its own badge, and the next card's label further still."""
    root = ET.fromstring(render_svg(Position(DealCode.parse("HM1-N-AAAAAAB"))))
    label = next(t for t in root.iter(f"{SVG}text") if "hm-label" in classes(t))
    badge = next(p for p in root.iter(f"{SVG}path") if "hm-badge" in classes(p))
    style = ET.tostring(root, encoding="unicode")
    radius = float(re.search(r"stroke-width:(\d+)px;stroke-linecap:round", style).group(1)) / 2
    centres, x, y = [], 0.0, 0.0
    for command, dx, dy in re.findall(r"([Mm])(-?[\d.]+)\s*(-?[\d.]+)h0", badge.get("d")):
        x, y = (float(dx), float(dy)) if command == "M" else (x + float(dx), y + float(dy))
        centres.append((x, y))
    ends, starts, at = [], [], 0
    chars = glyphs(label)
    for source in SOURCES:  # the labels in the order of the sources, a glyph per character
        first, last = chars[at], chars[at + len(source) - 1]
        starts.append((first[1], first[2]))
        ends.append((last[1] + LABEL_ADVANCE[last[0]], last[2]))
        at += len(source)
    assert len(centres) == len(SOURCES) == len(starts)
    own = {source: cx - radius - end
           for source, (end, _), (cx, _) in zip(SOURCES, ends, centres, strict=True)}
    assert min(own.values()) >= 5, own
    for source, (_, row), (cx, _) in zip(SOURCES, ends, centres, strict=True):
        following = [sx - (cx + radius) for sx, sy in starts if sy == row and sx > cx]
        if following:  # the gap between two piles is wider than any between a number and its count
            assert min(following) > max(5, min(own.values())), (source, min(following))
