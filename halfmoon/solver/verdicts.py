"""The published verdict file: one symbol per deal of a run, gzip-compressed, for the site's lookup.

The file is gzip (no name, no time stamp: the same run always gives the same bytes)
of one JSON header line, a newline, and then one ASCII symbol per deal from
``start``: ``W`` won, ``L`` lost (proved), ``U`` undecided. Only a run with every deal
decided is published (a deal without a verdict would read as one outside the range). Browsers
read it with ``DecompressionStream("gzip")``; the deal number minus the start's is the index.

Readers trust nothing in it: the header must name a range of real deal codes, every symbol
must be one of the three, and no more than ``MAX_DEALS`` symbols are ever decompressed (a
small gzip can hold gigabytes). ``docs/assets/game/lookup.js`` reads it by the same rules,
which are these, and refuses exactly what this module refuses:

- the bytes are one gzip member and nothing after it (no second member, no trailing bytes,
  zeros included: browsers differ on those, so neither reader takes them), or, as a server that
  sends it with ``Content-Encoding: gzip`` gives it to the page, the text itself;
- the text is ASCII (a byte-order mark or a Cyrillic letter in the header would be read one
  way by a UTF-8 decoder and another by Latin-1);
- the header is a JSON object (nested at most ``MAX_NESTING`` deep) whose ``deals`` is a whole
  number (``4.0`` is 4, as JavaScript reads it), its ``start`` a deal code.

``tests/data/verdicts.jsonl`` holds the cases both must agree on, texts and whole files' bytes.
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
from .figures import Summary
from .results import dumps, strict_json
from .search import Verdict
from .survey import DealResult

FORMAT = "halfmoon-verdicts/1"
SYMBOL = {Verdict.WON: "W", Verdict.LOST: "L", Verdict.UNDECIDED: "U"}
MISSING = "?"
VERDICT_OF = {symbol: verdict for verdict, symbol in SYMBOL.items()}
MAX_DEALS = 10_000_000  # a few MB of symbols at most: the file is for a web page
MAX_HEADER = 4096  # bytes of the header line
MAX_TEXT = MAX_HEADER + 1 + MAX_DEALS  # what is decompressed at most
MAX_NESTING = 8  # levels of the header's JSON (the header itself is one)
GZIP_MAGIC = b"\x1f\x8b"


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
    """The verdicts of a verdict file's bytes (one gzip member, or the text itself: see above);
    VerdictFileError (one line) otherwise."""
    if not data.startswith(GZIP_MAGIC):  # as a server that decompressed it gives it to the page
        if len(data) > MAX_TEXT:
            raise VerdictFileError(f"{where}: not a verdict file: more than {MAX_DEALS:,} deals")
        return parse(_ascii(data, where), where)
    try:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)  # one gzip member
        raw = inflater.decompress(data, MAX_TEXT + 1)
        if len(raw) > MAX_TEXT:
            raise VerdictFileError(f"{where}: not a verdict file: more than {MAX_DEALS:,} deals")
        if not inflater.eof:
            raise VerdictFileError(f"{where}: not a verdict file: the compressed data is cut short")
        if inflater.unused_data:
            what = ("a second gzip member" if inflater.unused_data.startswith(GZIP_MAGIC)
                    else f"{len(inflater.unused_data):,} bytes")
            raise VerdictFileError(f"{where}: not a verdict file: {what} after its compressed data "
                                   "(the site's lookup refuses it)")
    except zlib.error as error:
        raise VerdictFileError(f"{where}: not a verdict file: {error}") from None
    return parse(_ascii(raw, where), where)


def _ascii(raw: bytes, where: str) -> str:
    if not raw.isascii():
        at = next(index for index, byte in enumerate(raw) if byte > 0x7F)
        raise VerdictFileError(f"{where}: not a verdict file: byte {at + 1:,} of its text is not ASCII")
    return raw.decode("ascii")


def _nesting(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_nesting, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_nesting, value), default=0)
    return 0


def parse(text: str, where: str = "<verdicts>") -> Verdicts:
    """The verdicts of a verdict file's text (decompressed), checked as ``lookup.js`` checks it."""
    if not text.isascii():
        raise VerdictFileError(f"{where}: not a verdict file: its text is not ASCII")
    first, newline, symbols = text.partition("\n")
    if not newline or len(first) > MAX_HEADER:
        raise VerdictFileError(f"{where}: not a verdict file (no header line)")
    try:
        header = strict_json(first)
    except (ValueError, RecursionError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        raise VerdictFileError(f"{where}: not a verdict file: {reason}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise VerdictFileError(f"{where}: not a verdict file (no {FORMAT!r} header)")
    if _nesting(header) > MAX_NESTING:
        raise VerdictFileError(f"{where}: not a verdict file: its header nests more than "
                               f"{MAX_NESTING} deep")
    deals = header.get("deals")
    if isinstance(deals, float) and deals.is_integer():  # 4.0: a whole number, as JSON has it
        deals = int(deals)
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


def disagreements(verdicts: Verdicts, summary: Summary, verdicts_name: str = "verdicts.gz",
                  figures_name: str = "winnability.json") -> list[str]:
    """Where a verdict file says otherwise than the figures published beside it (each named by
    its file and field): the same run's range, the same counts, the same lost and undecided
    deals. The lookup answers from the file, the page from the figures: they must agree."""
    problems = []
    if str(verdicts.start) != summary.start or len(verdicts.symbols) != summary.deals:
        problems.append(f"{verdicts_name}: its header's 'start' and 'deals' ({verdicts.start}, "
                        f"{len(verdicts.symbols):,} deals) are not {figures_name}'s 'start' and 'deals' "
                        f"({summary.start}, {summary.deals:,}): a file of another run")
        return problems
    counts = verdicts.counts()
    for verdict, name in ((Verdict.WON, "won"), (Verdict.LOST, "lost"), (Verdict.UNDECIDED, "undecided")):
        found, published = counts[str(verdict)], getattr(summary, name)
        if found != published:
            problems.append(f"{verdicts_name}: {found:,} deals {verdict} ('{SYMBOL[verdict]}'), "
                            f"{figures_name}'s {name!r} counts {published:,}")
    first = verdicts.start.number
    for verdict, name, listed in ((Verdict.LOST, "lost_deals", summary.lost_deals),
                                  (Verdict.UNDECIDED, "undecided_deals",
                                   [deal.code for deal in summary.undecided_deals])):
        symbol = SYMBOL[verdict]
        theirs = [str(DealCode(first + index)) for index, found in enumerate(verdicts.symbols)
                  if found == symbol]
        if theirs != sorted(listed, key=lambda code: DealCode.parse(code).number):
            differ = sorted(set(theirs) ^ set(listed), key=lambda code: DealCode.parse(code).number)
            where = differ[0] if differ else "a deal listed twice"
            problems.append(f"{verdicts_name}: the deals {verdict} are not {figures_name}'s "
                            f"{name!r} (first difference: {where})")
    return problems
