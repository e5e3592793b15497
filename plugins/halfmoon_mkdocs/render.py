"""Turning a parsed block into HTML: a diagram figure, the table of moves, the stepper mount.

``BLOCKS`` lists every block kind once, as superfences' ``custom_fences`` lists its fences:
the keys it takes, the check of those keys, and its renderer. ``render_block`` is the one
way in and the one error guard: pure functions of the block and the page's context (the
build's games and figures, the language), so nothing is kept between builds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from halfmoon import HalfMoonError, parse_source
from halfmoon.diagram import HEIGHT, WIDTH, render_svg, text_alternative_items
from halfmoon.errors import quoted

from .blocks import Block, Syntax, needs_one_game, needs_player, no_check
from .catalogs import engine_error
from .context import Context
from .errors import SourceError
from .examples import Example
from .facts import facts_html
from .inline import replace_inserts
from .strategy import table_html
from .tables import boxed_table
from .winnability import chart_html, lookup_html
from .words import Writer

CAPTION_KEY = re.compile(r"[a-z][\w-]*(?:\.[\w-]+)+")


def render_block(block: Block, context: Context) -> str:
    """The HTML of one block. The one guard for every kind: an engine or catalog error (a
    placeholder typo in a message) is a file:line error, at the line of the option at fault
    where the renderer knows it, else at the block's fence."""
    try:
        return BLOCKS[block.kind].render(block, context)
    except HalfMoonError as error:
        raise engine_error(error, context.lang).at(block.line) from None
    except SourceError as error:
        raise error.at(block.line) from None


@dataclass(frozen=True)
class Diagram:
    """What a diagram block asks for, resolved against its game."""

    example: Example
    after: int
    marks: tuple[str, ...]
    caption: str  # a catalog key or text with inserts; "" for none
    caption_line: int  # where the caption is written, for its errors
    id_prefix: str  # unique in the page: the drawing's ids and the figure's


def example_of(block: Block, context: Context) -> Example:
    try:
        if "record" in block.options:
            return context.loader.record(block.options["record"])
        return context.loader.inline(block.options["code"], block.options.get("moves", ""))
    except SourceError as error:
        key = "record" if "record" in block.options else "moves" if "moves" in block.options else "code"
        raise error.at(block.line_of(key)) from None


def resolve_diagram(block: Block, example: Example) -> Diagram:
    try:
        after = example.resolve(block.options.get("after", "0"), what="'after'", allow_zero=True)
    except SourceError as error:
        raise error.at(block.line_of("after")) from None
    marks = _marks(block, example, after)
    return Diagram(example, after, marks, block.options.get("caption", ""), block.line_of("caption"),
                   f"hm{block.line}")


def _marks(block: Block, example: Example, after: int) -> tuple[str, ...]:
    text = block.options.get("mark", "").strip()
    line = block.line_of("mark")
    if not text:
        return ()
    if text.lower() == "next":
        if after >= example.length:
            raise SourceError(f"mark: next: the game has no move after move {after}", line)
        return tuple(example.move(after + 1).sources)
    position = example.position(after)
    marks = []
    for word in text.replace(",", " ").split():
        try:
            source = parse_source(word)
        except HalfMoonError:
            raise SourceError(f"mark: {quoted(word)} is not a pile (1 to 12) or a slot (R1 to R8)",
                              line) from None
        if position.card_at(source) is None:
            raise SourceError(f"mark: {source} is empty after move {after}", line)
        marks.append(source)
    return tuple(marks)


def caption_text(diagram: Diagram, writer: Writer, context: Context) -> str:
    """The caption in ``writer``'s language and form (HTML or plain text), "" if it has none."""
    caption, line = diagram.caption, diagram.caption_line
    if not caption:
        return ""
    position = diagram.example.position(diagram.after)
    cards = [(s, card) for s in diagram.marks if (card := position.card_at(s)) is not None]
    marked = writer.join([writer.card_at(card, s) for s, card in cards])
    params = {
        "code": writer.code(diagram.example.code),
        "after": writer.number(diagram.after),
        "marked": marked,
    }
    if CAPTION_KEY.fullmatch(caption):
        if not writer.has_text(caption):
            raise SourceError(f"caption: the {writer.lang!r} catalog has no message {quoted(caption)}",
                              line)
        try:
            return writer.text(caption, **params)
        except HalfMoonError as error:
            raise SourceError(f"caption: {engine_error(error, writer.lang)}", line) from None
    template = escape(caption, quote=False) if writer.html else caption
    return replace_inserts(template, line, writer, context.with_extra(params))


