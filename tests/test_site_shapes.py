"""The translator tools on mkdocs.yml files of every valid shape: the theme's short form, block
and flow lists, folded names, entries without nav, a language listed twice. Each either does
what it says (the edit is read back before anything is written), or refuses and writes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from halfmoon import i18n
from halfmoon.cli import main
from halfmoon.cli.languages import translated_from
from halfmoon.cli.siteconfig import read_site

ROOT = Path(__file__).resolve().parent.parent
HEAD = "site_name: Test\n"
THEMES = {"mapping": "theme:\n  name: material\n", "short": "theme: material\n"}
# The i18n plugin's languages, the last one in each shape an author may write.
LANGUAGES = {
    "block nav": """      - locale: en
        default: true
        name: English
        build: true
      - locale: fr
        name: Français
        build: true
        nav:
          - index.md
          - rules.md
""",
    "unindented block nav": """      - locale: en
        default: true
        name: English
      - locale: fr
        name: Français
        nav:
        - index.md
        - rules.md
""",
    "flow nav": """      - locale: en
        default: true
        name: English
      - {locale: fr, name: Français, nav: [index.md, rules.md]}
""",
    "folded name": """      - locale: en
        default: true
        name: English
      - locale: fr
        nav: [index.md, rules.md]
        name: >
          Français
""",
    "no nav": """      - locale: en
        default: true
        name: English
      - locale: fr
        name: Français
""",
}


def _config(theme: str, languages: str) -> str:
    return (HEAD + THEMES[theme] + "plugins:\n  - i18n:\n      docs_structure: folder\n"
            "      languages:\n" + languages)


@pytest.fixture
def site(tmp_path, monkeypatch):
    for lang in ("en", "fr"):
        for page in ("index.md", "rules.md"):
            path = tmp_path / "docs" / lang / page
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"# {page} ({lang})\n", encoding="utf-8")
    shutil.copytree(i18n.catalog_dir(), tmp_path / "catalogs")
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path / "catalogs")
    i18n.catalog.cache_clear()
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    i18n.catalog.cache_clear()


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("shape", sorted(LANGUAGES))
def test_new_language_adds_exactly_one_language_or_writes_nothing(site, capsys, theme, shape):
    config = site / "mkdocs.yml"
    config.write_text(_config(theme, LANGUAGES[shape]), encoding="utf-8")
    before_site = read_site(config)
    before = _tree(site)
    assert main(["new-language", "it", "--name", "Italiano"]) == 0, capsys.readouterr().err
    assert set(_tree(site)) > set(before)
    after = read_site(config)
    assert after.languages[:-1] == before_site.languages
    assert after.languages[-1].code == "it" and after.languages[-1].name == "Italiano"
    assert after.translated_pages() == ("index.md", "rules.md")
    assert yaml.safe_load(config.read_text().replace("!!python", "")) is not None
    assert (site / "docs" / "it" / "rules.md").is_file() and (site / "catalogs" / "it.json").is_file()


@pytest.mark.parametrize("name", ["x" * 1001, "two\nlines", "   "])
def test_a_name_that_cannot_be_one_short_line_is_refused(site, capsys, name):
    (site / "mkdocs.yml").write_text(_config("short", LANGUAGES["block nav"]), encoding="utf-8")
    before = _tree(site)
    assert main(["new-language", "it", "--name", name]) == 2
    assert "--name" in capsys.readouterr().err and _tree(site) == before


def test_a_language_the_theme_cannot_build_is_refused_before_anything_is_written(site, capsys):
    (site / "mkdocs.yml").write_text(_config("short", LANGUAGES["block nav"]), encoding="utf-8")
    before = _tree(site)
    assert main(["new-language", "ps"]) == 2
    assert "has no language 'ps'" in capsys.readouterr().err and _tree(site) == before


def test_a_language_listed_twice_is_an_error(site, capsys):
    twice = LANGUAGES["block nav"] + "      - locale: fr\n        name: Encore\n"
    (site / "mkdocs.yml").write_text(_config("mapping", twice), encoding="utf-8")
    assert main(["translation-status"]) == 2
    assert "lists the language 'fr' twice" in capsys.readouterr().err


def test_pages_missing_from_a_language_without_nav_are_work_to_do(site, capsys):
    (site / "mkdocs.yml").write_text(_config("short", LANGUAGES["no nav"]), encoding="utf-8")
    (site / "docs" / "fr" / "rules.md").unlink()
    assert main(["translation-status", "--strict"]) == 1
    assert "rules.md is missing" in capsys.readouterr().out


def test_mark_translated_refuses_a_page_that_is_not_utf8_and_leaves_it(site, capsys):
    (site / "mkdocs.yml").write_text(_config("short", LANGUAGES["block nav"]), encoding="utf-8")
    page = site / "docs" / "fr" / "index.md"
    page.write_bytes("# Règles\n".encode("latin-1"))
    assert main(["mark-translated", "docs/fr/index.md"]) == 2
    err = capsys.readouterr().err
    assert "not UTF-8 text" in err and err.count("\n") == 1
    assert page.read_bytes() == "# Règles\n".encode("latin-1")


@pytest.mark.parametrize("front", ["---\ntitle: Règles\n...\n", "---\ntitle: Règles\n---", "---\n---\n"])
def test_mark_translated_keeps_one_front_matter_block_however_it_is_closed(site, capsys, front):
    (site / "mkdocs.yml").write_text(_config("short", LANGUAGES["block nav"]), encoding="utf-8")
    page = site / "docs" / "fr" / "index.md"
    page.write_text(front + "\n# Règles\n" if front.endswith("\n") else front, encoding="utf-8")
    assert main(["mark-translated", "docs/fr/index.md"]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count("---\n") + text.count("...\n") == 2, text
    assert translated_from(text) is not None
    assert ("title: Règles" in text) == ("title" in front)


def test_an_edit_that_would_not_read_back_writes_nothing_at_all(site, capsys, monkeypatch):
    from halfmoon.cli import siteconfig

    (site / "mkdocs.yml").write_text(_config("short", LANGUAGES["block nav"]), encoding="utf-8")
    monkeypatch.setattr(siteconfig, "_edited_text", lambda text, *args: text + "      - locale: it\n   x\n")
    before = _tree(site)
    assert main(["new-language", "it"]) == 2
    assert "add its entry by hand" in capsys.readouterr().err
    assert _tree(site) == before  # neither the catalog nor the pages were written first
