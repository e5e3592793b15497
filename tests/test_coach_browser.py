"""The coach on the Play page (issue 47, items 1-4), in Chromium: with its settings off the game
reads and behaves as before and loads none of it; with the coach on, a lost game of a winnable
deal gets its verdict, where it was lost (as halfmoon/solver/search.py says) and one tap back
there; a proved-lost deal says so; a hint's move keeps the deal winnable (search.py agrees) and
the game is counted apart; a missing or broken verdict file is said plainly and the game goes on.

Expected texts come from the Python catalogs, outcomes from the Python engine and solver."""

from __future__ import annotations

import pytest
from browser_helpers import action, field, message, open_play, plain, stat, tap
from coach_games import VERDICTS, first_deal, lost_game, play_to_deadlock, verdict_after

from halfmoon import DealCode, Move, Position
from halfmoon.i18n import catalog
from halfmoon.solver.search import Verdict

pytestmark = pytest.mark.browser

EN = catalog("en")
COACH_FILES = ("coach.js", "coach_core.js", "solver_client.js", "solver.js", "lookup.js", "verdicts.gz")



def loaded(page) -> list[str]:
    names = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    return [name for name in names if name.rsplit("/", 1)[-1] in COACH_FILES]


def switch(page, name: str) -> None:
    page.check(f".hm-game input[data-setting='{name}']")


def play(page, moves) -> None:  # type: ignore[no-untyped-def]
    for move in moves:
        tap(page, *move.split("+"))


def dialog_lines(page) -> list[str]:
    return [plain(text) for text in page.locator(".hm-game dialog[open] p").all_inner_texts()]


def dialog_buttons(page) -> list[str]:
    return page.locator(".hm-game dialog[open] .hm-dialog-buttons button").all_inner_texts()


def wait_for_line(page, text: str, timeout: float = 60_000) -> None:
    page.wait_for_function("(text) => [...document.querySelectorAll('.hm-game dialog[open] p')]"
                           ".some((p) => p.textContent.replace(/[\\u2066-\\u2069]/g, '') === text)",
                           arg=text, timeout=timeout)


def move_words(code: str, moves: list[str], move: str) -> str:
    position = Position(DealCode.parse(code))
    for text in moves:
        position.push(Move.parse(text))
    sources = move.split("+")
    return EN.join([EN.card_from(position.card_at(s), s) for s in sources])  # type: ignore[arg-type]


def test_with_its_settings_off_the_game_reads_as_before_and_loads_no_coach(page, site_url):
    game = lost_game()
    asked: list[str] = []  # every request the page makes, from its first one
    page.on("request", lambda request: asked.append(request.url))
    open_play(page, site_url, fragment=game.code)
    assert page.locator(".hm-game [data-action='hint']").is_hidden()
    assert page.locator(".hm-game .hm-stats-hinted").is_hidden()
    boxes = page.eval_on_selector_all(".hm-game input[data-setting]",
                                      "boxes => boxes.map(b => [b.dataset.setting, b.checked])")
    assert ["winnableOnly", False] in boxes and ["coach", False] in boxes
    legend = page.locator(".hm-game .hm-settings-added legend").inner_text()
    assert legend == EN.text("game.settings.additions")
    play(page, game.moves)
    assert dialog_lines(page) == [EN.text("game.dialog.deadlock_text"),
                                  plain(page.locator(".hm-game dialog[open] p").nth(1).inner_text())]
    assert EN.text("game.button.where_lost") not in dialog_buttons(page)
    page.keyboard.press("Escape")
    # New game: a surveyed deal (the Deal codes page's lookup answers for it), at once.
    page.click(action(page, "new"))
    drawn = DealCode.parse(field(page, "code"))
    assert VERDICTS.of(drawn) is not None
    assert loaded(page) == []
    assert [url for url in asked if url.rsplit("/", 1)[-1] in COACH_FILES] == []


def test_the_coach_names_where_a_lost_game_slipped_away_and_goes_back_there(page, site_url):
    game = lost_game()
    open_play(page, site_url, fragment=game.code)
    switch(page, "coach")
    play(page, game.moves)
    wait_for_line(page, EN.text("game.coach.deal_won"))
    page.locator(".hm-game dialog[open] button", has_text=EN.text("game.button.where_lost")).click()
    before = list(game.moves[:game.turn])
    wait_for_line(page, EN.text("game.coach.where_found", number=str(game.turn)), timeout=300_000)
    lines = dialog_lines(page)
    lost = move_words(game.code, before, game.moves[game.turn])
    assert lines[1] == EN.text("game.coach.where_lost_move", move=lost)
    assert lines[3] == EN.text("game.coach.where_later_proved")
    # The move offered instead keeps a win, as Python's solver sees it.
    position = Position(DealCode.parse(game.code))
    for text in before:
        position.push(Move.parse(text))
    offered = [text for text in ("+".join(m.sources) for m in position.legal_moves())
               if lines[2] == EN.text("game.coach.where_instead", move=move_words(game.code, before, text))]
    assert offered and verdict_after(game.code, [*before, offered[0]]) == Verdict.WON
    assert verdict_after(game.code, [*before, game.moves[game.turn]]) == Verdict.LOST
    page.locator(".hm-game dialog[open] button", has_text=EN.text("game.button.go_back")).click()
    assert field(page, "moves") == str(game.turn)
    assert message(page) == EN.text("game.coach.went_back", number=str(game.turn))
    # Played on from there, as after any undo.
    tap(page, *offered[0].split("+"))
    assert field(page, "moves") == str(game.turn + 1)


