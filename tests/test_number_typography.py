"""Each language's numbers and spacing (issue 41): digit groups, the space before "%",
Japanese spacing, the title's dash and the list pattern. What the plugin writes is mended as
it is written (localized_number); what a page writes by hand is reported with its file:line.
The two are checked against each other: what the writer writes, the checker accepts."""

from __future__ import annotations

import pytest
from babel.lists import format_list
from babel.numbers import format_decimal
from hypothesis import given
from hypothesis import strategies as st
from test_typography import plant_line, plant_message, project, status  # noqa: F401

from halfmoon import i18n
from halfmoon.i18n import join_sentences
from halfmoon.numerals import NBSP, NNBSP, localized_number, number_rules
from halfmoon.typography import catalog_list, number_findings, rules

LANGUAGES = ("en", "de", "es", "fr", "he", "ru", "ar", "pl", "ja")


@given(st.integers(min_value=0, max_value=10**12), st.sampled_from(LANGUAGES))
def test_a_written_number_is_grouped_as_its_language_groups_and_the_checker_accepts_it(n, lang):
    written = localized_number(format_decimal(n, locale=lang), lang)
    rule = number_rules(lang)
    digits = str(n)
    assert written.replace(rule.group, "") == digits
    if len(digits) == 4 and rule.min_grouping == 2:
        assert written == digits
    elif len(digits) > 3:
        assert written.split(rule.group)[1:] == [digits[i:i + 3] for i in
                                                 range(len(digits) % 3 or 3, len(digits), 3)]
    assert number_findings(f"x {written} y", lang) == []


@given(st.floats(min_value=0.0001, max_value=1.0), st.sampled_from(LANGUAGES))
def test_a_written_percentage_has_its_language_s_space_and_the_checker_accepts_it(share, lang):
    from halfmoon_mkdocs.stats import percent

    written = percent(share, lang, 2)
    assert written.endswith(number_rules(lang).before_percent + "%")
    assert number_findings(f"x {written} y", lang) == []


@given(st.integers(min_value=-10**9, max_value=-1), st.sampled_from(LANGUAGES))
def test_a_negative_number_takes_the_minus_sign_and_the_checker_accepts_it(n, lang):
    written = localized_number(format_decimal(n / 10, locale=lang), lang)
    assert "-" not in written and written.count("\u2212") == 1
    assert localized_number(format_decimal(-n / 10, locale=lang), lang) in written
    assert number_findings(f"x {written} y", lang) == []


@pytest.mark.parametrize("text", ["HM1-N-AAAAAAB", "2026-12-06", "pages 3-5", "U+2212", "x-1"])
def test_a_hyphen_that_is_no_sign_is_left_alone(text):
    assert localized_number(text, "fr") == text


def test_the_norms_babel_lacks():
    assert number_rules("es").group == NBSP and number_rules("es").min_grouping == 2
    assert number_rules("pl").min_grouping == 2 and number_rules("pl").group == NBSP
    assert number_rules("fr").group == NNBSP and number_rules("fr").before_percent == NNBSP
    assert number_rules("de").before_percent == NBSP and number_rules("en").before_percent == ""
    assert localized_number("250.000", "es") == f"250{NBSP}000"
    assert localized_number("1.000", "es") == "1000"
    assert localized_number(f"1{NBSP}000", "pl") == "1000"
    assert localized_number(f"19{NBSP}%", "fr") == f"19{NNBSP}%"
    assert localized_number("46 ミリ秒", "ja") == "46ミリ秒"
    assert localized_number("3.2 時間", "ja") == "3.2時間"
    assert localized_number("1.234,5", "de") == "1.234,5"
    assert localized_number(f"7{NNBSP}266", "fr") == "7266"
    assert localized_number(f"7{NBSP}266", "ru") == "7266"
    # CLDR's unit and date patterns space a number from its word with a plain space
    assert localized_number("46 Millisekunden", "de") == f"46{NBSP}Millisekunden"
    assert localized_number("2. Dezember 2026", "de") == f"2.{NBSP}Dezember 2026"
    assert localized_number("3,2 horas", "es") == f"3,2{NBSP}horas"
    assert localized_number("2 декабря 2026 г.", "ru") == f"2{NBSP}декабря 2026 г."


