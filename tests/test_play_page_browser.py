"""The Play page as a player meets it: the board in view at common sizes, the endings, nothing
lost (saves per deal, Back, two tabs), the keyboard alone, play time, and the page without
JavaScript or without its catalogs. Expected texts come from the Python catalogs."""

from __future__ import annotations

import json
import re

import pytest
from browser_helpers import (
    EXAMPLE,
    PLAY_PATHS,
    action,
    code_error,
    deadlock_game,
    example_moves,
    field,
    keys_to,
    open_play,
    plain,
    stat,
    tap,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from site_server import run_before_theme

from halfmoon import DealCode, Game, Position
from halfmoon.i18n import catalog

pytestmark = pytest.mark.browser

OTHER = "HM1-N-AAAAAAC"

# The arrow-key map documented on the Play page (docs/en/play.md, "Playing with the keyboard").
KEYS = {
    "ArrowRight": "4 5,5 6,6 7,7 8,8 9,9 10,10 11,3 R1,2 R1,R1 R2,R2 R3,R3 R4,R4 12,"
                  "1 R5,R5 R6,R6 R7,R7 R8,R8 12",
    "ArrowLeft": "5 4,6 5,7 6,8 7,9 8,10 9,4 3,11 R4,12 R4,R4 R3,R3 R2,R2 R1,R1 2,R8 R7,R7 R6,R6 R5,R5 1",
    "ArrowDown": "4 3,5 R1,6 R2,7 R2,8 R3,9 R4,10 11,3 2,2 1,11 12,12 R8,R1 R5,R2 R6,R3 R7,R4 R8",
    "ArrowUp": "3 4,2 3,1 2,11 10,12 11,R1 5,R2 6,R3 8,R4 9,R5 R1,R6 R2,R7 R3,R8 R4",
}
ARROWS = {key: dict(pair.split() for pair in pairs.split(",")) for key, pairs in KEYS.items()}


def in_dialog(page) -> bool:
    return page.evaluate("Boolean(document.activeElement?.closest('dialog[open]'))")


def settled_stats(page, *expected: str) -> tuple[str, str, str]:
    """Games played, won and the streak, once they show ``expected`` or a while has passed: the
    page shows the statistics again when their write under the tabs' lock is done."""
    script = ("want => ['played', 'won', 'streak'].map(n => document.querySelector("
              "`.hm-game [data-stat='${n}']`).textContent.trim()).join() === want")
    try:
        page.wait_for_function(script, arg=",".join(expected), timeout=30_000)  # only a hang reaches it
    except PlaywrightTimeoutError:
        pass  # the assertion that follows says what was shown
    return stat(page, "played"), stat(page, "won"), stat(page, "streak")


def play_code(page, code: str) -> None:
    page.fill(".hm-game .hm-code-input", code)
    page.press(".hm-game .hm-code-input", "Enter")


def win_example(page) -> None:
    for move in example_moves():
        tap(page, *move)


# --- the board in view --------------------------------------------------------------------------


def inside(box, width, height) -> bool:
    x, y = box["x"], box["y"]
    return 0 <= x <= x + box["width"] <= width and 0 <= y <= y + box["height"] <= height


@pytest.mark.parametrize("width,height", [(1280, 800), (1366, 768), (1920, 1080), (390, 844)])
def test_board_info_bar_and_message_are_in_view_without_scrolling(context_for, site_url, width, height):
    page = context_for(viewport={"width": width, "height": height}).new_page()
    open_play(page, site_url)
    for selector in (".hm-toolbar", ".hm-info", ".hm-board", ".hm-message", ".hm-board [data-source]"):
        for element in page.locator(f".hm-game {selector}").all():
            box = element.bounding_box()
            assert box and inside(box, width, height), (selector, box)
    assert page.evaluate("scrollY") == 0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_320_px_nothing_overflows_and_every_card_is_a_24_px_target(context_for, site_url, lang):
    page = context_for(viewport={"width": 320, "height": 640}).new_page()
    open_play(page, site_url, lang)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    for cell in page.locator(".hm-game .hm-board [data-source]").all():
        box = cell.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
    spilled = page.eval_on_selector_all(
        ".hm-game .hm-face, .hm-game .hm-tag",
        "nodes => nodes.filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)",
    )
    assert spilled == []


# --- endings ---------------------------------------------------------------------------------------


def test_winning_opens_a_dialog_with_the_result_and_counts_the_win(page, site_url):
    open_play(page, site_url)
    win_example(page)
    dialog = page.locator(".hm-game dialog[open]")
    en = catalog("en")
    assert dialog.locator("h2").inner_text() == en.text("game.dialog.won_title")
    assert page.evaluate("document.querySelector('dialog[open]').getAttribute('aria-labelledby')") == (
        dialog.locator("h2").get_attribute("id")
    )
    text = dialog.inner_text()
    assert en.text("game.dialog.result", time=field(page, "time"), score=520, moves=48) in text
    assert in_dialog(page)
    assert [b.inner_text() for b in dialog.locator(".hm-dialog-buttons button").all()] == [
        en.text(f"game.button.{b}") for b in ("new", "restart", "export")
    ]
    assert dialog.locator("p").first.inner_text() != en.text("game.dialog.won_title")  # no title twice
    assert en.text("game.dialog.won_title").rstrip("!") not in dialog.locator("p").first.inner_text()
    page.keyboard.press("Escape")
    assert page.locator(".hm-game dialog[open]").count() == 0
    assert page.evaluate("document.activeElement.dataset.source") is not None  # back on the board
    assert settled_stats(page, "1", "1", "1") == ("1", "1", "1")
    assert page.evaluate("getComputedStyle(document.querySelector('.hm-board')).animationName") == "hm-glow"


def overlap(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 657)])
def test_the_win_dialog_closes_by_touch_and_leaves_the_board_in_sight(context_for, site_url, width, height):
    page = context_for(viewport={"width": width, "height": height}, has_touch=True).new_page()
    open_play(page, site_url)
    win_example(page)
    dialog = page.locator(".hm-game dialog[open]")
    assert not overlap(dialog.bounding_box(), page.locator(".hm-game .hm-board").bounding_box())
    close = dialog.locator(".hm-dialog-close")
    assert close.get_attribute("aria-label") == catalog("en").text("game.dialog.close")
    close.tap()
    assert page.locator(".hm-game dialog[open]").count() == 0
    assert page.evaluate("document.activeElement.dataset.source") is not None  # back on the board
    # Undo the last move and make it again: the ending comes again, and a tap on the backdrop
    # (outside the dialog's box) closes it too.
    page.click(".hm-game [data-action='undo']")
    tap(page, *example_moves()[-1])
    assert page.locator(".hm-game dialog[open]").count() == 1
    page.touchscreen.tap(2, height - 2)
    assert page.locator(".hm-game dialog[open]").count() == 0


