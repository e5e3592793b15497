"""Generate the shared test vectors in ``tests/data/`` from this engine.

    python -m halfmoon.corpus tests/data      (or: python3 dev.py corpus)

The browser game's engine is checked against these files (in Node and in Chromium), so Python
and JavaScript agree on deals, deal codes, every tap's outcome, undo and record replay; the
game's board against ``layout.jsonl`` (where each source is drawn, where each arrow key leads),
the game's words (docs/assets/game/i18n.js) against ``words.jsonl``: lists, cards, "card
from pile 3", plurals, in every language, as the pages and diagrams write them; and the browser's
solver (docs/assets/game/solver.js) against ``solver.jsonl``: positions and budgets, with the
verdict, the positions expanded and the winning line of halfmoon/solver/search.py.
Each file is JSON Lines: one case per line, so that a change shows in a diff. The first line
says how the file was made. Generation is deterministic: running it twice gives identical files.
"""

from __future__ import annotations

import base64
import gzip
import io
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from .dealcode import DEAL_COUNT, LOOK_ALIKES, TRIMMED, DealCode, splitmix64
from .errors import DealCodeError, HalfMoonError, RecordError
from .files import write_atomic
from .game import Game, TapResult
from .layout import ARC, GRID_COLUMNS, KEYS, grid_place, key_target
from .moves import SOURCES, Move
from .position import Position
from .record import Record

SEED = 2026
Case = dict[str, object]


def deals() -> Iterator[Case]:
    rng = random.Random(SEED)
    numbers = [*range(20), DEAL_COUNT - 1, *(rng.randrange(DEAL_COUNT) for _ in range(30))]
    words = splitmix64(0)
    yield {"splitmix64_from_0": [f"0x{next(words):016x}" for _ in range(5)]}
    for code in map(DealCode, numbers):
        layout = code.layout()
        yield {
            "code": str(code),
            "number": code.number,
            "piles": [[str(card) for card in pile] for pile in layout.piles],
            "reserve": [str(card) for card in layout.reserve],
        }


CODE_INPUTS = [
    "HM1-N-AAAAAAB", " hm1-n-aaaaaab ", "\tHM1-N-ZZZZZZZ\n", "hM1-n-AbCdEfG", "HM1-N-AAAAAAA",
    "", "   ", "XM1-N-AAAAAAB", "H", "HM", "HM2-N-AAAAAAB", "HM-N-AAAAAAB", "HM12-N-AAAAAAB",
    "HM1N-AAAAAAB", "HM1-X-AAAAAAB", "HM1-NN-AAAAAAB", "HM1-N-AAAAAA", "HM1-N-AAAAAABB",
    "HM1-N-AAAA1AB", "HM1-N-AAAAAA!", "HM1-N-ÀAAAAAB", "HM1-N", "HM1-N-", "HM1-N-AAAAAAB-C",
    "HM1--AAAAAAB", "<script>", "HM1-N-AAA AAAB", "HM1 -N-AAAAAAB", "hm1-n-zzzzzzz",
    # Non-ASCII that Unicode case folding would turn into Latin letters: errors, never letters.
    "hm1-n-aaaaaß", "HM1-N-AAAAAAſ", "hm1-n-aaaaaaı", "HM1-N-AAAAAﬀ", "ＨＭ1-N-AAAAAAB",
    "HM1-N-AAAAAAＢ", "HM1-N-AAAAAA\u0130", "HM1-N-AAAA\U0001d538AB", "HM1\u2011N-AAAAAAB",
    "HM1-N-AAAAAAB\u200c", "\u180eHM1-N-AAAAAAB", "HM1-N-AAAAAAB\u2060", "HM1-N-AAA\u00a0AAAB",
    # Separators of SPEC §4.2: spaces, dashes of any kind, both; seven letters alone.
    "hm1 n aaaaaae", "HM1\u2013N\u2013AAAAAAB", "HM1 \u2014 N \u2014 AAAAAAB", "HM1\u2212N\u2010AAAAAAB",
    "HM1\u2012N\u2015AAAAAAB", "HM1\u00a0N\u3000AAAAAAB", "HM1 - N-AAAAAAB", "AAAAAAF", "zzzzzzz",
    " aaaaaab ", "AAAAAA", "AAAAAAAB", "AAAAAA1", "HM1--N-AAAAAAB", "HM1 -- N-AAAAAAB", "HM1-N AAA!AAB",
    "HM1 N AAAAAA", "HM1 N\u2013AAAAAAB\u2013C", "HM 1 N AAAAAAB", "HM1\u200bN-AAAAAAB", "НМ1 Н ААААААВ",
    "ААААААВ", "HM1_N_AAAAAAB", "HM1~N-AAAAAAB",
    # Look-alikes of SPEC §4.2 (Cyrillic, Greek) and a Cyrillic letter without a twin.
    "НМ1-N-АВСЕКМН", "ΗΜ1-Ν-ΑΒΕΖΗΙΚ", "нм1-н-аваааав", "ημ1-ν-οπρτυχα", "HM1-N-AAAAAAЖ",
    "HM1-N-AAAAAAЁ", "HM1-N-AAAAAAΣ",
    # Long input: the echo in the message is cut.
    "HM1-N-" + "A" * 200,
    # Characters a message names by code point (errors.shown_char), and some it shows as they are.
    "\u2066HM1-N-AAAAAAB", "HM1-N-AAA\u2066AAB\u2069", "HM1-N-AAA\u202eAAB", "HM1-N-AAA\u200dAAB",
    "HM1-N-AAA\u00adAAB", "HM1-N-AAA\x01AAB", "HM1-N-AAA\x7fAAB", "HM1-N-AAA\x00AAB",
    "HM1-N-AAA\ue000AAB", "HM1-N-AAA\U000F0000AAB", "HM1-N-AAA\u0378AAB", "HM1-N-AAA\ufffeAAB",
    "HM1-N-AAA\u061cAAB", "HM1-N-AAA\U000E0041AAB", "HM1-N-AAA\u2060AAB",
    "HM1\u2066N-AAAAAAB", "HM1-N-AAA\u0301AAB", "HM1-N-AAA\U0001F600AAB", "HM1-N-AAAßAAB",
    "HM1-N-AAA\u3164AAB", "HM1-N-AAA\u115fAAB",
]


