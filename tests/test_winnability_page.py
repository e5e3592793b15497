"""The Deal codes page's winnability parts: the chart drawn at build time, the lookup's form,
the lost deals and the figures, in every language, all from docs/records/winnability.json."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from babel.dates import format_date
from babel.numbers import format_decimal
from halfmoon_mkdocs.context import Context
from halfmoon_mkdocs.errors import SourceError
from halfmoon_mkdocs.examples import ExampleLoader
from halfmoon_mkdocs.inline import replace_inserts
from halfmoon_mkdocs.page import fill_slots, render_markdown
from halfmoon_mkdocs.stats import Stats, percent
from halfmoon_mkdocs.strategy import StrategyFigures
from halfmoon_mkdocs.words import Writer
from plugin_project import summary_json

from halfmoon import i18n
from halfmoon.i18n import catalog, join_sentences
from halfmoon.numerals import localized_number
from halfmoon.solver.figures import MAX_BUDGET

BUDGET = f"{MAX_BUDGET:,}"  # the most positions or conflicts a figure may hold
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FIGURES = json.loads((DOCS / "records" / "winnability.json").read_text(encoding="utf-8"))
LANGUAGES = i18n.available_languages()
FILES = {"verdicts": "../records/verdicts.gz", "lost": "../records/lost-deals.txt"}
STRATEGY = StrategyFigures(DOCS / "records" / "strategy.json")  # the page cites the best honest play


def page_context(stats: Stats, lang: str) -> Context:
    return Context(ExampleLoader(DOCS), "records/HM1-N-AAAAAAB.txt", stats, lang, FILES, strategy=STRATEGY)


def rendered(markdown: str, lang: str) -> str:
    context = page_context(Stats(DOCS / "records" / "winnability.json"), lang)
    result = render_markdown(markdown, context)
    assert not result.errors, result.errors
    return fill_slots(result.markdown, result.slots)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chart_has_no_words_in_its_drawing_and_every_figure_around_it(lang):
    html = rendered("```halfmoon-chart\n```\n", lang)
    svg = re.search(r"<svg\b.*?</svg>", html, re.S).group()
    assert 'direction="ltr"' in svg and "<text" not in svg and "<title" not in svg
    assert "var(--hm-chart-perfect" in svg  # light and dark colours come from the page's CSS
    # One bar, whisker and dot per player, in the legend's order.
    assert re.findall(r'<g class="(hm-chart-\w+)"', svg) == [
        "hm-chart-perfect", "hm-chart-greedy", "hm-chart-random"]
    around = html.replace(svg, "")
    assert 'class="hm-chart-plot" dir="ltr"' in around
    messages = catalog(lang).messages
    legend = re.findall(r"<li>(.*?)</li>", around, re.S)
    # The label joined to its figures as the language joins them ("Jeu parfait\u202f: …").
    joint = messages["docs.label_value"].split("{label}", 1)[1].split("{value}", 1)[0]
    assert [item.split("</span>", 1)[1].split(joint)[0] for item in legend] == [
        messages[f"docs.chart.{name}"] for name in ("perfect", "greedy", "random")]
    locale = catalog(lang).locale
    for item, figures in zip(legend[1:], (FIGURES["greedy_player"], FIGURES["random_player"]),
                             strict=True):
        for key in ("share", "ci_low", "ci_high"):
            assert percent(figures[key], locale) in item
    assert percent(FIGURES["won_share"], locale, 2) in legend[0]
    assert f"<figcaption>{messages['docs.chart.caption']}</figcaption>" in around


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lookup_is_a_labelled_form_that_names_the_verdict_file(lang):
    html = rendered("```halfmoon-lookup\n```\n", lang)
    messages = catalog(lang).messages
    assert 'data-verdicts="../records/verdicts.gz"' in html
    field = re.search(r'<input id="([^"]+)"[^>]* dir="ltr"', html).group(1)
    assert f'<label for="{field}">{messages["docs.lookup.label"]}</label>' in html
    assert f'>{messages["docs.lookup.button"]}</button>' in html
    assert 'role="status"' in html
    assert re.search(r'<form class="hm-lookup"[^>]* hidden>', html)  # until lookup.js runs
    assert f'<noscript><p>{messages["docs.lookup.needs_script"]}</p></noscript>' in html


def test_a_chart_or_lookup_block_takes_no_keys():
    context = page_context(Stats(DOCS / "records" / "winnability.json"), "en")
    for kind in ("halfmoon-chart", "halfmoon-lookup"):
        errors = render_markdown(f"text\n\n```{kind}\ncode: HM1-N-AAAAAAB\n```\n", context).errors
        assert [(error.line, "unknown key 'code' (allowed: none)" in error.message)
                for error in errors] == [(4, True)]


def test_the_lost_deals_link_to_the_game_and_the_full_list():
    html = rendered("Try {{hm lost 3}}; {{hm lost_list the full list}}.\n", "he")
    codes = FIGURES["lost_deals"][:3]
    unit = r"<span class=\"hm-unit\"><bdi dir=\"ltr\">(HM1-N-[A-Z]{7})</bdi></span>"
    assert re.findall(r"\[" + unit + r"\]\(play\.md#(HM1-N-[A-Z]{7})\)", html) == [
        (code, code) for code in codes]
    assert '<a href="../records/lost-deals.txt">the full list</a>' in html


# Two deals of one budget and one of another, whose numbers pick other plural forms.
TRIED = ["search: 5,000 positions", "rounds formula with minisat22: 200,000 conflicts"]
UNDECIDED = [
    {"code": "HM1-N-AAACCMV", "tried": TRIED, "search_positions": 5000, "sat_solver": "minisat22",
     "sat_conflicts": 200000},
    {"code": "HM1-N-AAAAAOC", "tried": TRIED, "search_positions": 5000, "sat_solver": "minisat22",
     "sat_conflicts": 200000},
    {"code": "HM1-N-AAAABCD", "tried": ["search: 1 position", "rounds formula with glucose4: 23 conflicts"],
     "search_positions": 1, "sat_solver": "glucose4", "sat_conflicts": 23},
]


def undecided_context(tmp_path, lang: str, deals: list, **more) -> Context:
    figures = tmp_path / "winnability.json"
    figures.write_text(summary_json(**{"undecided": len(deals), "undecided_deals": deals, **more}),
                       encoding="utf-8")
    return page_context(Stats(figures), lang)


def undecided_html(tmp_path, lang: str, deals: list) -> str:
    context = undecided_context(tmp_path, lang, deals)
    return replace_inserts("{{hm undecided_deals}}", 1, Writer(lang, html=True), context)


def expected_words(lang: str, deals: int, deal: dict) -> list[str]:
    """The words of the plural forms CLDR picks for ``deals`` deals given ``deal``'s budget, and
    its numbers as the language writes them (where the form shows the number)."""
    messages, locale = catalog(lang).messages, catalog(lang).locale
    words = []
    for key, count in (("docs.undecided.deals", deals), ("docs.undecided.search", deal["search_positions"]),
                       ("docs.undecided.sat", deal["sat_conflicts"])):
        form = messages[key].get(f"={count}", messages[key].get(catalog(lang).plural_category(count),
                                                                messages[key]["other"]))
        words += [piece for piece in re.split(r"\{\w+\}", form) if piece.strip()]
        if "{count}" in form:
            words.append(localized_number(format_decimal(count, locale=locale), lang))
    return words


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_undecided_deal_is_named_with_what_was_tried_in_the_page_language(tmp_path, lang):
    html = undecided_html(tmp_path, lang, UNDECIDED)
    codes = [deal["code"] for deal in UNDECIDED]
    isolated = r'<bdi dir="ltr">(HM1-N-[A-Z]{7})</bdi>' if catalog(lang).rtl else r"(HM1-N-[A-Z]{7})"
    isolated = rf'<span class="hm-unit">{isolated}</span>'
    assert re.findall(rf"\[{isolated}\]\(play\.md#(HM1-N-[A-Z]{{7}})\)", html) == [
        (code, code) for code in codes]
    # Deals given the same budget share a sentence: the first two, then the third alone.
    first, second = (undecided_html(tmp_path, lang, deals) for deals in (UNDECIDED[:2], UNDECIDED[2:]))
    assert html == join_sentences([first, second], lang)  # ja: no space between sentences
    for sentence, deals in ((first, UNDECIDED[:2]), (second, UNDECIDED[2:])):
        for words in expected_words(lang, len(deals), deals[0]):
            assert words in sentence, words
    assert "MiniSat 2.2" in first and "Glucose 4" in second and "minisat22" not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_when_no_deal_was_left_undecided_the_page_says_so(tmp_path, lang):
    context = undecided_context(tmp_path, lang, [])
    text = replace_inserts("{{hm undecided_deals}}", 1, Writer(lang, html=False), context)
    assert text == catalog(lang).messages["docs.undecided.none"]


@pytest.mark.parametrize("entry, words", [
    ({**UNDECIDED[0], "sat_conflicts": "200k"}, "undecided_deals[0]: 'sat_conflicts' must be a whole number"),
    ({**UNDECIDED[0], "search_positions": -1},
     "'search_positions' must be a whole number from 0 to " + BUDGET),
    ({**UNDECIDED[0], "sat_solver": ""}, "'sat_solver' must be a solver's name"),
    ({**UNDECIDED[0], "code": "HM1-N-AAAAAA"}, "undecided_deals[0]: "),
    ({"code": "HM1-N-AAACCMV", "tried": TRIED}, "undecided_deals[0]: 'search_positions' is missing"),
    ({**UNDECIDED[0], "colour": "red"}, "undecided_deals[0]: unknown field 'colour'"),
    ("HM1-N-AAACCMV", "undecided_deals[0] must be an object"),
])
def test_a_malformed_undecided_deal_is_an_error_at_the_insert(tmp_path, entry, words):
    context = undecided_context(tmp_path, "en", [entry])
    with pytest.raises(SourceError) as caught:
        replace_inserts("Undecided:\n\n{{hm undecided_deals}}\n", 7, Writer("en", html=True), context)
    assert caught.value.line == 9 and caught.value.message.startswith("winnability.json: ")
    assert words in caught.value.message, caught.value.message


def test_undecided_deals_that_disagree_with_the_count_are_an_error(tmp_path):
    context = undecided_context(tmp_path, "en", UNDECIDED[:1], undecided=2)
    with pytest.raises(SourceError, match="lists 1 deals, 'undecided' counts 2"):
        replace_inserts("{{hm undecided_deals}}", 1, Writer("en", html=True), context)
    with pytest.raises(SourceError, match="'undecided_deals' must be a list"):
        replace_inserts("{{hm undecided_deals}}", 1, Writer("en", html=True),
                        undecided_context(tmp_path, "en", [], undecided_deals={"a": 1}))


@pytest.mark.parametrize("insert, expected", [
    ("{{hm stat confirmed.search}}", f"{FIGURES['confirmed'].get('search', 0):,}\u00a0of them"),
    ("{{hm stat confirmed.glucose4}}", f"{FIGURES['confirmed'].get('glucose4', 0):,}"),
    ("{{hm stat ms_per_deal.mean}}", f"{round(FIGURES['ms_per_deal']['mean'])}\u00a0milliseconds"),
])
def test_nested_figures_are_read_as_written(insert, expected):
    assert rendered(insert + "\n", "en").strip() == expected


def test_a_count_without_its_plural_message_is_an_error_naming_the_message():
    context = page_context(Stats(DOCS / "records" / "winnability.json"), "en")
    # greedy_player.won is a figure no page uses: the catalogs have no words for it yet.
    for insert, words in (("{{hm stat greedy_player.won}}",
                           "needs the plural message 'docs.stat.greedy_player.won'"),
                          ("{{hm stat lost form=nope}}", "'docs.stat.lost.nope'"),
                          ("{{hm stat won_share form=list}}", "takes no form")):
        (error,) = render_markdown(insert + "\n", context).errors
        assert words in str(error), error


COUNTED = ("won", "lost", "undecided", "search_positions", "nodes", "confirm_positions",
           "confirmed.search", "confirmed.glucose4")


def figures_counting(count: int) -> dict:
    """Figures of a run with every count of the page's prose ``count`` (but ``won``, 1 when
    ``count`` is 0: a run has a deal), its other figures the ones those counts give."""
    letters = str.maketrans("0123456789", "ABCDEFGHIJ")
    won = count or 1
    return json.loads(summary_json(
        deals=won + 2 * count, won=won, lost=count, undecided=count,
        search_positions=count, nodes=count, confirm_positions=count,
        confirmed={"replay": won, "search": count, "glucose4": count},
        undecided_deals=[{**UNDECIDED[0], "code": "HM1-N-AAAA" + f"{index:03d}".translate(letters)}
                         for index in range(count)]))


def _figure(figures: dict, name: str) -> int:
    outer, _, inner = name.partition(".")
    return figures[outer][inner] if inner else figures[outer]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 3, 5, 11, 21, 101])
def test_every_count_on_the_deal_codes_page_is_the_catalogs_plural_form(tmp_path, lang, count):
    path = tmp_path / "winnability.json"
    figures = figures_counting(count)
    path.write_text(json.dumps(figures), encoding="utf-8")
    context = page_context(Stats(path), lang)
    source = (DOCS / lang / "deal-codes.md").read_text(encoding="utf-8")
    result = render_markdown(source, context)
    assert not result.errors, result.errors
    html = re.sub(r"[^\S\u00a0\u202f]+", " ", fill_slots(result.markdown, result.slots))  # no-break kept
    messages = catalog(lang).messages
    used = sorted(set(re.findall(r"\{\{hm stat ([\w.]+)(?: form=(\w+))?\}\}", source)))
    counted = [(name, form) for name, form in used if name in COUNTED]
    assert {name for name, _ in counted} == set(COUNTED), counted  # every count of the page
    for name, form in counted:
        value = _figure(figures, name)
        plural = catalog(lang).plural_category(value)
        number = localized_number(format_decimal(value, locale=catalog(lang).locale), lang)
        forms = messages[f"docs.stat.{name}" + (f".{form}" if form else "")]
        words = forms.get(f"={value}", forms.get(plural, forms["other"])).replace("{count}", number)
        assert words in html, (name, form, words)


def measured_paragraph(text: str, lang: str) -> str:
    """The "How it was measured" paragraph: the one that dates the figures."""
    date = localized_number(format_date(datetime.date.fromisoformat(FIGURES["date"]), "long",
                                        locale=catalog(lang).locale), lang)
    (paragraph,) = [p for p in re.split(r"\n\s*\n|</p>", text) if date in p]
    return paragraph


def assert_the_budget_is_stated(paragraph: str, lang: str) -> None:
    """The search's positions, then the formula's conflicts, then the confirming search's positions:
    the numbers the run used, in the language's digits."""
    locale = catalog(lang).locale
    numbers = [localized_number(format_decimal(FIGURES[key], locale=locale), lang)
               for key in ("search_positions", "nodes", "confirm_positions")]
    places = [paragraph.find(number) for number in numbers]
    assert -1 not in places and places == sorted(places), (numbers, paragraph)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_how_many_positions_and_conflicts_each_deal_was_given(lang):
    source = (DOCS / lang / "deal-codes.md").read_text(encoding="utf-8").split("\n---\n", 1)[1]
    assert_the_budget_is_stated(measured_paragraph(rendered(source, lang), lang), lang)
    assert FIGURES["search_positions"] < FIGURES["nodes"]  # so the two cannot be mistaken


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_codes_page_shows_chart_lookup_and_figures_in_every_language(built_site, lang):
    prefix = "" if lang == "en" else f"{lang}/"
    page = built_site / prefix / "deal-codes" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="hm-chart-svg"') == 1
    assert html.count('<form class="hm-lookup"') == 1 and "hm-error" not in html
    verdicts = re.search(r'data-verdicts="([^"]+)"', html).group(1)
    assert (page.parent / verdicts).resolve() == (built_site / "records" / "verdicts.gz").resolve()
    lost = re.search(r'<a href="([^"]+lost-deals\.txt)">', html).group(1)
    assert (page.parent / lost).resolve().read_text(encoding="utf-8").count("\nHM1-N-") == FIGURES["lost"]
    digits = re.sub(r"\D", "", html)
    for figure in (FIGURES["lost"], FIGURES["won"], FIGURES["nodes"]):
        assert str(figure) in digits
    assert FIGURES["lost_deals"][0] in html and FIGURES["last"] in html
    locale = catalog(lang).locale
    for deal in FIGURES["undecided_deals"]:
        assert re.search(rf'<a href="[^"]*play/#{deal["code"]}"><span class="hm-unit">'
                         rf'(<bdi dir="ltr">)?{deal["code"]}<', html)
        for number in (deal["search_positions"], deal["sat_conflicts"]):
            assert localized_number(format_decimal(number, locale=locale), lang) in html
    if not FIGURES["undecided_deals"]:
        assert catalog(lang).messages["docs.undecided.none"] in html
    assert_the_budget_is_stated(measured_paragraph(html, lang), lang)


