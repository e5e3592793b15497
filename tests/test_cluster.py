"""Runs spread by Dask (halfmoon.cli.cluster, issue 43): the same 200 deals serially, on one
worker and on two give byte-identical merged figures; a worker killed mid-run loses only its
deals in flight; a run stopped and resumed loses and doubles nothing and leaves no process
behind; a results file of another version is refused before any cluster starts.

Budgets are node counts and deal counts, never seconds; every test that starts a cluster is
marked ``cluster`` (outside the fast tier) and kills its run's session whatever happens.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from halfmoon.cli import main
from halfmoon.cli.cluster import Spread, spread
from halfmoon.solver import strategy_run
from halfmoon.solver.results import header_line as stats_header_line
from halfmoon.solver.strategy_run import StrategyHeader, header_line, read_games

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "docs" / "records" / "verdicts.gz"
DEALS = "200"
CHEAP_NODES = "100"  # the survey's cheapest budget: most deals decided by the search's 100 positions
HANG = 600  # only a hang reaches it


class _Day(datetime.date):
    @classmethod
    def today(cls) -> _Day:
        return cls(2026, 12, 6)


def _merged_strategy(monkeypatch, capsys, folder: Path, *spreading: str) -> bytes:
    """The figures of the 200 deals' rule run made in ``folder`` with ``spreading``, as bytes
    (the same file name in each folder, the same day: the provenance too is the same)."""
    monkeypatch.chdir(folder)
    monkeypatch.setattr(strategy_run.datetime, "date", _Day)
    assert main(["strategy", "--deals", DEALS, *spreading, "--results", "rules.jsonl"]) == 0
    merge = ["strategy", "--merge", "rules.jsonl", "--verdicts", str(VERDICTS), "-o", "figures.json"]
    assert main(merge) == 0
    capsys.readouterr()
    return (folder / "figures.json").read_bytes()


@pytest.mark.cluster
def test_the_same_deals_serially_on_one_worker_and_on_two_give_the_same_figures(tmp_path, monkeypatch,
                                                                                 capsys):
    figures = {}
    runs = (("serial", ["--serial"]), ("one", ["--workers", "1"]), ("two", ["--workers", "2"]))
    for name, spreading in runs:
        folder = tmp_path / name
        folder.mkdir()
        figures[name] = _merged_strategy(monkeypatch, capsys, folder, *spreading)
    assert figures["one"] == figures["serial"] and figures["two"] == figures["serial"]
    # the lines are those of the serial run, in whatever order they came
    lines = {name: sorted((tmp_path / name / "rules.jsonl").read_text().splitlines()) for name in figures}
    assert lines["one"] == lines["serial"] == lines["two"]


@pytest.mark.cluster
def test_the_surveys_figures_and_verdicts_do_not_depend_on_the_workers(tmp_path, capsys):
    made = {}
    for name, spreading in (("serial", ["--serial"]), ("two", ["--workers", "2"])):
        results, verdicts = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.gz"
        assert main(["stats", "--deals", DEALS, "--nodes", CHEAP_NODES, *spreading,
                     "--results", str(results)]) == 0
        capsys.readouterr()  # the run's own summary
        assert main(["stats", "--merge", str(results), "--json", "--verdicts", str(verdicts)]) == 0
        figures = json.loads(capsys.readouterr().out)
        for varying in ("cpu_seconds", "ms_per_deal", "date", "command"):  # timings and provenance
            del figures[varying]
        made[name] = figures, verdicts.read_bytes()
    assert made["two"] == made["serial"]


def _start(args: list[str]) -> subprocess.Popen:
    """``halfmoon ARGS`` in a session of its own, with Ctrl-C acting as on a terminal (whatever
    the test runner was started with)."""

    def default_ctrl_c() -> None:
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    return subprocess.Popen([sys.executable, "-m", "halfmoon", *args], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_ctrl_c)


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _wait_for_lines(path: Path, count: int, process: subprocess.Popen) -> bool:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline and process.poll() is None:
        if _lines(path) >= count:
            return True
        time.sleep(0.05)
    return False


def _session_alive(sid: int) -> list[int]:
    """The processes of session ``sid`` still running (not zombies)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[3]) == sid and fields[0] != "Z":
                    alive.append(int(entry.name))
    return alive


