"""The whole site built from hostile published figures and hostile catalogs (issue 21's injection
class end to end): a copy of the project where ``docs/records/winnability.json``,
``docs/records/strategy.json`` and every message of every catalog carry markup, links, images,
scripts and event attributes, built once with ``mkdocs build --strict``.

The build must refuse every hostile figure with an error that names its file and the figure,
and the pages it writes anyway (MkDocs writes them before --strict stops it), in every
language, must hold no element, attribute or address that came from the data or the catalogs:
the parsed pages are compared with the clean build of the suite. Each refused figure is also
tried on its own, through the plugin's readers, so one refusal cannot hide another.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from halfmoon_mkdocs.errors import SourceError
from halfmoon_mkdocs.stats import Stats
from halfmoon_mkdocs.strategy import StrategyFigures
from halfmoon_mkdocs.words import Writer
from plugin_project import copy_site_project

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("docs", "overrides", "halfmoon", "plugins")
RECORDS = ROOT / "docs" / "records"

# What data and catalog text try to become in the page.
EVIL = "http://evil/t.png"
CATALOG_PAYLOADS = (
    "[cards](javascript:alert(4))", f"![t]({EVIL})", "<script>alert(5)</script>",
    '<img src=x onerror="alert(6)">', '" onmouseover="alert(7)', "{: onclick=alert(8) }",
    f"<{EVIL}>", "[x][evil]\n\n[evil]: javascript:alert(9)", "a | b\n--|--\nc | d",
    "<a href='javascript:alert(10)'>x</a>", "`code` *em* __strong__ ~~del~~",
    # Where an insert starts a line of the page: a heading, a list, a rule, a code block.
    "# h", "- li", "1. li", "    code", "---", "\n\n    code\n\n# h\n",
)
LOST = 'HM1-N-AAAAADF)<img src=x onerror="alert(1)">('
START = "[x](javascript:alert(2))"
SOLVER = '<b onclick="alert(3)">minisat22</b>'
SHARE_TEXT = f'0.97<img src="{EVIL}">'
COUNT_TEXT = "242733<script>alert(11)</script>"
STRATEGY_CODE = f"HM1-N-AAAAAAP<img src={EVIL}>"
STRATEGY_WON = "604<script>alert(12)</script>"
# Each hostile figure, and what the build's error must name (the file, then the figure).
FIGURE_ERRORS = {
    "lost_deals[0]": ("winnability.json", "lost_deals[0]"),
    "start": ("winnability.json", "'start'"),
    "sat_solver": ("winnability.json", "'sat_solver'"),
    "won_share": ("winnability.json", "'won_share'"),
    "won": ("winnability.json", "'won'"),
    "strategy": ("strategy.json", "player keep-reserve"),
}


def hostile_figures(figures: dict) -> dict:
    figures = json.loads(json.dumps(figures))
    figures["lost_deals"][0] = LOST
    figures["start"] = START
    figures["undecided_deals"][0]["sat_solver"] = SOLVER
    figures["won_share"] = SHARE_TEXT
    figures["greedy_player"]["share"] = SHARE_TEXT
    figures["won"] = COUNT_TEXT
    return figures


def hostile_strategy(figures: dict) -> dict:
    figures = json.loads(json.dumps(figures))
    keep = next(player for player in figures["players"] if player["name"] == "keep-reserve")
    keep["example"]["code"] = STRATEGY_CODE
    keep["won"] = STRATEGY_WON
    return figures


def hostile_message(message: str, turn: int) -> str:
    payload = CATALOG_PAYLOADS[turn % len(CATALOG_PAYLOADS)]
    return f"{payload} {message} {payload}"


def hostile_catalog(messages: dict) -> dict:
    """Every message and plural form, its placeholders kept, between two payloads."""
    out, turn = {}, 0
    for key, message in messages.items():
        if key == "language.name":  # the language menu's name: the theme's, from mkdocs.yml
            out[key] = message
            continue
        if isinstance(message, str):
            out[key] = hostile_message(message, turn)
        else:
            out[key] = {form: hostile_message(text, turn + i) for i, (form, text) in
                        enumerate(message.items())}
        turn += 1
    return out


# --- the parsed page ----------------------------------------------------------------------

URL_ATTRIBUTES = {"href", "src", "srcset", "action", "formaction", "poster", "data", "xlink:href",
                  "background", "cite", "ping", "content", "data-verdicts", "data-worker"}
HASH = re.compile(r"\b[0-9a-f]{8,}\b")  # content hashes: the catalogs' differ from the clean build's


@dataclass
class Parsed:
    tags: Counter  # element name -> how many
    attributes: set[tuple[str, str]]  # (element, attribute name)
    urls: set[tuple[str, str, str]]  # (element, attribute, value with hashes masked)
    scripts: list[str]  # the text of each <script> that runs
    data: list[str]  # the text of each <script type="application/json"> (a catalog the page carries)
    errors: int  # the plugin's error paragraphs


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parsed = Parsed(Counter(), set(), set(), [], [], 0)
        self._script: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        parsed = self.parsed
        parsed.tags[tag] += 1
        # A page's description is text (its language's docs.site.description), not an address.
        described = tag == "meta" and ("name", "description") in attrs
        for name, value in attrs:
            parsed.attributes.add((tag, name))
            if name in URL_ATTRIBUTES and not (described and name == "content"):
                parsed.urls.add((tag, name, HASH.sub("#", value or "")))
        if tag == "p" and ("class", "hm-error") in attrs:
            parsed.errors += 1
        if tag == "script":
            self._script = parsed.data if ("type", "application/json") in attrs else parsed.scripts
            self._script.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script[-1] += data


def parse(html: str) -> Parsed:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.parsed


def pages(site: Path) -> dict[str, Path]:
    return {str(path.relative_to(site)): path for path in sorted(site.rglob("*.html"))}


# Elements that fetch, run, link or submit: never more of them than the clean page has.
ACTIVE = {"a", "area", "audio", "base", "button", "embed", "form", "frame", "iframe", "image",
          "img", "input", "link", "math", "meta", "object", "picture", "script", "select",
          "source", "style", "svg", "template", "textarea", "use", "video", "foreignobject"}
# Where a figure is refused, its block or insert is left as the author wrote it (a code block
# of the block's source, the insert's text) beside the error paragraph.
FALLBACK = {"p", "strong", "div", "pre", "span", "code"}
# A card letter the diagrams have no drawing for is written as SVG text: the hostile
# catalogs' letters are such letters (their text escaped, as every <text>'s is).
DRAWN_AS_TEXT = {("text", "text-anchor")}
# Every code block is reachable from the keyboard (page.focusable_code_blocks), the error
# paragraph's copy of the block's source too: the attribute and its value are the plugin's.
FOCUSABLE_CODE = {("code", "tabindex")}


def hostile_problems(hostile: Parsed, clean: Parsed) -> list[str]:
    """What the hostile page holds that the clean one does not: an active element, a block
    that did not come from the author, an attribute, an address, an event handler, a script."""
    problems = []
    for tag, count in hostile.tags.items():
        if tag in ACTIVE or not ((tag in FALLBACK and hostile.errors) or tag == "text"):
            if count > clean.tags[tag]:
                problems.append(f"{count - clean.tags[tag]} more <{tag}>")
    for tag, name in sorted(hostile.attributes - clean.attributes - DRAWN_AS_TEXT - FOCUSABLE_CODE):
        problems.append(f"attribute {name} on <{tag}>")
    for tag, name in sorted(hostile.attributes):
        if name.startswith("on"):
            problems.append(f"event attribute {name} on <{tag}>")
    for url in sorted(hostile.urls - clean.urls):
        problems.append(f"address {url}")
    for tag, name, value in sorted(hostile.urls):
        if "evil" in value or re.match(r"\s*(javascript|data|vbscript):", value, re.I):
            problems.append(f"address {value!r} in {name} of <{tag}>")
    for script in hostile.scripts:
        if "alert(" in script or "evil" in script:
            problems.append(f"a script with data in it: {script[:80]!r}")
    # Data a page carries may hold anything, as JSON that cannot end its element or open markup.
    for data in hostile.data:
        if "<" in data or ">" in data:
            problems.append(f"markup in the data of a script: {data[:80]!r}")
        try:
            json.loads(data)
        except ValueError:
            problems.append(f"a data script that is not JSON: {data[:80]!r}")
    return problems


def search_text(index: Path) -> str:
    """Every title and text of a search index: the search box shows them as HTML."""
    docs = json.loads(index.read_text(encoding="utf-8"))["docs"]
    return "\n".join(f"<div>{doc['title']}</div><div>{doc['text']}</div>" for doc in docs)


# --- the build -----------------------------------------------------------------------------


@dataclass(frozen=True)
class HostileBuild:
    project: Path
    site: Path
    returncode: int
    output: str


def plant(copy: Path) -> None:
    records = copy / "docs" / "records"
    for name, change in (("winnability.json", hostile_figures), ("strategy.json", hostile_strategy)):
        figures = json.loads((records / name).read_text(encoding="utf-8"))
        (records / name).write_text(json.dumps(change(figures), indent=2), encoding="utf-8")
    for path in sorted((copy / "halfmoon" / "catalogs").glob("*.json")):
        messages = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps(hostile_catalog(messages), ensure_ascii=False, indent=2),
                        encoding="utf-8")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> HostileBuild:
    copy = copy_site_project(tmp_path_factory.mktemp("hostile"), PROJECT)
    plant(copy)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join([str(copy), str(copy / "plugins")])}
    # Not --strict, which stops the build at the first language with an error: every
    # language is written, and each error is still logged (what --strict counts and refuses).
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--no-strict", "-d", str(copy / "site")],
        cwd=copy, env=env, capture_output=True, text=True,
    )
    return HostileBuild(copy, copy / "site", result.returncode, result.stdout + result.stderr)


def test_the_build_names_every_hostile_figure_with_its_file(hostile):
    assert "Traceback" not in hostile.output, hostile.output[-3000:]
    errors = [line.removeprefix("ERROR").strip(" -").removeprefix("halfmoon_mkdocs: ")
              for line in hostile.output.splitlines() if line.startswith("ERROR")]
    assert errors, "the hostile figures were taken: --strict would have let them through"
    for figure, (file, named) in FIGURE_ERRORS.items():
        assert any(f"{file}: " in error and named in error for error in errors), (figure, errors)
    # Each error names the page and line, then the file; none comes from a catalog, whose
    # hostile text is text. A page with more than its share of errors says how many more once.
    assert all(re.match(r"docs/[a-z]{2}/[a-z-]+\.md:\d+: (winnability|strategy)\.json: ", error)
               or re.fullmatch(r"docs/[a-z]{2}/[a-z-]+\.md: \d+ more errors on this page not shown: "
                               r"fix the \d+ above first", error)
               for error in errors), errors


def test_no_page_of_any_language_holds_an_element_an_attribute_or_an_address_from_data(
        hostile, built_site):
    built, clean = pages(hostile.site), pages(built_site)
    assert set(built) == set(clean)
    languages = {name.split("/")[0] for name in built if name.count("/") == 2}
    assert len(languages) >= 8, languages  # every translation, besides the default language's
    problems = {}
    for name, path in built.items():
        found = hostile_problems(parse(path.read_text(encoding="utf-8")),
                                 parse(clean[name].read_text(encoding="utf-8")))
        if found:
            problems[name] = found
    assert not problems, problems
    # The catalogs' text reached the pages, as text.
    page = (hostile.site / "he" / "examples" / "index.html").read_text(encoding="utf-8")
    assert "[cards](javascript:alert(4))" in html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_search_index_of_every_language_holds_no_element_or_address_from_data(
        hostile, built_site):
    indexes = sorted(hostile.site.rglob("search_index.json"))
    assert len(indexes) >= 9
    for index in indexes:
        clean = built_site / index.relative_to(hostile.site)
        text = search_text(index)
        parsed = parse(text)
        parsed.errors = text.count("<p>Half Moon: ")  # the error paragraphs, without their class
        found = hostile_problems(parsed, parse(search_text(clean)))
        assert not found, (index, found)


# --- each hostile figure on its own, through the plugin's readers --------------------------

def _one_figure(change):  # type: ignore[no-untyped-def]
    def changed(figures: dict) -> dict:
        figures = json.loads(json.dumps(figures))
        change(figures)
        return figures
    return changed


WINNABILITY_ALONE = {
    "lost_deals[0]": (_one_figure(lambda f: f["lost_deals"].__setitem__(0, LOST)),
                      lambda stats, writer: stats.lost_deals()),
    "'start'": (_one_figure(lambda f: f.__setitem__("start", START)),
                lambda stats, writer: stats.render("start", writer)),
    "'sat_solver'": (
        _one_figure(lambda f: f["undecided_deals"][0].__setitem__("sat_solver", SOLVER)),
        lambda stats, writer: stats.undecided_deals()),
    "'won_share'": (_one_figure(lambda f: f.__setitem__("won_share", SHARE_TEXT)),
                    lambda stats, writer: stats.render("won_share", writer)),
    "'greedy_player.share'": (
        _one_figure(lambda f: f["greedy_player"].__setitem__("share", SHARE_TEXT)),
        lambda stats, writer: stats.render("greedy_player.share", writer)),
    "'won'": (_one_figure(lambda f: f.__setitem__("won", COUNT_TEXT)),
              lambda stats, writer: stats.render("won", writer)),
    "'deals'": (_one_figure(lambda f: f.__setitem__("deals", "250000<script>")),
                lambda stats, writer: stats.render("deals", writer)),
}


@pytest.mark.parametrize("figure", WINNABILITY_ALONE)
def test_each_hostile_figure_alone_is_refused_naming_the_file_and_the_figure(tmp_path, figure):
    change, read = WINNABILITY_ALONE[figure]
    path = tmp_path / "winnability.json"
    figures = json.loads((RECORDS / "winnability.json").read_text(encoding="utf-8"))
    path.write_text(json.dumps(change(figures)), encoding="utf-8")
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(figures), encoding="utf-8")
    writer = Writer("he", html=True)
    read(Stats(clean), writer)  # the same reading of the published file is accepted
    with pytest.raises(SourceError, match=rf"^winnability\.json: .*{re.escape(figure)}"):
        read(Stats(path), writer)


def _player(name: str, change):  # type: ignore[no-untyped-def]
    def changed(figures: dict) -> dict:
        figures = json.loads(json.dumps(figures))
        change(next(player for player in figures["players"] if player["name"] == name))
        return figures
    return changed


STRATEGY_ALONE = {
    "example code": (_player("keep-reserve", lambda p: p["example"].__setitem__("code", STRATEGY_CODE)),
                     "player keep-reserve: example: "),
    "example move": (_player("tallest", lambda p: p["example"].__setitem__("right", START)),
                     "player tallest: example: "),
    "won": (_player("keep-reserve", lambda p: p.__setitem__("won", STRATEGY_WON)),
            "player keep-reserve: 'won'"),
    "share": (_player("greedy", lambda p: p.__setitem__("share", SHARE_TEXT)),
              "player greedy: 'share'"),
    "name": (_player("greedy", lambda p: p.__setitem__("name", "<b>greedy</b>")), "'players'"),
}


@pytest.mark.parametrize("field", STRATEGY_ALONE)
def test_each_hostile_strategy_figure_alone_is_refused_naming_the_file(tmp_path, field):
    change, named = STRATEGY_ALONE[field]
    path = tmp_path / "strategy.json"
    path.write_text(json.dumps(change(json.loads((RECORDS / "strategy.json").read_text("utf-8")))),
                    encoding="utf-8")
    with pytest.raises(SourceError, match=rf"^strategy\.json: .*{re.escape(named)}"):
        StrategyFigures(path).players()
