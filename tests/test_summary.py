"""``Summary.from_json``: a run's figures (``halfmoon stats --json``) read back, every field checked.

The plugin reads ``docs/records/winnability.json`` through it; a missing or mistyped field is
an error naming the file and the field, never a figure the pages would show wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.solver.figures import (
    FiguresFileError,
    Share,
    Summary,
    UndecidedDeal,
    read_summary,
    wilson_interval,
)
from halfmoon.solver.results import dumps

PUBLISHED = Path(__file__).resolve().parent.parent / "docs" / "records" / "winnability.json"
FIGURES = json.loads(PUBLISHED.read_text(encoding="utf-8"))

codes = st.integers(0, DEAL_COUNT - 1).map(lambda number: str(DealCode(number)))
wholes = st.integers(0, 10**12)
texts = st.text(max_size=30)
solver_names = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}", fullmatch=True)
undecided = st.builds(UndecidedDeal, code=codes, tried=st.lists(texts, max_size=3),
                      search_positions=wholes, sat_solver=solver_names, sat_conflicts=wholes)


@st.composite
def summaries(draw: st.DrawFn) -> Summary:
    """Figures a run can have: any counts, and the shares, intervals and times they give (the
    reader checks them against one another)."""
    deals_left = draw(st.lists(undecided, max_size=4))
    deals = draw(st.integers(max(1, len(deals_left)), 40))
    won = draw(st.integers(0, deals - len(deals_left)))
    lost = deals - won - len(deals_left)
    low, _ = wilson_interval(won, deals)
    _, high = wilson_interval(won + len(deals_left), deals)
    two_places = st.floats(0, 10**6, allow_subnormal=False).map(lambda x: round(x, 2))
    median, p90, p99, most = sorted(draw(st.lists(two_places, min_size=4, max_size=4)))
    cpu = round(draw(st.floats(0, most)) * deals / 1000, 2)
    mean = min(round(1000 * cpu / deals, 2), most)
    return Summary(
        deals=deals, start=draw(codes), last=draw(codes), complete=draw(st.booleans()),
        won=won, lost=lost, undecided=len(deals_left), won_share=round(won / deals, 6),
        ci_low=round(low, 6), ci_high=round(high, 6), confidence=0.95, nodes=draw(wholes),
        search_positions=draw(wholes), confirm_positions=draw(wholes), solver=draw(texts),
        confirmed=draw(st.dictionaries(texts, st.integers(0, deals), max_size=3)),
        random_player=Share.of(draw(st.integers(0, deals)), deals),
        greedy_player=Share.of(draw(st.integers(0, deals)), deals), cpu_seconds=cpu,
        ms_per_deal={"mean": mean, "median": median, "p90": p90, "p99": p99, "max": most},
        lost_deals=draw(st.lists(codes, min_size=lost, max_size=lost)),
        undecided_deals=deals_left, date=draw(st.dates()).isoformat(), command=draw(texts),
    )


@settings(max_examples=200, deadline=None)
@given(summaries())
def test_a_summary_reads_back_as_written(summary):
    assert Summary.from_json(json.loads(dumps(summary.to_json())), "f.json") == summary


def test_the_published_figures_read_back_byte_for_byte():
    summary = read_summary(PUBLISHED)
    assert dumps(summary.to_json(), indent=2) + "\n" == PUBLISHED.read_text(encoding="utf-8")


def _paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every field of the published figures, nested ones and list entries included."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list) and value and isinstance(value[0], dict):
        found += _paths(value[0], (*prefix, 0))
    elif isinstance(value, list) and value:
        found.append((*prefix, 0))
    return found


PATHS = _paths(FIGURES)


def _named(path: tuple[object, ...]) -> str:
    """How the error names the field: ``greedy_player.share``, ``undecided_deals[0]: 'code'``."""
    if 0 in path:
        index = path.index(0)
        outer = ".".join(map(str, path[:index])) + "[0]"
        return f"{outer}: {'.'.join(map(str, path[index + 1:]))!r}" if path[index + 1:] else outer
    return repr(".".join(map(str, path)))


def _edited(path: tuple[object, ...], change) -> dict:
    figures = json.loads(json.dumps(FIGURES))
    holder = figures
    for step in path[:-1]:
        holder = holder[step]
    change(holder, path[-1])
    return figures


@pytest.mark.parametrize("path", [p for p in PATHS if 0 not in p or p[-1] != 0], ids=str)
def test_every_missing_field_is_an_error_naming_it(path):
    figures = _edited(path, lambda holder, key: holder.pop(key))
    if path[0] == "confirmed" and len(path) == 2:  # a way that checked no verdict is left out
        assert path[1] not in Summary.from_json(figures, "f.json").confirmed
        return
    with pytest.raises(FiguresFileError, match=r"^f\.json: ") as caught:
        Summary.from_json(figures, "f.json")
    assert f"{_named(path)} is missing" in str(caught.value), caught.value


WRONG = [None, True, "7", -1, 1.5, [], {}]


@pytest.mark.parametrize("path", PATHS, ids=str)
def test_every_mistyped_field_is_an_error_naming_it(path):
    original = _edited(path, lambda holder, key: None)
    for step in path:
        original = original[step]
    refused = 0
    for wrong in WRONG:
        if json.dumps(wrong) == json.dumps(original) or (path[0] == "command" and isinstance(wrong, str)):
            continue
        figures = _edited(path, lambda holder, key, wrong=wrong: holder.__setitem__(key, wrong))
        try:
            summary = Summary.from_json(figures, "f.json")
        except FiguresFileError as error:
            refused += 1
            field = _named(path) if not isinstance(path[-1], int) else _named(path).split(":")[0]
            assert str(error).startswith("f.json: ") and field.strip("'") in str(error), (wrong, error)
        else:
            # Only a value of the field's own kind and range gets through, as it was written.
            assert json.loads(dumps(summary.to_json())) == figures, (path, wrong)
    assert refused >= 4, path


def test_unknown_fields_and_a_count_that_disagrees_are_errors():
    with pytest.raises(FiguresFileError, match="unknown field 'colour'"):
        Summary.from_json({**FIGURES, "colour": "red"}, "f.json")
    with pytest.raises(FiguresFileError, match="unknown field 'greedy_player.colour'"):
        Summary.from_json({**FIGURES, "greedy_player": {**FIGURES["greedy_player"], "colour": 1}}, "f.json")
    with pytest.raises(FiguresFileError, match="'undecided_deals' lists 1 deals, 'undecided' counts 2"):
        Summary.from_json({**FIGURES, "undecided": 2}, "f.json")
    with pytest.raises(FiguresFileError, match="f.json: not the figures of a run"):
        Summary.from_json([FIGURES], "f.json")


def test_a_code_is_read_as_the_code_and_a_bad_one_named(tmp_path):
    summary = Summary.from_json({**FIGURES, "start": " hm1-n-aaaaaaa"}, "f.json")
    assert summary.start == "HM1-N-AAAAAAA"
    with pytest.raises(FiguresFileError, match=r"f.json: 'lost_deals\[1\]': invalid deal code"):
        Summary.from_json({**FIGURES, "lost_deals": ["HM1-N-AAAAADF", "HM1-N-AAAA"]}, "f.json")
    with pytest.raises(FiguresFileError, match=r"'date' must be a date \(YYYY-MM-DD\)"):
        Summary.from_json({**FIGURES, "date": "3 December"}, "f.json")


@pytest.mark.parametrize(("content", "words"), [
    (b'{"deals": NaN}', "NaN is not a number here"),
    (b'{"deals": 1e999}', "1e999 is too large a number"),
    (b"\xff{}", "can't decode"),
    (b"[" * 100_000, "nested too deeply"),
])
def test_a_file_that_is_no_json_names_the_file(tmp_path, content, words):
    path = tmp_path / "w.json"
    path.write_bytes(content)
    with pytest.raises(FiguresFileError, match=f"cannot read {path}: ") as caught:
        read_summary(path)
    assert words in str(caught.value)