@pytest.mark.parametrize(("lang", "text", "said"), [
    ("es", "Hay 250.000 repartos.", "es groups digits with a no-break space (U+00A0), not '.'"),
    ("es", f"Hay 1{NBSP}000 repartos.", "es does not group a four-digit number: write '1000'"),
    ("pl", f"Jest 1{NBSP}000 rozdań.", "pl does not group a four-digit number: write '1000'"),
    ("ru", f"Всего 7{NBSP}266 раскладов.", "ru does not group a four-digit number: write '7266'"),
    ("fr", f"Il y a 7{NNBSP}266 donnes.", "fr does not group a four-digit number: write '7266'"),
    ("fr", f"Intervalle à 95{NBSP}% ici.", "fr writes a narrow no-break space (U+202F)"),
    ("fr", f"Il y a 10{NBSP}000 donnes.", "fr groups digits with a narrow no-break space"),
    ("de", "Das 95 % Intervall.", "a plain space between a number and '%'"),
    ("en", "A 95 % interval.", "en writes nothing"),
    ("ja", "勝ちました。 次へ。", "ja puts none between sentences"),
    ("ja", "平均46 ミリ秒でした。", "none between a number and its unit"),
])
def test_a_hand_written_slip_is_reported_with_its_file_and_line(project, capsys, lang, text,  # noqa: F811
                                                                said):
    assert_reported_on_a_page_and_in_the_catalog(project, capsys, lang, text, said)


def assert_reported_on_a_page_and_in_the_catalog(project, capsys, lang, text, said):  # noqa: F811
    """``text`` planted on a page and in a catalog message: each reported, ``said``, with its
    file:line."""
    page = plant_line(project, lang, text)
    where = plant_message(project, lang, "game.said.cleared", text)
    code, out = status(capsys)
    assert code == 1
    for place in (page, where):
        assert any(place in line and said in line for line in out.splitlines()), (place, out[-1500:])


@pytest.mark.parametrize("text", ["3,141 und 2.5", "Version 1.000.000.1", "HM1-N-AAAAAAB",
                                  "95-%-Intervall", "1.234,5"])
def test_what_is_not_a_grouped_number_is_left_alone(text):
    assert number_findings(text, "de") == []


def test_sentences_are_joined_without_a_space_only_in_japanese():
    assert join_sentences(["一。", "二。"], "ja") == "一。二。"
    assert join_sentences(["One.", "Two."], "en") == "One. Two."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_lists_as_cldr_does_unless_its_rules_say_why_not(lang):
    messages = i18n.catalog(lang).messages
    for items in (["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"]):
        listed = catalog_list(messages, items)
        if not rules(lang).own_list:
            assert listed == format_list(items, locale=lang), (lang, items)
    if lang == "ar":
        assert catalog_list(messages, ["A", "B", "C"]) == "A وB وC"


def test_a_catalog_list_that_is_not_the_language_s_pattern_is_reported(project, capsys):  # noqa: F811
    where = plant_message(project, "ar", "docs.list.separator", "، ")
    code, out = status(capsys)
    assert code == 1 and f"{where} docs.list.separator and docs.list.and make 'A، B وC'" in out


@pytest.mark.parametrize(("lang", "dash"), [("ru", " — "), ("de", " – "), ("ja", "｜")])
def test_page_titles_join_the_site_name_with_the_language_s_dash(built_site, lang, dash):
    import re
    from pathlib import Path

    from halfmoon.cli.siteconfig import read_site
    prefix = {language.code: language.prefix
              for language in read_site(Path(__file__).parent.parent / "mkdocs.yml").languages}[lang]
    html = (built_site / prefix / "strategy" / "index.html").read_text(encoding="utf-8")
    title = re.search(r"<title>([^<]*)</title>", html)[1]
    assert title.endswith(dash + "Half Moon") and " - " not in title


