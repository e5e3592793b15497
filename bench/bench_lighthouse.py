"""Lighthouse mobile on every page of every language, served with compression (issue 25).

    python3 dev.py bench lighthouse [--languages en,he] [--pages play,index] [--runs 3] [--site DIR]
                                    [--cpu 4,auto]

Builds the site (or takes the built ``--site DIR``), serves it on localhost with each file's
pre-compressed copy (``.br`` as Content-Encoding: br to Chromium, which accepts it; ``.gz`` as
gzip to a browser that accepts only that; bench/served.py), and runs Lighthouse
(the npm package pinned in bench/lighthouse/, installed there with ``npm ci``; it drives
Debian's Chromium through CHROME_PATH and downloads no browser) in its default mobile profile
(simulated slow 4G, 4× CPU slowdown) over every page of every language's navigation
(mkdocs.yml), each ``--runs`` times in a fresh browser. Every score and metric is the median
of its runs. Targets: performance ≥ 95, accessibility, best practices and SEO 100, LCP ≤ 2.0 s,
TBT ≤ 150 ms, CLS ≤ 0.02 (FCP shown, not judged).

Lighthouse's simulation multiplies the CPU time the page takes on this machine by the profile's
slowdown, 4× by default: the mobile profile the targets are set in (the issue's figures, and
PageSpeed Insights'), and the benchmark's default. What phone that stands for depends on the
machine. Lighthouse's calculator (its docs/throttling.md, "Calibrating the CPU slowdown") gives
the slowdown that turns a machine of a given benchmark index into the profile's phone: 4× for
an index near 1,500, 2× at 800, 9 to 10× at the 2,700–2,900 some of this project's machines
measure. ``--cpu auto`` runs with it (``calibrated_multiplier``, on the median of the indexes
the runs so far measured; one index swings by half from run to run). The phone it aims at is
slow by today's measures: Chrome's DevTools (2024) calibrates a mid-tier phone (a Pixel 5) at
an index of 1,000 and a low-tier one (a Moto G Power 2022) at 264, and the calculator's 4× at
1,533 sits between them, nearer the low tier. The table prints each run's index and slowdown.

Other work on the machine slows a run down for its length (its index falls by a third and its
blocking time doubles), and Lighthouse multiplies those times like any other. So a run whose
index is below ``SLOW_SHARE`` of the median of the indexes measured so far is run again, at most
``MAX_REPEATS`` times a page (a machine that stays slower is then measured as it is); the table
says how many runs of each page were repeated.

A phone has a font for each of the site's scripts; a server often has none for Japanese. Without
one, Chromium draws Japanese text as empty boxes, and looks for a font for each of its characters
in every first layout (on the authors' guide, with its one Japanese paragraph, 20 ms of a
110 ms layout on this machine, so 80 ms at 4×): the figures of a page with Japanese text are
then neither what a reader sees nor what their phone spends. So the benchmark asks fontconfig
for a font of each language it measures and says which have none, before the runs and in the
results (Debian: ``apt-get install fonts-noto-cjk``, the family Android phones carry).

By default every page is measured at both slowdowns, 4× and the calculator's (``--cpu 4,auto``),
and the results put them side by side, with each page's longest main-thread tasks at each
(Lighthouse's long-tasks audit: the script each is attributed to and its duration at that
slowdown, with the 1× duration it stands for), so a regression is found in the benchmark's own
output. They also say what the coach's solver (solver*.js) cost the pages' main thread and how
many of its files a page fetched as it loaded: it runs in a worker, which no figure here counts.

Results: bench/results/bench_lighthouse.json and .txt (a table), and each page's last
Lighthouse report in bench/results/lighthouse/. Run only when named (it takes minutes a
page): ``python3 dev.py bench`` leaves it out.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import RESULTS, Figure  # noqa: E402 - bench/ is not a package

ROOT = Path(__file__).resolve().parent.parent
TOOL = Path(__file__).resolve().parent / "lighthouse"
ONLY_WHEN_NAMED = True  # bench/run.py runs it only when asked for by name
PRINTS_ITS_FIGURES = True  # as a table, one line a page
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = {  # Lighthouse audit: (figure name, unit, target, scale from Lighthouse's unit)
    "largest-contentful-paint": ("LCP", "s", 2.0, 0.001),
    "total-blocking-time": ("TBT", "ms", 150.0, 1.0),
    "cumulative-layout-shift": ("CLS", "", 0.02, 1.0),
    "first-contentful-paint": ("FCP", "s", None, 0.001),
}
SCORE_TARGETS = {"performance": 95.0, "accessibility": 100.0, "best-practices": 100.0, "seo": 100.0}
LIGHTHOUSE_DEFAULT_CPU = 4.0
TASKS_SHOWN = 3  # the longest tasks named for each page and slowdown
SLOW_SHARE = 0.85  # a run that found the machine slower than this share of its median is repeated
MAX_REPEATS = 3  # at most this many a page
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"


@dataclass(frozen=True)
class Page:
    lang: str
    name: str  # the nav's file without .md: "index", "play"
    address: str  # relative to the site's root: "he/play/"

    @property
    def label(self) -> str:
        return f"{self.lang} {self.name}"


def site_pages(config: Path = ROOT / "mkdocs.yml", languages: Iterable[str] = (),
               pages: Iterable[str] = ()) -> list[Page]:
    """Every page of every language's navigation, as the built site addresses it; ``languages``
    and ``pages`` (nav names without .md, e.g. "play"), when given, keep only those."""
    from halfmoon.cli.siteconfig import read_site

    site = read_site(config)
    wanted_langs, wanted_pages = set(languages), set(pages)
    unknown = wanted_langs - {lang.code for lang in site.languages}
    if unknown:
        raise SystemExit(f"bench lighthouse: no such language in {config.name}: {', '.join(sorted(unknown))}")
    found: list[Page] = []
    for lang in site.languages:
        if wanted_langs and lang.code not in wanted_langs:
            continue
        for source in lang.nav or site.translated_pages():
            name = source.removesuffix(".md")
            if wanted_pages and name not in wanted_pages:
                continue
            folder = "" if name == "index" else name.removesuffix("/index") + "/"
            found.append(Page(lang.code, name, lang.prefix + folder))
    if not found:
        raise SystemExit(f"bench lighthouse: no page matches {sorted(wanted_pages)} "
                         f"in {sorted(wanted_langs)}")
    return found


def fontconfig_families(lang: str) -> str | None:
    """What ``fc-list :lang=xx family`` lists for ``lang`` (None on a machine without fontconfig)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    return subprocess.run([fc_list, f":lang={lang}", "family"], capture_output=True, text=True,
                          check=False).stdout


