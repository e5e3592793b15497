"""Every page of the built site in every language, in Chromium: no console error, no HTTP
error, no request to another host; right-to-left Hebrew; search in each language through
the real search box; the language switcher; axe-core with no serious or critical issue."""

from __future__ import annotations

import re
from html import unescape

import pytest

LANGUAGES = {"en": "", "he": "he/", "ru": "ru/", "fr": "fr/"}
PAGES = ("", "examples/", "play/", "deal-codes/")


def only_local_requests(page, site_url: str) -> list[str]:
    foreign: list[str] = []
    page.on("request", lambda request: foreign.append(request.url)
            if not request.url.startswith((site_url, "data:", "blob:")) else None)
    return foreign


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_opens_without_errors_or_foreign_requests(page, site_url, lang):
    foreign = only_local_requests(page, site_url)
    for path in PAGES:
        page.goto(site_url + LANGUAGES[lang] + path)
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == lang
        direction = page.locator("body").get_attribute("dir")
        assert direction == ("rtl" if lang == "he" else "ltr")
        assert page.locator("h1").first.inner_text().strip()
    assert not foreign


def a_word_of(built_site, lang: str) -> str:
    """A long word from the text of the language's home page (not chosen by hand)."""
    html = (built_site / LANGUAGES[lang] / "index.html").read_text(encoding="utf-8")
    text = unescape(re.sub(r"<[^>]+>", " ", html[html.index("<article"): html.index("</article>")]))
    script = {"he": r"[\u05d0-\u05ea]", "ru": r"[а-яё]", "en": r"[a-z]", "fr": r"[a-zé]"}[lang]
    words = re.findall(rf"(?<!\w){script}{{5,}}(?!\w)", text)
    assert words, f"no long word on the {lang} home page"
    return max(set(words), key=words.count)


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_search_box_finds_a_word_of_the_page_in_its_language(page, site_url, built_site,
                                                                  lang):
    word = a_word_of(built_site, lang)
    page.goto(site_url + LANGUAGES[lang])
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.fill(".md-search__input", word)
    page.keyboard.press("End")  # Material reads the query on keyup
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=10_000)
    hrefs = [results.nth(i).locator("a").first.get_attribute("href")
             for i in range(results.count())]
    prefix = site_url + LANGUAGES[lang]
    assert any(href.startswith(prefix) if lang != "en" else
               not re.match(re.escape(site_url) + r"(he|ru|fr)/", href) for href in hrefs)


@pytest.mark.browser
def test_the_language_switcher_goes_to_the_same_page(page, site_url):
    page.goto(site_url + "ru/examples/")
    link = page.locator('.md-select a[hreflang="fr"]').first
    page.goto(link.evaluate("a => a.href"))
    assert page.url == site_url + "fr/examples/"
    page.goto(site_url + "he/deal-codes/")
    page.goto(page.locator('.md-select a[hreflang="en"]').first.evaluate("a => a.href"))
    assert page.url == site_url + "deal-codes/"


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_diagrams_are_visible_in_light_and_dark_palettes(page, site_url, scheme):
    page.goto(site_url)
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    colours = page.evaluate("""() => {
        const card = document.querySelector('.hm-figure .hm-card use, .hm-figure use');
        const label = document.querySelector('.hm-figure .hm-label text, .hm-figure .hm-label');
        const page = getComputedStyle(document.body).backgroundColor;
        return {card: getComputedStyle(card).fill, label: getComputedStyle(label).fill, page};
    }""")
    assert colours["label"] != colours["page"]
    assert colours["card"] != "none"


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_or_critical_accessibility_violations(page, site_url, lang):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    problems = []
    for path in PAGES:
        page.goto(site_url + LANGUAGES[lang] + path)
        page.wait_for_load_state("networkidle")
        results = axe.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                problems.append(f"{lang}/{path}: {violation['id']} ({violation['impact']}): "
                                f"{violation['nodes'][0]['target']}")
    assert not problems
