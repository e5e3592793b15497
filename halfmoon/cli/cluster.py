"""The deals of a long run spread over a Dask cluster: this machine's cores, or any cluster.

By default a ``LocalCluster`` is started for the run, one single-threaded worker process a
core, and closed with it; ``--scheduler ADDRESS`` sends the deals to a cluster already running
(``dask scheduler`` and ``dask worker ADDRESS`` on other machines, or any Dask deployment),
whose workers must have this halfmoon installed. ``--serial`` decides them one after another in
this process, without Dask: the reference the tests and the benchmark hold the cluster to.

Deals go out in small batches, a few more than the workers can take at once, and each batch's
results come back to ``keep`` as it finishes, in any order; the caller appends them to its
results file, so the file holds every finished deal whatever stops the run. A worker that dies
loses only the batches it held: the scheduler gives them to another worker. Whatever ends the
run (its end, an error, Ctrl-C, SIGTERM), the cluster it started is closed and every process it
started is gone before ``spread`` returns or raises.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import functools
import importlib.util
import itertools
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from .options import SolverUsageError

if TYPE_CHECKING:  # distributed is imported when a run starts, not by every halfmoon command
    from distributed import Client

R = TypeVar("R")

BATCH = 4  # deals a task decides: amortises the scheduler's cost per task over a few deals
AHEAD = 2  # batches queued per worker thread, so that no worker waits on the client
MAX_WORKERS_PER_CORE = 4
CLOSE_SECONDS = 20  # what closing the cluster may take before its processes are killed
CONNECT_SECONDS = 30  # what reaching a --scheduler may take
WINDOW_REFRESH = 64  # batches between two looks at how many workers the cluster has now
POLL_SECONDS = 0.05  # how long a stop signal may wait for the loop to see it


@dataclass(frozen=True, slots=True)
class Spread:
    """Where a run's deals are decided (the options ``add_options`` defines)."""

    workers: int | None = None  # a local cluster's workers (None: one a core)
    scheduler: str | None = None  # an existing cluster's scheduler
    serial: bool = False  # in this process, without Dask


def add_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("where the deals are decided (Dask)")
    group.add_argument("--workers", type=int, default=None, metavar="N",
                       help="worker processes of the local cluster started for the run (default: one "
                       f"a core; at most {MAX_WORKERS_PER_CORE} a core)")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster of this scheduler (tcp://HOST:8786) instead of "
                       "starting one; its workers need this halfmoon installed")
    group.add_argument("--serial", action="store_true",
                       help="decide the deals one after another in this process, without Dask")


def spread_of(args: argparse.Namespace) -> Spread:
    """The options read and checked (a usage error names the option)."""
    cores = os.cpu_count() or 1
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS_PER_CORE * cores:
        raise SolverUsageError(
            f"--workers must be from 1 to {MAX_WORKERS_PER_CORE * cores} ({MAX_WORKERS_PER_CORE} per "
            f"core on this machine's {cores}), not {str(args.workers)[:30]}"
        )
    chosen = [name for name, given in (("--workers", args.workers is not None),
                                       ("--scheduler", args.scheduler is not None),
                                       ("--serial", args.serial)) if given]
    if len(chosen) > 1:
        raise SolverUsageError(f"{' and '.join(chosen)} do not go together: give one of them")
    if args.scheduler is not None and not args.scheduler.strip():
        raise SolverUsageError("--scheduler needs the scheduler's address, such as tcp://HOST:8786")
    return Spread(args.workers, args.scheduler, args.serial)


def spread(numbers: Iterable[int], work: Callable[[list[int]], list[R]], keep: Callable[[R], None],
           how: Spread, *, todo: int, say: Callable[[str], None] | None = None) -> None:
    """``work`` on every deal of ``numbers`` (``todo`` of them), each result given to ``keep``
    as its batch finishes, in any order. ``work`` must be a module-level function (or a
    ``functools.partial`` of one): the workers import it. A failure of ``work`` is raised here."""
    if how.serial:
        for number in numbers:
            for result in work([number]):
                keep(result)
        return
    tell = say or _to_stderr
    if not how.scheduler:  # the local workers are this process's children: they end with it
        work = functools.partial(_with_parent, work, os.getpid())
    with _stops_deferred() as stopped:
        with client_for(how, min(todo, MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)), tell) as client:
            run_batches(client, work, batches_of(iter(numbers)), keep, stopped)


