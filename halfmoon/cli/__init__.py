"""The ``halfmoon`` command-line tool.

Each subcommand lives in the module that owns its feature and registers itself
through a ``register(subparsers)`` function listed in ``SUBCOMMAND_MODULES``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from ..dealcode import DealCode
from ..errors import CommandLineError, HalfMoonError
from ..position import Position
from ..record import read_record

SUBCOMMAND_MODULES = (
    "halfmoon.cli.catalogs",
    "halfmoon.cli.languages",
    "halfmoon.cli.solving",
    "halfmoon.cli.stats",
    "halfmoon.cli.strategy",
    "halfmoon.cli",
    "halfmoon.cli.diagrams",
)


def register(subparsers: argparse._SubParsersAction) -> None:
    deal = subparsers.add_parser("deal", help="show the layout of a deal code")
    deal.add_argument("code", help="a deal code such as HM1-N-AAAAAAB")
    deal.add_argument("--json", action="store_true", help="print JSON in machine notation")
    deal.set_defaults(run=run_deal)

    replay = subparsers.add_parser("replay", help="replay a game record and show the result")
    replay.add_argument("file", help="record file, or - for standard input")
    replay.add_argument("--json", action="store_true", help="print JSON")
    replay.set_defaults(run=run_replay)


def run_deal(args: argparse.Namespace) -> int:
    position = Position(DealCode.parse(args.code))
    print(json.dumps(position.to_json()) if args.json else position)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    position = read_record(args.file).replay()
    if args.json:
        print(json.dumps({
            **position.to_json(),
            "move_count": position.move_count,
            "score": position.score,
            "status": str(position.status),
        }))
    else:
        print(position)
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, with usage errors raised (one line, exit 2 in ``main``) instead of printed."""

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(f"{self.prog}: {message} (see {self.prog} --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="halfmoon", description="Half Moon solitaire: deals, records, diagrams, solver.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


EXIT_USAGE = 2  # bad input: a usage error, an unreadable file, an illegal record
EXIT_BROKEN_PIPE = 128 + 13  # what a shell reports for a reader that stopped early (SIGPIPE)
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70  # EX_SOFTWARE: a bug of ours, reported in one line
MESSAGE_LIMIT = 600


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; every failure is one line on standard error and an exit status."""
    _tolerate_narrow_encodings()
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # --help and --version print and stop
            return done.code if isinstance(done.code, int) else 0
        status = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handlers below
        return status
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_BROKEN_PIPE
    except HalfMoonError as error:
        return _fail(str(error), EXIT_USAGE)
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        return _fail(f"{where}{error.strerror or error}", EXIT_USAGE)
    except KeyboardInterrupt:
        print("halfmoon: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # noqa: BLE001 - a bug must still end in one line, not a traceback
        if os.environ.get("HALFMOON_DEBUG"):
            raise
        return _fail(
            f"internal error {type(error).__name__}: {error} (HALFMOON_DEBUG=1 shows the traceback)",
            EXIT_INTERNAL,
        )


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one printable line of at most ``limit`` characters: controls are escaped."""
    escaped = "".join(
        char if char.isprintable() or char == " " else char.encode("unicode_escape").decode("ascii")
        for char in text[: limit + 1]
    )
    return escaped if len(escaped) <= limit else escaped[: limit - 1] + "…"


def _fail(message: str, status: int) -> int:
    try:
        print(f"halfmoon: error: {one_line(message)}", file=sys.stderr)
    except (OSError, ValueError):  # standard error itself is gone: the status still tells
        pass
    return status


def _tolerate_narrow_encodings() -> None:
    """With PYTHONIOENCODING=ascii (or a C locale), write what the encoding cannot hold as
    escapes instead of failing on the first card symbol."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            reconfigure(errors="backslashreplace")


def _discard_stdout() -> None:
    """Point standard output at /dev/null so that the interpreter's last flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
