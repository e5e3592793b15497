"""``halfmoon stats``: decide consecutive deals on Dask, one JSON line per deal, and summarise.

The work is generated lazily and results are written as they come (``cluster.spread``), so a
run of any length starts at once, survives Ctrl-C (exit 130, results kept) and resumes from its
results file; ``--merge`` summarises results files (also the shards of the published run, made
by the ``--shard`` option of before issue 43).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import shlex
import signal
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from tqdm import tqdm

from ..dealcode import DEAL_COUNT, DealCode
from ..files import open_for_appending, write_atomic
from ..solver.figures import Summary, format_summary, summarise
from ..solver.results import (
    ResultsFileError,
    RunHeader,
    dumps,
    header_line,
    merge,
    read_results,
    result_line,
)
from ..solver.search import SEARCH_FIRST_NODES, Verdict
from ..solver.survey import SOLVER_ID, DealResult, examine
from ..solver.verdicts import encode
from .cluster import add_options, spread, spread_of
from .options import (
    SolverUsageError,
    check_nodes,
    check_outputs,
    check_results_file,
    check_writable,
)

DEFAULT_STATS_NODES = 200_000
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C
EXIT_TERMINATED = 143  # 128 + SIGTERM
EXIT_HUNG_UP = 129  # 128 + SIGHUP: the terminal was closed


class _Terminated(Exception):
    """SIGTERM or SIGHUP, handled like Ctrl-C."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        super().__init__(signum)
        self.signum = signum