HOSTILE = ['HM1-N-AAAAADF)<img src=x onerror="alert(document.domain)">(', "[x](javascript:alert(2))",
           "HM1-N-AAAAAAB<script>", "<b>HM1-N-AAAAAAB</b>"]


def one_undecided(**entry: str) -> dict:
    return {"undecided": 1, "undecided_deals": [{**UNDECIDED[0], **entry}]}


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize("insert, figures", [
    ("{{hm lost 1}}", lambda text: {"lost_deals": [text]}),
    ("{{hm stat start}}", lambda text: {"start": text}),
    ("{{hm stat last}}", lambda text: {"last": text}),
    ("{{hm undecided_deals}}", lambda text: one_undecided(code=text)),
    ("{{hm undecided_deals}}", lambda text: one_undecided(sat_solver=text)),
])
def test_published_text_that_is_no_deal_code_or_solver_name_never_reaches_the_page(
        tmp_path, insert, figures, text):
    path = tmp_path / "winnability.json"
    path.write_text(summary_json(**figures(text)), encoding="utf-8")
    context = page_context(Stats(path), "he")
    with pytest.raises(SourceError) as caught:
        replace_inserts(f"See {insert}.\n", 3, Writer("he", html=True), context)
    assert caught.value.line == 3 and caught.value.message.startswith("winnability.json: ")


def test_a_published_code_reaches_the_page_as_the_code_read(tmp_path):
    path = tmp_path / "winnability.json"
    path.write_text(summary_json(lost=2, won=FIGURES["deals"] - 2 - FIGURES["undecided"],
                                 lost_deals=[" hm1-n-aaaaadf", "HM1-N-aaaaadg"]), encoding="utf-8")
    context = page_context(Stats(path), "en")
    html = replace_inserts("{{hm lost 2}}", 1, Writer("en", html=True), context)
    assert "HM1-N-AAAAADF" in html and "HM1-N-AAAAADG" in html
    assert "aaaaad" not in html
    assert Stats(DOCS / "records" / "winnability.json").lost_deals() == FIGURES["lost_deals"]
