"""Option checks the solver commands (``solve``, ``stats``, ``strategy``) share."""

from __future__ import annotations

import json
import os
import stat
import zlib
from collections.abc import Iterable
from pathlib import Path

from ..errors import HalfMoonError
from ..files import NotAFileError, file_kind, open_regular
from ..solver.results import FORMAT as STATS_FORMAT
from ..solver.strategy_run import FORMAT as PLAYERS_FORMAT

MAX_NODES = 10**15  # the SAT solver's conflict budget is a 64-bit integer


class SolverUsageError(HalfMoonError):
    """A solver option out of range."""


def check_nodes(nodes: int | None) -> None:
    """Refuse a ``--nodes`` budget the solvers cannot take (``None`` is no limit)."""
    if nodes is not None and not 1 <= nodes <= MAX_NODES:
        raise SolverUsageError(f"--nodes must be from 1 to {MAX_NODES:,}, not {str(nodes)[:30]}")


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


# The header formats of the runs' results files (halfmoon.solver.results, .strategy_run): a file
# that starts with one holds a run's deals, which no command's output may replace.
RESULTS_FORMATS = (STATS_FORMAT, PLAYERS_FORMAT)
_HEADER_BYTES = 64 * 1024  # what is read of an output file to tell a results file by its header
_GZIP_MAGIC = b"\x1f\x8b"

Given = tuple[str, str | None]  # (option, file name or None when not given)


def check_outputs(outputs: Iterable[Given], inputs: Iterable[Given] = ()) -> None:
    """Refuse, before any work, an output file that would replace what the command reads or
    another of its outputs, or a run's results file; and one that cannot be written.

    Two names are one file when they resolve to the same path (through symbolic links, ``..``)
    or, both existing, are the same file on the disk (a hard link: the same device and inode).
    A results file is told by its header line (gzip-compressed too), whatever its name.
    """
    read = [(option, name) for option, name in inputs if name and name != "-"]
    written: list[tuple[str, str]] = []
    for option, name in outputs:
        if not name or name == "-":
            continue
        check_writable(name, option)
        for other_option, other in (*read, *written):
            if same_file(name, other):
                what = "reads" if (other_option, other) in read else "also writes"
                raise SolverUsageError(
                    f"{option} {name}: the command {what} that file ({other_option} {other}): "
                    "it would be written over; give another file")
        held = results_format(name)
        if held is not None:
            raise SolverUsageError(
                f"{option} {name}: a run's results file (its header says {held}): writing there "
                "would replace the run's deals; give another file")
        written.append((option, name))


def same_file(one: str, other: str) -> bool:
    """Whether two names are the same file: the same path once resolved, or the same inode."""
    try:
        if Path(one).resolve() == Path(other).resolve():
            return True
    except (OSError, RuntimeError):  # a loop of links: compared by identity below
        pass
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):  # either is absent (or unnameable): not one existing file
        return False


def results_format(name: str) -> str | None:
    """The results format named by the file's header line (plain or gzip), or None for any other
    file, an absent one or one that is not a regular file."""
    try:
        descriptor = open_regular(name)
    except (OSError, NotAFileError, ValueError):
        return None
    with os.fdopen(descriptor, "rb") as stream:
        start = stream.read(_HEADER_BYTES)
    if start.startswith(_GZIP_MAGIC):
        try:
            start = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS).decompress(start, _HEADER_BYTES)
        except zlib.error:
            return None
    line = start.split(b"\n", 1)[0]
    try:
        header = json.loads(line.decode("utf-8-sig"))
    except (UnicodeError, ValueError, RecursionError):
        return None
    held = header.get("format") if isinstance(header, dict) else None
    return held if held in RESULTS_FORMATS else None


def check_results_file(name: str, error: type[HalfMoonError]) -> None:
    """Refuse, as ``error``, a results file to read that is absent or is not a regular file
    (a folder, a named pipe, a device such as /dev/stdin), saying which."""
    path = Path(name)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        if path.is_symlink():
            raise error(f"{name}: a symbolic link to nothing, not a results file") from None
        raise error(f"{name}: no such results file") from None
    except (OSError, ValueError) as problem:
        raise error(f"{name}: cannot be read: {getattr(problem, 'strerror', None) or problem}") from None
    if stat.S_ISDIR(mode):
        raise error(f"{name}: a folder, not a results file (a regular file)")
    if not stat.S_ISREG(mode):
        raise error(f"{name}: {file_kind(mode)}, not a regular file: a results file is read whole "
                    "from the disk")