def register(subparsers: argparse._SubParsersAction) -> None:
    stats = subparsers.add_parser(
        "stats", help="solve consecutive deals and report the share that can be won",
        description="Decide N consecutive deals in parallel and print won, lost and undecided counts, "
        "the winnable share with a 95% Wilson interval, the simple players' rates and timings. "
        "Every lost verdict is confirmed a second way and every win replayed. With --results, "
        "each deal is written as one JSON line as it finishes; running the same command again "
        "resumes. The deals are spread over a Dask cluster started for the run (one worker a core) or "
        "the one of --scheduler. --merge summarises results files (several: the shards of one run).",
    )
    stats.add_argument("--deals", type=int, metavar="N",
                       help="how many deals (the whole run's); with --merge, summarise only the first N")
    stats.add_argument("--start", default="HM1-N-AAAAAAA", metavar="CODE", help="the first deal code")
    stats.add_argument("--nodes", type=int, default=DEFAULT_STATS_NODES, metavar="N",
                       help="conflicts the SAT formula may meet on a deal, after the search has expanded "
                       f"at most N positions, and never more than {SEARCH_FIRST_NODES:,} "
                       f"(default: {DEFAULT_STATS_NODES:,})")
    stats.add_argument("--results", metavar="FILE.jsonl",
                       help="write each deal here as a JSON line; an existing file of the same run resumes")
    stats.add_argument("--merge", nargs="+", metavar="FILE.jsonl",
                       help="summarise these results files (the shards of one run) instead of solving")
    stats.add_argument("--verdicts", metavar="FILE.gz",
                       help="with --merge: also write the verdict file of the site's lookup "
                       "(one symbol per deal, compressed)")
    stats.add_argument("--lost", metavar="FILE.txt",
                       help="with --merge: also write the lost deals' codes, one a line, for readers to try")
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("-o", "--output", metavar="FILE", help="write the figures here instead of printing")
    add_options(stats)
    stats.set_defaults(run=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    for option, name in (("--verdicts", args.verdicts), ("--lost", args.lost)):
        if name and not args.merge:
            raise SolverUsageError(f"{option} goes with --merge: it is built from results files")
    check_outputs([("-o", args.output), ("--verdicts", args.verdicts), ("--lost", args.lost)],
                  [*(("--merge", name) for name in args.merge or ()), ("--results", args.results)])
    if args.merge:
        return _run_merge(args)
    if args.deals is None:
        raise SolverUsageError("give --deals N (or --merge FILE... to summarise results files)")
    if not 1 <= args.deals <= DEAL_COUNT:
        raise SolverUsageError(f"--deals must be from 1 to {DEAL_COUNT}, not {str(args.deals)[:30]}")
    check_nodes(args.nodes)
    start = DealCode.parse(args.start)
    if start.number + args.deals > DEAL_COUNT:
        raise SolverUsageError(
            f"{args.deals} deals from {start} run past the last deal code {DealCode(DEAL_COUNT - 1)}"
        )
    spreading = spread_of(args)
    header = RunHeader(str(start), args.deals, args.nodes, SOLVER_ID)
    done: list[DealResult] = []
    results_file: TextIO | None = None
    if args.results:
        done, results_file = _open_results(Path(args.results), header)
    finished = {DealCode.parse(result.code).number for result in done}
    todo = (number for number in header.numbers() if number not in finished)
    collected = list(done)
    progress = tqdm(total=header.size(), initial=len(done), unit="deal", file=sys.stderr,
                    disable=not sys.stderr.isatty(), dynamic_ncols=True, smoothing=0.05)

    tally = Counter(result.verdict for result in done)

    def keep(result: DealResult) -> None:
        _raise_if_stopped()
        collected.append(result)
        if results_file is not None:
            results_file.write(result_line(result))
            results_file.flush()
        tally[result.verdict] += 1
        if not progress.disable:
            progress.set_postfix_str(" ".join(f"{verdict} {tally[verdict]:,}" for verdict in Verdict),
                                     refresh=False)
        progress.update(1)

    try:
        with _sigterm_as_exception():
            spread(todo, functools.partial(examine_chunk, nodes=args.nodes), keep, spreading,
                   todo=header.size() - len(finished))
    except (KeyboardInterrupt, _Terminated) as stop:
        progress.close()
        where = (f"kept in {args.results}; run the same command to resume" if args.results
                 else "not kept: give --results FILE to keep them")
        how, status = "interrupted", EXIT_INTERRUPTED
        if isinstance(stop, _Terminated):
            hung_up = stop.signum == signal.SIGHUP
            how, status = ("hung up", EXIT_HUNG_UP) if hung_up else ("terminated", EXIT_TERMINATED)
        with contextlib.suppress(OSError):  # after a hang-up, standard error may be gone too
            print(f"halfmoon: {how}: {len(collected):,} of {header.size():,} deals done, {where}",
                  file=sys.stderr)
        return status
    finally:
        progress.close()
        if results_file is not None:
            results_file.close()
    summary = summarise(header, collected, _command(args, start), complete=True)
    _write_summary(args, summary)
    return 0


def _run_merge(args: argparse.Namespace) -> int:
    for name in args.merge:
        check_results_file(name, ResultsFileError)
    header, results, complete = merge([Path(name) for name in args.merge])
    if header.solver != SOLVER_ID:  # its verdicts and the budgets written beside them would not match
        raise ResultsFileError(f"{args.merge[0]}: results of another solver ({header.solver}; this one is "
                               f"{SOLVER_ID}): merge them with the halfmoon that made them")
    command = shlex.join(["halfmoon", "stats", "--merge", *args.merge])
    if args.deals is not None:  # only the first deals of the run: a finished part of a long run
        if not 1 <= args.deals <= header.deals:
            raise SolverUsageError(f"--deals with --merge must be from 1 to {header.deals:,}, "
                                   f"not {str(args.deals)[:30]}")
        header = replace(header, deals=args.deals)
        end = DealCode.parse(header.start).number + args.deals
        results = [result for result in results if DealCode.parse(result.code).number < end]
        complete = len(results) == args.deals
        command += f" --deals {args.deals}"
    for option, name in (("--verdicts", args.verdicts), ("--lost", args.lost)):
        if name:
            command += f" {option} {shlex.quote(name)}"
    # Everything is worked out and checked before the first file is written: a merge that
    # cannot be summarised (no deals yet, a foreign line) leaves the published files as they were.
    summary = summarise(header, results, command, complete=complete)
    verdicts = encode(DealCode.parse(header.start), header.deals, results) if args.verdicts else b""
    if args.verdicts:
        write_atomic(args.verdicts, verdicts)
        print(f"halfmoon: verdicts of {header.deals:,} deals written to {args.verdicts} "
              f"({len(verdicts):,} bytes)", file=sys.stderr)
    if args.lost:
        write_atomic(
            args.lost,
            f"# The {summary.lost:,} deals of {summary.start} to {summary.last} that cannot be won "
            f"(each proved twice; {command}).\n" + "".join(code + "\n" for code in summary.lost_deals),
        )
    _write_summary(args, summary)
    return 0


def _write_summary(args: argparse.Namespace, summary: Summary) -> None:
    text = dumps(summary.to_json(), indent=2) + "\n" if args.json else format_summary(summary)
    if args.output:
        write_atomic(args.output, text)
        print(f"halfmoon: figures written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)


def _open_results(path: Path, header: RunHeader) -> tuple[list[DealResult], TextIO]:
    """The deals already in ``path`` (same run only) and the file open for appending.

    The file is locked for the whole run: a second run on it is refused, naming the process
    that holds it, instead of interleaving its lines with this one's.
    """
    check_writable(str(path), "--results")

    def read(path: Path) -> list[DealResult]:
        _, done = read_results(path, repair=True, run=header)
        return done

    done, stream = open_for_appending(path, header_line(header), read)
    return done or [], stream


def _command(args: argparse.Namespace, start: DealCode) -> str:
    """The command that repeats this run, for the figures' provenance."""
    words = ["halfmoon", "stats", "--deals", str(args.deals), "--start", str(start),
             "--nodes", str(args.nodes)]
    return shlex.join(words)


# --- the work ----------------------------------------------------------------------------------


def examine_chunk(numbers: list[int], nodes: int) -> list[DealResult]:
    """The deals decided (by a Dask worker, or in this process with --serial)."""
    return [examine(number, nodes) for number in numbers]


@contextlib.contextmanager
def _sigterm_as_exception() -> Iterator[None]:
    """Within: SIGTERM and SIGHUP raise _Terminated in the main thread (nothing changes in
    another thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    previous = {signum: signal.signal(signum, _raise_terminated) for signum in _ENDING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _received.clear()


_ENDING = (signal.SIGTERM, signal.SIGHUP)


# The stop signals received, for _raise_if_stopped: a signal that lands while Python runs code
# that swallows exceptions (a handler of fork, as a worker starts; a finaliser) raises nothing
# there, "Exception ignored in ...", and the run would go on as if it had not come.
_received: list[int] = []


def _raise_terminated(signum: int, frame: object) -> None:
    _received.append(signum)
    raise _Terminated(signum)


def _raise_if_stopped() -> None:
    """Raise the _Terminated of a stop signal that came while its exception was swallowed."""
    if _received:
        raise _Terminated(_received[0])
