"""The theme's words in Chromium: the search's counts chosen by the browser's
Intl.PluralRules from the catalog's forms (the very function the published bundle runs), and
the 404 page in the language of the address asked for, the theme's frame and all."""

from __future__ import annotations

from pathlib import Path

import pytest
from halfmoon_mkdocs.search import SEARCH_COUNT
from test_theme_words import COUNTS

from halfmoon.cli.siteconfig import read_site
from halfmoon.i18n import catalog, text_direction

ROOT = Path(__file__).resolve().parent.parent
SITE = read_site(ROOT / "mkdocs.yml")
LANGUAGES = {lang.code: lang.prefix for lang in SITE.languages}
DEFAULT = next(lang.code for lang in SITE.languages if not lang.prefix)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_words_every_count_as_the_catalog_and_babel_do(page, site_url, lang):
    page.goto(site_url + LANGUAGES[lang])
    words = catalog(lang)
    for key, name in (("docs.search.results", "results"), ("docs.search.more", "more")):
        shown = page.evaluate(f"counts => counts.map(n => ({SEARCH_COUNT})({name!r}, n))",
                              list(COUNTS))
        assert shown == [words.plural(key, count) for count in COUNTS], (lang, key)


def visible_sections(page) -> list[str]:
    return page.eval_on_selector_all(
        ".hm-not-found > section",
        "sections => sections.filter(s => s.offsetParent !== null).map(s => s.lang)")


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_address_is_answered_in_its_folder_language(context_for, site_url, lang):
    page = context_for().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    response = page.goto(site_url + LANGUAGES[lang] + "no-such-page/deeper/")
    assert response is not None and response.status == 404
    if LANGUAGES[lang]:  # the root's page sends the reader to the language's own
        page.wait_for_url(site_url + LANGUAGES[lang] + "404.html")
    page.wait_for_load_state("networkidle")
    assert visible_sections(page) == [lang]
    home = context_for().new_page()
    home.goto(site_url + LANGUAGES[lang])
    for frame in (".md-search__input", ".md-search-result__meta", ".md-copyright",
                  "label.md-header__button[for='__search']"):
        shown = [page.locator(frame).first.evaluate("e => [e.textContent, e.placeholder, "
                                                    "e.getAttribute('aria-label')]")]
        assert shown == [home.locator(frame).first.evaluate(
            "e => [e.textContent, e.placeholder, e.getAttribute('aria-label')]")], (lang, frame)
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("body").get_attribute("dir") == text_direction(lang)
    words = catalog(lang)
    assert page.title().startswith(words.text("docs.not_found.title"))
    section = page.locator(f'.hm-not-found > section[lang="{lang}"]')
    assert section.locator("h1").inner_text() == words.text("docs.not_found.title")
    link = section.locator("a")
    assert link.inner_text() == words.text("docs.not_found.home")
    link.click()
    page.wait_for_load_state()
    assert page.url == site_url + LANGUAGES[lang]
    assert page.locator("html").get_attribute("lang") == lang
    assert not errors


@pytest.mark.browser
def test_an_address_outside_every_language_folder_is_answered_in_the_default_language(
        context_for, site_url):
    page = context_for().new_page()
    page.goto(site_url + "zz/nothing.html")
    assert visible_sections(page) == [DEFAULT]
    assert page.locator("html").get_attribute("lang") == DEFAULT


@pytest.mark.browser
def test_without_javascript_the_404_page_shows_every_language(context_for, site_url):
    page = context_for(java_script_enabled=False).new_page()
    response = page.goto(site_url + LANGUAGES[next(iter(LANGUAGES))] + "gone/")
    assert response is not None and response.status == 404
    assert visible_sections(page) == list(LANGUAGES)
    for lang in LANGUAGES:
        section = page.locator(f'.hm-not-found > section[lang="{lang}"]')
        assert section.get_attribute("dir") == text_direction(lang)