def languages_without_a_font(languages: Iterable[str],
                             fonts_for: Callable[[str], str | None] = fontconfig_families) -> list[str]:
    """The ``languages`` this machine has no font for, each named once (none where it cannot
    tell)."""
    answers = {lang: fonts_for(lang) for lang in dict.fromkeys(languages)}
    return [lang for lang, fonts in answers.items() if fonts is not None and not fonts.strip()]


def font_warning(missing: Sequence[str]) -> str:
    """The results' line on the languages without a font (empty when every one has a font)."""
    if not missing:
        return ""
    return (f"no font for {', '.join(missing)} on this machine: Chromium drew its text as empty boxes "
            "and looked for a font for each character, so those pages' figures are not a phone's "
            "(for Japanese, on Debian: apt-get install fonts-noto-cjk)\n")


def calibrated_multiplier(benchmark_index: float) -> float:
    """The CPU slowdown that makes this machine the mid-tier phone of Lighthouse's mobile
    profile: the formula of Lighthouse's CPU throttling calculator (linked from its
    docs/throttling.md; 1,533 gives the default 4×, 1,300 gives 3×, 800 gives 2×)."""
    if benchmark_index >= 1300:
        return 3 + (benchmark_index - 1300) / 233
    if benchmark_index >= 800:
        return 2 + (benchmark_index - 800) / 500
    if benchmark_index >= 150:
        return 1 + (benchmark_index - 150) / 650
    raise SystemExit(f"bench lighthouse: this machine's benchmark index ({benchmark_index:.0f}) is "
                     "too low to stand for a mid-tier phone (Lighthouse's calculator stops at 150)")