def test_a_deal_changed_through_the_address_closes_the_win_dialog(page, site_url):
    open_play(page, site_url)
    win_example(page)
    assert page.locator(".hm-game dialog[open]").count() == 1
    page.evaluate(f"location.hash = '#{OTHER}'")
    page.wait_for_function(f"document.querySelector('[data-field=code]').textContent === '{OTHER}'")
    assert page.locator(".hm-game dialog[open]").count() == 0


def test_a_wrong_pair_keeps_a_still_mark_under_reduced_motion(context_for, site_url):
    page = context_for(reduced_motion="reduce").new_page()
    open_play(page, site_url)
    position = Position(DealCode.parse(EXAMPLE))
    tops = {s: c for s, c in position.playable().items() if c.rank < 11}
    first, second = next((a, b) for a in tops for b in tops if a != b and tops[a].rank + tops[b].rank != 11)
    tap(page, first, second)
    marked = page.eval_on_selector_all(".hm-game [data-mismatch]", "cs => cs.map((c) => c.dataset.source)")
    assert sorted(marked) == sorted([first, second])
    face = page.locator(f".hm-game [data-source='{first}'] .hm-face")
    style = face.evaluate("f => [getComputedStyle(f).animationName, getComputedStyle(f).boxShadow]")
    assert style[0] == "none" and style[1] != "none"
    assert field(page, "moves") == "0" and page.locator(".hm-game [aria-pressed='true']").count() == 0


ANIMATIONS = """() => Object.fromEntries([...document.querySelectorAll('.hm-game [data-source]')]
  .map((cell) => [cell.dataset.source, cell.querySelector('.hm-face').getAnimations().length]))"""