def figure_html(diagram: Diagram, context: Context) -> str:
    """The diagram, its caption and its text alternative, as one ``<figure>``."""
    lang, id_prefix = context.lang, diagram.id_prefix
    html_writer = context.writer()
    caption_html = caption_text(diagram, html_writer, context)
    caption_plain = caption_text(diagram, html_writer.as_text(), context)
    position = diagram.example.position(diagram.after)
    # A source both just emptied and marked for the next move shows as marked only.
    removed = tuple(source for source in diagram.example.move(diagram.after).sources
                    if source not in diagram.marks) if diagram.after else ()
    items = text_alternative_items(position, lang, marks=diagram.marks, removed=removed)
    try:
        # Drawn with a class for each suit's colour whatever the site's palette, so that the
        # reader's Four-colour deck setting reaches every diagram (halfmoon.css); the site's
        # palette is what a reader who has chosen nothing sees (the box's data-deck).
        svg = render_svg(position, lang=lang, marks=diagram.marks, removed=removed,
                         id_prefix=id_prefix, title=caption_plain or None, alternative=items,
                         palette="four")
    except HalfMoonError as error:  # the caption, as the drawing's title, is no XML text
        raise SourceError(f"caption: {engine_error(error, lang)}", diagram.caption_line) from None
    summary = html_writer.text("docs.diagram.description")
    listed = "\n".join(f"<li>{escape(item)}</li>" for item in items)
    return (
        f'<figure class="hm-figure" id="{id_prefix}-figure">\n'
        # The box has the diagram's proportions, so it takes the diagram's height before the
        # browser draws it (halfmoon.css: content-visibility), and nothing under it moves.
        f'<div class="hm-diagram-box" data-deck="{context.palette}" style="aspect-ratio: {WIDTH} / {HEIGHT}">'
        f"{svg}</div>\n"
        + (f"<figcaption>{caption_html}</figcaption>\n" if caption_html else "")
        + f'<details class="hm-text-alternative">\n<summary>{summary}</summary>\n'
        f'<ul lang="{escape(lang)}">\n{listed}\n</ul>\n</details>\n</figure>'
    )


def tip_html(block: Block, context: Context) -> str:
    """A tip's two diagrams where it decides a game: the tempting move marked, then the right one."""
    line = block.line_of("player")
    try:
        found = context.strategy_figures().player(block.options["player"]).example
    except SourceError as error:
        raise error.at(line) from None
    if found is None:
        raise SourceError("halfmoon-tip: the figures hold no example for "
                          f"{quoted(block.options['player'])}", line)
    example = context.loader.inline(str(found.code), " ".join(str(move) for move in found.before))
    after = len(found.before)
    figures = [
        figure_html(Diagram(example, after, move.sources, f"docs.strategy.{which}", block.line,
                            f"hm{block.line}-{which}"), context)
        for which, move in (("tempting", found.tempting), ("right", found.right))
    ]
    writer = context.writer()
    code = writer.code(found.code)
    where = (writer.plural("diagram.title.after", after, code=code) if after
             else writer.text("diagram.title.dealt", code=code))
    return (f'<div class="hm-tip">\n<p class="hm-tip-deal">{where}</p>\n' + "\n".join(figures)
            + "\n</div>")


def moves_table_html(example: Example, writer: Writer) -> str:
    """Every move: number, notation, words, and the score and cards left after it."""
    head = "".join(
        f'<th scope="col">{writer.text(key)}</th>'
        for key in ("docs.table.number", "docs.table.notation", "docs.table.words",
                    "game.info.score", "docs.table.left")  # the score as the game's info bar names it
    )
    rows = []
    for number, move in enumerate(example.record.moves, start=1):
        removed = example.removed(number)
        position = example.position(number)
        rows.append(
            f'<tr><th scope="row">{writer.number(number)}</th>'
            f'<td><code dir="ltr">{escape(str(move))}</code></td>'
            f"<td>{writer.move_words(removed)}</td>"
            f"<td>{writer.number(position.score)}</td>"
            f"<td>{writer.number(position.cards_left())}</td></tr>"
        )
    caption = writer.text("docs.table.caption", code=writer.code(example.code))
    return boxed_table(
        f'<table class="hm-moves">\n<caption>{caption}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>",
        "hm-long-table")


def stepper_html(example: Example) -> str:
    """The mount point of the game's step-through viewer (it reads the page's language)."""
    moves = " ".join(str(move) for move in example.record.moves)
    return (
        f'<div class="hm-stepper" data-code="{escape(str(example.code))}" '
        f'data-record="{escape(moves)}"></div>'
    )


@dataclass(frozen=True)
class BlockKind(Syntax):
    """One block kind: what it accepts (``Syntax``) and how it is drawn."""

    render: Callable[[Block, Context], str]


def _diagram(block: Block, context: Context) -> str:
    return figure_html(resolve_diagram(block, example_of(block, context)), context)


def _moves(block: Block, context: Context) -> str:
    return moves_table_html(example_of(block, context), context.writer())


def _stepper(block: Block, context: Context) -> str:
    return stepper_html(example_of(block, context))


def _chart(block: Block, context: Context) -> str:
    return chart_html(context)


def _lookup(block: Block, context: Context) -> str:
    return lookup_html(context, block.line)


def _facts(block: Block, context: Context) -> str:
    return facts_html(context)


def _strategy(block: Block, context: Context) -> str:
    return table_html(context.strategy_figures(), context.writer())


GAME_KEYS = ("record", "code", "moves")
# In this order in the error that names them all. The winnability chart and the lookup (the
# Deal codes page), the quick facts and the Strategy page's table show no game and take no
# keys; a tip's two diagrams come from the strategy figures.
BLOCKS: dict[str, BlockKind] = {
    "halfmoon": BlockKind((*GAME_KEYS, "after", "mark", "caption"), needs_one_game, _diagram),
    "halfmoon-moves": BlockKind(GAME_KEYS, needs_one_game, _moves),
    "halfmoon-stepper": BlockKind(GAME_KEYS, needs_one_game, _stepper),
    "halfmoon-chart": BlockKind((), no_check, _chart),
    "halfmoon-lookup": BlockKind((), no_check, _lookup),
    "halfmoon-facts": BlockKind((), no_check, _facts),
    "halfmoon-strategy": BlockKind((), no_check, _strategy),
    "halfmoon-tip": BlockKind(("player",), needs_player, tip_html),
}
