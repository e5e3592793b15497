"""``halfmoon solve`` (a won game record for a deal) and ``halfmoon stats`` (winnability)."""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import shlex
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from ..dealcode import DEAL_COUNT, DealCode
from ..errors import HalfMoonError
from ..record import Record
from ..solver import LOST, UNDECIDED, WON, Solution, solve

EXIT_WON, EXIT_LOST, EXIT_UNDECIDED = 0, 1, 3
DEFAULT_SOLVE_NODES = 5_000_000
DEFAULT_STATS_SECONDS = 1.0
Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


class SolverUsageError(HalfMoonError):
    """A solver option out of range."""


def register(subparsers: argparse._SubParsersAction) -> None:
    solve_parser = subparsers.add_parser(
        "solve", help="find a won game of a deal and write its record",
        description="Search a deal for a win and write the game record; exit 1 when the deal "
        "cannot be won, 3 when the budget runs out first.",
    )
    solve_parser.add_argument("code", help="a deal code such as HM1-N-AAAAAAB")
    solve_parser.add_argument(
        "-o", "--output", metavar="FILE", help="write the record here (default: print it)"
    )
    _budget_options(solve_parser, nodes=DEFAULT_SOLVE_NODES, seconds=None)
    solve_parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    solve_parser.set_defaults(run=run_solve)

    stats = subparsers.add_parser(
        "stats", help="solve consecutive deals and report the share that can be won",
        description="Solve N consecutive deals in parallel and print won, lost and undecided "
        "counts, the winnable share with a 95% Wilson interval, and timing percentiles.",
    )
    stats.add_argument("--deals", type=int, required=True, metavar="N", help="how many deals")
    stats.add_argument("--start", default="HM1-N-AAAAAAA", metavar="CODE", help="the first deal code")
    stats.add_argument("--jobs", type=int, default=None, metavar="J",
                       help="worker processes (default: every core)")
    _budget_options(stats, nodes=None, seconds=DEFAULT_STATS_SECONDS)
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("-o", "--output", metavar="FILE", help="write the figures here instead of printing")
    stats.set_defaults(run=run_stats)


def _budget_options(parser: argparse.ArgumentParser, *, nodes: int | None, seconds: float | None) -> None:
    parser.add_argument("--nodes", type=int, default=nodes, metavar="N",
                        help="positions the search may expand, and conflicts the rounds formula may meet, "
                        f"per deal (default: {nodes or 'no limit'})")
    parser.add_argument("--seconds", type=float, default=seconds, metavar="S",
                        help=f"seconds to search at most per deal (default: {seconds or 'no limit'})")


def _check_budget(args: argparse.Namespace) -> None:
    if args.nodes is not None and args.nodes < 1:
        raise SolverUsageError(f"--nodes must be at least 1, not {args.nodes}")
    if args.seconds is not None and not args.seconds > 0:
        raise SolverUsageError(f"--seconds must be more than 0, not {args.seconds}")


def _budget_words(nodes: int | None, seconds: float | None) -> str:
    parts = []
    if nodes is not None:
        parts.append(f"{nodes:,} positions")
    if seconds is not None:
        parts.append(f"{seconds:g} s")
    return " or ".join(parts) or "no limit"


# --- solve ---------------------------------------------------------------------------


def run_solve(args: argparse.Namespace) -> int:
    _check_budget(args)
    code = DealCode.parse(args.code)
    solution = solve(code, node_budget=args.nodes, time_budget=args.seconds)
    if args.json:
        print(json.dumps({
            "code": str(code), "status": solution.status, "nodes": solution.nodes,
            "seconds": round(solution.seconds, 4), "by": solution.by,
            "moves": [str(move) for move in solution.moves],
        }))
    if solution.status == LOST:
        how = (f"the search tried every order of removals ({_positions(solution.nodes)} expanded)"
               if solution.by == "search" else "the rounds formula has no solution")
        print(f"halfmoon: {code} cannot be won: no order of removals clears the table; {how}",
              file=sys.stderr)
        return EXIT_LOST
    if solution.status == UNDECIDED:
        print(f"halfmoon: {code} undecided: the budget ({_budget_words(args.nodes, args.seconds)}) "
              f"ran out after {_positions(solution.nodes)}; try a larger --nodes or --seconds",
              file=sys.stderr)
        return EXIT_UNDECIDED
    text = record_text(code, solution)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"halfmoon: won game of {code} written to {args.output}", file=sys.stderr)
    elif not args.json:
        sys.stdout.write(text)
    return EXIT_WON


def _positions(count: int) -> str:
    return f"{count:,} position" + ("" if count == 1 else "s")


def record_text(code: DealCode, solution: Solution) -> str:
    """The record of a won game, checked by replaying it, under a comment saying where it came from."""
    record = Record(code, list(solution.moves))
    if not record.replay().is_won():  # never expected: the solver's moves are legal by construction
        raise AssertionError(f"the solver's record of {code} does not win")
    return f"# A won game of {code}, found by `halfmoon solve {code}`.\n" + record.format()


# --- stats ---------------------------------------------------------------------------


