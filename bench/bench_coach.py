"""The coach (issue 47): time to "where it was lost" for a long lost game at 4× CPU slowdown, and
taps during an analysis.

A lost game of a winnable deal as long as the solver's winning line allows (tests/coach_games.py:
the winning line followed, then a move that loses, then the first legal moves to the deadlock) is
played on the Play page with the coach on; with Chromium's DevTools CPU throttling at 4×
(Emulation.setCPUThrottlingRate, Lighthouse's mobile slowdown), "Where was it lost?" is asked and
timed from the click to the dialog that names the position. The solver runs in a Web Worker;
whether the throttling reaches the worker too is measured, not assumed: the same search is timed in
the worker without and with it, and that ratio is printed. Then, while the worker goes through the
game again, a card is tapped (selected, deselected) and each tap is timed from the click to the
next frame: the page's thread must stay free (target: one frame, 16.7 ms, at p95).
Figures printed, no timed test; bench/run.py writes them to bench/results/bench_coach.json.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from targets import Figure  # noqa: E402 - bench/ is not a package

SLOWDOWN = 4
FRAME_MS = 1000 / 60
RUNS = 3
TAPS = 40

PLAY = """
async (moves) => {
  const page = document.querySelector('.hm-game').hmGame;
  for (const move of moves) for (const source of move.split('+')) page.tap(source);
  return { moves: page.game.moveCount, deadlocked: page.game.deadlocked };
}
"""

# From the click on "Where was it lost?" to the dialog that names the position (its "go back" button).
WHERE = """
async () => {
  const mount = document.querySelector('.hm-game');
  const page = mount.hmGame;
  const start = performance.now();
  (await page.coach()).showWhereLost();
  await new Promise((resolve) => {
    const answered = () => mount.querySelector('dialog[open][data-kind="where"] .hm-dialog-buttons button');
    const check = () => (answered() ? resolve() : setTimeout(check, 5));
    check();
  });
  const lines = [...mount.querySelectorAll('dialog[open] p')].map((p) => p.textContent);
  return { ms: performance.now() - start, lines };
}
"""

# Taps while the worker goes through the game: each from the click to the next frame.
TAPS_DURING = """
async (taps) => {
  const mount = document.querySelector('.hm-game');
  const page = mount.hmGame;
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const analysis = (await page.coach()).showWhereLost();
  mount.querySelector('dialog[open]')?.close();
  let done = false;
  analysis.then(() => { done = true; });
  const frame = [];
  const cells = [...mount.querySelectorAll('[data-source]')];
  const cell = cells.find((c) => page.game.position.cardAt(c.dataset.source));
  let duringAnalysis = 0;
  for (let i = 0; i < taps; i++) {
    const start = performance.now();
    cell.click();
    frame.push((await nextFrame()) - start);
    if (!done) duringAnalysis++;
  }
  return { frame, duringAnalysis };
}
"""

def longest_lost_game():  # type: ignore[no-untyped-def]
    from coach_games import lost_game

    best = None
    for keep in range(46, 30, -1):
        try:
            game = lost_game(keep=keep)
        except AssertionError:
            continue
        if best is None or len(game.moves) > len(best.moves):
            best = game
        if len(best.moves) >= 46:
            break
    assert best is not None
    return best


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def worker_ms(page, code: str) -> float:  # type: ignore[no-untyped-def]
    """The worker's time for one fixed search (the game's opening, 100,000 positions)."""
    return page.evaluate("""async ([code]) => {
      const page = document.querySelector('.hm-game').hmGame;
      const coach = await page.coach();
      await coach.solve(code, [], 1000);
      const start = performance.now();
      await coach.solve(code, [], 100000);
      return performance.now() - start;
    }""", [code])


def main() -> list[Figure]:
    from playwright.sync_api import sync_playwright

    from served import CHROMIUM, CHROMIUM_ARGS, served_directory, served_site

    game = longest_lost_game()
    print(f"   game: {game.code}, {len(game.moves)} moves, a win still there after move {game.turn}")
    times, ratios, frames, during = [], [], [], []
    # HALFMOON_BUILT_SITE: a site already built from this tree (as the tests take it), not built again.
    built = os.environ.get("HALFMOON_BUILT_SITE")
    with (served_directory(Path(built)) if built else served_site()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(RUNS):
            context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
            page = context.new_page()
            page.goto(url + "play/#" + game.code)
            page.wait_for_function("document.querySelector('.hm-game').hmGame !== undefined")
            page.check(".hm-game input[data-setting='coach']")
            outcome = page.evaluate(PLAY, list(game.moves))
            assert outcome == {"moves": len(game.moves), "deadlocked": True}, outcome
            page.evaluate("document.querySelector('.hm-game dialog[open]')?.close()")
            plain = worker_ms(page, game.code)
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
            ratios.append(worker_ms(page, game.code) / plain)
            where = page.evaluate(WHERE)
            times.append(where["ms"])
            taps = page.evaluate(TAPS_DURING, TAPS)
            frames += taps["frame"]
            during.append(taps["duringAnalysis"])
            context.close()
        browser.close()
    print(f"   where it was lost at {SLOWDOWN}× CPU: {', '.join(f'{t:.0f} ms' for t in times)}")
    ratio = statistics.median(ratios)
    print(f"   the worker's search under the throttling took {ratio:.2f}× its time without"
          " (1.0: the throttling does not reach the worker)")
    print(f"   taps during the analysis: {sum(during)} of {TAPS * RUNS} while the worker searched; "
          f"to next frame median {statistics.median(frames):.2f} ms, p95 {percentile(frames, 0.95):.2f} ms, "
          f"max {max(frames):.2f} ms")
    return [
        Figure(f"where it was lost, {len(game.moves)}-move game, {SLOWDOWN}× CPU, median of {RUNS}",
               statistics.median(times), "ms"),
        Figure(f"worker search time, {SLOWDOWN}× CPU throttling over none", statistics.median(ratios), "×"),
        Figure(f"tap to next frame during an analysis, {SLOWDOWN}× CPU, p95", percentile(frames, 0.95), "ms",
               FRAME_MS, better="lower"),
    ]


if __name__ == "__main__":
    main()
