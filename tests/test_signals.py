"""Signals end the solver at once, results kept; workers never outlive their run."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from halfmoon.solver.results import read_results

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # only a hang reaches it, even on a loaded machine
HARD = "HM1-N-AAACCMV"  # lost; the rounds formula needs over a minute of MiniSat to prove it

# The formula of HARD handed to MiniSat with a budget it never reaches; "solving" is printed
# just before the call, the conflicts met so far when a signal ends it.
SAT_CALL = f"""
import signal, sys
from halfmoon import DealCode, Position
from halfmoon.solver.rounds import RoundsProblem

class Ended(Exception):
    pass

def end(signum, frame):
    raise Ended

signal.signal(signal.SIGTERM, end)
position = Position(DealCode.parse({HARD!r}))
problem = RoundsProblem([[c.rank for c in pile] for pile in position.piles],
                        [None if c is None else c.rank for c in position.reserve])
problem.decide(conflicts=1)  # the formula is built and the solver made before the signal
print("solving", flush=True)
try:
    verdict = problem.decide(conflicts=10**12)
except KeyboardInterrupt:
    print("interrupted after", problem.conflicts, flush=True)
    sys.exit(130)
except Ended:
    print("terminated after", problem.conflicts, flush=True)
    sys.exit(143)
print("decided", verdict, problem.conflicts, flush=True)
"""
# Far fewer conflicts than the proof takes (MiniSat is deterministic: the whole proof of HARD
# takes FULL_PROOF conflicts); a signal that waited for the call to end would see them all.
FULL_PROOF = 201_713  # minisat22, measured: 75 s on this machine


def _environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "plugins")])}


@pytest.mark.parametrize(("signum", "words", "status"), [
    (signal.SIGINT, "interrupted after", 130), (signal.SIGTERM, "terminated after", 143),
])
def test_a_signal_ends_the_sat_call_at_once(signum, words, status):
    process = subprocess.Popen([sys.executable, "-c", SAT_CALL], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=_environment())
    assert process.stdout is not None
    assert process.stdout.readline() == "solving\n"
    time.sleep(0.5)  # well inside the call (ending earlier would pass for the wrong reason)
    process.send_signal(signum)
    out, err = process.communicate(timeout=HANG)
    assert process.returncode == status, err
    assert out.startswith(words) and "Caught keyboard interrupt" not in err
    assert int(out.split()[-1]) < FULL_PROOF / 2


def _stats(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "halfmoon", "stats", *args], cwd=ROOT, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_environment(),
    )


def _children(pid: int) -> list[int]:
    """The children of every thread of ``pid`` (a local cluster's workers are started by one of
    its threads, not the main one)."""
    found = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _workers(pid: int) -> list[int]:
    """The Dask workers of a local cluster: the run's children that multiprocessing spawned."""
    found = []
    for child in _children(pid):
        with contextlib.suppress(OSError):
            if b"--multiprocessing-fork" in Path(f"/proc/{child}/cmdline").read_bytes():
                found.append(child)
    return found


def _wait(condition, bound: float = HANG) -> bool:
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0]
    return state != "Z"


@pytest.mark.cluster
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGHUP])
def test_workers_end_when_their_parent_dies(tmp_path, signum):
    """SIGKILL: the parent cannot act, its workers must notice. SIGHUP (a closed terminal, sent
    to the parent only here): the parent keeps its results and ends them."""
    results = tmp_path / "run.jsonl"
    process = _stats(["--deals", "40", "--start", HARD, "--nodes", str(10**12), "--workers", "2",
                      "--results", str(results)])
    try:
        assert _wait(lambda: len(_workers(process.pid)) == 2), "the workers did not start"
        workers = _children(process.pid)  # the workers and what the cluster started beside them
        os.kill(process.pid, signum)
        _, err = process.communicate(timeout=HANG)
        assert _wait(lambda: not any(_alive(worker) for worker in workers)), "workers outlived the run"
        if signum == signal.SIGHUP:
            assert process.returncode == 129 and "hung up" in err and "kept in" in err, err
            assert read_results(results)[0].deals == 40
    finally:  # a failed test leaves no run going
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=HANG)


def test_a_stop_signal_whose_exception_was_swallowed_still_stops_the_run():
    """A signal that lands where Python swallows exceptions (fork's handlers, as a worker starts:
    "Exception ignored in ...") still stops the run at its next check, as itself."""
    from halfmoon.cli import stats

    with stats._sigterm_as_exception():
        stats._raise_if_stopped()  # nothing came: nothing raised
        with contextlib.suppress(stats._Terminated):  # as a fork handler swallows it
            os.kill(os.getpid(), signal.SIGHUP)
            time.sleep(1)  # the handler runs at the next instruction; the sleep is never waited out
        with pytest.raises(stats._Terminated) as stop:
            stats._raise_if_stopped()
    assert stop.value.signum == signal.SIGHUP
    stats._raise_if_stopped()  # a new run starts clean
