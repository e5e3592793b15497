"""The theme's footer in every language: the plugin writes Material's "Made with…" line from
the page language's catalog into our override of ``partials/copyright.html``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plugin_project import build_here, make_project, pages
from site_footer import MATERIAL_LINK, assert_footer_in_language, footer, page_language

from halfmoon.cli.siteconfig import read_site

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = read_site(ROOT / "mkdocs.yml").languages
THEME = f"""theme:
  name: material
  custom_dir: {ROOT / "overrides"}
  font: false
"""


def use_site_theme(project: Path, extra: str = "") -> None:
    config = project / "mkdocs.yml"
    text = config.read_text().replace("theme:\n  name: material\n  font: false\n", THEME)
    config.write_text(text + extra)


def test_every_page_of_every_language_has_the_footer_in_its_own_language(tmp_path):
    """Every language of mkdocs.yml, built by static-i18n one after another, 404 pages too."""
    project = make_project(tmp_path)
    use_site_theme(project, "\n".join([
        "  - i18n:", "      docs_structure: folder", "      fallback_to_default: false",
        "      languages:",
        *(f"        - {{locale: {lang.code}, name: {lang.code}, build: true"
          f"{', default: true' if lang.default else ''}}}" for lang in LANGUAGES)]) + "\n")
    for lang in LANGUAGES:
        folder = project / "docs" / lang.code
        folder.mkdir()
        (folder / "index.md").write_text("# T\n\nHello.\n")
        (folder / "other.md").write_text("# Other\n\nText.\n")
    _, messages = build_here(project)
    assert messages == []
    built = pages(project / "site")
    for lang in LANGUAGES:
        for name in ("index.html", "other/index.html"):
            assert f'<html lang="{lang.code}"' in built[lang.prefix + name]
    # static-i18n writes one 404.html per language build in the same place: the site keeps
    # the default language's at its root, and each other language's in its folder.
    assert set(built) == {lang.prefix + name for lang in LANGUAGES
                          for name in ("index.html", "other/index.html", "404.html")}
    for lang in LANGUAGES:
        assert page_language(built[lang.prefix + "404.html"]) == lang.code
    for name, html in built.items():
        assert_footer_in_language(html, page_language(html), name)


def test_the_catalog_text_is_escaped_and_the_link_is_markup(project, catalog_copy):
    edit_english(catalog_copy, "Made <with> & {tool}")
    _, messages = build_here(project)
    assert messages == []
    block = footer((project / "site" / "index.html").read_text())
    assert "Made &lt;with&gt; &amp; " + MATERIAL_LINK in block


@pytest.mark.parametrize(("sentence", "words"), [
    (None, "the 'en' catalog has no message 'docs.footer.generator'"),
    ("Made with {tol}", "message 'docs.footer.generator' in 'en' needs the value {tol}"),
])
def test_a_catalog_that_cannot_give_the_line_is_one_error_naming_it(project, catalog_copy,
                                                                     sentence, words):
    edit_english(catalog_copy, sentence)
    _, messages = build_here(project)
    assert messages == [f"{(catalog_copy / 'en.json').resolve()}: {words} (the footer of every page)"]
    for html in pages(project / "site").values():
        assert "Made with" not in html and MATERIAL_LINK not in html


def test_generator_false_leaves_the_line_out(project):
    (project / "mkdocs.yml").write_text((project / "mkdocs.yml").read_text()
                                        + "extra:\n  generator: false\ncopyright: Half Moon authors\n")
    _, messages = build_here(project)
    assert messages == []
    block = footer((project / "site" / "index.html").read_text())
    assert "Half Moon authors" in block and MATERIAL_LINK not in block


@pytest.fixture
def project(tmp_path):
    """A one-page English project with the site's theme overrides."""
    project = make_project(tmp_path / "project")
    use_site_theme(project)
    (project / "docs" / "index.md").write_text("# T\n\nHello.\n")
    return project


def edit_english(catalogs: Path, sentence: str | None) -> None:
    english = catalogs / "en.json"
    messages = json.loads(english.read_text(encoding="utf-8"))
    if sentence is None:
        del messages["docs.footer.generator"]
    else:
        messages["docs.footer.generator"] = sentence
    english.write_text(json.dumps(messages, ensure_ascii=False, indent=1), encoding="utf-8")
