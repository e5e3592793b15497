"""Winnability figures: the summary of a run (``Summary``, what ``halfmoon stats --json`` writes
and the site reads), drawn from its results files (``results.py``), with the Wilson interval.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ..dealcode import DEAL_COUNT, DealCode
from ..errors import HalfMoonError, shorten
from ..files import read_regular
from .results import ResultsFileError, RunHeader, dumps, strict_json
from .search import Verdict
from .survey import CONFIRM_NODES, Budget, DealResult

Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval


class FiguresFileError(HalfMoonError):
    """A run's figures (``halfmoon stats --json``) that cannot be read: the message names the
    file and the field."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial share.

    With p = successes / trials and n = trials:
    centre = (p + z²/2n) / (1 + z²/n), half-width = z·√(p(1 − p)/n + z²/4n²) / (1 + z²/n).
    """
    if trials <= 0:
        raise ValueError("the interval needs at least one trial")
    p = successes / trials
    n = trials
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At p = 0 and p = 1 the bound is exactly 0 or 1; rounding would leave a hair's breadth.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        raise ValueError("no values")
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


# --- the summary -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Share:
    """A count out of the deals, its share and its Wilson 95% interval."""

    won: int
    share: float
    ci_low: float
    ci_high: float

    @classmethod
    def of(cls, won: int, deals: int) -> Share:
        low, high = wilson_interval(won, deals)
        return cls(won, round(won / deals, 6), round(low, 6), round(high, 6))


MILLISECONDS = ("mean", "median", "p90", "p99", "max")  # the keys of ms_per_deal
SHARE_PLACES = 6  # Share.of and summarise round every share and bound to six places
TIME_PLACES = 2  # and every time to two
MAX_BUDGET = 10**15  # nodes, positions, conflicts: the SAT solver's budget is a 64-bit integer
MAX_DEAL_MS = 86_400_000.0  # a day on one deal: no run of the survey's budget comes near
ROUNDING = 1e-9  # a float's own error on top of the places the figures were rounded to


def share_problems(won: int, deals: int, share: float, low: float, high: float, *,
                   high_won: int | None = None, names: tuple[str, str, str] = ("share", "ci_low", "ci_high"),
                   ) -> list[str]:
    """What is wrong with a published share and its 95% Wilson interval against the counts they
    come from: the share is ``won / deals`` and the bounds Wilson's (the high bound's of
    ``high_won`` when given: the winnability run counts its undecided deals as won there), each
    within the rounding to SHARE_PLACES places; and the interval holds the share."""
    if deals < 1 or not 0 <= won <= deals or not won <= (high_won if high_won is not None else won) <= deals:
        return [f"{names[0]!r}: the counts it comes from are out of range ({won:,} of {deals:,} deals)"]
    share_name, low_name, high_name = names
    problems = []
    step = 0.5 * 10**-SHARE_PLACES + ROUNDING
    if abs(share - won / deals) > step:
        problems.append(f"{share_name!r} is {share}, but {won:,} of {deals:,} deals is "
                        f"{round(won / deals, SHARE_PLACES)}")
    wilson_low, _ = wilson_interval(won, deals)
    _, wilson_high = wilson_interval(won if high_won is None else high_won, deals)
    for name, value, expected in ((low_name, low, wilson_low), (high_name, high, wilson_high)):
        if abs(value - expected) > 2 * step:
            problems.append(f"{name!r} is {value}, but the 95% Wilson bound of those counts is "
                            f"{round(expected, SHARE_PLACES)}")
    if not low <= share <= high:
        problems.append(f"{share_name!r} {share} is not within its interval {low} to {high}")
    return problems
# A SAT solver's name as python-sat spells it: it reaches the page, so nothing but letters,
# digits, dots, dashes and underscores.
SOLVER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")


@dataclass(frozen=True, slots=True)
class UndecidedDeal:
    """A deal the run left undecided: what ran out, the search's positions, then the SAT solver's
    conflicts (the run's ``Budget``)."""

    code: str
    tried: list[str]
    search_positions: int
    sat_solver: str  # python-sat's name, e.g. "minisat22"
    sat_conflicts: int


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a run (``docs/records/winnability.json``); keys are the field names."""

    deals: int
    start: str
    last: str
    complete: bool  # every deal of the run's range is in
    won: int
    lost: int
    undecided: int
    won_share: float
    # The Wilson interval's low bound counts undecided deals as lost, its high bound as won.
    ci_low: float
    ci_high: float
    confidence: float
    nodes: int  # the run's budget: the SAT solver's conflicts on the formula
    search_positions: int  # what the search expands before the formula takes over (Budget.of(nodes))
    confirm_positions: int  # what the search alone expands to confirm the formula's lost verdict
    solver: str
    confirmed: dict[str, int]  # how verdicts were checked: replay, search, the second SAT solver
    random_player: Share
    greedy_player: Share
    cpu_seconds: float
    ms_per_deal: dict[str, float]
    lost_deals: list[str]
    undecided_deals: list[UndecidedDeal]
    date: str
    command: str

    def to_json(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object, where: str) -> Summary:
        """The figures of a ``halfmoon stats --json`` file, every field checked (its type, its
        range, a deal code read as one); FiguresFileError naming ``where`` and the field."""
        top = _Fields(data, where, "", _names(cls))
        readers: dict[str, Callable[[str], object]] = {
            "deals": top.count, "start": top.code, "last": top.code, "complete": top.flag,
            "won": top.count, "lost": top.count, "undecided": top.count, "won_share": top.share,
            "ci_low": top.share, "ci_high": top.share, "confidence": top.share, "nodes": top.budget,
            "search_positions": top.budget, "confirm_positions": top.budget, "solver": top.text,
            "confirmed": top.counts, "random_player": top.player, "greedy_player": top.player,
            "cpu_seconds": top.seconds, "ms_per_deal": top.times, "lost_deals": top.codes,
            "undecided_deals": top.undecided_deals, "date": top.date, "command": top.text,
        }
        values, problems = {}, []
        for name, read in readers.items():
            try:
                values[name] = read(name)
            except FiguresFileError as error:  # every bad field is told at once, not one a build
                problems.append(str(error).removeprefix(f"{where}: "))
        if problems:
            raise FiguresFileError(f"{where}: {'; '.join(problems)}")
        summary = cls(**values)  # type: ignore[arg-type]  # each reader gives its field's type
        problems = summary.inconsistencies()
        if problems:
            raise FiguresFileError(f"{where}: {'; '.join(problems)}")
        return summary

    def inconsistencies(self) -> list[str]:
        """Every figure against the counts it comes from (a file can hold any numbers the
        fields' types allow; the pages publish only what the run's counts give)."""
        problems = []
        if self.deals < 1:
            problems.append(f"'deals' is {self.deals}: a run has 1 deal or more")
            return problems
        if self.won + self.lost + self.undecided != self.deals:
            problems.append(f"'won' {self.won:,} + 'lost' {self.lost:,} + 'undecided' {self.undecided:,} "
                            f"is not 'deals' {self.deals:,}")
        for name, listed, counted in (("lost_deals", self.lost_deals, self.lost),
                                      ("undecided_deals", self.undecided_deals, self.undecided)):
            if len(listed) != counted:
                problems.append(f"{name!r} lists {len(listed):,} deals, "
                                f"{name.removesuffix('_deals')!r} counts {counted:,}")
        if self.won <= self.deals and self.won + self.undecided <= self.deals:
            problems += share_problems(self.won, self.deals, self.won_share, self.ci_low, self.ci_high,
                                       high_won=self.won + self.undecided,
                                       names=("won_share", "ci_low", "ci_high"))
        if self.confidence != 0.95:
            problems.append(f"'confidence' is {self.confidence}: the intervals are 95% intervals")
        for name in ("random_player", "greedy_player"):
            player: Share = getattr(self, name)
            if player.won > self.deals:
                problems.append(f"'{name}.won' {player.won:,} is more than 'deals' {self.deals:,}")
                continue
            problems += share_problems(player.won, self.deals, player.share, player.ci_low, player.ci_high,
                                       names=tuple(f"{name}.{part}" for part in  # type: ignore[arg-type]
                                                   ("share", "ci_low", "ci_high")))
        for way, count in self.confirmed.items():
            if count > self.deals:
                problems.append(f"'confirmed.{way}' {count:,} is more than 'deals' {self.deals:,}")
        ms = self.ms_per_deal
        for low, high in (("median", "p90"), ("p90", "p99"), ("p99", "max"), ("mean", "max")):
            if ms[low] > ms[high]:  # percentiles rise, and no mean passes the largest time
                problems.append(f"'ms_per_deal.{high}' {ms[high]} is less than 'ms_per_deal.{low}' {ms[low]}")
        spread = 10**-TIME_PLACES / 2  # each of the mean and the CPU seconds was rounded by this
        mean = 1000 * self.cpu_seconds / self.deals
        if abs(ms["mean"] - mean) > spread * (1 + 1000 / self.deals) + ROUNDING:
            problems.append(f"'ms_per_deal.mean' {ms['mean']} is not 'cpu_seconds' {self.cpu_seconds} "
                            f"over {self.deals:,} deals")
        return problems


def read_summary(path: Path) -> Summary:
    """The figures of a ``halfmoon stats --json`` file; errors name the file (and the field)."""
    try:
        data = strict_json(read_regular(path).decode("utf-8-sig"))
    except (OSError, HalfMoonError, ValueError, RecursionError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        raise FiguresFileError(f"cannot read {path}: {reason}") from None
    return Summary.from_json(data, path.name)


_FIELD = object()  # no value given: read the field


def _names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(kind))


class _Fields:
    """The fields of one JSON object of a figures file, each read as one kind of figure.

    A field is named as the pages name it (``greedy_player.share``), after ``where`` (the file,
    and an entry's place in a list: ``winnability.json: undecided_deals[0]``).
    """

    def __init__(self, data: object, where: str, prefix: str, names: tuple[str, ...],
                 label: str | None = None) -> None:
        if not isinstance(data, dict):
            what = label or (repr(prefix[:-1]) if prefix else None)
            if what is None:
                raise FiguresFileError(f"{where}: not the figures of a run (halfmoon stats --json "
                                       "writes them): they are a JSON object")
            raise FiguresFileError(f"{where}: {what} must be an object of {', '.join(names)}")
        if label:
            where = f"{where}: {label}"
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise FiguresFileError(f"{where}: unknown field {prefix + shorten(unknown[0])!r} "
                                   "(a file of another halfmoon?)")
        self.data, self.where, self.prefix = data, where, prefix

    def _value(self, name: str) -> object:
        if name not in self.data:
            raise FiguresFileError(f"{self.where}: {self.prefix + name!r} is missing: figures of an "
                                   "older halfmoon? Merge the run again (halfmoon stats --merge … --json)")
        return self.data[name]

    def _refuse(self, name: str, wanted: str, value: object) -> FiguresFileError:
        return FiguresFileError(f"{self.where}: {self.prefix + name!r} must be {wanted}, "
                                f"not {shorten(dumps(value))}")

    def whole(self, name: str, high: int = MAX_BUDGET) -> int:
        value = self._value(name)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
            raise self._refuse(name, f"a whole number from 0 to {high:,}", value)
        return value

    def count(self, name: str) -> int:
        """A count of deals: no more than there are deal codes."""
        return self.whole(name, DEAL_COUNT)

    def budget(self, name: str) -> int:
        """A budget of positions or conflicts."""
        return self.whole(name, MAX_BUDGET)

    def _number(self, name: str, wanted: str, high: float, places: int) -> float:
        """A number from 0 to ``high`` with at most ``places`` decimal places (as halfmoon rounds
        it: 5e-324 is no share, and would be written with hundreds of digits)."""
        value = self._value(name)
        if (not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= high
                or round(value, places) != value):
            raise self._refuse(name, f"{wanted} with at most {places} decimal places", value)
        return float(value)

    def share(self, name: str) -> float:
        return self._number(name, "a share from 0 to 1", 1, SHARE_PLACES)

    def time(self, name: str) -> float:
        return self._number(name, f"a time from 0 to {MAX_DEAL_MS:,.0f}", MAX_DEAL_MS, TIME_PLACES)

    def seconds(self, name: str) -> float:
        """The run's CPU seconds, a day a deal at most."""
        return self._number(name, "a time from 0 to a day a deal", DEAL_COUNT * MAX_DEAL_MS / 1000,
                            TIME_PLACES)

    def flag(self, name: str) -> bool:
        value = self._value(name)
        if not isinstance(value, bool):
            raise self._refuse(name, "true or false", value)
        return value

    def text(self, name: str) -> str:
        value = self._value(name)
        if not isinstance(value, str):
            raise self._refuse(name, "a text", value)
        return value

    def solver(self, name: str) -> str:
        value = self._value(name)
        if not isinstance(value, str) or not SOLVER_NAME.fullmatch(value):
            raise self._refuse(name, "a solver's name (letters, digits, '.', '-', '_')", value)
        return value

    def code(self, name: str, value: object = _FIELD) -> str:
        """A deal code, as the code read (never the file's text: it reaches the pages); ``value``
        when given (an entry of a list), else the field ``name``."""
        value = self._value(name) if value is _FIELD else value
        if not isinstance(value, str):
            raise self._refuse(name, "a deal code", value)
        try:
            return str(DealCode.parse(value))
        except HalfMoonError as error:
            raise FiguresFileError(f"{self.where}: {self.prefix + name!r}: {error}") from None

    def _list(self, name: str, wanted: str) -> list[object]:
        value = self._value(name)
        if not isinstance(value, list):
            raise self._refuse(name, wanted, value)
        return value

    def codes(self, name: str) -> list[str]:
        return [self.code(f"{name}[{index}]", value)
                for index, value in enumerate(self._list(name, "a list of deal codes"))]

    def texts(self, name: str) -> list[str]:
        values = self._list(name, "a list of texts")
        if not all(isinstance(value, str) for value in values):
            raise self._refuse(name, "a list of texts", values)
        return values  # type: ignore[return-value]

    def _object(self, name: str, names: tuple[str, ...]) -> _Fields:
        return _Fields(self._value(name), self.where, f"{self.prefix}{name}.", names)

    def counts(self, name: str) -> dict[str, int]:
        """An object of counts (``confirmed``: how many verdicts each way checked)."""
        value = self._value(name)
        counts = self._object(name, tuple(value) if isinstance(value, dict) else ())
        return {key: counts.count(key) for key in counts.data}

    def times(self, name: str) -> dict[str, float]:
        times = self._object(name, MILLISECONDS)
        return {key: times.time(key) for key in MILLISECONDS}

    def player(self, name: str) -> Share:
        player = self._object(name, _names(Share))
        return Share(won=player.count("won"), share=player.share("share"),
                     ci_low=player.share("ci_low"), ci_high=player.share("ci_high"))

    def undecided_deals(self, name: str) -> list[UndecidedDeal]:
        deals = []
        for index, entry in enumerate(self._list(name, "a list of the undecided deals")):
            deal = _Fields(entry, self.where, "", _names(UndecidedDeal), f"{self.prefix}{name}[{index}]")
            deals.append(UndecidedDeal(
                code=deal.code("code"), tried=deal.texts("tried"),
                search_positions=deal.budget("search_positions"), sat_solver=deal.solver("sat_solver"),
                sat_conflicts=deal.budget("sat_conflicts"),
            ))
        return deals

    def date(self, name: str) -> str:
        text = self.text(name)
        try:
            datetime.date.fromisoformat(text)
        except ValueError:
            raise self._refuse(name, "a date (YYYY-MM-DD)", text) from None
        return text


def summarise(header: RunHeader, results: Iterable[DealResult], command: str, *, complete: bool) -> Summary:
    """The figures of ``results`` (of one run, any order, each deal once)."""
    ordered = sorted(results, key=lambda r: DealCode.parse(r.code).number)
    deals = len(ordered)
    if not deals:
        raise ResultsFileError("no deals to summarise yet")
    counts = {verdict: sum(r.verdict == verdict for r in ordered) for verdict in Verdict}
    won, lost, undecided = counts[Verdict.WON], counts[Verdict.LOST], counts[Verdict.UNDECIDED]
    low, _ = wilson_interval(won, deals)
    _, high = wilson_interval(won + undecided, deals)
    confirmed: dict[str, int] = {}
    for result in ordered:
        if result.confirmed_by:
            confirmed[result.confirmed_by] = confirmed.get(result.confirmed_by, 0) + 1
    times = sorted(r.total_seconds * 1000 for r in ordered)
    cpu = sum(r.total_seconds for r in ordered)
    return Summary(
        deals=deals, start=ordered[0].code, last=ordered[-1].code, complete=complete,
        won=won, lost=lost, undecided=undecided, won_share=round(won / deals, 6),
        ci_low=round(low, 6), ci_high=round(high, 6), confidence=0.95,
        nodes=header.nodes, search_positions=Budget.of(header.nodes).search_positions,
        confirm_positions=CONFIRM_NODES, solver=header.solver, confirmed=dict(sorted(confirmed.items())),
        random_player=Share.of(sum(r.random_won for r in ordered), deals),
        greedy_player=Share.of(sum(r.greedy_won for r in ordered), deals),
        cpu_seconds=round(cpu, 2),
        ms_per_deal={
            "mean": round(1000 * cpu / deals, 2),
            "median": round(percentile(times, 0.5), 2),
            "p90": round(percentile(times, 0.9), 2),
            "p99": round(percentile(times, 0.99), 2),
            "max": round(times[-1], 2),
        },
        lost_deals=[r.code for r in ordered if r.verdict == Verdict.LOST],
        undecided_deals=[undecided_entry(r, header.nodes) for r in ordered
                         if r.verdict == Verdict.UNDECIDED],
        date=datetime.date.today().isoformat(), command=command,
    )


def undecided_entry(result: DealResult, nodes: int) -> UndecidedDeal:
    """An undecided deal for the summary: its ``tried`` words and their numbers.

    The numbers are the run's budget (``Budget.of(nodes)``, as ``examine`` gives it); they are
    checked against the words the deal's line recorded, so a line of another solver cannot
    pass for this one's.
    """
    budget = Budget.of(nodes)
    if result.tried != budget.tried():
        raise ResultsFileError(
            f"{result.code}: undecided after {'; '.join(result.tried) or 'nothing'}, but this solver "
            f"at {nodes:,} nodes tries {'; '.join(budget.tried())}: a results file of another solver?"
        )
    return UndecidedDeal(result.code, list(result.tried), **asdict(budget))


def format_summary(summary: Summary) -> str:
    ms = summary.ms_per_deal
    ways = ", ".join(f"{way} {count:,}" for way, count in summary.confirmed.items() if way != "replay")
    lines = [
        f"deals      {summary.deals:,} ({summary.start} to {summary.last})"
        + ("" if summary.complete else ", run not complete"),
        f"won        {summary.won:,}",
        f"lost       {summary.lost:,}" + (f"   (confirmed by {ways})" if ways else ""),
        f"undecided  {summary.undecided:,}   (budget a deal: the search {summary.search_positions:,} "
        f"positions, then the SAT formula {summary.nodes:,} conflicts)",
        f"winnable   {summary.won_share:.3%}   95% Wilson interval {summary.ci_low:.3%} to "
        f"{summary.ci_high:.3%} (undecided deals count as lost for the low bound, won for the high)",
        f"greedy     {summary.greedy_player.share:.2%}   ({summary.greedy_player.ci_low:.2%} to "
        f"{summary.greedy_player.ci_high:.2%})",
        f"random     {summary.random_player.share:.2%}   ({summary.random_player.ci_low:.2%} to "
        f"{summary.random_player.ci_high:.2%})",
        f"time/deal  mean {ms['mean']:.1f} ms, median {ms['median']:.1f} ms, p90 {ms['p90']:.1f} ms, "
        f"p99 {ms['p99']:.1f} ms, max {ms['max']:.1f} ms; {summary.cpu_seconds:,.0f} CPU seconds in all",
    ]
    return "\n".join(lines) + "\n"
