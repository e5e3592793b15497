"""Message catalogs: complete in every language, CLDR plurals, letters, isolation."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel import Locale
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import Card
from halfmoon.cli import main
from halfmoon.cli.siteconfig import site_language_codes
from halfmoon.i18n import (
    LRI,
    PDI,
    TranslationError,
    available_languages,
    catalog,
    catalog_dir,
    check_catalogs,
    fill,
    is_language,
    placeholders,
    plural_categories,
    text_direction,
)

ROOT = Path(__file__).resolve().parent.parent
SITE_LANGUAGES = site_language_codes(ROOT / "mkdocs.yml")


def test_every_catalog_has_every_message_with_the_same_placeholders():
    assert check_catalogs() == []


def test_the_site_languages_all_have_catalogs():
    assert set(available_languages()) >= set(SITE_LANGUAGES)
    assert available_languages()[0] == SITE_LANGUAGES[0] == "en"


@pytest.mark.parametrize("lang", available_languages())
def test_every_plural_message_has_exactly_the_cldr_forms_and_fits_every_count(lang):
    """Every count 0…104 gets the form CLDR picks, and that form exists and shows the count."""
    cat = catalog(lang)
    locale = Locale.parse(lang)
    plurals = {key: forms for key, forms in cat.messages.items() if isinstance(forms, dict)}
    assert plurals
    for key, forms in plurals.items():
        exact = {form for form in forms if form.startswith("=")}
        assert set(forms) - exact == set(plural_categories(lang)), key
        assert all(form[1:].isdigit() for form in exact), key
        assert "{count}" in forms["other"], key
        for count in range(0, 105):
            category = locale.plural_form(count)
            assert category in forms, (key, count)
            text = cat.plural(key, count, **{name: "x" for name in placeholders(forms) - {"count"}})
            # A form may spell out the only number it is used for ("קלף אחד"), never another.
            assert str(count) in text or category in ("one", "two", "zero") \
                or f"={count}" in forms, (key, count, text)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", {1: "1\u00a0card", 2: "2\u00a0cards", 5: "5\u00a0cards", 21: "21\u00a0cards"}),
        ("ru", {1: "1\u00a0карта", 2: "2\u00a0карты", 5: "5\u00a0карт", 21: "21\u00a0карта",
                24: "24\u00a0карты", 0: "0\u00a0карт"}),
        ("he", {1: "קלף אחד", 2: "2\u00a0קלפים", 5: "5\u00a0קלפים"}),
        ("fr", {0: "0\u00a0carte", 1: "1\u00a0carte", 2: "2\u00a0cartes", 21: "21\u00a0cartes"}),
    ],
)
def test_card_counts_use_the_language_plural_rules(lang, expected):
    messages = catalog(lang)
    for count, text in expected.items():
        assert messages.plural("docs.count.cards", count) == text


# CLDR's plural categories for these counts, written out from the CLDR tables (not computed),
# so that a wrong rule or a wrong locale fails here. A language not written out here is checked
# against the browser's Intl.PluralRules instead (below): adding one needs no edit of this file.
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


# Every count the site writes with a plural: cards, moves, points, piles and slots (0 to 520),
# and the solver's figures (deals, positions, conflicts), round and not.
SITE_COUNTS = (*range(0, 1001), 5_000, 7_266, 10_000, 200_000, 242_733, 250_000, 1_000_000)


@pytest.mark.parametrize("lang", sorted(CLDR_CATEGORIES))
def test_the_plural_category_is_the_one_cldr_gives(lang):
    expected = CLDR_CATEGORIES[lang].split()
    assert [catalog(lang).plural_category(count) for count in COUNTS] == expected


@pytest.fixture(scope="module")
def browser_plurals() -> dict[str, list[str]]:
    """Intl.PluralRules' category of every SITE_COUNTS count in every catalog language, in Node
    (the game picks its plural forms with Intl.PluralRules; the pages and diagrams with Babel)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not on the PATH: CI must check Babel's plurals against Intl's")
        pytest.skip("node is not on the PATH")
    script = ("const [langs, counts] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(Object.fromEntries(langs.map(lang => {"
              "  const rules = new Intl.PluralRules(lang);"
              "  return [lang, counts.map(n => rules.select(n))]; }))));")
    run = subprocess.run([node, "-e", script], input=json.dumps([available_languages(), SITE_COUNTS]),
                         capture_output=True, text=True, timeout=120, check=True)
    return json.loads(run.stdout)


