"""Every table of a page arrives in the box the theme would put it in, so the theme moves none.

Material's script wraps each ``table:not([class])`` in a scrolling box when the page has
loaded. The moved table is styled and laid out again, after the first paint: on the authors
page, with three tables of inline code, that was the heaviest task the page ran (issue 25).
Tables written in Markdown therefore get the box here, and a class that keeps the theme's
script away from them; halfmoon.css gives ``table.hm-table`` the look Material gives its own.
"""

from __future__ import annotations

import re

TABLE_CLASS = "hm-table"
_BOX_CLOSE = "</div></div>"
_TAG = re.compile(r"<table\b[^>]*>|</table\s*>", re.IGNORECASE)
_CLASS_ATTRIBUTE = re.compile(r"\sclass(?=[\s=/>])", re.IGNORECASE)


def _box_open(box_class: str = "") -> str:
    extra = f" {box_class}" if box_class else ""
    return f'<div class="md-typeset__scrollwrap{extra}"><div class="md-typeset__table">'


def boxed_table(table_html: str, box_class: str = "") -> str:
    """``table_html`` (one ``<table>`` element) inside the theme's scrolling box, which also
    has ``box_class`` when given."""
    return _box_open(box_class) + table_html + _BOX_CLOSE


def box_tables(html: str) -> str:
    """Each table the theme's script would move (one without a class: Markdown's, or an
    author's HTML) boxed and classed; tables with a class, the plugin's own among them, are
    left as they are. Nested tables are matched with their own end tags."""
    pieces: list[str] = []
    boxed: list[bool] = []  # one entry per open table: did this function box it?
    end = 0
    for tag in _TAG.finditer(html):
        pieces.append(html[end:tag.start()])
        end = tag.end()
        if not tag.group().startswith("</"):
            bare = _CLASS_ATTRIBUTE.search(tag.group()) is None
            boxed.append(bare)
            pieces.append(_box_open() + f'<table class="{TABLE_CLASS}"'
                          + tag.group()[len("<table"):] if bare else tag.group())
        elif boxed and boxed.pop():
            pieces.append(tag.group() + _BOX_CLOSE)
        else:
            pieces.append(tag.group())  # a stray end tag: the browser's business, as before
    if any(boxed):
        return html  # a table never closed: boxing it would leave the box open too
    pieces.append(html[end:])
    return "".join(pieces)
