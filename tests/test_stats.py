"""``halfmoon stats``: counts agree with the solver, results files resume, shards merge, Ctrl-C is clean."""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from shard_files import split_into_shards

from halfmoon import DealCode
from halfmoon.cli import main
from halfmoon.solver import LOST, UNDECIDED, WON, Verdict, solve
from halfmoon.solver.figures import wilson_interval
from halfmoon.solver.players import greedy_player_wins, random_player_wins
from halfmoon.solver.results import RunHeader, read_results, strict_json
from halfmoon.solver.search import SEARCH_FIRST_NODES
from halfmoon.solver.survey import CONFIRM_NODES, SOLVER_ID, DealResult, examine
from halfmoon.solver.verdicts import VerdictFileError, decode, encode, read_verdicts

ROOT = Path(__file__).resolve().parent.parent
NODES = "20000"
# A few deals from here are decided within NODES in well under a second each.
START = "HM1-N-AAAAAAK"
# Timings and provenance differ from run to run; everything else must not.
VARYING = {"cpu_seconds", "ms_per_deal", "date", "command"}
# Seconds that only a hang reaches, even on a machine loaded many times over (CI shares its 2
# cores): a test that waits on a process stops at the process's event, never at this bound.
HANG = 600


def stats_json(capsys, *args: str) -> dict:
    assert main(["stats", "--nodes", NODES, "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def stable(summary: dict) -> dict:
    return {key: value for key, value in summary.items() if key not in VARYING}


def test_stats_counts_agree_with_solving_each_deal(capsys):
    figures = stats_json(capsys, "--deals", "6", "--start", START, "--serial")
    solutions = [solve(DealCode(10 + i), node_budget=int(NODES)) for i in range(6)]
    verdicts = [solution.status for solution in solutions]
    assert figures["deals"] == 6 and figures["start"] == START and figures["complete"]
    # The budget as the page states it: the search's positions (fewer than --nodes), then the
    # formula's conflicts; and the positions the search alone gets to confirm a lost verdict.
    assert (figures["search_positions"], figures["nodes"]) == (SEARCH_FIRST_NODES, int(NODES))
    assert figures["confirm_positions"] == CONFIRM_NODES
    assert all(solution.nodes <= figures["search_positions"] for solution in solutions)
    assert all(solution.conflicts <= figures["nodes"] for solution in solutions)
    assert [figures["won"], figures["lost"], figures["undecided"]] == [
        verdicts.count(WON), verdicts.count(LOST), verdicts.count(UNDECIDED)
    ]
    assert figures["won_share"] == pytest.approx(figures["won"] / 6)
    low, _ = wilson_interval(figures["won"], 6)
    _, high = wilson_interval(figures["won"] + figures["undecided"], 6)
    assert (figures["ci_low"], figures["ci_high"]) == pytest.approx((low, high), abs=1e-6)


@pytest.mark.cluster
def test_stats_in_parallel_gives_the_same_figures(capsys):
    alone = stats_json(capsys, "--deals", "6", "--start", START, "--serial")
    parallel = stats_json(capsys, "--deals", "6", "--start", START, "--workers", "2")
    assert stable(alone) == stable(parallel)


def test_a_lost_deal_is_confirmed_a_second_way_and_a_won_one_replayed():
    lost = examine(DealCode.parse("HM1-N-AAAAAHU").number, int(NODES))
    assert lost.verdict == Verdict.LOST and lost.by == "rounds"
    assert lost.confirmed_by in ("search", "glucose4")
    quick_lost = examine(DealCode.parse("HM1-N-AAAAADY").number, int(NODES))
    assert quick_lost.verdict == Verdict.LOST and quick_lost.by == "search"
    assert quick_lost.confirmed_by == "glucose4"
    won = examine(DealCode.parse("HM1-N-AAAAACD").number, int(NODES))
    assert won.verdict == Verdict.WON and won.confirmed_by == "replay"


def test_an_undecided_deal_lists_what_was_tried():
    result = examine(DealCode.parse("HM1-N-AAAAAOC").number, 50)
    assert result.verdict == Verdict.UNDECIDED and result.confirmed_by == ""
    assert len(result.tried) == 2 and "50 conflicts" in result.tried[1]


def test_an_undecided_deal_is_summarised_with_the_numbers_of_what_was_tried(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    figures = stats_json(capsys, "--deals", "1", "--start", "HM1-N-AAAAAOC", "--nodes", "50",
                         "--serial", "--results", str(results))
    tried = ["search: 50 positions", "rounds formula with minisat22: 50 conflicts"]
    expected = [{"code": "HM1-N-AAAAAOC", "tried": tried, "search_positions": 50,
                 "sat_solver": "minisat22", "sat_conflicts": 50}]
    assert figures["undecided"] == 1 and figures["undecided_deals"] == expected
    assert figures["search_positions"] == 50  # a budget under SEARCH_FIRST_NODES caps the search
    assert stats_json(capsys, "--merge", str(results))["undecided_deals"] == expected
    # Numbers that would not say what the line's words say (another solver's line) are refused.
    results.write_text(results.read_text(encoding="utf-8").replace("50 conflicts", "60 conflicts"),
                       encoding="utf-8")
    assert main(["stats", "--merge", str(results)]) == 2
    err = capsys.readouterr().err
    assert "HM1-N-AAAAAOC" in err and "another solver" in err and err.count("\n") == 1


def test_the_summary_reads_as_text(capsys):
    assert main(["stats", "--deals", "2", "--serial", "--nodes", NODES]) == 0
    out = capsys.readouterr().out
    for words in ("winnable", "95% Wilson interval", "greedy", "random", "median", "CPU seconds",
                  f"search {SEARCH_FIRST_NODES:,} positions", f"formula {int(NODES):,} conflicts"):
        assert words in out


@pytest.mark.cluster
def test_a_resumed_run_gives_the_same_figures_as_one_run(tmp_path, capsys):
    whole = stats_json(capsys, "--deals", "8", "--start", START, "--serial")
    results = tmp_path / "run.jsonl"
    # A run of 8 cut after 3 deals, the 4th line half written when it was killed:
    assert main(["stats", "--deals", "8", "--start", START, "--nodes", NODES, "--serial",
                 "--results", str(results)]) == 0
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    results.write_text("".join(lines[:4]) + lines[4][:30], encoding="utf-8")
    capsys.readouterr()
    resumed = stats_json(capsys, "--deals", "8", "--start", START, "--workers", "2",
                         "--results", str(results))
    assert stable(resumed) == stable(whole)
    header, deals = read_results(results)
    assert header.deals == 8 and len(deals) == 8 and len({d.code for d in deals}) == 8


def test_shards_merge_into_the_figures_of_one_run(tmp_path, capsys):
    run = tmp_path / "run.jsonl"
    whole = stats_json(capsys, "--deals", "7", "--start", START, "--serial", "--results", str(run))
    files = [str(path) for path in split_into_shards(run, tmp_path, 2)]
    merged = stats_json(capsys, "--merge", *files)
    assert stable(merged) == stable(whole) and merged["complete"]
    partial = stats_json(capsys, "--merge", files[0])
    assert not partial["complete"] and partial["deals"] == 4
    first = stats_json(capsys, "--deals", "3", "--start", START, "--serial")
    assert stable(stats_json(capsys, "--merge", *files, "--deals", "3")) == stable(first)


def test_a_results_file_of_another_run_is_refused(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(results)]) == 0
    before = results.read_bytes()
    capsys.readouterr()
    assert main(["stats", "--deals", "3", "--nodes", NODES, "--serial", "--results", str(results)]) == 2
    err = capsys.readouterr().err
    assert "another run" in err and err.count("\n") == 1
    assert results.read_bytes() == before


def test_results_of_another_solver_are_refused_on_merge(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(results)]) == 0
    header, *lines = results.read_text().splitlines(keepends=True)
    older = tmp_path / "older.jsonl"
    older.write_text(header.replace(SOLVER_ID, "halfmoon-solver/2026-11-30") + "".join(lines))
    capsys.readouterr()
    assert main(["stats", "--merge", str(older)]) == 2
    err = capsys.readouterr().err
    assert "another solver (halfmoon-solver/2026-11-30" in err and err.count("\n") == 1
    assert main(["stats", "--merge", str(results)]) == 0


@pytest.mark.parametrize("bad", ['{"code": "HM1-N-AAAAAAA", "seconds": NaN}', "[1, 2]", "not json", '"x"'])
def test_a_broken_results_line_names_the_file_and_line(tmp_path, capsys, bad):
    results = tmp_path / "run.jsonl"
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(results)]) == 0
    results.write_text(results.read_text(encoding="utf-8") + bad + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["stats", "--merge", str(results)]) == 2
    err = capsys.readouterr().err
    assert f"{results}:4" in err and err.count("\n") == 1 and "Traceback" not in err