def summary(report: Mapping[str, object]) -> dict[str, object]:
    """A Lighthouse report's scores (0–100), metrics (in the figures' units) and failed audits."""
    categories = report["categories"]
    audits = report["audits"]
    assert isinstance(categories, dict) and isinstance(audits, dict)
    scores = {name: round(100 * float(categories[name]["score"] or 0), 1) for name in CATEGORIES}
    metrics = {label: float(audits[audit]["numericValue"]) * scale
               for audit, (label, _unit, _target, scale) in METRICS.items()}
    failed = sorted({
        ref["id"] for name in CATEGORIES[1:] for ref in categories[name]["auditRefs"]
        if ref.get("weight") and audits[ref["id"]].get("score") not in (None, 1)
    })
    return {"scores": scores, "metrics": metrics, "failed": failed, "machine": machine(report),
            "tasks": longest_tasks(report), "solver": solver_share(report)}


def script_name(url: str) -> str:
    """A task's script as the table names it: the file, with its folder when that is the game's
    hashed one ("game/app.js"); the page's own address for the page's HTML and inline scripts."""
    path = url.split("?")[0].split("#")[0]
    if "://" in path:
        path = "/" + path.split("://", 1)[1].partition("/")[2]
    parts = [part for part in path.split("/") if part]
    if not parts or "." not in parts[-1]:
        return path or "(page)"
    if "game" in parts[:-1]:
        return "game/" + parts[-1]
    return parts[-1]


def longest_tasks(report: Mapping[str, object], count: int = TASKS_SHOWN) -> list[tuple[str, float]]:
    """The page's longest main-thread tasks as Lighthouse's long-tasks audit lists them (every
    task of at least 50 ms at the run's slowdown, its duration the simulated one): each as
    (script, duration in ms), longest first."""
    audits = report.get("audits")
    audit = audits.get("long-tasks") if isinstance(audits, dict) else None
    details = audit.get("details") if isinstance(audit, dict) else None
    items = details.get("items") if isinstance(details, dict) else None
    tasks = [(script_name(str(item.get("url", ""))), float(item.get("duration", 0)))
             for item in items or [] if isinstance(item, dict)]
    return sorted(tasks, key=lambda task: -task[1])[:count]


def solver_share(report: Mapping[str, object]) -> dict[str, float]:
    """What the coach's solver cost the page's main thread: how many of its files (solver*.js)
    the page fetched, and the main-thread time Lighthouse's bootup-time audit gives them (it
    lists a script from 50 ms at the run's slowdown) plus the long tasks attributed to them.
    The solver runs in a worker, whose thread none of the page's figures count."""
    audits = report.get("audits")
    audits = audits if isinstance(audits, dict) else {}

    def items(audit: str) -> list[dict[str, object]]:
        details = audits.get(audit, {}).get("details") if isinstance(audits.get(audit), dict) else None
        found = details.get("items") if isinstance(details, dict) else None
        return [item for item in found or [] if isinstance(item, dict)]

    def solver(item: Mapping[str, object]) -> bool:
        return script_name(str(item.get("url", ""))).removeprefix("game/").startswith("solver")

    fetched = sum(1 for item in items("network-requests") if solver(item))
    main_thread = sum(float(str(item.get("total", 0))) for item in items("bootup-time") if solver(item))
    main_thread += sum(float(str(item.get("duration", 0))) for item in items("long-tasks") if solver(item))
    return {"fetched": float(fetched), "main_thread_ms": main_thread}


def machine(report: Mapping[str, object]) -> dict[str, float]:
    """The run's benchmark index of this machine and the CPU slowdown it used (0 if not said)."""
    environment, settings = report.get("environment"), report.get("configSettings")
    throttling = settings.get("throttling") if isinstance(settings, dict) else None
    index = environment.get("benchmarkIndex") if isinstance(environment, dict) else None
    cpu = throttling.get("cpuSlowdownMultiplier") if isinstance(throttling, dict) else None
    return {"index": float(index or 0), "cpu": float(cpu or 0)}


