"""The whole board on one screen, inside its green table, whatever the window (issue 40): short
landscape screens (a laptop's window zoomed to 200 %, phones on their side), phones upright and
a generated set of sizes from 320×320 to 2560×1440 at scales 1 to 3, in every language, left to
right and right to left. After a typed deal code the board is in view under the header; the
site's navigation is reachable from a wide Play page; the move-error text goes with the
selection; every tag of a row stands on one line; a card's name says each thing once."""

from __future__ import annotations

import random

import pytest
from browser_helpers import EXAMPLE, PLAY_PATHS, example_moves, open_play, set_setting, tap

from halfmoon import DealCode, Position
from halfmoon.i18n import catalog

pytestmark = pytest.mark.browser

# Where the board is: its felt, every face and tag, the header's foot, the window; what is cut
# off (a text wider or taller than its box); and every tag that covers another tag or a face
# (a white label on a white card).
MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const board = document.querySelector('.hm-game .hm-board');
  const faces = [...board.querySelectorAll('.hm-face')], tags = [...board.querySelectorAll('.hm-tag')];
  const apart = (a, b) => a[2] <= b[0] + 0.5 || b[2] <= a[0] + 0.5
    || a[3] <= b[1] + 0.5 || b[3] <= a[1] + 0.5;
  const where = (e) => e.closest('[data-source]').dataset.source;
  const covering = [];
  for (const tag of tags) {
    for (const other of [...faces, ...tags]) {
      if (other !== tag && !apart(box(tag), box(other))) covering.push(`${where(tag)} on ${where(other)}`);
    }
  }
  return {
    felt: box(board),
    parts: [...faces, ...tags].map((e) => [where(e), ...box(e)]),
    header: document.querySelector('.md-header').getBoundingClientRect().bottom,
    width: innerWidth, height: innerHeight, scrollY, scrollWidth: document.documentElement.scrollWidth,
    card: Math.min(...faces.map((f) => f.getBoundingClientRect().width)),
    layout: document.querySelector('.hm-game').dataset.layout,
    clipped: [...document.querySelectorAll('.hm-game :is(.hm-face, .hm-tag)')]
      .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
      .map((n) => where(n)),
    covering,
  };
}"""


def board_faults(sizes: dict) -> list[str]:
    """What keeps the board from being whole on the first screen, inside its table."""
    faults = []
    left, top, right, bottom = sizes["felt"]
    if sizes["scrollY"]:
        faults.append(f"scrolled by {sizes['scrollY']}")
    if (top < sizes["header"] - 0.5 or bottom > sizes["height"] + 0.5
            or left < -0.5 or right > sizes["width"] + 0.5):
        faults.append(f"the table {sizes['felt']} is not on the screen under the header ({sizes['header']})")
    outside = [source for source, *part in sizes["parts"]
               if part[0] < left - 0.5 or part[1] < top - 0.5
               or part[2] > right + 0.5 or part[3] > bottom + 0.5]
    if outside:
        faults.append(f"off the table: {outside}")
    if sizes["scrollWidth"] > sizes["width"]:
        faults.append(f"scrolls sideways ({sizes['scrollWidth']})")
    if sizes["clipped"] or sizes["covering"]:
        faults.append(f"cut off: {sizes['clipped']}, covering: {sizes['covering'][:4]}")
    return faults


def settled(page) -> None:
    """Two frames (the resize has been seen: view.js fitBoard, and the play area measured), then
    more until the page's width, the board's layout and its box stay the same from one frame to
    the next (at most 20): a loaded machine can take a frame more to lay the new size out."""
    page.evaluate("""async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const state = () => JSON.stringify([document.documentElement.scrollWidth,
        document.querySelector('.hm-game')?.dataset.layout,
        document.querySelector('.hm-game .hm-board')?.getBoundingClientRect()]);
      await frame();
      await frame();
      for (let count = 0, last = state(); count < 20; count++) {
        await frame();
        const now = state();
        if (now === last) return;
        last = now;
      }
    }""")


def measure_at(page, width: int, height: int) -> dict:
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("scrollTo(0, 0)")
    settled(page)
    return page.evaluate(MEASURE)


# The issue's screens (CSS pixels, device scale): a 1366×657 window at 200 %, phones on their
# side, the laptop's window at 100 %, phones upright, and the smallest square.
ISSUE_SIZES = [(683, 328, 2), (667, 375, 2), (640, 360, 2), (568, 320, 2), (1366, 657, 1), (390, 844, 3),
               (360, 640, 3), (320, 320, 1)]
LANGS = sorted(PLAY_PATHS)


def generated_sizes(seed: str, count: int) -> list[tuple[int, int]]:
    """Window sizes between 320×320 and 2560×1440: a seeded draw, the same at every run."""
    rng = random.Random(seed)
    sizes = []
    for _ in range(count):
        width = rng.randint(320, 2560)
        ratio = rng.choice([0.4, 0.6, 0.75, 1.0, 1.5, 2.2])  # height to width: wide to tall
        height = rng.randint(320, min(1440, max(320, round(width * ratio))))
        sizes.append((width, height))
    return sizes


@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_board_is_on_the_first_screen_inside_its_table(context_for, site_url, lang):
    # One page a language, resized: the issue's sizes, then three drawn for this language, at a
    # scale of 1, 2 or 3 (a page zoomed in: the CSS window shrinks and the pixels grow).
    scale = [1, 2, 3][LANGS.index(lang) % 3]
    page = context_for(viewport={"width": 800, "height": 600}, device_scale_factor=scale).new_page()
    open_play(page, site_url, lang)
    faults = {}
    for width, height, *_ in ISSUE_SIZES + [(*size, scale) for size in generated_sizes(lang, 3)]:
        sizes = measure_at(page, width, height)
        if board_faults(sizes):
            faults[f"{width}x{height}"] = (sizes["layout"], board_faults(sizes))
    assert not faults, faults


@pytest.mark.parametrize(("width", "height", "scale"), ISSUE_SIZES[:5])
def test_on_the_issue_s_screens_the_board_is_whole_as_loaded(context_for, site_url, width, height, scale):
    # As a player opens the page at that size (not resized to it), at its scale; the cards no
    # smaller than the screen allows (the board was 81-144 px longer than the table before).
    page = context_for(viewport={"width": width, "height": height}, device_scale_factor=scale).new_page()
    open_play(page, site_url, "he" if width < 1000 else "en")
    settled(page)
    sizes = page.evaluate(MEASURE)
    assert board_faults(sizes) == []
    assert sizes["card"] >= (70 if width > 1000 else 28), sizes["card"]


def generated_window_faults(context_for, site_url, faults_at, prepare=lambda page: None) -> dict:
    """24 more windows from 320×320 to 2560×1440, eight a page, one page a scale, left to right
    and right to left in turn: what `faults_at(page, width, height)` finds at each (falsy: none),
    by window. `prepare(page)` runs once the page is open."""
    drawn = generated_sizes("issue 40", 24)
    faults = {}
    for index, (scale, lang) in enumerate([(1, "en"), (1.5, "ar"), (2.5, "ja")]):
        page = context_for(viewport={"width": 800, "height": 600}, device_scale_factor=scale).new_page()
        open_play(page, site_url, lang)
        prepare(page)
        for width, height in drawn[8 * index: 8 * index + 8]:
            found = faults_at(page, width, height)
            if found:
                faults[f"{lang} {width}x{height}@{scale}"] = found
        page.close()
    return faults


def test_a_generated_set_of_windows_holds_the_board_whole(context_for, site_url):
    def faults_at(page, width: int, height: int):
        sizes = measure_at(page, width, height)
        found = board_faults(sizes)
        return (sizes["layout"], found) if found else None

    faults = generated_window_faults(context_for, site_url, faults_at)
    assert not faults, faults


# --- how the board is fitted -----------------------------------------------------------------------

# Each way of laying the play area out, as the game itself works it out (its layout and the board's
# top set on it) and as its probe does (view.js fitBoard reads the probes): the card width of each.
WIDTHS_BY_WAY = """() => {
  const mount = document.querySelector('.hm-game');
  const holder = mount.querySelector('.hm-board-holder');
  const width = (node) => parseFloat(getComputedStyle(node).getPropertyValue('--hm-w'));
  const kept = [mount.dataset.layout, mount.style.getPropertyValue('--hm-above')];
  const found = {};
  for (const probe of mount.querySelectorAll('.hm-fit-probe')) {
    const way = probe.dataset.layout;
    mount.dataset.layout = way;
    mount.style.setProperty('--hm-above', probe.style.getPropertyValue('--hm-above'));
    found[way] = { game: width(holder), probe: width(probe) };
  }
  [mount.dataset.layout] = kept;
  mount.style.setProperty('--hm-above', kept[1]);
  return found;
}"""


@pytest.mark.parametrize(("width", "height"),
                         [(390, 844), (844, 390), (683, 328), (1366, 657), (1920, 1080), (700, 700)])
def test_each_way_s_probe_works_out_the_card_width_the_game_then_has(context_for, site_url, width, height):
    # The probes hold the inputs of the board's size that a way sets (game.css): one the game has
    # and they lack would choose the way on a wrong width.
    page = context_for(viewport={"width": width, "height": height}).new_page()
    open_play(page, site_url, "he" if width < 800 else "en")
    settled(page)
    widths = page.evaluate(WIDTHS_BY_WAY)
    assert sorted(widths) == ["above", "below", "beside"]
    for way, found in widths.items():
        assert found["game"] > 0 and abs(found["game"] - found["probe"]) < 0.01, (way, widths)
    # The way chosen is the one fitBoard's rule picks from these widths.
    best = max(found["game"] for found in widths.values())
    liked = ["beside", "above"] if width >= 4 / 3 * height else ["above", "beside"]
    chosen = next((way for way in liked if widths[way]["game"] >= 0.8 * best),
                  next(way for way in widths if widths[way]["game"] == best))
    assert page.evaluate("document.querySelector('.hm-game').dataset.layout") == chosen


# Every size or style the game's code reads while the page loads, and whether it was read in a
# frame's callback (where the frame lays the page out anyway) or in a task of its own (where the
# read forces a layout of the page inside the script's task, issue 44).
READS_RECORDED = """() => {
  window.hmReads = [];
  let inFrame = false;
  const frame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => frame((time) => {
    inFrame = true;
    try { return callback(time); } finally { inFrame = false; }
  });
  const record = (name) => {
    const stack = new Error().stack;
    if (stack.includes('/assets/game/')) window.hmReads.push({ name, inFrame, stack });
  };
  for (const [owner, name] of [[Element.prototype, 'getBoundingClientRect'], [window, 'getComputedStyle']]) {
    const original = owner[name];
    owner[name] = function (...args) { record(name); return original.apply(this, args); };
  }
  const sizes = ['offsetWidth', 'offsetHeight', 'offsetTop', 'clientWidth', 'clientHeight', 'scrollHeight'];
  for (const name of sizes) {
    const property = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)
      ?? Object.getOwnPropertyDescriptor(Element.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true, get() { record(name); return property.get.call(this); } });
  }
}"""


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_game_is_built_without_measuring_the_page_and_fitted_in_the_first_frame(context_for, site_url,
                                                                                     lang):
    page = context_for(viewport={"width": 412, "height": 823}).new_page()
    page.add_init_script(f"({READS_RECORDED})()")
    open_play(page, site_url, lang)
    settled(page)
    reads = page.evaluate("window.hmReads")
    assert reads, "the board was fitted without measuring it"
    outside = [read["stack"] for read in reads if not read["inFrame"]]
    assert outside == [], outside[0]
    assert page.evaluate("document.querySelector('.hm-game').dataset.layout") == "above"
    assert board_faults(page.evaluate(MEASURE)) == []


# The board as its first frame drew it (app.js marks that frame), and whether the settings and
# statistics were there yet.
AT_FIRST_FRAME = """(() => {
  window.hmBoardBox = () => {
    const board = document.querySelector('.hm-game .hm-board').getBoundingClientRect();
    return [board.top, board.left, board.width, board.height];
  };
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    if (name === 'hm-board-drawn') {
      window.hmFirstFrame = {
        side: Boolean(document.querySelector('.hm-game .hm-side')), board: window.hmBoardBox() };
    }
    return mark(name, ...rest);
  };
})()"""


@pytest.mark.parametrize(("width", "height"), [(412, 823), (1366, 657)])
def test_the_settings_and_statistics_come_a_task_after_the_board_and_move_nothing_above(
        context_for, site_url, width, height):
    page = context_for(viewport={"width": width, "height": height}).new_page()
    page.add_init_script(AT_FIRST_FRAME)
    open_play(page, site_url)
    first = page.evaluate("window.hmFirstFrame")
    assert first["side"] is False
    settled(page)
    assert page.evaluate("window.hmBoardBox()") == first["board"]
    assert page.locator(".hm-game .hm-side .hm-code-input").is_visible()


# --- after a deal starts, the board is in view -------------------------------------------------


CARDS_IN_VIEW = """() => {
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  return [...document.querySelectorAll('.hm-game .hm-board .hm-cell')]
    .map((c) => [c.dataset.source, c.getBoundingClientRect()])
    .filter(([, r]) => r.top < header - 0.5 || r.bottom > innerHeight + 0.5)
    .map(([source, r]) => `${source} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
}"""


@pytest.mark.parametrize(("width", "height", "lang"), [(1366, 657, "en"), (683, 328, "he"), (390, 844, "fr"),
                                                        (1280, 720, "ar")])
def test_after_a_typed_code_every_card_is_under_the_header_and_above_the_fold(context_for, site_url, width,
                                                                               height, lang):
    page = context_for(viewport={"width": width, "height": height}).new_page()
    open_play(page, site_url, lang)
    # The player has scrolled down to the field (in view: not under the header, where Firefox
    # would scroll it out while one types), and the board is out of sight in part.
    page.evaluate("document.querySelector('.hm-code-input').scrollIntoView({ block: 'center' })")
    assert page.evaluate(CARDS_IN_VIEW) != []
    page.fill(".hm-game .hm-code-input", "HM1-N-AAAAAAE")
    page.press(".hm-game .hm-code-input", "Enter")
    page.wait_for_function("document.querySelector('[data-field=code]').textContent === 'HM1-N-AAAAAAE'")
    settled(page)
    assert page.evaluate(CARDS_IN_VIEW) == []
    # The player goes on at the board: on a phone the keyboard closes.
    assert page.evaluate("Boolean(document.activeElement.closest('.hm-board'))")
    # The same code again changes nothing but still shows the board.
    page.evaluate("document.querySelector('.hm-code-input').scrollIntoView({ block: 'center' })")
    page.fill(".hm-game .hm-code-input", "HM1-N-AAAAAAE")
    page.press(".hm-game .hm-code-input", "Enter")
    settled(page)
    assert page.evaluate(CARDS_IN_VIEW) == []


def test_a_new_game_from_the_foot_of_the_page_brings_the_board_into_view(context_for, site_url):
    page = context_for(viewport={"width": 1366, "height": 657}).new_page()
    open_play(page, site_url)
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    page.evaluate("history.pushState(null, '', '#HM1-N-AAAAAAC');"
                  " dispatchEvent(new PopStateEvent('popstate'))")
    page.wait_for_function("document.querySelector('[data-field=code]').textContent === 'HM1-N-AAAAAAC'")
    settled(page)
    assert page.evaluate(CARDS_IN_VIEW) == []


# --- the site's navigation on a wide Play page ----------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(1366, 657), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "he", "de"])
def test_a_wide_play_page_reaches_every_page_of_the_site(context_for, site_url, width, height, lang):
    page = context_for(viewport={"width": width, "height": height}).new_page()
    open_play(page, site_url, lang)
    links = page.eval_on_selector_all(".md-header a[href]", """links => links
      .filter((a) => { const r = a.getBoundingClientRect();
        return r.width > 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.left >= 0; })
      .map((a) => new URL(a.href).pathname)""")
    prefix = "/" + PLAY_PATHS[lang].removesuffix("play/")
    for name in ("", "examples/", "strategy/", "deal-codes/"):
        assert prefix + name in links, (name, links)
    current = page.locator(".md-header [aria-current='page']")
    assert current.get_attribute("href") is not None and "play" in page.url
    # The board keeps its room: the header is no taller, the cards as large as without the links.
    assert page.evaluate("""() => document.querySelector('.md-header').getBoundingClientRect().height
      <= 2.4 * parseFloat(getComputedStyle(document.documentElement).fontSize) + 0.5""")
    card = page.evaluate("document.querySelector('.hm-game .hm-face').getBoundingClientRect().width")
    page.add_style_tag(content=".hm-page-nav { display: none !important; }")
    settled(page)
    assert page.evaluate("document.querySelector('.hm-game .hm-face').getBoundingClientRect().width") == card
    page.add_style_tag(content=".hm-page-nav { display: block !important; }")
    page.locator(".md-header .hm-page-nav a").first.click()
    page.wait_for_url(f"**{prefix}")


def test_the_header_lists_the_pages_only_where_the_navigation_is_hidden(context_for, site_url):
    page = context_for(viewport={"width": 1366, "height": 657}).new_page()
    page.goto(site_url + "examples/")
    assert page.locator(".hm-page-nav").count() == 0  # the sidebar is there
    page.set_viewport_size({"width": 1000, "height": 657})
    open_play(page, site_url)
    assert not page.locator(".hm-page-nav").is_visible()  # the menu button is there
    assert page.locator(".md-header label[for='__drawer']").is_visible()


# --- small ones ----------------------------------------------------------------------------------


def test_the_move_error_goes_when_the_selection_is_dropped(page, site_url):
    open_play(page, site_url)
    set_setting(page, "moveErrors", True)
    position = Position(DealCode.parse(EXAMPLE))
    numbers = [s for s in ("4", "5", "7", "8", "9", "11", "12", "1", "2", "3")
               if (card := position.card_at(s)) is not None and card.rank <= 10]
    first = numbers[0]
    wrong = next(s for s in numbers[1:] if position.card_at(s).rank + position.card_at(first).rank != 11)
    tap(page, first, wrong)
    message = page.locator(".hm-game .hm-message")
    assert message.get_attribute("data-kind") == "error" and message.inner_text().strip()
    tap(page, first)
    page.keyboard.press("Escape")
    assert message.inner_text().strip() == ""
    tap(page, first, wrong)
    assert message.get_attribute("data-kind") == "error"
    page.keyboard.press("Escape")  # nothing selected after a wrong move: the words go all the same
    assert message.inner_text().strip() == "" and page.locator(".hm-game [data-mismatch]").count() == 0


@pytest.mark.parametrize(("width", "height", "scale"), [(390, 844, 3), (360, 640, 3), (683, 328, 2)])
def test_every_tag_of_a_row_stands_on_one_line(context_for, site_url, width, height, scale):
    page = context_for(viewport={"width": width, "height": height}, device_scale_factor=scale).new_page()
    open_play(page, site_url)
    tops = page.eval_on_selector_all(
        ".hm-game .hm-board [data-source^='R'] .hm-tag-name",
        "names => names.map((n) => [n.textContent, n.getBoundingClientRect().top,"
        " n.getBoundingClientRect().bottom])")
    for row in (("R1", "R2", "R3", "R4"), ("R5", "R6", "R7", "R8")):
        assert len({(top, bottom) for name, top, bottom in tops if name in row}) == 1, tops


def test_a_cards_name_says_each_thing_once(page, site_url):
    open_play(page, site_url, "fr")
    position = Position(DealCode.parse(EXAMPLE))
    fr = catalog("fr")
    label = page.locator(".hm-game [data-source='1']").get_attribute("aria-label")
    assert label == fr.text("game.pile.label", pile="1", count=fr.plural("docs.count.cards", 8),
                            card=fr.card_words(position.card_at("1")))
    face = page.locator(".hm-game [data-source='1'] .hm-face").inner_text()
    assert face not in label  # "10♥" is said in words, once
    tap(page, example_moves()[0][0])
    labels = page.eval_on_selector_all(".hm-game .hm-board [data-source]",
                                       "cells => cells.map((c) => c.getAttribute('aria-label'))")
    assert all(label.count(":") <= 1 for label in labels), labels