def codes() -> Iterator[Case]:
    yield {"trimmed": [f"U+{ord(char):04X}" for char in TRIMMED]}
    yield {"look_alikes": {chr(key): chr(value) for key, value in sorted(LOOK_ALIKES.items())}}
    inputs = list(CODE_INPUTS)
    for char in TRIMMED:  # each trimmed character at both ends is ignored, inside it is an error
        inputs += [f"{char}HM1-N-AAAAAAB{char}", f"HM1-N-AAA{char}AAAB"]
    for char in sorted(map(chr, LOOK_ALIKES)):
        inputs.append(f"HM1-N-AAAAAA{char}")
    for text in inputs:
        try:
            code = DealCode.parse(text)
        except DealCodeError as error:
            yield {"input": text, "kind": error.kind, "position": error.position, "char": error.char}
        else:
            yield {"input": text, "code": str(code), "number": code.number}


def _state(game: Game) -> Case:
    return {
        "selection": list(game.selection),
        "dimmed": [s for s in SOURCES if s in game.dimmed()],
        "score": game.score,
        "move_count": game.move_count,
        "won": game.won,
        "deadlocked": game.deadlocked,
        "can_undo": game.can_undo,
    }


def _tap_result(result: TapResult) -> Case:
    """The TapResult's fields, in the shape engine.js returns them (cards in machine notation)."""
    return {
        "removed": list(result.removed),
        "cards": [str(card) for card in result.cards],
        "error": result.error,
        "replaced": result.replaced,
        "result_selection": list(result.selection),
    }


# Taps that are not canonical sources: read like parse_source, or refused in both engines.
TAP_SPELLINGS = ["r1", " R8 ", "12", "13", "R9", "", "1+2", "r", "0"]


def _tap_game(number: int, code: DealCode, rng: random.Random, steps: int, undo_limit: int) -> Iterator[Case]:
    game = Game(code, undo_limit=undo_limit)
    yield {"game": number, "code": str(code), "undo_limit": undo_limit}
    planned: list[str] = []
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.08:
            put_back = game.undo()
            yield {"game": number, "undo": True, "put_back": [str(c) for c in put_back], **_state(game)}
            planned.clear()
            continue
        if roll > 0.97:
            spelling = rng.choice(TAP_SPELLINGS)
            try:
                result = game.tap(spelling)
            except HalfMoonError:
                yield {"game": number, "tap": spelling, "raises": "InvalidSourceError", **_state(game)}
                continue
            yield {"game": number, "tap": spelling, **_tap_result(result), **_state(game)}
            planned.clear()
            continue
        if not planned and roll < 0.55:
            legal = game.position.legal_moves()
            if legal:
                move = rng.choice(legal)
                planned = list(move.sources)
                rng.shuffle(planned)
        source = planned.pop(0) if planned else rng.choice(SOURCES)
        result = game.tap(source)
        if result.removed or result.error:
            planned.clear()
        yield {"game": number, "tap": source, **_tap_result(result), **_state(game)}