def medians(runs: Sequence[Mapping[str, object]]) -> dict[str, float]:
    """Each score and metric's median over the runs (each figure on its own)."""
    values: dict[str, list[float]] = {}
    for run in runs:
        for group in ("scores", "metrics", "machine"):
            part = run[group]
            assert isinstance(part, dict)
            for name, value in part.items():
                values.setdefault(name, []).append(float(value))
    return {name: statistics.median(numbers) for name, numbers in values.items()}


def page_runs(run: Callable[[float], Mapping[str, object]], wanted: int, cpu: float | None,
              indexes: list[float]) -> tuple[list[dict[str, object]], int, Mapping[str, object]]:
    """``wanted`` runs of one page, ``run(slowdown)`` giving each Lighthouse report: their
    summaries, how many runs were repeated, and the last report.

    ``cpu`` is the slowdown, or None to calibrate it on the median of ``indexes`` (the benchmark
    indexes measured so far, which this extends). A run whose index is below ``SLOW_SHARE`` of
    that median caught the machine slowed down by other work, and is run again, ``MAX_REPEATS``
    times a page at most."""
    runs: list[dict[str, object]] = []
    repeated = 0
    while True:
        report = run(cpu or calibrated_multiplier(statistics.median(indexes)))
        index = machine(report)["index"]
        slow = bool(index and indexes and index < SLOW_SHARE * statistics.median(indexes))
        indexes += [index] if index else []
        if slow and repeated < MAX_REPEATS:
            repeated += 1
            continue
        runs.append(summary(report))
        if len(runs) == wanted:
            return runs, repeated, report


def figures_of(page: Page, median: Mapping[str, float], setting: str = "") -> list[Figure]:
    """The page's figures, each against its target; ``setting`` (e.g. "cpu auto") is in each
    figure's name when given, so one run's slowdowns keep apart."""
    label = f"{page.label} {setting}" if setting else page.label
    figures = [Figure(f"{label} {name}", median[name], "", target)
               for name, target in SCORE_TARGETS.items()]
    figures += [Figure(f"{label} {metric}", median[metric], unit, target, "lower")
                for metric, unit, target, _scale in METRICS.values()]
    return figures


@dataclass(frozen=True)
class Measured:
    """One page at one slowdown: the medians of its runs, what they failed, the longest tasks of
    its median run (by TBT), the solver's share of its main thread and the machine's load."""

    page: Page
    setting: str  # "4" or "auto", as --cpu says it
    median: Mapping[str, float]
    failed: Sequence[str]
    tasks: Sequence[tuple[str, float]]
    solver: Mapping[str, float]
    load: float


