"""The plugin inside real MkDocs builds of a small project: errors, rebuilds, assets."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from plugin_project import (
    CODE,
    MESSAGE,
    build_command,
    build_here,
    first_moves,
    make_project,
    pages,
    summary_json,
)

from halfmoon import i18n

FRONT = "---\ntitle: T\n---\n\n"  # four lines MkDocs takes off before the plugin sees the page
GOOD_BLOCK = (
    "```halfmoon\nrecord: records/game.txt\nafter: 1\nmark: next\n"
    "caption: docs.caption.next_move\n```\n"
)


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path)


def plugin_errors(messages: list[str]) -> list[str]:
    return [m for m in messages if m.startswith(("docs/", "catalogs/")) or ".json" in m]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("page", "line", "words"),
    [
        ("# T\n\n```halfmoon\ncode: HM1-X-AAAAAAB\n```\n", 4, "variant"),
        ("# T\n\n```halfmoon\nrecord: records/none.txt\n```\n", 4, "not found"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\nafter: 9\n```\n", 5, "out of range"),
        (FRONT + "# T\n\n```halfmoon\nrecord: records/game.txt\nzoom: 2\n```\n", 9,
         "unknown key 'zoom'"),
        ("# T\n\nText\n\n```halfmoon\ncode: HM1-N-AAAAAAB\nmoves: 1+2\n```\n", 7, "not 11"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\ncaption: docs.nope\n```\n", 5, "docs.nope"),
        (FRONT + "# T\n\nSee {{hm move 7}} here.\n", 7, "move number 7 is out of range"),
        ("# T\n\n```halfmoon\nrecord: records/game.txt\nafter: end\nmark: next\n```\n", 6,
         "no move after"),
        (FRONT + "# T\n\n```halfmoon-move\nrecord: records/game.txt\n```\n", 7, "unknown block"),
        ("# T\n\nSee {{HM move 1}}.\n", 3, "misspelt insert"),
    ],
)
def test_a_broken_page_fails_the_strict_build_with_file_and_line(project, page, line, words):
    (project / "docs" / "index.md").write_text(page)
    result = build_command(project)
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert f"docs/index.md:{line}: " in output, output
    assert words in output, output
    assert "Traceback" not in output


def test_errors_name_the_line_in_the_file_front_matter_included(project):
    page = FRONT + "# T\n\n" + "\n" * 30 + "```halfmoon\ncode: HM1-N-AAAAAAB\ncolour: red\n```\n"
    (project / "docs" / "index.md").write_text(page)
    lines = page.splitlines()
    _, messages = build_here(project)
    (error,) = plugin_errors(messages)
    found = re.match(MESSAGE, error)
    assert found and found["file"] == "docs/index.md", error
    assert lines[int(found["line"]) - 1] == "colour: red"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("setup", "words"),
    [
        (lambda docs: (docs / "records" / "folder.txt").mkdir(), "is not a file"),
        (lambda docs: (docs / "records" / "folder.txt").write_bytes(b"HM1-N-AAAAAAB\n\xff\xfe"),
         "not UTF-8"),
        (lambda docs: (docs / "records" / "folder.txt").write_bytes(b""), "empty"),
    ],
)
def test_a_record_that_is_no_text_file_is_an_error_at_the_block(project, setup, words):
    setup(project / "docs")
    (project / "docs" / "index.md").write_text("# T\n\n```halfmoon\nrecord: records/folder.txt\n```\n")
    _, messages = build_here(project)
    (error,) = plugin_errors(messages)
    assert error.startswith("docs/index.md:4: ") and words in error, error


@pytest.mark.slow
def test_a_record_with_a_byte_order_mark_is_read(project):
    record = project / "docs" / "records" / "game.txt"
    record.write_bytes(b"\xef\xbb\xbf" + record.read_bytes())
    (project / "docs" / "index.md").write_text("# T\n\n" + GOOD_BLOCK)
    _, messages = build_here(project)
    assert plugin_errors(messages) == []


@pytest.mark.slow
@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_figures_that_are_no_numbers_are_errors_not_nan_percent(project, value):
    low = json.loads(summary_json())["ci_low"]
    (project / "docs" / "records" / "winnability.json").write_text(
        summary_json().replace(f'"ci_low": {low}', f'"ci_low": {value}'))
    (project / "docs" / "index.md").write_text("# T\n\nLow: {{hm stat ci_low}}.\n")
    _, messages = build_here(project)
    (error,) = plugin_errors(messages)
    assert error.startswith("docs/index.md:3: "), error
    html = (project / "site" / "index.html").read_text()
    assert not re.search(r"(?i)(nan|inf|∞)\s*%", html)


@pytest.mark.slow
def test_a_malformed_undecided_deal_fails_the_build_at_the_insert(project):
    (project / "docs" / "records" / "winnability.json").write_text(summary_json(
        undecided=1, undecided_deals=[{"code": "HM1-N-AAACCMV", "tried": [], "search_positions": 5000,
                                       "sat_solver": "minisat22", "sat_conflicts": "200k"}]))
    (project / "docs" / "index.md").write_text("# T\n\nUndecided: {{hm undecided_deals}}\n")
    _, messages = build_here(project)
    (error,) = plugin_errors(messages)
    assert error.startswith("docs/index.md:3: winnability.json: undecided_deals[0]: 'sat_conflicts' "
                            "must be a whole number"), error


@pytest.mark.slow
@pytest.mark.parametrize("container", ["- item\n\n    ", "!!! note\n\n    ", "> "])
def test_a_block_in_a_list_item_an_admonition_or_a_quote_is_rendered_there(project, container):
    first, _, indent = container.rpartition("\n")
    block = "".join(indent + line + "\n" for line in GOOD_BLOCK.splitlines())
    (project / "docs" / "index.md").write_text(f"# T\n\n{first}\n{block}")
    _, messages = build_here(project)
    assert plugin_errors(messages) == []
    html = (project / "site" / "index.html").read_text()
    assert html.count('class="hm-figure"') == 1 and "HALFMOONSLOT" not in html
    tag = {"- ": "<li>", "!!": 'class="admonition', "> ": "<blockquote>"}[container[:2]]
    assert html.index(tag) < html.index('class="hm-figure"')


def test_a_good_page_builds_and_publishes_the_catalogs(project):
    (project / "docs" / "index.md").write_text("# T\n\nFirst: {{hm move 1}}.\n\n" + GOOD_BLOCK)
    _, messages = build_here(project)
    assert plugin_errors(messages) == []
    site = project / "site"
    html = (site / "index.html").read_text()
    assert html.count('class="hm-diagram"') == 1
    assert "<figcaption>" in html and 'class="hm-text-alternative"' in html
    for source in i18n.catalog_dir().glob("*.json"):
        published = site / "assets" / "halfmoon" / "catalogs" / source.name
        assert json.loads(published.read_text()) == json.loads(source.read_text())


def test_a_rebuild_after_edits_gives_the_pages_of_a_fresh_build(project, catalog_copy):
    """As under ``mkdocs serve``: one process, one plugin, files edited between builds."""
    catalogs = catalog_copy
    docs = project / "docs"
    other = docs / "records" / "other.txt"
    other.write_text(f"{CODE}\n{first_moves(2)}\n")
    stats = docs / "records" / "winnability.json"
    stats.write_text(summary_json(deals=10, won=5, won_share=0.5))
    (docs / "index.md").write_text(
        "# T\n\nShare: {{hm stat won_share}}. Other: {{hm move 1 record=records/other.txt}}.\n\n"
        "```halfmoon\nrecord: records/other.txt\nafter: 1\n"
        "caption: {{hm stat won_share}} won; then {{hm move 2 record=records/other.txt}}\n```\n\n"
        + GOOD_BLOCK + "\n```halfmoon-moves\nrecord: records/other.txt\n```\n"
    )
    config, messages = build_here(project)
    assert plugin_errors(messages) == []
    before = pages(project / "site")

    english = catalogs / "en.json"
    messages_en = json.loads(english.read_text())
    messages_en["card.letter.Q"] = "D"
    messages_en["card.rank_name.K"] = "monarch"
    messages_en["docs.caption.next_move"] = messages_en["docs.caption.next_move"] + " (edited)"
    english.write_text(json.dumps(messages_en))
    stats.write_text(summary_json(deals=10, won=7, won_share=0.7))
    stamp = other.stat()
    # Another game of the same length, written within the same clock tick as the first.
    other.write_text(f"{CODE}\n{first_moves(2, pick=1)}\n")
    os.utime(other, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert first_moves(2, pick=1) != first_moves(2)

    build_here(project, config)
    rebuilt = pages(project / "site")
    _, messages = build_here(project, site="fresh")
    fresh = pages(project / "fresh")
    assert rebuilt == fresh
    page = rebuilt["index.html"]
    assert page != before["index.html"]
    assert "70.00%" in page and "(edited)" in page and "monarch" in page
    # The queens' letter in the drawings (all the card letters of a colour make one text).
    assert "Q" in drawn_letters(before["index.html"]) and "D" not in drawn_letters(before["index.html"])
    assert "D" in drawn_letters(page) and "Q" not in drawn_letters(page)


def drawn_letters(page: str) -> str:
    return "".join(re.findall(r'<text class="hm-rank[^"]*"[^>]*>([^<]*)</text>', page))


def test_the_examples_are_replayed_once_per_build(project, monkeypatch):
    from halfmoon import Record

    calls = []
    replay, positions = Record.replay, Record.positions  # a whole replay, by either method
    monkeypatch.setattr(Record, "replay", lambda self, *a: calls.append(1) or replay(self, *a))
    monkeypatch.setattr(Record, "positions", lambda self: calls.append(1) or positions(self))
    block = f"```halfmoon\ncode: HM1-N-AAAAAAB\nmoves: {first_moves(2)}\nafter: 1\n```\n\n"
    (project / "docs" / "index.md").write_text(
        "# T\n\n{{hm move 1}} {{hm move 2}} {{hm score end}}\n\n" + GOOD_BLOCK * 2 + block * 2
        + "```halfmoon-moves\nrecord: records/game.txt\n```\n")
    build_here(project)
    assert len(calls) == 2  # records/game.txt, and the block's code and moves


I18N_CONFIG = """site_name: Test
theme:
  name: material
  font: false
