"""New game's deal from the surveyed deals (docs/assets/game/surveyed.js, issue 47 item 1), in Node.

The deals drawn lie in the published verdict file's range, so the Deal codes page's lookup
answers for each; with "only deals that can be won" every one is won by Python's reading of the
same file (halfmoon.solver.verdicts); the draw is uniform (no modulo bias: words past the last
whole multiple are drawn again) and reaches the whole range.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from node_script import node_outcome

from halfmoon import DealCode
from halfmoon.solver.search import Verdict
from halfmoon.solver.verdicts import read_verdicts

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "docs" / "records" / "verdicts.gz"
DRAWS = 3000


@pytest.fixture(scope="module")
def outcome() -> dict:
    return node_outcome("run_surveyed.mjs", str(VERDICTS), str(DRAWS))


@pytest.fixture(scope="module")
def table():  # type: ignore[no-untyped-def]
    return read_verdicts(VERDICTS)


def test_every_deal_drawn_has_a_published_verdict(outcome, table):
    assert outcome["exit"] == 0
    assert (outcome["start"], outcome["deals"]) == (table.start.number, len(table.symbols))
    drawn = outcome["all"] + outcome["winnable"] + [outcome["crypto"]]
    assert len(drawn) == 2 * DRAWS + 1
    assert all(table.of(DealCode(number)) is not None for number in drawn)


def test_only_deals_that_can_be_won_draws_won_deals_alone(outcome, table):
    assert {table.of(DealCode(number)) for number in outcome["winnable"]} == {Verdict.WON}
    # Without the setting, lost deals come too, about as often as the file holds them.
    lost = sum(table.of(DealCode(number)) == Verdict.LOST for number in outcome["all"])
    share = table.symbols.count("L") / len(table.symbols)
    assert 0.5 * share * DRAWS < lost < 1.5 * share * DRAWS


def test_the_draw_spreads_over_the_whole_range(outcome, table):
    size = len(table.symbols)
    for drawn in (outcome["all"], outcome["winnable"]):
        tenths = {(number - table.start.number) * 10 // size for number in drawn}
        assert tenths == set(range(10))
        assert len(set(drawn)) > 0.95 * len(drawn)  # 3,000 of 250,000: repeats are rare


def test_words_past_the_last_whole_multiple_are_drawn_again(outcome):
    assert outcome["below3"] == 0xFFFFFFFE % 3 and outcome["below1"] == 0
    assert outcome["badBounds"] == [True, True, True, True]


def test_a_table_without_a_won_deal_draws_none_and_one_with_one_draws_it(outcome):
    assert outcome["noneWon"] is None
    assert outcome["oneWon"] == [6, 6, 6]


def test_new_game_draws_from_the_verdict_file_range_without_reading_the_file(outcome, table):
    # surveyed.js's SURVEYED is the file's header: New game's deal is surveyed without its file.
    assert outcome["range"] == {"start": table.start.number, "deals": len(table.symbols)}
    assert all(table.of(DealCode(number)) is not None for number in outcome["rangeDrawn"])