def measured(page: Page, setting: str, runs: Sequence[Mapping[str, object]], repeated: int,
             load: float) -> Measured:
    """A page's runs at one slowdown, gathered."""
    median = {**medians(runs), "repeated": float(repeated)}
    by_tbt = sorted(runs, key=lambda run: run["metrics"]["TBT"])  # type: ignore[index]
    middle = by_tbt[(len(by_tbt) - 1) // 2]
    failed = sorted({audit for run in runs for audit in run["failed"]})  # type: ignore[attr-defined]
    solver = {name: max(float(run["solver"][name]) for run in runs)  # type: ignore[index]
              for name in ("fetched", "main_thread_ms")}
    return Measured(page, setting, median, failed, list(middle["tasks"]), solver, load)  # type: ignore[call-overload]


def side_by_side(results: Sequence[Measured]) -> str:
    """One line a page: each slowdown's perf, TBT, LCP, CLS, slowdown used and the load average
    (1 minute) when its runs ended, '!' on a missed figure; then each page's longest tasks at
    each slowdown (script, ms at that slowdown, ≈ ms at 1×) and the solver's share."""
    settings = list(dict.fromkeys(result.setting for result in results))
    pages = list(dict.fromkeys(result.page for result in results))
    found = {(result.page, result.setting): result for result in results}
    head = "".join(f"| cpu {setting}: perf  TBT ms  LCP s   CLS   CPU×  load ".ljust(48)
                   for setting in settings)
    lines = ["page".ljust(16) + head]
    for page in pages:
        cells = []
        for setting in settings:
            result = found.get((page, setting))
            if result is None:
                cells.append("| —".ljust(48))
                continue
            mark = {figure.name.rsplit(" ", 1)[1]: "!" if figure.met is False else " "
                    for figure in figures_of(page, result.median)}
            m = result.median
            cells.append(
                f"| {m['performance']:>12.0f}{mark['performance']}{m['TBT']:>7.0f}{mark['TBT']}"
                f"{m['LCP']:>6.2f}{mark['LCP']}{m['CLS']:>6.3f}{mark['CLS']}{m.get('cpu', 0):>6.2f}"
                f"{result.load:>6.2f} ".ljust(48))
        lines.append(page.label.ljust(16) + "".join(cells))
    lines.append("longest tasks (script: ms at the run's slowdown, ≈ ms at 1× in brackets; "
                 "Lighthouse lists those of 50 ms and more):")
    for result in results:
        cpu = result.median.get("cpu", 0) or 1
        tasks = ", ".join(f"{script} {duration:.0f} ({duration / cpu:.0f})"
                          for script, duration in result.tasks) or "none of 50 ms"
        lines.append(f"  {result.page.label:<14} cpu {result.setting:<5} {tasks}")
    fetched = max((result.solver["fetched"] for result in results), default=0)
    main_thread = max((result.solver["main_thread_ms"] for result in results), default=0)
    lines.append(f"solver (solver*.js) on the pages' main thread: {main_thread:.0f} ms at most, "
                 f"{fetched:.0f} of its files fetched at most by a page's load (it runs in a worker, "
                 "outside every figure above)")
    return "\n".join(lines) + "\n"


def table(rows: Sequence[tuple[Page, Mapping[str, float], Sequence[str]]]) -> str:
    """The readable form: one line a page, a missed figure marked with '!'."""
    columns = ("perf", "a11y", "BP", "SEO", "LCP s", "TBT ms", "CLS", "FCP s", "index", "CPU×", "again")
    formats = ["{:.0f}"] * 4 + ["{:.2f}", "{:.0f}", "{:.3f}", "{:.2f}"]
    lines = ["page".ljust(18) + "".join(title.rjust(9) for title in columns) + "  failed audits"]
    for page, median, failed in rows:
        cells = [(form.format(figure.value) + ("!" if figure.met is False else " ")).rjust(9)
                 for form, figure in zip(formats, figures_of(page, median))]
        cells += [f"{median.get('index', 0):.0f} ".rjust(9), f"{median.get('cpu', 0):.2f} ".rjust(9),
                  f"{median.get('repeated', 0):.0f} ".rjust(9)]
        lines.append(page.label.ljust(18) + "".join(cells) + "  " + " ".join(failed))
    return "\n".join(lines) + "\n('!' missed: perf ≥ 95, a11y/BP/SEO 100, LCP ≤ 2.0 s, TBT ≤ 150 ms, " \
        "CLS ≤ 0.02; medians; index: Lighthouse's benchmark index of this machine, CPU×: the " \
        "slowdown used, again: runs repeated because the machine was slowed down)\n"


def install() -> Path:
    """``npm ci`` in bench/lighthouse/ when its node_modules are missing or older than the lock."""
    cli = TOOL / "node_modules" / "lighthouse" / "cli" / "index.js"
    lock = TOOL / "package-lock.json"
    marker = TOOL / "node_modules" / ".package-lock.json"
    if not cli.exists() or not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime:
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("bench lighthouse: needs npm (and node) to install Lighthouse")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=TOOL, check=True)
    return cli