plugins:
  - halfmoon:
      example_record: records/game.txt
  - i18n:
      docs_structure: folder
      fallback_to_default: false
      languages:
        - locale: en
          default: true
          name: English
          build: true
        - locale: fr
          name: Français
          build: true
"""


@pytest.mark.slow
def test_with_static_i18n_listed_after_it_every_language_is_built_and_rebuilt(project):
    """The plugin's order against static-i18n comes from event_priority, not from the list."""
    (project / "mkdocs.yml").write_text(I18N_CONFIG)
    docs = project / "docs"
    for lang in ("en", "fr"):
        (docs / lang).mkdir()
        (docs / lang / "index.md").write_text(
            "# T\n\n{{hm count 2 moves}}; {{hm move 1}}.\n\n```halfmoon\nrecord: ../records/game.txt"
            "\n```\n".replace("../", ""))
    config, messages = build_here(project)
    assert plugin_errors(messages) == []
    english = (project / "site" / "index.html").read_text()
    french = (project / "site" / "fr" / "index.html").read_text()
    assert "2\u00a0moves" in english and "2\u00a0coups" in french  # a count keeps to its noun
    assert english.count('class="hm-figure"') == french.count('class="hm-figure"') == 1
    published = project / "site" / "assets" / "halfmoon" / "catalogs"
    assert {path.name for path in published.glob("*.json")} >= {"en.json", "fr.json"}

    (docs / "fr" / "index.md").write_text("# T\n\n{{hm count ² coups}}\n")
    _, messages = build_here(project, config)  # the same plugin, as under mkdocs serve
    (error,) = plugin_errors(messages)
    assert error.startswith("docs/fr/index.md:3: ") and "whole number" in error


