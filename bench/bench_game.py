"""Browser game: its JS + CSS size, layout shift and board drawn under 4× CPU slowdown, tap time.

Targets (issue 13): the game's own JS + CSS as the site serves it (the build's content-hashed
copies, without comments and indentation) at most 80 KB before compression and 25 KB gzipped;
with Chromium's DevTools CPU throttling at 4× (no network throttling) the Play page shifts its
layout by at most 0.02 (CLS, every layout-shift entry without recent input) and draws the board
within 1.5 s of navigation; a tap is handled and drawn within one frame (16.7 ms) at p95 under
the same slowdown. "Drawn" is the page's performance mark `hm-board-drawn`, set in the first
animation frame after the game mounted. A tap is timed around a real click on a pile or slot
button (handler, engine, redraw, forced layout), over the example game won several times. The
move is saved after the frame that shows it (app.js saveSoon; leaving the page or the deal saves
at once), so the save is not in the tap's time; a tap that ends the game saves at once and is.
The taps are measured in SESSIONS fresh pages (each with its own cold first game); the figure is
the median of the sessions' p95s, so that one busy moment of a shared machine does not decide it.
Each session's p95 and the p95 of all taps together are printed too.
bench/run.py prints each figure against its target and writes them to bench/results/bench_game.json.
"""

from __future__ import annotations

import gzip
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import Figure  # noqa: E402 - bench/ is not a package

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "docs" / "assets" / "game"
RAW_TARGET = 80 * 1024
GZIP_TARGET = 25 * 1024
CLS_TARGET = 0.02
DRAWN_TARGET_MS = 1500.0
FRAME_MS = 1000 / 60
SLOWDOWN = 4
LOADS = 5
ROUNDS = 3
SESSIONS = 3
VIEWPORTS = ((1280, 800), (390, 844))

# Before any script of the page: add up layout shifts as Chromium reports them.
WATCH_SHIFTS = """
window.__hmShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__hmShift += entry.value;
}).observe({ type: "layout-shift", buffered: true });
"""

SETTLED = """
async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let i = 0; i < 10; i++) await frame();
  return { shift: window.__hmShift, drawn: performance.getEntriesByName("hm-board-drawn")[0].startTime };
}
"""

MEASURE = """
async ([moves, rounds]) => {
  const mount = document.querySelector('.hm-game');
  const page = mount.hmGame;
  const handler = [], frame = [];
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  for (let round = 0; round < rounds; round++) {
    mount.querySelector('dialog[open]')?.close();
    page.playCode(round % 2 ? 'HM1-N-AAAAAAB' : 'hm1-n-aaaaaab');
    page.restart();
    await nextFrame();
    for (const move of moves) {
      for (const source of move) {
        const cell = mount.querySelector(`[data-source="${source}"]`);
        const start = performance.now();
        cell.click();
        mount.getBoundingClientRect();  // force style and layout inside the measurement
        handler.push(performance.now() - start);
        frame.push((await nextFrame()) - start);
      }
    }
  }
  return { handler, frame, won: page.game.won, score: page.game.score };
}
"""


def sizes(served: bool) -> tuple[int, int]:
    """Bytes of the game's JS + CSS and their gzipped sizes, as written or as the build serves them."""
    sys.path.insert(0, str(ROOT / "plugins"))
    from halfmoon_mkdocs.assets import compact

    texts = [path.read_text("utf-8") if not served else compact(path.read_text("utf-8"), path.suffix)
             for path in sorted(GAME.glob("*.js")) + sorted(GAME.glob("*.css"))]
    return sum(len(text.encode()) for text in texts), sum(len(gzip.compress(text.encode())) for text in texts)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def throttled_page(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
    page = context.new_page()
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    return context, page


def measure(url: str, moves: list[list[str]]) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    from served import CHROMIUM, CHROMIUM_ARGS

    loads: dict[str, list[dict[str, float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for width, height in VIEWPORTS:
            runs = loads[f"{width}x{height}"] = []
            for _ in range(LOADS):
                context, page = throttled_page(browser, width, height)
                page.add_init_script(WATCH_SHIFTS)
                page.goto(url + "play/#HM1-N-AAAAAAB")
                page.wait_for_function("performance.getEntriesByName('hm-board-drawn').length > 0")
                runs.append(page.evaluate(SETTLED))
                context.close()
        sessions = []
        for _ in range(SESSIONS):
            context, page = throttled_page(browser, 1280, 800)
            page.goto(url + "play/#HM1-N-AAAAAAB")
            page.wait_for_function("document.querySelector('.hm-game').hmGame !== undefined")
            sessions.append(page.evaluate(MEASURE, [moves, ROUNDS]))
            context.close()
        browser.close()
    return {"loads": loads, "sessions": sessions}


def main() -> list[Figure]:
    from halfmoon import Record

    from served import served_site

    record = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text("utf-8"))
    moves = [list(move.sources) for move in record.moves]
    with served_site() as url:
        result = measure(url, moves)
    raw, packed = sizes(served=True)
    source_raw, source_packed = sizes(served=False)
    print(f"   game JS + CSS: {source_raw / 1024:.1f} KB as written ({source_packed / 1024:.1f} KB gzipped), "
          f"{raw / 1024:.1f} KB as served without comments ({packed / 1024:.1f} KB gzipped)")
    figures = [
        Figure("game JS + CSS as served", raw, "bytes", RAW_TARGET, better="lower"),
        Figure("game JS + CSS as served, gzipped", packed, "bytes", GZIP_TARGET, better="lower"),
    ]
    for viewport, runs in result["loads"].items():
        drawn = [run["drawn"] for run in runs]
        print(f"   {viewport} at {SLOWDOWN}× CPU, {len(runs)} loads: board drawn median "
              f"{statistics.median(drawn):.0f} ms, max {max(drawn):.0f} ms")
        figures += [
            Figure(f"layout shift at {viewport}, {SLOWDOWN}× CPU, worst of {len(runs)}",
                   max(run["shift"] for run in runs), "", CLS_TARGET, better="lower"),
            Figure(f"board drawn at {viewport}, {SLOWDOWN}× CPU, median of {len(runs)}",
                   statistics.median(drawn), "ms", DRAWN_TARGET_MS, better="lower"),
        ]
    sessions = result["sessions"]
    handler = [time for taps in sessions for time in taps["handler"]]
    frame = [time for taps in sessions for time in taps["frame"]]
    print(f"   taps measured at {SLOWDOWN}× CPU: {len(handler)} in {len(sessions)} pages (example game won "
          f"{ROUNDS} times in each: won={all(t['won'] for t in sessions)}, "
          f"score {sorted({t['score'] for t in sessions})})")
    for name, values in (("tap handled + drawn", handler), ("tap to next frame", frame)):
        print(f"   {name}: median {statistics.median(values):.2f} ms, "
              f"p95 {percentile(values, 0.95):.2f} ms, max {max(values):.2f} ms")
    per_session = [percentile(taps["handler"], 0.95) for taps in sessions]
    each = ", ".join(f"{value:.2f} ms" for value in per_session)
    print(f"   tap handled + drawn, p95 of each page: {each}")
    figures.append(Figure(f"tap handled and drawn at {SLOWDOWN}× CPU, p95 (median of {len(sessions)} pages)",
                          statistics.median(per_session), "ms", FRAME_MS, better="lower"))
    return figures


if __name__ == "__main__":
    main()
