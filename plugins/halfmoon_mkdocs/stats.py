"""The solver's measured winnability figures (``docs/records/winnability.json``) for prose."""

from __future__ import annotations

import json
from pathlib import Path

from babel.numbers import format_percent

from .errors import SourceError
from .words import Writer

# Figure name in pages -> the JSON fields it may be stored under (first found wins).
FIELDS = {
    "deals": ("deals", "sampled", "tried", "total", "sample_size", "count"),
    "won": ("won", "winnable", "wins"),
    "lost": ("lost", "unwinnable", "deadlocked"),
    "unknown": ("unknown", "undecided", "timeouts"),
}


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

    def number(self, name: str) -> int:
        data = self.data()
        for key in FIELDS.get(name, (name,)):
            value = data.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        known = ", ".join(sorted({*FIELDS, "won_share"}))
        raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {known})")

    def render(self, name: str, writer: Writer) -> str:
        if name == "won_share":
            deals = self.number("deals")
            if deals == 0:
                raise SourceError(f"{self.path.name} counts no deals")
            share = self.number("won") / deals
            return writer.insert(format_percent(round(share, 3), locale=writer.catalog.locale, decimal_quantization=False))
        if name == "deals":
            return writer.count(self.number(name), "deals")
        return writer.number(self.number(name))