def misspell_placeholder(catalogs: Path, key: str, placeholder: str, typo: str) -> None:
    """The English catalog's message ``key`` with ``placeholder`` written as ``typo``."""
    english = catalogs / "en.json"
    messages = json.loads(english.read_text(encoding="utf-8"))
    messages[key] = messages[key].replace(placeholder, typo)
    english.write_text(json.dumps(messages, ensure_ascii=False, indent=1), encoding="utf-8")


@pytest.mark.parametrize(("lang", "key", "dropped"), [("fr", "docs.print.address", "address"),
                                                      ("he", "game.code_error.address", "detail")])
def test_a_translation_that_drops_a_placeholder_fails_the_build_naming_catalog_key_placeholder(
        project, catalog_copy, lang, key, dropped):
    catalog = catalog_copy / f"{lang}.json"
    lines = catalog.read_text(encoding="utf-8").split("\n")
    line = next(number for number, text in enumerate(lines, 1) if f'"{key}"' in text)
    lines[line - 1] = lines[line - 1].replace("{" + dropped + "}", "")
    catalog.write_text("\n".join(lines), encoding="utf-8")
    (project / "docs" / "index.md").write_text("# T\n\nText.\n")
    _, messages_logged = build_here(project)
    (error,) = plugin_errors(messages_logged)
    assert error == (f"{catalog}:{line}: message {key!r} lacks the placeholder "
                     f"{{{dropped}}} that en.json has"), error


