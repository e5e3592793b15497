#!/usr/bin/env python3
"""Run the benchmarks in bench/ (files named bench_*.py, each with a main() returning figures).

    python3 dev.py bench                all benchmarks
    python3 dev.py bench replay         only those whose name contains "replay"
    python3 dev.py bench --check        exit 1 when any target is missed
    python3 dev.py bench lighthouse --pages play --runs 1
                                        options after the names go to the benchmark's main(argv)

A benchmark with ONLY_WHEN_NAMED = True (Lighthouse: minutes a page) runs only when named.

Each benchmark's figures are printed as met or missed and written to
bench/results/<benchmark>.json (see bench/targets.py).
"""

from __future__ import annotations

import importlib.util
import inspect
import sys
import time
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from targets import Figure, write  # noqa: E402 - bench/ is not a package


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def run(path: Path, results: Path, options: list[str] | None = None) -> list[Figure]:
    module = load(path)
    print(f"== {path.stem}: {(module.__doc__ or '').strip().splitlines()[0]}")
    started = time.perf_counter()
    takes_options = bool(inspect.signature(module.main).parameters)
    if options and not takes_options:
        raise SystemExit(f"{path.stem} takes no options: {' '.join(options)}")
    figures = (module.main(options or []) if takes_options else module.main()) or []
    if not getattr(module, "PRINTS_ITS_FIGURES", False):
        for figure in figures:
            print(figure.line())
    written = write(path.stem, figures, results)
    print(f"   ({time.perf_counter() - started:.1f} s; figures in {written})\n")
    return figures


def main(argv: list[str], directory: Path = HERE) -> int:
    check = "--check" in argv
    rest = [word for word in argv if word != "--check"]
    first_option = next((i for i, word in enumerate(rest) if word.startswith("--")), len(rest))
    words, options = rest[:first_option], rest[first_option:]
    chosen = [
        path for path in sorted(directory.glob("bench_*.py"))
        if any(word in path.stem for word in words)
        or not words and not getattr(load(path), "ONLY_WHEN_NAMED", False)
    ]
    if not chosen:
        print("no benchmark matches", words, file=sys.stderr)
        return 2
    missed, unjudged = [], []
    for path in chosen:
        figures = run(path, directory / "results", options)
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