def test_nan_and_infinity_are_neither_read_nor_written():
    for text in ("NaN", "Infinity", "-Infinity", '{"a": NaN}'):
        with pytest.raises(ValueError):
            strict_json(text)


results_lines = st.builds(
    DealResult,
    code=st.integers(0, 10**9).map(lambda n: str(DealCode(n))),
    verdict=st.sampled_from(list(Verdict)),
    by=st.sampled_from(["search", "rounds", ""]),
    positions=st.integers(0, 10**9), conflicts=st.integers(0, 10**12),
    seconds=st.floats(0, 10**5, allow_nan=False).map(lambda x: round(x, 5)),
    confirmed_by=st.sampled_from(["replay", "search", "glucose4", ""]),
    random_won=st.booleans(), greedy_won=st.booleans(),
    total_seconds=st.floats(0, 10**5, allow_nan=False).map(lambda x: round(x, 5)),
    tried=st.lists(st.text(max_size=30), max_size=3).map(tuple),
)


@given(results_lines)
def test_a_results_line_reads_back_as_written(result):
    assert DealResult.from_json(strict_json(json.dumps(result.to_json()))) == result


@given(st.integers(1, 500), st.integers(1, 9), st.integers(0, 10**6))
@settings(max_examples=60)
def test_the_shards_of_a_run_cover_every_deal_once(deals, of, first):
    shards = [list(RunHeader(str(DealCode(first)), deals, 1, "x", k, of).numbers()) for k in range(1, of + 1)]
    every = sorted(number for shard in shards for number in shard)
    assert every == list(range(first, first + deals))
    assert [len(s) for s in shards] == [RunHeader(str(DealCode(first)), deals, 1, "x", k, of).size()
                                         for k in range(1, of + 1)]


