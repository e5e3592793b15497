"""Two tabs of one browser playing one deal (issue 21): a win made in both in the same frame, before
either has saved, is one win in the statistics (storage.js countStats, under navigator.locks)."""

from __future__ import annotations

import json

import pytest
from browser_helpers import EXAMPLE, example_moves, field, open_play, stats_written, tap

pytestmark = pytest.mark.browser

STATS = "JSON.parse(localStorage.getItem('halfmoon:/:stats'))"
# Each tab's winning move is made before the other tab's save of it can be seen (as when both
# are tapped at the same moment): the saves of the last move are held back.
HOLD_SAVES = "() => { document.querySelector('.hm-game').hmGame.save = () => {}; }"


def test_one_game_won_in_two_tabs_in_the_same_frame_counts_once(context_for, site_url):
    context = context_for()
    first = context.new_page()
    open_play(first, site_url)
    moves = example_moves()
    for move in moves[:-1]:
        tap(first, *move)
    first.wait_for_function(
        "n => (JSON.parse(localStorage.getItem(`halfmoon:/:game:${location.hash.slice(1)}`)) || {})"
        ".moves?.length === n", arg=len(moves) - 1)
    second = context.new_page()
    open_play(second, site_url, fresh=False)
    assert (field(second, "code"), field(second, "moves")) == (EXAMPLE, str(len(moves) - 1))
    for page in (first, second):
        page.evaluate(HOLD_SAVES)
    tap(first, *moves[-1])
    tap(second, *moves[-1])
    for page in (first, second):
        page.wait_for_selector(".hm-game dialog[open]")
        page.wait_for_function("document.querySelector(\".hm-game [data-stat='won']\").textContent === '1'")
    stats_written(first)
    stored = first.evaluate(STATS)
    assert (stored["played"], stored["won"], stored["streak"]) == (1, 1, 1), json.dumps(stored)
    assert second.locator(".hm-game [data-stat='won']").inner_text() == "1"
