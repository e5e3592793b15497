"""What every benchmark reports: figures, each against its target, written as JSON.

A benchmark's ``main()`` returns its figures (``Figure``); ``run.py`` prints each as met or
missed, writes them to ``bench/results/<benchmark>.json`` and, with ``--check``, exits 1 when
a target is missed. Figures are measured on this machine: targets are for a quiet one.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from halfmoon.files import write_atomic

RESULTS = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Figure:
    """One measured value; ``target`` is the bound it should meet (None: shown, not judged)."""

    name: str
    value: float
    unit: str
    target: float | None = None
    better: Literal["higher", "lower"] = "higher"

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.value >= self.target if self.better == "higher" else self.value <= self.target

    def line(self) -> str:
        if self.target is None:
            return f"   {self.name}: {_number(self.value)} {self.unit}"
        bound = "at least" if self.better == "higher" else "at most"
        verdict = "met" if self.met else "MISSED"
        return (f"   {verdict:>6}  {self.name}: {_number(self.value)} {self.unit}"
                f" (target {bound} {_number(self.target)})")


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


def write(benchmark: str, figures: list[Figure], directory: Path = RESULTS) -> Path:
    """``bench/results/<benchmark>.json``: the figures, whether each met its target, and the machine."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{benchmark}.json"
    report = {
        "benchmark": benchmark,
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "cores": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "figures": [{**asdict(figure), "met": figure.met} for figure in figures],
        "all_met": all(figure.met is not False for figure in figures),
    }
    write_atomic(path, json.dumps(report, indent=2, allow_nan=False) + "\n")
    return path
