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
def test_the_table_orders_every_player_by_share_in_the_page_language_with_its_figures(lang):
    html = rendered("```halfmoon-strategy\n```\n", lang)
    messages, locale = catalog(lang).messages, catalog(lang).locale
    rows = re.findall(r'<tr[^>]*><th scope="row">(.*?)</th><td class="hm-share">(.*?)</td>'
                      r'<td class="hm-interval">(.*?)</td>.*?<span style="width: ([\d.]+)%">', html, re.S)
    entries = [("perfect", STRATEGY["perfect"])]
    players = [(entry["name"], entry) for entry in STRATEGY["players"]]
    if STRATEGY["search"]:
        players.append(("search", STRATEGY["search"]["players"][-1]))
    players.sort(key=lambda pair: -pair[1]["share"])  # stable: equal shares keep the players' order
    entries += players
    assert [row[0] for row in rows] == [messages[f"docs.strategy.player.{name}"] for name, _ in entries]
    for (_, share, interval, width), (_, entry) in zip(rows, entries, strict=True):
        assert percent(entry["share"], locale) in share
        assert percent(entry["ci_low"], locale) in interval and percent(entry["ci_high"], locale) in interval
        assert float(width) == pytest.approx(100 * entry["share"] / STRATEGY["perfect"]["share"], abs=0.01)
    assert 'aria-hidden="true"' in html  # the bar is for the eye; the figures say it in text


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
     "look the same to a player"),
    (lambda d: d["players"][3]["example"].update(tempting=d["players"][3]["example"]["right"],
                                                 right=d["players"][3]["example"]["tempting"]),
     "not as the example says"),
    (lambda d: d.update(format="something"), "not the strategy figures"),
    (lambda d: d["search"].update(search_id="halfmoon-search/old"), "figures of another search"),
    (lambda d: d["search"]["gain"].update(search_only=d["search"]["gain"]["search_only"] + 1), "add up"),
    (lambda d: d["search"].update(deals=d["search"]["planned"] + 1), "'deals' must be a count"),
    (lambda d: d["players"][6].update(over_baseline={"share": 0.5, "ci_low": 0.6, "ci_high": 0.7}),
     "within its interval"),
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
    gain = {entry["name"]: entry["over_baseline"] for entry in STRATEGY["players"]}
    assert share["triple-then-tallest"] < share["tallest"]  # "Don't rush a triple"
    assert share["tallest"] == max(share[n] for n in ("keep-reserve", "tallest", "triple-then-tallest"))
    best = max(share, key=share.get)
    assert share[best] > 5 * share["greedy"]  # "many times as many deals as greedy play"
    # "a small gain, but one the measurement supports"
    assert gain["tallest-pile"]["ci_low"] > 0
    # "looking one move ahead at what you see changes nothing": the same games, the same wins
    assert share["pair-in-view"] == share["tallest-keep-reserve"] and gain["pair-in-view"]["share"] == 0
    # "counting helps about as much as the single tallest pile": both above zero, within half a point
    assert gain["partners-in-view"]["ci_low"] > 0
    assert abs(gain["partners-in-view"]["share"] - gain["tallest-pile"]["share"]) < 0.005
    chain = ["greedy", "tallest", "tallest-keep-reserve", "tallest-pile"]
    assert [share[n] for n in chain] == sorted(share[n] for n in chain)  # each rule adds
    search = STRATEGY["search"]
    assert search is not None and search["deals"] >= 1
    # "the simple rule is within about a point of the best honest play known here"
    assert search["gain"]["share"] <= 0.015
    # "a search that sees only the tops does little better than the rule"; the gap to perfect
    # play is mostly the unseen cards
    assert search["players"][-1]["share"] < STRATEGY["perfect"]["share"] / 3


def test_the_best_honest_play_is_the_search_only_where_it_beats_the_rule_beyond_its_interval(tmp_path):
    best_rule = max(entry["share"] for entry in STRATEGY["players"])
    data = copy.deepcopy(STRATEGY)
    search = data["search"]
    rule, player = search["players"][-2:]
    won = search["deals"] // 2  # the search wins half its deals, figures as its counts give them
    share = round(won / search["deals"], 6)
    low, high = (round(bound, 6) for bound in wilson_interval(won, search["deals"]))
    player.update(won=won, share=share, ci_low=low, ci_high=high)
    search["gain"]["search_only"] = search["gain"]["rule_only"] + won - rule["won"]
    search["gain"].update(share=0.0, ci_low=-0.01, ci_high=0.01)  # no edge beyond the interval
    locale = catalog("en").locale

    def honest() -> str:
        return rendered("{{hm strategy honest}}", "en", _with(tmp_path, data)).strip()

    assert honest() == percent(best_rule, locale)
    search["gain"].update(share=0.02, ci_low=0.01, ci_high=0.03)
    assert honest() == percent(share, locale)
