"""The open variant (issue 47 item 5), in Chromium: the "Open cards" setting, off by default,
fans every pile face up as dealt, so all 104 cards show from the start; its statistics are kept
apart from the standard game's; the board still fits every screen the standard board fits; a game
plays to the end by clicks and by keys. With the setting off the game is as it was. What the
board should show comes from the Python engine and catalogs, not from the JavaScript under test."""

from __future__ import annotations

import json

import pytest
from browser_helpers import (
    EXAMPLE,
    example_moves,
    field,
    keys_to,
    live,
    open_play,
    plain,
    set_setting,
    stats_written,
    tap,
)
from test_board_fits_browser import (
    ISSUE_SIZES,
    LANGS,
    MEASURE,
    board_faults,
    generated_sizes,
    generated_window_faults,
    measure_at,
)

from halfmoon import DealCode, Position
from halfmoon.i18n import catalog
from halfmoon.layout import KEYS

pytestmark = pytest.mark.browser

FANS = """() => Object.fromEntries([...document.querySelectorAll('.hm-game .hm-board [data-source]')]
  .filter((cell) => !cell.dataset.source.startsWith('R'))
  .map((cell) => [cell.dataset.source,
    [...cell.querySelectorAll('.hm-fan-card')].map((strip) => strip.textContent)]))"""
STATS = """() => Object.fromEntries(Object.keys(localStorage).filter((key) => /:stats(:open)?$/.test(key))
  .map((key) => [key.endsWith(':open') ? 'open' : 'standard', JSON.parse(localStorage.getItem(key))]))"""


def shown(page) -> dict:
    values = {name: page.locator(f".hm-game [data-stat='{name}']").inner_text()
              for name in ("played", "won", "streak")}
    return {"heading": page.locator(".hm-game .hm-stats h2").inner_text(), **values}


def figures(heading: str, played: str, won: str, streak: str) -> dict:
    return {"heading": heading, "played": played, "won": won, "streak": streak}


def saved_game(page) -> dict:
    """The stored game of the example deal."""
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(game_key(page))}))")


def game_key(page) -> str:
    return page.evaluate(f"() => Object.keys(localStorage).find((k) => k.endsWith('game:{EXAMPLE}'))")


def board_html(page) -> str:
    return page.locator(".hm-game .hm-board").evaluate("(board) => board.outerHTML")


@pytest.mark.parametrize("lang", ["en", "he"])
def test_open_cards_show_all_104_cards_at_the_start_as_the_python_deal_has_them(page, site_url, lang):
    open_play(page, site_url, lang)
    assert page.locator(".hm-game .hm-fan").count() == 0  # off by default
    set_setting(page, "openCards", True)
    texts = catalog(lang)
    position = Position(DealCode.parse(EXAMPLE))
    fans = page.evaluate(FANS)
    faces = page.eval_on_selector_all(".hm-game .hm-board .hm-face", "n => n.map(x => x.textContent)")
    assert sum(len(strips) for strips in fans.values()) + sum(1 for face in faces if face) == 104
    for index, pile in enumerate(position.piles):
        source = str(index + 1)
        # Bottom card first, the top card on the face: as dealt (SPEC 4.2), in the page's letters.
        assert fans[source] == [plain(texts.card(card)) for card in pile[:-1]], source
        label = page.locator(f".hm-game [data-source='{source}']").get_attribute("aria-label")
        own = texts.text("game.pile.label", pile=source, count=texts.plural("docs.count.cards", len(pile)),
                         card=texts.card_words(pile[-1]))
        beneath = texts.join([texts.card_words(card) for card in reversed(pile[:-1])])
        assert plain(label) == plain(texts.text("game.pile.fanned", label=own, cards=beneath))
    # The fan is a picture: its cards are named once, in the pile's name.
    assert page.locator(".hm-game .hm-fan[aria-hidden='true']").count() == 12
    # The reserve is as it always was.
    assert page.locator(".hm-game [data-source='R1'] .hm-fan").count() == 0