@pytest.mark.parametrize("lang", available_languages())
def test_babel_and_the_browser_agree_on_the_plural_category_of_every_count(lang, browser_plurals):
    """Two independent CLDR implementations: the site's pages (Babel) and its game (the browser)
    put every count in the same category, for every language, including one just added."""
    python = [catalog(lang).plural_category(count) for count in SITE_COUNTS]
    differ = [(count, ours, theirs) for count, ours, theirs
              in zip(SITE_COUNTS, python, browser_plurals[lang]) if ours != theirs]
    assert differ == [], f"{lang}: (count, Babel, Intl.PluralRules) {differ[:10]}"


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


def test_direction_comes_from_cldr_and_right_to_left_languages_isolate_inserts():
    directions = {lang: text_direction(lang) for lang in available_languages()}
    assert directions["he"] == "rtl" and directions["en"] == "ltr"
    assert text_direction("ar") == text_direction("fa") == "rtl" and text_direction("it") == "ltr"
    for lang, direction in directions.items():
        assert catalog(lang).direction == direction
        isolated = catalog(lang).isolate("HM1-N-AAAAAAB")
        # A card, code, source or sum is one left-to-right unit on right-to-left pages.
        assert isolated == (f"{LRI}HM1-N-AAAAAAB{PDI}" if direction == "rtl" else "HM1-N-AAAAAAB")


@pytest.mark.parametrize("code", ["it", "de", "ar", "fa", "haw", "yi"])
def test_language_codes_that_cldr_knows_are_languages(code):
    assert is_language(code) and plural_categories(code)[-1] == "other"


@pytest.mark.parametrize(
    "code", ["zz", "xx", "qq", "und", "mul", "zxx", "root", "EN", "en_US", "../catalogs/en", "",
             "e", "english", "it\n", "1x", "x" * 5000],
)
def test_codes_that_are_no_language_are_refused(code):
    assert not is_language(code)
    with pytest.raises(TranslationError):
        text_direction(code)


def test_a_catalog_is_asked_for_by_language_code_never_by_path():
    with pytest.raises(TranslationError, match="not a language code"):
        catalog("../catalogs/en")
    with pytest.raises(TranslationError, match="no catalog for language 'zz'"):
        catalog("zz")


def test_a_missing_message_or_value_is_a_clear_error():
    with pytest.raises(TranslationError, match="no message 'nope'"):
        catalog("en").text("nope")
    with pytest.raises(TranslationError, match=r"needs the value \{pile\}"):
        catalog("en").text("source.pile")
    with pytest.raises(TranslationError, match="no catalog for language 'xx'"):
        catalog("xx")  # a code that is no language: it will never get a catalog


def test_the_check_finds_a_missing_message_and_a_wrong_placeholder(tmp_path):
    for path in catalog_dir().glob("*.json"):
        (tmp_path / path.name).write_text(path.read_text())
    ru = json.loads((tmp_path / "ru.json").read_text())
    del ru["source.slot"]
    ru["source.pile"] = "стопка {number}"
    ru["docs.count.cards"] = {"one": "{count} карта", "other": "{count} карты"}
    (tmp_path / "ru.json").write_text(json.dumps(ru, ensure_ascii=False))
    problems = check_catalogs(tmp_path)
    assert "ru.json: missing message 'source.slot'" in problems
    assert any("'source.pile' has placeholders ['number']" in p for p in problems)
    assert "ru.json: 'docs.count.cards' lacks the plural form 'few'" in problems
    assert "ru.json: 'docs.count.cards' lacks the plural form 'many'" in problems


# --- check-catalogs on the files it exists to diagnose ---------------------------------------


