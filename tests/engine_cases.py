"""Generated cases for the browser engine, and what the Python engine says about each.

The same cases run in Node (tests/test_engine_node.py) and in Chromium
(tests/test_game_engine_js_browser.py) through the functions of tests/js/cases.mjs: deal codes of
any text, games tapped source by source with undo, records with noise and odd spacing.
"""

from __future__ import annotations

from hypothesis import strategies as st

from halfmoon import DealCode, Game, Record
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.errors import DealCodeError, InvalidSourceError, RecordError
from halfmoon.moves import SOURCES

code_alphabet = st.sampled_from(
    list("HMhmN1n2-AZaz0 \t!Àé€𝔸ßﬁſıＡНМАВнΝαβЖ\u00a0\u2028\x1c\ufeff\u200b\u200c")
    # What a message names by its code point (errors.shown_char), and look-alikes of those.
    + list("\u2066\u2069\u202e\u200d\u00ad\x00\x7f\ue000\u0301\u20dd\u3164\u2800\u061c\U000e0041😀")
)
code_texts = st.one_of(
    st.text(code_alphabet, max_size=16),
    st.builds(lambda n, pad: pad + str(DealCode(n)).lower() + pad,
              st.integers(0, DEAL_COUNT - 1), st.sampled_from(["", " ", "\n", "\u3000", "\ufeff"])),
)
tap_steps = st.lists(
    st.one_of(st.sampled_from(SOURCES), st.sampled_from(["r1", " 3 ", "R8", "13", "R0"]), st.just("undo")),
    max_size=120,
)


def python_codes(texts: list[str]) -> list[dict]:
    out: list[dict] = []
    for text in texts:
        try:
            code = DealCode.parse(text)
        except DealCodeError as error:
            out.append({"kind": error.kind, "position": error.position, "char": error.char})
        else:
            out.append({"code": str(code), "number": code.number})
    return out


def python_taps(code: str, undo_limit: int, steps: list[str]) -> list[dict]:
    """What ``playTaps`` answers, step by step, as the Python engine plays it."""
    game = Game(code, undo_limit=undo_limit)
    out: list[dict] = []
    for step in steps:
        undone = [str(card) for card in game.undo()] if step == "undo" else None
        result = None
        if step != "undo":
            try:
                result = game.tap(step)
            except InvalidSourceError:
                out.append({"raises": "InvalidSourceError"})
                continue
        out.append({
            "selection": list(game.selection), "dimmed": [s for s in SOURCES if s in game.dimmed()],
            "score": game.score, "move_count": game.move_count, "won": game.won,
            "deadlocked": game.deadlocked, "can_undo": game.can_undo,
            "removed": undone if result is None else list(result.removed),
            "error": None if result is None else result.error,
            "cards": None if result is None else [str(card) for card in result.cards],
            "replaced": None if result is None else result.replaced,
        })
    return out


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    """Records with real moves, noise tokens, comments and odd spacing."""
    game = Game(DealCode(draw(st.integers(0, DEAL_COUNT - 1))))
    first = draw(st.sampled_from([str(game.code), str(game.code).lower(), "HM1-N-AAAA1AB"]))
    words = [draw(st.sampled_from(["", "\ufeff"])) + first]
    for _ in range(draw(st.integers(0, 12))):
        legal = game.position.legal_moves()
        choice = draw(st.integers(0, 9))
        if legal and choice < 7:
            move = draw(st.sampled_from(legal))
            game.play(move)
            words.append(str(move))
        else:
            words.append(draw(st.sampled_from(["1+2", "R1+R1", "3+", "13+1", "1+2+3+4", "r2+11", "5"])))
    separators = st.sampled_from([" ", "\n", "\t", "  # note\n", "\r\n", "\u00a0"])
    return "".join(word + draw(separators) for word in words)


def python_records(texts: list[str]) -> list[dict]:
    out: list[dict] = []
    for text in texts:
        try:
            position = Record.parse(text).replay()
        except RecordError as error:
            out.append({"kind": error.kind, "line": error.line, "column": error.column,
                        "move": error.move_number})
        else:
            out.append({"score": position.score, "move_count": position.move_count, **position.to_json()})
    return out
