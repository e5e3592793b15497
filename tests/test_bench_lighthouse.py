"""The Lighthouse benchmark's own logic, without Lighthouse: which pages it visits, how it takes
medians and judges them, how bench/run.py hands it its options and leaves it out unless named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from halfmoon.cli.siteconfig import read_site

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bench(bench_module):
    return bench_module("bench_lighthouse"), bench_module("run")


def test_every_page_of_every_language_nav_is_visited_at_its_built_address(bench):
    lighthouse, _ = bench
    pages = lighthouse.site_pages()
    site = read_site(ROOT / "mkdocs.yml")
    assert len(pages) == sum(len(lang.nav) for lang in site.languages)
    assert {page.lang for page in pages} == {lang.code for lang in site.languages}
    addresses = {page.address for page in pages}
    assert {"", "play/", "authors/", "he/", "he/play/", "ja/deal-codes/"} <= addresses
    for page in pages:  # every address is a page the build writes
        source = ROOT / "docs" / page.lang / f"{page.name}.md"
        assert source.is_file(), page


def test_filters_keep_only_the_languages_and_pages_asked_for(bench):
    lighthouse, _ = bench
    pages = lighthouse.site_pages(languages=["he", "ja"], pages=["play", "index"])
    assert [(page.lang, page.name, page.address) for page in pages] == [
        ("he", "index", "he/"), ("he", "play", "he/play/"),
        ("ja", "index", "ja/"), ("ja", "play", "ja/play/")]
    with pytest.raises(SystemExit, match="xx"):
        lighthouse.site_pages(languages=["xx"])
    with pytest.raises(SystemExit, match="no page matches"):
        lighthouse.site_pages(pages=["nothing"])


def report(performance: float, lcp_ms: float, tbt: float, cls: float, failing: str = "") -> dict:
    audits = {"largest-contentful-paint": {"numericValue": lcp_ms},
              "total-blocking-time": {"numericValue": tbt},
              "cumulative-layout-shift": {"numericValue": cls},
              "first-contentful-paint": {"numericValue": 900.0},
              "image-alt": {"score": 0 if failing else 1}, "unweighted": {"score": 0}}
    refs = [{"id": "image-alt", "weight": 10}, {"id": "unweighted", "weight": 0}]
    categories = {name: {"score": 1.0, "auditRefs": refs}
                  for name in ("accessibility", "best-practices", "seo")}
    categories["performance"] = {"score": performance, "auditRefs": []}
    return {"categories": categories, "audits": audits}


def test_medians_take_each_figure_on_its_own_and_judge_it_against_its_target(bench):
    lighthouse, _ = bench
    runs = [lighthouse.summary(report(0.99, 1500, 40, 0.0)),
            lighthouse.summary(report(0.90, 2600, 400, 0.05, failing="image-alt")),
            lighthouse.summary(report(0.96, 1900, 160, 0.01))]
    assert runs[1]["failed"] == ["image-alt"]
    assert runs[0]["failed"] == []
    median = lighthouse.medians(runs)
    assert median["performance"] == 96 and median["LCP"] == pytest.approx(1.9)
    assert median["TBT"] == 160 and median["CLS"] == 0.01 and median["FCP"] == pytest.approx(0.9)
    page = lighthouse.Page("he", "play", "he/play/")
    verdicts = {figure.name: figure.met for figure in lighthouse.figures_of(page, median)}
    assert verdicts == {"he play performance": True, "he play accessibility": True,
                        "he play best-practices": True, "he play seo": True, "he play LCP": True,
                        "he play TBT": False, "he play CLS": True, "he play FCP": None}
    line = lighthouse.table([(page, median, ["image-alt"])]).splitlines()[1]
    assert line.startswith("he play") and "160!" in line and "1.90 " in line and line.endswith("image-alt")


def test_each_run_says_how_fast_the_machine_was_and_what_slowdown_it_used(bench):
    lighthouse, _ = bench
    measured = report(0.99, 1500, 40, 0.0)
    measured |= {"environment": {"benchmarkIndex": 1100.5},
                 "configSettings": {"throttling": {"cpuSlowdownMultiplier": 2.6}}}
    runs = [lighthouse.summary(measured), lighthouse.summary(report(0.9, 1500, 40, 0.0))]
    assert runs[0]["machine"] == {"index": 1100.5, "cpu": 2.6}
    assert runs[1]["machine"] == {"index": 0.0, "cpu": 0.0}  # a report that does not say
    page = lighthouse.Page("en", "index", "")
    line = lighthouse.table([(page, lighthouse.medians(runs[:1]), [])]).splitlines()[1]
    assert line.split()[-3:] == ["1100", "2.60", "0"]


def measured_at(index: float, tbt: float) -> dict:
    return report(0.99, 1500, tbt, 0.0) | {"environment": {"benchmarkIndex": index}}


def test_a_run_that_caught_the_machine_slowed_down_is_run_again_a_few_times_at_most(bench):
    lighthouse, _ = bench
    # The machine's indexes as the runs measure them; TBT doubles when it is slowed down.
    def runner(indexes):
        queue = list(indexes)
        slowdowns = []

        def run(cpu):
            slowdowns.append(cpu)
            index = queue.pop(0)
            return measured_at(index, 100 if index > 1500 else 200)
        return run, slowdowns

    run, slowdowns = runner([2000, 1300, 2100, 1200, 1900])
    indexes = [2000.0]
    runs, repeated, last = lighthouse.page_runs(run, 3, 4.0, indexes)
    assert repeated == 2 and [r["metrics"]["TBT"] for r in runs] == [100, 100, 100]
    assert indexes == [2000, 2000, 1300, 2100, 1200, 1900] and slowdowns == [4.0] * 5
    assert last["environment"]["benchmarkIndex"] == 1900
    # A machine that stays slow is measured as it is after MAX_REPEATS repeats.
    run, _ = runner([1000] * 10)
    runs, repeated, _ = lighthouse.page_runs(run, 2, 4.0, [2000.0] * 5)
    assert repeated == lighthouse.MAX_REPEATS and len(runs) == 2
    # Calibrated: each run's slowdown comes from the median of the indexes so far.
    run, slowdowns = runner([1533, 1533])
    lighthouse.page_runs(run, 2, None, [1300.0])
    assert slowdowns == [pytest.approx(3.0), pytest.approx(lighthouse.calibrated_multiplier(1416.5))]


def test_the_cpu_slowdown_is_lighthouse_calculators_for_the_machines_benchmark_index(bench):
    lighthouse, _ = bench
    calibrated = lighthouse.calibrated_multiplier
    # The calculator's own anchors: 1,533 is the default 4x, 1,300 is 3x, 800 is 2x, 150 is 1x.
    for index, multiplier in ((2000, 6.0), (1533, 4.0), (1300, 3.0), (1050, 2.5), (800, 2.0), (150, 1.0)):
        assert calibrated(index) == pytest.approx(multiplier, abs=0.01), index
    samples = [calibrated(index) for index in range(150, 2500, 7)]
    assert samples == sorted(samples)  # a faster machine is always slowed down more
    with pytest.raises(SystemExit, match="too low"):
        calibrated(149)


def test_cpu_option_is_auto_or_a_sensible_number(bench):
    lighthouse, _ = bench
    assert lighthouse.options([]).cpu == [4.0, None]  # Lighthouse's mobile profile, then its phone
    assert lighthouse.options(["--cpu", "auto"]).cpu == [None]
    assert lighthouse.options(["--cpu", "4"]).cpu == [4.0]
    assert lighthouse.options(["--cpu", "2, auto,4"]).cpu == [2.0, None, 4.0]
    for bad in ("fast", "0", "-2", "99", "4,", "auto,fast"):
        with pytest.raises(SystemExit):
            lighthouse.options(["--cpu", bad])


BENCHMARK = '''"""A benchmark that takes options."""
from targets import Figure
ONLY_WHEN_NAMED = True


def main(argv):
    return [Figure("runs", float(argv[argv.index("--runs") + 1]), "", 2)]
'''


def test_run_passes_options_and_runs_an_only_when_named_benchmark_only_when_named(bench, tmp_path, capsys):
    _, run = bench
    (tmp_path / "bench_slow.py").write_text(BENCHMARK)
    assert run.main(["--check"], tmp_path) == 2  # left out: nothing else to run
    assert run.main(["slow", "--runs", "3", "--check"], tmp_path) == 0
    assert run.main(["slow", "--runs", "1", "--check"], tmp_path) == 1
    figures = json.loads((tmp_path / "results" / "bench_slow.json").read_text())["figures"]
    assert figures[0]["value"] == 1 and "MISSED  runs" in capsys.readouterr().out


def test_the_languages_without_a_font_are_named_once_in_the_results(bench):
    lighthouse, _ = bench
    answers = {"en": "DejaVu Sans\nLiberation Sans\n", "ja": "", "he": "DejaVu Sans\n"}
    missing = lighthouse.languages_without_a_font(["en", "ja", "he", "ja"], answers.get)
    assert missing == ["ja"]
    assert "no font for ja " in lighthouse.font_warning(missing)
    assert "fonts-noto-cjk" in lighthouse.font_warning(missing)
    assert lighthouse.font_warning([]) == ""
    # A machine without fontconfig cannot tell: nothing is said.
    assert lighthouse.languages_without_a_font(["ja"], lambda lang: None) == []
    # This machine, asked for real: a language with Latin letters always has a font here.
    assert "en" not in lighthouse.languages_without_a_font(["en"])


def traced(tbt: float, tasks: list[tuple[str, float]], requests: list[str] = (),
           bootup: list[tuple[str, float]] = ()) -> dict:
    measured = report(0.99, 1500, tbt, 0.0)
    measured["audits"] |= {
        "long-tasks": {"details": {"items": [{"url": url, "duration": ms, "startTime": 1}
                                             for url, ms in tasks]}},
        "network-requests": {"details": {"items": [{"url": url} for url in requests]}},
        "bootup-time": {"details": {"items": [{"url": url, "total": ms} for url, ms in bootup]}},
    }
    measured |= {"configSettings": {"throttling": {"cpuSlowdownMultiplier": 8.0}}}
    return measured


def test_the_longest_tasks_are_named_by_their_script_longest_first(bench):
    lighthouse, _ = bench
    site = "http://127.0.0.1:8000/"
    assert lighthouse.script_name(site + "assets/game/0123abcd4567/app.js?v=1") == "game/app.js"
    bundle = "bundle.1a2b3c4d.min.js"
    assert lighthouse.script_name(site + "assets/javascripts/" + bundle) == bundle
    assert lighthouse.script_name(site + "he/play/") == "/he/play/"
    assert lighthouse.script_name("Unattributable") == "Unattributable"
    measured = traced(300, [(site + "he/play/", 60.0), (site + "assets/game/x/app.js", 240.0),
                            ("Unattributable", 55.0), (site + "assets/game/x/view.js", 120.0)])
    assert lighthouse.longest_tasks(measured) == [("game/app.js", 240.0), ("game/view.js", 120.0),
                                                  ("/he/play/", 60.0)]
    assert lighthouse.longest_tasks(report(0.99, 1500, 0, 0.0)) == []  # a report without the audit


def test_the_solver_share_counts_only_the_solvers_files(bench):
    lighthouse, _ = bench
    game = "http://127.0.0.1:8000/assets/game/x/"
    quiet = traced(0, [(game + "app.js", 90.0)], [game + "app.js", game + "engine.js"],
                   [(game + "app.js", 90.0)])
    assert lighthouse.solver_share(quiet) == {"fetched": 0.0, "main_thread_ms": 0.0}
    busy = traced(0, [(game + "solver.js", 70.0)], [game + "solver_client.js", game + "solver_worker.js"],
                  [(game + "solver_client.js", 60.0)])
    assert lighthouse.solver_share(busy) == {"fetched": 2.0, "main_thread_ms": 130.0}


def test_both_slowdowns_are_reported_side_by_side_with_each_pages_longest_tasks(bench):
    lighthouse, _ = bench
    page = lighthouse.Page("ja", "play", "ja/play/")
    game = "http://127.0.0.1:8000/assets/game/x/"
    fast = [lighthouse.summary(traced(tbt, [(game + "app.js", tbt + 50)])) for tbt in (40, 90, 60)]
    slow = [lighthouse.summary(traced(tbt, [(game + "view.js", tbt + 50)])) for tbt in (400, 200, 300)]
    results = [lighthouse.measured(page, "4", fast, 0, 1.5), lighthouse.measured(page, "auto", slow, 1, 3.25)]
    assert results[0].tasks == [("game/app.js", 110.0)]  # the run of the median TBT
    text = lighthouse.side_by_side(results)
    lines = text.splitlines()
    assert "cpu 4:" in lines[0] and "cpu auto:" in lines[0]
    assert lines[0].index("cpu 4") < lines[0].index("cpu auto")
    row = lines[1]
    assert row.startswith("ja play") and " 60 " in row and "300!" in row and "1.50" in row and "3.25" in row
    assert "ja play        cpu 4     game/app.js 110 (14)" in text
    assert "ja play        cpu auto  game/view.js 350 (44)" in text
    assert "solver (solver*.js) on the pages' main thread: 0 ms at most, 0 of its files" in text
    verdicts = {f.name: f.met for f in lighthouse.figures_of(page, results[1].median, "cpu auto")}
    assert verdicts["ja play cpu auto TBT"] is False and verdicts["ja play cpu auto CLS"] is True