@pytest.fixture
def catalogs(tmp_path):
    """A copy of the catalogs to break."""
    for path in catalog_dir().glob("*.json"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    return tmp_path


def check(capsys, directory) -> tuple[int, str, str]:
    code = main(["check-catalogs", "--dir", str(directory)])
    out, err = capsys.readouterr()
    return code, out, err


def set_message(directory, lang: str, key: str, value: object) -> None:
    path = directory / f"{lang}.json"
    messages = json.loads(path.read_text(encoding="utf-8"))
    messages[key] = value
    path.write_text(json.dumps(messages, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize(
    ("value", "needle"),
    [
        (3, "'source.pile' is a number"),
        (1.5, "'source.pile' is a number"),
        (True, "'source.pile' is true/false"),
        (None, "'source.pile' is null"),
        (["pile {pile}"], "'source.pile' is a list"),
        ({"one": {"deeper": "x"}}, "plural form 'one' is an object"),
        ({"one": 1, "other": "x"}, "plural form 'one' is not a string"),
        ({"nominative": "x"}, "unknown plural forms ['nominative']"),
    ],
)
def test_malformed_messages_are_listed_with_file_and_key(catalogs, capsys, value, needle):
    set_message(catalogs, "ru", "source.pile", value)
    code, out, err = check(capsys, catalogs)
    assert code == 1 and err == ""
    lines = [line for line in out.splitlines() if line.startswith("ru.json")]
    assert len(lines) == 1 and needle in lines[0], out  # no "missing message" on top of it


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"\xff\xfe{}", "fr.json:1: not UTF-8 text (byte 0xff at offset 0)"),
        (b'{\n"a": "b",\n"c": "\xe9"}', "fr.json:3: not UTF-8 text (byte 0xe9 at offset 18)"),
        (b"[" * 100_000 + b"]" * 100_000, "fr.json:1: nested too deeply"),
        (b'{"a": ' * 50_000 + b'"x"' + b"}" * 50_000, "fr.json:1: nested too deeply"),
        (b'{\n"source.pile": "a",\n"source.pile": "b"}', "fr.json:3: message 'source.pile' is given twice"),
        (b'{"n": ' + b"9" * 5000 + b"}", "fr.json:1: not a catalog: Exceeds the limit"),
        (b"[1, 2]", "fr.json:1: a catalog is a JSON object"),
        (b"", "fr.json:1: not valid JSON: Expecting value (column 1)"),
        (b"{\n  'a': 1}", "fr.json:2: not valid JSON: Expecting property name enclosed in double quotes "
                          "(column 3)"),
    ],
)
def test_unreadable_catalog_files_are_one_line_each_and_the_others_still_checked(
    catalogs, capsys, content, needle
):
    (catalogs / "fr.json").write_bytes(content)
    set_message(catalogs, "ru", "source.slot", 7)
    code, out, err = check(capsys, catalogs)
    assert code == 1 and err == ""
    assert any(needle in line for line in out.splitlines()), out
    assert "ru.json:1: 'source.slot' is a number" in out


def test_a_file_named_like_no_language_is_reported_not_read(catalogs, capsys):
    (catalogs / "zz.json").write_text('{"a": 1}', encoding="utf-8")
    code, out, _ = check(capsys, catalogs)
    assert code == 1
    assert out.splitlines()[0].startswith("zz.json: 'zz' is not a language code")


def test_a_byte_order_mark_is_accepted(catalogs, capsys):
    (catalogs / "he.json").write_bytes(b"\xef\xbb\xbf" + (catalogs / "he.json").read_bytes())
    assert check(capsys, catalogs)[0] == 0


def test_a_plural_form_the_language_does_not_use_is_reported(catalogs, capsys):
    forms = {"one": "{count} Karte", "few": "{count} Karten", "other": "{count} Karten"}
    ru = json.loads((catalogs / "ru.json").read_text(encoding="utf-8"))
    ru["docs.count.cards"] = {**ru["docs.count.cards"], "two": "{count} карты"}
    (catalogs / "ru.json").write_text(json.dumps(ru, ensure_ascii=False), encoding="utf-8")
    set_message(catalogs, "fr", "docs.count.cards", forms)
    code, out, _ = check(capsys, catalogs)
    assert code == 1
    assert "ru.json: 'docs.count.cards' has the plural form 'two', which ru does not use" in out
    assert "fr.json: 'docs.count.cards' has the plural form 'few', which fr does not use" in out


@pytest.mark.parametrize("broken", ["missing", "not json", "a directory"])
def test_without_a_readable_english_catalog_the_error_goes_to_stderr(catalogs, capsys, broken):
    english = catalogs / "en.json"
    if broken == "missing":
        english.unlink()
    elif broken == "not json":
        english.write_bytes(b"\x00\x01")
    else:
        english.unlink()
        english.mkdir()
    code, out, err = check(capsys, catalogs)
    assert code == 2 and out == ""
    assert err.startswith("halfmoon: error: ") and err.count("\n") == 1 and "en.json" in err


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10,
)