def lighthouse(cli: Path, url: str, chromium: str, cpu: float = LIGHTHOUSE_DEFAULT_CPU) -> dict[str, object]:
    """One Lighthouse run (a fresh browser, mobile profile, CPU slowdown ``cpu``); returns its report."""
    result = subprocess.run(
        ["node", str(cli), url, "--output=json", "--output-path=stdout", "--quiet",
         f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}",
         f"--throttling.cpuSlowdownMultiplier={cpu:.2f}"],
        capture_output=True, text=True, env={**os.environ, "CHROME_PATH": chromium}, timeout=600,
    )
    if result.returncode != 0:
        raise RuntimeError(f"lighthouse {url} failed:\n{result.stderr[-2000:]}")
    report = json.loads(result.stdout)
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse {url}: {report['runtimeError']}")
    return report


def cpu_settings(text: str) -> list[float | None]:
    """``--cpu``: one slowdown or several, comma-separated ("4,auto"), each as `cpu_setting`."""
    return [cpu_setting(word.strip()) for word in text.split(",")]


def cpu_setting(text: str) -> float | None:
    """One slowdown of ``--cpu``: None for "auto", else a positive multiplier."""
    if text == "auto":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give 'auto' or a number such as 4") from None
    if not 0 < value <= 20:
        raise argparse.ArgumentTypeError(f"{text!r}: a multiplier between 0 and 20")
    return value


def options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python3 dev.py bench lighthouse")
    parser.add_argument("--languages", default="", help="comma-separated codes (default: all)")
    parser.add_argument("--pages", default="", help="comma-separated nav names, e.g. play,index")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--cpu", default="4,auto", type=cpu_settings,
                        help="CPU slowdowns, comma-separated: a number (4 is Lighthouse's mobile "
                             "profile) or 'auto' (Lighthouse's calculator for this machine's "
                             "benchmark index); default 4,auto, reported side by side")
    return parser.parse_args(list(argv))


def setting_name(cpu: float | None) -> str:
    return "auto" if cpu is None else f"{cpu:g}"


def main(argv: Sequence[str] = ()) -> list[Figure]:
    from halfmoon.files import write_atomic

    from served import CHROMIUM, build_site, served_directory

    chosen = options(argv)
    pages = site_pages(languages=filter(None, chosen.languages.split(",")),
                       pages=filter(None, chosen.pages.split(",")))
    cli = install()
    warning = font_warning(languages_without_a_font(page.lang for page in pages))
    print(warning, end="", flush=True)
    reports = RESULTS / "lighthouse"
    reports.mkdir(parents=True, exist_ok=True)
    figures: list[Figure] = []
    results: list[Measured] = []
    tables: list[str] = []
    with tempfile.TemporaryDirectory() as temporary:
        site = chosen.site or build_site(Path(temporary) / "site")
        with served_directory(site, compressing=True) as url:
            indexes: list[float] = []  # the machine's benchmark index, as each run measured it
            for cpu in chosen.cpu:
                setting = setting_name(cpu)
                print(f"-- cpu {setting}", flush=True)
                if cpu is None and not indexes:  # a first run only to measure the machine
                    indexes.append(machine(lighthouse(cli, url + pages[0].address, CHROMIUM))["index"])
                rows: list[tuple[Page, dict[str, float], list[str]]] = []
                for page in pages:
                    runs, repeated, report = page_runs(
                        lambda cpu: lighthouse(cli, url + page.address, CHROMIUM, cpu),  # noqa: B023 - called at once
                        chosen.runs, cpu, indexes)
                    write_atomic(reports / f"{page.lang}-{page.name.replace('/', '-')}-cpu-{setting}.json",
                                 json.dumps(report))
                    result = measured(page, setting, runs, repeated, os.getloadavg()[0])
                    results.append(result)
                    rows.append((page, dict(result.median), list(result.failed)))
                    figures += figures_of(page, result.median, f"cpu {setting}")
                    print(table(rows[-1:]).splitlines()[1], f"  (load {result.load:.2f})", flush=True)
                tables.append(f"cpu {setting}:\n" + table(rows))
    text = ("".join(tables) + "\n" + side_by_side(results) + warning
            + f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}\n")
    write_atomic(RESULTS / "bench_lighthouse.txt", text)
    print(text)
    return figures
