"""``halfmoon check-catalogs``: every language has every message, with the same placeholders."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..i18n import check_catalogs


def register(subparsers: argparse._SubParsersAction) -> None:
    check = subparsers.add_parser(
        "check-catalogs",
        help="check that every catalog has every message, placeholder and plural form",
    )
    check.add_argument(
        "--dir", type=Path, default=None,
        help="folder of catalogs to check (default: the installed halfmoon/catalogs)",
    )
    check.set_defaults(run=run_check_catalogs)


def run_check_catalogs(args: argparse.Namespace) -> int:
    # No en.json, or an unreadable one, raises TranslationError: one line on stderr, exit 2.
    problems = check_catalogs(args.dir)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) found")
        return 1
    print("every catalog has every message, placeholder and plural form")
    return 0
