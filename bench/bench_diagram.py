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
from halfmoon.diagram import render_svg
from halfmoon.diagram.png import svg_to_png
from halfmoon.i18n import available_languages

from targets import Figure

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


def _rate(cases, lang: str, seconds: float = 1.0) -> float:
    count, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        for position, marks, removed in cases:
            render_svg(position, lang=lang, marks=marks, removed=removed)
        count += len(cases)
    return count / elapsed


def main() -> list[Figure]:
    example = _example_record_cases()
    randoms = _random_cases(200)
    print(f"   {len(example)} positions of the example game, {len(randoms)} random positions")
    figures = []
    for lang in available_languages():
        sizes = [
            len(render_svg(p, lang=lang, marks=m, removed=r).encode("utf-8"))
            for p, m, r in example + randoms
        ]
        figures += [
            Figure(f"{lang}: diagrams drawn", _rate(example + randoms, lang), "diagrams/s", RATE_TARGET),
            Figure(f"{lang}: largest SVG", max(sizes), "bytes", SIZE_TARGET, better="lower"),
            Figure(f"{lang}: mean SVG", statistics.mean(sizes), "bytes"),
        ]
    svg = render_svg(example[1][0], marks=example[1][1])
    started, count = time.perf_counter(), 0
    while time.perf_counter() - started < 1.0:
        svg_to_png(svg)
        count += 1
    rate = count / (time.perf_counter() - started)
    figures.append(Figure("PNG export (cairosvg, scale 2)", rate, "diagrams/s"))
    return figures


if __name__ == "__main__":
    main()
