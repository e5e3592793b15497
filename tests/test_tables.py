"""Tables arrive boxed as the theme would box them (plugins/halfmoon_mkdocs/tables.py): the
tables the theme's script would move are boxed and classed once, every other byte is kept."""

from __future__ import annotations

import re

import markdown
from halfmoon_mkdocs.tables import TABLE_CLASS, box_tables, boxed_table
from hypothesis import given
from hypothesis import strategies as st

BOX_OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
BOX_CLOSE = "</div></div>"
CLASSED = f'<table class="{TABLE_CLASS}"'


def unboxed(html: str) -> str:
    """``html`` with what box_tables adds taken out again."""
    html = html.replace(BOX_OPEN + CLASSED, "<table")
    return re.sub(r"(</table\s*>)" + re.escape(BOX_CLOSE), r"\1", html, flags=re.I)


def test_a_markdown_table_is_boxed_and_classed_as_the_theme_would_box_it():
    html = markdown.markdown("Text\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter", extensions=["tables"])
    boxed = box_tables(html)
    assert boxed.count(BOX_OPEN + CLASSED + ">") == 1
    assert re.search(r"</table>" + re.escape(BOX_CLOSE) + r"\s*<p>After</p>", boxed)
    assert "<table>" not in boxed and unboxed(boxed) == html


def test_a_table_with_a_class_is_left_alone_and_one_inside_it_is_boxed():
    inner = '<table style="width: 5em"><tr><td>n</td></tr></table>'
    html = f'<table class="hm-moves"><tr><td>{inner}</td></tr></table>'
    boxed = box_tables(html)
    assert boxed.startswith('<table class="hm-moves"><tr><td>' + BOX_OPEN)
    assert f'{CLASSED} style="width: 5em">' in boxed
    assert boxed.endswith("</table>" + BOX_CLOSE + "</td></tr></table>")


def test_attributes_that_only_look_like_a_class_do_not_keep_the_theme_away():
    for tag in ('<table data-class="x">', '<TABLE id="classes">', "<table\nsummary=class>"):
        assert box_tables(tag + "<tr><td>1</td></tr></table>").startswith(BOX_OPEN + CLASSED)
    for tag in ('<table class="">', "<table class>", "<table\tCLASS='a'>"):
        html = tag + "<tr><td>1</td></tr></table>"
        assert box_tables(html) == html


def test_a_table_never_closed_is_not_boxed_so_no_box_is_left_open():
    html = "<table><tr><td>1</td></tr><p>more</p>"
    assert box_tables(html) == html


def test_the_plugins_own_tables_use_the_same_box():
    assert boxed_table("<table></table>") == BOX_OPEN + "<table></table>" + BOX_CLOSE
    assert boxed_table("<table></table>", "hm-long-table").startswith(
        '<div class="md-typeset__scrollwrap hm-long-table"><div class="md-typeset__table">')


_TEXT = st.text(alphabet="ab <>/=\"\n", max_size=12).filter(lambda text: "table" not in text)
_ATTRIBUTES = st.sampled_from(["", ' class="x"', ' id="t"', ' data-class="y"', " class"])


@st.composite
def tables(draw, depth: int = 0) -> str:
    """Text and tables, some with a class, some holding more tables."""
    parts = [draw(_TEXT)]
    for _ in range(draw(st.integers(0, 3 if depth < 2 else 0))):
        inner = draw(tables(depth + 1))
        parts.append(f"<table{draw(_ATTRIBUTES)}><tr><td>{inner}</td></tr></table>")
        parts.append(draw(_TEXT))
    return "".join(parts)


@given(tables())
def test_every_classless_table_is_boxed_once_and_nothing_else_changes(html):
    boxed = box_tables(html)
    classless = len(re.findall(r"<table(?![^>]*\sclass(?=[\s=/>]))[^>]*>", html))
    assert boxed.count(BOX_OPEN) == classless == boxed.count(CLASSED)
    assert boxed.count("<table") == html.count("<table")
    assert unboxed(boxed) == html
    assert box_tables(boxed) == boxed  # a boxed table has its class: boxing twice changes nothing


def test_every_code_block_is_reachable_from_the_keyboard_and_nothing_else_changes():
    from halfmoon_mkdocs.page import focusable_code_blocks

    html = ('<p><code>inline</code></p><div class="highlight"><pre><span></span><code>a long line'
            '</code></pre></div><pre><code class="language-text">x</code></pre><pre><code>y</code></pre>')
    assert focusable_code_blocks(html) == (
        '<p><code>inline</code></p><div class="highlight"><pre><span></span><code tabindex="0">a long line'
        '</code></pre></div><pre><code tabindex="0" class="language-text">x</code></pre>'
        '<pre><code tabindex="0">y</code></pre>')
    assert focusable_code_blocks(focusable_code_blocks(html)) == focusable_code_blocks(html)
