"""The solver's measured winnability figures (``docs/records/winnability.json``) for prose.

The file is ``halfmoon stats --json`` output (``halfmoon.solver.figures.Summary``):
every figure is read as written, never recomputed here.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from babel.numbers import format_percent

from .errors import SourceError
from .words import Writer

COUNTS = ("deals", "won", "lost", "undecided", "nodes")
SHARES = ("won_share", "ci_low", "ci_high")
CODES = ("start", "last")
FIGURES = (*COUNTS, *SHARES, *CODES)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number")


class Stats:
    """Reads the figures once, when first asked for; the plugin makes one per build."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: dict[str, object] | None = None

    def data(self) -> dict[str, object]:
        if self._data is None:
            self._data = self._read()
        return self._data

    def _read(self) -> dict[str, object]:
        if not self.path.is_file():
            raise SourceError(f"the solver's figures {self.path} do not exist yet")
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8-sig"),
                                parse_constant=_no_constant)
        except (OSError, ValueError, RecursionError) as error:
            raise SourceError(f"cannot read {self.path}: {error}") from None
        if not isinstance(loaded, dict):
            raise SourceError(f"{self.path} must hold a JSON object")
        return loaded

    def _field(self, name: str, kind: type | tuple[type, ...]) -> object:
        value = self.data().get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {', '.join(FIGURES)})")
        return value

    def number(self, name: str) -> int:
        value = self._field(name, int)
        if value < 0:  # type: ignore[operator]
            raise SourceError(f"{self.path.name}: {name!r} is negative")
        return value  # type: ignore[return-value]

    def share(self, name: str) -> float:
        """won ÷ deals, or a bound of its 95% confidence interval, as the solver wrote it."""
        value = float(self._field(name, (int, float)))  # type: ignore[arg-type]
        if not (math.isfinite(value) and 0 <= value <= 1):
            raise SourceError(f"{self.path.name}: {name!r} must be a share from 0 to 1, not {value}")
        return value

    def render(self, name: str, writer: Writer, case: str | None = None) -> str:
        if case is not None and name != "deals":
            raise SourceError(f"{{{{hm stat {name}}}}} writes no noun: it takes no case")
        if name in SHARES:
            share = round(self.share(name), 3)
            return writer.insert(
                format_percent(share, locale=writer.catalog.locale, decimal_quantization=False)
            )
        if name in CODES:
            return writer.code(self._field(name, str))
        if name == "deals":
            return writer.count(self.number(name), "deals", case)
        if name in COUNTS:
            return writer.number(self.number(name))
        raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {', '.join(FIGURES)})")
