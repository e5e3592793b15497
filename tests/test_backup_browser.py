"""Statistics and saved games in a file and back (the Statistics section's Export and Import), in
Chromium: the file brings a cleared browser back to the same state, Merge combines two browsers'
statistics and games, and a bad file changes nothing and says why in the page's language.
Expected texts come from the Python catalogs, moves from the Python engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_helpers import EXAMPLE, action, example_moves, field, open_play, plain, tap

from halfmoon import Game
from halfmoon.i18n import catalog

pytestmark = pytest.mark.browser

OTHER = "HM1-N-AAAAAAC"
STAT_NAMES = ("played", "won", "streak", "best_streak")
# Everything the game keeps for this site, without its bookkeeping: the revisions (a restored game
# is a newer save), the games' ids (a restored game is a game of its own) and the events counted
# (what the statistics have counted of which game, so that two tabs count a game once).
STORED = """() => Object.fromEntries(Object.keys(localStorage)
  .filter(key => key.startsWith("halfmoon:") && !key.endsWith(":counted")).sort().map(key => {
  const value = JSON.parse(localStorage.getItem(key));
  if (value && typeof value === "object") { delete value.revision; delete value.id; }
  return [key, value];
}))"""


def first_moves(code: str, count: int) -> list[list[str]]:
    game = Game(code)
    moves = []
    for _ in range(count):
        move = game.position.legal_moves()[0]
        game.play(move)
        moves.append(list(move.sources))
    return moves


def stats(page) -> list[str]:
    return [page.locator(f".hm-game [data-stat='{name}']").inner_text() for name in STAT_NAMES]


def play_first_move(page) -> None:
    """The example's first move, waited for until it is saved (the game saves after the next frame)."""
    tap(page, *example_moves()[0])
    page.wait_for_function(
        """code => (JSON.parse(localStorage.getItem(`halfmoon:/:game:${code}`)) || {}).moves?.length === 1""",
        arg=EXAMPLE)


def play_code(page, code: str) -> None:
    page.fill(".hm-game .hm-code-input", code)
    page.press(".hm-game .hm-code-input", "Enter")
    page.wait_for_function("code => document.querySelector('.hm-game').hmGame.game.code === code", arg=code)


def export_file(page, tmp_path: Path) -> Path:
    with page.expect_download() as download:
        page.click(action(page, "backup_export"))
    target = tmp_path / download.value.suggested_filename
    download.value.save_as(target)
    return target


