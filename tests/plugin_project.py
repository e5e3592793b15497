"""A small MkDocs project for the plugin's tests, built in this process or as a command."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

from halfmoon import Position
from halfmoon.i18n import catalog_dir

CODE = "HM1-N-AAAAAAB"
CONFIG = """site_name: Test
theme:
  name: material
  font: false
markdown_extensions:
  - admonition
  - pymdownx.superfences
plugins:
  - halfmoon:
      example_record: records/game.txt
"""
# One line of the plugin's output: "file:line: what is wrong" (the line may be absent only
# when the file itself is at fault, as a catalog that cannot be read).
PLUGIN_PREFIX = "halfmoon_mkdocs: "  # MkDocs names the plugin before each of its messages
MESSAGE = r"^(?P<file>[^\s:][^:\n]*?)(?::(?P<line>\d+))?: (?P<what>\S[^\n]*)$"


PUBLISHED_FIGURES = Path(__file__).resolve().parent.parent / "docs" / "records" / "winnability.json"


def copy_site_project(folder: Path, names: tuple[str, ...], files: tuple[str, ...] = ("mkdocs.yml",)) -> Path:
    """The project's folders ``names`` and top-level ``files`` copied into ``folder`` (no
    caches, no built site), for a test that changes the site and builds the copy."""
    root = Path(__file__).resolve().parent.parent
    for name in names:
        shutil.copytree(root / name, folder / name,
                        ignore=shutil.ignore_patterns("__pycache__", "site", ".hypothesis"))
    for name in files:
        shutil.copy(root / name, folder / name)
    return folder


COUNTS = ("deals", "won", "lost", "undecided")


def summary_json(*without: str, **changes: object) -> str:
    """The published winnability figures (a whole ``halfmoon stats --json`` file) as JSON text,
    with the fields ``without`` left out and ``changes`` made. A change of a count changes every
    figure that comes from the counts and is not itself given (the readers check that they agree:
    the lists of deals, the shares and their intervals, the players, the times)."""
    figures = json.loads(PUBLISHED_FIGURES.read_text(encoding="utf-8"))
    figures.update(changes)
    if set(COUNTS) & set(changes):
        _agree_with_counts(figures, set(changes))
    return json.dumps({k: v for k, v in figures.items() if k not in without})


def _agree_with_counts(figures: dict, given: set[str]) -> None:
    from halfmoon import DealCode
    from halfmoon.solver.figures import Share, wilson_interval

    def fill(name: str, value: object) -> None:
        if name not in given:
            figures[name] = value

    deals, won = figures["deals"], figures["won"]
    fill("undecided", min(figures["undecided"], deals - won))
    fill("lost", deals - won - figures["undecided"])
    fill("lost_deals", [str(DealCode(n)) for n in range(figures["lost"])])
    if "undecided_deals" not in given:
        entries = figures["undecided_deals"] or [{}]
        figures["undecided_deals"] = (entries * figures["undecided"])[:figures["undecided"]]
    fill("won_share", Share.of(won, deals).share)
    fill("ci_low", round(wilson_interval(won, deals)[0], 6))
    fill("ci_high", round(wilson_interval(won + figures["undecided"], deals)[1], 6))
    for player in ("random_player", "greedy_player"):
        fill(player, asdict(Share.of(min(figures[player]["won"], deals), deals)))
    fill("confirmed", {way: min(count, deals) for way, count in figures["confirmed"].items()})
    if "ms_per_deal" not in given and "cpu_seconds" not in given:
        figures["cpu_seconds"] = round(figures["ms_per_deal"]["mean"] * deals / 1000, 2)
        figures["ms_per_deal"]["mean"] = round(1000 * figures["cpu_seconds"] / deals, 2)


def first_moves(count: int, code: str = CODE, pick: int = 0) -> str:
    position, moves = Position(code), []
    for _ in range(count):
        legal = position.legal_moves()
        move = legal[min(pick, len(legal) - 1)]
        position.push(move)
        moves.append(str(move))
    return " ".join(moves)


def make_project(folder: Path) -> Path:
    (folder / "docs" / "records").mkdir(parents=True)
    (folder / "mkdocs.yml").write_text(CONFIG)
    (folder / "docs" / "records" / "game.txt").write_text(f"{CODE}\n{first_moves(3)}\n")
    return folder


def copy_catalogs(folder: Path) -> Path:
    target = folder / "catalogs"
    shutil.copytree(catalog_dir(), target)
    return target


class Captured(logging.Handler):
    """Every warning and error MkDocs and its plugins log."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().removeprefix(PLUGIN_PREFIX))


def build_here(project: Path, config=None, site: str = "site"):  # type: ignore[no-untyped-def]
    """Build ``project`` in this process; returns the config (reusable, as serve does) and
    the messages logged."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    if config is None:
        config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / site))
        config.plugins.on_startup(command="serve", dirty=False)
    captured = Captured()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(captured)
    try:
        build(config)
    finally:
        logger.removeHandler(captured)
    return config, captured.messages


def build_command(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(project / "site")],
        cwd=project, capture_output=True, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def pages(site: Path) -> dict[str, str]:
    return {str(path.relative_to(site)): path.read_text(encoding="utf-8")
            for path in sorted(site.rglob("*.html"))}
