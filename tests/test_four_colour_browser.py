"""The four-colour deck setting in Chromium: diamonds blue and clubs green once it is on, kept
over a reload and followed by the Examples page's viewer; every card's colour readable on its
face (WCAG 4.5:1, worked out from the colours the browser computed) in both schemes; axe clean."""

from __future__ import annotations

import json

import pytest
from browser_helpers import PLAY_PATHS, axe_violations, example_moves, open_play, set_setting, tap
from site_server import reach

pytestmark = pytest.mark.browser

# Computed colours of the game.css custom properties (tests/test_contrast.py checks their contrast).
RED, BLACK, BLUE, GREEN = "rgb(179, 0, 27)", "rgb(27, 27, 27)", "rgb(0, 68, 204)", "rgb(0, 100, 0)"
FACE_COLOURS = """(root) => Object.fromEntries(["S", "H", "D", "C"].map((suit) => {
  const face = root.querySelector(
    `.hm-cell:not([data-dimmed]):not([data-selected]) .hm-face[data-suit="${suit}"]`);
  return [suit, face ? getComputedStyle(face).color : null];
}))"""
# Every face showing a card: its text colour against its background, as WCAG works it out.
LOWEST_CONTRAST = """(root) => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const linear = (v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => linear(v / 255));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  let lowest = [99, null];
  for (const face of root.querySelectorAll(".hm-face:not([data-card='empty'])")) {
    const style = getComputedStyle(face);
    const [a, b] = [lum(style.color), lum(style.backgroundColor)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const where = face.closest("[data-source]").dataset.source;
    if (ratio < lowest[0]) lowest = [ratio, `${where} ${face.textContent}`];
  }
  return lowest;
}"""


def colours(page) -> dict[str, str]:
    return page.eval_on_selector(".hm-game .hm-board", FACE_COLOURS)


