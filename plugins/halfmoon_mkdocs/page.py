"""One page through the plugin: its blocks and inserts rendered, its errors collected.

Blocks become a placeholder word in the Markdown, at the fence's own indentation (so a
block in a list item or an admonition stays there), and the placeholder is swapped for
the block's HTML once Markdown has made the page's HTML.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from halfmoon import DealCode, HalfMoonError

from .assets import GAME_MARK
from .blocks import segments
from .context import Context
from .errors import PageErrors, SourceError
from .inline import replace_inserts
from .render import BLOCKS, render_block
from .words import UNIT_CLASS


@dataclass
class Rendered:
    """The page's Markdown with placeholders, the HTML for each, and the errors met (the
    first few, and how many more)."""

    markdown: str
    slots: dict[str, str] = field(default_factory=dict)
    errors: PageErrors = field(default_factory=PageErrors)


def render_markdown(markdown: str, context: Context) -> Rendered:
    """Replace the inserts and blocks of a page; every error is kept, none stops the page."""
    nonce = hashlib.sha256(markdown.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    writer = context.writer()
    result = Rendered("")
    pieces: list[str] = []
    for segment in segments(markdown, BLOCKS):
        if segment.error is not None:
            result.errors.append(segment.error)
        if segment.kind == "prose":
            pieces.append(replace_inserts(segment.text, segment.first_line, writer, context,
                                          result.errors))
        elif segment.block is None:
            pieces.append(segment.text)
        else:
            try:
                html = render_block(segment.block, context)
            except SourceError as error:
                result.errors.append(error)
                pieces.append(segment.text)
                continue
            token = f"HALFMOONSLOT{nonce}N{len(result.slots) + 1}"
            result.slots[token] = html
            prefix = segment.block.prefix
            pieces.append(f"{prefix.rstrip()}\n{prefix}{token}\n{prefix.rstrip()}\n")
    result.markdown = "".join(pieces)
    return result


def fill_slots(html: str, slots: dict[str, str]) -> str:
    """Put each block's HTML where Markdown left its placeholder (alone in a paragraph)."""
    if not slots:
        return html
    return _SLOT.sub(lambda match: slots.get(match.group(1), match.group()), html)


_SLOT = re.compile(r"(?:<p>|<pre><code>)?(HALFMOONSLOT[0-9a-f]{10}N[0-9]+)\n?(?:</p>|</code></pre>)?")


def keep_codes_whole(html: str) -> str:
    """A deal code the page writes as code (`HM1-N-AAAAAAB`) is one unit, as the inserted ones
    are (words.Writer.unit): a browser would break it at a hyphen."""
    return _CODE_SPAN.sub(rf'<code class="{UNIT_CLASS}">\1</code>', html)


_CODE_SPAN = re.compile(r"<code>(HM[0-9]+-[A-Z]-[A-Z]{7})</code>")


def focusable_code_blocks(html: str) -> str:
    """Every code block reachable from the keyboard (``tabindex="0"``), so a reader can scroll a
    long line into view without a pointer. The theme's script does it for the blocks that
    overflow, but it starts only at the reader's first use of the page (assets.
    theme_at_first_use); then it takes the attribute off the blocks that need none."""
    return _CODE_BLOCK.sub(r'\1<code tabindex="0"', html)


_CODE_BLOCK = re.compile(r"(<pre\b[^>]*>(?:<span></span>)?)<code(?![^>]*\btabindex=)")


class DealAnchors(set[str]):
    """The anchors of a page that holds the game: the ids in it, and every deal code in its
    canonical form, which the game reads from the address (``play.md#HM1-N-AAAAAAB``) instead of
    finding an element of that id. MkDocs checks the links to the page against this set, so a
    link to a deal is no missing anchor, and any other missing anchor is still reported."""

    def __contains__(self, anchor: object) -> bool:
        return super().__contains__(anchor) or (isinstance(anchor, str) and is_deal_code(anchor))


def is_deal_code(text: str) -> bool:
    """Whether ``text`` is a deal code written as the site writes one (``HM1-N-AAAAAAB``)."""
    try:
        return str(DealCode.parse(text)) == text
    except HalfMoonError:
        return False


def game_anchors(html: str, anchors: set[str] | None) -> set[str] | None:
    """The page's anchors as MkDocs checks links against them: ``DealAnchors`` on a page that
    holds the game, the page's own otherwise."""
    if anchors is None or GAME_MARK not in html:
        return anchors
    return DealAnchors(anchors)
