"""Results files of ``halfmoon stats``: one writer at a time, each deal once, only the run's deals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shard_files import split_into_shards

from halfmoon.cli import main
from halfmoon.solver.results import ResultsFileError, read_results

NODES = "20000"
HANG = 600  # only a process blocked for ever reaches it


def _run(capsys, *args: str) -> tuple[int, str]:
    code = main(["stats", "--nodes", NODES, "--serial", *args])
    return code, capsys.readouterr().err


@pytest.fixture
def run_of_four(tmp_path, capsys) -> Path:
    results = tmp_path / "run.jsonl"
    assert _run(capsys, "--deals", "4", "--results", str(results))[0] == 0
    return results


def test_a_second_run_on_a_results_file_in_use_is_refused_naming_the_holder(run_of_four, capsys):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, sys\n"
         f"f = open({str(run_of_four)!r}, 'a'); fcntl.flock(f, fcntl.LOCK_EX)\n"
         "print('locked', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        before = run_of_four.read_bytes()
        code, err = _run(capsys, "--deals", "4", "--results", str(run_of_four))
        assert code == 2 and f"in use by process {holder.pid}" in err and err.count("\n") == 1
        assert run_of_four.read_bytes() == before
    finally:
        holder.communicate("", timeout=HANG)
    assert _run(capsys, "--deals", "4", "--results", str(run_of_four))[0] == 0  # free again


def test_two_runs_started_together_on_one_file_never_interleave(tmp_path):
    results = tmp_path / "run.jsonl"
    argv = [sys.executable, "-m", "halfmoon", "stats", "--deals", "12", "--nodes", NODES, "--serial",
            "--results", str(results), "--json"]
    runs = [subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    outcomes = [(run.wait(timeout=HANG), run.communicate()[1]) for run in runs]
    # Whichever comes second either waits its turn (and finds the run done) or is refused.
    for code, err in outcomes:
        assert code == 0 or (code == 2 and "in use by process" in err), err
    lines = results.read_text().splitlines()
    assert len(lines) == 13 and len({json.loads(line)["code"] for line in lines[1:]}) == 12


def test_a_deal_written_twice_is_counted_once(run_of_four, capsys):
    lines = run_of_four.read_text().splitlines(keepends=True)
    run_of_four.write_text("".join(lines + lines[1:3]))
    code, _ = _run(capsys, "--deals", "4", "--results", str(run_of_four))
    assert code == 0
    assert main(["stats", "--merge", str(run_of_four), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged["deals"] == 4 and merged["complete"]


def test_a_deal_written_twice_with_two_verdicts_is_an_error_naming_both_lines(run_of_four, capsys):
    lines = run_of_four.read_text().splitlines(keepends=True)
    other = json.loads(lines[1])
    other["verdict"] = "lost" if other["verdict"] == "won" else "won"
    run_of_four.write_text("".join(lines) + json.dumps(other) + "\n")
    code, err = _run(capsys, "--merge", str(run_of_four))
    assert code == 2 and f"{run_of_four}:6: {other['code']}" in err and "on line 2" in err


@pytest.mark.parametrize("code", ["HM1-N-ZZZZZZZ", "HM1-N-AAAAAAE", "HM1-N-AAAAAAB"])
def test_a_deal_outside_the_run_or_its_shard_is_refused_on_resume_and_merge(tmp_path, capsys, code):
    whole = tmp_path / "run.jsonl"
    assert _run(capsys, "--deals", "4", "--results", str(whole))[0] == 0
    results = split_into_shards(whole, tmp_path, 2)[0]  # deals 1 and 3 of 4
    lines = results.read_text().splitlines(keepends=True)
    stranger = json.loads(lines[1])
    stranger["code"] = code  # beyond the run, past its end, or in the other shard
    results.write_text("".join(lines) + json.dumps(stranger) + "\n")
    before = results.read_bytes()
    status, err = _run(capsys, "--merge", str(results))
    assert status == 2 and f"{results}:4: {code} is not a deal of this run" in err
    status, err = _run(capsys, "--deals", "4", "--results", str(results))  # a shard is not resumed
    assert status == 2 and "holds another run" in err
    assert results.read_bytes() == before


@pytest.mark.parametrize(("start", "deals", "needle"), [
    ("HM1-N-ZZZZZZZ", 2, "run past the last deal code"),
    ("HM1-N-AAAAAA", 2, "'start'"),
    (7, 2, "'start' is not str"),
])
def test_a_header_whose_range_cannot_be_is_refused(tmp_path, capsys, start, deals, needle):
    from halfmoon.solver.survey import SOLVER_ID

    results = tmp_path / "run.jsonl"
    results.write_text(json.dumps({"format": "halfmoon-stats/1", "start": start, "deals": deals,
                                   "nodes": 20000, "solver": SOLVER_ID, "shard": 1, "of": 1}) + "\n")
    status, err = _run(capsys, "--merge", str(results))
    assert status == 2 and f"{results}:1: bad header" in err and needle in err


def test_half_a_surrogate_pair_is_a_line_error_and_writes_nothing(run_of_four, tmp_path, capsys):
    lines = run_of_four.read_text().splitlines(keepends=True)
    bad = json.loads(lines[1])
    bad["confirmed_by"] = "\ud800"
    run_of_four.write_text("".join(lines) + json.dumps(bad) + "\n")  # ensure_ascii: written as \ud800
    out = tmp_path / "figures.json"
    status, err = _run(capsys, "--merge", str(run_of_four), "-o", str(out))
    assert status == 2 and f"{run_of_four}:6: not a JSON line" in err and "surrogate" in err
    assert not out.exists()


@pytest.fixture(scope="module")
def whole_lines(tmp_path_factory) -> list[bytes]:
    source = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    assert main(["stats", "--deals", "4", "--nodes", NODES, "--serial", "--results", str(source)]) == 0
    return source.read_bytes().splitlines(keepends=True)


@given(cut=st.integers(0, 2000), doubled=st.lists(st.integers(1, 4), max_size=6))
@settings(max_examples=60, deadline=None)
def test_a_results_file_cut_anywhere_or_with_lines_doubled_reads_each_deal_once(tmp_path_factory,
                                                                                 whole_lines, cut, doubled):
    lines = whole_lines
    data = b"".join(lines + [lines[i] for i in doubled])
    path = tmp_path_factory.mktemp("r") / "cut.jsonl"
    path.write_bytes(data[:cut])
    try:
        header, deals = read_results(path, repair=True)
    except ResultsFileError as error:
        assert cut < len(lines[0]), error  # only a file cut inside its header is not a results file
        assert path.read_bytes() == data[:cut]
        return
    codes = [deal.code for deal in deals]
    assert len(codes) == len(set(codes)) <= 4 and header.deals == 4
    assert path.read_bytes() == data[:data.rfind(b"\n", 0, cut) + 1]
