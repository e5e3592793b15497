"""Engine: full 48-move game replays per second on one core (target 10,000/s)."""

from __future__ import annotations

import time

from halfmoon import DealCode, Position, Record
from halfmoon.dealcode import deal_layout

TARGET = 10_000


def _winning_record(number: int, budget: int = 50_000) -> Record | None:
    position, seen = Position(DealCode(number)), set()

    def search() -> bool:
        if position.is_won():
            return True
        if position.key() in seen or len(seen) > budget:
            return False
        seen.add(position.key())
        for move in position.legal_moves():
            position.push(move)
            if search():
                return True
            position.pop()
        return False

    return Record(position.code, position.history) if search() else None


def _rate(action, seconds: float = 1.5) -> float:
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for _ in range(200):
            action()
        count += 200
    return count / elapsed


def main() -> None:
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
    for label, rate in (
        ("replay of a parsed record", replay),
        ("parse + replay of record text", parse_replay),
        ("parse + shuffle/deal + replay (no deal cache)", cold_rate),
    ):
        verdict = "meets" if rate >= TARGET else "below"
        print(f"   {label:<48} {rate:>9,.0f} games/s   ({verdict} the {TARGET:,}/s target)")
