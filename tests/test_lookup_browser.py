"""The Deal codes page's lookup in Chromium: it reads the verdict file (gzip, through
DecompressionStream) and answers for a won, a lost, an out-of-range and a malformed code in
the page's language, codes isolated on right-to-left pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from site_server import reach, theme_started

from halfmoon import DealCode
from halfmoon.i18n import catalog, text_direction

ROOT = Path(__file__).resolve().parent.parent
FIGURES = json.loads((ROOT / "docs" / "records" / "winnability.json").read_text(encoding="utf-8"))
WON = "HM1-N-AAAAAAB"  # the example deal: the Examples page wins it
LOST = FIGURES["lost_deals"][0]
OUTSIDE = str(DealCode(DealCode.parse(FIGURES["last"]).number + 1))


def expected(lang: str, key: str, **params: str) -> str:
    texts = catalog(lang)
    message = texts.messages[key]
    for name, value in params.items():
        message = message.replace("{" + name + "}", texts.isolate(value))
    return message


def ask(page, code: str) -> str:
    field = page.locator(".hm-lookup input")
    field.fill(code)
    page.locator(".hm-lookup button").click()
    result = page.locator(".hm-lookup-result")
    page.wait_for_function("() => document.querySelector('.hm-lookup-result').textContent !== ''")
    text = result.text_content()
    page.evaluate("() => { document.querySelector('.hm-lookup-result').textContent = ''; }")
    return text


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "he", "ar"])
def test_the_lookup_answers_in_the_pages_language(page, site_url, lang):
    assert WON not in FIGURES["lost_deals"]
    page.goto(site_url + ("" if lang == "en" else f"{lang}/") + "deal-codes/")
    reach(page, ".hm-lookup")
    page.locator(".hm-lookup:not([hidden])").wait_for()
    assert page.evaluate("() => getComputedStyle(document.querySelector('.hm-lookup-result'))"
                         ".direction") == text_direction(lang)
    assert ask(page, WON) == expected(lang, "docs.lookup.won", code=WON)
    assert ask(page, "  " + LOST.lower() + " ") == expected(lang, "docs.lookup.lost", code=LOST)
    assert ask(page, OUTSIDE) == expected(lang, "docs.lookup.outside", code=OUTSIDE,
                                          first=FIGURES["start"], last=FIGURES["last"])
    assert page.locator(".hm-lookup input").get_attribute("aria-invalid") is None
    # A malformed code: the game's own message (engine.js's parser), naming the position.
    version = catalog(lang).messages["game.code_error.version"].replace("{position}", "3")
    assert ask(page, "HM2-N-AAAAAAB") == version
    assert page.locator(".hm-lookup input").get_attribute("aria-invalid") == "true"
    assert ask(page, "") == catalog(lang).messages["game.code_error.empty"]
    # An unseen character is named by its code point, as the engine names it: raw, U+2066 read
    # 'Character 1 is "⁦"'.
    character = catalog(lang).messages["game.code_error.character"]
    for code, position, named in (("\u2066HM1-N-AAAAAAB", "1", "U+2066"),
                                  ("HM1-N-AAA\u00adAAB", "10", "U+00AD")):
        assert ask(page, code) == character.replace("{position}", position).replace(
            "{char}", catalog(lang).isolate(named))


@pytest.mark.browser
def test_the_game_never_links_to_the_lookup(page, site_url):
    page.goto(site_url + "play/")
    page.locator(".hm-game").wait_for()
    game = page.locator(".hm-game")
    assert game.locator(".hm-lookup").count() == 0
    hrefs = game.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href') || '')")
    assert not [href for href in hrefs if "deal-codes" in href]
    loaded = page.evaluate("() => performance.getEntriesByType('resource').map(r => r.name)")
    assert not [url for url in loaded if url.endswith(("lookup.js", "verdicts.gz"))]


@pytest.mark.browser
def test_the_chart_has_its_own_colours_in_light_and_dark_palettes(page, site_url):
    page.goto(site_url + "deal-codes/")
    theme_started(page)  # which sets the palette
    seen = {}
    for scheme in ("default", "slate"):
        page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
        seen[scheme] = page.evaluate("""() => {
            const fill = (selector) => getComputedStyle(document.querySelector(selector)).fill;
            return {dots: ['perfect', 'greedy', 'random'].map(n => fill(`.hm-chart-${n} .hm-chart-dot`)),
                    grid: getComputedStyle(document.querySelector('.hm-chart-grid')).stroke,
                    page: getComputedStyle(document.body).backgroundColor};
        }""")
        dots = seen[scheme]["dots"]
        assert len(set(dots)) == 3 and seen[scheme]["page"] not in dots, (scheme, seen[scheme])
        assert seen[scheme]["grid"] != seen[scheme]["page"]
    assert seen["default"]["dots"] != seen["slate"]["dots"]
    assert seen["default"]["page"] != seen["slate"]["page"]


@pytest.mark.browser
def test_every_symbol_of_the_verdict_file_gets_its_answer(page, site_url):
    """lookup.js's reading of the symbols, on a made-up table: W, L, U, beyond either end; a file
    with a deal left without a verdict (?) is refused."""
    page.goto(site_url + "deal-codes/")
    reach(page, ".hm-lookup")
    page.locator(".hm-lookup:not([hidden])").wait_for()
    answers = page.evaluate("""async () => {
        const boot = document.querySelector('script[src*="boot.js"]').src;
        const { readVerdicts, verdictOf } = await import(boot.replace('boot.js', 'lookup.js'));
        const table = readVerdicts('{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAK", '
                                   + '"deals": 4}\\nWLUW');
        let refused = false;
        try {
            readVerdicts('{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAK", "deals": 4}\\nWLU?');
        } catch { refused = true; }
        return [...[9, 10, 11, 12, 13, 14].map((n) => verdictOf(table, n)), refused];
    }""")
    assert answers == ["outside", "won", "lost", "undecided", "won", "outside", True]


@pytest.mark.browser
def test_the_lookup_starts_when_the_reader_comes_near_it_in_the_place_it_kept(context_for, site_url):
    """On a phone the lookup is screens below the first one: loading the page starts nothing of
    it but the fetch of its verdict file (kept for reading offline). When the reader comes near
    it, it starts, and it appears in the place it kept while its module was on its way, so
    nothing on the reader's screen moves (here the module is held until the place is measured)."""
    page = context_for(service_workers="block").new_page()  # every request reaches the route
    held = []
    page.route(re.compile(r".*/lookup\.js$"), lambda route: held.append(route))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "he/deal-codes/")
    page.wait_for_load_state("networkidle")
    loaded = lambda: page.evaluate(  # noqa: E731
        "() => performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert [url for url in loaded() if url.endswith("verdicts.gz")]
    assert not held and not [url for url in loaded() if url.endswith(("lookup.js", "he.json"))]
    reach(page, ".hm-lookup")
    for _ in range(200):  # the route's handler runs while the test waits on the page
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "coming near the lookup did not start it: its module was never requested"
    form = page.locator(".hm-lookup")
    assert form.get_attribute("hidden") is not None
    place = form.bounding_box()
    below = page.locator(".hm-lookup ~ *").last.bounding_box()
    assert place["height"] > 40
    held[0].continue_()
    page.locator(".hm-lookup:not([hidden])").wait_for()
    assert form.bounding_box() == place
    assert page.locator(".hm-lookup ~ *").last.bounding_box() == below
