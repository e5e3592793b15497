"""Numbers written by authors: ASCII digits only, and never more than a page could mean."""

from __future__ import annotations

from .blocks import quote
from .errors import SourceError

MAX_DIGITS = 9  # up to 999,999,999: any count a page talks about


def whole_number(text: str, what: str) -> int:
    """``text`` as a whole number; ``²``, ``３``, ``٣``, signs or 10-digit numbers are errors."""
    if not text or not all("0" <= ch <= "9" for ch in text):
        raise SourceError(f"{what} {quote(text)} is not a whole number (digits 0 to 9)")
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise SourceError(f"{what} {quote(text)} is too large (at most {MAX_DIGITS} digits)")
    return int(text)
