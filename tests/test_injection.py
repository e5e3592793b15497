"""Catalog text and published data reach a page as text: never a link, an image, an element or an
attribute, whatever they hold; and inserts refuse the places where only a value may stand."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser

import markdown
import pytest
from halfmoon_mkdocs.context import Context
from halfmoon_mkdocs.errors import SourceError
from halfmoon_mkdocs.examples import ExampleLoader
from halfmoon_mkdocs.inline import replace_inserts
from halfmoon_mkdocs.stats import Stats
from halfmoon_mkdocs.words import Writer, inert
from hypothesis import given, settings
from hypothesis import strategies as st

CODE = "HM1-N-AAAAAAB"
PAYLOADS = [
    "[cards](javascript:alert(4))", "![t](http://evil/t.png)", "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>", "*strong* _em_ `code`", "[x][ref]\n\n[ref]: http://evil/",
    "{: onclick=alert(1) }", "a | b\n--|--\nc | d", "<http://evil/>", "&lt;b&gt;", "\\[x\\](y)",
    "x{#id .cls onmouseover=alert(1)}", "<b onclick=\"x\">", "](javascript:alert(1))", "~~s~~",
    # Blocks, where an insert starts a line of the page: a heading, lists, a rule, code.
    "# h", "\n\n# h", "- li", "1. li", "2) li", "    code", "\tcode", "---", "===", "\n\n    code",
    "\n- li", "x\n---\n", "\r\r# h", "\n> quote", "\n!!! note", "\n```\ncode\n```",
]
# Messages the inserts below use, each given hostile text around its placeholders.
MESSAGES = {
    "source.pile": "pile {pile}",
    "docs.list.separator": ", ",
    "docs.marked.item": "{card} ({source})",
    "docs.move.card_from_pile": "{card} from pile {pile}",
}
PAGE = ("See {{hm move 1}}; {{hm uncovered 1}}; {{hm source 3}}; {{hm tops}}.\n\n"
        "{{hm source 3}} then\n{{hm move 1}}\n\n"
        "| a | b |\n|---|---|\n| {{hm source 4}} | {{hm code}} |\n")
EXTENSIONS = ["attr_list", "md_in_html", "tables", "admonition", "pymdownx.superfences"]
ALLOWED = {"p", "bdi", "span", "table", "thead", "tbody", "tr", "th", "td"}
# The only attributes the plugin's own markup has: an isolate's direction, a unit's class.
OWN_ATTRIBUTES = {("dir", "ltr"), ("class", "hm-unit")}


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))


def _elements(html: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return parser.tags


def _context(tmp_path, lang: str) -> Context:
    (tmp_path / "records").mkdir(exist_ok=True)
    (tmp_path / "records" / "game.txt").write_text(f"{CODE}\n3+4 3+6+R3\n", encoding="utf-8")
    return Context(ExampleLoader(tmp_path), "records/game.txt", Stats(tmp_path / "stats.json"), lang)


def _hostile_writer(lang: str, payload: str) -> Writer:
    writer = Writer(lang, html=True)
    messages = dict(writer.catalog.messages)
    for key, template in MESSAGES.items():
        messages[key] = f"{payload} {template} {payload}"
    writer.catalog = dataclasses.replace(writer.catalog, messages=messages)
    return writer


@settings(max_examples=60, deadline=None)
@given(lang=st.sampled_from(["en", "he", "ar", "fr"]),
       payload=st.one_of(st.sampled_from(PAYLOADS),
                         st.lists(st.sampled_from(PAYLOADS + list("[]()!<>{}`*_|\\&\"'=#:-+ \n.1")),
                                  min_size=1, max_size=8).map("".join)))
def test_catalog_text_never_becomes_markup_in_the_page(tmp_path_factory, lang, payload):
    context = _context(tmp_path_factory.mktemp("docs"), lang)
    written = replace_inserts(PAGE, 1, _hostile_writer(lang, payload), context)
    html = markdown.markdown(written, extensions=EXTENSIONS)
    for tag, attrs in _elements(html):
        assert tag in ALLOWED, (payload, html)
        assert set(attrs) <= OWN_ATTRIBUTES, (payload, html)


@given(st.text(max_size=40))
def test_inert_text_reads_back_as_written_and_holds_no_markup_character(text):
    made = inert(text)
    parser = _Elements()
    collected: list[str] = []
    parser.handle_data = collected.append  # type: ignore[method-assign]
    parser.feed(f"<p>{made}</p>")
    parser.close()
    assert "".join(collected) == text
    assert not set("[]<>`*_{}|\\!~\n\r") & set(made)
    assert "#" not in re.sub(r"&#\d+;", "", made)  # no heading, even where it starts a line
    assert not re.match(r"[ \t]|[-+=]\s|\d+[.)]\s", made)


@pytest.mark.parametrize("page", [
    "[x](play.md#{{hm code}})",
    "[x](play.md#{{hm code}} 'title')",
    "![{{hm card QH}}](card.png)",
    '<a href="play.md#{{hm code}}">x</a>',
    '<span title="{{hm card QH}}">x</span>',
    "Text{: title='{{hm code}}' }",
    "[deal]: play.md#{{hm code}}",
])
@pytest.mark.parametrize("lang", ["en", "he"])
def test_an_insert_where_only_a_value_may_stand_is_refused(tmp_path, page, lang):
    with pytest.raises(SourceError, match="an insert cannot stand"):
        replace_inserts(page + "\n", 1, Writer(lang, html=True), _context(tmp_path, lang))


@pytest.mark.parametrize("page", [
    "[{{hm code}}](play.md)", "[x](play.md) and {{hm code}}", "<b>{{hm code}}</b>",
    "![x](card.png) {{hm code}}", "a < b and {{hm code}}", "braces {} then {{hm code}}",
])
def test_an_insert_in_running_text_beside_links_and_tags_is_written(tmp_path, page):
    written = replace_inserts(page + "\n", 1, Writer("he", html=True), _context(tmp_path, "he"))
    assert f'<bdi dir="ltr">{CODE}</bdi>' in written
