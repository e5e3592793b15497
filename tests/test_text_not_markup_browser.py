"""Catalog text and a language's name in Chromium (issue 39): a small site built with a French
catalog whose search counts carry markup, and a French language whose name and colour-switch
labels carry markup. The reader searches until Material writes the further-results count, and
opens the language menu: no element is created from that text, no script of it runs, and the
words are shown as they are."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from plugin_project import build_here, first_moves
from site_server import serve, theme_started

from halfmoon import i18n

ROOT = Path(__file__).resolve().parent.parent
NAME = '<img src=x onerror="window.hmPwned=1">Fran<b>çais</b>'
COUNT = '<img src=x onerror="window.hmPwned=2">{count} autres <svg onload="window.hmPwned=3">'
RESULTS = '<img src=x onerror="window.hmPwned=4">{count} résultats'
LABEL = '"><img src=x onerror="window.hmPwned=5">'
CONFIG = f"""site_name: Test
theme:
  name: material
  custom_dir: {ROOT / "overrides"}
  font: false
  language: en
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      toggle: {{icon: material/weather-night, name: Dark}}
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      toggle: {{icon: material/weather-sunny, name: Light}}
plugins:
  - search
  - i18n:
      docs_structure: folder
      fallback_to_default: false
      languages:
        - locale: en
          default: true
          name: English
          build: true
        - locale: fr
          name: {json.dumps(NAME)}
          build: true
          theme:
            palette:
              - media: "(prefers-color-scheme: light)"
                scheme: default
                toggle: {{icon: material/weather-night, name: {json.dumps(LABEL)}}}
              - media: "(prefers-color-scheme: dark)"
                scheme: slate
                toggle: {{icon: material/weather-sunny, name: {json.dumps("Clair " + LABEL)}}}
  - halfmoon:
      example_record: records/game.txt
"""
SECTIONS = 6  # sections under the page's title that hold the searched word, shown as "more"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile-text")
    catalogs = folder / "catalogs"
    shutil.copytree(i18n.catalog_dir(), catalogs)
    french = json.loads((catalogs / "fr.json").read_text(encoding="utf-8"))
    for key, text in (("docs.search.more", COUNT), ("docs.search.results", RESULTS)):
        french[key] = {form: text for form in french[key]}
    (catalogs / "fr.json").write_text(json.dumps(french, ensure_ascii=False), encoding="utf-8")
    (folder / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    (folder / "docs" / "records").mkdir(parents=True)
    (folder / "docs" / "records" / "game.txt").write_text(f"HM1-N-AAAAAAB\n{first_moves(2)}\n")
    for lang, word in (("en", "moon"), ("fr", "lune")):
        (folder / "docs" / lang).mkdir()
        body = "".join(f"## {word.title()} {n}\n\nUne {word} et des cartes, {word} {n}.\n\n"
                       for n in range(SECTIONS))
        (folder / "docs" / lang / "index.md").write_text(f"# {word.title()}\n\n{body}", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "catalog_dir", lambda: catalogs)
        i18n.catalog.cache_clear()
        try:
            _, messages = build_here(folder)
        finally:
            i18n.catalog.cache_clear()
    assert not [m for m in messages if "halfmoon" in m.lower()], messages
    with serve(folder / "site") as url:
        yield url


ELEMENTS_FROM_TEXT = """() => ({
  pwned: window.hmPwned ?? null,
  images: document.querySelectorAll("img").length,
  bold: document.querySelectorAll(".md-select b, .md-search-result b").length,
  svgInResults: document.querySelectorAll(".md-search-result svg, .md-search-result__more svg").length,
})"""


@pytest.mark.browser
def test_search_counts_and_the_language_name_make_no_element(page, hostile_site):
    page.goto(hostile_site + "fr/")
    theme_started(page)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").focus()
    page.keyboard.type("lune")  # ASCII: Playwright's keys, which Material reads on keyup
    more = page.locator(".md-search-result__more summary")
    more.first.wait_for()
    meta = page.locator(".md-search-result__meta").inner_text()
    assert meta == RESULTS.replace("{count}", "1")  # the results' count: as text
    shown = more.first.inner_text()
    assert shown == COUNT.replace("{count}", str(SECTIONS)), shown  # the title and its sections
    names = page.locator(".md-select__link").all_text_contents()  # the menu the header opens
    assert [name.strip() for name in names] == ["English", NAME]
    labels = page.eval_on_selector_all("label[for^=__palette_]", "ls => ls.map(l => l.title)")
    assert labels == [LABEL, "Clair " + LABEL]
    assert page.evaluate(ELEMENTS_FROM_TEXT) == {"pwned": None, "images": 0, "bold": 0,
                                                 "svgInResults": 0}