@given(st.dictionaries(st.sampled_from(["source.pile", "docs.count.cards", "card.words", "new"]), JSON,
                       max_size=4))
def test_any_json_as_messages_gives_problems_never_a_traceback(tmp_path_factory, messages):
    directory = tmp_path_factory.mktemp("catalogs")
    (directory / "en.json").write_bytes((catalog_dir() / "en.json").read_bytes())
    (directory / "ru.json").write_text(json.dumps(messages), encoding="utf-8")
    problems = check_catalogs(directory)
    assert all(re.match(r"ru\.json(:\d+)?: ", problem) for problem in problems), problems
    assert problems  # ru lacks nearly every message


def test_a_language_may_add_case_forms_of_count_nouns_and_only_of_them(catalogs, capsys):
    set_message(catalogs, "ru", "docs.count.moves.dative",
                {"one": "{count} ходу", "few": "{count} ходам", "many": "{count} ходам",
                 "other": "{count} хода"})
    assert check(capsys, catalogs)[0] == 0
    set_message(catalogs, "ru", "docs.count.moves.genitive", {"one": "{count} хода"})
    set_message(catalogs, "ru", "docs.count.meeples.dative", {"one": "{count}"})
    code, out, _ = check(capsys, catalogs)
    assert code == 1
    assert "ru.json: 'docs.count.moves.genitive' lacks the plural form 'few'" in out
    assert "ru.json: message 'docs.count.meeples.dative' is not in en.json" in out


@pytest.mark.parametrize(("items", "joined"), [
    (["ערימה 1", "ערימה 2"], "ערימה 1 וערימה 2"),
    (["ערימה 1", "משבצת R3", "משבצת R4"], "ערימה 1, משבצת R3 ומשבצת R4"),
    (["J♠", "Q♥", "K♦"], "J♠, Q♥ ו־K♦"),
    (["A♠", "10♣"], "A♠ ו־10♣"),
    (["ערימה 1", f"{LRI}R3{PDI}"], f"ערימה 1 ו־{LRI}R3{PDI}"),
    (["ערימה 1", '<bdi dir="ltr">5♠</bdi>'], 'ערימה 1 ו־<bdi dir="ltr">5♠</bdi>'),
    (["ערימה 1", "<b>ערימה 2</b>"], "ערימה 1 ו<b>ערימה 2</b>"),
])
def test_hebrew_and_is_joined_to_a_word_and_takes_a_maqaf_only_before_a_digit_or_latin(items, joined):
    """"ו־" is written "ו" before a Hebrew word ("וערימה"), "ו־" before "5♠" or "R3"."""
    assert catalog("he").join(items) == joined


@given(st.text(alphabet="אבגדהוזחטיכלמנסעפצקרשת", min_size=1, max_size=8),
       st.text(alphabet="0123456789ABCJQKR♠♥", min_size=1, max_size=4))
def test_every_hebrew_prefix_before_a_placeholder_follows_the_value(word, sign):
    for prefix in ("ו", "ב", "ל", "מ", "ה", "ש", "כ", "וב", "מה"):
        assert fill(f"{prefix}־{{x}}", {"x": word}) == prefix + word
        assert fill(f"{prefix}־{{x}}", {"x": sign}) == f"{prefix}־{sign}"
    assert fill("בית־{x}", {"x": word}) == "בית־" + word  # a word's own maqaf, not a prefix's


def test_a_hebrew_card_in_words_uses_the_construct_form_of_the_queen():
    """The rank is "מלכה" (queen) on its own, "מלכת" before the suit: "מלכת לב"."""
    he = catalog("he")
    assert he.text("card.rank_name.Q") == "מלכה"
    assert he.card_words(Card(12, "H")) == "מלכת לב"
    assert he.card_words(Card(13, "H")) == "מלך לב"
    assert catalog("en").card_words(Card(12, "H")) == "queen of hearts"


def test_a_construct_form_is_allowed_for_a_rank_name_only(catalogs, capsys):
    set_message(catalogs, "he", "card.rank_name.J.construct", "נסיך")
    assert check(capsys, catalogs)[0] == 0
    set_message(catalogs, "he", "card.suit_name.H.construct", "לב")
    code, out, _ = check(capsys, catalogs)
    assert code == 1
    assert "he.json: message 'card.suit_name.H.construct' is not in en.json" in out


