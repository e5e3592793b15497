#!/usr/bin/env python3
"""Run every benchmark in bench/ (files named bench_*.py, each with a main()) and print figures.

    python3 dev.py bench            all benchmarks
    python3 dev.py bench replay     only those whose name contains "replay"
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    chosen = [
        path for path in sorted(HERE.glob("bench_*.py"))
        if not argv or any(word in path.stem for word in argv)
    ]
    if not chosen:
        print("no benchmark matches", argv, file=sys.stderr)
        return 2
    for path in chosen:
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        print(f"== {path.stem}: {(module.__doc__ or '').strip().splitlines()[0]}")
        started = time.perf_counter()
        module.main()
        print(f"   ({time.perf_counter() - started:.1f} s)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