def taps() -> Iterator[Case]:
    rng = random.Random(SEED + 1)
    numbers = [1, 2, 3, 7, *(rng.randrange(DEAL_COUNT) for _ in range(8))]
    for index, n in enumerate(numbers):
        yield from _tap_game(index, DealCode(n), rng, steps=160, undo_limit=3 if n % 4 == 3 else 100)


def records() -> Iterator[Case]:
    rng = random.Random(SEED + 2)
    texts: list[tuple[str, str]] = []
    for n in range(6):
        game = Game(DealCode(rng.randrange(DEAL_COUNT)))
        while legal := game.position.legal_moves():
            move = rng.choice(legal)
            sources = list(move.sources)
            rng.shuffle(sources)
            game.play("+".join(sources))
        texts.append((f"random-{n}", f"# a random game\n{game.record_text()}"))
    base = Game(DealCode(1))
    legal = base.position.legal_moves()
    first = legal[0]
    texts += [
        ("empty", ""),
        ("comment-only", "# nothing here\n"),
        ("bad-code", "HM1-N-AAAA1AB 1+2"),
        ("bad-token", f"HM1-N-AAAAAAB\n{first} 1+\n"),
        ("unknown-source", "HM1-N-AAAAAAB 1+13"),
        ("one-card", "HM1-N-AAAAAAB R1"),
        ("four-cards", "HM1-N-AAAAAAB 1+2+3+4"),
        ("repeated", "HM1-N-AAAAAAB 3+3"),
        ("bad-sum", "HM1-N-AAAAAAB\n  # first move\n  1+2"),
        ("face-pair", "HM1-N-AAAAAAB 6+1"),
        ("not-jqk", "HM1-N-AAAAAAB 6+10+R2"),
        ("empty-slot", "HM1-N-AAAAAAB 3+R1 R7+R8 R1+R6"),
        ("lower-case", "hm1-n-aaaaaab r7+r8\tr1+3"),
        ("byte-order-mark", "\ufeffHM1-N-AAAAAAB R7+R8"),
        ("long-token", "HM1-N-AAAAAAB 1+" + "9" * 300),
        ("look-alike-code", "НМ1-N-ААААААВ R7+R8"),
        ("non-ascii-code", "hm1-n-aaaaaß"),
    ]
    for name, text in texts:
        entry: Case = {"name": name, "text": text}
        try:
            position = Record.parse(text, name).replay()
        except RecordError as error:
            entry["error"] = {
                "move_number": error.move_number,
                "line": error.line,
                "column": error.column,
                "kind": error.kind,
                "message": str(error),
                "reason": error.reason,
            }
        else:
            entry["result"] = {
                **position.to_json(),
                "move_count": position.move_count,
                "score": position.score,
                "won": position.is_won(),
                "deadlocked": position.is_deadlocked(),
                "legal": [str(move) for move in position.legal_moves()],
            }
        yield entry


def _verdict_text(start: object, deals: object, body: str, **extra: object) -> str:
    header = {"format": "halfmoon-verdicts/1", "start": start, "deals": deals, **extra}
    if "extra" in header and not isinstance(header["extra"], dict):  # a list's nesting
        header["extra"] = [header["extra"]]
    return json.dumps(header) + "\n" + body