def test_the_cards_that_replace_removed_ones_rise_into_place_one_animation_per_card(page, site_url):
    open_play(page, site_url)
    frozen = page.context.new_cdp_session(page)  # time stands still: no animation ends mid-test
    frozen.send("Animation.enable")
    frozen.send("Animation.setPlaybackRate", {"playbackRate": 0})
    removed: set[str] = set()
    for move in example_moves()[:8]:
        tap(page, *move)
        removed |= set(move)
        # Every cell removed from has one animation, played again rather than stacked.
        animations = page.evaluate(ANIMATIONS)
        assert animations == {source: int(source in removed) for source in animations}
    assert sum(len(move) for move in example_moves()[:8]) > len(removed)  # some cell was replayed


def test_no_win_animation_under_reduced_motion_and_restart_from_the_dialog(context_for, site_url):
    page = context_for(reduced_motion="reduce").new_page()
    open_play(page, site_url)
    first, *rest = example_moves()
    tap(page, *first)
    assert set(page.evaluate(ANIMATIONS).values()) == {0}
    for move in rest:
        tap(page, *move)
    assert page.locator(".hm-game dialog[open]").count() == 1
    assert page.evaluate("getComputedStyle(document.querySelector('.hm-board')).animationName") == "none"
    page.locator(".hm-game dialog[open] button", has_text=catalog("en").text("game.button.restart")).click()
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "0")


def test_deadlock_dialog_ends_the_streak_and_offers_undo(page, site_url):
    code, moves = deadlock_game()
    open_play(page, site_url, fragment=code)
    for move in moves:
        tap(page, *move)
    dialog = page.locator(".hm-game dialog[open]")
    en = catalog("en")
    assert dialog.locator("h2").inner_text() == en.text("game.dialog.deadlock_title")
    assert dialog.locator("button").first.inner_text() == en.text("game.button.undo_last")
    assert page.evaluate("document.activeElement.textContent") == en.text("game.button.undo_last")
    page.keyboard.press("Escape")
    assert stat(page, "streak") == "0" and stat(page, "played") == "1" and stat(page, "won") == "0"


def test_the_deadlock_dialog_shows_the_time_the_bar_shows(page, site_url):
    code, moves = deadlock_game()
    page.clock.install()
    open_play(page, site_url, fragment=code, framed=False)
    tap(page, *moves[0])
    page.clock.run_for(2500)  # the clock runs from the first move
    for move in moves[1:]:
        tap(page, *move)
    page.locator(".hm-game dialog[open]").wait_for()
    shown = field(page, "time")
    assert shown != "00:00"
    score = field(page, "score")
    result = catalog("en").text("game.dialog.result", time=shown, score=score, moves=len(moves))
    assert result in page.locator(".hm-game dialog[open]").inner_text()


def no_move_deal() -> str:
    """A deal whose first tops hold no pair and no triple."""
    for number in range(80000, 90000):
        if Game(DealCode(number)).deadlocked:
            return str(DealCode(number))
    raise AssertionError("no deal without a move found")


def test_a_deal_without_a_move_ends_at_once_and_counts_as_played_once(page, site_url):
    code = no_move_deal()
    open_play(page, site_url, fragment=code)
    en = catalog("en")
    dialog = page.locator(".hm-game dialog[open]")
    assert dialog.locator("h2").inner_text() == en.text("game.dialog.deadlock_title")
    assert en.text("game.said.deadlocked_at_start") in dialog.inner_text()
    assert page.locator(".hm-game .hm-dialog-buttons button").first.inner_text() == en.text("game.button.new")
    page.keyboard.press("Escape")
    said = en.text("game.said.deadlocked_at_start")
    assert plain(page.locator(".hm-game .hm-message").inner_text()) == said
    assert settled_stats(page, "1", "0", "0") == ("1", "0", "0")
    page.reload()  # the same deal again, from its save: not counted twice
    page.wait_for_selector(".hm-board [data-source='1']")
    assert stat(page, "played") == "1"


def test_statistics_reset_mid_game_then_a_win_add_up(page, site_url):
    open_play(page, site_url)
    *most, last = example_moves()
    for move in most:
        tap(page, *move)
    page.click(action(page, "reset"))
    page.locator(".hm-game dialog[open] button[data-kind='danger']").click()
    assert stat(page, "played") == "0"
    tap(page, *last)
    page.keyboard.press("Escape")
    assert settled_stats(page, "1", "1", "1") == ("1", "1", "1")


