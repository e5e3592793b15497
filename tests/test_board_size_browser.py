"""The board as the hero of the Play page: cards as large as the window allows at the sizes
players have (laptop windows, phones upright and on their side, a zoomed page), the whole board
on the first screen where the issue asks it, no horizontal scroll, nothing clipped, and the
settings, statistics and code field still there below the play area."""

from __future__ import annotations

import pytest
from browser_helpers import PLAY_PATHS, open_play

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const faces = [...document.querySelectorAll('.hm-game .hm-board .hm-face')];
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, right: r.right, bottom: r.bottom};
  };
  return {
    card: Math.min(...faces.map((f) => f.getBoundingClientRect().width)),
    board: box(document.querySelector('.hm-game .hm-board')),
    side: box(document.querySelector('.hm-game .hm-side')),
    scrollWidth: document.documentElement.scrollWidth,
    clipped: [...document.querySelectorAll('.hm-game :is(.hm-face, .hm-tag, button:not(.hm-cell))')]
      .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
      .map((n) => n.textContent),
  };
}"""


def measure(context_for, site_url, width: int, height: int, scale: float = 1, lang: str = "en") -> dict:
    page = context_for(viewport={"width": width, "height": height}, device_scale_factor=scale).new_page()
    open_play(page, site_url, lang)
    page.wait_for_timeout(100)  # the stage's first ResizeObserver measurement
    sizes = page.evaluate(MEASURE)
    sizes["scrollY"] = page.evaluate("scrollY")
    return sizes


# (width, height, least card width): laptop windows (a 1366×768 screen less the browser's bars),
# a phone upright, phones on their side (the controls move beside the board).
FIRST_SCREEN = [(1366, 657, 70), (1280, 720, 70), (390, 844, 38), (844, 390, 40), (740, 360, 40)]


@pytest.mark.parametrize(("width", "height", "least"), FIRST_SCREEN)
def test_the_whole_board_is_on_the_first_screen_with_large_cards(context_for, site_url, width, height, least):
    sizes = measure(context_for, site_url, width, height)
    board = sizes["board"]
    assert sizes["card"] >= least, sizes
    assert sizes["scrollY"] == 0
    assert 0 <= board["x"] and board["right"] <= width, board
    assert 0 <= board["y"] and board["bottom"] <= height, board
    assert sizes["scrollWidth"] <= width
    assert sizes["clipped"] == []


@pytest.mark.parametrize(("width", "height"), [(1366, 657), (844, 390), (390, 844), (320, 640)])
def test_settings_statistics_and_code_field_leave_the_board_its_room(context_for, site_url, width, height):
    sizes = measure(context_for, site_url, width, height)
    board, side = sizes["board"], sizes["side"]
    assert side["y"] >= board["bottom"], (board, side)  # below the play area, never beside the board


def test_at_320_px_the_cards_still_fill_the_width(context_for, site_url):
    sizes = measure(context_for, site_url, 320, 640)
    assert sizes["card"] >= 30
    assert sizes["scrollWidth"] <= 320 and sizes["clipped"] == []


@pytest.mark.parametrize(("width", "height", "scale", "least"), [(853, 533, 1.5, 55), (640, 400, 2, 45)])
def test_zooming_in_makes_the_cards_larger_on_the_screen(context_for, site_url, width, height, scale, least):
    # A 1280×800 window zoomed to 150 % or 200 %: the CSS viewport shrinks, the device scale grows.
    # At 200 % the whole board on the screen leaves cards of 47 px (94 on the screen).
    plain = measure(context_for, site_url, 1280, 800)
    zoomed = measure(context_for, site_url, width, height, scale)
    assert zoomed["card"] >= least, zoomed
    assert zoomed["card"] * scale > plain["card"], (zoomed["card"], plain["card"])
    assert zoomed["scrollWidth"] <= width and zoomed["clipped"] == []


@pytest.mark.parametrize("lang", sorted(PLAY_PATHS))
def test_a_first_time_player_sees_the_rule_in_one_line_and_a_link_to_the_rules(context_for, site_url, lang):
    page = context_for(viewport={"width": 1366, "height": 657}).new_page()
    open_play(page, site_url, lang)
    intro = page.locator(".hm-game .hm-intro")
    assert "11" in intro.inner_text()
    box = intro.bounding_box()
    assert box and box["y"] + box["height"] <= 657  # on the first screen
    link = intro.locator("a")
    rules = PLAY_PATHS[lang].removesuffix("play/")
    assert link.evaluate("a => new URL(a.href).pathname") == "/" + rules
