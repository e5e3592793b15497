"""Browser game: size of its JavaScript and CSS, and tap handling time in Chromium.

Targets: the game's own JS + CSS at most 60 KB before compression; a tap handled and
drawn within one frame (16 ms). The tap time is measured in the page with performance.now()
around a real click on a pile or slot button (handler, engine, redraw, forced layout), then
to the next requestAnimationFrame, over the taps of the example game won several times.
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
SIZE_TARGET = 60 * 1024
FRAME_MS = 16.0
ROUNDS = 5

MEASURE = """
async ([moves, rounds]) => {
  const mount = document.querySelector('.hm-game');
  const page = mount.hmGame;
  const handler = [], frame = [];
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  for (let round = 0; round < rounds; round++) {
    page.playCode('HM1-N-AAAAAAB');
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


def sizes() -> tuple[int, int]:
    files = sorted(GAME.glob("*.js")) + sorted(GAME.glob("*.css"))
    raw = sum(path.stat().st_size for path in files)
    packed = sum(len(gzip.compress(path.read_bytes())) for path in files)
    return raw, packed


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def tap_times() -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    from halfmoon import Record

    from served import CHROMIUM, CHROMIUM_ARGS, served_site

    record = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text("utf-8"))
    moves = [list(move.sources) for move in record.moves]
    with served_site() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url + "play/#HM1-N-AAAAAAB")
        page.wait_for_selector(".hm-board [data-source='1']")
        page.wait_for_function("document.querySelector('.hm-game').hmGame !== undefined")
        result = page.evaluate(MEASURE, [moves, ROUNDS])
        browser.close()
    return result


def main() -> list[Figure]:
    raw, packed = sizes()
    verdict = "meets" if raw <= SIZE_TARGET else "MISSES"
    print(f"   game JS + CSS: {raw / 1024:.1f} KB ({packed / 1024:.1f} KB gzipped); "
          f"target {SIZE_TARGET // 1024} KB: {verdict}")
    result = tap_times()
    handler, frame = result["handler"], result["frame"]
    print(f"   taps measured: {len(handler)} (example game won {ROUNDS} times: "
          f"won={result['won']}, score {result['score']})")
    for name, values in (("tap handled + drawn", handler), ("tap to next frame", frame)):
        print(f"   {name}: median {statistics.median(values):.2f} ms, "
              f"p95 {percentile(values, 0.95):.2f} ms, max {max(values):.2f} ms")
    worst = percentile(handler, 0.95)
    print(f"   target: handled and drawn within one frame ({FRAME_MS:.0f} ms) at p95: "
          f"{'meets' if worst <= FRAME_MS else 'MISSES'}")
    return [  # for bench/run.py: met or missed
        Figure("game JS + CSS", raw, "bytes", SIZE_TARGET, better="lower"),
        Figure("tap handled and drawn, p95", worst, "ms", FRAME_MS, better="lower"),
    ]


if __name__ == "__main__":
    main()