def batches_of(numbers: Iterator[int]) -> Iterator[list[int]]:
    """The deals in the batches a task decides, lazily (a run of billions starts at once)."""
    return iter(lambda: list(itertools.islice(numbers, BATCH)), [])


class _StopAsked(Exception):
    """A stop signal came: the cluster is closed, then the signal is acted on as it asked."""


def run_batches(client: Client, work: Callable[[list[int]], list[R]], batches: Iterator[list[int]],
                 keep: Callable[[R], None], stopped: list[int]) -> None:
    """Every batch decided on ``client``'s cluster, a few queued for each worker thread, each
    batch's results given to ``keep`` as it finishes; ``_StopAsked`` as soon as ``stopped``
    holds a signal (the benchmark times this loop alone, on a cluster already started)."""
    from distributed import as_completed

    window = _window(client)
    running = as_completed()
    pending = 0
    for batch in itertools.islice(batches, window):
        running.add(client.submit(work, batch, pure=False))
        pending += 1
    finished = 0
    while not running.is_empty():
        if stopped:
            raise _StopAsked
        if not running.has_ready():  # wait a little, then look for a signal again
            with running.thread_condition:
                running.thread_condition.wait(timeout=POLL_SECONDS)
            continue
        future = next(running)
        results = future.result()
        future.release()
        pending -= 1
        for result in results:
            keep(result)
        finished += 1
        if finished % WINDOW_REFRESH == 0:
            window = _window(client)
        for batch in itertools.islice(batches, max(1, window - pending)):
            running.add(client.submit(work, batch, pure=False))
            pending += 1


@contextlib.contextmanager
def _stops_deferred() -> Iterator[list[int]]:
    """Within: SIGINT, SIGTERM and SIGHUP only note themselves in the list yielded (the loop
    looks at it between batches), so that none lands inside Dask's own code, whose locks an
    exception raised there can leave held (closing the cluster would then wait for ever). On
    the way out, once the cluster is closed, the first one noted is raised again, and the
    handler that was there acts on it as it would have (the run's message and exit status)."""
    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return

    def note(signum: int, frame: object) -> None:
        noted.append(signum)

    previous = {signum: signal.signal(signum, note) for signum in _STOPS
                if signal.getsignal(signum) is not signal.SIG_IGN}  # what is ignored stays so
    try:
        yield noted
    except _StopAsked:
        pass
    except BaseException:
        if not noted:
            raise
        # A failure after a stop is the stop's doing (Ctrl-C reaches the whole group: a worker
        # still starting ends on it, and the cluster's start fails): the stop is what is told.
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if noted:
        signal.raise_signal(noted[0])


PR_SET_PDEATHSIG = 1  # linux/prctl.h
_parent_set: list[int] = []  # in a worker: the parent it was told to end with


def _with_parent(work: Callable[[list[int]], list[R]], parent: int, numbers: list[int]) -> list[R]:
    """``work`` in a local worker that is first made to end with its parent, the run's process,
    even inside the SAT solver (which holds the interpreter: distributed's own watch, a thread,
    would wait on it): Linux's PR_SET_PDEATHSIG, once a process."""
    if not _parent_set and sys.platform.startswith("linux"):
        _parent_set.append(parent)
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0 and os.getppid() != parent:
                os._exit(1)  # the run ended before the request was made
    return work(numbers)


def _window(client: Client) -> int:
    """Batches to keep submitted: a few for each worker thread the cluster has now."""
    threads = sum(client.nthreads().values())
    return AHEAD * max(1, threads)


def _to_stderr(text: str) -> None:
    """Standard error, above the run's progress bar (tqdm moves it down a line)."""
    from tqdm import tqdm

    tqdm.write(text, file=sys.stderr)


