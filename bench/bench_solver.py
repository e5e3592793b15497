"""Solver: decided share and CPU time per deal on deals it was tuned on and deals it never saw.

Two sets of deals in the same run (issue 14): the first 1,000 deal codes from
HM1-N-AAAAAAA, on which the solver was developed, and 1,000 from deal number
5,000,000 upward, which it never saw. Each set is decided by the solver at the
winnability run's budget (positions and conflicts, never seconds) and by the
baseline: a plain depth-first search with a memory of visited positions over the
same compact state, trying every legal removal in board order, no reduction,
capped in positions. Times are CPU seconds of this process, so a busy machine
slows the figures less than wall-clock time would. Figures are printed and written
as JSON to bench/results/bench_solver.json.

    python3 bench/bench_solver.py [--deals 1000] [--nodes 200000] [--baseline-nodes 100000]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from itertools import product
from pathlib import Path

from halfmoon import DealCode
from halfmoon.cli.stats import DEFAULT_STATS_NODES
from halfmoon.files import write_atomic
from halfmoon.solver import LOST, UNDECIDED, WON, solve
from halfmoon.solver.figures import percentile
from halfmoon.solver.survey import SOLVER_ID

from targets import Figure

RESULTS = Path(__file__).resolve().parent / "results" / "bench_solver.json"
UNSEEN_FROM = 5_000_000
TARGET_DECIDED = 0.995


def baseline(number: int, nodes: int) -> str:
    """Plain memoised DFS: every legal removal, every reserve slot separately, board order."""
    layout = DealCode(number).layout()
    piles = [[card.rank for card in pile] for pile in layout.piles]
    slots = [card.rank for card in layout.reserve]
    height = [len(pile) for pile in piles]
    filled = [True] * 8
    seen: set[tuple] = set()

    class OutOfBudget(Exception):
        pass

    def playable() -> dict[int, list[int]]:
        by_rank: dict[int, list[int]] = {}
        for p in range(12):
            if height[p]:
                by_rank.setdefault(piles[p][height[p] - 1], []).append(p)
        for s in range(8):
            if filled[s]:
                by_rank.setdefault(slots[s], []).append(12 + s)
        return by_rank

    def take(sources: tuple[int, ...], back: bool) -> None:
        for source in sources:
            if source < 12:
                height[source] += 1 if back else -1
            else:
                filled[source - 12] = back

    def search(left: int) -> bool:
        if left == 0:
            return True
        key = (*height, *filled)
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > nodes:
            raise OutOfBudget
        by_rank = playable()
        moves = [m for low in range(1, 6) for m in product(by_rank.get(low, ()), by_rank.get(11 - low, ()))]
        moves += product(by_rank.get(11, ()), by_rank.get(12, ()), by_rank.get(13, ()))
        for move in sorted(moves, key=sorted):
            take(move, False)
            if search(left - len(move)):
                return True
            take(move, True)
        return False

    try:
        return WON if search(104) else LOST
    except OutOfBudget:
        return UNDECIDED


def ours(number: int, nodes: int) -> str:
    return solve(DealCode(number), node_budget=nodes).status


def run(method: Callable[[int, int], str], first: int, deals: int, nodes: int) -> dict[str, float]:
    counts = {WON: 0, LOST: 0, UNDECIDED: 0}
    times = []
    for number in range(first, first + deals):
        started = time.process_time()
        counts[method(number, nodes)] += 1
        times.append((time.process_time() - started) * 1000)
        if sys.stderr.isatty():
            sys.stderr.write(f"\r   {method.__name__}: {number - first + 1}/{deals}")
            sys.stderr.flush()
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 40 + "\r")
    times.sort()
    return {
        "deals": deals, "won": counts[WON], "lost": counts[LOST], "undecided": counts[UNDECIDED],
        "decided": round(1 - counts[UNDECIDED] / deals, 5), "budget": nodes,
        "mean_ms": round(sum(times) / deals, 2), "median_ms": round(percentile(times, 0.5), 2),
        "p95_ms": round(percentile(times, 0.95), 2), "max_ms": round(times[-1], 2),
        "cpu_seconds": round(sum(times) / 1000, 2),
    }


def row(label: str, figures: dict[str, float]) -> str:
    return (
        f"   {label:<40} {figures['deals']:>5} {figures['won']:>5} {figures['lost']:>5} "
        f"{figures['undecided']:>5} {figures['decided']:>8.1%} {figures['mean_ms']:>8.1f} "
        f"{figures['median_ms']:>9.1f} {figures['p95_ms']:>8.1f} {figures['cpu_seconds']:>8.1f}"
    )


def main(argv: list[str] | None = None) -> list[Figure]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals in each set (default 1000)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_STATS_NODES,
                        help=f"the solver's positions and conflicts (default {DEFAULT_STATS_NODES:,})")
    parser.add_argument("--baseline-nodes", type=int, default=100_000,
                        help="positions the baseline may visit per deal (default 100,000)")
    parser.add_argument("--output", default=str(RESULTS), help=f"JSON figures (default {RESULTS})")
    args = parser.parse_args(sys.argv[1:] if argv is None and __name__ == "__main__" else argv or [])

    sets = {"first deals": 0, f"from {UNSEEN_FROM:,}": UNSEEN_FROM}  # tuned on; never seen
    print(f"   {args.deals:,} deals a set; CPU time of one process; solver {SOLVER_ID}")
    print(f"   {'deals and method':<40} {'deals':>5} {'won':>5} {'lost':>5} {'undec':>5} {'decided':>8} "
          f"{'mean ms':>8} {'median ms':>9} {'p95 ms':>8} {'CPU s':>8}")
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for name, first in sets.items():
        solver = run(ours, first, args.deals, args.nodes)
        plain = run(baseline, first, args.deals, args.baseline_nodes)
        figures[name] = {"first": str(DealCode(first)), "solver": solver, "baseline": plain}  # type: ignore[dict-item]
        print(row(f"{name}: solver", solver))
        print(row(f"{name}: plain memoised search", plain))
        met = "met" if solver["decided"] >= TARGET_DECIDED else "NOT met"
        print(f"   target decided >= {TARGET_DECIDED:.1%}: {met} ({solver['decided']:.1%})")
    report = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "solver": SOLVER_ID, "python": platform.python_version(), "cores": os.cpu_count(),
        "load_average": os.getloadavg(), "deals_per_set": args.deals, "sets": figures,
    }
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, json.dumps(report, indent=2, allow_nan=False) + "\n")
    print(f"   figures written to {out}")
    return [  # for bench/run.py: met or missed
        Figure(f"{name}: deals decided", figures[name]["solver"]["decided"], "share", TARGET_DECIDED)
        for name in sets
    ]


if __name__ == "__main__":
    main()
