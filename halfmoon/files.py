"""The files the tools write and read: every write atomic, only regular files read.

``write_atomic`` is the one way a tool writes a file: the data goes to a temporary file in the
same folder, is flushed to the disk and renamed over the target, so a full disk, a crash or
Ctrl-C leaves the old file or the new one, never a mix. ``read_regular`` and ``open_regular``
refuse a named pipe or a device where a file is expected (reading one would block for ever).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

from .errors import HalfMoonError

T = TypeVar("T")

# A short temporary name (not the target's name plus a suffix): a target whose name is
# already as long as the file system allows can still be staged beside it.
_STAGING_PREFIX = ".hm-"
_STAGING_SUFFIX = ".tmp"


class FileWriteError(HalfMoonError):
    """A file that could not be written; the message names it. Nothing was changed."""


class NotAFileError(HalfMoonError):
    """A named pipe, a device or a socket given where a regular file is expected."""


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) all at once, or not at all.

    The file keeps its permissions when it exists; a new one gets the usual ones (0666 less the
    umask). Errors name the file and leave it as it was.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    _refuse_special(target)
    folder = target.parent
    try:
        descriptor, staged = tempfile.mkstemp(prefix=_STAGING_PREFIX, suffix=_STAGING_SUFFIX, dir=folder)
    except OSError as error:
        raise FileWriteError(f"cannot write {target}: {error.strerror or error}") from None
    try:
        try:
            remaining = memoryview(payload)
            while remaining:
                remaining = remaining[os.write(descriptor, remaining):]
            os.fsync(descriptor)  # on the disk before the name points at it
        finally:
            os.close(descriptor)
        os.chmod(staged, _mode_for(target))
        os.replace(staged, target)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(staged)
        if isinstance(error, OSError):
            raise FileWriteError(f"cannot write {target}: {error.strerror or error}") from None
        raise
    _sync_folder(folder)


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform lets a folder be opened)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _refuse_special(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return  # absent (or unnameable): opening says what is wrong
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise NotAFileError(f"{path}: {file_kind(mode)}, not a regular file")


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words ("a named pipe")."""
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def open_regular(path: str | os.PathLike[str], flags: int = os.O_RDONLY, mode: int = 0o666) -> int:
    """``os.open`` that refuses anything but a regular file, without blocking on a named pipe.

    Returns the descriptor (blocking again), or raises NotAFileError; a folder is an
    IsADirectoryError, an absent file FileNotFoundError, as ``open`` says them.
    """
    descriptor = os.open(path, flags | os.O_NONBLOCK, mode)
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotAFileError(f"{os.fspath(path)}: {file_kind(info.st_mode)}, not a regular file")
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def read_regular(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of a regular file (at most ``limit + 1`` of them when a limit is given)."""
    with os.fdopen(open_regular(path), "rb") as stream:
        return stream.read() if limit is None else stream.read(limit + 1)


class InputFileError(HalfMoonError):
    """An input file that cannot be read as text: absent, a folder, a pipe or a device, larger
    than its kind of file ever is, not UTF-8. The message names the file and what is wrong."""


def read_text_input(path: str | os.PathLike[str], limit: int, what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path`` (a byte order mark is kept, as written), of
    at most ``limit`` bytes; anything else is an InputFileError naming ``what`` and ``path``.

    A named pipe is refused, not waited on; a device (``/dev/zero``) is refused, not exhausted.
    """
    shown = os.fspath(path)
    try:
        data = read_regular(path, limit)
    except NotAFileError as error:
        raise InputFileError(f"cannot read the {what} {shown}: "
                             f"{str(error).removeprefix(shown + ': ')}") from None
    except OSError as error:
        raise InputFileError(f"cannot read the {what} {shown}: {error.strerror or error}") from None
    if len(data) > limit:
        raise InputFileError(f"cannot read the {what} {shown}: larger than {limit:,} bytes, "
                             f"more than a {what} ever is")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputFileError(f"cannot read the {what} {shown}: not UTF-8 text (line {line}, "
                             f"byte {error.start + 1} is 0x{data[error.start]:02x})") from None


class FileInUseError(HalfMoonError):
    """A file another process holds locked (another run appending to the same results file)."""


def lock_exclusively(descriptor: int, path: str | os.PathLike[str]) -> None:
    """Lock the open file for this process until it is closed, or raise FileInUseError naming the
    process that holds it. The lock goes with the process: a killed run leaves none behind."""
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = lock_holder(descriptor)
        who = f"process {holder}" if holder else "another process"
        raise FileInUseError(
            f"{os.fspath(path)}: in use by {who} (another run writing to it); wait for it to end "
            "or give another file"
        ) from None


def lock_holder(descriptor: int) -> int | None:
    """The process holding a lock on the open file, as Linux's /proc/locks tells it (else None)."""
    info = os.fstat(descriptor)
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                fields = line.split()
                # "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; a waiter's line has "->"
                if len(fields) >= 6 and fields[1] != "->" and fields[5] == device and fields[4].isdigit():
                    pid = int(fields[4])
                    if pid != os.getpid():
                        return pid
    except OSError:
        pass
    return None


def _still_named(descriptor: int, path: str | os.PathLike[str]) -> None:
    """Refuse a file renamed over between this process's open and its lock (a shard restored
    by runs/*/run.sh, which writes a copy and renames it under the lock): the lock and the
    lines would go to a file no name leads to any more."""
    opened = os.fstat(descriptor)
    try:
        named = os.stat(path)
    except OSError:
        named = None
    if named is None or (named.st_dev, named.st_ino) != (opened.st_dev, opened.st_ino):
        raise FileInUseError(f"{os.fspath(path)}: replaced by another process while this run "
                             "opened it; run again")


def open_for_appending(path: str | os.PathLike[str], first_line: str,
                       read: Callable[[Path], T]) -> tuple[T | None, TextIO]:
    """A results file open for appending and locked for this process's run.

    A new or empty file gets ``first_line``, and None comes back; a file with lines is given to
    ``read`` (which checks them, and may refuse the file), and what it returns comes back.
    A second run on the file is refused, naming the process that holds it.
    """
    descriptor = open_regular(path, os.O_RDWR | os.O_CREAT | os.O_APPEND)
    stream = os.fdopen(descriptor, "a", encoding="utf-8")
    try:
        lock_exclusively(stream.fileno(), path)
        _still_named(descriptor, path)
        if os.fstat(descriptor).st_size == 0:
            stream.write(first_line)
            stream.flush()
            return None, stream
        return read(Path(path)), stream
    except BaseException:
        stream.close()
        raise