def test_restart_asks_first_and_cancel_keeps_the_game(page, site_url):
    open_play(page, site_url)
    tap(page, *example_moves()[0])
    page.click(action(page, "restart"))
    en = catalog("en")
    dialog = page.locator(".hm-game dialog[open]")
    assert dialog.locator("h2").inner_text() == en.text("game.confirm.restart.title")
    dialog.locator("button", has_text=en.text("game.confirm.cancel")).click()
    assert field(page, "moves") == "1"
    page.click(action(page, "restart"))
    dialog.locator("button", has_text=en.text("game.confirm.restart.ok")).click()
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "0")


# --- nothing lost ------------------------------------------------------------------------------------


def test_switching_deals_keeps_each_game_and_back_returns_to_the_previous_deal(page, site_url):
    open_play(page, site_url)
    for move in example_moves()[:2]:
        tap(page, *move)
    play_code(page, OTHER)
    assert (field(page, "code"), field(page, "moves")) == (OTHER, "0")
    tap(page, *Game_first_move(OTHER))
    page.go_back()
    page.wait_for_function(f"document.querySelector('[data-field=code]').textContent === '{EXAMPLE}'")
    assert field(page, "moves") == "2"
    page.go_forward()
    page.wait_for_function(f"document.querySelector('[data-field=code]').textContent === '{OTHER}'")
    assert field(page, "moves") == "1"
    play_code(page, EXAMPLE.lower())  # typed again: resumed, not restarted
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "2")
    page.goto(site_url + PLAY_PATHS["en"])  # no fragment: the most recent unfinished game
    page.wait_for_function("document.querySelector('.hm-game')?.hmGame")
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "2")


def Game_first_move(code: str) -> list[str]:  # noqa: N802 - reads as "the game's first move"
    from halfmoon import Game

    return list(Game(code).position.legal_moves()[0].sources)


def test_a_won_deal_opened_again_starts_fresh(page, site_url):
    open_play(page, site_url)
    win_example(page)
    page.keyboard.press("Escape")
    play_code(page, OTHER)
    play_code(page, EXAMPLE)
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "0")


def test_a_second_tab_follows_the_newer_game_of_the_same_deal(context_for, site_url):
    context = context_for()
    first = open_play(context.new_page(), site_url)
    second = context.new_page()
    second.goto(site_url + PLAY_PATHS["en"] + f"#{EXAMPLE}")
    second.wait_for_selector(".hm-board [data-source='1']")
    moves = example_moves()
    tap(first, *moves[0])
    second.wait_for_function("document.querySelector('[data-field=moves]').textContent === '1'")
    tap(second, *moves[1])
    first.wait_for_function("document.querySelector('[data-field=moves]').textContent === '2'")
    first.click(action(first, "undo"))
    second.wait_for_function("document.querySelector('[data-field=moves]').textContent === '1'")
    assert field(second, "score") == field(first, "score")


def test_the_skip_link_and_the_heading_anchor_are_left_to_the_page(page, site_url):
    open_play(page, site_url)
    tap(page, *example_moves()[0])
    page.focus(".md-skip")
    page.keyboard.press("Enter")
    page.wait_for_function("location.hash === '#play'")
    page.evaluate("location.hash = ''; location.hash = '#play'")  # as a link to the heading would
    assert page.locator(".hm-game .hm-error:not([hidden])").count() == 0
    assert page.locator(".hm-game .hm-message").get_attribute("data-kind") != "error"
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "1")


# --- deal codes typed with look-alike letters ---------------------------------------------------------


@pytest.mark.parametrize("typed", ["НМ1-N-AAAAAAC", "ΗΜ1-Ν-ΑΑΑΑΑΑC", "hм1-n-aaaaaac"])
def test_cyrillic_and_greek_look_alikes_read_as_their_latin_twins(page, site_url, typed):
    open_play(page, site_url, "ru")
    play_code(page, typed)
    assert field(page, "code") == OTHER


def test_another_non_ascii_letter_is_refused_by_name(page, site_url):
    open_play(page, site_url, "ru")
    play_code(page, "HM1-N-AAAAAAЖ")
    shown = plain(page.locator(".hm-game .hm-error").inner_text())
    assert shown == code_error("ru", "HM1-N-AAAAAAЖ") and "Ж" in shown
    assert field(page, "code") == EXAMPLE


