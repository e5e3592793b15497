"""Pre-compressed copies beside the built files, for hosts that serve ``name.gz`` themselves.

Each text file of the site gets ``<name>.gz`` (gzip level 9, no name or time inside, so the
same file always compresses to the same bytes). A copy that would not be smaller is not
written, nor is a stale one left beside a file that changed.
"""

from __future__ import annotations

import gzip
from pathlib import Path

COMPRESSED = (".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map")


def compress_site(site_dir: Path) -> int:
    """Write ``.gz`` beside every text file of ``site_dir``; returns how many were written."""
    written = 0
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSED:
            continue
        data = path.read_bytes()
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        target = path.with_name(path.name + ".gz")
        if len(packed) >= len(data):
            target.unlink(missing_ok=True)
            continue
        if not target.exists() or target.read_bytes() != packed:
            target.write_bytes(packed)
        written += 1
    return written
