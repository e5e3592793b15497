"""The solver's measured winnability figures (``docs/records/winnability.json``) for prose.

The file is ``halfmoon stats --json`` output (``halfmoon.solver.figures.Summary``):
every figure is read as written, never recomputed here. A figure inside an object is named
with a dot: ``greedy_player.share``, ``confirmed.search``, ``ms_per_deal.mean``.
"""

from __future__ import annotations

import copy
import datetime
import math
from pathlib import Path
from typing import cast

from babel import Locale
from babel.dates import format_date
from babel.units import format_unit

from halfmoon import DealCode, HalfMoonError
from halfmoon.errors import echoed
from halfmoon.files import read_regular
from halfmoon.numerals import localized_number
from halfmoon.solver import figures
from halfmoon.solver.figures import SHARE_PLACES, Summary, UndecidedDeal, read_summary
from halfmoon.solver.rounds import SECOND_SAT_SOLVER
from halfmoon.solver.verdicts import disagreements, read_verdicts

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
MILLISECONDS = tuple(f"ms_per_deal.{key}" for key in figures.MILLISECONDS)
CODES = ("start", "last")
FIGURES = (*COUNTS, *SHARES, *PLAYER_SHARES, "cpu_seconds", *MILLISECONDS, "date", *CODES)
SHARE_DECIMALS = 2  # of the winnable share in percent: its interval is a few tenths wide
SIGNIFICANT = 3  # digits of the simple players' small shares
MAX_LOST_FILE = 64 * 1024 * 1024  # bytes of the file of lost deals read at most


def percent(share: float, locale: Locale | str, decimals: int | None = None) -> str:
    """``share`` in percent with ``decimals`` places, or SIGNIFICANT significant digits."""
    if decimals is None:
        decimals = SIGNIFICANT - 1 - math.floor(math.log10(share * 100)) if share > 0 else 0
    # Never more places than a share is written with (figures.SHARE_PLACES, in percent): the
    # readers refuse a share of more, and a tiny one must not print hundreds of digits.
    decimals = min(max(0, decimals), SHARE_PLACES - 2)
    parsed = Locale.parse(locale)
    pattern = copy.copy(parsed.percent_formats[None])
    pattern.frac_prec = (decimals, decimals)
    return localized_number(pattern.apply(share, locale), parsed.language)