# --- the keyboard alone -------------------------------------------------------------------------------


def tabs_until(page, predicate: str, limit: int = 40, back: bool = False) -> int:
    for count in range(1, limit + 1):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(predicate):
            return count
    raise AssertionError(f"focus never reached {predicate}")


ON_BOARD = "Boolean(document.activeElement?.closest('.hm-board'))"


def test_a_whole_game_won_with_the_keyboard_alone(page, site_url):
    open_play(page, site_url)
    page.evaluate("document.activeElement?.blur()")
    # The theme's header (skip link, logo, palette, languages, search) first, then the page:
    # New game (the title is for screen readers: no ¶ stop), the board (Restart and Undo are
    # disabled before a move), the one-line rule's link to the rules, the code field.
    tabs_until(page, "Boolean(document.activeElement.closest('.md-content'))")
    assert page.evaluate("document.activeElement.dataset.action") == "new"
    assert tabs_until(page, ON_BOARD) == 1
    assert tabs_until(page, "Boolean(document.activeElement.closest('.hm-intro'))") == 1  # board: one stop
    assert tabs_until(page, "document.activeElement.matches('.hm-code-input')") == 1
    tabs_until(page, ON_BOARD, back=True)
    here = page.evaluate("document.activeElement.dataset.source")
    for number, move in enumerate(example_moves(), start=1):
        for source in move:
            for key in keys_to(here, source, ARROWS):
                page.keyboard.press(key)
            here = source
            assert page.evaluate("document.activeElement.dataset.source") == source
            page.keyboard.press("Enter")
        if number == 1:
            assert field(page, "moves") == "1"
            assert tabs_until(page, "document.activeElement.dataset.action === 'undo'", back=True) == 1
            page.keyboard.press("Enter")  # undo, then the same move again by keys
            assert field(page, "moves") == "0"
            # Undo is disabled now, so the focus went back to the board, to the card it left.
            assert page.evaluate("document.activeElement.dataset.source") == here
            page.keyboard.press("u")  # nothing to undo: no harm
            for source in move:
                for key in keys_to(here, source, ARROWS):
                    page.keyboard.press(key)
                here = source
                page.keyboard.press("Enter")
    assert (field(page, "moves"), field(page, "score")) == ("48", "520")
    assert in_dialog(page)
    page.keyboard.press("Escape")
    assert page.evaluate(ON_BOARD)


def test_from_the_top_of_the_page_the_skip_link_reaches_the_board_in_a_few_keys(page, site_url):
    # The theme's header has its own stops (logo, palette, languages, search); its skip link,
    # the page's first stop, passes them: Tab, Enter, then New game.
    open_play(page, site_url)
    page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches('.md-skip')")
    page.keyboard.press("Enter")
    assert tabs_until(page, ON_BOARD, limit=2) == 2


def test_undo_and_escape_work_anywhere_but_in_the_code_field(page, site_url):
    open_play(page, site_url)
    moves = example_moves()
    tap(page, *moves[0])
    tap(page, moves[1][0])
    page.focus(".md-header .md-logo")  # outside the game
    page.keyboard.press("Escape")
    assert page.locator(".hm-game [aria-pressed='true']").count() == 0
    page.focus(".hm-game .hm-code-input")
    page.keyboard.press("u")
    page.keyboard.press("Control+z")
    assert field(page, "moves") == "1"
    page.focus(".md-header .md-logo")  # outside the game
    page.keyboard.press("Control+z")
    assert field(page, "moves") == "0"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_control_shows_a_focus_ring(context_for, site_url, scheme):
    page = context_for(color_scheme=scheme).new_page()
    open_play(page, site_url)
    tap(page, *example_moves()[0])  # Restart and Undo become focusable
    page.focus(action(page, "new"))
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    rings = []
    for _ in range(30):
        ring = page.evaluate("""() => {
            const el = document.activeElement;
            if (!el.closest('.hm-game')) return null;
            const shown = el.matches('[data-source]') ? el.querySelector('.hm-face') : el;
            const style = getComputedStyle(shown);
            return [el.dataset.action || el.dataset.source || el.type || el.tagName,
                    el.matches(':focus-visible'), style.outlineStyle, parseFloat(style.outlineWidth)];
        }""")
        if ring is None:
            break
        rings.append(ring)
        page.keyboard.press("Tab")
    kinds = {ring[0] for ring in rings}
    assert {"new", "restart", "undo", "checkbox", "text", "copy_link", "export", "reset"} <= kinds
    assert any(ring[0] in {str(n) for n in range(1, 13)} | {f"R{n}" for n in range(1, 9)} for ring in rings)
    assert [ring for ring in rings if not (ring[1] and ring[2] != "none" and ring[3] >= 2)] == []


