"""The published figures (docs/records/winnability.json, strategy.json) are checked as numbers:
type, range, places, and against the counts they come from, each refusal naming the file and
the field (issue 39, item 3: the issue's cases, and variants of our own). Nothing reaches Babel
that it cannot format."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest
from halfmoon_mkdocs.errors import SourceError
from halfmoon_mkdocs.stats import FIGURES, Stats, percent
from halfmoon_mkdocs.strategy import StrategyFigures
from halfmoon_mkdocs.words import Writer
from hypothesis import given
from hypothesis import strategies as st

from halfmoon.solver.figures import Share, share_problems

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "docs" / "records"
WINNABILITY = json.loads((RECORDS / "winnability.json").read_text(encoding="utf-8"))
STRATEGY = json.loads((RECORDS / "strategy.json").read_text(encoding="utf-8"))




@functools.cache
def _published() -> Stats:
    return Stats(RECORDS / "winnability.json")


@functools.cache
def _renders(name: str, lang: str) -> bool:
    try:
        _published().render(name, Writer(lang, html=True))
    except SourceError:  # a count with no noun in the catalog is never asked for alone
        return False
    return True


def _set(path: str, value: object):  # type: ignore[no-untyped-def]
    def change(figures: dict) -> None:
        *parents, last = path.split(".")
        for part in parents:
            figures = figures[part]
        figures[last] = value
    return change


WINNABILITY_CASES = {
    # the issue's
    "a count of 28 digits": (_set("won", 10**27), "'won' must be a whole number from 0 to"),
    "a time of 1e300": (_set("cpu_seconds", 1e300), "'cpu_seconds' must be a time"),
    "won_share 0.5": (_set("won_share", 0.5), "'won_share' is 0.5, but 242,733 of 250,000 deals"),
    "a share of 5e-324": (_set("greedy_player.share", 5e-324), "'greedy_player.share' must be a share"),
    # ours
    "a time of 1e300 ms": (_set("ms_per_deal.max", 1e300), "'ms_per_deal.max' must be a time"),
    "a subnormal time": (_set("ms_per_deal.median", 5e-324), "'ms_per_deal.median' must be a time"),
    "a budget of 28 digits": (_set("nodes", 10**27), "'nodes' must be a whole number"),
    "a confirmation count past the deals": (_set("confirmed.search", 250_001),
                                            "'confirmed.search' 250,001 is more than 'deals'"),
    "counts that do not add up": (_set("lost", 7265), "is not 'deals' 250,000"),
    "a bound that is not Wilson's": (_set("ci_low", 0.9), "'ci_low' is 0.9, but the 95% Wilson bound"),
    "a player's won with the share of another": (_set("random_player.won", 5503),
                                                 "'random_player.share' is 0.001532, but 5,503"),
    "an interval that misses the share": (_set("ci_high", 0.970931), "'ci_high' is 0.970931"),
    "a mean that is not the CPU time's": (_set("ms_per_deal.mean", 4.0), "'ms_per_deal.mean' 4.0 is not"),
    "times out of order": (_set("ms_per_deal.p90", 1000.0), "'ms_per_deal.p99' 943.8 is less than "
                           "'ms_per_deal.p90' 1000.0"),
    "another confidence": (_set("confidence", 0.9), "'confidence' is 0.9"),
    "no deals": (_set("deals", 0), "'deals' is 0"),
    "a bool for a count": (_set("won", True), "'won' must be a whole number"),
}


@pytest.mark.parametrize("case", WINNABILITY_CASES)
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_every_hostile_winnability_figure_is_refused_naming_the_file_and_field(tmp_path, case, lang):
    change, message = WINNABILITY_CASES[case]
    figures = copy.deepcopy(WINNABILITY)
    change(figures)
    path = tmp_path / "winnability.json"
    path.write_text(json.dumps(figures), encoding="utf-8")
    stats, writer = Stats(path), Writer(lang, html=True)
    for name in [n for n in FIGURES if _renders(n, lang)]:  # each refused alike, none past Babel
        with pytest.raises(SourceError) as caught:
            stats.render(name, writer)
        assert str(caught.value).startswith("winnability.json: ") and message in str(caught.value), (
            name, str(caught.value))


def test_the_published_figures_pass_and_render():
    stats, writer = Stats(RECORDS / "winnability.json"), Writer("en", html=True)
    for name in FIGURES:
        assert stats.render(name, writer) if _renders(name, "en") else True
    strategy = StrategyFigures(RECORDS / "strategy.json")
    assert strategy.deals == STRATEGY["deals"]


def _player(name: str, **changes: object):  # type: ignore[no-untyped-def]
    def change(figures: dict) -> None:
        next(p for p in figures["players"] if p["name"] == name).update(changes)
    return change


STRATEGY_CASES = {
    # the issue's: won 0 with share 0.99 published "wins 99.0 %"
    "won 0, share 0.99": (_player("greedy", won=0, share=0.99, ci_high=1.0),
                          f"player greedy: 'share' is 0.99, but 0 of {STRATEGY['deals']:,} deals is 0.0"),
    # ours
    "a count of 28 digits": (lambda f: f.update(deals=10**27), "'deals' must be a whole number from 1"),
    "perfect's share of another count": (lambda f: f["perfect"].update(share=0.5, ci_low=0.4),
                                         "perfect: 'share' is 0.5"),
    "a share of 5e-324": (_player("random", share=5e-324), "at most 6 decimal places"),
    "a bound that is not Wilson's": (_player("tallest", ci_high=0.99), "'ci_high' is 0.99, but the 95%"),
    "more beyond greedy than won": (_player("random", beyond_greedy=35), "'beyond_greedy' must be"),
}


@pytest.mark.parametrize("case", STRATEGY_CASES)
def test_every_hostile_strategy_figure_is_refused_naming_the_file_and_field(tmp_path, case):
    change, message = STRATEGY_CASES[case]
    figures = copy.deepcopy(STRATEGY)
    change(figures)
    path = tmp_path / "strategy.json"
    path.write_text(json.dumps(figures), encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        StrategyFigures(path).players()
    assert str(caught.value).startswith("strategy.json: ") and message in str(caught.value), (
        str(caught.value))


@given(deals=st.integers(1, 10**10), data=st.data())
def test_every_share_halfmoon_writes_passes_its_own_check(deals, data):
    won = data.draw(st.integers(0, deals))
    share = Share.of(won, deals)
    assert share_problems(won, deals, share.share, share.ci_low, share.ci_high) == []
    other = data.draw(st.integers(0, deals).filter(lambda n: abs(n - won) > deals * 2e-6 + 1))
    assert share_problems(other, deals, share.share, share.ci_low, share.ci_high)  # another count: no


@given(share=st.floats(0, 1))
def test_a_percent_is_never_longer_than_a_share_can_be_written(share):
    assert len(percent(share, "en")) <= len("100.0000%")


# --- a huge name from a page is told by its start and its size ---------------------------------

HUGE = "x" * 5_000_000
LONG = "y" * 450  # an insert is at most 500 characters: the longest name it can hold


@pytest.mark.parametrize(("markdown", "size"), [
    (f"```halfmoon-tip\nplayer: {HUGE}\n```\n", "5,000,000"),  # the issue's: a 5 MB tip player
    (f"```halfmoon-tip\n{HUGE}: greedy\n```\n", "5,000,000"),  # ours: a huge key
    (f"Share: {{{{hm strategy {LONG}}}}}.\n", "450"),  # the same name in running text
    (f"Share: {{{{hm stat {LONG}}}}}.\n", "450"),  # and a figure's name
])
def test_a_five_megabyte_name_is_not_echoed_whole(markdown, size):
    from halfmoon_mkdocs.context import Context
    from halfmoon_mkdocs.examples import ExampleLoader
    from halfmoon_mkdocs.page import render_markdown

    docs = ROOT / "docs"
    context = Context(ExampleLoader(docs), "records/HM1-N-AAAAAAB.txt", Stats(RECORDS / "winnability.json"),
                      "en", strategy=StrategyFigures(RECORDS / "strategy.json"))
    (error,) = render_markdown(markdown, context).errors
    assert len(str(error)) < 600 and f"({size} characters)" in str(error), str(error)[:600]
