"""The one header reader and JSON-line reader of both results files: the winnability run's
(``RunHeader``) and the strategy run's (``StrategyHeader``) refuse a bad header or line alike."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from halfmoon.solver.results import ResultsFileError, RunHeader, read_results
from halfmoon.solver.strategy import PLAYERS_ID
from halfmoon.solver.strategy_run import StrategyFileError, StrategyHeader, read_games

RUN = RunHeader("HM1-N-AAAAAAA", 4, 20000, "some-solver", 1, 2)
STRATEGY = StrategyHeader("HM1-N-AAAAAAA", 4, PLAYERS_ID, 1, 2)
KINDS = {
    "run": (RUN, ResultsFileError, read_results, "stats"),
    "strategy": (STRATEGY, StrategyFileError, read_games, "strategy"),
}


def _header(kind: str, **changes: object) -> dict[str, object]:
    header, *_ = KINDS[kind]
    return {**asdict(header), **changes}  # type: ignore[call-overload]


BAD_HEADERS = [
    ({"deals": 0}, "'deals' is 0, not 1 or more"),
    ({"shard": 0}, "'shard' is 0, not 1 or more"),
    ({"shard": 3}, "shard 3 of 2"),
    ({"deals": "4"}, "'deals' is not int"),
    ({"deals": True}, "'deals' is not int"),
    ({"start": 7}, "'start' is not str"),
    ({"start": "HM1-N-AAAAAA"}, "'start': invalid deal code"),
    ({"start": "HM1-N-ZZZZZZZ"}, "run past the last deal code"),
    ({"colour": "red"}, "unexpected keyword argument 'colour'"),
]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize(("changes", "needle"), BAD_HEADERS)
def test_a_bad_header_is_refused_alike_in_both_files(kind, changes, needle):
    header, error, _, _ = KINDS[kind]
    with pytest.raises(error, match="^f.jsonl:1: bad header: ") as caught:
        type(header).from_json(_header(kind, **changes), "f.jsonl:1")
    assert needle in str(caught.value)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_header_reads_back_as_written(kind):
    header, *_ = KINDS[kind]
    assert type(header).from_json(json.loads(json.dumps(asdict(header))), "f") == header


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_file_of_the_other_kind_is_not_a_results_file_of_this_one(kind, tmp_path):
    header, error, read, what = KINDS[kind]
    other = "strategy" if kind == "run" else "run"
    path = tmp_path / "f.jsonl"
    path.write_text(json.dumps(_header(other)) + "\n", encoding="utf-8")
    with pytest.raises(error, match=f"f.jsonl:1: not a halfmoon {what} results file"):
        read(path)
    path.write_text(json.dumps(_header(kind)), encoding="utf-8")  # no newline: not finished yet
    with pytest.raises(error, match="f.jsonl: the header line is not finished .no newline after"):
        read(path)
    path.write_text("", encoding="utf-8")
    with pytest.raises(error, match=f"f.jsonl: not a halfmoon {what} results file .no header line"):
        read(path)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize(("line", "needle"), [
    ('{"code": "\\ud800"}', "'\\ud800' is half a surrogate pair"),  # the strategy file once took it
    ("NaN", "NaN is not a number here"),
    ("-Infinity", "-Infinity is not a number here"),
    ('{"a": 1e999999}', "1e999999 is too large a number"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    (b"\xff", "not a JSON line: 'utf-8' codec can't decode"),
])
def test_a_line_that_is_no_json_a_file_can_hold_is_refused_alike(kind, tmp_path, line, needle):
    _, error, read, _ = KINDS[kind]
    path = tmp_path / "f.jsonl"
    body = line.encode() if isinstance(line, str) else line
    path.write_bytes(json.dumps(_header(kind)).encode() + b"\n\n" + body + b"\n{cut")
    before = path.read_bytes()
    with pytest.raises(error, match="f.jsonl:3: not a JSON line: ") as caught:
        read(path, repair=True)
    assert needle in str(caught.value)
    assert path.read_bytes() == before  # nothing cut from a file that cannot be read