@pytest.mark.cluster
def test_a_huge_run_starts_at_once(tmp_path):
    """The work is generated lazily: the first deal is written long before 8 billion could be listed.
    Whatever happens, the run's process group is killed before the test ends: nothing outlives it."""
    results = tmp_path / "huge.jsonl"
    process = _start_stats(["--deals", str(8031810176), "--workers", "2", "--results", str(results)])
    try:
        assert _wait_for_lines(results, 2, process), "no deal written"
        os.killpg(process.pid, signal.SIGINT)
        process.communicate(timeout=HANG)
        assert process.returncode == 130
        assert _wait_for_group_end(process.pid), "processes outlived the run"
    finally:
        _kill_group(process)


@pytest.mark.cluster
def test_sigterm_ends_the_run_like_ctrl_c(tmp_path):
    results = tmp_path / "run.jsonl"
    process = _start_stats(["--deals", "3000", "--workers", "3", "--results", str(results)])
    try:
        assert _wait_for_lines(results, 2, process), "no deal written"
        os.kill(process.pid, signal.SIGTERM)  # as a supervisor sends it: to the run's process only
        err = process.communicate(timeout=HANG)[1]
        assert process.returncode == 143 and "terminated" in _last_line(err), err
        assert "Traceback" not in err
        assert read_results(results)[1]
        assert _wait_for_group_end(process.pid), "processes outlived the run"
    finally:
        _kill_group(process)


@pytest.mark.cluster
def test_a_worker_killed_from_outside_loses_only_its_deals_in_flight(tmp_path):
    """The scheduler gives a dead worker's deals to another (the nanny starts a new worker):
    the run ends whole, every deal once, with the figures of a serial run."""
    results = tmp_path / "run.jsonl"
    process = _start_stats(["--deals", "60", "--start", START, "--workers", "2", "--json",
                            "--results", str(results)])
    try:
        assert _wait_for_lines(results, 2, process), "no deal written"
        workers = [child for child in _descendants(process.pid) if "multiprocessing-fork" in child[1]]
        assert workers, "no worker process found"
        os.kill(workers[0][0], signal.SIGKILL)
        out, err = process.communicate(timeout=HANG)
        assert process.returncode == 0, err
        _, deals = read_results(results)
        assert len(deals) == len({deal.code for deal in deals}) == 60
        assert _wait_for_group_end(process.pid), "processes outlived the run"
    finally:
        _kill_group(process)


