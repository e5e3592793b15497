"""The verdict file is read by one set of rules in Python (halfmoon/solver/verdicts.py) and in the
browser (docs/assets/game/lookup.js): tests/data/verdicts.jsonl holds the cases both must agree on,
and neither trusts the file (range, symbols, size)."""

from __future__ import annotations

import base64
import gzip
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from node_script import node_outcome

from halfmoon import DealCode, corpus
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.solver.search import Verdict
from halfmoon.solver.survey import DealResult
from halfmoon.solver.verdicts import MAX_DEALS, VerdictFileError, Verdicts, decode, encode, parse

ROOT = Path(__file__).resolve().parent.parent
CASES = corpus.load(ROOT / "tests" / "data" / "verdicts.jsonl")


def _read(case: dict) -> Verdicts:
    if "bytes" in case:
        return decode(base64.b64decode(case["bytes"]), "v")
    return parse(case["text"], "v")


@pytest.mark.parametrize("case", CASES, ids=range(len(CASES)))
def test_python_reads_each_vector_as_it_says(case):
    if case["error"]:
        with pytest.raises(VerdictFileError):
            _read(case)
        return
    table = _read(case)
    assert table.start.number == case["start"]
    for number, answer in case["lookups"]:
        assert str(table.of(DealCode(number)) or "outside") == answer


def test_the_vectors_cover_refusals_and_both_ends_of_the_codes():
    assert sum(case["error"] for case in CASES) >= 15
    files = [case for case in CASES if "bytes" in case]  # whole files: the gzip rules
    assert sum(case["error"] for case in files) >= 10 and sum(not case["error"] for case in files) >= 3
    assert any(case.get("last") == DEAL_COUNT - 1 for case in CASES)
    assert any(case["error"] and "?" in case["text"] for case in CASES)


def test_lookup_js_reads_each_vector_the_same_way():
    outcome = node_outcome("run_verdicts.mjs")
    assert outcome["bad"] == [] and outcome["count"] == len(CASES) and outcome["exit"] == 0


def test_a_small_gzip_of_too_many_symbols_is_refused_without_inflating_it_whole():
    header = b'{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAA", "deals": 20000000}\n'
    bomb = gzip.compress(header + b"W" * (2 * MAX_DEALS), mtime=0)
    assert len(bomb) < 100_000
    with pytest.raises(VerdictFileError, match="more than 10,000,000 deals"):
        decode(bomb, "v.gz")


def test_a_cut_gzip_is_refused():
    whole = gzip.compress(b'{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAA", "deals": 2}\nWL')
    with pytest.raises(VerdictFileError, match="cut short|not a verdict file"):
        decode(whole[:-12], "v.gz")


def _result(number: int, verdict: Verdict) -> DealResult:
    return DealResult(str(DealCode(number)), verdict, "", 0, 0, 0.0, "", False, False, 0.0)


@given(st.lists(st.sampled_from(list(Verdict)), min_size=1, max_size=200),
       st.integers(0, DEAL_COUNT - 200), st.data())
@settings(max_examples=40)
def test_a_verdict_file_of_an_unfinished_run_is_never_written(verdicts, first, data):
    results = [_result(first + i, verdict) for i, verdict in enumerate(verdicts)]
    decode(encode(DealCode(first), len(verdicts), results))  # complete: written and read back
    gone = data.draw(st.integers(0, len(results) - 1))
    with pytest.raises(VerdictFileError, match="no verdict yet"):
        encode(DealCode(first), len(verdicts), results[:gone] + results[gone + 1:])


def test_a_range_past_the_last_deal_code_is_never_written():
    with pytest.raises(VerdictFileError, match="real codes"):
        encode(DealCode(DEAL_COUNT - 1), 2, [_result(DEAL_COUNT - 1, Verdict.WON)])


@pytest.mark.parametrize(("tail", "words"), [
    (gzip.compress(b"WW", mtime=0), "a second gzip member"),  # the issue's
    (b"\n", "1 bytes after its compressed data"),
    (b"\0" * 4, "4 bytes after"),
])
def test_python_refuses_what_follows_the_gzip_member_as_the_browser_does(tail, words):
    whole = encode(DealCode(10), 2, [_result(10, Verdict.WON), _result(11, Verdict.LOST)])
    decode(whole, "v.gz")
    with pytest.raises(VerdictFileError, match=words):
        decode(whole + tail, "v.gz")
