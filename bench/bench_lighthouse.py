"""Lighthouse mobile on every page of every language, served with compression (issue 25).

    python3 dev.py bench lighthouse [--languages en,he] [--pages play,index] [--runs 3] [--site DIR]

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
    return {"scores": scores, "metrics": metrics, "failed": failed, "machine": machine(report)}


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


def figures_of(page: Page, median: Mapping[str, float]) -> list[Figure]:
    """The page's figures, each against its target."""
    figures = [Figure(f"{page.label} {name}", median[name], "", target)
               for name, target in SCORE_TARGETS.items()]
    figures += [Figure(f"{page.label} {label}", median[label], unit, target, "lower")
                for label, unit, target, _scale in METRICS.values()]
    return figures


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


def cpu_setting(text: str) -> float | None:
    """``--cpu``: None for "auto", else a positive multiplier."""
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
    parser.add_argument("--cpu", default="4", type=cpu_setting,
                        help="CPU slowdown: a number (default 4, Lighthouse's mobile profile) or "
                             "'auto' (Lighthouse's calculator for this machine's benchmark index)")
    return parser.parse_args(list(argv))


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
    rows: list[tuple[Page, dict[str, float], list[str]]] = []
    with tempfile.TemporaryDirectory() as temporary:
        site = chosen.site or build_site(Path(temporary) / "site")
        with served_directory(site, compressing=True) as url:
            indexes: list[float] = []  # the machine's benchmark index, as each run measured it
            if chosen.cpu is None:  # a first run only to measure the machine
                indexes.append(machine(lighthouse(cli, url + pages[0].address, CHROMIUM))["index"])
            for page in pages:
                runs, repeated, report = page_runs(
                    lambda cpu: lighthouse(cli, url + page.address, CHROMIUM, cpu),  # noqa: B023 - called at once
                    chosen.runs, chosen.cpu, indexes)
                write_atomic(reports / f"{page.lang}-{page.name.replace('/', '-')}.json",
                             json.dumps(report))
                median = {**medians(runs), "repeated": float(repeated)}
                failed = sorted({audit for run in runs for audit in run["failed"]})  # type: ignore[attr-defined]
                rows.append((page, median, failed))
                figures += figures_of(page, median)
                print(table(rows[-1:]).splitlines()[1], f"  (load {os.getloadavg()[0]:.2f})", flush=True)
    text = (table(rows) + warning
            + f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}\n")
    write_atomic(RESULTS / "bench_lighthouse.txt", text)
    print(text)
    return figures