def _start_stats(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "halfmoon", "stats", "--nodes", NODES, *args],
        cwd=ROOT, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen, bound: float = HANG) -> bool:
    deadline = time.monotonic() + bound  # generous: only a hang reaches it
    while time.monotonic() < deadline and process.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") >= count:
            return True
        time.sleep(0.05)
    return False


def _descendants(pid: int) -> list[tuple[int, str]]:
    """The processes under ``pid`` (Linux's /proc), each with its command line."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = []
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{parent}/task").iterdir():  # a worker's parent is a thread
                with contextlib.suppress(OSError):
                    children += (task / "children").read_text().split()
        for child in map(int, children):
            with contextlib.suppress(OSError):
                found.append((child, Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
                              .decode(errors="replace")))
                todo.append(child)
    return found


def _last_line(text: str) -> str:
    return text.rstrip("\n").rsplit("\n", 1)[-1]


def _wait_for_group_end(pgid: int) -> bool:
    deadline = time.monotonic() + HANG
    while _group_alive(pgid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not _group_alive(pgid)


def _kill_group(process: subprocess.Popen) -> None:
    """The run's session killed outright (a failed test must not leave a run going)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.communicate(timeout=HANG)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.cluster
def test_ctrl_c_with_more_workers_than_cores_ends_cleanly_and_keeps_the_results(tmp_path):
    """SIGINT to the whole process group, as a terminal sends it, repeated on one results file."""
    results = tmp_path / "run.jsonl"
    jobs = str(2 * (os.cpu_count() or 1) + 1)
    seen = 1
    for attempt in range(3):
        process = _start_stats(["--deals", "3000", "--workers", jobs, "--results", str(results)])
        try:
            assert _wait_for_lines(results, seen + 1, process), f"attempt {attempt}: no new deal written"
            os.killpg(process.pid, signal.SIGINT)
            out, err = process.communicate(timeout=HANG)
            assert process.returncode == 130, err
            assert "interrupted" in _last_line(err) and "Traceback" not in err
            assert _wait_for_group_end(process.pid), "worker processes outlived the run"
        finally:
            _kill_group(process)
        header, deals = read_results(results)
        assert header.deals == 3000 and len({d.code for d in deals}) == len(deals) >= seen
        assert results.read_bytes().endswith(b"\n")
        seen = len(deals) + 1


SAVED_RUN = sorted((ROOT / "runs" / "winnability").glob("shard-*.jsonl.gz"))


@pytest.mark.skipif(not SAVED_RUN, reason="no saved winnability run")
def test_the_frozen_solver_still_gives_the_saved_runs_verdicts(tmp_path):
    """A sample of the saved run solved again: the same verdicts, positions and conflicts (frozen solver)."""
    by_kind: dict[tuple[str, str], list[DealResult]] = {}
    for saved in SAVED_RUN:
        plain = tmp_path / saved.stem
        plain.write_bytes(gzip.decompress(saved.read_bytes()))
        header, results = read_results(plain)
        assert header.nodes == 200_000
        for result in results:
            by_kind.setdefault((result.verdict, result.by), []).append(result)
    # The quickest deal of each kind of decided verdict (won or lost, by the search or the formula);
    # an undecided deal used the whole budget, far too slow for a test.
    sample = [min(kind, key=lambda r: r.seconds) for (verdict, _), kind in by_kind.items()
              if verdict != Verdict.UNDECIDED]
    for saved_result in sample:
        again = solve(saved_result.code, node_budget=200_000)
        assert (again.status, again.by, again.nodes, again.conflicts) == (
            saved_result.verdict, saved_result.by, saved_result.positions, saved_result.conflicts
        ), saved_result.code
    # The players go by the engine's moves; a change there must not move their saved results either.
    for saved_result in sample + [min(every, key=lambda r: r.seconds) for every in _players_won(by_kind)]:
        code = DealCode.parse(saved_result.code)
        assert (random_player_wins(code), greedy_player_wins(code)) == (
            saved_result.random_won, saved_result.greedy_won
        ), saved_result.code