def test_with_the_setting_off_the_board_reads_exactly_as_before(page, site_url):
    open_play(page, site_url)
    before = board_html(page)
    labels = page.eval_on_selector_all(".hm-game [data-source]", "n => n.map((x) => x.ariaLabel)")
    assert not any("under it" in label for label in labels)
    heading = shown(page)["heading"]
    assert heading == catalog("en").text("game.stats.heading")
    set_setting(page, "openCards", True)
    assert board_html(page) != before
    set_setting(page, "openCards", False)
    assert board_html(page) == before
    # That game was seen open, and counts so; a game never opened counts as a standard one, as before.
    open_play(page, site_url)
    tap(page, *example_moves()[0])
    assert shown(page) == figures(heading, "1", "0", "0")
    stats_written(page)
    assert set(page.evaluate(STATS)) == {"standard"}
    page.wait_for_function(f"() => Object.keys(localStorage).some((k) => k.endsWith('game:{EXAMPLE}'))")
    assert "open" not in saved_game(page)


def test_open_statistics_stay_apart_from_the_standard_game_s(page, site_url):
    en = catalog("en")
    open_play(page, site_url)
    moves = example_moves()
    tap(page, *moves[0])  # a standard game, played: counted there
    assert shown(page)["played"] == "1"
    set_setting(page, "openCards", True)  # looked under the piles: an open game from now on
    assert shown(page) == figures(en.text("game.stats.heading_open"), "0", "0", "0")
    for move in moves[1:]:
        tap(page, *move)
    assert field(page, "moves") == "48"
    page.locator(".hm-dialog button").first.wait_for()
    page.keyboard.press("Escape")
    assert shown(page) == figures(en.text("game.stats.heading_open"), "1", "1", "1")
    page.wait_for_function(f"() => ({STATS})().open?.won === 1")
    stats = page.evaluate(STATS)
    assert (stats["standard"]["played"], stats["standard"]["won"], stats["standard"]["streak"]) == (1, 0, 0)
    assert (stats["open"]["played"], stats["open"]["won"], stats["open"]["streak"]) == (1, 1, 1)
    # The open game stays open once reloaded, even with the setting off: its figures are the open ones.
    set_setting(page, "openCards", False)
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    assert page.locator(".hm-game .hm-fan").count() == 0
    # A new standard deal shows the standard figures again.
    page.locator(".hm-game [data-action='new']").first.click()
    assert shown(page)["heading"] == en.text("game.stats.heading")
    assert shown(page)["played"] == "1"


def test_damaged_statistics_are_said_and_kept_not_written_over(page, site_url):
    en = catalog("en")
    page.goto(site_url)
    page.evaluate("localStorage.clear()")
    prefix = page.evaluate("new URL('.', location.href).pathname")
    damaged = '{"version": 1, "played": "many"'
    page.evaluate(f"localStorage.setItem('halfmoon:{prefix}:stats:open', {json.dumps(damaged)})")
    open_play(page, site_url, fresh=False)
    notice = plain(page.locator(".hm-game .hm-notice").inner_text())
    assert notice.startswith(en.text("game.stats.damaged.open"))
    kept = page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes(':damaged:stats:open:'))")
    assert len(kept) == 1 and kept[0] in notice
    assert page.evaluate(f"localStorage.getItem({json.dumps(kept[0])})") == damaged
    # Counting starts again from zero, and the kept text stays as it was.
    set_setting(page, "openCards", True)
    tap(page, *example_moves()[0])
    page.wait_for_function("() => Object.keys(localStorage).some((k) => k.endsWith(':stats:open'))")
    assert page.evaluate(STATS)["open"]["played"] == 1
    assert page.evaluate(f"localStorage.getItem({json.dumps(kept[0])})") == damaged