def test_a_placeholder_typo_in_a_catalog_names_the_page_line_and_the_catalog(
        project, catalog_copy):
    misspell_placeholder(catalog_copy, "source.pile", "{pile}", "{pile_no}")
    (project / "docs" / "index.md").write_text(FRONT + "# T\n\nSee {{hm source 3}}.\n")
    _, messages_logged = build_here(project)
    (error,) = plugin_errors(messages_logged)  # English's slip, not the eight translations'
    assert error.startswith("docs/index.md:7: ") and "{pile_no}" in error, error
    assert error.endswith("en.json)"), error


def test_a_placeholder_typo_in_the_print_address_is_an_error_of_the_catalog_not_silence(
        project, catalog_copy):
    misspell_placeholder(catalog_copy, "docs.print.address", "{address}", "{adress}")
    (project / "docs" / "index.md").write_text("# T\n\nText.\n")
    (project / "docs" / "other.md").write_text("# U\n\nMore text.\n")
    _, messages_logged = build_here(project)
    (error,) = plugin_errors(messages_logged)  # once, however many pages
    assert "en.json" in error and "{adress}" in error and "printed page's address" in error, error
    html = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert "hm-print-address" not in html


@pytest.mark.parametrize("palette", [None, "four"])
def test_the_palette_option_draws_the_site_s_diagrams_in_four_colours(tmp_path, palette):
    project = make_project(tmp_path)
    if palette:
        config = project / "mkdocs.yml"
        config.write_text(config.read_text().replace(
            "      example_record: records/game.txt\n",
            f"      example_record: records/game.txt\n      palette: {palette}\n"))
    (project / "docs" / "index.md").write_text("# T\n\n" + GOOD_BLOCK)
    _, messages = build_here(project)
    assert messages == []
    html = pages(project / "site")["index.html"]
    assert "hm-diagram" in html
    # Drawn with each suit's class either way (the reader's setting can turn four colours on);
    # the palette is what a reader who has chosen nothing sees.
    assert "hm-green" in html and "hm-blue" in html
    assert ('data-deck="four"' in html) == (palette == "four")
    assert ('data-deck="two"' in html) == (palette != "four")


def test_deal_links_to_the_game_are_no_missing_anchors_and_a_broken_anchor_still_is(project):
    """A deal link (play.md#HM1-N-AAAAAAB) names a deal the game reads from the address, not a
    heading: MkDocs' anchor check (INFO, as mkdocs.yml leaves it) says nothing of it. A missing
    heading on the same page, a code not written as the site writes it, and a code on a page
    without the game are still reported."""
    import logging

    docs = project / "docs"
    (docs / "play.md").write_text('# Play\n\n<div class="hm-game">Game</div>\n\n## Rules\n')
    (docs / "other.md").write_text("# Other\n")
    (docs / "index.md").write_text(
        "# T\n\n[deal](play.md#HM1-N-AAAAAAB) [rules](play.md#rules) [gone](play.md#no-such-part)"
        " [lower](play.md#hm1-n-aaaaaab) [elsewhere](other.md#HM1-N-AAAAAAC)\n")
    infos: list[str] = []
    handler = logging.Handler(logging.INFO)
    handler.emit = lambda record: infos.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("mkdocs")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        build_here(project)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    anchors = sorted(re.findall(r"does not contain an anchor '#([^']*)'", "\n".join(infos)))
    assert anchors == ["HM1-N-AAAAAAC", "hm1-n-aaaaaab", "no-such-part"], infos
