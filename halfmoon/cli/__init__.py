"""The ``halfmoon`` command-line tool.

Each subcommand lives in the module that owns its feature and registers itself
through a ``register(subparsers)`` function listed in ``SUBCOMMAND_MODULES``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from ..dealcode import DealCode
from ..errors import HalfMoonError
from ..position import Position
from ..record import read_record

SUBCOMMAND_MODULES = (
    "halfmoon.cli.catalogs",
    "halfmoon.cli.solving",
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
    code = DealCode.parse(args.code)
    layout = code.layout()
    if args.json:
        print(json.dumps({
            "code": str(code),
            "piles": [[str(card) for card in pile] for pile in layout.piles],
            "reserve": [str(card) for card in layout.reserve],
        }))
    else:
        print(Position(code))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    position = read_record(args.file).replay()
    state = "won" if position.is_won() else "deadlocked" if position.is_deadlocked() else "in play"
    if args.json:
        print(json.dumps({
            **position.to_json(),
            "moves": position.move_count,
            "score": position.score,
            "won": position.is_won(),
            "deadlocked": position.is_deadlocked(),
        }))
    else:
        print(position)
        print(f"{state}: {position.move_count} moves, {position.score} points")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="halfmoon", description="Half Moon solitaire: deals, records, diagrams, solver."
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except HalfMoonError as error:
        print(f"halfmoon: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"halfmoon: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("halfmoon: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