# --- play time -------------------------------------------------------------------------------------------


def hide(page, hidden: bool) -> None:
    page.evaluate(
        """hidden => {
            const state = hidden ? 'hidden' : 'visible';
            Object.defineProperty(document, 'visibilityState', { get: () => state, configurable: true });
            Object.defineProperty(document, 'hidden', { get: () => hidden, configurable: true });
            document.dispatchEvent(new Event('visibilitychange'));
        }""",
        hidden,
    )


def wait_time(page, text: str) -> None:
    page.wait_for_function(f"document.querySelector('[data-field=time]').textContent === '{text}'")


def test_play_time_starts_at_the_first_move_pauses_while_hidden_and_is_saved(page, site_url):
    page.clock.install()
    open_play(page, site_url, framed=False)
    page.clock.run_for(30_000)
    wait_time(page, "00:00")  # no move yet
    tap(page, *example_moves()[0])
    page.clock.run_for(5_000)
    wait_time(page, "00:05")
    hide(page, True)
    page.clock.run_for(3_600_000)
    hide(page, False)
    page.clock.run_for(2_000)
    wait_time(page, "00:07")
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    wait_time(page, "00:07")


def test_a_move_made_just_before_leaving_the_page_is_kept(page, site_url):
    # A move is saved after the frame that shows it; leaving at once must not lose it.
    open_play(page, site_url)
    first, second = example_moves()[:2]
    page.evaluate("""(sources) => {
        for (const source of sources) document.querySelector(`.hm-game [data-source="${source}"]`).click();
        location.reload();
    }""", first + second)
    page.wait_for_selector(".hm-board [data-source='1']")
    assert (field(page, "moves"), field(page, "code")) == ("2", EXAMPLE)


@pytest.mark.parametrize("elapsed", [-1e308, 1e308, "\"12\"", 86_400_000 * 400])
def test_an_impossible_saved_time_is_discarded(page, site_url, elapsed):
    open_play(page, site_url)
    tap(page, *example_moves()[0])
    page.goto(site_url)
    page.evaluate(
        """elapsed => { for (const key of Object.keys(localStorage)) if (key.includes(':game:')) {
            const saved = JSON.parse(localStorage.getItem(key)); saved.elapsed = JSON.parse(elapsed);
            localStorage.setItem(key, JSON.stringify(saved)); } }""",
        json.dumps(elapsed) if not isinstance(elapsed, str) else elapsed,
    )
    page.goto(site_url + PLAY_PATHS["en"] + f"#{EXAMPLE}")
    page.wait_for_selector(".hm-board [data-source='1']")
    assert field(page, "moves") == "1"
    assert re.fullmatch(r"00:0\d", field(page, "time"))


# --- statistics --------------------------------------------------------------------------------------------


def test_statistics_count_started_games_only_and_can_be_reset(page, site_url):
    open_play(page, site_url)
    assert stat(page, "played") == "0"
    page.click(action(page, "new"))  # a deal left without a move is no game played
    tap(page, *Game_first_move(field(page, "code")))
    assert stat(page, "played") == "1"
    page.click(action(page, "reset"))
    en = catalog("en")
    page.locator(".hm-game dialog[open] button", has_text=en.text("game.confirm.reset.ok")).click()
    assert [stat(page, name) for name in ("played", "won", "streak", "best_streak")] == ["0"] * 4


# --- without JavaScript, without catalogs -------------------------------------------------------------------


def test_without_javascript_the_page_shows_the_deal_and_how_to_play_it_by_hand(context_for, site_url):
    page = context_for(java_script_enabled=False).new_page()
    page.goto(site_url + PLAY_PATHS["en"])
    assert page.locator(".hm-game .hm-figure svg").is_visible()
    assert page.locator(".hm-game ol li").count() == 4


