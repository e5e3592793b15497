"""Runs on Dask (halfmoon.cli.cluster): deals a second on 1 and 2 local workers against the serial loop.

The same deals of the strategy rule run (every rule of thumb, a few tens of ms a deal) are
played three ways in one run: serially in this process (the loop ``--serial`` runs), on a local
cluster of one worker, and on one of two; the ratios to the serial rate are the figures (the
target: within 10 % of linear on 2 cores, so 0.9 and 1.8). A cluster is started once a size and
timed apart (its start and close are the same whatever the run's length). The overhead per deal
is the wall time per deal of a task that does nothing (``list``, on batches of deals as a run
sends them) on one worker: the scheduler, the pickling and the client's loop (target: under 1 ms).

    python3 dev.py bench cluster            (DEALS=N in the environment for another count)
"""

from __future__ import annotations

import functools
import os
import time

from halfmoon.cli.cluster import Spread, batches_of, client_for, run_batches
from halfmoon.cli.strategy import play_chunk
from halfmoon.solver.strategy import PLAYERS_ID

from targets import Figure

DEALS = int(os.environ.get("DEALS", "300"))
EMPTY_DEALS = 8000  # deals of the empty task: enough that the overhead is not the start


def _quiet(_: str) -> None:
    pass


def _serial(work, numbers: range) -> float:
    kept: list[object] = []
    started = time.perf_counter()
    for number in numbers:
        kept.extend(work([number]))
    return len(numbers) / (time.perf_counter() - started)


def _on_cluster(workers: int, work, numbers: range) -> tuple[float, float]:
    """Deals a second on a started cluster of ``workers``, and the seconds to start and close it."""
    kept: list[object] = []
    started = time.perf_counter()
    with client_for(Spread(workers=workers), workers, _quiet) as client:
        client.wait_for_workers(workers)
        client.submit(len, [0], pure=False).result()  # every worker has imported the work's module
        start_seconds = time.perf_counter() - started
        running = time.perf_counter()
        run_batches(client, work, batches_of(iter(numbers)), kept.append, [])
        rate = len(numbers) / (time.perf_counter() - running)
        closing = time.perf_counter()
    start_seconds += time.perf_counter() - closing
    assert len(kept) == len(numbers)
    return rate, start_seconds


def main() -> list[Figure]:
    deals = range(DEALS)
    work = functools.partial(play_chunk, players=PLAYERS_ID)
    serial = _serial(work, deals)
    one, one_start = _on_cluster(1, work, deals)
    two, _ = _on_cluster(2, work, deals)
    empty, _ = _on_cluster(1, list, range(EMPTY_DEALS))
    return [
        Figure(f"serial loop, deals a second ({DEALS} deals of the rule run)", serial, "/s"),
        Figure("1 local worker, deals a second", one, "/s"),
        Figure("2 local workers, deals a second", two, "/s"),
        Figure("1 worker against the serial loop", one / serial, "x", 0.9, "higher"),
        Figure("2 workers against the serial loop (linear: 2)", two / serial, "x", 1.8, "higher"),
        Figure("overhead a deal (an empty task, 1 worker)", 1000 / empty, "ms", 1.0, "lower"),
        Figure("a local cluster's start and close", one_start, "s"),
    ]
