"""The recipe of the authors page, followed in a temporary copy of the project with a real
language the site does not ship (Italian): ``new-language``, translating, ``mark-translated``,
``translation-status --strict``, ``check-catalogs``, ``mkdocs build --strict``; the pages
speak Italian, search indexes Italian, and the Play page plays in Italian."""

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
from halfmoon.cli.languages import UNTRANSLATED
from halfmoon.cli.siteconfig import read_site

ROOT = Path(__file__).resolve().parent.parent
NEW = "it"
# The test's own stand-in for a translator's work: Italian card letters (fante, donna, re,
# distinct from every other catalog's) and the words a player sees first.
ITALIAN = {
    "card.letter.J": "F", "card.letter.Q": "D", "card.letter.K": "R",
    "game.button.new": "Nuova partita", "game.button.undo": "Annulla",
    "game.button.export": "Esporta la partita", "game.settings.legend": "Impostazioni",
    "game.said.selected": "Selezionato {what}",
}
PALETTE = ("Modalità scura", "Modalità chiara")

pytestmark = pytest.mark.slow


def halfmoon(copy: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "halfmoon", *args], cwd=copy, env=env_for(copy),
                          capture_output=True, text=True)


def env_for(copy: Path) -> dict[str, str]:
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1",
            "PYTHONPATH": os.pathsep.join([str(copy), str(copy / "plugins")])}


def translate(copy: Path) -> None:
    """What the translator does between the two commands of the guide."""
    path = copy / "halfmoon" / "catalogs" / f"{NEW}.json"
    messages = json.loads(path.read_text(encoding="utf-8"))
    for key, value in messages.items():
        if isinstance(value, str):
            english = value.removeprefix(UNTRANSLATED)
            # Game texts the test has no Italian for get a mark it can recognise in the page.
            stand_in = f"(it) {english}" if key.startswith("game.button.") else english
            messages[key] = ITALIAN.get(key, stand_in)
        else:
            messages[key] = {form: text.removeprefix(UNTRANSLATED) for form, text in value.items()}
    path.write_text(json.dumps(messages, ensure_ascii=False, indent=2), encoding="utf-8")
    for page in (copy / "docs" / NEW).glob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("\n# ", "\n# [it] ", 1), encoding="utf-8")
    config = copy / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    for english, italian in zip(read_site(config).default.palette_labels, PALETTE):
        text = text.replace(f"'{UNTRANSLATED}{english}'", italian)
    config.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def italian_site(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("project")
    for name in ("docs", "overrides", "halfmoon", "plugins"):
        shutil.copytree(ROOT / name, copy / name,
                        ignore=shutil.ignore_patterns("__pycache__", "site"))
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")

    added = halfmoon(copy, "new-language", NEW, "--name", "Italiano")
    assert added.returncode == 0, added.stderr
    assert halfmoon(copy, "translation-status", "--strict").returncode == 1  # not translated yet
    translate(copy)
    pages = [str(page.relative_to(copy)) for page in sorted((copy / "docs" / NEW).glob("*.md"))]
    assert halfmoon(copy, "mark-translated", *pages).returncode == 0
    status = halfmoon(copy, "translation-status", "--strict")
    assert status.returncode == 0, status.stdout + status.stderr
    check = halfmoon(copy, "check-catalogs")
    assert check.returncode == 0, check.stdout + check.stderr

    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(copy / "site")],
        cwd=copy, env=env_for(copy), capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return copy / "site"


def test_a_new_language_added_by_the_recipe_builds_strictly_in_its_own_words(italian_site):
    html = (italian_site / NEW / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{NEW}"' in html and "[it] " in html
    # The rules page names the next move's cards with the new catalog's letters.
    record = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text())
    position = Position(record.code)
    position.push(record.moves[0])
    text = re.sub(r"<[^>]+>", "", html)
    for source in record.moves[1].sources:
        card = position.card_at(source)
        letter = ITALIAN.get(f"card.letter.{card.rank_text}", card.rank_text)
        assert letter + "♠♥♦♣"["SHDC".index(card.suit)] in text
    assert PALETTE[0] in html and UNTRANSLATED not in html
    assert (italian_site / "assets" / "halfmoon" / "catalogs" / f"{NEW}.json").exists()
    for page in read_site(ROOT / "mkdocs.yml").translated_pages():
        built = "" if page == "index.md" else page.removesuffix(".md") + "/"
        assert (italian_site / NEW / built / "index.html").is_file()


def test_search_indexes_the_new_language(italian_site):
    """The new language gets its own index in its folder, stemmed with its own lunr only."""
    index = json.loads((italian_site / NEW / "search" / "search_index.json").read_text("utf-8"))
    assert index["config"]["lang"] == [NEW]  # lunr.it: Italian words stemmed as Italian
    assert index["docs"] and not any(doc["location"].startswith(f"{NEW}/")
                                     for doc in index["docs"])
    html = (italian_site / NEW / "play" / "index.html").read_text("utf-8")
    assert f'"base": "../../{NEW}/"' in html


@pytest.mark.browser
def test_the_play_page_of_the_new_language_plays_in_it(italian_site, page):
    """The copied Play page needs no hand edit: the game takes its language from the page."""
    from site_server import serve

    with serve(italian_site) as url:
        page.goto(f"{url}{NEW}/play/#HM1-N-AAAAAAB")
        page.wait_for_selector(".hm-board [data-source='1']")
        buttons = page.locator(".hm-game .hm-toolbar button").all_inner_texts()
        assert ITALIAN["game.button.new"] in buttons and ITALIAN["game.button.undo"] in buttons
        assert all(text in ITALIAN.values() or text.startswith("(it) ") for text in buttons)
        page.click(".hm-game [data-source='1']")
        said = page.locator(".hm-game [aria-live]").first.inner_text()
        assert said.startswith("Selezionato ")


def test_the_recipe_on_the_authors_page_is_what_this_test_does():
    page = (ROOT / "docs" / "en" / "authors.md").read_text(encoding="utf-8")
    for step in ("halfmoon new-language it --name Italiano", "halfmoon mark-translated",
                 "halfmoon translation-status --strict", "halfmoon check-catalogs",
                 "python3 dev.py build"):
        assert step in page, step
