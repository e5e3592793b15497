"""The recipe of the translators' page, followed in a temporary copy of the project with two real
languages the site does not ship: Czech (four plural categories, no stemmer of Material's)
and Thai (one category, a script written without spaces between words): ``new-language``,
translating, ``mark-translated``, ``translation-status --strict``, ``check-catalogs``,
``mkdocs build --strict``. Then the suite's own language-dependent tests (catalog, plurals
Babel vs Intl.PluralRules, pages, search through the box, axe, offline) run on the copy,
unedited, for the two new languages only."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from plugin_project import copy_site_project

from halfmoon import Position, Record
from halfmoon.cli.languages import UNTRANSLATED
from halfmoon.cli.siteconfig import read_site

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("docs", "overrides", "halfmoon", "plugins", "tests")


@dataclass(frozen=True)
class Translation:
    """The test's stand-in for a translator's work. Real words of the language where a test
    reads words (the home page's paragraphs, which search is tried with; the buttons; the
    counts); elsewhere the English text, marked, since those tests check structure."""

    name: str
    palette: tuple[str, str]
    messages: dict[str, str]
    plurals: dict[str, dict[str, str]]
    paragraphs: tuple[str, ...]  # the home page's prose, in turn
    lead_in: str  # before the inserts of a paragraph that has some
    marked: str = field(default="")


LANGUAGES = {
    "cs": Translation(
        name="Čeština",
        palette=("Tmavý režim", "Světlý režim"),
        messages={
            "card.letter.J": "J", "card.letter.Q": "D", "card.letter.K": "K",
            "game.button.new": "Nová hra", "game.button.undo": "Zpět",
            "game.button.export": "Exportovat hru", "game.settings.legend": "Nastavení",
            "game.said.selected": "Vybráno: {what}",
        },
        # A count keeps to its noun with a no-break space, as translation-status --strict asks.
        plurals={
            "docs.count.moves": {"one": "{count}\u00a0tah", "few": "{count}\u00a0tahy",
                                 "many": "{count}\u00a0tahu", "other": "{count}\u00a0tahů"},
            "docs.count.cards": {"one": "{count}\u00a0karta", "few": "{count}\u00a0karty",
                                 "many": "{count}\u00a0karty", "other": "{count}\u00a0karet"},
        },
        paragraphs=(
            "Half Moon je solitér pro dva balíčky karet. Všechny karty leží na stole od "
            "samého začátku a odebírají se po dvojicích, jejichž hodnoty dávají dohromady "
            "jedenáct, a po trojicích kluka, dámy a krále.",
            "Hrát lze jen vrchní kartou každé hromádky a kartami, které ještě leží v "
            "rezervě. Odebrané karty odcházejí ze hry a prázdná hromádka zůstává prázdná.",
            "Hru vyhrajete, když ze stolu zmizí všechny karty. Každá dvojice přináší deset "
            "bodů, každá trojice patnáct.",
        ),
        lead_in="Příklad z vyhrané hry:",
    ),
    "th": Translation(
        name="ไทย",
        palette=("โหมดมืด", "โหมดสว่าง"),
        messages={
            "game.button.new": "เกมใหม่", "game.button.undo": "ย้อนกลับ",
            "game.button.export": "ส่งออกเกม", "game.settings.legend": "การตั้งค่า",
            "game.said.selected": "เลือก {what} แล้ว",
        },
        plurals={
            "docs.count.moves": {"other": "{count}\u00a0ตา"},
            "docs.count.cards": {"other": "{count}\u00a0ใบ"},
        },
        paragraphs=(
            "ฮาล์ฟมูน คือเกมไพ่คนเดียวที่ใช้ไพ่สองสำรับ ไพ่ทุกใบวางอยู่บนโต๊ะตั้งแต่เริ่มเกม "
            "ผู้เล่นเก็บไพ่ออกเป็นคู่ที่รวมกันได้สิบเอ็ด หรือเป็นชุดสามใบของแจ็ค ควีน และคิง",
            "เล่นได้เฉพาะไพ่ใบบนสุดของแต่ละกอง และไพ่ในช่องสำรอง "
            "ไพ่ที่เก็บออกแล้วจะไม่กลับมาอีก",
            "ชนะเมื่อเก็บไพ่ออกจากโต๊ะได้ครบทุกใบ คู่หนึ่งได้สิบแต้ม ชุดสามใบได้สิบห้าแต้ม",
        ),
        lead_in="ตัวอย่างจากเกมที่ชนะ:",
    ),
}

# The suite's tests that read every site language at once (not one parameter a language),
# run on the copy beside the ones parametrised with a new language.
SUITE = ("tests/test_i18n.py", "tests/test_site.py", "tests/test_smoke_browser.py",
         "tests/test_offline.py", "tests/test_offline_browser.py")
ALL_LANGUAGES_AT_ONCE = {
    "tests/test_i18n.py::test_every_catalog_has_every_message_with_the_same_placeholders",
    "tests/test_i18n.py::test_the_site_languages_all_have_catalogs",
    "tests/test_site.py::test_every_language_has_its_own_search_index_of_its_own_pages",
    "tests/test_site.py::test_a_language_without_a_stemmer_finds_every_word_of_its_pages_as_written",
    "tests/test_smoke_browser.py::test_the_browser_picks_the_plural_form_babel_picks_for_every_count",
    "tests/test_offline.py::test_every_page_links_its_language_manifest_and_the_worker",
    "tests/test_offline.py::test_the_worker_precaches_every_play_page_and_only_files_that_exist",
    "tests/test_offline.py::test_the_worker_precaches_what_each_languages_search_loads",
    "tests/test_offline_browser.py::test_a_new_build_is_offered_then_taken_whole_online_and_offline",
}
# Tests that must have run, and passed, for each new language.
REQUIRED = (
    "tests/test_i18n.py::test_every_plural_message_has_exactly_the_cldr_forms_and_fits_every_count",
    "tests/test_i18n.py::test_babel_and_the_browser_agree_on_the_plural_category_of_every_count",
    "tests/test_site.py::test_every_page_exists_in_every_language_and_is_in_that_language",
    "tests/test_site.py::test_every_language_counts_the_won_game_in_its_own_plural",
    "tests/test_smoke_browser.py::test_search_finds_a_word_of_the_language_and_only_pages_in_that_language",
    "tests/test_smoke_browser.py::test_no_serious_or_critical_accessibility_violations",
    "tests/test_offline.py::test_every_language_has_a_valid_manifest_with_its_icons",
)

pytestmark = pytest.mark.slow


def halfmoon(copy: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "halfmoon", *args], cwd=copy, env=env_for(copy),
                          capture_output=True, text=True)


def env_for(copy: Path) -> dict[str, str]:
    return {**os.environ, "NO_MKDOCS_2_WARNING": "1",
            "PYTHONPATH": os.pathsep.join([str(copy), str(copy / "plugins")])}


def translate_catalog(copy: Path, code: str) -> None:
    words = LANGUAGES[code]
    path = copy / "halfmoon" / "catalogs" / f"{code}.json"
    messages = json.loads(path.read_text(encoding="utf-8"))
    for key, value in messages.items():
        if isinstance(value, str):
            english = value.removeprefix(UNTRANSLATED)
            # Game texts the test has no words for get a mark it can recognise in the page.
            stand_in = f"({code}) {english}" if key.startswith("game.button.") else english
            messages[key] = words.messages.get(key, stand_in)
        else:
            messages[key] = words.plurals.get(
                key, {form: text.removeprefix(UNTRANSLATED) for form, text in value.items()})
    # The app's description is the home page's prose: the catalog then writes with every
    # letter the page does (the search test picks its word among the catalog's letters).
    messages["app.description"] = " ".join(words.paragraphs)
    path.write_text(json.dumps(messages, ensure_ascii=False, indent=2), encoding="utf-8")


def translate_home_page(text: str, code: str) -> str:
    """Each paragraph of prose becomes one of the language's own; a paragraph with inserts
    keeps them, after a lead-in of the language. Blocks, headings and lists stay as they are."""
    words = LANGUAGES[code]
    head, body = text.split("\n# ", 1)
    blocks = ("\n# " + body).split("\n\n")
    turn, out, in_fence = 0, [], False
    for block in blocks:
        first = block.lstrip("\n")[:1]
        if block.count("```") % 2:
            in_fence = not in_fence
        prose = not in_fence and "```" not in block and first.isalpha()
        if prose and "{{hm" in block:
            block = words.lead_in + " " + ", ".join(re.findall(r"\{\{hm [^}]*\}\}", block)) + "."
        elif prose:
            block = words.paragraphs[turn % len(words.paragraphs)]
            turn += 1
        out.append(block)
    return head + "\n\n".join(out).replace("\n# ", f"\n# [{code}] ", 1)


def translate_pages(copy: Path, code: str) -> None:
    for page in (copy / "docs" / code).glob("*.md"):
        text = page.read_text(encoding="utf-8")
        if page.name == "index.md":
            text = translate_home_page(text, code)
        else:  # the other pages: structure only
            text = text.replace("\n# ", f"\n# [{code}] ", 1)
        page.write_text(text, encoding="utf-8")


def translate_palette(copy: Path, code: str) -> None:
    config = copy / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    entry = text.index(f"- locale: {code}")
    rest = text[entry:]
    for english, label in zip(read_site(config).default.palette_labels, LANGUAGES[code].palette):
        rest = rest.replace(f"'{UNTRANSLATED}{english}'", label, 1)
    config.write_text(text[:entry] + rest, encoding="utf-8")


@dataclass
class Copy:
    project: Path
    site: Path
    steps: dict[str, float]  # seconds of wall time each step took, for the translators' page


@pytest.fixture(scope="module")
def added(tmp_path_factory) -> Copy:
    copy = copy_site_project(tmp_path_factory.mktemp("project"), PROJECT, ("mkdocs.yml", "pyproject.toml"))
    steps: dict[str, float] = {}

    def step(name: str, *args: str) -> subprocess.CompletedProcess:
        start = time.perf_counter()
        result = halfmoon(copy, *args)
        steps[name] = steps.get(name, 0.0) + time.perf_counter() - start
        return result

    for code, words in LANGUAGES.items():
        added = step("new-language", "new-language", code, "--name", words.name)
        assert added.returncode == 0, added.stderr
        assert f"({code}) added" in added.stdout and "search:" in added.stdout
        translate_catalog(copy, code)
        translate_pages(copy, code)
        translate_palette(copy, code)
        pages = [str(page.relative_to(copy)) for page in sorted((copy / "docs" / code).glob("*.md"))]
        assert step("mark-translated", "mark-translated", *pages).returncode == 0
    status = step("translation-status", "translation-status", "--strict")
    assert status.returncode == 0, status.stdout + status.stderr
    check = step("check-catalogs", "check-catalogs")
    assert check.returncode == 0, check.stdout + check.stderr

    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(copy / "site")],
        cwd=copy, env=env_for(copy), capture_output=True, text=True,
    )
    steps["mkdocs build --strict"] = time.perf_counter() - start
    assert result.returncode == 0, result.stdout + result.stderr
    return Copy(copy, copy / "site", steps)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_new_language_added_by_the_recipe_builds_strictly_in_its_own_words(added, code):
    html = (added.site / code / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{code}"' in html and f"[{code}] " in html
    assert LANGUAGES[code].paragraphs[0].split()[3] in html
    # The rules page names the next move's cards with the new catalog's letters.
    record = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text())
    position = Position(record.code)
    position.push(record.moves[0])
    text = re.sub(r"<[^>]+>", "", html)
    for source in record.moves[1].sources:
        card = position.card_at(source)
        letter = LANGUAGES[code].messages.get(f"card.letter.{card.rank_text}", card.rank_text)
        assert letter + "♠♥♦♣"["SHDC".index(card.suit)] in text
    assert LANGUAGES[code].palette[0] in html and UNTRANSLATED not in html
    assert (added.site / "assets" / "halfmoon" / "catalogs" / f"{code}.json").exists()
    for page in read_site(ROOT / "mkdocs.yml").translated_pages():
        built = "" if page == "index.md" else page.removesuffix(".md") + "/"
        assert (added.site / code / built / "index.html").is_file()


def test_search_indexes_each_new_language_as_its_own(added):
    """Thai is read with lunr.th; Czech, which Material has no stemmer for, as written."""
    for code, lang in (("th", ["th"]), ("cs", ["en"])):
        index = json.loads((added.site / code / "search" / "search_index.json").read_text("utf-8"))
        assert index["config"]["lang"] == lang
        assert (index["config"]["pipeline"] == []) == (code == "cs")
        assert index["docs"] and not any(doc["location"].startswith(f"{code}/")
                                         for doc in index["docs"])
        html = (added.site / code / "play" / "index.html").read_text("utf-8")
        assert f'"base": "../../{code}/"' in html


@pytest.mark.browser
def test_the_play_page_of_a_new_language_plays_in_it(added, page):
    """The copied Play page needs no hand edit: the game takes its language from the page."""
    from site_server import serve

    words = LANGUAGES["cs"]
    with serve(added.site) as url:
        page.goto(f"{url}cs/play/#HM1-N-AAAAAAB")
        page.wait_for_selector(".hm-board [data-source='1']")
        buttons = page.locator(".hm-game .hm-toolbar button").all_inner_texts()
        assert words.messages["game.button.new"] in buttons
        assert all(text in words.messages.values() or text.startswith("(cs) ") for text in buttons)
        page.click(".hm-game [data-source='1']")
        said = page.locator(".hm-game [aria-live]").first.inner_text()
        assert said.startswith("Vybráno: ")


@pytest.mark.browser
def test_the_suites_language_tests_pass_on_the_copy_for_the_new_languages(added, chromium):
    """The suite of the copy, unedited: the tests parametrised with a new language and the
    ones that read every language at once, on the site the recipe built."""
    env = {**env_for(added.project), "HALFMOON_BUILT_SITE": str(added.site)}
    pytest_args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
    collected = subprocess.run([*pytest_args, "--collect-only", "-q", *SUITE],
                               cwd=added.project, env=env, capture_output=True, text=True)
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    new = "|".join(LANGUAGES)
    chosen = [line for line in collected.stdout.splitlines() if "::" in line and (
        re.search(rf"[\[-]({new})[\]-]", line) or line in ALL_LANGUAGES_AT_ONCE)]
    assert set(ALL_LANGUAGES_AT_ONCE) <= set(chosen)
    start = time.perf_counter()
    result = subprocess.run([*pytest_args, "-q", "-rA", *chosen], cwd=added.project, env=env,
                            capture_output=True, text=True)
    added.steps["the suite's tests for the new languages"] = time.perf_counter() - start
    print(f"\nsteps (s): {json.dumps({k: round(v, 1) for k, v in added.steps.items()})}; "
          f"{len(chosen)} tests on the copy")
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    passed = set(re.findall(r"^PASSED (\S+)", result.stdout, re.M))
    for code in LANGUAGES:
        for test in REQUIRED:
            assert any(re.fullmatch(rf"{re.escape(test)}\[(.*-)?{code}(-.*)?\]", name)
                       for name in passed), f"{test}[{code}] did not pass"
    assert ALL_LANGUAGES_AT_ONCE <= passed


def test_the_recipe_on_the_translators_page_is_what_this_test_does():
    page = (ROOT / "docs" / "en" / "translators.md").read_text(encoding="utf-8")
    for step in ("halfmoon new-language it --name Italiano", "halfmoon mark-translated",
                 "halfmoon translation-status --strict", "halfmoon check-catalogs",
                 "python3 dev.py build"):
        assert step in page, step
