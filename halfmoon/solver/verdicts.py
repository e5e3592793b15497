"""The published verdict file: one symbol per deal of a run, gzip-compressed, for the site's lookup.

The file is gzip (no name, no time stamp: the same run always gives the same bytes)
of one JSON header line, a newline, and then one ASCII symbol per deal from
``start``: ``W`` won, ``L`` lost (proved), ``U`` undecided. Only a run with every deal
decided is published (a deal without a verdict would read as one outside the range). Browsers
read it with ``DecompressionStream("gzip")``; the deal number minus the start's is the index.

Readers trust nothing in it: the header must name a range of real deal codes, every symbol
must be one of the three, and no more than ``MAX_DEALS`` symbols are ever decompressed (a
small gzip can hold gigabytes). ``docs/assets/game/lookup.js`` reads it by the same rules;
``tests/data/verdicts.jsonl`` holds the cases both must agree on.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..dealcode import DEAL_COUNT, DealCode
from ..errors import HalfMoonError
from ..files import NotAFileError, read_regular
from .figures import dumps, strict_json
from .search import Verdict
from .survey import DealResult

FORMAT = "halfmoon-verdicts/1"
SYMBOL = {Verdict.WON: "W", Verdict.LOST: "L", Verdict.UNDECIDED: "U"}
MISSING = "?"
VERDICT_OF = {symbol: verdict for verdict, symbol in SYMBOL.items()}
MAX_DEALS = 10_000_000  # a few MB of symbols at most: the file is for a web page
MAX_HEADER = 4096  # bytes of the header line
MAX_TEXT = MAX_HEADER + 1 + MAX_DEALS  # what is decompressed at most


class VerdictFileError(HalfMoonError):
    """A verdict file that cannot be read."""


@dataclass(frozen=True, slots=True)
class Verdicts:
    start: DealCode
    symbols: str

    def of(self, code: DealCode) -> Verdict | None:
        """The deal's verdict; None outside the computed range."""
        index = code.number - self.start.number
        if not 0 <= index < len(self.symbols):
            return None
        return VERDICT_OF.get(self.symbols[index])

    def counts(self) -> dict[str, int]:
        return {str(verdict): self.symbols.count(symbol) for verdict, symbol in SYMBOL.items()}


def encode(start: DealCode, deals: int, results: Iterable[DealResult]) -> bytes:
    """The verdict file of ``deals`` deals from ``start``; every one of them must be in ``results``."""
    if not 1 <= deals <= MAX_DEALS or start.number + deals > DEAL_COUNT:
        raise VerdictFileError(f"a verdict file holds 1 to {MAX_DEALS:,} deals of real codes, "
                               f"not {deals:,} from {start}")
    symbols = bytearray(MISSING.encode() * deals)
    for result in results:
        index = DealCode.parse(result.code).number - start.number
        if 0 <= index < deals:
            symbols[index] = ord(SYMBOL[result.verdict])
    missing = symbols.count(MISSING.encode())
    if missing:
        first = DealCode(start.number + symbols.index(MISSING.encode()))
        raise VerdictFileError(
            f"{missing:,} of the {deals:,} deals have no verdict yet (the first: {first}): a verdict "
            "file is published for a finished run (merge every shard, or --deals N for its finished part)"
        )
    header = dumps({"format": FORMAT, "start": str(start), "deals": deals,
                    "symbols": {symbol: str(verdict) for verdict, symbol in SYMBOL.items()}})
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as stream:
        stream.write(header.encode() + b"\n" + bytes(symbols))
    return buffer.getvalue()


def decode(data: bytes, where: str = "<verdicts>") -> Verdicts:
    """The verdicts of a gzip-compressed verdict file; VerdictFileError (one line) otherwise."""
    try:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # gzip
        raw = inflater.decompress(data, MAX_TEXT + 1)
        if len(raw) > MAX_TEXT:
            raise VerdictFileError(f"{where}: not a verdict file: more than {MAX_DEALS:,} deals")
        if not inflater.eof:
            raise VerdictFileError(f"{where}: not a verdict file: the compressed data is cut short")
    except zlib.error as error:
        raise VerdictFileError(f"{where}: not a verdict file: {error}") from None
    return parse(raw.decode("latin-1"), where)


def parse(text: str, where: str = "<verdicts>") -> Verdicts:
    """The verdicts of a verdict file's text (decompressed), checked as ``lookup.js`` checks it."""
    first, newline, symbols = text.partition("\n")
    if not newline or len(first) > MAX_HEADER:
        raise VerdictFileError(f"{where}: not a verdict file (no header line)")
    try:
        header = strict_json(first)
    except (ValueError, RecursionError) as error:
        raise VerdictFileError(f"{where}: not a verdict file: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise VerdictFileError(f"{where}: not a verdict file (no {FORMAT!r} header)")
    deals = header.get("deals")
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= MAX_DEALS:
        raise VerdictFileError(f"{where}: the header's deals must be from 1 to {MAX_DEALS:,}")
    if deals != len(symbols):
        raise VerdictFileError(f"{where}: the header counts {deals} deals, the file holds {len(symbols)}")
    start_text = header.get("start")
    try:
        start = DealCode.parse(start_text if isinstance(start_text, str) else "")
    except HalfMoonError as error:
        raise VerdictFileError(f"{where}: bad start: {error}") from None
    if start.number + deals > DEAL_COUNT:
        raise VerdictFileError(f"{where}: {deals:,} deals from {start} run past the last deal code")
    unknown = set(symbols) - set(VERDICT_OF)
    if unknown:
        shown = sorted(unknown)[:5]
        raise VerdictFileError(f"{where}: symbols other than {', '.join(VERDICT_OF)}: {shown}"
                               + (" (a deal without a verdict)" if MISSING in unknown else ""))
    return Verdicts(start, symbols)


def read_verdicts(path: Path) -> Verdicts:
    try:
        return decode(read_regular(path), str(path))
    except NotAFileError as error:
        raise VerdictFileError(str(error)) from None
