"""Results files of a run: JSON Lines, one deal a line, after a header line naming the run.

A results file starts with a header line naming the run (``RunHeader``); each further line is one
deal (``DealResult``). Lines are appended as deals finish, so an interrupted run keeps them and
resumes; the shard files of one run merge (``merge``). The run's summary is ``figures.py``'s.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Protocol, TypeVar, get_type_hints

from ..dealcode import DEAL_COUNT, DealCode
from ..errors import HalfMoonError, shorten
from ..files import NotAFileError, read_regular
from .survey import DealResult

FORMAT = "halfmoon-stats/1"


class ResultsFileError(HalfMoonError):
    """A results file that cannot be read, resumed or merged."""


def strict_json(text: str) -> object:
    """json.loads that refuses NaN and Infinity (Python's json accepts them by default), and a
    number too large for a float (1e999 would be read as Infinity)."""
    def refuse(constant: str) -> object:
        raise ValueError(f"{constant} is not a number here")

    def finite(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            raise ValueError(f"{shorten(number)} is too large a number")
        return value

    return json.loads(text, parse_constant=refuse, parse_float=finite)


def dumps(data: object, **options: object) -> str:
    return json.dumps(data, allow_nan=False, ensure_ascii=False, **options)  # type: ignore[arg-type]


# --- results files ---------------------------------------------------------------------------


def shard_numbers(start: str, deals: int, shard: int, of: int) -> Iterator[int]:
    """The deal numbers of a shard of a run (every ``of``-th from the ``shard``-th), lazily."""
    first = DealCode.parse(start).number
    return (first + i for i in range(shard - 1, deals, of))


class ShardedRun:
    """The deals of a results file's header: ``deals`` deals from ``start``, every ``of``-th
    from the ``shard``-th (the winnability run's and the strategy run's alike)."""

    __slots__ = ()
    start: str
    deals: int
    shard: int
    of: int

    def numbers(self) -> Iterator[int]:
        return shard_numbers(self.start, self.deals, self.shard, self.of)

    def size(self) -> int:
        return len(range(self.shard - 1, self.deals, self.of))


@dataclass(frozen=True, slots=True)
class RunHeader(ShardedRun):
    """What a results file holds: ``deals`` deals from ``start``, every ``of``-th from the ``shard``-th."""

    start: str
    deals: int
    nodes: int
    solver: str
    shard: int = 1
    of: int = 1
    format: str = FORMAT

    def whole_run(self) -> tuple[str, int, int, str, int]:
        """What the shards of one run share."""
        return (self.start, self.deals, self.nodes, self.solver, self.of)

    @classmethod
    def from_json(cls, data: object, where: str) -> RunHeader:
        return read_header(cls, data, where, "stats", ResultsFileError)

    def holds(self, number: int) -> bool:
        """Whether the deal numbered ``number`` belongs to this shard of the run."""
        offset = number - DealCode.parse(self.start).number
        return 0 <= offset < self.deals and offset % self.of == self.shard - 1


def read_results(path: Path, *, repair: bool = False,
                 run: RunHeader | None = None) -> tuple[RunHeader, list[DealResult]]:
    """The header and the deals of a results file.

    A last line cut short (the run was killed while writing it) is dropped, and with
    ``repair`` cut off the file so that appending can resume; any other bad line is an error
    naming the file and the line, and so is a deal outside the header's run or shard. A deal
    written twice (two runs that once appended to one file) is kept once; twice with two
    verdicts is an error. With ``run``, the file must hold that run (a resumed run's options).
    Nothing is cut before the whole file has been read and accepted: a file that is refused,
    for any reason, is left byte for byte as it was.
    """
    lines = ResultsLines(path, "stats", ResultsFileError)
    header = RunHeader.from_json(lines.header(), f"{path}:1")
    if run is not None and header != run:
        raise ResultsFileError(
            f"{path} holds another run ({header.deals:,} deals from {header.start}, shard "
            f"{header.shard}/{header.of}, {header.nodes:,} nodes, {header.solver}): "
            "give another --results file or the same options"
        )
    results: dict[str, tuple[int, DealResult]] = {}
    for number, data in lines.deals():
        try:
            result = DealResult.from_json(data)
        except ValueError as error:
            raise ResultsFileError(f"{path}:{number}: {error}") from None
        if not header.holds(DealCode.parse(result.code).number):
            where = "" if header.of == 1 else f", shard {header.shard}/{header.of}"
            raise ResultsFileError(f"{path}:{number}: {result.code} is not a deal of this run "
                                   f"({header.deals:,} deals from {header.start}{where})")
        before = results.setdefault(result.code, (number, result))
        if before[1].verdict != result.verdict:
            raise ResultsFileError(f"{path}:{number}: {result.code} is {result.verdict} here, "
                                   f"{before[1].verdict} on line {before[0]}")
    if repair:
        lines.repair()
    return header, [result for _, result in results.values()]


class _Header(Protocol):
    """What every results file's header holds: the run's range and the shard's place in it."""

    @property
    def start(self) -> str: ...
    @property
    def deals(self) -> int: ...
    @property
    def shard(self) -> int: ...
    @property
    def of(self) -> int: ...


H = TypeVar("H", bound=_Header)


def read_header(kind: type[H], data: object, where: str, what: str,
                error: type[HalfMoonError]) -> H:
    """The header line of a results file read as ``kind`` (a dataclass of ``start``, ``deals``,
    ``shard``, ``of``, ``format`` and its own texts and whole numbers), or ``error`` naming
    ``where``: the file's format, every field's type, whole numbers of 1 or more, a shard of the
    run, and a run that stays within the deal codes."""
    fmt = next(f.default for f in fields(kind) if f.name == "format")  # type: ignore[arg-type]
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(f"{where}: not a halfmoon {what} results file (no {fmt!r} header)")
    try:
        header = kind(**data)
    except TypeError as problem:
        raise error(f"{where}: bad header: {problem}") from None
    types = get_type_hints(kind)
    for name, field_type in types.items():
        value = getattr(header, name)
        if not isinstance(value, field_type) or isinstance(value, bool):
            raise error(f"{where}: bad header: {name!r} is not {field_type.__name__}")
        if field_type is int and value < 1:
            raise error(f"{where}: bad header: {name!r} is {value}, not 1 or more")
    if header.shard > header.of:
        raise error(f"{where}: bad header: shard {header.shard} of {header.of}")
    try:
        first = DealCode.parse(header.start)
    except HalfMoonError as problem:
        raise error(f"{where}: bad header: 'start': {problem}") from None
    if first.number + header.deals > DEAL_COUNT:
        raise error(f"{where}: bad header: {header.deals:,} deals from {first} run past "
                    f"the last deal code {DealCode(DEAL_COUNT - 1)}")
    return header


class ResultsLines:
    """The lines of a results file (the winnability run's or the strategy run's), read whole.

    The part after the last newline is a line the run was writing when it was stopped: it is
    no line, and ``repair`` cuts it off so that appending can resume. Every other line is
    JSON, or an ``error`` naming the file and the line.
    """

    def __init__(self, path: Path, what: str, error: type[HalfMoonError]) -> None:
        try:
            self.raw = read_regular(path)
        except NotAFileError as problem:
            raise error(str(problem)) from None
        self.path = path
        self.error = error
        self.lines = self.raw.split(b"\n")
        if len(self.lines) < 2:
            if not self.raw.strip():
                raise error(f"{path}: not a halfmoon {what} results file (no header line)")
            raise error(f"{path}: the header line is not finished (no newline after its "
                        f"{len(self.raw):,} bytes): a run stopped as it began, or not a halfmoon "
                        f"{what} results file; remove the file to start the run again")

    def header(self) -> object:
        return json_line(self.path, 1, self.lines[0], self.error)

    def deals(self) -> Iterator[tuple[int, object]]:
        """Each line after the header, read as it is reached, with its number; blank lines
        (an editor's trailing newline) hold no deal."""
        for number, line in enumerate(self.lines[1:-1], start=2):
            if line.strip():
                yield number, json_line(self.path, number, line, self.error)

    def repair(self) -> None:
        unfinished = self.lines[-1]
        if unfinished.strip():
            with open(self.path, "r+b") as stream:
                stream.truncate(len(self.raw) - len(unfinished))


def json_line(path: Path, number: int, line: bytes,
              error: type[HalfMoonError] = ResultsFileError) -> object:
    """Line ``number`` of ``path`` read as strict JSON that a file can hold, or ``error``."""
    try:
        text = line.decode("utf-8")
        data = strict_json(text)
        if "\\u" in text:  # an escape may stand for half a surrogate pair, which no file can hold
            dumps(data).encode("utf-8")
        return data
    except (UnicodeError, ValueError, RecursionError) as problem:
        if isinstance(problem, UnicodeEncodeError):
            reason = f"{problem.object[problem.start]!r} is half a surrogate pair, not a character"
        else:
            reason = "nested too deeply" if isinstance(problem, RecursionError) else str(problem)
        raise error(f"{path}:{number}: not a JSON line: {reason}") from None


def header_line(header: RunHeader) -> str:
    return dumps(asdict(header)) + "\n"


def result_line(result: DealResult) -> str:
    return dumps(result.to_json()) + "\n"


def merge(paths: Sequence[Path]) -> tuple[RunHeader, list[DealResult], bool]:
    """The deals of the shard files of one run, each once; and whether the run is complete."""
    header: RunHeader | None = None
    seen: dict[str, DealResult] = {}
    for path in paths:
        mine, results = read_results(path)
        if header is None:
            header = mine
        elif mine.whole_run() != header.whole_run():
            raise ResultsFileError(f"{path}: from another run than {paths[0]} (start, deals, nodes, "
                                   "solver or shard count differ)")
        for result in results:
            before = seen.setdefault(result.code, result)
            if before.verdict != result.verdict:
                raise ResultsFileError(f"{path}: {result.code} is {result.verdict} here, "
                                       f"{before.verdict} in another file")
    assert header is not None
    whole = RunHeader(header.start, header.deals, header.nodes, header.solver)
    complete = len(seen) == header.deals and all(
        str(DealCode(number)) in seen for number in whole.numbers()
    )
    return whole, list(seen.values()), complete
