#!/usr/bin/env python3
"""Run the benchmarks in bench/ (files named bench_*.py, each with a main() returning figures).

    python3 dev.py bench                all benchmarks
    python3 dev.py bench replay         only those whose name contains "replay"
    python3 dev.py bench --check        exit 1 when any target is missed

Each benchmark's figures are printed as met or missed and written to
bench/results/<benchmark>.json (see bench/targets.py).
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from targets import Figure, write  # noqa: E402 - bench/ is not a package


def run(path: Path, results: Path) -> list[Figure]:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    print(f"== {path.stem}: {(module.__doc__ or '').strip().splitlines()[0]}")
    started = time.perf_counter()
    figures = module.main() or []
    for figure in figures:
        print(figure.line())
    written = write(path.stem, figures, results)
    print(f"   ({time.perf_counter() - started:.1f} s; figures in {written})\n")
    return figures


def main(argv: list[str], directory: Path = HERE) -> int:
    check = "--check" in argv
    words = [word for word in argv if word != "--check"]
    chosen = [
        path for path in sorted(directory.glob("bench_*.py"))
        if not words or any(word in path.stem for word in words)
    ]
    if not chosen:
        print("no benchmark matches", words, file=sys.stderr)
        return 2
    missed, unjudged = [], []
    for path in chosen:
        figures = run(path, directory / "results")
        missed += [f"{path.stem}: {figure.name}" for figure in figures if figure.met is False]
        if not any(figure.met is not None for figure in figures):
            unjudged.append(path.stem)
    if unjudged:
        print(f"no target reported by: {', '.join(unjudged)}")
    if missed:
        print("missed targets:\n  " + "\n  ".join(missed))
    else:
        print("every target met")
    return 1 if check and (missed or unjudged) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
