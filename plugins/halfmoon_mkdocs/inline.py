"""The ``{{hm …}}`` inserts of running text: a card, a move in words, a count…

An insert is ``{{hm NAME ARG… key=value…}}``. Each name maps to a function of the
insert's arguments, a :class:`~.words.Writer` and the page's :class:`~.context.Context`.
``inserts`` finds them (outside inline code); fenced code never reaches this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from html import escape

from halfmoon import Card, HalfMoonError, IllegalMoveError, Move, Position, parse_source
from halfmoon.errors import quoted
from halfmoon.i18n import joined_before
from halfmoon.moves import PILE_SOURCES

from .catalogs import engine_error
from .context import Context
from .errors import SourceError
from .examples import Example, whole_number
from .inserts import find_inserts
from .strategy import insert_words
from .winnability import deal_link, undecided_sentences
from .words import Writer


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple[str, ...]
    options: dict[str, str]

    def arg(self, index: int, what: str) -> str:
        if index >= len(self.args):
            raise SourceError(f"{{{{hm {self.name}}}}} needs {what}")
        return self.args[index]

    def check(self, count: int, options: AbstractSet[str] = frozenset()) -> None:
        if len(self.args) > count:
            raise SourceError(f"{{{{hm {self.name}}}}} takes {count} argument(s), got "
                              f"{quoted(' '.join(self.args))}")
        unknown = set(self.options) - options - {"record"}
        if unknown:
            raise SourceError(f"{{{{hm {self.name}}}}} has no option {quoted(sorted(unknown)[0])}")


MAX_INSERT = 500  # characters between {{hm and }}: far more than any insert needs


def parse_call(body: str) -> Call:
    if len(body) > MAX_INSERT:
        raise SourceError(f"insert {quoted(body.strip())} is longer than {MAX_INSERT} characters")
    words = body.split()
    if not words:
        raise SourceError("empty insert {{hm}}: name what to write, e.g. {{hm move 1}}")
    args, options = [], {}
    for word in words[1:]:
        if "=" in word:
            key, _, value = word.partition("=")
            if not key or not value:
                raise SourceError(f"insert {quoted(body.strip())}: option {quoted(word)} needs a "
                                  "name and a value")
            if key in options:
                raise SourceError(f"insert {quoted(body.strip())}: option {quoted(key)} is given twice")
            options[key] = value
        else:
            args.append(word)
    return Call(words[0], tuple(args), options)


def replace_inserts(text: str, first_line: int, writer: Writer, context: Context,
                    errors: list[SourceError] | None = None) -> str:
    """Replace every insert of ``text``; errors carry their line in the page.

    Without ``errors`` the first error is raised; with it, each is added there and the
    insert that caused it is left as written.
    """
    pieces, last = [], 0
    for found in find_inserts(text, first_line):
        try:
            if found.error is not None:
                raise found.error
            unfit = unfit_place(text, found.start)
            if unfit is not None:
                raise SourceError(f"an insert cannot stand {unfit}: what it writes is marked-up "
                                  "text (on right-to-left pages an isolated <bdi>); write the value "
                                  "itself there")
            rendered = render_insert(parse_call(found.body), writer, context)
        except SourceError as error:
            if errors is None:
                raise error.at(found.line) from None
            errors.append(error.at(found.line))
            continue
        pieces += [joined_before(text[last:found.start], rendered), rendered]
        last = found.end
        if text.startswith(".", last) and _ENDS_WITH_STOP.search(rendered):
            last += 1  # "… 3 декабря 2026 г." ends the sentence: no second stop after it
    pieces.append(text[last:])
    return "".join(pieces)


_ENDS_WITH_STOP = re.compile(r"\.(?:</[a-z]+>|[\u2066-\u2069])*$")


LOOK_BACK = 4096  # characters before an insert searched for the link or tag it stands in


def unfit_place(text: str, start: int) -> str | None:
    """Where an insert at ``start`` stands if that is a place for a value, not for text: an HTML
    tag (its attributes), a link's address, an image's text or an attribute list; else None."""
    head = text[max(0, start - LOOK_BACK):start]
    head = head[head.rfind("\n\n") + 1:]  # the paragraph so far
    tag = head.rfind("<")
    if tag >= 0 and ">" not in head[tag:] and _TAG_START.match(head, tag):
        return "inside an HTML tag"
    address = head.rfind("](")
    if address >= 0 and ")" not in head[address:]:
        return "in a link's address"
    image = head.rfind("![")
    if image >= 0 and "]" not in head[image:]:
        return "in an image's text"
    attributes = head.rfind("{")
    if attributes >= 0 and "}" not in head[attributes:]:
        return "in an attribute list"
    if _REFERENCE.match(head[head.rfind("\n") + 1:]):
        return "in a link's address"
    return None


_TAG_START = re.compile(r"</?[A-Za-z]")
_REFERENCE = re.compile(r" {0,3}\[[^\]]+\]:")  # a link reference definition: [name]: address


def render_insert(call: Call, writer: Writer, context: Context) -> str:
    handler = INSERTS.get(call.name)
    if handler is None:
        names = ", ".join(sorted(INSERTS))
        raise SourceError(f"unknown insert {{{{hm {quoted(call.name)[1:-1]}}}}} (known: {names})")
    try:
        return handler(call, writer, context)
    except HalfMoonError as error:  # a catalog message that cannot be filled, a bad source
        raise engine_error(error, writer.lang) from None


# --- the inserts ---------------------------------------------------------------------------

def _example(call: Call, context: Context) -> Example:
    return context.loader.record(call.options.get("record", context.default_record))


def _move_number(call: Call, example: Example, index: int = 0) -> int:
    return example.resolve(call.arg(index, "a move number, 'middle', 'end' or 'triple'"))


def _after(call: Call, example: Example) -> int:
    text = call.options.get("after", "0")
    return example.resolve(text, what="'after'", allow_zero=True)


def _source(text: str):
    try:
        return parse_source(text)
    except HalfMoonError as error:
        raise SourceError(str(error)) from None


def insert_code(call: Call, writer: Writer, context: Context) -> str:
    call.check(0)
    return writer.code(_example(call, context).code)


def insert_move(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    example = _example(call, context)
    return writer.move_words(example.removed(_move_number(call, example)))


def insert_uncovered(call: Call, writer: Writer, context: Context) -> str:
    """The card (or cards) a move uncovers, each with its pile: "K♣ (pile 9)"."""
    call.check(1)
    example = _example(call, context)
    number = _move_number(call, example)
    found = example.uncovered(number)
    if not found:
        raise SourceError(f"move {number} of {example.name} uncovers no card "
                          "(it takes only reserve cards, or empties its piles)")
    return writer.join([writer.card_at(card, source) for source, card in found])


def insert_notation(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    example = _example(call, context)
    return writer.notation(example.move(_move_number(call, example)))


def insert_sum(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    example = _example(call, context)
    return writer.sum_words([card for _, card in example.removed(_move_number(call, example))])


def _tally(attribute: str, noun: str) -> Callable[[Call, Writer, Context], str]:
    def insert(call: Call, writer: Writer, context: Context) -> str:
        call.check(1, {"case"})
        example = _example(call, context)
        after = example.resolve(call.args[0] if call.args else "end", allow_zero=True)
        return writer.count(getattr(example.position(after), attribute), noun,
                            call.options.get("case"))

    insert.__doc__ = f"The {noun} after a move, with its plural."
    return insert


def insert_top(call: Call, writer: Writer, context: Context) -> str:
    call.check(1, {"after"})
    example = _example(call, context)
    source = _source(call.arg(0, "a pile or a slot"))
    card = example.position(_after(call, example)).card_at(source)
    if card is None:
        raise SourceError(f"{source} is empty at that point of the game")
    return writer.card(card)


def insert_size(call: Call, writer: Writer, context: Context) -> str:
    call.check(1, {"after", "case"})
    example = _example(call, context)
    source = _source(call.arg(0, "a pile or a slot"))
    return writer.count(example.position(_after(call, example)).count(source), "cards",
                        call.options.get("case"))


def insert_source(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    return writer.source(_source(call.arg(0, "a pile or a slot")))


def insert_card(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    text = call.arg(0, "a card in machine notation, such as QH")
    try:
        return writer.card(Card.parse(text))
    except (HalfMoonError, ValueError) as error:
        raise SourceError(f"{quoted(text)} is not a card: {error}") from None


def insert_count(call: Call, writer: Writer, context: Context) -> str:
    call.check(2, {"case"})
    number = whole_number(call.arg(0, "a number"), "{{hm count}}:")
    return writer.count(number, call.arg(1, "what is counted, such as cards"),
                        call.options.get("case"))


def _card_list(cards: list[Card], writer: Writer) -> str:
    return writer.join([writer.card(card) for card in cards])


def insert_tops(call: Call, writer: Writer, context: Context) -> str:
    call.check(0)
    layout = _example(call, context).code.layout()
    return _card_list([pile[-1] for pile in layout.piles], writer)


def insert_reserve(call: Call, writer: Writer, context: Context) -> str:
    call.check(0)
    return _card_list(list(_example(call, context).code.layout().reserve), writer)


def insert_pile(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    source = _source(call.arg(0, "a pile number"))
    if source not in PILE_SOURCES:
        raise SourceError(f"{{{{hm pile}}}} takes a pile from 1 to 12, not {source}")
    layout = _example(call, context).code.layout()
    return _card_list(list(layout.piles[PILE_SOURCES.index(source)]), writer)


MISMATCHES = ("sum", "face", "rank")


def insert_mismatch(call: Call, writer: Writer, context: Context) -> str:
    """Two cards of the starting deal that do not combine (for the taps section)."""
    call.check(1)
    kind = call.arg(0, f"one of {', '.join(MISMATCHES)}")
    if kind not in MISMATCHES:
        raise SourceError(f"{{{{hm mismatch}}}}: {quoted(kind)} is not one of {', '.join(MISMATCHES)}")
    example = _example(call, context)
    start = example.position(0)
    playable = list(start.playable().items())
    for i, (first_source, first) in enumerate(playable):
        for second_source, second in playable[i + 1:]:
            if _mismatch_kind(start, (first_source, first), (second_source, second)) == kind:
                return writer.move_words([(first_source, first), (second_source, second)])
    raise SourceError(f"the starting deal of {example.name} has no mismatch of kind {kind!r}")


def _mismatch_kind(position: Position, first: tuple[str, Card], second: tuple[str, Card]
                   ) -> str | None:
    """Which of MISMATCHES two playable cards are, as the engine's rules tell (None: they pair)."""
    try:
        position.check(Move.of(first[0], second[0]))
    except IllegalMoveError as error:
        faces = first[1].is_face + second[1].is_face
        if error.kind == "sum":
            return "sum"
        if error.kind == "face_pair" and faces == 1:
            return "face"
        if error.kind == "face_pair" and faces == 2 and first[1].rank == second[1].rank:
            return "rank"
    return None


