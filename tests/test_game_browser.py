"""The Play page and the step-through viewer, driven through real clicks and keys in Chromium.

Expected texts come from the Python catalogs (Babel plurals), outcomes from the Python engine:
both independent of the JavaScript under test.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
from browser_helpers import (
    EXAMPLE,
    PLAY_PATHS,
    action,
    axe_violations,
    code_error,
    deadlock_game,
    example_moves,
    field,
    live,
    message,
    open_play,
    plain,
    selected,
    set_setting,
    tap,
)
from site_server import reach

from halfmoon import DealCode, Game, Position
from halfmoon.i18n import catalog
from halfmoon.moves import SOURCES

pytestmark = pytest.mark.browser

# --- winning the example ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "he"])
def test_winning_the_example_by_taps_alone_ends_with_520_points_48_moves_and_a_win(page, site_url, lang):
    open_play(page, site_url, lang)
    for move in example_moves():
        tap(page, *move)
    assert field(page, "score") == "520"
    assert field(page, "moves") == "48"
    texts = catalog(lang)
    won = texts.text(
        "game.said.won",
        moves=texts.plural("docs.count.moves", 48),
        points=texts.plural("docs.count.points", 520),
    )
    assert message(page) == won
    assert won in live(page)
    assert page.locator(".hm-game .hm-face:not(:empty)").count() == 0


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_removal_is_announced_with_cards_and_sources(page, site_url, lang):
    open_play(page, site_url, lang)
    game = Game(EXAMPLE)
    first = example_moves()[0]
    cards = [game.position.card_at(source) for source in first]
    tap(page, *first)
    texts = catalog(lang)
    parts = [texts.card_from(card, source) for card, source in zip(cards, first)]
    game.play("+".join(first))
    removed = texts.text("game.said.removed", what=texts.join(parts), score=game.score)
    # Then what the removal uncovered: the new top cards of the piles it took from.
    uncovered = [
        texts.text("game.said.on_pile", card=texts.card(game.position.card_at(source)), pile=source)
        for source in first if not source.startswith("R") and game.position.card_at(source)
    ]
    assert uncovered  # the example's first move takes from a pile
    # Two sentences as the language joins them: Japanese puts no space between them.
    assert live(page) == texts.join_sentences(
        [removed, texts.text("game.said.uncovered", what=texts.join(uncovered))])


# --- the selection rules of SPEC §4.4, wired to the page -----------------------------------


@cache
def table_deal() -> tuple[str, dict[str, list[str]]]:
    """A deal whose opening tops hold everything the table needs, with sources by role."""
    for number in range(1, 5000):
        position = Position(DealCode(number))
        by_rank: dict[int, list[str]] = {}
        for source, card in position.playable().items():
            by_rank.setdefault(card.rank, []).append(source)
        twice = [rank for rank in (11, 12, 13) if len(by_rank.get(rank, [])) >= 2]
        if not twice or not all(by_rank.get(rank) for rank in (11, 12, 13)):
            continue
        pair = next(((n, 11 - n) for n in range(1, 6) if by_rank.get(n) and by_rank.get(11 - n)), None)
        if pair is None:
            continue
        other = next((r for r in range(1, 11) if r not in pair and by_rank.get(r)), None)
        if other is None:
            continue
        f = twice[0]
        g, missing = [rank for rank in (11, 12, 13) if rank != f]
        return str(DealCode(number)), {
            "n": by_rank[pair[0]][:1], "partner": by_rank[pair[1]][:1], "other": by_rank[other][:1],
            "f": by_rank[f][:2], "g": by_rank[g][:1], "missing": by_rank[missing][:1],
        }
    raise AssertionError("no deal with the needed cards")


@pytest.fixture
def table_page(page, site_url):
    code, roles = table_deal()
    open_play(page, site_url, fragment=code)
    set_setting(page, "moveErrors", True)
    return page, roles


def test_taps_reach_the_selection_rules_and_the_page_shows_what_they_decided(table_page):
    """The wiring, once: each tap goes through engine.js's rules and its outcome reaches the page.

    The rules themselves (SPEC §4.4: its table and the taps before it) are tested in Python
    (test_game.py) and in the shared vectors (taps.jsonl, run against engine.js in Node and
    Chromium)."""
    page, r = table_page
    code, _ = table_deal()
    game = Game(code)
    en = catalog("en")
    # select, replace by the same rank, add another rank, clear on a number (with the rule's
    # words), deselect, then a pair and a triple removed
    steps = [r["f"][0], r["f"][1], r["g"][0], r["other"][0], r["n"][0], r["n"][0],
             r["n"][0], r["partner"][0], r["f"][0], r["g"][0], r["missing"][0]]
    for source in steps:
        tap(page, source)
        result = game.tap(source)
        assert sorted(selected(page)) == sorted(game.selection), source
        assert (field(page, "score"), field(page, "moves")) == (str(game.score), str(game.move_count))
        if result.error is not None:
            assert message(page) == en.text(f"game.error.{result.error}")
    assert game.move_count == 2 and game.score == 25  # both removals happened


def test_mismatch_says_nothing_of_the_rule_when_move_errors_is_off(table_page):
    page, r = table_page
    set_setting(page, "moveErrors", False)
    tap(page, r["n"][0], r["other"][0])
    assert message(page) == ""
    assert live(page) == catalog("en").text("game.said.cleared")
    # No words, but a sign on the two cards, gone at the next tap.
    marked = ".hm-game [data-source][data-mismatch]"
    assert sorted(page.eval_on_selector_all(marked, "cs => cs.map((c) => c.dataset.source)")) == sorted(
        [r["n"][0], r["other"][0]]
    )
    face = page.locator(f".hm-game [data-source='{r['n'][0]}'] .hm-face")
    assert face.evaluate("f => getComputedStyle(f).animationName") == "hm-shake"
    tap(page, r["f"][0])
    assert page.locator(marked).count() == 0


def test_placement_help_dims_exactly_the_cards_that_cannot_extend_the_selection(table_page):
    page, r = table_page
    code, _ = table_deal()
    set_setting(page, "placementHelp", True)
    tap(page, r["f"][0])
    game = Game(code)
    game.tap(r["f"][0])
    dimmed = page.eval_on_selector_all(".hm-game [data-dimmed]", "cells => cells.map(c => c.dataset.source)")
    assert sorted(dimmed) == sorted(game.dimmed())
    assert dimmed  # the deal has number cards on top, so something is dimmed


def test_tapping_an_emptied_slot_does_nothing(page, site_url):
    open_play(page, site_url)
    moves = example_moves()
    # Play the example up to its first move that empties a reserve slot.
    count = next(i for i, move in enumerate(moves, start=1) if any(s.startswith("R") for s in move))
    game = Game(EXAMPLE)
    for move in moves[:count]:
        tap(page, *move)
        game.play("+".join(move))
    emptied = next(source for source in moves[count - 1] if source.startswith("R"))
    empty_cell = f".hm-game [data-source='{emptied}']"
    page.click(empty_cell, force=True)  # aria-disabled: Playwright would wait for it to be enabled
    assert selected(page) == [] and field(page, "moves") == str(count)
    filled = next(iter(game.position.playable()))
    tap(page, filled)
    page.click(empty_cell, force=True)
    assert selected(page) == [filled]


# --- undo, deadlock, new game -------------------------------------------------------------------


def test_undo_puts_the_cards_back_and_lowers_score_and_moves(page, site_url):
    open_play(page, site_url)
    moves = example_moves()[:3]
    first_top = page.locator(f".hm-game [data-source='{moves[0][0]}']").get_attribute("aria-label")
    for move in moves:
        tap(page, *move)
    score = int(field(page, "score"))
    page.click(action(page, "undo"))
    assert int(field(page, "moves")) == 2
    assert int(field(page, "score")) < score
    page.keyboard.press("u")
    page.keyboard.press("u")
    assert field(page, "moves") == "0" and field(page, "score") == "0"
    assert page.locator(f".hm-game [data-source='{moves[0][0]}']").get_attribute("aria-label") == first_top
    assert page.locator(action(page, "undo")).is_disabled()


def test_deadlock_is_announced_and_undo_and_new_game_still_work(page, site_url):
    code, moves = deadlock_game()
    open_play(page, site_url, "ru", fragment=code)
    for move in moves:
        tap(page, *move)
    stuck = catalog("ru").text("game.said.deadlocked")
    assert message(page) == stuck and stuck in live(page)
    dialog = page.locator(".hm-game dialog[open]")
    assert plain(dialog.locator("h2").inner_text()) == catalog("ru").text("game.dialog.deadlock_title")
    dialog.locator("button", has_text=catalog("ru").text("game.button.undo_last")).click()
    assert field(page, "moves") == str(len(moves) - 1)
    assert message(page) == ""
    page.click(action(page, "new"))
    assert field(page, "moves") == "0" and field(page, "code") != code
    assert page.evaluate("location.hash") == "#" + field(page, "code")


# --- deal codes: address, input, hostile text ----------------------------------------------------


def test_the_address_fragment_chooses_the_deal(page, site_url):
    open_play(page, site_url, fragment="hm1-n-aaaaaac")
    assert field(page, "code") == "HM1-N-AAAAAAC"
    assert page.evaluate("location.hash") == "#HM1-N-AAAAAAC"
    top = Position(DealCode.parse("HM1-N-AAAAAAC")).card_at("1")
    assert catalog("en").card_words(top) in page.locator(".hm-game [data-source='1']").get_attribute("aria-label")


@pytest.mark.parametrize("lang", ["en", "he", "fr"])
def test_hostile_fragment_shows_an_error_in_the_page_language_and_injects_nothing(page, site_url, lang):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    hostile = "<img src=x onerror=alert(1)>"
    page.goto(site_url + PLAY_PATHS[lang])
    page.evaluate("localStorage.clear()")
    page.goto(site_url + PLAY_PATHS[lang] + "#" + hostile)
    page.wait_for_selector(".hm-game .hm-error:not([hidden])")
    detail = code_error(lang, hostile)
    assert plain(page.locator(".hm-game .hm-error").inner_text()) == catalog(lang).text(
        "game.code_error.address", detail=detail
    )
    assert page.locator(".hm-game img, .hm-game script").count() == 0
    assert dialogs == []
    assert re.fullmatch(r"HM1-N-[A-Z]{7}", field(page, "code"))  # a game is on the table anyway


@pytest.mark.parametrize(
    "text", ["<script>alert(1)</script>", "HM1-N-AAAA1AB", "HM2-N-AAAAAAB", "HM1-N-AAAAAA", "   ",
             "\u2066HM1-N-AAAAAAB", "HM1-N-AAA\u200dAAB", "HM1-N-AAAßAAB"]
)
def test_invalid_typed_code_explains_and_leaves_the_game_untouched(page, site_url, text):
    open_play(page, site_url)
    tap(page, *example_moves()[0])
    page.fill(".hm-game .hm-code-input", text)
    page.press(".hm-game .hm-code-input", "Enter")
    assert page.locator(".hm-game .hm-error").inner_text() == code_error("en", text)
    assert page.locator(".hm-game .hm-code-input").get_attribute("aria-invalid") == "true"
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "1")
    assert page.locator(".hm-game script, .hm-game img").count() == 0


def test_typed_code_in_hebrew_gets_a_hebrew_message_with_the_position(page, site_url):
    open_play(page, site_url, "he")
    page.fill(".hm-game .hm-code-input", "HM1-N-AAAA1AB")
    page.press(".hm-game .hm-code-input", "Enter")
    shown = plain(page.locator(".hm-game .hm-error").inner_text())
    assert shown == code_error("he", "HM1-N-AAAA1AB") and "11" in shown


def test_a_valid_typed_code_starts_that_deal(page, site_url):
    open_play(page, site_url)
    page.fill(".hm-game .hm-code-input", "  hm1-n-zzzzzzz ")
    page.click(".hm-game .hm-code-form button")
    assert field(page, "code") == "HM1-N-ZZZZZZZ"
    assert page.evaluate("location.hash") == "#HM1-N-ZZZZZZZ"


# --- saved game and settings ----------------------------------------------------------------------


def test_reload_resumes_the_game_and_keeps_the_settings(page, site_url):
    open_play(page, site_url)
    set_setting(page, "moveErrors", True)
    set_setting(page, "placementHelp", True)
    for move in example_moves()[:2]:
        tap(page, *move)
    score = field(page, "score")
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    assert (field(page, "code"), field(page, "moves"), field(page, "score")) == (EXAMPLE, "2", score)
    assert page.locator(".hm-game input[data-setting='moveErrors']").is_checked()
    assert page.locator(".hm-game input[data-setting='placementHelp']").is_checked()
    page.click(action(page, "undo"))
    assert field(page, "moves") == "1"


@pytest.mark.parametrize(
    "saved",
    ["{not json", '{"version":2,"code":"HM1-N-AAAAAAB","moves":["1+2+3+4+5"]}',
     '{"version":2,"code":"<b>x</b>","moves":[]}', '{"version":2,"code":"HM1-N-AAAAAAB","moves":"x"}',
     '{"version":9,"code":"HM1-N-AAAAAAB","moves":[]}', "[]", "null"],
)
def test_a_corrupted_saved_game_is_dropped_silently(page, site_url, saved):
    open_play(page, site_url)
    tap(page, *example_moves()[0])  # saved, and the most recent deal
    page.goto(site_url)  # away from the game, which saves as it leaves
    page.evaluate(
        "saved => { for (const key of Object.keys(localStorage)) if (key.includes(':game:')) localStorage.setItem(key, saved); }",
        saved,
    )
    page.goto(site_url + PLAY_PATHS["en"])  # no fragment: the most recent unfinished game, if it replays
    page.wait_for_function("document.querySelector('.hm-game')?.hmGame")
    assert field(page, "moves") == "0"
    assert re.fullmatch(r"HM1-N-[A-Z]{7}", field(page, "code"))
    assert page.locator(".hm-game .hm-error:not([hidden])").count() == 0


def test_export_gives_the_record_of_the_game(page, site_url):
    open_play(page, site_url)
    moves = example_moves()[:3]
    for move in moves:
        tap(page, *move)
    with page.expect_download() as download:
        page.click(action(page, "export"))
    text = Path(download.value.path()).read_text("utf-8")
    from halfmoon import Record

    record = Record.parse(text)
    assert str(record.code) == EXAMPLE and [list(m.sources) for m in record.moves] == moves
    assert download.value.suggested_filename == f"{EXAMPLE}.txt"


# --- keyboard and accessibility ----------------------------------------------------------------------


def test_keyboard_alone_selects_moves_focus_clears_and_undoes(page, site_url):
    open_play(page, site_url)
    page.focus(".hm-game [data-source='4']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.source") == "5"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.source") == "R1"  # into the reserve
    page.keyboard.press("Enter")
    assert len(selected(page)) == 1
    page.keyboard.press("Escape")
    assert selected(page) == []
    first = example_moves()[0]
    for source in first:
        page.focus(f".hm-game [data-source='{source}']")
        page.keyboard.press("Space")
    assert field(page, "moves") == "1"
    page.keyboard.press("u")
    assert field(page, "moves") == "0"


def test_every_pile_and_slot_is_a_named_button_with_its_count_and_card(page, site_url):
    open_play(page, site_url, "fr")
    position = Position(DealCode.parse(EXAMPLE))
    fr = catalog("fr")
    label = page.locator(".hm-game [data-source='1']").get_attribute("aria-label")
    # Each thing the cell shows said once, in words: the pile, its count, its card.
    assert label == fr.text(
        "game.pile.label", pile="1", count=fr.plural("docs.count.cards", 8), card=fr.card_words(position.card_at("1"))
    )
    cells = page.locator(".hm-game button[data-source]")
    assert cells.count() == 20
    faces = page.eval_on_selector_all(".hm-game .hm-face", "n => n.map(x => x.textContent)")
    assert "V♥" in faces  # French letters: the jack of hearts in R3 shows as V


def test_the_board_is_not_mirrored_on_hebrew_pages(page, site_url):
    open_play(page, site_url, "he")
    assert page.locator(".hm-game").get_attribute("dir") == "rtl"
    assert page.locator(".hm-board").get_attribute("dir") == "ltr"
    x = {s: page.locator(f".hm-game [data-source='{s}']").bounding_box()["x"] for s in ("1", "12", "4", "10")}
    assert x["1"] < x["4"] < x["10"] < x["12"]


@pytest.mark.parametrize("lang", list(PLAY_PATHS))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation_on_the_play_page(chromium, site_url, lang, scheme):
    context = chromium.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        open_play(page, site_url, lang)
        page.click(".hm-game input[data-setting='placementHelp']")
        tap(page, example_moves()[1][0])  # a selection, with dimmed cards
        assert axe_violations(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "he", "ar", "ja"])
def test_every_cells_name_holds_its_pile_and_count_once(page, site_url, lang):
    # The name says each thing once, in words (issue 40: it said the face and the tag, "10♥ 1 8",
    # then the same in words). What a voice-control user reads on the cell is in it, in the
    # order shown: the pile's number or the slot's name, then the count (WCAG 2.5.3); the face is
    # named in words ("10 of hearts"), not as its letter and symbol. (axe's experimental
    # label-content-name-mismatch asks for the face's letters and symbol too, side by side with
    # the tag's: the doubling the issue removed.)
    open_play(page, site_url, lang)
    tap(page, example_moves()[0][0])
    shown = page.eval_on_selector_all(
        ".hm-game .hm-board [data-source]",
        """cells => cells.map((c) => [c.getAttribute('aria-label'), c.querySelector('.hm-tag').innerText,
                                    c.querySelector('.hm-face').textContent])""",
    )
    assert len(shown) == 20
    for label, tag, face in shown:
        at = 0
        for part in tag.split():
            found = label.find(part, at)
            assert found >= 0, (label, tag)
            at = found + len(part)
        assert not face or face not in label, (label, face)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation_in_the_win_dialog(chromium, site_url, scheme):
    context = chromium.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        open_play(page, site_url, "he")
        for move in example_moves():
            tap(page, *move)
        page.wait_for_selector(".hm-game dialog[open]")
        assert axe_violations(page) == []
    finally:
        context.close()


def test_play_pages_speak_each_language(page, site_url):
    for lang in PLAY_PATHS:
        open_play(page, site_url, lang)
        texts = catalog(lang)
        buttons = page.locator(".hm-game .hm-toolbar button:visible").all_inner_texts()  # Hint: coach only
        assert buttons == [texts.text(f"game.button.{b}") for b in ("new", "restart", "undo", "copy_link", "export")]
        assert page.locator(".hm-game .hm-settings > legend").first.inner_text() == texts.text("game.settings.legend")
        assert page.locator(".hm-game .hm-settings-added > legend").inner_text() == texts.text("game.settings.additions")


# --- the Examples page's step-through viewer -------------------------------------------------------


def test_stepper_steps_through_the_won_game_with_buttons_and_keys(page, site_url):
    page.goto(site_url + "examples/")
    reach(page, ".hm-stepper")
    stepper = page.locator(".hm-stepper")
    stepper.locator("button[data-step='next']").wait_for()
    moves = example_moves()
    position = Position(DealCode.parse(EXAMPLE))

    def pile_label(source: str) -> str:
        return stepper.locator(f"[data-source='{source}']").get_attribute("aria-label")

    assert stepper.locator("button[data-step='previous']").is_disabled()
    # The viewer's cards are pictures, not buttons: no pointer over them.
    assert set(stepper.locator("[data-source]").evaluate_all("cs => cs.map((c) => getComputedStyle(c).cursor)")) == {"default"}
    stepper.locator("button[data-step='next']").click()
    assert stepper.get_attribute("data-step") == "1"
    position.push(__import__("halfmoon").Move(tuple(moves[0])))
    source = moves[0][0]
    expected_count = position.count(source)
    if source.startswith("R"):
        assert pile_label(source) == catalog("en").text("game.slot.empty", slot=source)
    else:
        assert catalog("en").plural("docs.count.cards", expected_count) in pile_label(source)
    page.keyboard.press("ArrowRight")
    assert stepper.get_attribute("data-step") == "2"
    page.keyboard.press("End")
    assert stepper.get_attribute("data-step") == str(len(moves))
    assert stepper.locator("button[data-step='next']").is_disabled()
    assert "520" in stepper.locator(".hm-stepper-status").inner_text()
    page.keyboard.press("Home")
    assert stepper.get_attribute("data-step") == "0"


def test_the_viewer_starts_only_when_the_reader_comes_near_it(chromium, site_url):
    context = chromium.new_context(viewport={"width": 412, "height": 823})
    try:
        page = context.new_page()
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url))
        page.goto(site_url + "examples/")
        # boot.js has filled the print address, then watched the viewer for two frames.
        page.wait_for_function("document.querySelector('[data-hm-address]').textContent.startsWith('http')")
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert page.locator(".hm-stepper").first.evaluate("element => element.children.length") == 0
        assert not [url for url in fetched if url.endswith("/stepper.js")]
        page.mouse.wheel(0, page.locator(".hm-stepper").first.evaluate(
            "element => element.getBoundingClientRect().top - 2 * innerHeight + 10"))
        page.locator(".hm-stepper button[data-step='next']").wait_for()
        assert [url for url in fetched if url.endswith("/stepper.js")]
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_stepper_text_and_marks_name_the_same_moves_and_the_last_step_says_won(page, site_url, lang):
    page.goto(site_url + ("he/" if lang == "he" else "") + "examples/")
    reach(page, ".hm-stepper")
    stepper = page.locator(".hm-stepper")
    stepper.locator("button[data-step='next']").wait_for()
    texts = catalog(lang)
    assert stepper.locator(".hm-legend").inner_text().split("\n") == [
        texts.text("game.stepper.legend_next"), texts.text("game.stepper.legend_removed")]
    moves = example_moves()
    game = Game(EXAMPLE)
    for step in (0, 1, 2):
        marked = stepper.locator("[data-marked]").evaluate_all("cells => cells.map(c => c.dataset.source)")
        removed = stepper.locator("[data-removed]").evaluate_all("cells => cells.map(c => c.dataset.source)")
        assert sorted(marked) == sorted(moves[step])
        assert sorted(removed) == sorted(moves[step - 1] if step else [])
        parts = [texts.card_from(game.position.card_at(s), s) for s in moves[step]]
        # The marked cards are named after the move just made (list punctuation is the browser's).
        status = plain(stepper.locator(".hm-stepper-status").inner_text())
        head, tail = (plain(x) for x in texts.text("game.stepper.marked", what="\0").split("\0"))
        named = status[status.rindex(head) + len(head):]
        assert named.endswith(tail) and all(plain(part) in named for part in parts)
        game.play("+".join(moves[step]))
        stepper.locator("button[data-step='next']").click()
    stepper.locator("button[data-step='last']").click()
    assert plain(stepper.locator(".hm-stepper-status").inner_text()).endswith(texts.text("game.stepper.won"))
    assert stepper.locator("[data-marked]").count() == 0


@contextmanager
def examples_page(chromium, site_url: str, width: int, height: int = 800, lang: str = "en"):
    """The Examples page in ``lang`` at ``width`` × ``height`` px, once its step viewer is ready."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(site_url + PLAY_PATHS[lang].removesuffix("play/") + "examples/")
        reach(page, ".hm-stepper")
        page.locator(".hm-stepper button[data-step='next']").wait_for()
        yield page
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_every_diagram_of_the_examples_page_and_the_viewer_have_one_width(chromium, site_url, width):
    with examples_page(chromium, site_url, width) as page:
        widths = page.eval_on_selector_all(
            ".hm-figure .hm-diagram, .hm-stepper .hm-board", "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert len(widths) >= 5 and max(widths) - min(widths) < 1


# Where the diagrams' pile numbers, slot names and counts are, in drawing units, and how big they
# are on the screen. Label glyphs that touch on one baseline make one label; a badge is the
# stroke of the hm-badge path, found with isPointInStroke.
DIAGRAM_TEXTS = """() => {
    const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const union = (a, b) => {
        const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
        return {x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y};
    };
    return [...document.querySelectorAll('.hm-figure .hm-diagram')].map(svg => {
        const ctm = svg.getScreenCTM(), scale = Math.hypot(ctm.a, ctm.b);
        const sizes = [], labels = [], counts = [], cards = [], problems = [];
        for (const text of svg.querySelectorAll('.hm-label, .hm-count')) {
            sizes.push(parseFloat(getComputedStyle(text).fontSize) * scale);
            let previous = null;
            for (let i = 0; i < text.getNumberOfChars(); i++) {
                const e = text.getExtentOfChar(i), box = {x: e.x, y: e.y, width: e.width, height: e.height};
                const char = text.textContent[i];
                if (text.classList.contains('hm-count')) { counts.push({what: 'count ' + char, box}); continue; }
                const gap = previous && Math.abs(e.y - previous.y) < 0.5 ? e.x - (previous.x + previous.width) : null;
                if (gap !== null && gap < 1 && e.x > previous.x) {
                    const label = labels[labels.length - 1];
                    if (gap < -0.5) problems.push(`the glyphs of label ${label.name}${char} overlap`);
                    label.name += char;
                    label.box = union(label.box, box);
                } else {
                    labels.push({name: char, box});
                }
                previous = box;
            }
        }
        for (const use of svg.querySelectorAll('.hm-card use, .hm-empty use, .hm-ring use')) {
            const b = use.getBBox(), ring = use.closest('.hm-ring');
            const half = ring ? parseFloat(getComputedStyle(ring).strokeWidth) / 2 : 0;
            cards.push({what: ring ? 'a mark' : 'a card',
                        box: {x: b.x - half, y: b.y - half, width: b.width + 2 * half, height: b.height + 2 * half}});
        }
        const texts = [...labels.map(l => ({what: 'label ' + l.name, box: l.box})), ...counts];
        texts.forEach((a, i) => {
            for (const b of [...texts.slice(i + 1), ...cards])
                if (overlap(a.box, b.box)) problems.push(`${a.what} overlaps ${b.what}`);
        });
        const badges = [...svg.querySelectorAll('.hm-badge')];
        const onBadge = (x, y) => badges.some(badge => badge.isPointInStroke(new DOMPoint(x, y)));
        for (const label of labels) {
            const {x, y, width, height} = label.box;
            for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++)
                if (onBadge(x + width * i / 4, y + height * j / 4)) { problems.push(`label ${label.name} runs into a badge`); i = j = 5; }
        }
        for (const count of counts) {
            const {x, y, width, height} = count.box;
            if (!onBadge(x + width / 2, y + height / 2)) problems.push(`${count.what} is off its badge`);
        }
        return {sizes, labels: labels.map(l => l.name), counts: counts.length, problems};
    });
}"""

STEPPER_TAGS = """() => {
    const tags = [...document.querySelectorAll('.hm-stepper .hm-tag-name, .hm-stepper .hm-tag-count')];
    const boxes = tags.map(t => t.getBoundingClientRect()).filter(b => b.width > 0 && b.height > 0);
    const overlaps = boxes.filter((a, i) => boxes.slice(i + 1).some(b =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
    return {sizes: tags.map(t => parseFloat(getComputedStyle(t).fontSize)), overlaps: overlaps.length};
}"""


@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize(("width", "height"), [(320, 640), (390, 844)])
def test_pile_numbers_and_counts_stay_at_least_11_px_on_a_phone_and_never_overlap(
    chromium, site_url, width, height, lang
):
    with examples_page(chromium, site_url, width, height, lang) as page:
        diagrams = page.evaluate(DIAGRAM_TEXTS)
        assert len(diagrams) >= 4
        for n, diagram in enumerate(diagrams, 1):
            assert sorted(diagram["labels"]) == sorted(SOURCES), f"diagram {n}: labels {diagram['labels']}"
            assert diagram["counts"] == len(SOURCES)
            assert min(diagram["sizes"]) >= 11, f"diagram {n}: labels and counts at {min(diagram['sizes']):.1f} px"
            assert diagram["problems"] == [], f"diagram {n}"
        tags = page.evaluate(STEPPER_TAGS)
        assert len(tags["sizes"]) == 32 and min(tags["sizes"]) >= 11 and tags["overlaps"] == 0