def _wait_for_session_end(sid: int) -> list[int]:
    deadline = time.monotonic() + HANG
    while (left := _session_alive(sid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def _kill_session(process: subprocess.Popen) -> None:
    for pid in _session_alive(process.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.communicate(timeout=HANG)


def _workers(pid: int) -> list[int]:
    """A local cluster's workers: the children multiprocessing spawned, from any of the run's
    threads (the nanny's thread starts them, not the main one)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                with contextlib.suppress(OSError):
                    if b"--multiprocessing-fork" in Path(f"/proc/{child}/cmdline").read_bytes():
                        found.append(int(child))
    return found


pytestmark_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


@pytestmark_proc
@pytest.mark.cluster
@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_run_stopped_and_resumed_loses_nothing_doubles_nothing_and_leaves_no_process(tmp_path, stop):
    results = tmp_path / "rules.jsonl"
    serial = tmp_path / "serial.jsonl"
    assert main(["strategy", "--deals", DEALS, "--serial", "--results", str(serial)]) == 0
    run = ["strategy", "--deals", DEALS, "--workers", "2", "--results", str(results)]
    first = _start(run)
    try:
        assert _wait_for_lines(results, 6, first), "no deal written"
        if stop == signal.SIGINT:
            os.killpg(first.pid, signal.SIGINT)  # Ctrl-C: the terminal sends it to the whole group
        else:
            os.kill(first.pid, signal.SIGTERM)  # a supervisor: to the run's process only
        _, err = first.communicate(timeout=HANG)
        assert first.returncode == {signal.SIGINT: 130, signal.SIGTERM: 143}[stop], err
        assert "run the same command to resume" in err and "Traceback" not in err
        assert _wait_for_session_end(first.pid) == [], "processes outlived the run"
    finally:
        _kill_session(first)
    kept = _lines(results) - 1
    assert 5 <= kept < int(DEALS)
    second = _start(run)
    try:
        _, err = second.communicate(timeout=HANG)
        assert second.returncode == 0, err
        assert _wait_for_session_end(second.pid) == []
    finally:
        _kill_session(second)
    header, games = read_games(results)
    assert len(games) == len({game.code for game in games}) == int(DEALS)
    assert sorted(results.read_text().splitlines()) == sorted(serial.read_text().splitlines())


@pytestmark_proc
@pytest.mark.cluster
def test_a_worker_killed_mid_run_loses_only_its_deals_in_flight(tmp_path):
    results = tmp_path / "rules.jsonl"
    serial = tmp_path / "serial.jsonl"
    assert main(["strategy", "--deals", DEALS, "--serial", "--results", str(serial)]) == 0
    process = _start(["strategy", "--deals", DEALS, "--workers", "2", "--results", str(results)])
    try:
        assert _wait_for_lines(results, 6, process), "no deal written"
        workers = _workers(process.pid)
        assert workers
        os.kill(workers[0], signal.SIGKILL)
        _, err = process.communicate(timeout=HANG)
        assert process.returncode == 0, err
        assert _lines(results) - 1 == int(DEALS)
        assert _wait_for_session_end(process.pid) == []
    finally:
        _kill_session(process)
    assert sorted(results.read_text().splitlines()) == sorted(serial.read_text().splitlines())


@pytest.mark.parametrize("command", ["stats", "strategy"])
def test_a_results_file_of_another_version_is_refused_before_a_cluster_starts(tmp_path, capsys,
                                                                                 monkeypatch, command):
    import halfmoon.cli.cluster as cluster

    def no_cluster(*args, **kwargs):
        raise AssertionError("a cluster was started for a file that is refused")

    monkeypatch.setattr(cluster, "client_for", no_cluster)
    path = tmp_path / "old.jsonl"
    if command == "stats":
        from halfmoon.solver.results import RunHeader

        path.write_text(stats_header_line(RunHeader("HM1-N-AAAAAAA", 3, 20000, "halfmoon-solver/0")))
        argv = ["stats", "--deals", "3", "--nodes", "20000", "--workers", "2", "--results", str(path)]
    else:
        path.write_text(header_line(StrategyHeader("HM1-N-AAAAAAA", 3, "halfmoon-players/2026-12-03")))
        argv = ["strategy", "--deals", "3", "--workers", "2", "--results", str(path)]
    before = path.read_bytes()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert str(path) in err and any(words in err for words in ("other players", "another run")), err
    assert path.read_bytes() == before


def test_serial_spreading_keeps_every_result_in_deal_order():
    kept: list[int] = []
    spread(iter(range(10)), _double, kept.append, Spread(serial=True), todo=10)
    assert kept == [2 * n for n in range(10)]


def _double(numbers: list[int]) -> list[int]:
    return [2 * n for n in numbers]
