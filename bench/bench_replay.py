"""Engine: full 48-move game replays per second on one core (target 10,000/s)."""

from __future__ import annotations

import time

from halfmoon import DealCode, Record
from halfmoon.dealcode import deal_layout
from halfmoon.solver import WON, solve

from targets import Figure

TARGET = 10_000


def _winning_record(number: int) -> Record | None:
    solution = solve(DealCode(number), node_budget=200_000)
    return Record(DealCode(number), list(solution.moves)) if solution.status == WON else None


def _rate(action, seconds: float = 1.5) -> float:
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for _ in range(200):
            action()
        count += 200
    return count / elapsed


def main() -> list[Figure]:
    records = [r for n in range(12) if (r := _winning_record(n)) is not None][:6]
    texts = [r.format() for r in records]
    print(f"   {len(records)} won games of 48 moves from deals {', '.join(str(r.code) for r in records)}")
    cycle = iter(())

    def next_index() -> int:
        nonlocal cycle
        for i in cycle:
            return i
        cycle = iter(range(len(records)))
        return next(cycle)

    replay = _rate(lambda: records[next_index()].replay())
    parse_replay = _rate(lambda: Record.parse(texts[next_index()]).replay())

    def cold() -> None:
        deal_layout.cache_clear()
        Record.parse(texts[next_index()]).replay()

    cold_rate = _rate(cold)
    return [
        Figure("replay of a parsed record", replay, "games/s", TARGET),
        Figure("parse + replay of record text", parse_replay, "games/s", TARGET),
        Figure("parse + shuffle/deal + replay (no deal cache)", cold_rate, "games/s"),
    ]