def test_the_four_colour_deck_colours_diamonds_blue_and_clubs_green_and_stays_after_a_reload(page, site_url):
    open_play(page, site_url)
    assert colours(page) == {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
    set_setting(page, "fourColour", True)
    assert colours(page) == {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
    tap(page, *example_moves()[0])  # the board redraws: new cards take their colours too
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    assert page.locator(".hm-game input[data-setting='fourColour']").is_checked()
    assert colours(page) == {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
    settings = page.evaluate(
        "Object.entries(localStorage).filter(([k]) => k.endsWith(':settings')).map(([, v]) => v)")
    assert [json.loads(text)["fourColour"] for text in settings] == [True]
    # The Examples page's step-through viewer draws its board with the same setting.
    page.goto(site_url + PLAY_PATHS["en"].replace("play/", "examples/"))
    reach(page, ".hm-stepper")
    page.wait_for_selector(".hm-stepper .hm-board [data-source='1']")
    assert page.locator(".hm-stepper").first.get_attribute("data-deck") == "four"
    stepper = page.eval_on_selector(".hm-stepper .hm-board", FACE_COLOURS)
    assert stepper == {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}
    page.goto(site_url + PLAY_PATHS["en"])
    page.wait_for_selector(".hm-board [data-source='1']")
    set_setting(page, "fourColour", False)
    assert colours(page)["D"] == RED


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("four", [False, True], ids=["two-colour", "four-colour"])
def test_every_card_reads_on_its_face_and_axe_finds_nothing(context_for, site_url, scheme, four):
    page = context_for(color_scheme=scheme).new_page()
    open_play(page, site_url, "en")
    set_setting(page, "fourColour", four)
    lowest = page.eval_on_selector(".hm-game .hm-board", LOWEST_CONTRAST)
    assert lowest[0] >= 4.5, lowest
    set_setting(page, "placementHelp", True)
    tap(page, example_moves()[1][0])  # a selected card on yellow, dimmed cards on grey
    lowest = page.eval_on_selector(".hm-game .hm-board", LOWEST_CONTRAST)
    assert lowest[0] >= 4.5, lowest
    assert page.locator(".hm-game .hm-cell[data-dimmed]").count() > 0
    assert axe_violations(page) == []


# The site's diagrams' colours (halfmoon.css, light scheme): red, black, blue, green.
DIAGRAM_RED, DIAGRAM_BLACK = "rgb(198, 40, 40)", "rgb(26, 26, 26)"
DIAGRAM_FOUR = {"S": DIAGRAM_BLACK, "H": DIAGRAM_RED, "D": BLUE, "C": GREEN}
DIAGRAM_TWO = {"S": DIAGRAM_BLACK, "H": DIAGRAM_RED, "D": DIAGRAM_RED, "C": DIAGRAM_BLACK}
# For every diagram of the page: each suit's faces' fill, and the fill of the letters in the
# faces' colour class (its diamonds' letters are in the diamonds' colour).
DIAGRAM_SUITS = """() => [...document.querySelectorAll('svg.hm-diagram')].map((svg) => {
  const seen = {};
  for (const use of svg.querySelectorAll('g.hm-card use')) {
    const group = use.parentElement;
    const suit = use.getAttribute('href').slice(-1);
    const look = [...group.classList].find((name) => !['hm-card', 'hm-marked'].includes(name));
    const letters = svg.querySelector(`text.hm-rank.${look}`);
    for (const fill of [getComputedStyle(group).fill, letters && getComputedStyle(letters).fill]) {
      if (fill) (seen[suit] ??= []).includes(fill) || seen[suit].push(fill);
    }
  }
  return seen;
})"""
PAGES = ("", "examples/", "strategy/")


def diagram_colours(page, site_url: str, lang: str, name: str) -> list[dict[str, list[str]]]:
    page.goto(site_url + PLAY_PATHS[lang].removesuffix("play/") + name)
    page.add_style_tag(content="* { content-visibility: visible !important; }")
    return page.evaluate(DIAGRAM_SUITS)


@pytest.mark.parametrize("lang", sorted(PLAY_PATHS))
def test_the_four_colour_deck_reaches_every_diagram_of_rules_examples_and_strategy(context_for, site_url,
                                                                                    lang):
    page = context_for(color_scheme="light").new_page()
    # Each page marks <html> with the reader's deck in its head, before its body exists: the
    # diagrams are never drawn in the other deck first.
    page.add_init_script("""new MutationObserver((records, observer) => {
      window.hmDeckBeforeBody = !document.body; observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hm-deck"] });""")
    for name in PAGES:  # nothing chosen: the site's two colours
        for diagram in diagram_colours(page, site_url, lang, name):
            assert {suit: fills for suit, fills in diagram.items()} == {s: [DIAGRAM_TWO[s]] for s in diagram}
    open_play(page, site_url, lang)
    set_setting(page, "fourColour", True)
    for name in PAGES:
        diagrams = diagram_colours(page, site_url, lang, name)
        assert diagrams, name
        marked = page.evaluate("[document.documentElement.dataset.hmDeck, window.hmDeckBeforeBody]")
        assert marked == ["four", True], name
        for number, diagram in enumerate(diagrams):
            assert diagram == {suit: [DIAGRAM_FOUR[suit]] for suit in diagram}, (name, number, diagram)
        assert {"D", "C"} <= {suit for diagram in diagrams for suit in diagram}, name
    open_play(page, site_url, lang, fresh=False)
    set_setting(page, "fourColour", False)
    for diagram in diagram_colours(page, site_url, lang, "examples/"):
        assert diagram == {suit: [DIAGRAM_TWO[suit]] for suit in diagram}


def test_another_tab_s_setting_reaches_a_page_already_open(context_for, site_url):
    context = context_for(color_scheme="dark")
    rules = context.new_page()
    rules.goto(site_url)
    rules.add_style_tag(content="* { content-visibility: visible !important; }")
    assert all(d.get("D", [BLUE])[0] != BLUE for d in rules.evaluate(DIAGRAM_SUITS))
    play = context.new_page()
    open_play(play, site_url, fresh=False)
    set_setting(play, "fourColour", True)
    rules.wait_for_function("document.documentElement.dataset.hmDeck === 'four'")
    fills = rules.evaluate(DIAGRAM_SUITS)
    assert all(d.get("D", [BLUE]) == [BLUE] and d.get("C", [GREEN]) == [GREEN] for d in fills), fills
