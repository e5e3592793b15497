"""``halfmoon strategy``: the Strategy page's players on the same deals, one JSON line a deal.

``--players rules`` (the default) plays every rule of thumb; ``--players search`` the honest
search beside the best rule, about a second a deal.

Like ``halfmoon stats``: the deals are spread over a Dask cluster (``cluster.spread``), a run
of any length starts at once, survives Ctrl-C (exit 130), SIGTERM (exit 143) and a closed
terminal (exit 129) with its results kept, resumes from its results file, and ``--merge``
joins the results files of both runs into the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import shlex
import signal
import sys
from pathlib import Path
from typing import TextIO

from tqdm import tqdm

from ..dealcode import DEAL_COUNT, DealCode
from ..files import open_for_appending, write_atomic
from ..solver.results import dumps
from ..solver.strategy import PLAYERS, PLAYERS_ID, RUNS, SEARCH_ID, SEARCH_PLAYERS
from ..solver.strategy_run import (
    DealGames,
    StrategyFileError,
    StrategyHeader,
    games_line,
    header_line,
    merge_runs,
    play_deal,
    read_games,
    summarise_runs,
)
from ..solver.verdicts import read_verdicts
from .cluster import add_options, spread, spread_of
from .options import SolverUsageError, check_outputs, check_results_file, check_writable
from .stats import EXIT_HUNG_UP, EXIT_INTERRUPTED, EXIT_TERMINATED

DEFAULT_VERDICTS = "docs/records/verdicts.gz"
PLAYER_SETS = {"rules": PLAYERS_ID, "search": SEARCH_ID}


class _Stopped(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


class _StopOnce:
    """The run's handler of SIGINT, SIGTERM and SIGHUP: the first raises _Stopped with the
    signal's exit status; any later one (a second Ctrl-C while the run is closing) is ignored,
    so the stop finishes as the first one asked (its message, the lines kept, its status)."""

    def __init__(self) -> None:
        self.stopping = False
        self.code: int | None = None  # the first signal's status

    def __call__(self, signum: int, frame: object) -> None:
        if self.stopping:
            return
        self.stopping = True
        codes = {signal.SIGINT: EXIT_INTERRUPTED, signal.SIGHUP: EXIT_HUNG_UP}
        self.code = codes.get(signal.Signals(signum), EXIT_TERMINATED)
        raise _Stopped(self.code)

    def raise_if_swallowed(self) -> None:
        """Raise the stop again if code that swallows exceptions (a finaliser, the cluster's
        own handlers) took it: "Exception ignored in ...", and the run would go on."""
        if self.code is not None:
            raise _Stopped(self.code)


def register(subparsers: argparse._SubParsersAction) -> None:
    strategy = subparsers.add_parser(
        "strategy", help="play the Strategy page's players on the same deals",
        description="Play the Strategy page's players (rules: " + ", ".join(p.name for p in PLAYERS)
        + "; search: " + ", ".join(p.name for p in SEARCH_PLAYERS) + ") on N consecutive deals, one "
        "JSON line a deal in --results (running the same command again resumes), spread over a Dask "
        "cluster started for the run (one worker a core) or the one of --scheduler; --merge joins the "
        "files of both runs into the page's figures (a search run not finished: as far as it went).",
    )
    strategy.add_argument("--players", choices=tuple(PLAYER_SETS), default="rules",
                          help="the rules of thumb (default), or the search beside the best rule")
    strategy.add_argument("--deals", type=int, metavar="N", help="how many deals (the whole run's)")
    strategy.add_argument("--start", default="HM1-N-AAAAAAA", metavar="CODE", help="the first deal code")
    strategy.add_argument("--results", metavar="FILE.jsonl", help="the results file (required to run)")
    strategy.add_argument("--merge", nargs="+", metavar="FILE.jsonl", help="summarise these results files")
    strategy.add_argument("--verdicts", default=DEFAULT_VERDICTS, metavar="FILE.gz",
                          help=f"with --merge: the winnability run's verdicts (default: {DEFAULT_VERDICTS})")
    strategy.add_argument("-o", "--output", metavar="FILE.json", help="with --merge: write the figures here")
    add_options(strategy)
    strategy.set_defaults(run=run_strategy)


def run_strategy(args: argparse.Namespace) -> int:
    if args.merge:
        return _merge(args)
    if args.deals is None or not args.results:
        raise SolverUsageError("give --deals N and --results FILE (or --merge FILE... to summarise)")
    start = DealCode.parse(args.start)
    if not 1 <= args.deals <= DEAL_COUNT - start.number:
        raise SolverUsageError(f"--deals must be from 1 to {DEAL_COUNT - start.number:,} from {start}")
    spreading = spread_of(args)
    header = StrategyHeader(str(start), args.deals, PLAYER_SETS[args.players])
    done, stream = _open(Path(args.results), header)
    todo = [number for number in header.numbers() if number not in done]
    stop = _StopOnce()
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    played = 0
    progress = tqdm(total=header.size(), initial=len(done), unit="deal", file=sys.stderr,
                    disable=not sys.stderr.isatty(), dynamic_ncols=True, smoothing=0.05)

    def keep(games: DealGames) -> None:
        nonlocal played
        stop.raise_if_swallowed()
        stream.write(games_line(games))
        stream.flush()
        played += 1
        progress.update(1)

    try:
        try:
            spread(iter(todo), functools.partial(play_chunk, players=header.players), keep, spreading,
                   todo=len(todo))
        finally:
            progress.close()
            stream.close()  # the lines written so far, whole, whatever stopped the run
    except _Stopped as stopped:
        with contextlib.suppress(OSError):  # after a hang-up, standard error may be gone too
            print(f"halfmoon: stopped: {len(done) + played:,} of {header.size():,} deals done, kept "
                  f"in {args.results}; run the same command to resume", file=sys.stderr)
        return stopped.code
    finally:
        stop.stopping = True  # a signal from here on changes nothing: the handlers go back now
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    print(f"halfmoon: {header.size():,} deals in {args.results}", file=sys.stderr)
    return 0


def play_chunk(numbers: list[int], players: str) -> list[DealGames]:
    """The deals played by the run's players (by a Dask worker, or here with --serial)."""
    return [play_deal(number, RUNS[players]) for number in numbers]


def _open(path: Path, header: StrategyHeader) -> tuple[set[int], TextIO]:
    """The deals already in ``path`` (same run only) and the file open for appending, locked for
    the run as ``halfmoon stats`` locks its results: a second run on it is refused."""
    check_writable(str(path), "--results")

    def read(path: Path) -> set[int]:
        _, games = read_games(path, repair=True, run=header)
        return {DealCode.parse(deal.code).number for deal in games}

    done, stream = open_for_appending(path, header_line(header), read)
    return done or set(), stream


def _merge(args: argparse.Namespace) -> int:
    check_outputs([("-o", args.output)], [*(("--merge", name) for name in args.merge),
                                          ("--verdicts", args.verdicts)])
    for name in args.merge:
        check_results_file(name, StrategyFileError)
    runs = merge_runs([Path(name) for name in args.merge])
    command = shlex.join(["halfmoon", "strategy", "--merge", *args.merge])
    summary = summarise_runs(runs, read_verdicts(Path(args.verdicts)), command)
    text = dumps(summary, indent=2) + "\n"
    if args.output:
        write_atomic(args.output, text)
        print(f"halfmoon: figures written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
