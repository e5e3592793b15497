"""A SAT call that Ctrl-C and SIGTERM end at once.

Python runs a signal's handler only between bytecodes, so while python-sat is inside its C
code a Ctrl-C (or a SIGTERM the program handles) waits until the call returns, which can be
minutes; and python-sat's own SIGINT handling ends in its "Caught keyboard interrupt" error.
Here the signal's arrival is seen at once through ``signal.set_wakeup_fd`` by a small thread,
which interrupts the solver; the call returns and the signal's own handler then runs as usual
(KeyboardInterrupt, or the program's SIGTERM handler).
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from collections.abc import Callable, Iterator

_STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Watch:
    """``active``: signals interrupt the call (only the main thread can arrange it, and only
    when no one else holds the wakeup descriptor); ``fired``: one did."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self.fired = threading.Event()


@contextlib.contextmanager
def interrupted_by_signals(interrupt: Callable[[], None]) -> Iterator[Watch]:
    """Within: SIGINT, SIGTERM or SIGHUP calls ``interrupt`` (and sets the watch's ``fired``)."""
    if threading.current_thread() is not threading.main_thread():
        yield Watch(False)
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:
        reader.close()
        writer.close()
        yield Watch(False)
        return
    if previous != -1:  # someone else's (an event loop's): give it back and do without
        signal.set_wakeup_fd(previous)
        reader.close()
        writer.close()
        yield Watch(False)
        return
    done = threading.Event()
    state = Watch(True)

    def watch() -> None:
        while not done.is_set():
            try:
                received = reader.recv(64)
            except OSError:
                return
            if any(number in _STOPPING for number in received):
                state.fired.set()
                interrupt()

    watcher = threading.Thread(target=watch, name="halfmoon-sat-signals", daemon=True)
    watcher.start()
    try:
        yield state
    finally:
        signal.set_wakeup_fd(-1)
        done.set()
        with contextlib.suppress(OSError):
            writer.send(b"\0")
        watcher.join()
        reader.close()
        writer.close()
