"""A/B of page loads: two builds' main-thread work, page by page, loaded in turns (issue 44).

    python3 dev.py bench ab --old HEAD~1 --new HEAD --pages play/,he/play/ --runs 6 --cpu 4

Each of the two sides (--old, --new) is a built site (a folder) or a git revision, which is built from a
detached worktree with this checkout's Python. Every page is loaded ``--runs`` times a side in
Chromium with its CPU slowed down by ``--cpu`` (DevTools throttling, no network throttling),
the sides alternating so that a busy moment of a shared machine falls on both, and a trace
of each load gives: the sum over its main-thread tasks of the time beyond 50 ms (blocking,
from navigation on, not only after the first paint as Lighthouse's TBT), the longest task,
the time spent styling, laying out and running script (a forced layout counts in both), and
when the page first painted and the game's board was drawn. Then the reader's first use of the
page (a key pressed, Shift, which does nothing else) and what follows it: the theme's script
starts then (assets.theme_at_first_use), and its blocking and longest task are given apart
("use", "use max"), so that work moved from the load to the first use shows as moved, not as
gone. The medians are printed side by side with the difference. Lighthouse's three runs a page
cannot tell two close builds apart on a shared machine (issue 44's note); this can, and names
where the time went.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served import CHROMIUM, CHROMIUM_ARGS, ROOT, build_site, served_directory  # noqa: E402
from targets import Figure  # noqa: E402 - bench/ is not a package

ONLY_WHEN_NAMED = True
PRINTS_ITS_FIGURES = True
LONG_TASK_MS = 50.0
VIEWPORT: Any = {"width": 412, "height": 823}  # Lighthouse's mobile screen
MEASURES = ("blocking", "longest", "style", "layout", "script", "painted", "drawn", "use", "use max")
USE_KEY = "Shift"  # the reader's first use: a key that does nothing on the site's pages
# When the page first painted, and when the game's board was drawn (app.js's performance mark;
# 0 on a page without the game), in ms from navigation: a change that only moves work before the
# first paint lowers Lighthouse's blocking time, which counts after it, and shows here.
PAGE_TIMES = """() => ({
    painted: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    drawn: performance.getEntriesByName("hm-board-drawn")[0]?.startTime ?? 0})"""
SCRIPT_EVENTS = ("v8.evaluateModule", "EvaluateScript", "FunctionCall", "TimerFire")
CATEGORIES = ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline"]


def load_figures(events: Iterable[Mapping[str, Any]]) -> dict[str, float]:
    """One load's figures (ms) from its trace events: those of the renderer's main thread
    (the ``CrRendererMain`` thread with the most tasks). The tasks that end after the first key
    event dispatched (the reader's first use) count apart: "use" and "use max"."""
    events = list(events)
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    tasks_of = Counter((e["pid"], e["tid"]) for e in events if e.get("name") == "RunTask"
                       and names.get((e["pid"], e["tid"])) == "CrRendererMain")
    if not tasks_of:
        raise ValueError("the trace has no task on a renderer's main thread")
    main = max(tasks_of, key=tasks_of.__getitem__)
    timed = [e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"]
    use = min((float(e["ts"]) for e in timed if e["name"] == "EventDispatch"
               and e.get("args", {}).get("data", {}).get("type") == "keydown"), default=float("inf"))

    def total(*kinds: str) -> float:
        return sum(float(e.get("dur", 0)) for e in timed if e["name"] in kinds and e["ts"] < use) / 1000

    def blocking(durations: list[float]) -> float:
        return sum(max(0.0, task - LONG_TASK_MS) for task in durations)

    tasks = [(float(e["ts"]) + float(e.get("dur", 0)), float(e.get("dur", 0)) / 1000)
             for e in timed if e["name"] == "RunTask"]
    load = [ms for end, ms in tasks if end <= use]
    used = [ms for end, ms in tasks if end > use]
    return {"blocking": blocking(load), "longest": max(load, default=0.0),
            "style": total("UpdateLayoutTree"), "layout": total("Layout"),
            "script": total(*SCRIPT_EVENTS), "use": blocking(used), "use max": max(used, default=0.0)}


def side_site(side: str, stack: ExitStack) -> Path:
    """A side as a built site: the folder itself, or the revision built into a temporary one."""
    if Path(side).is_dir():
        return Path(side)
    commit = subprocess.run(["git", "rev-parse", "--verify", f"{side}^{{commit}}"], cwd=ROOT,
                            capture_output=True, text=True)
    if commit.returncode:
        raise SystemExit(f"bench ab: {side!r} is neither a built site's folder nor a git revision")
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-ab-")))
    tree = folder / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(tree), commit.stdout.strip()],
                   cwd=ROOT, check=True)
    stack.callback(subprocess.run, ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
    print(f"building {side} ({commit.stdout.strip()[:10]})…", flush=True)
    return build_site(folder / "site", project=tree)


Loads = dict[tuple[str, int], list[dict[str, float]]]  # each load's figures, by (page, side)


def measure(urls: Sequence[str], pages: Sequence[str], runs: int, cpu: float) -> Loads:
    """Every page loaded ``runs`` times from each of ``urls``, in turns; the figures of each load,
    by (page, side)."""
    from playwright.sync_api import sync_playwright

    loads: Loads = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for run in range(runs):
            order = list(enumerate(urls)) if run % 2 == 0 else list(enumerate(urls))[::-1]
            for page_path in pages:
                for side, url in order:
                    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
                    page = context.new_page()
                    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
                    browser.start_tracing(page=page, categories=CATEGORIES)
                    page.goto(url + page_path, wait_until="load")
                    page.wait_for_timeout(2500)  # the idle-time work
                    times = page.evaluate(PAGE_TIMES)
                    page.keyboard.press(USE_KEY)
                    page.wait_for_timeout(2500)  # the theme's script, fetched and started
                    trace = json.loads(browser.stop_tracing())
                    context.close()
                    figures = {**load_figures(trace["traceEvents"]), **times}
                    loads.setdefault((page_path, side), []).append(figures)
            print(f"  run {run + 1} of {runs} done", flush=True)
        browser.close()
    return loads


def table(loads: Loads, pages: Sequence[str],
          names: Sequence[str]) -> tuple[list[str], list[Figure]]:
    lines = [f"{'page':18} {'side':12} " + " ".join(f"{name:>9}" for name in MEASURES)]
    figures = []
    for page_path in pages:
        medians = [{name: statistics.median(load[name] for load in loads[(page_path, side)])
                    for name in MEASURES} for side in range(len(names))]
        for side, name in enumerate(names):
            lines.append(f"{page_path or '/':18} {name[:12]:12} "
                         + " ".join(f"{medians[side][m]:9.0f}" for m in MEASURES))
            figures += [Figure(f"{page_path or '/'} {name} {m}", medians[side][m], "ms", better="lower")
                        for m in MEASURES]
        lines.append(f"{'':18} {'difference':12} "
                     + " ".join(f"{medians[1][m] - medians[0][m]:+9.0f}" for m in MEASURES))
    return lines, figures


def main(argv: Sequence[str] = ()) -> list[Figure]:
    parser = argparse.ArgumentParser(prog="python3 dev.py bench ab")
    parser.add_argument("--old", required=True, help="a built site's folder or a git revision")
    parser.add_argument("--new", required=True, help="the same, to compare with --old")
    parser.add_argument("--pages", default="play/", help="comma-separated paths, e.g. play/,he/,deal-codes/")
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--cpu", type=float, default=4.0, help="CPU slowdown (1: none)")
    chosen = parser.parse_args(list(argv))
    if chosen.runs < 1 or chosen.cpu < 1:
        parser.error("--runs and --cpu are at least 1")
    pages = chosen.pages.split(",")
    with ExitStack() as stack:
        sites = [side_site(side, stack) for side in (chosen.old, chosen.new)]
        urls = [stack.enter_context(served_directory(site, compressing=True)) for site in sites]
        loads = measure(urls, pages, chosen.runs, chosen.cpu)
    lines, figures = table(loads, pages, ["old", "new"])
    print(f"medians of {chosen.runs} loads a page and side at {chosen.cpu:g}× CPU, in ms "
          f"(blocking: time beyond {LONG_TASK_MS:.0f} ms in every task from navigation on, until the "
          f"reader's first use; use: the same in the tasks after it)")
    print("\n".join(lines))
    return figures
