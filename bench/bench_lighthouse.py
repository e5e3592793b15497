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
TBT ≤ 150 ms, CLS ≤ 0.02 (FCP shown, not judged). Lighthouse's simulation is computed from
what the page does on this machine: a loaded machine reads slower (the load average is in
the results). Results: bench/results/bench_lighthouse.json and .txt (a table), and each page's
last Lighthouse report in bench/results/lighthouse/. Run only when named (it takes minutes a
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
from collections.abc import Iterable, Mapping, Sequence
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
    return {"scores": scores, "metrics": metrics, "failed": failed}


def medians(runs: Sequence[Mapping[str, object]]) -> dict[str, float]:
    """Each score and metric's median over the runs (each figure on its own)."""
    values: dict[str, list[float]] = {}
    for run in runs:
        for group in ("scores", "metrics"):
            part = run[group]
            assert isinstance(part, dict)
            for name, value in part.items():
                values.setdefault(name, []).append(float(value))
    return {name: statistics.median(numbers) for name, numbers in values.items()}


def figures_of(page: Page, median: Mapping[str, float]) -> list[Figure]:
    """The page's figures, each against its target."""
    figures = [Figure(f"{page.label} {name}", median[name], "", target)
               for name, target in SCORE_TARGETS.items()]
    figures += [Figure(f"{page.label} {label}", median[label], unit, target, "lower")
                for label, unit, target, _scale in METRICS.values()]
    return figures


def table(rows: Sequence[tuple[Page, Mapping[str, float], Sequence[str]]]) -> str:
    """The readable form: one line a page, a missed figure marked with '!'."""
    columns = ("perf", "a11y", "BP", "SEO", "LCP s", "TBT ms", "CLS", "FCP s")
    formats = ["{:.0f}"] * 4 + ["{:.2f}", "{:.0f}", "{:.3f}", "{:.2f}"]
    lines = ["page".ljust(18) + "".join(title.rjust(9) for title in columns) + "  failed audits"]
    for page, median, failed in rows:
        cells = [(form.format(figure.value) + ("!" if figure.met is False else " ")).rjust(9)
                 for form, figure in zip(formats, figures_of(page, median))]
        lines.append(page.label.ljust(18) + "".join(cells) + "  " + " ".join(failed))
    return "\n".join(lines) + "\n('!' missed: perf ≥ 95, a11y/BP/SEO 100, LCP ≤ 2.0 s, TBT ≤ 150 ms, " \
        "CLS ≤ 0.02; medians)\n"


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


def lighthouse(cli: Path, url: str, chromium: str) -> dict[str, object]:
    """One Lighthouse run (a fresh browser, mobile profile); returns its report."""
    result = subprocess.run(
        ["node", str(cli), url, "--output=json", "--output-path=stdout", "--quiet",
         f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"],
        capture_output=True, text=True, env={**os.environ, "CHROME_PATH": chromium}, timeout=600,
    )
    if result.returncode != 0:
        raise RuntimeError(f"lighthouse {url} failed:\n{result.stderr[-2000:]}")
    report = json.loads(result.stdout)
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse {url}: {report['runtimeError']}")
    return report


def options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python3 dev.py bench lighthouse")
    parser.add_argument("--languages", default="", help="comma-separated codes (default: all)")
    parser.add_argument("--pages", default="", help="comma-separated nav names, e.g. play,index")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] = ()) -> list[Figure]:
    from served import CHROMIUM, build_site, served_directory

    chosen = options(argv)
    pages = site_pages(languages=filter(None, chosen.languages.split(",")),
                       pages=filter(None, chosen.pages.split(",")))
    cli = install()
    reports = RESULTS / "lighthouse"
    reports.mkdir(parents=True, exist_ok=True)
    figures: list[Figure] = []
    rows: list[tuple[Page, dict[str, float], list[str]]] = []
    with tempfile.TemporaryDirectory() as temporary:
        site = chosen.site or build_site(Path(temporary) / "site")
        with served_directory(site, compressing=True) as url:
            for page in pages:
                runs = []
                for _ in range(chosen.runs):
                    report = lighthouse(cli, url + page.address, CHROMIUM)
                    runs.append(summary(report))
                (reports / f"{page.lang}-{page.name.replace('/', '-')}.json").write_text(
                    json.dumps(report), encoding="utf-8")
                median = medians(runs)
                failed = sorted({audit for run in runs for audit in run["failed"]})  # type: ignore[attr-defined]
                rows.append((page, median, failed))
                figures += figures_of(page, median)
                print(table(rows[-1:]).splitlines()[1], f"  (load {os.getloadavg()[0]:.2f})", flush=True)
    text = table(rows) + f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}\n"
    (RESULTS / "bench_lighthouse.txt").write_text(text, encoding="utf-8")
    print(text)
    return figures
