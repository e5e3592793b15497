"""Solver: share of deals decided within 1 s and time per deal, beside a plain memoised search.

Targets (issue 5): on the first 1,000 deal codes from HM1-N-AAAAAAA, at least 99.5%
decided with a 1-second budget each, median under 20 ms per deal on one core.
The baseline is a plain depth-first search with a memory of visited positions over the
same compact state, trying every legal removal in board order, with no reduction. The
solver's two halves are also timed alone on the same deals: its search (reductions
1-7) and its rounds formula (a SAT problem).

    python3 bench/bench_solver.py [--deals 1000] [--baseline-deals 200] [--seconds 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from itertools import product

from halfmoon import DealCode
from halfmoon.solver import LOST, UNDECIDED, WON, solve
from halfmoon.solver.figures import percentile

TARGET_DECIDED = 0.995
TARGET_MEDIAN_MS = 20.0


def baseline(number: int, seconds: float) -> str:
    """Plain memoised DFS: every legal removal, every reserve slot separately, board order."""
    layout = DealCode(number).layout()
    piles = [[card.rank for card in pile] for pile in layout.piles]
    slots = [card.rank for card in layout.reserve]
    height = [len(pile) for pile in piles]
    filled = [True] * 8
    seen: set[tuple] = set()
    deadline = time.perf_counter() + seconds
    counter = [0]

    class OutOfTime(Exception):
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
        counter[0] += 1
        if counter[0] % 256 == 0 and time.perf_counter() > deadline:
            raise OutOfTime
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
    except OutOfTime:
        return UNDECIDED


def ours(number: int, seconds: float) -> str:
    return solve(DealCode(number), time_budget=seconds).status


def search_alone(number: int, seconds: float) -> str:
    return solve(DealCode(number), time_budget=seconds, method="search").status


def rounds_alone(number: int, seconds: float) -> str:
    return solve(DealCode(number), time_budget=seconds, method="rounds").status


def run(method: Callable[[int, float], str], deals: int, seconds: float) -> dict[str, float]:
    counts = {WON: 0, LOST: 0, UNDECIDED: 0}
    times = []
    for number in range(deals):
        started = time.perf_counter()
        counts[method(number, seconds)] += 1
        times.append((time.perf_counter() - started) * 1000)
        if sys.stderr.isatty():
            sys.stderr.write(f"\r   {method.__name__}: {number + 1}/{deals}")
            sys.stderr.flush()
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 40 + "\r")
    times.sort()
    return {
        "deals": deals, "won": counts[WON], "lost": counts[LOST], "undecided": counts[UNDECIDED],
        "decided": 1 - counts[UNDECIDED] / deals,
        "median": percentile(times, 0.5), "p95": percentile(times, 0.95),
        "total": sum(times) / 1000,
    }


def row(label: str, figures: dict[str, float]) -> str:
    return (
        f"   {label:<34} {figures['deals']:>5} {figures['won']:>5} {figures['lost']:>5} "
        f"{figures['undecided']:>5} {figures['decided']:>8.1%} {figures['median']:>9.1f} "
        f"{figures['p95']:>9.1f} {figures['total']:>8.1f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals for the solver (default 1000)")
    parser.add_argument("--baseline-deals", type=int, default=200,
                        help="deals for the side-by-side comparison with the baseline (default 200)")
    parser.add_argument("--seconds", type=float, default=1.0, help="budget per deal (default 1)")
    args = parser.parse_args(sys.argv[1:] if argv is None and __name__ == "__main__" else argv or [])

    side = min(args.baseline_deals, args.deals)
    print(f"   deals from HM1-N-AAAAAAA, {args.seconds:g} s budget each, one process")
    print(f"   {'method':<34} {'deals':>5} {'won':>5} {'lost':>5} {'undec':>5} {'decided':>8} "
          f"{'median ms':>9} {'p95 ms':>9} {'total s':>8}")
    print(row("plain memoised DFS (baseline)", run(baseline, side, args.seconds)))
    print(row("solver's search alone", run(search_alone, side, args.seconds)))
    print(row("solver's rounds formula alone", run(rounds_alone, side, args.seconds)))
    print(row("solver (search, then formula)", run(ours, side, args.seconds)))
    if args.deals > side:
        full = run(ours, args.deals, args.seconds)
        print(row(f"solver, first {args.deals} deals", full))
    else:
        full = run(ours, side, args.seconds)
    decided_ok = full["decided"] >= TARGET_DECIDED
    median_ok = full["median"] < TARGET_MEDIAN_MS
    print(f"   target decided >= {TARGET_DECIDED:.1%}: {'met' if decided_ok else 'NOT met'} "
          f"({full['decided']:.1%}); target median < {TARGET_MEDIAN_MS:g} ms: "
          f"{'met' if median_ok else 'NOT met'} ({full['median']:.1f} ms)")


if __name__ == "__main__":
    main()