def test_a_saved_game_from_before_loads_and_an_unclear_variant_counts_as_open(page, site_url):
    en = catalog("en")
    open_play(page, site_url)
    tap(page, *example_moves()[0])
    page.wait_for_function(f"() => Object.keys(localStorage).some((k) => k.endsWith('game:{EXAMPLE}'))")
    key = game_key(page)
    saved = saved_game(page)
    assert "open" not in saved  # what every build before this one wrote
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    assert field(page, "moves") == "1"
    page.goto(site_url)  # away from the game, which saves itself as it goes
    unclear = json.dumps({**saved, "open": "yes"})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, unclear])
    open_play(page, site_url, fresh=False)
    assert field(page, "moves") == "1"  # nothing lost
    assert en.text("game.open.unclear") in plain(page.locator(".hm-game .hm-message").inner_text())
    assert shown(page)["heading"] == en.text("game.stats.heading_open")


def test_an_open_game_is_won_by_keys_alone(page, site_url):
    open_play(page, site_url, "ar")
    set_setting(page, "openCards", True)
    page.focus(".hm-game [data-source='1']")
    here = "1"
    for move in example_moves():
        for source in move:
            for key in keys_to(here, source, KEYS):
                page.keyboard.press(key)
            here = source
            page.keyboard.press("Enter")
        # The focus stays in the board; a pile's name lists what is now under its top card.
    assert field(page, "score") == "520"
    assert field(page, "moves") == "48"
    texts = catalog("ar")
    moves, points = texts.plural("docs.count.moves", 48), texts.plural("docs.count.points", 520)
    won = texts.text("game.said.won", moves=moves, points=points)
    assert won in live(page)
    assert page.locator(".hm-game .hm-fan-card").count() == 0


# --- the board fits every screen it fits today ----------------------------------------------------

# MEASURE's faces and tags, and the fans' strips: none outside the felt, cut off or under a tag.
FAN_FAULTS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const felt = box(document.querySelector('.hm-game .hm-board'));
  const tags = [...document.querySelectorAll('.hm-game .hm-tag')].map(box);
  const apart = (a, b) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5
    || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
  const faults = [];
  for (const fan of document.querySelectorAll('.hm-game .hm-fan')) {
    const where = fan.closest('[data-source]').dataset.source;
    const f = box(fan);
    if (f.left < felt.left - 0.5 || f.right > felt.right + 0.5
        || f.top < felt.top - 0.5 || f.bottom > felt.bottom + 0.5) faults.push(`${where} off the table`);
    if (fan.scrollHeight > fan.clientHeight + 1) faults.push(`${where} cut off`);
    if (tags.some((tag) => !apart(tag, f))) faults.push(`${where} under a tag`);
    const face = box(fan.parentElement.querySelector('.hm-face'));
    if (f.bottom > face.top + 0.5) faults.push(`${where} over its top card`);
  }
  return faults;
}"""


def open_faults(page, width: int, height: int) -> list[str]:
    sizes = measure_at(page, width, height)
    return board_faults(sizes) + page.evaluate(FAN_FAULTS)


@pytest.mark.parametrize("lang", LANGS)
def test_the_open_board_is_whole_on_the_first_screen_inside_its_table(context_for, site_url, lang):
    # As tests/test_board_fits_browser.py checks the standard board: the issue's sizes and three
    # drawn for the language, at its scale.
    scale = [1, 2, 3][LANGS.index(lang) % 3]
    page = context_for(viewport={"width": 800, "height": 600}, device_scale_factor=scale).new_page()
    open_play(page, site_url, lang)
    set_setting(page, "openCards", True)
    faults = {}
    for width, height, *_ in ISSUE_SIZES + [(*size, scale) for size in generated_sizes(lang, 3)]:
        found = open_faults(page, width, height)
        if found:
            faults[f"{width}x{height}"] = found
    assert not faults, faults
    assert page.evaluate(MEASURE)["covering"] == []


def test_a_generated_set_of_windows_holds_the_open_board_whole(context_for, site_url):
    faults = generated_window_faults(context_for, site_url, open_faults,
                                     prepare=lambda page: set_setting(page, "openCards", True))
    assert not faults, faults
