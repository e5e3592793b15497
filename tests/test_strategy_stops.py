"""``halfmoon strategy`` stopped by signals: a second signal while it stops, or a closed
terminal that takes standard error with it, still ends with the first signal's status and the
lines written kept whole (never "internal error _Stopped", never exit 2)."""

from __future__ import annotations

import io
import os
import signal

import pytest

import halfmoon.cli.strategy as strategy_cli
from halfmoon.cli import main
from halfmoon.solver.strategy_run import read_games

PLAYED_BEFORE_THE_SIGNAL = 3


class _Stderr(io.StringIO):
    """Standard error that does ``act`` when the run's stop message is written to it."""

    def __init__(self, act) -> None:
        super().__init__()
        self.act = act

    def write(self, text: str) -> int:
        if "stopped" in text and self.act is not None:
            act, self.act = self.act, None
            act()
        return super().write(text)


def _run(monkeypatch, tmp_path, first: signal.Signals, at_message) -> tuple[int, str]:
    real_play = strategy_cli.play_deal
    played = []

    def play(number: int, *players):
        if len(played) == PLAYED_BEFORE_THE_SIGNAL:
            os.kill(os.getpid(), first)
        played.append(number)
        return real_play(number, *players)

    monkeypatch.setattr(strategy_cli, "play_deal", play)
    stderr = _Stderr(at_message)
    monkeypatch.setattr("sys.stderr", stderr)
    results = tmp_path / "run.jsonl"
    status = main(["strategy", "--deals", "40", "--serial", "--results", str(results)])
    return status, stderr.getvalue()


@pytest.mark.parametrize(("first", "second", "status"), [
    (signal.SIGTERM, signal.SIGTERM, 143),  # the issue's: two SIGTERMs, as a supervisor sends them
    (signal.SIGINT, signal.SIGINT, 130),    # two Ctrl-C
    (signal.SIGTERM, signal.SIGINT, 143),
    (signal.SIGHUP, signal.SIGTERM, 129),
])
def test_a_second_signal_while_stopping_ends_as_the_first_asked(monkeypatch, tmp_path, first, second,
                                                                status):
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    result, words = _run(monkeypatch, tmp_path, first, lambda: os.kill(os.getpid(), second))
    assert result == status, words
    assert "internal error" not in words and "run the same command to resume" in words
    _, games = read_games(tmp_path / "run.jsonl")
    assert len(games) == PLAYED_BEFORE_THE_SIGNAL
    assert {sig: signal.getsignal(sig) for sig in previous} == previous  # the handlers given back


@pytest.mark.parametrize("errno_name", ["EIO", "EPIPE"])
def test_a_closed_terminal_exits_129_though_standard_error_is_gone(monkeypatch, tmp_path, errno_name):
    import errno

    def gone() -> None:
        raise OSError(getattr(errno, errno_name), os.strerror(getattr(errno, errno_name)))

    result, _ = _run(monkeypatch, tmp_path, signal.SIGHUP, gone)
    assert result == 129
    _, games = read_games(tmp_path / "run.jsonl")
    assert len(games) == PLAYED_BEFORE_THE_SIGNAL
