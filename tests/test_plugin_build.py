"""The plugin inside real MkDocs builds of a one-page project: errors, cache, watch, assets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon import Position
from halfmoon.i18n import catalog_dir

CODE = "HM1-N-AAAAAAB"
CONFIG = """site_name: Test
theme:
  name: material
  font: false
plugins:
  - halfmoon:
      example_record: records/game.txt
"""


def first_moves(count: int) -> str:
    position, moves = Position(CODE), []
    for _ in range(count):
        move = position.legal_moves()[0]
        position.push(move)
        moves.append(str(move))
    return " ".join(moves)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "docs" / "records").mkdir(parents=True)
    (tmp_path / "mkdocs.yml").write_text(CONFIG)
    (tmp_path / "docs" / "records" / "game.txt").write_text(f"{CODE}\n{first_moves(3)}\n")
    return tmp_path


def build(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(project / "site")],
        cwd=project, capture_output=True, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


GOOD_BLOCK = (
    "```halfmoon\nrecord: records/game.txt\nafter: 1\nmark: next\n"
    "caption: docs.caption.next_move\n```\n"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("page", "line", "words"),
    [
        ("# T\n\n```halfmoon\ncode: HM1-X-AAAAAAB\n```\n", 4, "variant"),
        ("# T\n\n```halfmoon\nrecord: records/none.txt\n```\n", 4, "not found"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\nafter: 9\n```\n", 5, "out of range"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\nzoom: 2\n```\n", 5, "unknown key 'zoom'"),
        ("# T\n\nText\n\n```halfmoon\ncode: HM1-N-AAAAAAB\nmoves: 1+2\n```\n", 7, "not 11"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\ncaption: docs.nope\n```\n", 5, "docs.nope"),
        ("# T\n\nSee {{hm move 7}} here.\n", 3, "move number 7 is out of range"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\nafter: end\nmark: next\n```\n", 6,
         "no move after"),
    ],
)
def test_a_broken_block_fails_the_strict_build_with_page_and_line(project, page, line, words):
    (project / "docs" / "index.md").write_text(page)
    result = build(project)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert f"docs/index.md:{line}:" in output, output
    assert words in output, output


@pytest.mark.slow
def test_an_illegal_move_in_a_record_file_is_reported_with_the_record_line(project):
    (project / "docs" / "records" / "game.txt").write_text(f"{CODE}\n\n{first_moves(1)} 1+2\n")
    (project / "docs" / "index.md").write_text("# T\n\n" + GOOD_BLOCK)
    output = "".join(build(project).__dict__[k] or "" for k in ("stdout", "stderr"))
    assert "docs/index.md:4:" in output  # the block's record line
    assert "records/game.txt:3:" in output and "move 2" in output


@pytest.mark.slow
def test_a_good_page_builds_and_publishes_the_catalogs_for_the_game(project):
    (project / "docs" / "index.md").write_text("# T\n\nFirst: {{hm move 1}}.\n\n" + GOOD_BLOCK)
    result = build(project)
    assert result.returncode == 0, result.stderr
    html = (project / "site" / "index.html").read_text()
    assert html.count('class="hm-diagram"') == 1
    assert "<figcaption>" in html and 'class="hm-text-alternative"' in html
    for source in catalog_dir().glob("*.json"):
        published = project / "site" / "assets" / "halfmoon" / "catalogs" / source.name
        assert json.loads(published.read_text()) == json.loads(source.read_text())


@pytest.mark.slow
def test_a_rebuild_reuses_diagrams_and_redraws_after_a_record_changes(project):
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    (project / "docs" / "index.md").write_text("# T\n\n" + GOOD_BLOCK)
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    plugin = config.plugins["halfmoon"]
    mkdocs_build(config)
    first = (project / "site" / "index.html").read_text()
    assert plugin.cache.misses == 1 and plugin.cache.hits == 0

    mkdocs_build(config)
    assert plugin.cache.hits == 1 and plugin.cache.misses == 1

    record = project / "docs" / "records" / "game.txt"
    # Another first move, and a second one after it: the diagram after move 1 must change.
    position = Position(CODE)
    other = position.legal_moves()[-1]
    assert str(other) != first_moves(1)
    position.push(other)
    record.write_text(f"{CODE}\n{other} {position.legal_moves()[0]}\n")
    os.utime(record, ns=(1, 1))  # a different stamp even on coarse clocks
    mkdocs_build(config)
    assert plugin.cache.misses == 2
    assert (project / "site" / "index.html").read_text() != first
