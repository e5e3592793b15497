"""``halfmoon solve``: a won game record for a deal, or why there is none."""

from __future__ import annotations

import argparse
import json
import math
import sys

from ..dealcode import DealCode
from ..files import write_atomic
from ..record import Record
from ..solver import LOST, UNDECIDED, Solution, solve
from .options import SolverUsageError, check_nodes, check_outputs

EXIT_WON, EXIT_LOST, EXIT_UNDECIDED = 0, 1, 3
DEFAULT_SOLVE_NODES = 5_000_000
MAX_SECONDS = 10**6  # beyond it the timer cannot be set (and nobody waits eleven days)


def register(subparsers: argparse._SubParsersAction) -> None:
    solve_parser = subparsers.add_parser(
        "solve", help="find a won game of a deal and write its record",
        description="Search a deal for a win and write the game record; exit 1 when the deal "
        "cannot be won, 3 when the budget runs out first.",
    )
    solve_parser.add_argument("code", help="a deal code such as HM1-N-AAAAAAB")
    solve_parser.add_argument(
        "-o", "--output", metavar="FILE", help="write the record here (default: print it)"
    )
    _budget_options(solve_parser, nodes=DEFAULT_SOLVE_NODES, seconds=None)
    solve_parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    solve_parser.set_defaults(run=run_solve)


def _budget_options(parser: argparse.ArgumentParser, *, nodes: int | None, seconds: float | None) -> None:
    parser.add_argument("--nodes", type=int, default=nodes, metavar="N",
                        help="positions the search may expand, and conflicts the rounds formula may meet, "
                        f"per deal (default: {nodes or 'no limit'})")
    parser.add_argument("--seconds", type=float, default=seconds, metavar="S",
                        help=f"seconds to search at most per deal (default: {seconds or 'no limit'})")


def _check_budget(args: argparse.Namespace) -> None:
    check_nodes(args.nodes)
    if args.seconds is not None and not (math.isfinite(args.seconds) and 0 < args.seconds <= MAX_SECONDS):
        raise SolverUsageError(f"--seconds must be more than 0 and at most {MAX_SECONDS:,}, "
                               f"not {args.seconds:g}")


def _budget_words(nodes: int | None, seconds: float | None) -> str:
    parts = []
    if nodes is not None:
        parts.append(f"{nodes:,} positions")
    if seconds is not None:
        parts.append(f"{seconds:g} s")
    return " or ".join(parts) or "no limit"


# --- solve ---------------------------------------------------------------------------


def run_solve(args: argparse.Namespace) -> int:
    _check_budget(args)
    code = DealCode.parse(args.code)
    check_outputs([("-o", args.output)])
    solution = solve(code, node_budget=args.nodes, time_budget=args.seconds)
    if args.json:
        print(json.dumps({
            "code": str(code), "status": str(solution.status), "nodes": solution.nodes,
            "seconds": round(solution.seconds, 4), "by": solution.by, "conflicts": solution.conflicts,
            "moves": [str(move) for move in solution.moves],
        }))
    if solution.status == LOST:
        how = (f"the search tried every order of removals ({_positions(solution.nodes)} expanded)"
               if solution.by == "search" else "the rounds formula has no solution")
        print(f"halfmoon: {code} cannot be won: no order of removals clears the table; {how}",
              file=sys.stderr)
        return EXIT_LOST
    if solution.status == UNDECIDED:
        print(f"halfmoon: {code} undecided: the budget ({_budget_words(args.nodes, args.seconds)}) "
              f"ran out after {_positions(solution.nodes)}; try a larger --nodes or --seconds",
              file=sys.stderr)
        return EXIT_UNDECIDED
    text = record_text(code, solution)
    if args.output:
        write_atomic(args.output, text)
        print(f"halfmoon: won game of {code} written to {args.output}", file=sys.stderr)
    elif not args.json:
        sys.stdout.write(text)
    return EXIT_WON


def _positions(count: int) -> str:
    return f"{count:,} position" + ("" if count == 1 else "s")


def record_text(code: DealCode, solution: Solution) -> str:
    """The record of a won game, checked by replaying it, under a comment saying where it came from."""
    record = Record(code, list(solution.moves))
    if not record.replay().is_won():  # never expected: the solver's moves are legal by construction
        raise AssertionError(f"the solver's record of {code} does not win")
    return f"# A won game of {code}, found by `halfmoon solve {code}`.\n" + record.format()
