"""Option checks the solver commands (``solve``, ``stats``, ``strategy``) share."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import HalfMoonError, quoted

MAX_NODES = 10**15  # the SAT solver's conflict budget is a 64-bit integer


class SolverUsageError(HalfMoonError):
    """A solver option out of range."""


def check_nodes(nodes: int | None) -> None:
    """Refuse a ``--nodes`` budget the solvers cannot take (``None`` is no limit)."""
    if nodes is not None and not 1 <= nodes <= MAX_NODES:
        raise SolverUsageError(f"--nodes must be from 1 to {MAX_NODES:,}, not {str(nodes)[:30]}")


def parse_shard(text: str) -> tuple[int, int]:
    """``--shard K/N`` as ``(K, N)``."""
    k, slash, n = text.partition("/")
    if not (slash and k.isascii() and k.isdigit() and n.isascii() and n.isdigit()
            and len(k) < 7 and len(n) < 7 and 1 <= int(k) <= int(n)):
        raise SolverUsageError(f"--shard must be K/N with 1 <= K <= N (e.g. 1/2), not {quoted(text)}")
    return int(k), int(n)


def check_writable(name: str, option: str) -> None:
    """Refuse an output file that cannot be written, before any work is done."""
    path = Path(name)
    if path.is_dir():
        raise SolverUsageError(f"{option} {name}: is a folder, not a file")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise SolverUsageError(f"{option} {name}: the file cannot be written")
        return
    folder = path.parent
    if not folder.is_dir():
        raise SolverUsageError(f"{option} {name}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SolverUsageError(f"{option} {name}: the folder {folder} cannot be written")