def insert_stat(call: Call, writer: Writer, context: Context) -> str:
    call.check(1, {"case", "form"})
    return context.stats.render(call.arg(0, "the name of a figure"), writer,
                                call.options.get("case"), call.options.get("form"))


MAX_LOST_SHOWN = 20


def insert_lost(call: Call, writer: Writer, context: Context) -> str:
    """The first N lost deals of the figures, each a link that opens it in the game."""
    call.check(1)
    count = whole_number(call.arg(0, "how many lost deals to show"), "{{hm lost}}:")
    if not 1 <= count <= MAX_LOST_SHOWN:
        raise SourceError(f"{{{{hm lost}}}} shows 1 to {MAX_LOST_SHOWN} deals, not {count}")
    context.stats.check_published()  # the list the page shows is the one the files hold
    codes = context.stats.lost_deals()[:count]
    return writer.join([deal_link(writer, code) for code in codes])


def insert_undecided_deals(call: Call, writer: Writer, context: Context) -> str:
    """The deals the run left undecided and what was tried on them, or that there were none."""
    call.check(0)
    return undecided_sentences(writer, context.stats.undecided_deals())


def insert_lost_list(call: Call, writer: Writer, context: Context) -> str:
    """A link to the file of every lost deal; the link's text is the insert's words."""
    if not call.args:
        raise SourceError("{{hm lost_list}} needs the link's words, e.g. {{hm lost_list the full list}}")
    if call.options:
        raise SourceError("{{hm lost_list}} takes words only, no options")
    if "lost" not in context.files:
        raise SourceError("{{hm lost_list}}: the page has no address for the lost deals' file")
    context.stats.check_published()
    return f'<a href="{escape(context.files["lost"])}">{escape(" ".join(call.args), quote=False)}</a>'