def test_with_javascript_the_notice_is_gone_once_the_game_mounts(page, site_url):
    open_play(page, site_url)
    assert page.locator(".hm-game .hm-figure").count() == 0
    assert "JavaScript" not in page.locator(".hm-game").inner_text()


CARRIED = re.compile(r'<script type="application/json" data-hm-catalog="(\w+)">.*?</script>', re.S)


def page_with_its_catalog(page, text: str | None) -> None:
    """Serve the Play pages with the catalog they carry replaced by ``text`` (None: left out)."""
    def carried(match: re.Match) -> str:
        opening = f'<script type="application/json" data-hm-catalog="{match[1]}">'
        return "" if text is None else f"{opening}{text}</script>"

    def serve(route):
        html = route.fetch().text()
        assert CARRIED.search(html), "the Play page carries no catalog"
        route.fulfill(body=CARRIED.sub(carried, html), content_type="text/html")
    page.route(re.compile(r".*/play/(index\.html)?$"), serve)


def test_the_board_is_drawn_from_the_catalog_the_page_carries(context_for, site_url):
    page = context_for(service_workers="block").new_page()
    fetched: list[str] = []
    page.route(re.compile(r".*/catalogs/.*\.json$"),
               lambda route: (fetched.append(route.request.url), route.abort()))
    page.goto(site_url + PLAY_PATHS["he"])
    page.wait_for_selector(".hm-board [data-source='1']")
    assert page.locator(action(page, "new")).inner_text() == catalog("he").text("game.button.new")
    assert page.locator(".hm-game .hm-notice").is_hidden() and fetched == []


def test_the_board_is_drawn_before_the_theme_script_runs(context_for, site_url):
    """The theme's script runs at the reader's first use of the page, the game's before: when
    it starts, the board is there (and the page was parsed whole: the theme still finds its
    elements)."""
    page = context_for(service_workers="block").new_page()
    run_before_theme(page, "window.__boardWhenThemeRan = "
                           "document.querySelectorAll('.hm-board [data-source]').length;")
    page.goto(site_url + PLAY_PATHS["ru"])
    page.wait_for_selector(".hm-board [data-source='1']")
    page.keyboard.press("/")  # the first use: the search box takes the focus at once
    assert page.evaluate("document.activeElement.matches('.md-search__input')")
    page.wait_for_function("window.__boardWhenThemeRan !== undefined")
    assert page.evaluate("window.__boardWhenThemeRan") == 20  # 12 piles and 8 reserve slots
    # The theme ran whole afterwards: its search closes on Escape.
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.activeElement.matches('.md-search__input')")


def test_playing_does_not_start_the_theme_and_the_header_does(context_for, site_url):
    """The game's taps and keys are the game's: the theme's script does not start for them, so
    no move waits on it; a use of the page outside the game (its colour switch) starts it."""
    page = open_play(context_for(service_workers="block").new_page(), site_url)
    tap(page, *example_moves()[0])
    page.keyboard.press("ArrowRight")
    page.wait_for_load_state("networkidle")
    requested = """() => performance.getEntriesByType('resource')
        .some((entry) => /bundle\\.\\w+\\.min\\.js$/.test(entry.name))"""
    assert not page.evaluate(requested)
    assert page.evaluate("document.body.hasAttribute('data-md-color-switching')")
    page.locator("[data-md-component=palette] label:not([hidden])").click()
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
    assert page.evaluate(requested)


def test_the_theme_s_keys_stay_the_game_s_before_the_theme_has_started(context_for, site_url):
    """With the focus on the board, the search keys and the page keys are the game's (view.js),
    before the theme's script has run as after: nothing opens, nothing leaves, nothing starts."""
    page = open_play(context_for(service_workers="block").new_page(), site_url)
    address = page.url
    page.focus(".hm-game [data-source='1']")
    for key in ["s", "f", "/", "n", "p", ".", ","]:
        page.keyboard.press(key)
    page.wait_for_load_state("networkidle")
    assert page.url == address
    assert page.evaluate("document.activeElement.dataset.source") == "1"
    assert page.evaluate("document.querySelectorAll('[data-md-toggle=search]:checked').length") == 0
    assert page.evaluate("document.body.hasAttribute('data-md-color-switching')")  # not started


FOLLOWING_TOP = "document.querySelector('.hm-game').nextElementSibling.getBoundingClientRect().top"


