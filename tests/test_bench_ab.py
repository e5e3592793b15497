"""The A/B benchmark's own logic, without a browser: one load's figures from its trace, and its
sides, which are built sites or git revisions."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def ab(bench_module):
    return bench_module("bench_ab")


def thread(pid: int, tid: int, name: str) -> dict:
    return {"name": "thread_name", "ph": "M", "pid": pid, "tid": tid, "args": {"name": name}}


def event(name: str, ts: float, ms: float, pid: int = 1, tid: int = 1) -> dict:
    return {"name": name, "ph": "X", "pid": pid, "tid": tid, "ts": ts, "dur": ms * 1000}


def test_a_load_s_figures_come_from_the_busiest_renderer_main_thread(ab):
    events = [
        thread(1, 1, "CrRendererMain"), thread(2, 7, "CrRendererMain"), thread(1, 2, "Compositor"),
        # the page's main thread: a task of 120 ms (a style, a layout and a module inside), one
        # of 60 and one of 30
        event("RunTask", 0, 120), event("UpdateLayoutTree", 10, 20), event("Layout", 40, 30),
        event("v8.evaluateModule", 0, 100), event("RunTask", 200, 60), event("FunctionCall", 200, 55),
        event("RunTask", 300, 30),
        # another renderer (an extension's, a blank page's) with fewer tasks, and another thread
        event("RunTask", 0, 900, pid=2, tid=7), event("RunTask", 0, 500, tid=2),
    ]
    assert ab.load_figures(events) == {"blocking": 70 + 10, "longest": 120, "style": 20,
                                       "layout": 30, "script": 155, "use": 0, "use max": 0}


def test_the_tasks_after_the_reader_s_first_key_count_apart(ab):
    keydown = {**event("EventDispatch", 400_000, 1), "args": {"data": {"type": "keydown"}}}
    events = [
        thread(1, 1, "CrRendererMain"),
        event("RunTask", 0, 120), event("v8.evaluateModule", 0, 100),
        event("RunTask", 399_000, 5), keydown,  # the key's own task, ending after it
        event("RunTask", 500_000, 90), event("FunctionCall", 500_000, 80),  # the theme, after
        event("RunTask", 700_000, 40),
    ]
    figures = ab.load_figures(events)
    assert (figures["blocking"], figures["longest"], figures["script"]) == (70, 120, 100)
    assert (figures["use"], figures["use max"]) == (40, 90)


def test_a_trace_without_a_renderer_task_is_an_error(ab):
    with pytest.raises(ValueError, match="no task on a renderer's main thread"):
        ab.load_figures([thread(1, 2, "Compositor"), event("RunTask", 0, 80, tid=2)])


def test_a_side_is_a_built_site_s_folder_or_else_a_revision(ab, tmp_path):
    with ExitStack() as stack:
        assert ab.side_site(str(tmp_path), stack) == tmp_path
        with pytest.raises(SystemExit, match="neither a built site's folder nor a git revision"):
            ab.side_site("no-such-revision-or-folder", stack)


def test_the_table_gives_each_side_s_medians_and_their_difference(ab):
    one = {"blocking": 10.0, "longest": 60.0, "style": 5.0, "layout": 4.0, "script": 30.0,
           "painted": 700.0, "drawn": 900.0, "use": 0.0, "use max": 0.0}
    loads = {("play/", 0): [one, {**one, "blocking": 30.0}, {**one, "blocking": 20.0}],
             ("play/", 1): [{**one, "blocking": 5.0}] * 3}
    lines, figures = ab.table(loads, ["play/"], ["old", "new"])
    assert lines[1].split()[:3] == ["play/", "old", "20"] and lines[2].split()[:3] == ["play/", "new", "5"]
    assert lines[3].split()[:2] == ["difference", "-15"]
    assert {figure.name: figure.value for figure in figures}["play/ new blocking"] == 5.0