def _solve_number(job: tuple[int, int | None, float | None]) -> tuple[int, str, float, int]:
    number, nodes, seconds = job
    solution = solve(DealCode(number), node_budget=nodes, time_budget=seconds)
    return number, solution.status, solution.seconds, solution.nodes


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial share.

    With p = successes / trials and n = trials:
    centre = (p + z²/2n) / (1 + z²/n), half-width = z·√(p(1 − p)/n + z²/4n²) / (1 + z²/n).
    """
    if trials <= 0:
        raise ValueError("the interval needs at least one trial")
    p = successes / trials
    n = trials
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At p = 0 and p = 1 the bound is exactly 0 or 1; rounding would leave a hair's breadth.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        raise ValueError("no values")
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


class ProgressBar:
    """A one-line bar redrawn with carriage returns, only when the stream is a terminal."""

    def __init__(self, total: int, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.total, self.stream, self.width = total, stream, width
        self.enabled = stream.isatty()
        self.started = time.perf_counter()

    def update(self, done: int, note: str = "") -> None:
        if not self.enabled:
            return
        filled = self.width * done // max(1, self.total)
        elapsed = time.perf_counter() - self.started
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {elapsed:5.1f}s {note}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def measure(
    start: DealCode, deals: int, *, jobs: int, nodes: int | None, seconds: float | None,
    progress: ProgressBar | None = None,
) -> list[tuple[int, str, float, int]]:
    """Solve ``deals`` consecutive deals from ``start``; (number, status, seconds, nodes) each."""
    work = [(start.number + i, nodes, seconds) for i in range(deals)]
    results: list[tuple[int, str, float, int]] = []

    def collect(outcomes: Iterable[tuple[int, str, float, int]]) -> None:
        counts = {WON: 0, LOST: 0, UNDECIDED: 0}
        for outcome in outcomes:
            results.append(outcome)
            counts[outcome[1]] += 1
            if progress:
                progress.update(len(results), f"won {counts[WON]} lost {counts[LOST]} "
                                f"undecided {counts[UNDECIDED]}")

    if jobs == 1:
        collect(map(_solve_number, work))
    else:
        with multiprocessing.Pool(jobs) as pool:
            collect(pool.imap(_solve_number, work, chunksize=4))
    return results


def summarise(
    results: list[tuple[int, str, float, int]], start: DealCode, *,
    nodes: int | None, seconds: float | None, jobs: int, command: str,
) -> dict[str, object]:
    counts = {status: sum(1 for r in results if r[1] == status) for status in (WON, LOST, UNDECIDED)}
    deals = len(results)
    low, high = wilson_interval(counts[WON], deals)
    times = sorted(r[2] * 1000 for r in results)
    return {
        "deals": deals,
        "start": str(start),
        "last": str(DealCode(start.number + deals - 1)),
        "won": counts[WON],
        "lost": counts[LOST],
        "undecided": counts[UNDECIDED],
        "share": round(counts[WON] / deals, 6),
        "ci_low": round(low, 6),
        "ci_high": round(high, 6),
        "confidence": 0.95,
        "interval": "Wilson score",
        "budget": {"nodes": nodes, "seconds": seconds},
        "ms_per_deal": {
            "median": round(percentile(times, 0.5), 2),
            "p90": round(percentile(times, 0.9), 2),
            "p99": round(percentile(times, 0.99), 2),
            "max": round(times[-1], 2),
        },
        "lost_deals": [str(DealCode(r[0])) for r in results if r[1] == LOST],
        "undecided_deals": [str(DealCode(r[0])) for r in results if r[1] == UNDECIDED],
        "jobs": jobs,
        "date": datetime.date.today().isoformat(),
        "command": command,
    }


def format_summary(summary: dict[str, object]) -> str:
    ms = summary["ms_per_deal"]
    assert isinstance(ms, dict)
    budget = summary["budget"]
    assert isinstance(budget, dict)
    return "\n".join([
        f"deals      {summary['deals']} ({summary['start']} to {summary['last']})",
        f"won        {summary['won']}",
        f"lost       {summary['lost']}",
        f"undecided  {summary['undecided']}   "
        f"(budget {_budget_words(budget['nodes'], budget['seconds'])} a deal)",
        f"winnable   {summary['share']:.1%}   95% Wilson interval {summary['ci_low']:.1%} to "
        f"{summary['ci_high']:.1%} (undecided deals count as not won)",
        f"time/deal  median {ms['median']:.1f} ms, p90 {ms['p90']:.1f} ms, p99 {ms['p99']:.1f} ms, "
        f"max {ms['max']:.1f} ms",
    ]) + "\n"


def _stats_command(args: argparse.Namespace, start: DealCode) -> str:
    """The command that repeats this run, for the figures' provenance."""
    words = ["halfmoon", "stats", "--deals", str(args.deals), "--start", str(start)]
    if args.nodes is not None:
        words += ["--nodes", str(args.nodes)]
    if args.seconds is not None:
        words += ["--seconds", f"{args.seconds:g}"]
    if args.json:
        words.append("--json")
    if args.output:
        words += ["-o", args.output]
    return shlex.join(words)


def run_stats(args: argparse.Namespace) -> int:
    _check_budget(args)
    if args.deals < 1:
        raise SolverUsageError(f"--deals must be at least 1, not {args.deals}")
    jobs = args.jobs if args.jobs is not None else (multiprocessing.cpu_count() or 1)
    if jobs < 1:
        raise SolverUsageError(f"--jobs must be at least 1, not {jobs}")
    start = DealCode.parse(args.start)
    if start.number + args.deals > DEAL_COUNT:
        raise SolverUsageError(
            f"{args.deals} deals from {start} run past the last deal code {DealCode(DEAL_COUNT - 1)}"
        )
    command = _stats_command(args, start)
    progress = ProgressBar(args.deals)
    try:
        results = measure(start, args.deals, jobs=jobs, nodes=args.nodes, seconds=args.seconds,
                          progress=progress)
    finally:
        progress.close()
    summary = summarise(results, start, nodes=args.nodes, seconds=args.seconds, jobs=jobs,
                        command=command)
    text = json.dumps(summary, indent=2) + "\n" if args.json else format_summary(summary)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"halfmoon: figures written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
