"""The solver's measured winnability figures (``docs/records/winnability.json``) for prose."""

from __future__ import annotations

import json
from pathlib import Path

from babel.numbers import format_percent

from .errors import SourceError
from .words import Writer

COUNTS = ("deals", "won", "lost", "undecided")
SHARES = ("won_share", "ci_low", "ci_high")
CODES = ("start", "last")
FIGURES = (*COUNTS, *SHARES, *CODES, "seconds")


class Stats:
    """Reads the figures lazily and again whenever the file changes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._data: dict[str, object] = {}

    def data(self) -> dict[str, object]:
        try:
            stat = self.path.stat()
        except OSError:
            raise SourceError(f"the solver's figures {self.path} do not exist yet") from None
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            try:
                loaded = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise SourceError(f"cannot read {self.path}: {error}") from None
            if not isinstance(loaded, dict):
                raise SourceError(f"{self.path} must hold a JSON object")
            self._data, self._stamp = loaded, stamp
        return self._data

    def _field(self, name: str, kind: type | tuple[type, ...], data: dict | None = None) -> object:
        value = (self.data() if data is None else data).get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {', '.join(FIGURES)})")
        return value

    def number(self, name: str) -> int:
        return self._field(name, int)  # type: ignore[return-value]

    def share(self, name: str) -> float:
        """won ÷ deals, or a bound of its 95% confidence interval as the solver stored it."""
        if name != "won_share":
            return float(self._field(name, (int, float)))  # type: ignore[arg-type]
        deals = self.number("deals")
        if deals == 0:
            raise SourceError(f"{self.path.name} counts no deals")
        return self.number("won") / deals

    def render(self, name: str, writer: Writer) -> str:
        if name in SHARES:
            share = round(self.share(name), 3)
            return writer.insert(
                format_percent(share, locale=writer.catalog.locale, decimal_quantization=False)
            )
        if name in CODES:
            return writer.code(self._field(name, str))
        if name == "seconds":
            budget = self._field("budget", dict)
            return writer.number(self._field("seconds", (int, float), budget))  # type: ignore[arg-type]
        if name == "deals":
            return writer.count(self.number(name), "deals")
        if name in COUNTS:
            return writer.number(self.number(name))
        raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {', '.join(FIGURES)})")