def test_arabic_lists_repeat_and_before_every_item():
    """"الكومة 1 والكومة 2 والخانة R1": Arabic joins every item with "و" (CLDR's list pattern,
    issue 41), not the English serial pattern "A، B وC"; and no Latin comma in any Arabic
    message."""
    ar = catalog("ar")
    assert ar.join(["الكومة 1", "الكومة 2", "الخانة R1"]) == "الكومة 1 والكومة 2 والخانة R1"
    latin_commas = [key for key, message in ar.messages.items()
                    for text in ([message] if isinstance(message, str) else message.values())
                    if "," in text]
    assert latin_commas == []


# How the site's languages write "four" where the Deal codes page and the code error count a
# code's parts (ru: genitive after "состоит из", ja: the digit with its counter).
FOUR = {"en": "four", "de": "vier", "es": "cuatro", "fr": "quatre", "he": "ארבעה",
        "ru": "четырёх", "ar": "أربعة", "pl": "cztery", "ja": "4つ"}


@pytest.mark.parametrize("lang", sorted(FOUR))
def test_the_code_error_counts_as_many_parts_as_the_deal_codes_page(lang):
    """The page's table has one row a part; its text and `game.code_error.parts` both say
    four (the error once said three while the page said four)."""
    page = (ROOT / "docs" / lang / "deal-codes.md").read_text(encoding="utf-8")
    lines = page.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|---")) + 1
    rows = list(itertools.takewhile(lambda line: line.startswith("|"), lines[start:]))
    assert len(rows) == 4
    before_table = "\n".join(lines[:start])
    assert FOUR[lang] in before_table
    assert FOUR[lang] in catalog(lang).text("game.code_error.parts")


def test_a_malformed_message_is_named_at_its_line_by_the_engine_and_the_plugin(catalogs, capsys,
                                                                              monkeypatch):
    from halfmoon_mkdocs.catalogs import checked_catalog
    from halfmoon_mkdocs.errors import SourceError

    from halfmoon import i18n

    ru = json.loads((catalogs / "ru.json").read_text(encoding="utf-8"))
    ru["source.slot"] = 7
    text = json.dumps(ru, ensure_ascii=False, indent=1)
    (catalogs / "ru.json").write_text(text, encoding="utf-8")
    line = text.splitlines().index(' "source.slot": 7,') + 1
    code, out, _ = check(capsys, catalogs)
    assert code == 1 and f"ru.json:{line}: 'source.slot' is a number" in out
    with pytest.raises(TranslationError) as caught:
        i18n.load_messages(catalogs / "ru.json")
    assert (caught.value.path, caught.value.line) == (catalogs / "ru.json", line)
    assert str(caught.value) == f"{catalogs / 'ru.json'}:{line}: {caught.value.reason}"
    i18n.catalog.cache_clear()
    monkeypatch.setattr(i18n, "catalog_dir", lambda: catalogs)
    try:
        with pytest.raises(SourceError) as plugin_error:
            checked_catalog("ru")
    finally:
        i18n.catalog.cache_clear()
    assert (plugin_error.value.line, plugin_error.value.message) == (line, caught.value.reason)
    assert plugin_error.value.path.endswith("ru.json")


def test_placeholders_english_alone_writes_otherwise_are_its_slip_not_each_translations():
    from halfmoon.i18n import english_outliers, placeholder_faults

    english = {"k": "a {x}", "plural": {"one": "{count} card", "other": "{count} cards"}}
    assert english_outliers({"fr": {"k": "b {y}"}, "de": {"k": "c {y}"}}, english) == {"k"}
    assert english_outliers({"fr": {"k": "b"}, "de": {"k": "c {x}"}}, english) == set()
    assert english_outliers({"fr": {"k": "b {y}"}}, english) == set()  # one translation: it answers
    faults = placeholder_faults(Path("fr.json"), {"k": "b", "plural": {"one": "une carte",
                                                                       "other": "cartes"}}, english)
    assert [fault.reason for fault in faults] == [
        "message 'k' lacks the placeholder {x} that en.json has",
        "message 'plural' lacks the placeholder {count} that en.json has"]