def _gzip(data: bytes, name: str = "", comment: bytes = b"") -> bytes:
    """One gzip member of ``data`` (no time stamp); with a name and a comment when given."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename=name, mode="wb", fileobj=buffer, mtime=0) as stream:
        stream.write(data)
    member = buffer.getvalue()
    if comment:  # FCOMMENT: gzip's module writes none, browsers' inflaters must skip it
        flags = member[3] | 0x10
        at = member.index(b"\0", 10) + 1 if member[3] & 0x08 else 10
        member = member[:3] + bytes([flags]) + member[4:at] + comment + b"\0" + member[at:]
    return member


def verdict_files() -> list[bytes]:
    """Whole verdict files' bytes, for the rules above the text: one gzip member, nothing after."""
    text = _verdict_text("HM1-N-AAAAAAK", 4, "WLUW").encode()
    one = _gzip(text)
    return [
        one,
        _gzip(text, name="verdicts.txt", comment=b"a comment"),  # optional header fields
        text,  # the text itself, as a server that decompressed it gives it
        one + _gzip(b"WW"),  # a second member (one browser joins it, another refuses)
        one + _gzip(b""),  # an empty second member
        one + b"junk",
        one + b"\0\0\0\0",  # trailing zeros (one browser ignores them)
        one + one[-8:],  # the member's own trailer again
        one[:-12],  # cut short
        one[:-4] + b"\0\0\0\0",  # a trailer that lies about the length
        b"",
        b"\xef\xbb\xbf" + text,  # a byte-order mark (a UTF-8 decoder drops it)
        _gzip(b"\xef\xbb\xbf" + text),
        _gzip(text.replace(b"AAAAAAK", "\u0410AAAAAK".encode())),  # a Cyrillic A in the start
        _gzip(text.replace(b'"deals"', b'"note": "\xe9t\xe9", "deals"')),  # Latin-1 in the header
        _gzip(text.replace(b'"deals"', b'"note": "\xc3\xa9t\xc3\xa9", "deals"')),  # UTF-8 there
    ]


def verdicts() -> Iterator[Case]:
    """Verdict files' texts (decompressed) and whole files' bytes (base64), and what the lookup
    answers for each, or that it refuses it."""
    from .solver.verdicts import VerdictFileError, Verdicts, decode, parse

    rng = random.Random(SEED)
    last = DEAL_COUNT - 1
    texts = [
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW"),
        _verdict_text("HM1-N-AAAAAAA", 1, "L"),
        _verdict_text(str(DealCode(last - 3)), 4, "UUWL"),  # ends at the last deal code
        _verdict_text(str(DealCode(last - 1)), 4, "WWWW"),  # would run past it
        _verdict_text("HM1-N-AAAAAAK", 4, "WLU?"),  # an unfinished run's file
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUx"),
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUé"),
        _verdict_text("HM1-N-AAAAAAK", 4, "WLU"),
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUWW"),
        _verdict_text("HM1-N-AAAAAAK", 0, ""),
        _verdict_text("HM1-N-AAAAAAK", -1, ""),
        _verdict_text("HM1-N-AAAAAAK", "4", "WLUW"),
        _verdict_text("HM1-N-AAAAAAK", True, "W"),
        _verdict_text("HM1-N-AAAAAAK", None, "WLUW"),
        _verdict_text("HM1-N-AAAAAA", 4, "WLUW"),
        _verdict_text(12, 4, "WLUW"),
        _verdict_text("hm1-n-aaaaaak", 4, "WLUW"),  # read as the code it spells
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW", symbols={"W": "won"}),
        '{"format": "halfmoon-verdicts/2", "start": "HM1-N-AAAAAAK", "deals": 1}\nW',
        '["halfmoon-verdicts/1"]\nW', "null\nW", "not json\nW", "WLUW", "", "\n",
        '{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAK", "deals": 1}',
        _verdict_text("HM1-N-AAAAAAK", 4.0, "WLUW"),  # a whole number written as a float
        '{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAK", "deals": 0.4e1}\nWLUW',
        _verdict_text("HM1-N-AAAAAAK", 4.5, "WLUW"),
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW", extra={"a": [[[[[[1]]]]]]}),  # nested 8 deep
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW", extra={"a": [[[[[[[1]]]]]]]}),  # 9 deep
        '{"format": "halfmoon-verdicts/1", "start": "HM1-N-AAAAAAK", "deals": 4, "a": '
        + "[" * 400 + "]" * 400 + "}\nWLUW",
        _verdict_text("HM1-N-\u0410AAAAAK", 4, "WLUW"),  # a Cyrillic A, escaped: ASCII, read
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW").replace("AAAAAAK", "\u0410AAAAAK"),  # raw: not
        "\ufeff" + _verdict_text("HM1-N-AAAAAAK", 4, "WLUW"),
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW", note="\u00e9t\u00e9"),  # escaped: ASCII
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW", note="x").replace('"x"', '"\u00e9t\u00e9"'),
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW") + "\r",
        _verdict_text("HM1-N-AAAAAAK", 4, "WLUW").replace("}\n", "}\r\n"),
    ]
    for _ in range(12):
        start = rng.randrange(DEAL_COUNT - 300)
        texts.append(_verdict_text(str(DealCode(start)), (n := rng.randrange(1, 300)),
                                   "".join(rng.choice("WLU") for _ in range(n))))
    def answers(table: Verdicts) -> Case:
        first, size = table.start.number, len(table.symbols)
        numbers = sorted(n for n in {first - 1, first, first + size - 1, first + size, 0, last,
                                     *(first + rng.randrange(size) for _ in range(5))}
                         if 0 <= n < DEAL_COUNT)
        answers = [str(table.of(DealCode(n)) or "outside") for n in numbers]
        return {"error": False, "start": first, "last": first + size - 1,
                "lookups": [[n, answer] for n, answer in zip(numbers, answers)]}

    for text in texts:
        try:
            yield {"text": text, **answers(parse(text))}
        except VerdictFileError:
            yield {"text": text, "error": True}
    for data in verdict_files():
        encoded = base64.b64encode(data).decode("ascii")
        try:
            yield {"bytes": encoded, **answers(decode(data))}
        except VerdictFileError:
            yield {"bytes": encoded, "error": True}


