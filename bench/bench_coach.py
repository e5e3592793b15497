"""The coach (issue 47): time to "where it was lost" for a long lost game at 4× CPU slowdown, and
taps during an analysis.

Lost games of a winnable deal (tests/coach_games.py: the solver's winning line followed for a
while, then a move that loses, then the first legal moves to the deadlock) are played on the Play
page with the coach on: the longest such game (47 moves, lost late) and one lost after 20 moves
(the solver goes back through more of it). With Chromium's DevTools CPU throttling at 4×
(Emulation.setCPUThrottlingRate, Lighthouse's mobile slowdown), "Where was it lost?" is asked and
timed to the dialog that names the position. The solver runs in a Web Worker; whether the
throttling reaches the worker too is measured, not assumed: the same search, warmed up, is timed
in the worker without and with it. Then "where it was lost" is asked of a proved-lost deal's game
without its verdict file (which would answer at once), so that the worker goes back through all
of it, and meanwhile a card is tapped (selected, deselected) over and over: each tap is timed as
bench_game.py times taps (click, handler, redraw, forced layout: at most one frame, 16.7 ms, at
p95, so that the tap shows in the next frame) and to the next frame; only the taps made while the
worker was still searching count. Figures printed, no timed test; bench/run.py writes them to
bench/results/bench_coach.json.
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
MAX_TAPS = 200

PLAY = """
async (moves) => {
  const page = document.querySelector('.hm-game').hmGame;
  for (const move of moves) for (const source of move.split('+')) page.tap(source);
  document.querySelector('.hm-game dialog[open]')?.close();
  return { moves: page.game.moveCount, deadlocked: page.game.deadlocked };
}
"""

# From asking "Where was it lost?" to the dialog that names the position (its "go back" button).
WHERE = """
async () => {
  const mount = document.querySelector('.hm-game');
  const coach = await mount.hmGame.coach();
  const start = performance.now();
  await coach.showWhereLost();
  const ms = performance.now() - start;
  const lines = [...mount.querySelectorAll('dialog[open] p')].map((p) => p.textContent);
  mount.querySelector('dialog[open]')?.close();
  return { ms, lines };
}
"""

# Taps while the worker goes back through the game: the handler's time (with layout) and to the next frame.
TAPS_DURING = """
async (most) => {
  const mount = document.querySelector('.hm-game');
  const page = mount.hmGame;
  const coach = await page.coach();
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  let done = false;
  const start = performance.now();
  coach.showWhereLost().then(() => { done = true; });
  mount.querySelector('dialog[open]')?.close();
  const cells = [...mount.querySelectorAll('[data-source]')];
  const cell = cells.find((c) => page.game.position.cardAt(c.dataset.source));
  const handler = [], frame = [];
  while (!done && handler.length < most) {
    const tapped = performance.now();
    cell.click();
    mount.getBoundingClientRect();  // force style and layout inside the measurement
    const handled = performance.now() - tapped;
    const shown = (await nextFrame()) - tapped;
    if (done) break;
    handler.push(handled);
    frame.push(shown);
  }
  while (!done) await nextFrame();
  return { handler, frame, analysis: performance.now() - start };
}
"""

WORKER_MS = """
async ([code, budget]) => {
  const coach = await document.querySelector('.hm-game').hmGame.coach();
  const start = performance.now();
  await coach.solve(code, [], budget);
  return performance.now() - start;
}
"""


def games():  # type: ignore[no-untyped-def]
    """The longest lost game of the example deal, and one lost earlier (after 20 moves)."""
    from coach_games import lost_game

    longest = None
    for keep in range(46, 30, -1):
        try:
            game = lost_game(keep=keep)
        except AssertionError:
            continue
        if longest is None or len(game.moves) > len(longest.moves):
            longest = game
        if len(longest.moves) >= 46:
            break
    assert longest is not None
    return {"long, lost late": longest, "lost earlier": lost_game(keep=20)}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def open_game(browser, url: str, code: str, moves: list[str], verdicts: bool = True):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = context.new_page()
    if not verdicts:
        page.route("**/records/verdicts.gz", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(url + "play/#" + code)
    page.wait_for_function("document.querySelector('.hm-game').hmGame !== undefined")
    page.check(".hm-game input[data-setting='coach']")
    outcome = page.evaluate(PLAY, moves)
    assert outcome == {"moves": len(moves), "deadlocked": True}, outcome
    return context, page


def throttle(page) -> None:  # type: ignore[no-untyped-def]
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})


def main() -> list[Figure]:
    from coach_games import first_deal, play_to_deadlock
    from playwright.sync_api import sync_playwright

    from halfmoon import DealCode, Position

    from served import CHROMIUM, CHROMIUM_ARGS, served_directory, served_site

    lost = games()
    for name, game in lost.items():
        print(f"   {name}: {game.code}, {len(game.moves)} moves, a win still there after move {game.turn}")
    hopeless = first_deal("L")
    hopeless_moves = play_to_deadlock(Position(DealCode.parse(hopeless)))
    print(f"   proved lost: {hopeless}, {len(hopeless_moves)} moves")
    times: dict[str, list[float]] = {name: [] for name in lost}
    ratios, handler, frame, analyses = [], [], [], []
    # HALFMOON_BUILT_SITE: a site already built from this tree (as the tests take it), not built again.
    built = os.environ.get("HALFMOON_BUILT_SITE")
    with (served_directory(Path(built)) if built else served_site()) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for _ in range(RUNS):
            for name, game in lost.items():
                context, page = open_game(browser, url, game.code, list(game.moves))
                if name == "long, lost late":
                    page.evaluate(WORKER_MS, [game.code, 100_000])  # warm-up
                    plain = page.evaluate(WORKER_MS, [game.code, 100_000])
                    throttle(page)
                    ratios.append(page.evaluate(WORKER_MS, [game.code, 100_000]) / plain)
                else:
                    throttle(page)
                where = page.evaluate(WHERE)
                assert any("could still be won" in line for line in where["lines"]), where["lines"]
                times[name].append(where["ms"])
                context.close()
            # Without its verdict file, the worker goes back through the whole proved-lost game.
            context, page = open_game(browser, url, hopeless, hopeless_moves, verdicts=False)
            throttle(page)
            taps = page.evaluate(TAPS_DURING, MAX_TAPS)
            handler += taps["handler"]
            frame += taps["frame"]
            analyses.append(taps["analysis"])
            context.close()
        browser.close()
    figures = []
    for name, values in times.items():
        moves = len(lost[name].moves)
        print(f"   where it was lost, {name} ({moves} moves), at {SLOWDOWN}× CPU: "
              + ", ".join(f"{t:.0f} ms" for t in values))
        title = f"where it was lost, {moves}-move game {name}, {SLOWDOWN}× CPU, median of {RUNS}"
        figures.append(Figure(title, statistics.median(values), "ms"))
    ratio = statistics.median(ratios)
    print(f"   the worker's search under the throttling took {ratio:.2f}× its time without"
          " (1.0: the throttling does not reach the worker)")
    print(f"   proved-lost game gone through in {', '.join(f'{t:.0f} ms' for t in analyses)}; "
          f"{len(handler)} taps meanwhile")
    for label, values in (("tap handled + drawn", handler), ("tap to next frame", frame)):
        print(f"   {label} during an analysis: median {statistics.median(values):.2f} ms, "
              f"p95 {percentile(values, 0.95):.2f} ms, max {max(values):.2f} ms")
    figures += [
        Figure(f"worker search time, {SLOWDOWN}× CPU throttling over none", ratio, "×"),
        Figure(f"tap handled and drawn during an analysis, {SLOWDOWN}× CPU, p95 of {len(handler)}",
               percentile(handler, 0.95), "ms", FRAME_MS, better="lower"),
        Figure(f"tap to next frame during an analysis, {SLOWDOWN}× CPU, p95", percentile(frame, 0.95), "ms"),
    ]
    return figures


if __name__ == "__main__":
    main()
