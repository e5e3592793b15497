"""Message catalogs: complete in every language, CLDR plurals, letters, isolation."""

from __future__ import annotations

import json

import pytest

from halfmoon import Card
from halfmoon.i18n import (
    FSI,
    PDI,
    TranslationError,
    available_languages,
    catalog,
    catalog_dir,
    check_catalogs,
)


def test_every_catalog_has_every_message_with_the_same_placeholders():
    assert check_catalogs() == []


def test_the_site_languages_all_have_catalogs():
    assert set(available_languages()) >= {"en", "he", "ru", "fr"}
    assert available_languages()[0] == "en"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", {1: "1 card", 2: "2 cards", 5: "5 cards", 21: "21 cards"}),
        ("ru", {1: "1 карта", 2: "2 карты", 5: "5 карт", 21: "21 карта", 24: "24 карты", 0: "0 карт"}),
        ("he", {1: "קלף אחד", 2: "2 קלפים", 5: "5 קלפים"}),
        ("fr", {0: "0 carte", 1: "1 carte", 2: "2 cartes", 21: "21 cartes"}),
    ],
)
def test_card_counts_use_the_language_plural_rules(lang, expected):
    messages = catalog(lang)
    for count, text in expected.items():
        assert messages.plural("count.cards", count) == text


# CLDR's plural categories for these counts, written out from the CLDR tables (not computed),
# so that a wrong rule or a wrong locale fails here.
CLDR_CATEGORIES = {
    "en": "other one other other other other other other other other other other",
    "fr": "one one other other other other other other other other other many",
    "ru": "many one few few many many one few many one many many",
    "he": "other one two other other other other other other other other other",
    "de": "other one other other other other other other other other other other",
    "es": "other one other other other other other other other other other many",
    "ar": "zero one two few few many many many many other many other",
}
COUNTS = (0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 111, 1_000_000)


@pytest.mark.parametrize("lang", sorted(CLDR_CATEGORIES))
def test_the_plural_category_is_the_one_cldr_gives(lang):
    if lang not in available_languages():
        pytest.skip(f"no {lang} catalog yet")
    expected = CLDR_CATEGORIES[lang].split()
    assert [catalog(lang).plural_category(count) for count in COUNTS] == expected


def test_every_language_has_its_cldr_categories_written_out():
    assert set(available_languages()) <= set(CLDR_CATEGORIES)


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("en", "AJQK"), ("fr", "AVDR"), ("ru", "ТВДК"), ("he", "AJQK")],
)
def test_card_letters_follow_the_language(lang, letters):
    shown = [catalog(lang).card(Card.parse(text)) for text in ("AS", "JH", "QD", "KC")]
    assert shown == [f"{letters[0]}♠", f"{letters[1]}♥", f"{letters[2]}♦", f"{letters[3]}♣"]
    assert catalog(lang).card(Card.parse("10H")) == "10♥"


def test_reserve_slots_are_called_slots_not_piles():
    for lang in available_languages():
        messages = catalog(lang)
        assert messages.source("R3") != messages.text("source.pile", pile="R3")
        assert "R3" in messages.source("R3")


def test_only_hebrew_isolates_inserts():
    assert catalog("he").isolate("HM1-N-AAAAAAB") == f"{FSI}HM1-N-AAAAAAB{PDI}"
    assert catalog("he").rtl and catalog("he").direction == "rtl"
    for lang in ("en", "ru", "fr"):
        assert catalog(lang).isolate("R3") == "R3" and not catalog(lang).rtl


def test_a_missing_message_or_value_is_a_clear_error():
    with pytest.raises(TranslationError, match="no message 'nope'"):
        catalog("en").text("nope")
    with pytest.raises(TranslationError, match=r"needs the value \{pile\}"):
        catalog("en").text("source.pile")
    with pytest.raises(TranslationError, match="no catalog for language 'xx'"):
        catalog("xx")


def test_the_check_finds_a_missing_message_and_a_wrong_placeholder(tmp_path):
    for path in catalog_dir().glob("*.json"):
        (tmp_path / path.name).write_text(path.read_text())
    ru = json.loads((tmp_path / "ru.json").read_text())
    del ru["source.slot"]
    ru["source.pile"] = "стопка {number}"
    ru["count.cards"] = {"one": "{count} карта", "other": "{count} карты"}
    (tmp_path / "ru.json").write_text(json.dumps(ru, ensure_ascii=False))
    problems = check_catalogs(tmp_path)
    assert "ru.json: missing message 'source.slot'" in problems
    assert any("'source.pile' has placeholders ['number']" in p for p in problems)
    assert "ru.json: 'count.cards' lacks the plural form 'few'" in problems
    assert "ru.json: 'count.cards' lacks the plural form 'many'" in problems
