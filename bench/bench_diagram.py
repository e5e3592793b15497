"""Diagrams: position -> SVG string per second on one core (target 1,000/s) and size (target 6 KB).

Positions are the 49 of the example game (each with its next move marked and its last
move outlined, as the docs draw them) and random positions from many deals, so that the
text caches see new cards and counts. Sizes are UTF-8 bytes before compression, per language.
"""

from __future__ import annotations

import random
import statistics
import time

from halfmoon import DealCode, Position, Record
from halfmoon.diagram.png import svg_to_png
from halfmoon.diagram.svg import _item, render_svg
from halfmoon.i18n import available_languages

RATE_TARGET = 1_000
SIZE_TARGET = 6 * 1024
EXAMPLE = "HM1-N-AAAAAAB"


def _example_cases() -> list[tuple[Position, tuple, tuple]]:
    position, cases = Position(EXAMPLE), []
    rng = random.Random(1)
    while True:
        moves = position.legal_moves()
        last = position.history[-1].sources if position.history else ()
        cases.append((position.copy(), moves[0].sources if moves else (), last))
        if not moves:
            return cases
        position.push(rng.choice(moves))


def _random_cases(count: int) -> list[tuple[Position, tuple, tuple]]:
    rng, cases = random.Random(7), []
    for _ in range(count):
        position = Position(DealCode(rng.randrange(26**7)))
        for _ in range(rng.randrange(30)):
            moves = position.legal_moves()
            if not moves:
                break
            position.push(rng.choice(moves))
        moves = position.legal_moves()
        cases.append((position, moves[0].sources if moves else (), ()))
    return cases


def _example_record_cases() -> list[tuple[Position, tuple, tuple]]:
    try:
        from pathlib import Path

        path = Path(__file__).resolve().parents[1] / "docs" / "records" / f"{EXAMPLE}.txt"
        record = Record.parse(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return _example_cases()
    return [
        (record.replay(n), record.moves[n].sources if n < len(record.moves) else (),
         record.moves[n - 1].sources if n else ())
        for n in range(len(record.moves) + 1)
    ]


def _rate(cases, lang: str, seconds: float = 1.0, cold: bool = False) -> float:
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for position, marks, removed in cases:
            if cold:
                _item.cache_clear()
            render_svg(position, lang=lang, marks=marks, removed=removed)
        count += len(cases)
    return count / elapsed


def main() -> None:
    example = _example_record_cases()
    randoms = _random_cases(200)
    print(f"   {len(example)} positions of the example game, {len(randoms)} random positions")
    for lang in available_languages():
        sizes = [
            len(render_svg(p, lang=lang, marks=m, removed=r).encode("utf-8"))
            for p, m, r in example + randoms
        ]
        rate = _rate(example + randoms, lang)
        verdict_rate = "meets" if rate >= RATE_TARGET else "below"
        verdict_size = "meets" if max(sizes) <= SIZE_TARGET else "above"
        print(
            f"   {lang}: {rate:>7,.0f} diagrams/s ({verdict_rate} {RATE_TARGET:,}/s); "
            f"size mean {statistics.mean(sizes):,.0f} B, max {max(sizes):,} B "
            f"({verdict_size} {SIZE_TARGET:,} B)"
        )
    cold = _rate(randoms, "ru", cold=True)
    print(f"   ru with the sentence cache cleared before every diagram: {cold:,.0f} diagrams/s")
    svg = render_svg(example[1][0], marks=example[1][1])
    started, count = time.perf_counter(), 0
    while time.perf_counter() - started < 1.0:
        svg_to_png(svg)
        count += 1
    print(f"   PNG export (cairosvg, scale 2): {count / (time.perf_counter() - started):,.1f} diagrams/s")


if __name__ == "__main__":
    main()
