"""The game's words (docs/assets/game/i18n.js) are the pages' words (halfmoon/i18n.py): lists,
cards in letters and in words, a card from each pile and slot, the game's plurals and sentences
one after another, in every language, checked in Node against tests/data/words.jsonl; and the
two Catalogs name each operation they share alike."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from node_script import node_outcome

from halfmoon import corpus
from halfmoon.i18n import available_languages, catalog_dir
from halfmoon.moves import SOURCES

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
GAME = ROOT / "docs" / "assets" / "game"


def test_the_game_writes_every_shared_word_as_the_pages_do():
    outcome = node_outcome("run_words.mjs", str(DATA), str(catalog_dir()))
    assert outcome["bad"] == [] and outcome["exit"] == 0
    languages = len(available_languages())
    assert outcome["counts"] == {
        "languages": languages, "lists": languages * (len(corpus.LISTS) + 3), "cards": languages * 52,
        "card_from": languages * len(SOURCES),
        "plurals": languages * len(corpus.GAME_PLURALS) * len(corpus.PLURAL_COUNTS),
        "code_errors": languages * len(CHARACTER_ERRORS),
        "sentences": languages * len(corpus.SENTENCES), "numbers": languages * len(corpus.NUMBERS),
    }


CHARACTER_ERRORS = [case for case in corpus.load(DATA / "codes.jsonl")
                    if case.get("kind") in ("character", "letter")]


def test_the_vectors_name_invisible_characters_by_their_code_point():
    named = {case["input"]: case["char"] for case in CHARACTER_ERRORS}
    assert named["\u2066HM1-N-AAAAAAB"] == "U+2066"  # the issue's: raw, it showed as “⁦”
    assert named["HM1-N-AAA\x7fAAB"] == "U+007F" and named["HM1-N-AAA\u3164AAB"] == "U+3164"
    assert named["HM1-N-AAAßAAB"] == "ß" and named["HM1-N-AAA\U0001F600AAB"] == "\U0001F600"


def test_every_plural_the_game_says_is_in_the_vectors():
    said = {match for path in GAME.glob("*.js")
            for match in re.findall(r'\bplural\("([\w.]+)"', path.read_text("utf-8"))}
    assert said and said <= set(corpus.GAME_PLURALS)


def test_the_vectors_reach_every_plural_category_a_count_under_1000_can_take():
    """The game's counts stay under 1000 (Spanish "many" starts at a million)."""
    from halfmoon.i18n import catalog

    for lang in available_languages():
        reached = {catalog(lang).plural_category(count) for count in corpus.PLURAL_COUNTS}
        assert reached == {catalog(lang).plural_category(count) for count in range(1000)}, lang


LETTERS = "this.text(`card.letter.${card.rankText}`) + this.text(`card.suit_symbol.${card.suit}`)"


@pytest.mark.parametrize(("before", "after", "caught"), [
    ('const separator = this.text("docs.list.separator");', 'const separator = ", ";', "ar list "),
    ('=== "string" ? `${rank}.construct` : rank', '=== "string" ? rank : rank', "he card words QH: "),
    ("{ card: written, slot: this.isolate(source) }", "{ card: written, slot: source }",
     "ar QD from R1: "),
    ('UNSPACED = new Set(["ja", "zh"])', 'UNSPACED = new Set(["zh"])', "ja sentences "),
    # A card that isolates itself (as the game's once did) is isolated twice in a sentence.
    (f"return {LETTERS};", f"return this.isolate({LETTERS});", "ar card AC: "),
    ("forms[this.plurals.select(count)] ?? forms.other", "forms.other", "ru docs.count.cards 1: "),
])
def test_a_changed_word_in_the_game_is_caught(tmp_path, before, after, caught):
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    text = (game / "i18n.js").read_text("utf-8")
    assert text.count(before) == 1, f"{before!r} is no longer in i18n.js: update this test"
    (game / "i18n.js").write_text(text.replace(before, after), "utf-8")
    outcome = node_outcome("run_words.mjs", str(DATA), str(catalog_dir()), str(game))
    assert any(line.startswith(caught) for line in outcome["bad"]), outcome["bad"][:5]
    assert outcome["exit"] == 1


def camel_case(name: str) -> str:
    first, *rest = name.split("_")
    return first + "".join(word.capitalize() for word in rest)


def test_the_game_s_catalog_names_each_operation_as_the_engine_s_does_and_the_vectors_check_it():
    """i18n.js's Catalog has no method the engine's Catalog lacks (camelCased: card_words is
    cardWords), and tests/js/run_words.mjs calls each of them that writes words, but ``text``,
    which every other one calls."""
    from halfmoon.i18n import Catalog

    script = (GAME / "i18n.js").read_text("utf-8")
    body = script[script.index("export class Catalog"):]
    body = body[:body.index("\n}\n")]
    methods = set(re.findall(r"^  (?:get )?(\w+)\(", body, re.M)) - {"constructor"}
    engine = {camel_case(name) for name in dir(Catalog) if not name.startswith("_")}
    assert {"join", "joinSentences", "card", "cardWords", "cardFrom", "plural"} <= methods
    assert methods - engine == set()
    runner = (ROOT / "tests" / "js" / "run_words.mjs").read_text("utf-8")
    called = set(re.findall(r"\bcatalog\.(\w+)\(", runner))
    assert methods - {"text", "direction"} - called == set()


# Two fields' labels that say the same today (the game's deal code field, the Winnability page's
# lookup field) but name different things a language may word apart.
SAME_BY_CHANCE = {frozenset({"game.code.label", "docs.lookup.label"})}


def test_no_sentence_has_two_keys():
    """A sentence the game and the pages both say has one key ("card from pile 3", the count
    nouns): two keys with the same text in every language are one sentence written twice."""
    from halfmoon.i18n import catalog

    languages = available_languages()
    by_text: dict[str, list[str]] = {}
    for key in catalog("en").messages:
        texts = [catalog(lang).messages.get(key) for lang in languages]
        by_text.setdefault(repr(texts), []).append(key)
    twice = [set(keys) for keys in by_text.values() if len(keys) > 1]
    assert [keys for keys in twice if frozenset(keys) not in SAME_BY_CHANCE] == []
