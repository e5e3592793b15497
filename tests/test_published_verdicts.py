"""The site's winnability files (docs/records/): the verdict file of the lookup, the lost deals'
list and the figures all come from one merge of the run, and a sample of the verdicts solves
again to the same answer (budgets in positions and conflicts, as in the run)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from halfmoon import DealCode
from halfmoon.solver import LOST, WON, solve
from halfmoon.solver.verdicts import MISSING, SYMBOL, read_verdicts

RECORDS = Path(__file__).resolve().parent.parent / "docs" / "records"
FIGURES = json.loads((RECORDS / "winnability.json").read_text(encoding="utf-8"))
VERDICTS = read_verdicts(RECORDS / "verdicts.gz")
SAMPLE = 4  # won deals and lost deals each, drawn afresh from whatever run is published


def test_the_verdict_file_covers_the_figures_deals():
    assert str(VERDICTS.start) == FIGURES["start"]
    assert len(VERDICTS.symbols) == FIGURES["deals"]
    assert str(DealCode(VERDICTS.start.number + FIGURES["deals"] - 1)) == FIGURES["last"]
    assert MISSING not in VERDICTS.symbols  # the figures are of a complete range


def test_the_verdict_file_decodes_to_the_figures_counts():
    assert VERDICTS.counts() == {verdict: FIGURES[verdict] for verdict in ("won", "lost", "undecided")}
    assert FIGURES["won"] + FIGURES["lost"] + FIGURES["undecided"] == FIGURES["deals"]


def test_the_lost_list_is_the_verdict_files_lost_deals():
    lines = (RECORDS / "lost-deals.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("#")
    listed = lines[1:]
    lost = [str(DealCode(VERDICTS.start.number + index))
            for index, symbol in enumerate(VERDICTS.symbols) if symbol == SYMBOL[LOST]]
    assert listed == lost == FIGURES["lost_deals"]
    assert len(listed) == FIGURES["lost"]


def _sample(symbol: str) -> list[DealCode]:
    indices = [index for index, found in enumerate(VERDICTS.symbols) if found == symbol]
    chosen = random.Random(14).sample(indices, min(SAMPLE, len(indices)))
    return [DealCode(VERDICTS.start.number + index) for index in chosen]


@pytest.mark.parametrize("code", _sample(SYMBOL[WON]) + _sample(SYMBOL[LOST]), ids=str)
def test_a_sample_of_the_published_verdicts_solves_again_to_the_same_verdict(code):
    assert VERDICTS.of(code) is not None
    assert solve(code, node_budget=FIGURES["nodes"]).status == VERDICTS.of(code)