def solver_case(code: DealCode, moves: list[str], budget: int) -> Case:
    """What halfmoon/solver/search.py answers for the deal after ``moves`` within ``budget`` positions."""
    from .solver.search import solve

    position = Position(code)
    for move in moves:
        position.push(Move.parse(move))
    solution = solve(position, node_budget=budget, method="search")
    return {"code": str(code), "moves": moves, "budget": budget, "verdict": str(solution.status),
            "nodes": solution.nodes, "line": [str(move) for move in solution.moves]}


def _random_moves(code: DealCode, rng: random.Random, count: int) -> list[str]:
    """Up to ``count`` legal moves from the deal, each drawn at random (fewer at a deadlock)."""
    position, moves = Position(code), []
    for _ in range(count):
        legal = position.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        position.push(move)
        moves.append(str(move))
    return moves


# Openings and budgets that reach every path of the search: won at once and after restarts (over
# RESTART_UNIT positions) and after the two-kind games join in (DUO_AFTER); proved lost before
# any position (the counts, the bound, one kind alone), after a few and after thousands; the
# budget spent (0 and 1 positions included).
SOLVER_OPENINGS = [
    ("HM1-N-AAAAAAB", 5_000), ("HM1-N-AAAAAAF", 5_000), ("HM1-N-AAAAAAF", 2_000), ("HM1-N-AAAAAAF", 300),
    ("HM1-N-AAAAAAF", 0), ("HM1-N-AAAAAAB", 1), ("HM1-N-AAAAAAB", 48),
    ("HM1-N-AAAAANV", 100), ("HM1-N-AAAAADY", 100), ("HM1-N-AAAAANT", 100), ("HM1-N-AAAACHS", 5_000),
    ("HM1-N-AAAABPT", 5_000), ("HM1-N-AAAAFAF", 5_000), ("HM1-N-AAAAADF", 500),
]


def solver() -> Iterator[Case]:
    """Positions (a deal code and the moves played), each with a budget of positions, and what
    halfmoon/solver/search.py answers: verdict, positions expanded, winning line."""
    lines: dict[str, list[str]] = {}
    for text, budget in SOLVER_OPENINGS:
        case = solver_case(DealCode.parse(text), [], budget)
        if case["verdict"] == "won":
            lines[text] = case["line"]  # type: ignore[assignment]
        yield case
    rng = random.Random(SEED + 3)
    for _ in range(40):  # mid-game positions, most of them lost after random moves
        code = DealCode(rng.randrange(DEAL_COUNT))
        moves = _random_moves(code, rng, rng.randrange(1, 40))
        yield solver_case(code, moves, rng.choice([100, 1_000, 3_000]))
    for text, line in lines.items():
        code = DealCode.parse(text)
        for played in (5, 12, 20, 30):  # a winning line left after some moves, for another move
            position = Position(code)
            for move in line[:played]:
                position.push(Move.parse(move))
            others = [str(move) for move in position.legal_moves() if str(move) != line[played]]
            if others:
                yield solver_case(code, [*line[:played], rng.choice(others)], 2_000)
        for played in (24, 46, 47, 48):  # on the way of the win, to its end (nothing left: no win found)
            yield solver_case(code, line[:played], 1_000)
    code = DealCode(rng.randrange(DEAL_COUNT))  # random moves to a deadlock: no move, cards left
    yield solver_case(code, _random_moves(code, rng, 48), 1_000)