def test_a_proved_lost_deal_says_no_one_can_win_it(page, site_url):
    code = first_deal("L")
    moves = play_to_deadlock(Position(DealCode.parse(code)))
    open_play(page, site_url, fragment=code)
    switch(page, "coach")
    play(page, moves)
    wait_for_line(page, EN.text("game.coach.deal_lost"))
    page.locator(".hm-game dialog[open] button", has_text=EN.text("game.button.where_lost")).click()
    wait_for_line(page, EN.text("game.coach.where_never"), timeout=300_000)
    assert EN.text("game.button.go_back") not in dialog_buttons(page)


def test_a_hint_keeps_the_deal_winnable_and_the_game_is_counted_apart(page, site_url):
    game = lost_game()
    open_play(page, site_url, fragment=game.code)
    switch(page, "coach")
    assert page.locator(".hm-game .hm-stats-hinted").is_visible()
    moves = list(game.moves[:5])
    play(page, moves)
    assert stat(page, "played") == "1"
    page.click(".hm-game [data-action='hint']")
    page.wait_for_function("() => document.querySelector('.hm-game .hm-message').dataset.kind === 'hint'"
                           " && !document.querySelector('.hm-game .hm-message').textContent.endsWith('…')",
                           timeout=120_000)
    shown = message(page)
    position = Position(DealCode.parse(game.code))
    for text in moves:
        position.push(Move.parse(text))
    hinted = [text for text in ("+".join(m.sources) for m in position.legal_moves())
              if shown == EN.text("game.coach.hint_move", move=move_words(game.code, moves, text))]
    assert hinted, shown
    assert verdict_after(game.code, [*moves, hinted[0]]) == Verdict.WON
    # Out of the player's own statistics, into the games played with a hint.
    page.wait_for_function("() => document.querySelector(\"[data-stat='hinted_played']\")"
                           ".textContent === '1'")
    assert stat(page, "played") == "0"
    # After the game is lost, no winning move is left.
    play(page, game.moves[5:game.turn + 1])
    page.click(".hm-game [data-action='hint']")
    page.wait_for_function("(text) => document.querySelector('.hm-game .hm-message').textContent === text",
                           arg=EN.text("game.coach.hint_none"), timeout=120_000)


@pytest.mark.parametrize("fault", ["missing", "broken"])
def test_a_missing_or_broken_verdict_file_is_said_and_the_game_goes_on(context_for, site_url, fault):
    page = context_for(service_workers="block").new_page()  # else the worker fetches the file, unrouted
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def answer(route):  # type: ignore[no-untyped-def]
        if fault == "missing":
            route.fulfill(status=404, body="not here")
        else:
            route.fulfill(status=200, body=b"\x1f\x8b not a gzip file", content_type="application/gzip")

    page.route("**/records/verdicts.gz", answer)
    game = lost_game()
    open_play(page, site_url, fragment=game.code)
    switch(page, "coach")
    play(page, game.moves)
    # The solver in the browser answers in the file's place.
    wait_for_line(page, EN.text("game.coach.deal_won"), timeout=120_000)
    notice = page.locator(".hm-game .hm-notice")
    assert notice.is_visible()
    start, end = EN.text("game.coach.file_failed", reason="\0").split("\0")
    assert notice.inner_text().startswith(start) and notice.inner_text().endswith(end)
    reason = notice.inner_text()[len(start):-len(end)]
    assert reason.strip()
    page.locator(".hm-game dialog[open] button", has_text=EN.text("game.button.undo_last")).click()
    assert field(page, "moves") == str(len(game.moves) - 1)
    assert errors == []


def test_only_deals_that_can_be_won_deals_won_surveyed_deals(page, site_url):
    open_play(page, site_url)
    switch(page, "winnableOnly")
    for _ in range(5):
        code = field(page, "code")
        page.click(action(page, "new"))
        page.wait_for_function("(old) => document.querySelector(\"[data-field='code']\").textContent !== old",
                               arg=code)
        assert VERDICTS.of(DealCode.parse(field(page, "code"))) == Verdict.WON
    # The code field still plays any code.
    page.fill(".hm-game .hm-code-input", first_deal("L"))
    page.press(".hm-game .hm-code-input", "Enter")
    assert field(page, "code") == first_deal("L")