@pytest.mark.parametrize("width, height", [(1280, 800), (1440, 900), (1920, 1080), (1024, 768),
                                           (844, 390), (390, 844)])
def test_what_follows_the_game_stays_off_the_first_screen_while_the_board_is_drawn(
        context_for, site_url, width, height):
    """The space kept for the game before its script runs pushes the rest of the page off the
    first screen, as the drawn game does: nothing there moves when the board appears."""
    context = context_for(viewport={"width": width, "height": height}, service_workers="block")
    waiting = context.new_page()
    waiting.route(re.compile(r".*/assets/game/\w+/play\.js$"), lambda route: route.abort())
    waiting.goto(site_url + PLAY_PATHS["en"])
    assert waiting.locator(".hm-board").count() == 0  # the game's script has not run
    assert waiting.evaluate(FOLLOWING_TOP) >= height
    page = open_play(context.new_page(), site_url)
    assert page.evaluate(FOLLOWING_TOP) >= height


@pytest.mark.parametrize("carried", [None, "{not json", "[1, 2]"])
def test_a_page_whose_catalog_is_missing_or_broken_fetches_it(context_for, site_url, carried):
    page = context_for(service_workers="block").new_page()
    page_with_its_catalog(page, carried)
    page.goto(site_url + PLAY_PATHS["he"])
    page.wait_for_selector(".hm-board [data-source='1']")
    assert page.locator(action(page, "new")).inner_text() == catalog("he").text("game.button.new")
    assert page.locator(".hm-game .hm-notice").is_hidden()


def test_a_missing_catalog_falls_back_to_english_and_says_so(context_for, site_url):
    page = context_for(service_workers="block").new_page()
    page_with_its_catalog(page, None)
    page.route(re.compile(r".*/catalogs/[0-9a-f]{12}/he\.json$"), lambda route: route.fulfill(status=404))
    page.goto(site_url + PLAY_PATHS["he"])
    page.wait_for_selector(".hm-board [data-source='1']")
    assert page.locator(action(page, "new")).inner_text() == catalog("en").text("game.button.new")
    notice = page.locator(".hm-game .hm-notice")
    assert notice.is_visible() and "404" in notice.inner_text()


def test_no_catalog_at_all_leaves_a_clear_message(context_for, site_url):
    page = context_for(service_workers="block").new_page()
    page_with_its_catalog(page, "{not json")
    broken = re.compile(r".*/catalogs/[0-9a-f]{12}/\w+\.json$")
    page.route(broken, lambda route: route.fulfill(body="{not json"))
    page.goto(site_url + PLAY_PATHS["fr"])
    alert = page.locator(".hm-game [role='alert']")
    alert.wait_for()
    assert "could not load" in alert.inner_text() and alert.get_attribute("lang") == "en"


# --- links and saves from before this version ----------------------------------------------------------


def test_copy_link_puts_the_address_of_this_deal_on_the_clipboard(context_for, site_url):
    context = context_for()
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_play(context.new_page(), site_url, fragment=OTHER)
    page.click(action(page, "copy_link"))
    page.wait_for_function("document.querySelector('.hm-game .hm-live').textContent.length > 0")
    assert page.evaluate("navigator.clipboard.readText()") == f"{site_url}{PLAY_PATHS['en']}#{OTHER}"
    assert plain(page.locator(".hm-game .hm-message").inner_text()) == catalog("en").text(
        "game.said.link_copied", url=f"{site_url}{PLAY_PATHS['en']}#{OTHER}")


def test_a_game_saved_by_the_previous_version_is_resumed(page, site_url):
    page.goto(site_url)
    moves = ["+".join(move) for move in example_moves()[:3]]
    page.evaluate(
        """moves => { localStorage.clear(); localStorage.setItem('halfmoon:/:game', JSON.stringify(
            {version: 1, code: 'HM1-N-AAAAAAB', moves, undoable: 3, startedAt: Date.now(),
             endedAt: null})); }""",
        moves,
    )
    page.goto(site_url + PLAY_PATHS["en"])
    page.wait_for_function("document.querySelector('.hm-game')?.hmGame")
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "3")
    assert page.evaluate("localStorage.getItem('halfmoon:/:game')") is None
    page.click(action(page, "undo"))
    assert field(page, "moves") == "2"