class Stats:
    """Reads the figures once, when first asked for; the plugin makes one per build.

    ``verdicts`` and ``lost``, when given, are the verdict file the page's lookup reads and the
    file of every lost deal the page links to: ``check_published`` holds them to the figures.
    """

    def __init__(self, path: Path, verdicts: Path | None = None, lost: Path | None = None) -> None:
        self.path = path
        self.verdicts = verdicts
        self.lost = lost
        self._summary: Summary | SourceError | None = None
        self._published: SourceError | None | bool = False  # not checked yet

    def check_published(self, *, lookup: bool = False) -> None:
        """Refuse (SourceError naming the file and the field) a verdict file or a file of lost
        deals that says otherwise than the figures: the lookup would contradict the page. A
        file that is not there is checked by no one but the lookup, which needs its verdicts."""
        if lookup and self.verdicts is not None and not self.verdicts.exists():
            raise SourceError(f"the lookup's verdict file {self.verdicts} does not exist "
                              "(halfmoon stats --merge … --verdicts writes it)")
        if self._published is False:
            try:
                self._check_published()
                self._published = None
            except SourceError as error:
                self._published = error
        if isinstance(self._published, SourceError):
            raise SourceError(self._published.message)

    def _check_published(self) -> None:
        summary = self.summary()
        if self.verdicts is not None and self.verdicts.exists():
            try:
                verdicts = read_verdicts(self.verdicts)
            except HalfMoonError as error:
                raise SourceError(f"{error} (the lookup's verdict file)") from None
            problems = disagreements(verdicts, summary, self.verdicts.name, self.path.name)
            if problems:
                raise SourceError("; ".join(problems))
        if self.lost is not None and self.lost.exists():
            self._check_lost(summary)

    def _check_lost(self, summary: Summary) -> None:
        assert self.lost is not None
        try:
            text = read_regular(self.lost, MAX_LOST_FILE).decode("utf-8")
        except (OSError, HalfMoonError, UnicodeError) as error:
            raise SourceError(f"{self.lost.name}: cannot be read: {error}") from None
        if len(text) > MAX_LOST_FILE:
            raise SourceError(f"{self.lost.name}: more than {MAX_LOST_FILE:,} bytes")
        codes = []
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            try:
                codes.append(str(DealCode.parse(line)))
            except HalfMoonError as error:
                raise SourceError(f"{self.lost.name}:{number}: {error}") from None
        if codes != summary.lost_deals:
            differ = next((i for i, (a, b) in enumerate(zip(codes, summary.lost_deals)) if a != b),
                          min(len(codes), len(summary.lost_deals)))
            raise SourceError(f"{self.lost.name}: its {len(codes):,} deals are not {self.path.name}'s "
                              f"'lost_deals' ({len(summary.lost_deals):,}; first difference: deal "
                              f"{differ + 1:,} of the list)")

    def summary(self) -> Summary:
        """The figures, read through ``Summary.from_json``: a file that is not a whole summary
        is an error at every insert that asks for a figure."""
        if self._summary is None:
            try:
                self._summary = self._read()
            except SourceError as error:
                self._summary = error
        if isinstance(self._summary, SourceError):
            raise SourceError(self._summary.message)
        return self._summary

    def _read(self) -> Summary:
        if not self.path.is_file():
            raise SourceError(f"the solver's figures {self.path} do not exist yet")
        try:
            return read_summary(self.path)
        except HalfMoonError as error:
            raise SourceError(str(error)) from None

    def _field(self, name: str) -> object:
        if name not in FIGURES:
            raise SourceError(f"no figure {echoed(name)} in {self.path.name} (figures: {', '.join(FIGURES)})")
        value: object = self.summary()
        for part in name.split("."):
            # A way that checked no verdict is left out of ``confirmed``: it counts 0.
            value = value.get(part, 0) if isinstance(value, dict) else getattr(value, part)
        return value

    def number(self, name: str) -> int:
        return cast(int, self._field(name))

    def share(self, name: str) -> float:
        """won ÷ deals, or a bound of its 95% confidence interval, as the solver wrote it."""
        return cast(float, self._field(name))

    def seconds(self, name: str) -> float:
        return cast(float, self._field(name))

    def date(self) -> datetime.date:
        return datetime.date.fromisoformat(self.summary().date)

    def lost_deals(self) -> list[str]:
        """The lost deals' codes, each as the code read (the page never shows the file's text)."""
        return self.summary().lost_deals

    def undecided_deals(self) -> list[UndecidedDeal]:
        """The deals left undecided, with what each was given, as many as ``undecided`` counts."""
        return self.summary().undecided_deals

    def _count_words(self, name: str, writer: Writer, form: str | None) -> str:
        """A count with its noun (and the verb, where the language agrees it with the count):
        the plural message ``docs.stat.<name>[.<form>]``, never a bare number in prose."""
        key = f"docs.stat.{name}" + (f".{form}" if form else "")
        if not writer.has_plural(key):
            raise SourceError(f"{{{{hm stat {name}{' form=' + form if form else ''}}}}} needs the "
                              f"plural message {key!r} in the {writer.lang!r} catalog: a count "
                              "in prose is written with its noun")
        return writer.plural(key, self.number(name))

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
                time = format_unit(round(minutes), "duration-minute", length="long", locale=locale)
            else:
                time = format_unit(round(minutes / 60, 1), "duration-hour", length="long",
                                   locale=locale)
            return localized_number(time, writer.lang)
        if name in MILLISECONDS:
            return localized_number(format_unit(round(self.seconds(name)), "duration-millisecond",
                                                length="long", locale=locale), writer.lang)
        if name == "date":
            return localized_number(format_date(self.date(), "long", locale=locale), writer.lang)
        if name in CODES:
            return writer.code(cast(str, self._field(name)))
        if name == "deals":
            return writer.count(self.number(name), "deals", case)
        if name in COUNTS:
            return self._count_words(name, writer, form)
        raise SourceError(f"no figure {echoed(name)} in {self.path.name} (figures: {', '.join(FIGURES)})")