def _players_won(by_kind: dict[tuple[str, str], list[DealResult]]) -> list[list[DealResult]]:
    every = [result for kind in by_kind.values() for result in kind]
    groups = ([r for r in every if r.random_won], [r for r in every if r.greedy_won])
    return [group for group in groups if group]


# --- the verdict file of the site's lookup -----------------------------------------------------


@given(st.lists(st.sampled_from(list(Verdict)), min_size=1, max_size=300), st.integers(0, 10**9))
@settings(max_examples=60)
def test_a_verdict_file_reads_back_every_deal(verdicts, first):
    results = [
        DealResult(str(DealCode(first + i)), verdict, "", 0, 0, 0.0, "", False, False, 0.0)
        for i, verdict in enumerate(verdicts)
    ]
    read = decode(encode(DealCode(first), len(verdicts), results))
    assert [read.of(DealCode(first + i)) for i in range(len(verdicts))] == verdicts
    assert read.of(DealCode(first + len(verdicts))) is None
    if first:
        assert read.of(DealCode(first - 1)) is None


def test_the_verdict_file_of_a_merged_run_agrees_with_its_summary(tmp_path, capsys):
    run = tmp_path / "run.jsonl"
    stats_json(capsys, "--deals", "6", "--start", START, "--serial", "--results", str(run))
    files = [str(path) for path in split_into_shards(run, tmp_path, 2)]
    verdicts, lost = tmp_path / "verdicts.gz", tmp_path / "lost.txt"
    summary = stats_json(capsys, "--merge", *files, "--verdicts", str(verdicts), "--lost", str(lost))
    listed = [line for line in lost.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert listed == summary["lost_deals"]
    read = read_verdicts(verdicts)
    assert read.counts() == {verdict: summary[verdict] for verdict in ("won", "lost", "undecided")}
    first = DealCode.parse(START).number
    assert [read.of(DealCode(first + i)) for i in range(6)] == [
        solve(DealCode(first + i), node_budget=int(NODES)).status for i in range(6)
    ]
    assert verdicts.read_bytes() == encode(DealCode(first), 6, read_results(Path(files[0]))[1]
                                           + read_results(Path(files[1]))[1])


# mtime=0: a test's name holds its bytes, and the test runs' processes (pytest-xdist) must
# collect the same names, in whatever second each of them starts.
@pytest.mark.parametrize("data", [b"", b"not gzip", gzip.compress(b'{"format": "other"}\nWWL', mtime=0),
                                  gzip.compress(b'{"format": "halfmoon-verdicts/1", "deals": 5, '
                                                b'"start": "HM1-N-AAAAAAA"}\nWWL', mtime=0),
                                  gzip.compress(b'{"format": "halfmoon-verdicts/1", "deals": 3, '
                                                b'"start": "HM1-N-AAAAAAA"}\nWxL', mtime=0)])
def test_a_broken_verdict_file_is_refused_with_one_line(data):
    with pytest.raises(VerdictFileError) as error:
        decode(data, "v.gz")
    assert str(error.value).startswith("v.gz: ") and "\n" not in str(error.value)


@pytest.mark.parametrize("option", ["--verdicts", "--lost"])
def test_verdicts_and_lost_lists_go_with_merge_only(capsys, option):
    assert main(["stats", "--deals", "3", option, "v.gz"]) == 2
    assert "--merge" in capsys.readouterr().err


# --- generated command lines: every bad input is one line and exit 2, never a traceback ---------

NUMBERS = st.one_of(st.integers(-2, 3).map(str), st.sampled_from(
    ["10" * 15, "9223372036854775808", "²", "٣", "1e3", "", "0x10", " 2", "nan", "-0"]))
CODES = st.sampled_from(["HM1-N-AAAAAAC", "HM1-N-AAAAADY", "HM1-N-ZZZZZZZ", "HM2-N-AAAAAAA", "hm1-n-aaaaaß",
                         "", "HM1-N-AAAA", "\x00", "HM1-N-AAAAAA\u0410"])


@st.composite
def stats_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    args = ["stats"]
    options = {
        "--deals": NUMBERS, "--start": CODES, "--workers": NUMBERS, "--nodes": NUMBERS,
        "--scheduler": st.sampled_from(["", " "]),
        "--results": st.sampled_from([str(folder / "r.jsonl"), str(folder), "/nonexistent/r.jsonl"]),
        "-o": st.sampled_from([str(folder / "o.json"), str(folder), "/nonexistent/o.json"]),
        "--merge": st.sampled_from([str(folder / "r.jsonl"), str(folder / "junk.jsonl"), "/nonexistent"]),
        "--verdicts": st.sampled_from([str(folder / "v.gz"), str(folder)]),
    }
    for option in draw(st.lists(st.sampled_from(sorted(options)), unique=True, max_size=5)):
        args += [option, draw(options[option])]
    if draw(st.booleans()):
        args.append("--json")
    return [*args, "--serial"]  # a Dask cluster is no part of the fast tier ("--workers": refused)


@st.composite
def solve_lines(draw: st.DrawFn, folder: Path) -> list[str]:
    args = ["solve", draw(CODES)]
    if draw(st.booleans()):
        args += ["--nodes", draw(NUMBERS)]
    if draw(st.booleans()):
        args += ["--seconds", draw(st.sampled_from(["inf", "nan", "-1", "0", "1e10", "5", "x", "1e-300"]))]
    if draw(st.booleans()):
        args += ["-o", draw(st.sampled_from([str(folder / "g.txt"), str(folder), "/nonexistent/g.txt"]))]
    return args


def _run_line(argv: list[str], capsys) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse: usage line and error line
        code = stop.code
    err = capsys.readouterr().err
    return code, err


@given(st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_generated_solver_command_lines_fail_cleanly(tmp_path_factory, capsys, data):
    folder = tmp_path_factory.mktemp("cli")
    (folder / "junk.jsonl").write_text("not json\n", encoding="utf-8")
    argv = data.draw(st.one_of(stats_lines(folder), solve_lines(folder)))
    if "stats" in argv and "--deals" in argv and "--merge" not in argv:
        value = argv[argv.index("--deals") + 1]
        if value.strip().isascii() and value.strip().isdigit() and int(value) > 2:  # keep valid runs short
            argv[argv.index("--deals") + 1] = "2"
        if "--nodes" not in argv:
            argv += ["--nodes", "50"]
    code, err = _run_line(argv, capsys)
    event(f"exit {code}")
    assert "Traceback" not in err, argv
    assert code in (0, 1, 2, 3), (argv, code, err)
    if code == 2 and err.startswith("halfmoon: error:"):
        assert err.count("\n") == 1 and len(err) < 400, (argv, err)


@pytest.mark.parametrize("foreign", [
    b"one line of notes, no newline",
    b"notes\nand a second line cut short",
    gzip.compress(b"not ours\n" * 50, mtime=0),
    b'{"format": "something else"}\n{"code": "HM1-N-AAAAAAA"',
], ids=["one-line", "two-lines", "gzip", "other-json"])
def test_a_file_that_is_not_a_results_file_is_refused_and_left_unchanged(tmp_path, capsys, foreign):
    path = tmp_path / "other.txt"
    path.write_bytes(foreign)
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and err.count("\n") == 1 and "Traceback" not in err
    assert path.read_bytes() == foreign


def test_a_results_file_with_a_bad_line_is_not_cut_on_resume(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(results)]) == 0
    damaged = results.read_bytes() + b"not json\n" + b'{"code": "HM1-N-AA'
    results.write_bytes(damaged)
    capsys.readouterr()
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(results)]) == 2
    err = capsys.readouterr().err
    assert f"{results}:4" in err and err.count(f"{results}:4") == 1 and err.count("\n") == 1
    assert results.read_bytes() == damaged


def test_a_deeply_nested_line_and_a_trailing_blank_line(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    assert main(["stats", "--deals", "2", "--nodes", NODES, "--serial", "--results", str(results)]) == 0
    good = results.read_bytes()
    results.write_bytes(good + b"\n")
    capsys.readouterr()
    assert main(["stats", "--merge", str(results)]) == 0
    capsys.readouterr()
    results.write_bytes(good + b"[" * 100_000 + b"]" * 100_000 + b"\n")
    assert main(["stats", "--merge", str(results)]) == 2
    err = capsys.readouterr().err
    assert f"{results}:4" in err and "nested too deeply" in err and err.count("\n") == 1
