"""The solver's measured winnability figures (``docs/records/winnability.json``) for prose.

The file is ``halfmoon stats --json`` output (``halfmoon.solver.figures.Summary``):
every figure is read as written, never recomputed here. A figure inside an object is named
with a dot: ``greedy_player.share``, ``confirmed.search``, ``ms_per_deal.mean``.
"""

from __future__ import annotations

import copy
import datetime
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.units import format_unit

from halfmoon import DealCode, HalfMoonError
from halfmoon.solver.rounds import SECOND_SAT_SOLVER

from .errors import SourceError
from .words import Writer

PLAYERS = ("random_player", "greedy_player")
# How a verdict can be checked (halfmoon.solver.survey): a way that checked none is left out
# of the file, and counts 0 here.
CONFIRMATIONS = tuple(f"confirmed.{way}" for way in ("replay", "search", SECOND_SAT_SOLVER))
# nodes: the conflicts the SAT formula may meet; search_positions: the positions the search may
# expand before it (fewer); confirm_positions: the search's alone, to confirm a lost verdict.
BUDGETS = ("nodes", "search_positions", "confirm_positions")
COUNTS = ("deals", "won", "lost", "undecided", *BUDGETS, *(f"{p}.won" for p in PLAYERS),
          *CONFIRMATIONS)
SHARES = ("won_share", "ci_low", "ci_high")
PLAYER_SHARES = tuple(f"{p}.{s}" for p in PLAYERS for s in ("share", "ci_low", "ci_high"))
MILLISECONDS = tuple(f"ms_per_deal.{s}" for s in ("mean", "median", "p90", "p99", "max"))
CODES = ("start", "last")
FIGURES = (*COUNTS, *SHARES, *PLAYER_SHARES, "cpu_seconds", *MILLISECONDS, "date", *CODES)
SHARE_DECIMALS = 2  # of the winnable share in percent: its interval is a few tenths wide
SIGNIFICANT = 3  # digits of the simple players' small shares


def percent(share: float, locale: Locale | str, decimals: int | None = None) -> str:
    """``share`` in percent with ``decimals`` places, or SIGNIFICANT significant digits."""
    if decimals is None:
        decimals = SIGNIFICANT - 1 - math.floor(math.log10(share * 100)) if share > 0 else 0
    pattern = copy.copy(Locale.parse(locale).percent_formats[None])
    pattern.frac_prec = (max(0, decimals), max(0, decimals))
    return pattern.apply(share, locale)


@dataclass(frozen=True)
class UndecidedDeal:
    """A deal the run left undecided: the search's positions, then the SAT solver's conflicts."""

    code: str
    search_positions: int
    sat_solver: str  # python-sat's name, e.g. "minisat22"
    sat_conflicts: int


UNDECIDED_FIELDS = {"code": str, "search_positions": int, "sat_solver": str, "sat_conflicts": int}
# A SAT solver's name as python-sat spells it: it reaches the page, so nothing but letters,
# digits, dots, dashes and underscores.
SOLVER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")


_KINDS: dict[type | tuple[type, ...], str] = {int: "a whole number", str: "a text"}


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number")


