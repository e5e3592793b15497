"""Rendered blocks kept between builds: ``mkdocs serve`` redraws only what changed.

The key holds everything the HTML depends on (block kind and options, the language, the
text of the record, the page-unique id prefix, the catalogs' and drawing code's stamps),
so a stale entry can never be served; entries not used by the last full build are dropped.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable


class RenderCache:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._entries: dict[Hashable, str] = {}
        self._used: set[Hashable] = set()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, render: Callable[[], str]) -> str:
        self._used.add(key)
        if self.enabled and key in self._entries:
            self.hits += 1
            return self._entries[key]
        self.misses += 1
        html = render()
        if self.enabled:
            self._entries[key] = html
        return html

    def start_build(self) -> None:
        """Forget entries the previous build did not use (edited or removed blocks)."""
        if self._used:
            self._entries = {k: v for k, v in self._entries.items() if k in self._used}
        self._used = set()

    def __len__(self) -> int:
        return len(self._entries)


def digest(*parts: str | bytes) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(part.encode() if isinstance(part, str) else part)
        hasher.update(b"\0")
    return hasher.hexdigest()