@contextlib.contextmanager
def client_for(how: Spread, most: int, say: Callable[[str], None]) -> Iterator[Client]:
    """A client of the asked cluster; a local one is started here and closed on the way out,
    whatever the way out is, with every process it started."""
    import distributed

    if how.scheduler:
        try:
            client = distributed.Client(how.scheduler, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as error:
            raise SolverUsageError(f"--scheduler {how.scheduler}: cannot reach it ({error})") from None
        try:
            workers = len(client.scheduler_info().get("workers", {}))
            say(f"halfmoon: on the cluster of {how.scheduler} ({workers} workers now); "
                f"dashboard: {client.dashboard_link}")
            yield client
        finally:
            with _signals_ignored():
                client.close()
        return
    workers = max(1, min(how.workers or (os.cpu_count() or 1), most))
    mine = _ProcessWatch()
    scratch = tempfile.mkdtemp(prefix="halfmoon-dask-")  # the workers' own files, removed at the end
    cluster: Any = None
    local: Any = None
    dashboard = _has_dashboard()
    try:
        with _group_stops_blocked():
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=":0" if dashboard else None,
                silence_logs=logging.CRITICAL, local_directory=scratch,  # failures come in the futures
            )
            local = distributed.Client(cluster)
        if dashboard:
            say(f"halfmoon: {workers} local Dask workers; dashboard: {local.dashboard_link}")
        else:
            say(f"halfmoon: {workers} local Dask workers (no dashboard: it needs bokeh, "
                "pip install 'bokeh>=3.1')")
        yield local
    except BaseException:
        # Stopped, or failed: the deals in flight are lost anyway (the results file has every
        # finished one), so the workers end at once, even inside the SAT solver, where they
        # could not hear a polite close; the cluster then closes without waiting on them.
        with _signals_ignored():
            mine.end_the_rest()
        raise
    finally:
        with _signals_ignored():
            for closing in (local, cluster):
                if closing is not None:
                    with contextlib.suppress(Exception):
                        closing.close(timeout=CLOSE_SECONDS)
            mine.end_the_rest()
            shutil.rmtree(scratch, ignore_errors=True)


def _has_dashboard() -> bool:
    return importlib.util.find_spec("bokeh") is not None


class _ProcessWatch:
    """The processes this process starts from now on (a local cluster's nannies and workers,
    and what they start): whatever closing the cluster leaves, ``end_the_rest`` kills."""

    def __init__(self) -> None:
        import psutil

        self.me = psutil.Process()
        self.before = {child.pid for child in self.me.children(recursive=True)}

    def end_the_rest(self) -> None:
        import psutil

        left = [child for child in self.me.children(recursive=True)
                if child.pid not in self.before and not _is_resource_tracker(child)]
        for child in left:
            with contextlib.suppress(psutil.Error):
                child.kill()
        psutil.wait_procs(left, timeout=CLOSE_SECONDS)


def _is_resource_tracker(process: Any) -> bool:
    """multiprocessing's tracker of this process: it lives as long as this process, which it
    serves beyond the cluster, and ends with it (killing it would only have it started again)."""
    import psutil

    try:
        return any("resource_tracker" in word for word in process.cmdline())
    except psutil.Error:
        return False


_STOPS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_GROUP_STOPS = (signal.SIGINT, signal.SIGHUP)  # what a terminal sends every process of its group


@contextlib.contextmanager
def _group_stops_blocked() -> Iterator[None]:
    """Within (the cluster's start): Ctrl-C's SIGINT and a closed terminal's SIGHUP are held
    back from this thread, and so from the threads the cluster starts now and from its workers,
    which keep them blocked for good (a terminal sends them to every process of its group: only
    this process acts on them, and it ends the workers). A signal that came meanwhile is
    delivered to this thread when it lets them through again, and the run stops then."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _GROUP_STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def _signals_ignored(signums: tuple[signal.Signals, ...] = _STOPS) -> Iterator[None]:
    """Within: these signals are ignored. Around closing the cluster, so that a second Ctrl-C
    cannot cut it short and leave processes behind (the run is stopping already or done)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, signal.SIG_IGN) for signum in signums}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