class Stats:
    """Reads the figures once, when first asked for; the plugin makes one per build."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._data: dict[str, object] | None = None
        self._lost: list[str] | None = None

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
        value: object = self.data()
        for part in name.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        if value is None and name in CONFIRMATIONS and isinstance(self.data().get("confirmed"), dict):
            value = 0
        if name not in FIGURES:
            raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {', '.join(FIGURES)})")
        if value is None:
            raise SourceError(f"no figure {name!r} in {self.path.name}: a file of an older halfmoon? "
                              "Merge the run again (runs/winnability/README.md, Publishing) "
                              f"(figures: {', '.join(FIGURES)})")
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SourceError(f"{self.path.name}: {name!r} must be {_KINDS.get(kind, 'a number')}, "
                              f"not {json.dumps(value)[:40]}")
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

    def seconds(self, name: str) -> float:
        value = float(self._field(name, (int, float)))  # type: ignore[arg-type]
        if not (math.isfinite(value) and value >= 0):
            raise SourceError(f"{self.path.name}: {name!r} must be a time of 0 or more, not {value}")
        return value

    def date(self) -> datetime.date:
        text = self._field("date", str)
        try:
            return datetime.date.fromisoformat(text)  # type: ignore[arg-type]
        except ValueError:
            raise SourceError(f"{self.path.name}: 'date' is not a date (YYYY-MM-DD): {text!r}") from None

    def lost_deals(self) -> list[str]:
        """The lost deals' codes, each read as a deal code (the page shows the code read, never
        the file's text). Read once a build: every language's pages show them."""
        if self._lost is None:
            codes = self.data().get("lost_deals")
            if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
                raise SourceError(f"{self.path.name}: 'lost_deals' must be a list of deal codes")
            self._lost = [self._code(f"lost_deals[{index}]", code) for index, code in enumerate(codes)]
        return self._lost

    def _code(self, name: str, text: str) -> str:
        try:
            return str(DealCode.parse(text))
        except HalfMoonError as error:
            raise SourceError(f"{self.path.name}: {name}: {error}") from None

    def undecided_deals(self) -> list[UndecidedDeal]:
        """The deals left undecided, with what each was given, as many as ``undecided`` counts."""
        entries = self.data().get("undecided_deals")
        if not isinstance(entries, list):
            raise SourceError(f"{self.path.name}: 'undecided_deals' must be a list of the undecided "
                              "deals (halfmoon stats --merge … --json writes it)")
        deals = [self._undecided(index, entry) for index, entry in enumerate(entries)]
        if len(deals) != self.number("undecided"):
            raise SourceError(f"{self.path.name}: 'undecided_deals' lists {len(deals)} deals, "
                              f"'undecided' counts {self.number('undecided')}")
        return deals

    def _count_words(self, name: str, writer: Writer, form: str | None) -> str:
        """A count with its noun (and the verb, where the language agrees it with the count):
        the plural message ``docs.stat.<name>[.<form>]``, never a bare number in prose."""
        key = f"docs.stat.{name}" + (f".{form}" if form else "")
        if not writer.has_plural(key):
            raise SourceError(f"{{{{hm stat {name}{' form=' + form if form else ''}}}}} needs the "
                              f"plural message {key!r} in the {writer.lang!r} catalog: a count "
                              "in prose is written with its noun")
        return writer.plural(key, self.number(name))

    def _undecided(self, index: int, entry: object) -> UndecidedDeal:
        where = f"{self.path.name}: undecided_deals[{index}]"
        if not isinstance(entry, dict):
            raise SourceError(f"{where} must be an object with {', '.join(UNDECIDED_FIELDS)}")
        values: dict[str, Any] = {}
        for name, kind in UNDECIDED_FIELDS.items():
            value = entry.get(name)
            if kind is int and not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
                raise SourceError(f"{where}: {name!r} must be a whole number of 0 or more, "
                                  f"not {json.dumps(value)[:40]}")
            if kind is str and not (isinstance(value, str) and value.strip()):
                raise SourceError(f"{where}: {name!r} must be a name, not {json.dumps(value)[:40]}")
            values[name] = value
        if not SOLVER_NAME.fullmatch(values["sat_solver"]):
            raise SourceError(f"{where}: 'sat_solver' must be a solver's name (letters, digits, "
                              f"'.', '-', '_'), not {json.dumps(values['sat_solver'])[:40]}")
        values["code"] = self._code(f"undecided_deals[{index}]", values["code"])
        return UndecidedDeal(**values)

    def render(self, name: str, writer: Writer, case: str | None = None,
               form: str | None = None) -> str:
        if case is not None and name != "deals":
            raise SourceError(f"{{{{hm stat {name}}}}} writes no noun: it takes no case")
        if form is not None and (name == "deals" or name not in COUNTS):
            raise SourceError(f"{{{{hm stat {name}}}}} takes no form: only a count of "
                              f"docs.stat.* messages does ({', '.join(COUNTS[1:])})")
        locale = writer.catalog.locale
        if name in SHARES:
            return writer.insert(percent(self.share(name), locale, SHARE_DECIMALS))
        if name in PLAYER_SHARES:
            return writer.insert(percent(self.share(name), locale))
        if name == "cpu_seconds":
            minutes = self.seconds(name) / 60
            if minutes < 120:
                return format_unit(round(minutes), "duration-minute", length="long", locale=locale)
            return format_unit(round(minutes / 60, 1), "duration-hour", length="long", locale=locale)
        if name in MILLISECONDS:
            return format_unit(round(self.seconds(name)), "duration-millisecond", length="long",
                               locale=locale)
        if name == "date":
            return format_date(self.date(), "long", locale=locale)
        if name in CODES:
            return writer.code(self._code(name, self._field(name, str)))  # type: ignore[arg-type]
        if name == "deals":
            return writer.count(self.number(name), "deals", case)
        if name in COUNTS:
            return self._count_words(name, writer, form)
        raise SourceError(f"no figure {name!r} in {self.path.name} (figures: {', '.join(FIGURES)})")