def layout() -> Iterator[Case]:
    """Every source's place in the arc and on the game's grid, and where each key leads from it
    (None: the focus stays), so a key the game moves by and the table lacks is caught too."""
    yield {"grid_columns": GRID_COLUMNS, "keys": list(KEYS)}
    for source in SOURCES:
        row, column = grid_place(source)
        yield {"source": source, "arc": list(ARC[source]), "grid": {"row": row, "column": column},
               "keys": {key: key_target(key, source) for key in KEYS}}


# The plural messages the game says, and counts that reach every category of every language
# (Arabic's 0, 1, 2, 3–10, 11–99, 100–102), within the game's numbers: under 1000, where the
# game's digit grouping (Intl.NumberFormat) and Python's plain digits would part.
GAME_PLURALS = ("docs.count.cards", "docs.count.moves", "docs.count.points", "docs.stat.search_positions")
PLURAL_COUNTS = (*range(31), *range(99, 113), 520, 999)
LISTS = [["a", "b", "c"], ["A♠", "10♣"], ["x"], [], ["J♠", "Q♥", "K♦", "5♣"]]
# Numbers as the game writes them (the coach's 200 000 positions, a backup's largest count) and
# the pages do: the browser's Intl.NumberFormat with the game's own grouping (i18n.js) and the
# pages' Babel (halfmoon/numerals.py) must agree in every language.
NUMBERS = (0, 7, 42, 999, 1000, 1234, 9999, 10000, 200000, 9007199254740991)
SENTENCES = [["One.", "Two."], ["一。", "二。"], ["x"], [], ["A.", "B.", "C."]]


def words() -> Iterator[Case]:
    """What the game's words layer must write in each language, one case for each method the
    two ``Catalog`` classes share: "A, B and C" (join), every card in letters (card, isolated as
    a sentence holds it) and in words (card_words), a card from each source (card_from),
    plurals (plural), numbers (number), sentences one after another (join_sentences)."""
    from .cards import DECK
    from .i18n import LRI, PDI, available_languages, catalog

    for lang in available_languages():
        cat = catalog(lang)
        yield {"lang": lang, "direction": cat.direction}
        lists = [*LISTS, [cat.source(source) for source in ("1", "R3", "12")],
                 ["x", f"{LRI}R3{PDI}"], [cat.isolate(source) for source in ("R1", "R2")]]
        for items in lists:
            yield {"lang": lang, "list": items, "text": cat.join(items)}
        cards = sorted(set(DECK), key=lambda card: (card.suit, card.rank))
        for card in cards:
            yield {"lang": lang, "card": [card.rank_text, card.suit], "letters": cat.isolate(cat.card(card)),
                   "words": cat.card_words(card)}
        for source, card in zip(SOURCES, cards[::2]):
            yield {"lang": lang, "card": [card.rank_text, card.suit], "from": source,
                   "text": cat.card_from(card, source)}
        for key in GAME_PLURALS:
            yield {"lang": lang, "plural": key,
                   "counts": [[count, cat.plural(key, count)] for count in PLURAL_COUNTS]}
        yield {"lang": lang, "numbers": [[value, cat.number(value)] for value in NUMBERS]}
        for sentences in SENTENCES:
            yield {"lang": lang, "sentences": sentences, "text": cat.join_sentences(sentences)}


GENERATORS = {"deals": deals, "codes": codes, "taps": taps, "records": records, "verdicts": verdicts,
              "solver": solver, "layout": layout, "words": words}
HEADER: Case = {"generated_by": "python3 dev.py corpus (halfmoon/corpus.py)"}


def write(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, generate in GENERATORS.items():
        path = directory / f"{name}.jsonl"
        lines = [_line(case) for case in (HEADER, *generate())]
        write_atomic(path, "\n".join(lines) + "\n")
        written.append(path)
    return written


def _line(case: Case) -> str:
    text = json.dumps(case, ensure_ascii=False, separators=(",", ":"))
    # Characters some readers take for line breaks are escaped, so that one line stays one case.
    return text.replace("\x85", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def load(path: Path) -> list[Case]:
    """The cases of one vector file, without its header line."""
    cases = [json.loads(line) for line in path.read_text("utf-8").split("\n") if line]
    return [case for case in cases if "generated_by" not in case]


def main(argv: list[str]) -> int:
    directory = Path(argv[0]) if argv else Path("tests/data")
    for path in write(directory):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
