"""Driving the Play page in a browser: the helpers the browser tests share.

Each takes a Playwright page (the ``page`` fixture of conftest.py) and reads or clicks the game
the way a player would: by its ``data-source``, ``data-field``, ``data-action`` and
``data-setting`` attributes.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from halfmoon import DealCode, Game
from halfmoon.cli.siteconfig import read_site
from halfmoon.errors import DealCodeError
from halfmoon.i18n import catalog

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "HM1-N-AAAAAAB"
# Every language the site builds (mkdocs.yml), with its folder in the built site ("" for the
# default language) and its Play page.
PREFIXES = {lang.code: lang.prefix for lang in read_site(ROOT / "mkdocs.yml").languages}
PLAY_PATHS = {code: f"{prefix}play/" for code, prefix in PREFIXES.items()}
FSI_PDI = re.compile("[\u2066\u2068\u2069]")  # isolates: LRI, FSI, PDI


def plain(text: str) -> str:
    return FSI_PDI.sub("", text)


@cache
def example_moves() -> list[list[str]]:
    """The winning record of the example deal that the site's Examples page uses."""
    from halfmoon import Record

    text = (ROOT / "docs" / "records" / f"{EXAMPLE}.txt").read_text("utf-8")
    return [list(move.sources) for move in Record.parse(text).moves]


def open_play(page, site_url: str, lang: str = "en", fragment: str = EXAMPLE, fresh: bool = True,
              framed: bool = True):
    """The Play page, its board built and, if `framed`, fitted to the window in its first frame
    (view.js fitBoard) with the settings and statistics under it: a test with a page clock
    (page.clock.install) passes False, for that clock holds the frames until it runs."""
    if fresh:  # emptied on a page without the game, whose writes could land after the clearing
        page.goto(site_url)
        page.evaluate("localStorage.clear()")
    page.goto(site_url + PLAY_PATHS[lang] + (f"#{fragment}" if fragment else ""))
    page.wait_for_selector(".hm-board [data-source='1']")
    if framed:  # then the settings and statistics under it, a task later
        page.wait_for_selector(".hm-game .hm-side", state="attached")
    return page


def field(page, name: str) -> str:
    return page.locator(f".hm-game [data-field='{name}']").inner_text().strip()


def tap(page, *sources: str) -> None:
    for source in sources:
        page.click(f".hm-game [data-source='{source}']")


def selected(page) -> list[str]:
    return page.eval_on_selector_all(
        ".hm-game [data-source][aria-pressed='true']", "cells => cells.map(c => c.dataset.source)"
    )


def keys_to(start: str, goal: str, arrows: Mapping[str, Mapping[str, str]]) -> list[str]:
    """The shortest run of keys that takes the focus from `start` to `goal`, where `arrows` gives
    each key's moves ({key: {from: to}})."""
    paths: dict[str, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return paths[here]
        for key, moves in arrows.items():
            there = moves.get(here)
            if there is not None and there not in paths:
                paths[there] = [*paths[here], key]
                queue.append(there)
    raise AssertionError(f"no keys from {start} to {goal}")


def live(page) -> str:
    return plain(page.locator(".hm-game [aria-live]").first.inner_text())


def stat(page, name: str) -> str:
    """The statistics figure ``name`` as the page shows it."""
    return page.locator(f".hm-game [data-stat='{name}']").inner_text()


def stats_written(page) -> None:
    """Wait until no tab holds or waits for a lock: the page shows a count at once and stores it
    under the statistics lock (storage.js countStats), a task or more later."""
    page.wait_for_function("""async () => {
      const { held, pending } = await navigator.locks.query();
      return held.length === 0 && pending.length === 0;
    }""")


def message(page) -> str:
    return plain(page.locator(".hm-game .hm-message").inner_text())


def action(page, name: str) -> str:
    """The selector of the game's button for `name` (new, restart, undo, copy_link, export)."""
    return f".hm-game .hm-side [data-action='{name}'], .hm-game .hm-main [data-action='{name}']"


def set_setting(page, name: str, on: bool) -> None:
    box = page.locator(f".hm-game input[data-setting='{name}']")
    if box.is_checked() != on:
        box.click()


def axe_violations(page, context_selector: str | None = None) -> list[tuple]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=context_selector)
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@cache
def deadlock_game() -> tuple[str, list[list[str]]]:
    """A deal and moves (always the first legal move) that end in deadlock."""
    for number in range(2, 500):
        game = Game(DealCode(number))
        while legal := game.position.legal_moves():
            game.play(legal[0])
        if game.deadlocked:
            return str(game.code), [list(move.sources) for move in game.history]
    raise AssertionError("no deadlock found")


def code_error(lang: str, text: str) -> str:
    """The page's words for why `text` is no deal code, from the catalog of `lang`."""
    try:
        DealCode.parse(text)
    except DealCodeError as error:
        # An unseen character is named by its code point ("U+2066"), as the engine names it.
        return catalog(lang).text(f"game.code_error.{error.kind}", position=error.position or "",
                                  char=error.char or "")
    raise AssertionError(f"{text!r} is valid")
