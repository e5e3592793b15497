"""The published verdict file: one symbol per deal of a run, gzip-compressed, for the site's lookup.

The file is gzip (no name, no time stamp: the same run always gives the same bytes)
of one JSON header line, a newline, and then one ASCII symbol per deal from
``start``: ``W`` won, ``L`` lost (proved), ``U`` undecided, ``?`` not in the run's
results (only in a file of an unfinished run). Browsers read it with
``DecompressionStream("gzip")``; the deal number minus the start's is the index.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..dealcode import DealCode
from ..errors import HalfMoonError
from .figures import dumps, strict_json
from .search import Verdict
from .survey import DealResult

FORMAT = "halfmoon-verdicts/1"
SYMBOL = {Verdict.WON: "W", Verdict.LOST: "L", Verdict.UNDECIDED: "U"}
MISSING = "?"
VERDICT_OF = {symbol: verdict for verdict, symbol in SYMBOL.items()}
MAX_DEALS = 10_000_000  # a few MB of symbols at most: the file is for a web page


class VerdictFileError(HalfMoonError):
    """A verdict file that cannot be read."""


@dataclass(frozen=True, slots=True)
class Verdicts:
    start: DealCode
    symbols: str

    def of(self, code: DealCode) -> Verdict | None:
        """The deal's verdict; None outside the computed range or where the run has none yet."""
        index = code.number - self.start.number
        if not 0 <= index < len(self.symbols):
            return None
        return VERDICT_OF.get(self.symbols[index])

    def counts(self) -> dict[str, int]:
        return {str(verdict): self.symbols.count(symbol) for verdict, symbol in SYMBOL.items()}


def encode(start: DealCode, deals: int, results: Iterable[DealResult]) -> bytes:
    symbols = bytearray(MISSING.encode() * deals)
    for result in results:
        index = DealCode.parse(result.code).number - start.number
        if 0 <= index < deals:
            symbols[index] = ord(SYMBOL[result.verdict])
    header = dumps({"format": FORMAT, "start": str(start), "deals": deals,
                    "symbols": {symbol: str(verdict) for verdict, symbol in SYMBOL.items()}})
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as stream:
        stream.write(header.encode() + b"\n" + bytes(symbols))
    return buffer.getvalue()


def decode(data: bytes, where: str = "<verdicts>") -> Verdicts:
    try:
        text = gzip.decompress(data[: 2 * MAX_DEALS]).decode("ascii")
        first, _, symbols = text.partition("\n")
        header = strict_json(first)
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as error:
        raise VerdictFileError(f"{where}: not a verdict file: {error}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise VerdictFileError(f"{where}: not a verdict file (no {FORMAT!r} header)")
    deals = header.get("deals")
    if not isinstance(deals, int) or deals != len(symbols) or deals > MAX_DEALS:
        raise VerdictFileError(f"{where}: the header counts {deals} deals, the file holds {len(symbols)}")
    if set(symbols) - {*VERDICT_OF, MISSING}:
        raise VerdictFileError(f"{where}: unknown symbols {sorted(set(symbols) - {*VERDICT_OF, MISSING})}")
    try:
        start = DealCode.parse(str(header.get("start")))
    except HalfMoonError as error:
        raise VerdictFileError(f"{where}: bad start: {error}") from None
    return Verdicts(start, symbols)


def read_verdicts(path: Path) -> Verdicts:
    return decode(path.read_bytes(), str(path))