def insert_strategy(call: Call, writer: Writer, context: Context) -> str:
    call.check(1)
    return insert_words(context.strategy_figures(), call.arg(0, "a player's name, perfect or deals"), writer)


def insert_extra(name: str) -> Callable[[Call, Writer, Context], str]:
    def insert(call: Call, writer: Writer, context: Context) -> str:
        call.check(0)
        if name not in context.extra:
            raise SourceError(f"{{{{hm {name}}}}} can only be used in a diagram's caption")
        return context.extra[name]

    return insert


INSERTS: dict[str, Callable[[Call, Writer, Context], str]] = {
    "code": insert_code,
    "move": insert_move,
    "uncovered": insert_uncovered,
    "notation": insert_notation,
    "sum": insert_sum,
    "score": _tally("score", "points"),
    "moves": _tally("move_count", "moves"),
    "pairs": _tally("pairs", "pairs"),
    "triples": _tally("triples", "triples"),
    "top": insert_top,
    "size": insert_size,
    "source": insert_source,
    "card": insert_card,
    "count": insert_count,
    "tops": insert_tops,
    "reserve": insert_reserve,
    "pile": insert_pile,
    "mismatch": insert_mismatch,
    "stat": insert_stat,
    "lost": insert_lost,
    "strategy": insert_strategy,
    "lost_list": insert_lost_list,
    "undecided_deals": insert_undecided_deals,
    "marked": insert_extra("marked"),
    "after": insert_extra("after"),
}
