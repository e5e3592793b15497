"""The ``{{hm …}}`` inserts of running text: a card, a move in words, a count…

An insert is ``{{hm NAME ARG… key=value…}}``. Each name maps to a function of the
example game, the insert's arguments and a :class:`~.words.Writer`. Inline code and
fenced code are left alone (the caller hands us prose only, with inline code masked).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from halfmoon import Card, HalfMoonError, parse_source
from halfmoon.moves import PILE_SOURCES

from .errors import SourceError
from .examples import Example, ExampleLoader
from .stats import Stats
from .words import Writer

INSERT = re.compile(r"\{\{hm(?:\s+(?P<body>[^{}]*?))?\s*\}\}")
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", re.S)


@dataclass
class InsertContext:
    """What an insert may refer to: the records, the default example, a block's marks."""

    loader: ExampleLoader
    default_record: str
    stats: Stats
    extra: Mapping[str, str] = field(default_factory=dict)


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
                              f"{' '.join(self.args)!r}")
        unknown = set(self.options) - options - {"record"}
        if unknown:
            raise SourceError(f"{{{{hm {self.name}}}}} has no option {sorted(unknown)[0]!r}")


def parse_call(body: str) -> Call:
    words = body.split()
    if not words:
        raise SourceError("empty insert {{hm}}: name what to write, e.g. {{hm move 1}}")
    args, options = [], {}
    for word in words[1:]:
        if "=" in word:
            key, _, value = word.partition("=")
            if not key or not value:
                raise SourceError(f"insert {body!r}: option {word!r} needs a name and a value")
            options[key] = value
        else:
            args.append(word)
    return Call(words[0].lower(), tuple(args), options)


def replace_inserts(text: str, first_line: int, writer: Writer, context: InsertContext) -> str:
    """Replace every insert in a prose segment; errors carry their line in the page."""
    masked = _CODE_SPAN.sub(lambda m: "\0" * len(m.group()), text)
    pieces, last = [], 0
    for match in INSERT.finditer(masked):
        line = first_line + text.count("\n", 0, match.start())
        try:
            rendered = render_insert(parse_call(match["body"] or ""), writer, context)
        except SourceError as error:
            raise error.at(line) from None
        pieces += [text[last:match.start()], rendered]
        last = match.end()
    pieces.append(text[last:])
    return "".join(pieces)


def render_insert(call: Call, writer: Writer, context: InsertContext) -> str:
    handler = INSERTS.get(call.name)
    if handler is None:
        names = ", ".join(sorted(INSERTS))
        raise SourceError(f"unknown insert {{{{hm {call.name}}}}} (known: {names})")
    return handler(call, writer, context)


# --- the inserts ---------------------------------------------------------------------------

def _example(call: Call, context: InsertContext) -> Example:
    return context.loader.record(call.options.get("record", context.default_record))


def _move_number(call: Call, example: Example, index: int = 0) -> int:
    return example.resolve(call.arg(index, "a move number, 'middle' or 'end'"))


def _after(call: Call, example: Example) -> int:
    text = call.options.get("after", "0")
    return example.resolve(text, what="'after'", allow_zero=True)


def _source(text: str):
    try:
        return parse_source(text)
    except HalfMoonError as error:
        raise SourceError(str(error)) from None


