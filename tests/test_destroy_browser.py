"""The Play page's game unbinds: destroy() on the controller (mountGame's result, kept on the mount
as hmGame) removes every listener and timer the game's modules set, so that nothing a player, the
address, another tab or the clock does afterwards changes the page; the mount then takes a new
game, and only that one answers."""

from __future__ import annotations

import pytest
from browser_helpers import EXAMPLE, action, example_moves, field, open_play, tap

pytestmark = pytest.mark.browser

OTHER = "HM1-N-AAAAAAC"

# Before any script of the page: a ledger of the listeners and timers that the game's modules
# (a caller under /assets/game/) set, and of the timer callbacks that run afterwards. A listener
# is live until removed or until its signal aborts; `once` listeners (boot.js waiting for the
# page) are left out.
LEDGER = """
(() => {
  const ledger = window.__hmLedger = { listeners: [], intervals: new Map(), fired: 0 };
  const fromGame = () => (new Error().stack ?? "").includes("/assets/game/");
  const name = (target) => {
    if (target === window || target === document) return target === window ? "window" : "document";
    const kind = target.className ? "." + String(target.className).split(" ")[0] : "";
    return `${target.nodeName?.toLowerCase()}${kind}`;
  };
  const { addEventListener: add, removeEventListener: remove } = EventTarget.prototype;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (fromGame() && !(typeof options === "object" && options?.once)) {
      const signal = options?.signal ?? null;
      ledger.listeners.push({ target: this, where: name(this), type, listener, signal, removed: false });
    }
    return add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    for (const entry of ledger.listeners) {
      if (entry.target === this && entry.type === type && entry.listener === listener) entry.removed = true;
    }
    return remove.call(this, type, listener, options);
  };
  ledger.live = () => ledger.listeners.filter((e) => !e.removed && !e.signal?.aborted)
    .map((e) => `${e.where} ${e.type}`);
  const counted = (fn) => function (...args) {
    ledger.fired++;
    return fn.apply(this, args);
  };
  const { setInterval: every, clearInterval: stop, setTimeout: after, requestAnimationFrame: frame } = window;
  window.setInterval = function (fn, ms, ...rest) {
    if (!fromGame()) return every.call(window, fn, ms, ...rest);
    const id = every.call(window, counted(fn), ms, ...rest);
    ledger.intervals.set(id, ms);
    return id;
  };
  window.clearInterval = function (id) {
    ledger.intervals.delete(id);
    return stop.call(window, id);
  };
  window.setTimeout = function (fn, ms, ...rest) {
    return after.call(window, fromGame() && typeof fn === "function" ? counted(fn) : fn, ms, ...rest);
  };
  window.requestAnimationFrame = function (fn) {
    return frame.call(window, fromGame() ? counted(fn) : fn);
  };
})();
"""

# What the player and the storage would see change: the game's element as HTML, the focus, and
# this site's keys in localStorage.
SNAPSHOT = """() => ({
  html: document.querySelector('.hm-game').outerHTML,
  focus: document.activeElement?.outerHTML ?? null,
  storage: Object.fromEntries(Object.keys(localStorage).sort()
    .map((key) => [key, localStorage.getItem(key)])),
})"""

SETTINGS = "halfmoon:/:settings"

# A change of the settings in another tab: the storage event that tab's write fires here.
OTHER_TAB_SETTINGS = """four => {
  localStorage.setItem('halfmoon:/:settings', JSON.stringify(
    { version: 2, moveErrors: false, placementHelp: false, fourColour: four }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'halfmoon:/:settings' }));
}"""

# Every event the game follows, sent by hand: keys on the document and the board, a tap, the
# toolbar, another tab's save of this deal and of everything, the page hidden and shown, leaving.
EVENTS = """([code, other]) => {
  const mount = document.querySelector('.hm-game');
  const cell = mount.querySelector('[data-source="1"]');
  for (const key of ['u', 'Escape', 'ArrowRight', 'Home', 'End']) {
    cell.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }
  document.body.dispatchEvent(new KeyboardEvent('keydown',
    { key: 'z', code: 'KeyZ', ctrlKey: true, bubbles: true, cancelable: true }));
  cell.click();
  for (const name of ['undo', 'new', 'restart', 'copy_link', 'reset']) {
    mount.querySelector(`[data-action="${name}"]`).click();
  }
  mount.querySelector('input[data-setting="placementHelp"]').click();
  mount.querySelector('input[data-setting="placementHelp"]').click(); // as it was: the box is the browser's
  window.dispatchEvent(new StorageEvent('storage', { key: `halfmoon:/:game:${code}` }));
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  document.dispatchEvent(new Event('visibilitychange'));
  window.dispatchEvent(new PageTransitionEvent('pagehide'));
  window.dispatchEvent(new PopStateEvent('popstate'));
  history.replaceState(null, '', '#' + other);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}"""


