"""The Strategy page's table and tips and the Rules page's quick facts, drawn from the published
figures (docs/records/strategy.json, winnability.json) in every language."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import asdict
from pathlib import Path

import pytest
from halfmoon_mkdocs.context import Context
from halfmoon_mkdocs.errors import SourceError
from halfmoon_mkdocs.examples import ExampleLoader
from halfmoon_mkdocs.page import fill_slots, render_markdown
from halfmoon_mkdocs.stats import Stats, percent
from halfmoon_mkdocs.strategy import StrategyFigures
from halfmoon_mkdocs.words import Writer

from halfmoon import DealCode, Move, Position, i18n
from halfmoon.i18n import catalog
from halfmoon.solver.figures import Share, wilson_interval

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
STRATEGY = json.loads((DOCS / "records" / "strategy.json").read_text(encoding="utf-8"))
WINNABILITY = json.loads((DOCS / "records" / "winnability.json").read_text(encoding="utf-8"))
LANGUAGES = i18n.available_languages()


def rendered(markdown: str, lang: str, strategy: Path | None = None, stats: Path | None = None) -> str:
    context = Context(ExampleLoader(DOCS), "records/HM1-N-AAAAAAB.txt",
                      Stats(stats or DOCS / "records" / "winnability.json"), lang,
                      strategy=StrategyFigures(strategy or DOCS / "records" / "strategy.json"))
    result = render_markdown(markdown, context)
    if result.errors:
        raise result.errors[0]
    return fill_slots(result.markdown, result.slots)


def _with(tmp_path: Path, data: dict, name: str = "strategy.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_names_every_player_in_the_page_language_with_its_figures(lang):
    html = rendered("```halfmoon-strategy\n```\n", lang)
    messages, locale = catalog(lang).messages, catalog(lang).locale
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th><td>(.*?)</td>", html, re.S)
    names = ["perfect", *reversed([entry["name"] for entry in STRATEGY["players"]])]
    assert [row[0] for row in rows] == [messages[f"docs.strategy.player.{name}"] for name in names]
    for (_, figures), entry in zip(rows[1:], reversed(STRATEGY["players"]), strict=True):
        for key in ("share", "ci_low", "ci_high"):
            assert percent(entry[key], locale) in figures


def test_a_changed_figure_changes_the_page(tmp_path):
    data = copy.deepcopy(STRATEGY)
    # another count, and the share and interval it gives (the reader checks them against it)
    data["players"][3].update(asdict(Share.of(data["players"][3]["won"] + 500, data["deals"])))
    before = rendered("{{hm strategy tallest}}", "en")
    after = rendered("{{hm strategy tallest}}", "en", _with(tmp_path, data))
    assert before != after and percent(data["players"][3]["share"], "en") in after


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(players_id="halfmoon-players/old"), "figures of other players"),
    (lambda d: d["players"].pop(), "must list random, greedy"),
    (lambda d: d["players"][1].update(share=2.0), "must be shares"),
    (lambda d: d["players"][1].update(ci_low=0.9), "within its interval"),
    (lambda d: d["perfect"].update(won=10**9), "'won' must be a count"),
    (lambda d: d["players"][3]["example"].update(tempting="1+1"), "example"),
    (lambda d: d["players"][3]["example"].update(tempting=d["players"][3]["example"]["right"]),
     "not as the example says"),
    (lambda d: d.update(format="something"), "not the strategy figures"),
])
def test_figures_that_do_not_hold_are_a_clear_error(tmp_path, change, message):
    data = copy.deepcopy(STRATEGY)
    change(data)
    with pytest.raises(SourceError, match=message):
        rendered("```halfmoon-strategy\n```\n", "en", _with(tmp_path, data))


def test_markup_in_the_figures_never_reaches_the_page(tmp_path):
    data = copy.deepcopy(STRATEGY)
    data["players"][3]["example"]["code"] = "<img src=x onerror=alert(1)>"
    with pytest.raises(SourceError, match="example"):
        rendered("```halfmoon-tip\nplayer: tallest\n```\n", "en", _with(tmp_path, data))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_tip_draws_the_tempting_move_then_the_right_one(lang):
    html = rendered("```halfmoon-tip\nplayer: tallest\n```\n", lang)
    example = STRATEGY["players"][3]["example"]
    figures = re.findall(r'<figure class="hm-figure" id="([^"]+)">(.*?)</figure>', html, re.S)
    assert [identifier for identifier, _ in figures] == ["hm1-tempting-figure", "hm1-right-figure"]
    assert example["code"] in re.search(r'<p class="hm-tip-deal">(.*?)</p>', html).group(1)  # it prints
    position = Position(DealCode.parse(example["code"]))
    for move in example["before"]:
        position.push(Move.parse(move))
    writer = Writer(lang, html=True)
    for (_, figure), move in zip(figures, (example["tempting"], example["right"]), strict=True):
        sources = Move.parse(move).sources
        marked = writer.join([writer.card_at(position.card_at(s), s) for s in sources])
        caption = re.search(r"<figcaption>(.*?)</figcaption>", figure, re.S).group(1)
        assert marked in caption
        assert figure.count('class="hm-ring"') + figure.count("hm-ring ") >= len(sources)


def test_a_tip_of_an_unknown_player_or_none_is_an_error_at_its_line():
    with pytest.raises(SourceError, match="no player 'best'") as error:
        rendered("text\n\n```halfmoon-tip\nplayer: best\n```\n", "en")
    assert error.value.line == 4
    with pytest.raises(SourceError, match="needs 'player: NAME'"):
        rendered("```halfmoon-tip\n```\n", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_quick_facts_come_from_the_engine_and_the_figures(lang, tmp_path):
    html = rendered("```halfmoon-facts\n```\n", lang)
    locale = catalog(lang).locale
    terms = re.findall(r"<dt>(.*?)</dt>", html)
    assert len(terms) == 8
    for key in ("won_share", "ci_low", "ci_high"):
        assert percent(WINNABILITY[key], locale, 2) in html
    assert percent(WINNABILITY["greedy_player"]["share"], locale) in html
    changed = copy.deepcopy(WINNABILITY)  # a run that lost 1,000 more deals, its figures with it
    changed["won"] -= 1000
    changed["lost"] += 1000
    changed["lost_deals"] += [str(DealCode(n)) for n in range(10**6, 10**6 + 1000)]
    won, deals = changed["won"], changed["deals"]
    changed["won_share"] = Share.of(won, deals).share
    changed["ci_low"] = round(wilson_interval(won, deals)[0], 6)
    changed["ci_high"] = round(wilson_interval(won + changed["undecided"], deals)[1], 6)
    after = rendered("```halfmoon-facts\n```\n", lang, stats=_with(tmp_path, changed, "w.json"))
    assert percent(changed["won_share"], locale, 2) in after
    assert percent(WINNABILITY["won_share"], locale, 2) not in after


def test_what_the_page_says_in_words_holds_in_the_figures():
    """The claims of docs/*/strategy.md that are words, not inserts, checked against the figures."""
    share = {entry["name"]: entry["share"] for entry in STRATEGY["players"]}
    assert share["triple-then-tallest"] < share["tallest"]  # "Don't rush a triple"
    assert share["tallest"] == max(share[n] for n in ("keep-reserve", "tallest", "triple-then-tallest"))
    assert share["frees-a-partner"] > 10 * share["greedy"]  # "more than ten times as many deals"
    assert share["frees-a-partner"] < STRATEGY["perfect"]["share"] / 2  # "they still lose most deals"
    chain = ["greedy", "tallest", "tallest-keep-reserve", "no-deadlock", "two-ahead"]
    assert [share[n] for n in chain] == sorted(share[n] for n in chain)  # each rule adds
    assert STRATEGY["complete"] and STRATEGY["deals"] >= 20_000