def choose_file(page, name: str, data: bytes) -> None:
    page.set_input_files(".hm-game .hm-backup input[type=file]",
                         files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector(".hm-game dialog[open]")


def dialog_button(page, text: str):
    return page.locator(".hm-game dialog[open] button", has_text=text)


def backup(**changes: object) -> bytes:
    """A backup file as the game writes it, with `changes`."""
    text = {
        "format": "halfmoon-backup", "version": 1, "exported": "2026-12-01T10:00:00.000Z",
        "stats": {"played": 7, "won": 3, "streak": 2, "bestStreak": 2, "fastest": {OTHER: 400_000}},
        "games": [{"code": EXAMPLE, "moves": ["+".join(m) for m in example_moves()[:4]], "undoable": 4,
                   "elapsed": 90_000, "result": None, "counted": True}],
    }
    text.update(changes)
    return json.dumps(text).encode()


def test_export_then_import_into_a_cleared_browser_gives_the_same_state(page, site_url, tmp_path):
    open_play(page, site_url)
    for move in example_moves():
        tap(page, *move)
    page.keyboard.press("Escape")  # the win dialog
    play_code(page, OTHER)
    for move in first_moves(OTHER, 2):
        tap(page, *move)
    saved = export_file(page, tmp_path)  # which saves the last move first
    before, shown = page.evaluate(STORED), stats(page)
    assert shown == ["2", "1", "1", "1"] and len(before) == 4  # statistics, recent list, two games
    assert saved.name.startswith("halfmoon-") and saved.suffix == ".json"
    assert saved.stat().st_size < 4000

    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    assert stats(page) == ["0"] * 4
    choose_file(page, saved.name, saved.read_bytes())
    dialog_button(page, catalog("en").text("game.backup.replace")).click()
    assert page.evaluate(STORED) == before
    assert stats(page) == shown
    # the unfinished game is on the table
    assert (field(page, "code"), field(page, "moves")) == (OTHER, "2")
    done = catalog("en").text("game.backup.replaced")
    assert plain(page.locator(".hm-game .hm-message").inner_text()) == done


def test_merge_adds_the_counts_keeps_the_best_streak_and_the_further_game(page, site_url):
    open_play(page, site_url)
    play_first_move(page)  # one game played here, the example one move on
    assert stats(page) == ["1", "0", "0", "0"]
    en = catalog("en")
    choose_file(page, "backup.json", backup())
    text = plain(page.locator(".hm-game dialog[open]").inner_text())
    assert en.text("game.backup.import_text", played="7", won="3", best="2", games="1") in text
    dialog_button(page, en.text("game.backup.merge")).click()
    assert stats(page) == ["8", "3", "2", "2"]  # played and won add up, the streak is the larger one
    assert (field(page, "code"), field(page, "moves")) == (EXAMPLE, "4")  # the file's game is further on
    stored = page.evaluate(STORED)
    [stats_value] = [v for k, v in stored.items() if k.endswith(":stats")]
    assert stats_value["fastest"] == {OTHER: 400_000}


def test_cancel_imports_nothing(page, site_url):
    open_play(page, site_url)
    play_first_move(page)
    before = page.evaluate(STORED)
    choose_file(page, "backup.json", backup())
    dialog_button(page, catalog("en").text("game.confirm.cancel")).click()
    assert page.evaluate(STORED) == before and stats(page) == ["1", "0", "0", "0"]


def bad_files() -> dict[str, tuple[bytes, str, dict]]:
    """Each kind of bad file: its bytes, the reason's key and its inserts."""
    moves = backup(games=[{"code": EXAMPLE, "moves": ["1+2"], "undoable": 1, "elapsed": 0, "result": None,
                           "counted": True}])
    return {
        "broken": (backup()[:-30], "not_json", {}),
        "foreign": (json.dumps({"name": "another game", "scores": [1, 2]}).encode(), "foreign", {}),
        "newer": (backup(version=2), "newer", {"version": "2", "supported": "1"}),
        "oversize": (b" " * (300 * 1024) + backup(), "too_large", {"size": "256"}),
        "damaged": (moves, "damaged", {}),
        # Checked as a whole: a best streak of 7 with no game played is no play's statistics.
        "impossible": (backup(stats={"played": 0, "won": 0, "streak": 0, "bestStreak": 7, "fastest": {}}),
                       "damaged", {}),
    }


# Every reason in English; two in the other languages (no case is generated only to be skipped:
# under CI a skipped browser test fails the run).
CASES = [(kind, "en") for kind in bad_files()] + [
    (kind, lang) for lang in ("fr", "he") for kind in ("newer", "damaged")]


@pytest.mark.parametrize("kind, lang", CASES)
def test_a_bad_file_changes_nothing_and_says_why_in_the_page_language(page, site_url, kind, lang):
    data, reason, inserts = bad_files()[kind]
    open_play(page, site_url, lang)
    play_first_move(page)
    before, shown = page.evaluate(STORED), stats(page)
    choose_file(page, "backup.json", data)
    texts = catalog(lang)
    dialog = page.locator(".hm-game dialog[open]")
    assert plain(dialog.locator("h2").inner_text()) == texts.text("game.backup.refused_title")
    assert [plain(p) for p in dialog.locator("p").all_inner_texts()] == [
        texts.text(f"game.backup.error.{reason}", **inserts), texts.text("game.backup.kept"),
    ]
    dialog_button(page, texts.text("game.backup.close")).click()
    assert page.evaluate(STORED) == before and stats(page) == shown
    assert field(page, "moves") == "1"


def test_the_backup_buttons_are_named_and_work_from_the_keyboard(page, site_url):
    open_play(page, site_url)
    en = catalog("en")
    for name, key in (("backup_export", "game.backup.export"), ("backup_import", "game.backup.import")):
        button = page.locator(action(page, name))
        assert button.inner_text() == en.text(key)
        assert button.get_attribute("aria-describedby")
    page.focus(action(page, "backup_import"))
    page.evaluate("""() => document.querySelector('.hm-game .hm-backup input[type=file]')
      .addEventListener('click', (event) => { event.preventDefault(); window.picked = true; })""")
    page.keyboard.press("Enter")  # opens the file picker: a click on the file input
    assert page.evaluate("window.picked === true")
    page.focus(action(page, "backup_export"))
    with page.expect_download() as download:
        page.keyboard.press("Space")
    assert json.loads(Path(download.value.path()).read_text("utf-8"))["format"] == "halfmoon-backup"


def test_a_file_is_imported_from_the_keyboard_alone(page, site_url):
    """Tab reaches Import, Enter opens the file picker, and the dialog's buttons take the keys."""
    # Picker interception from the start: turned on only by expect_file_chooser, it may come after
    # the key (the picker then opened unseen in 4 of 6 runs; 0 of 9 this way).
    choosers = []
    page.on("filechooser", lambda chooser: choosers.append(chooser))
    open_play(page, site_url)
    play_first_move(page)
    en = catalog("en")
    page.focus(".hm-game .hm-code-input")
    for _ in range(80):  # Tab through the page's controls until Import has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement?.dataset.action") == "backup_import":
            break
    assert page.evaluate("document.activeElement?.dataset.action") == "backup_import"
    page.keyboard.press("Enter")
    for _ in range(600):  # waits on the event; the bound (30 s) is only reached by a picker never opened
        if choosers:
            break
        page.wait_for_timeout(50)
    assert len(choosers) == 1
    choosers[0].set_files(files=[{"name": "b.json", "mimeType": "application/json", "buffer": backup()}])
    page.wait_for_selector(".hm-game dialog[open]")
    assert page.evaluate("document.activeElement.textContent") == en.text("game.confirm.cancel")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == en.text("game.backup.merge")
    page.keyboard.press("Enter")
    assert stats(page) == ["8", "3", "2", "2"]
    assert plain(page.locator(".hm-game .hm-message").inner_text()) == en.text("game.backup.merged")


def test_an_import_over_statistics_of_a_newer_version_is_refused_and_keeps_them(page, site_url):
    open_play(page, site_url)
    play_first_move(page)
    newer = '{"version": 2, "played": 90, "won": 40, "anything": ["new"]}'
    page.evaluate("text => localStorage.setItem('halfmoon:/:stats', text)", newer)
    before = page.evaluate(STORED)
    choose_file(page, "backup.json", backup())
    en = catalog("en")
    dialog_button(page, en.text("game.backup.merge")).click()
    dialog = page.locator(".hm-game dialog[open]")
    assert plain(dialog.locator("h2").inner_text()) == en.text("game.backup.refused_title")
    assert [plain(p) for p in dialog.locator("p").all_inner_texts()] == [
        en.text("game.backup.error.newer_here"), en.text("game.backup.kept")]
    after = page.evaluate(STORED)
    for state in (before, after):  # the game on the table was saved with its time before the import
        for value in state.values():
            value.pop("elapsed", None)
    assert after == before
    assert page.evaluate("localStorage.getItem('halfmoon:/:stats')") == newer


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_merge_past_2_53_minus_1_games_is_refused_in_the_page_language_and_keeps_the_counts(
        page, site_url, lang):
    open_play(page, site_url, lang)
    play_first_move(page)
    before, shown = page.evaluate(STORED), stats(page)
    most = 2**53 - 1  # Number.MAX_SAFE_INTEGER: one more game would be stored as a number read back as 0
    choose_file(page, "backup.json", backup(stats={"played": most, "won": 3, "streak": 2, "bestStreak": 2,
                                                   "fastest": {}}))
    texts = catalog(lang)
    dialog_button(page, texts.text("game.backup.merge")).click()
    dialog = page.locator(".hm-game dialog[open]")
    assert plain(dialog.locator("h2").inner_text()) == texts.text("game.backup.refused_title")
    shown_most = page.evaluate("lang => new Intl.NumberFormat(lang).format(Number.MAX_SAFE_INTEGER)", lang)
    assert [plain(p) for p in dialog.locator("p").all_inner_texts()] == [
        texts.text("game.backup.error.too_many", most=shown_most), texts.text("game.backup.kept")]
    dialog_button(page, texts.text("game.backup.close")).click()
    after = page.evaluate(STORED)
    for state in (before, after):  # the game on the table was saved with its time before the import
        for value in state.values():
            value.pop("elapsed", None)
    assert after == before and stats(page) == shown
