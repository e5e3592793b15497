"""The recipe of the authors page, followed in a temporary copy: a new language (catalog,
pages, configuration) builds with ``mkdocs build --strict`` and speaks its own words."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from halfmoon import Position, Record

ROOT = Path(__file__).resolve().parent.parent
NEW = "it"
# Italian card letters: fante, donna, re. Distinct from every other catalog's.
LETTERS = {"J": "F", "Q": "D", "K": "R"}


def add_language(copy: Path) -> None:
    catalogs = copy / "halfmoon" / "catalogs"
    messages = json.loads((catalogs / "en.json").read_text(encoding="utf-8"))
    for rank, letter in LETTERS.items():
        messages[f"card.letter.{rank}"] = letter
    for key, value in messages.items():
        if isinstance(value, dict):  # Italian plurals: one, many, other
            messages[key] = {"one": value["one"], "many": value["other"], "other": value["other"]}
    (catalogs / f"{NEW}.json").write_text(json.dumps(messages, ensure_ascii=False, indent=2))

    pages = copy / "docs" / NEW
    pages.mkdir()
    for page in ("index.md", "examples.md", "play.md", "deal-codes.md"):
        text = (copy / "docs" / "en" / page).read_text(encoding="utf-8")
        (pages / page).write_text(text.replace("# ", "# [it] ", 1), encoding="utf-8")

    config = (copy / "mkdocs.yml").read_text(encoding="utf-8")
    entry = (f"        - locale: {NEW}\n          name: Italiano\n          build: true\n"
             "          nav:\n            - index.md\n            - examples.md\n"
             "            - play.md\n            - deal-codes.md\n")
    config = config.replace("  # After i18n in this list", entry + "  # After i18n in this list")
    (copy / "mkdocs.yml").write_text(config, encoding="utf-8")


@pytest.mark.slow
def test_a_new_language_added_by_the_recipe_builds_strictly(tmp_path):
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("docs", "overrides", "halfmoon", "plugins"):
        shutil.copytree(ROOT / name, copy / name,
                        ignore=shutil.ignore_patterns("__pycache__", "site"))
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    add_language(copy)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join([str(copy), str(copy / "plugins")])}

    check = subprocess.run([sys.executable, "-m", "halfmoon", "check-catalogs"], cwd=copy,
                           env=env, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout

    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(copy / "site")],
        cwd=copy, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    html = (copy / "site" / NEW / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{NEW}"' in html
    # The rules page names the next move's cards with the new catalog's letters.
    record = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text())
    position = Position(record.code)
    position.push(record.moves[0])
    text = re.sub(r"<[^>]+>", "", html)
    for source in record.moves[1].sources:
        card = position.card_at(source)
        letter = LETTERS.get(card.rank_text, card.rank_text)
        assert letter + "♠♥♦♣"["SHDC".index(card.suit)] in text
    assert (copy / "site" / "assets" / "halfmoon" / "catalogs" / f"{NEW}.json").exists()


def test_the_recipe_on_the_authors_page_matches_what_the_test_does():
    page = (ROOT / "docs" / "en" / "authors.md").read_text(encoding="utf-8")
    assert "halfmoon check-catalogs" in page
    assert "- locale: it" in page and "mkdocs build --strict" in page
