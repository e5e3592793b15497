"""Every block kind and the offline plugin report a catalog's fault as one ``file:line`` error
of the strict build, never a traceback."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from halfmoon_mkdocs.context import Context
from halfmoon_mkdocs.examples import ExampleLoader
from halfmoon_mkdocs.page import render_markdown
from halfmoon_mkdocs.render import BLOCKS
from halfmoon_mkdocs.stats import Stats
from halfmoon_mkdocs.strategy import StrategyFigures
from plugin_project import MESSAGE, build_here, make_project

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.fixture
def project(tmp_path):
    project = make_project(tmp_path / "project")
    shutil.copy(ROOT / "docs" / "records" / "winnability.json", project / "docs" / "records")
    shutil.copy(ROOT / "docs" / "records" / "verdicts.gz", project / "docs" / "records")
    return project


def _edit(catalogs: Path, key: str, value: object | None) -> None:
    english = catalogs / "en.json"
    messages = json.loads(english.read_text(encoding="utf-8"))
    if value is None:
        del messages[key]
    else:
        messages[key] = value
    english.write_text(json.dumps(messages, ensure_ascii=False, indent=1), encoding="utf-8")


def _located(messages: list[str], needle: str) -> list[str]:
    for message in messages:
        assert re.match(MESSAGE, message), message
    return [m for m in messages if needle in m]


@pytest.mark.parametrize(("kind", "key", "value"), [
    ("halfmoon-chart", "docs.chart.figures", "{share} won ({lo} to {high})"),
    ("halfmoon-chart", "docs.chart.caption", None),
    ("halfmoon-lookup", "docs.lookup.label", "{code}"),
])
def test_a_catalog_fault_in_a_block_without_a_game_is_a_file_line_error(project, catalog_copy, kind,
                                                                        key, value):
    _edit(catalog_copy, key, value)
    (project / "docs" / "index.md").write_text(f"# T\n\nText.\n\n```{kind}\n```\n", encoding="utf-8")
    _, messages = build_here(project)  # a traceback here fails the test
    assert _located(messages, "docs/index.md:5: "), messages
    assert any(key in m for m in messages), messages


# For every block kind: its body and a message it writes, broken by a placeholder typo (or, for
# the stepper, which writes no words, a deal code that does not read), and the line named.
EVERY_KIND = {
    "halfmoon": ("record: records/HM1-N-AAAAAAB.txt\n", "docs.diagram.description", 1),
    "halfmoon-moves": ("code: HM1-N-AAAAAAB\n", "docs.table.caption", 1),
    "halfmoon-stepper": ("code: HM1-N-AAAAAA!\n", None, 2),
    "halfmoon-chart": ("", "docs.chart.figures", 1),
    "halfmoon-lookup": ("", "docs.lookup.label", 1),
    "halfmoon-facts": ("", "docs.facts.caption", 1),
    "halfmoon-strategy": ("", "docs.strategy.column.won", 1),
    "halfmoon-tip": ("player: tallest\n", "docs.strategy.tempting", 1),
}


def test_every_block_kind_has_a_guard_case():
    assert set(EVERY_KIND) == set(BLOCKS)


@pytest.mark.parametrize("kind", list(EVERY_KIND))
def test_an_error_in_any_block_kind_is_an_error_at_its_line_not_a_traceback(catalog_copy, kind):
    body, key, offset = EVERY_KIND[kind]
    if key is not None:
        _edit(catalog_copy, key, "{no_such_placeholder}")
    context = Context(ExampleLoader(DOCS), "records/HM1-N-AAAAAAB.txt",
                      Stats(DOCS / "records" / "winnability.json"), "en",
                      {"verdicts": "records/verdicts.gz"},
                      strategy=StrategyFigures(DOCS / "records" / "strategy.json"))
    fence = 3
    rendered = render_markdown(f"# T\n\n```{kind}\n{body}```\n", context)  # no traceback
    assert [error.line for error in rendered.errors] == [fence + offset - 1], rendered.errors
    assert not rendered.slots
    if key is not None:
        assert key in rendered.errors[0].message and "en.json" in rendered.errors[0].message


@pytest.mark.parametrize("fault", ["truncated", "no reload message", "reload needs a value"])
def test_the_offline_plugin_reports_a_broken_catalog_as_one_line(project, catalog_copy, fault):
    config = project / "mkdocs.yml"
    config.write_text(config.read_text() + "  - halfmoon-offline\n", encoding="utf-8")
    (project / "docs" / "index.md").write_text("# T\n\nText.\n", encoding="utf-8")
    english = catalog_copy / "en.json"
    if fault == "truncated":
        text = english.read_text(encoding="utf-8")
        english.write_text(text[: len(text) // 2], encoding="utf-8")
    else:
        _edit(catalog_copy, "offline.reload", None if fault == "no reload message" else "{what}")
    _, messages = build_here(project)  # a traceback here fails the test
    found = _located(messages, "en.json")
    assert found and len(found) == len(set(found)), messages