@pytest.mark.parametrize(("lang", "label"), [("fr", "Suivant\u202f: Exemples"),
                                               ("ja", "次：例"), ("en", "Next: Examples")])
def test_the_footer_s_link_labels_take_the_language_s_colon(built_site, lang, label):
    import re
    from html import unescape
    from pathlib import Path

    from halfmoon.cli.siteconfig import read_site
    prefix = {language.code: language.prefix
              for language in read_site(Path(__file__).parent.parent / "mkdocs.yml").languages}[lang]
    html = (built_site / prefix / "index.html").read_text(encoding="utf-8")
    labels = [unescape(found) for found in
              re.findall(r'class="md-footer__link[^"]*" aria-label="([^"]*)"', html)]
    assert label in labels, labels


@pytest.mark.parametrize(("lang", "text", "twice"), [
    ("pl", "W 7266 z nich z nich udowodnił.", "z nich"),
    ("he", "כל כל חלוקה.", "כל"),
    ("en", "It is the the best move.", "the"),
])
def test_a_word_written_twice_is_reported_with_its_file_and_line(project, capsys, lang, text,  # noqa: F811
                                                                 twice):
    assert_reported_on_a_page_and_in_the_catalog(project, capsys, lang, text,
                                                 f"{twice!r} written twice")


@pytest.mark.parametrize(("lang", "text"), [("de", "Züge, die die Reserve aufsparen"),
                                            ("ar", "لعب كل فوز نقلة نقلة"),
                                            ("en", "pile 11 11 cards")])
def test_a_word_a_language_may_repeat_is_not_reported(lang, text):
    from halfmoon.typography import repeated_words
    assert repeated_words(text, lang) == []


@pytest.mark.parametrize(("text", "broken"), [
    ("次のページを読みます。\n{{hm count 3 cards}}が残ります。", True),  # before an insert
    ("**ここまでが太字。**\nよく切ったトランプ。", True),
    ("- 一つ目の項目で\n  続きます。", True),  # a list item's own line break
    ("ひとつの段落。\n{: .hm-intro }", False),  # an attribute list is no text
    ("ひとつの段落。\n\nもうひとつの段落。", False),
    ("See the SplitMix64\ngenerator for details.", False),  # Latin on both sides
])
def test_a_line_break_inside_a_japanese_paragraph_is_reported(project, capsys, text, broken):  # noqa: F811
    """A browser shows a line break inside a paragraph as a space: between Japanese words it is
    a space where the language has none."""
    where = plant_line(project, "ja", text)
    code, out = status(capsys)
    said = [line for line in out.splitlines() if where in line and "line break inside a paragraph" in line]
    assert bool(said) == broken and (code == 1) == broken, out[-1500:]


def test_a_heading_s_text_in_an_attribute_keeps_its_no_break_spaces():
    from halfmoon_mkdocs.theme import text_of

    assert text_of("Combien de donnes peut-on gagner\u202f?") == "Combien de donnes peut-on gagner\u202f?"
    assert text_of("<code>HM1</code>\n  et   &laquo;\u00a095\u00a0%\u00a0&raquo; ") == \
        "HM1 et «\u00a095\u00a0%\u00a0»"


def test_the_table_of_contents_labels_keep_the_headings_no_break_spaces(built_site):
    import re
    from html import unescape

    html = (built_site / "fr" / "deal-codes" / "index.html").read_text(encoding="utf-8")
    labels = [unescape(label) for label in re.findall(r'<nav class="md-nav" aria-label="([^"]*)"', html)]
    asked = [label for label in labels if label.endswith("?")]
    assert asked and all(label.endswith("\u202f?") for label in asked), labels
    title = unescape(re.search(r"<title>([^<]*)</title>", html)[1])
    assert " ?" not in title and " :" not in title