def insert_code(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(0)
    return writer.code(_example(call, context).code)


def insert_move(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1)
    example = _example(call, context)
    return writer.move_words(example.removed(_move_number(call, example)))


def insert_notation(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1)
    example = _example(call, context)
    return writer.notation(example.move(_move_number(call, example)))


def insert_sum(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1)
    example = _example(call, context)
    return writer.sum_words([card for _, card in example.removed(_move_number(call, example))])


def _tally(attribute: str, noun: str) -> Callable[[Call, Writer, InsertContext], str]:
    def insert(call: Call, writer: Writer, context: InsertContext) -> str:
        call.check(1, {"case"})
        example = _example(call, context)
        after = example.resolve(call.args[0] if call.args else "end", allow_zero=True)
        return writer.count(getattr(example.position(after), attribute), noun,
                            call.options.get("case"))

    insert.__doc__ = f"The {noun} after a move, with its plural."
    return insert


def insert_top(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1, {"after"})
    example = _example(call, context)
    source = _source(call.arg(0, "a pile or a slot"))
    card = example.position(_after(call, example)).card_at(source)
    if card is None:
        raise SourceError(f"{source} is empty at that point of the game")
    return writer.card(card)


def insert_size(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1, {"after", "case"})
    example = _example(call, context)
    source = _source(call.arg(0, "a pile or a slot"))
    return writer.count(example.position(_after(call, example)).count(source), "cards",
                        call.options.get("case"))


def insert_source(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1)
    return writer.source(_source(call.arg(0, "a pile or a slot")))


def insert_card(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1)
    text = call.arg(0, "a card in machine notation, such as QH")
    try:
        return writer.card(Card.parse(text))
    except (HalfMoonError, ValueError) as error:
        raise SourceError(f"{text!r} is not a card: {error}") from None


def insert_count(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(2, {"case"})
    number = call.arg(0, "a number")
    if not number.isdigit():
        raise SourceError(f"{{{{hm count}}}}: {number!r} is not a whole number")
    return writer.count(int(number), call.arg(1, "what is counted, such as cards"),
                        call.options.get("case"))


def _card_list(cards: list[Card], writer: Writer) -> str:
    return writer.text("docs.list.separator").join(writer.card(card) for card in cards)


def insert_tops(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(0)
    layout = _example(call, context).code.layout()
    return _card_list([pile[-1] for pile in layout.piles], writer)


def insert_reserve(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(0)
    return _card_list(list(_example(call, context).code.layout().reserve), writer)


def insert_pile(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1)
    source = _source(call.arg(0, "a pile number"))
    if source not in PILE_SOURCES:
        raise SourceError(f"{{{{hm pile}}}} takes a pile from 1 to 12, not {source}")
    layout = _example(call, context).code.layout()
    return _card_list(list(layout.piles[PILE_SOURCES.index(source)]), writer)


MISMATCHES = ("sum", "face", "rank")


def insert_mismatch(call: Call, writer: Writer, context: InsertContext) -> str:
    """Two cards of the starting deal that do not combine (for the taps section)."""
    call.check(1)
    kind = call.arg(0, f"one of {', '.join(MISMATCHES)}")
    if kind not in MISMATCHES:
        raise SourceError(f"{{{{hm mismatch}}}}: {kind!r} is not one of {', '.join(MISMATCHES)}")
    example = _example(call, context)
    playable = list(example.position(0).playable().items())
    for i, (first_source, first) in enumerate(playable):
        for second_source, second in playable[i + 1:]:
            if _is_mismatch(kind, first, second):
                return writer.move_words([(first_source, first), (second_source, second)])
    raise SourceError(f"the starting deal of {example.name} has no mismatch of kind {kind!r}")


def _is_mismatch(kind: str, first: Card, second: Card) -> bool:
    if kind == "sum":
        return not first.is_face and not second.is_face and first.rank + second.rank != 11
    if kind == "face":
        return not first.is_face and second.is_face
    return first.is_face and second.is_face and first.rank == second.rank


def insert_stat(call: Call, writer: Writer, context: InsertContext) -> str:
    call.check(1, {"case"})
    return context.stats.render(call.arg(0, "the name of a figure"), writer,
                                call.options.get("case"))


def insert_extra(name: str) -> Callable[[Call, Writer, InsertContext], str]:
    def insert(call: Call, writer: Writer, context: InsertContext) -> str:
        call.check(0)
        if name not in context.extra:
            raise SourceError(f"{{{{hm {name}}}}} can only be used in a diagram's caption")
        return context.extra[name]

    return insert


INSERTS: dict[str, Callable[[Call, Writer, InsertContext], str]] = {
    "code": insert_code,
    "move": insert_move,
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
    "marked": insert_extra("marked"),
    "after": insert_extra("after"),
}