def test_destroy_removes_every_listener_and_timer_and_the_mount_takes_a_new_game(page, site_url):
    page.clock.install()
    page.add_init_script(LEDGER)
    open_play(page, site_url, framed=False)
    first = example_moves()[0]
    tap(page, *first)
    page.clock.run_for(3000)  # bound: the clock runs from the first move
    page.wait_for_function("document.querySelector('[data-field=time]').textContent === '00:03'")
    assert field(page, "moves") == "1"

    # Bound, the ledger sees the game's listeners and its clock, and they work.
    live = page.evaluate("window.__hmLedger.live()")
    for expected in ("window hashchange", "window popstate", "window storage", "window pagehide",
                     "document visibilitychange", "document keydown",
                     "div.hm-board click", "div.hm-board keydown"):
        assert expected in live, (expected, live)
    assert page.evaluate("[...window.__hmLedger.intervals.values()]") == [1000]
    page.evaluate(OTHER_TAB_SETTINGS, True)
    assert page.get_attribute(".hm-game", "data-deck") == "four"
    page.evaluate("window.__reached = 0; window.addEventListener('keydown', () => window.__reached++)")
    page.focus(".hm-game [data-source='1']")
    page.keyboard.press("x")
    assert page.evaluate("window.__reached") == 0  # the game keeps its keys from the theme

    # destroy(): it saves the time played, then takes every listener and timer with it.
    assert page.evaluate("""() => {
      const mount = document.querySelector('.hm-game');
      const game = mount.hmGame;
      game.destroy();
      game.destroy(); // again: nothing more
      return [mount.hmGame === undefined, game.destroyed];
    }""") == [True, True]
    assert page.evaluate("window.__hmLedger.live()") == []
    assert page.evaluate("window.__hmLedger.intervals.size") == 0
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('halfmoon:/:game:{EXAMPLE}'))")
    assert 3000 <= saved["elapsed"] < 4000 and saved["moves"] == ["+".join(first)]

    before = page.evaluate(SNAPSHOT)
    fired = page.evaluate("window.__hmLedger.fired")
    page.evaluate(EVENTS, [EXAMPLE, OTHER])
    page.evaluate(OTHER_TAB_SETTINGS, False)
    page.evaluate("window.__reached = 0")
    page.keyboard.press("x")
    assert page.evaluate("window.__reached") == 1  # the theme has its keys again
    page.keyboard.press("u")
    page.clock.run_for(10_000)
    after = page.evaluate(SNAPSHOT)
    settings = after["storage"].pop(SETTINGS)
    assert settings != before["storage"].pop(SETTINGS)  # only what the test wrote itself
    assert after == before
    assert field(page, "time") == "00:03" and field(page, "code") == EXAMPLE
    assert page.get_attribute(".hm-game", "data-deck") == "four"
    assert page.evaluate("window.__hmLedger.fired") == fired  # no timer of the game ran

    # The mount takes a new game (here the deal in the address); only the new one answers.
    page.evaluate("""async () => {
      const app = document.querySelector('script[src$="/boot.js"]').src.replace(/boot\\.js$/, 'app.js');
      await (await import(app)).mountGame(document.querySelector('.hm-game'));
    }""")
    assert field(page, "code") == OTHER and field(page, "moves") == "0"
    assert sorted(page.evaluate("window.__hmLedger.live()")) == sorted(live)
    assert page.evaluate("window.__hmLedger.intervals.size") == 1
    assert page.get_attribute(".hm-game", "data-deck") == "two"
    assert page.locator(".hm-game .hm-intro").count() == 1
    page.click(action(page, "new"))
    assert field(page, "code") not in (EXAMPLE, OTHER)
