"""The browser engine (docs/assets/game/engine.js) agrees with the Python engine.

It runs in Chromium (tests/test_engine_node.py checks the same vectors in Node): first over
the shared vectors of tests/data/ (every deal layout, deal-code
error, tap outcome and record), then on cases hypothesis generates, each compared with
``halfmoon`` directly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode, Game, Record, corpus
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.errors import DealCodeError, RecordError
from halfmoon.moves import SOURCES

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

pytestmark = pytest.mark.browser

# The check runs in the page with the same code as the Node runner (tests/js/vectors.mjs).
CHECK_VECTORS = """
async () => {
  const { checkVectors } = await import("/tests/js/vectors.mjs");
  const names = ["deals", "codes", "taps", "records"];
  const texts = Object.fromEntries(await Promise.all(
    names.map(async (name) => [name, await (await fetch(`/tests/data/${name}.jsonl`)).text()])));
  return checkVectors(window.HM, texts);
}
"""


@pytest.fixture(scope="module")
def engine_page(chromium):
    """A page served from the repository with engine.js imported as ``window.HM``."""
    from site_server import serve

    with serve(ROOT) as url:
        context = chromium.new_context()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
        page.goto(url + "tests/data/")
        page.evaluate("async () => { window.HM = await import('/docs/assets/game/engine.js'); }")
        yield page
        context.close()
        assert not errors, errors


def _cases(name: str, skip: tuple[str, ...] = ()) -> int:
    return sum(not any(key in case for key in skip) for case in corpus.load(DATA / f"{name}.jsonl"))


def test_js_engine_reproduces_every_shared_vector(engine_page):
    outcome = engine_page.evaluate(CHECK_VECTORS)
    assert outcome["bad"] == []
    # The check really walked the corpus: every entry of each file was compared.
    assert outcome["counts"] == {
        "deals": _cases("deals", ("splitmix64_from_0",)),
        "codes": _cases("codes", ("trimmed", "look_alikes")),
        "taps": _cases("taps", ("code",)),
        "records": _cases("records"),
    }


def test_js_deal_of_the_spec_example_matches_section_4_2(engine_page):
    layout = engine_page.evaluate(
        "() => { const l = HM.dealLayout(HM.parseDealCode('HM1-N-AAAAAAB').number);"
        " return {tops: l.piles.map(p => String(p[7])), reserve: l.reserve.map(String),"
        " pile1: l.piles[0].map(String)}; }"
    )
    assert layout["tops"] == "5H 5D AH 10C 2H KD QH 3D 8C QS 3H 8H".split()
    assert layout["reserve"] == "10H KH JH 10S JH AS 4D 7C".split()
    assert layout["pile1"] == "6D KH 5C AC 2H 5S 4S 5H".split()


@settings(max_examples=40)
@given(numbers=st.lists(st.integers(0, DEAL_COUNT - 1), min_size=1, max_size=5))
def test_js_deals_equal_python_deals_for_any_number(engine_page, numbers):
    got = engine_page.evaluate(
        "ns => ns.map(n => { const l = HM.dealLayout(n);"
        " return [HM.formatCode(n), l.piles.map(p => p.map(String)), l.reserve.map(String)]; })",
        numbers,
    )
    for number, (code, piles, reserve) in zip(numbers, got):
        layout = DealCode(number).layout()
        assert code == str(DealCode(number))
        assert piles == [[str(card) for card in pile] for pile in layout.piles]
        assert reserve == [str(card) for card in layout.reserve]


code_alphabet = st.sampled_from(list("HMhmN1n2-AZaz0 \t!Àé€𝔸ßﬁſıＡНМАВнΝαβЖ\u00a0\u2028\x1c\ufeff\u200b\u200c"))
code_texts = st.one_of(
    st.text(code_alphabet, max_size=16),
    st.builds(lambda n, pad: pad + str(DealCode(n)).lower() + pad,
              st.integers(0, DEAL_COUNT - 1), st.sampled_from(["", " ", "\n", "\u3000"])),
)


def _python_code(text: str) -> dict:
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        return {"kind": error.kind, "position": error.position}
    return {"code": str(code), "number": code.number}


@settings(max_examples=60)
@given(texts=st.lists(code_texts, min_size=1, max_size=10))
def test_js_deal_code_parsing_agrees_with_python_on_any_text(engine_page, texts):
    got = engine_page.evaluate(
        "ts => ts.map(t => { try { const c = HM.parseDealCode(t); return {code: c.code, number: c.number}; }"
        " catch (e) { return {kind: e.kind, position: e.position}; } })",
        texts,
    )
    assert got == [_python_code(text) for text in texts]


TAP_GAME = """
([code, undoLimit, steps]) => {
  const game = new HM.Game(code, { undoLimit });
  return steps.map(step => {
    const undone = step === "undo" ? game.undo().map(String) : null;
    const r = step === "undo" ? null : game.tap(step);
    return [[...game.selection], game.dimmed(), game.score, game.moveCount, game.won, game.deadlocked,
            game.canUndo, r ? r.removed : undone, r ? r.error : null, r ? r.cards.map(String) : null,
            r ? r.replaced : null];
  });
}
"""

steps = st.lists(
    st.one_of(st.sampled_from(SOURCES), st.sampled_from(["r1", " 3 ", "R8"]), st.just("undo")), max_size=120
)


@settings(max_examples=40)
@given(number=st.integers(0, DEAL_COUNT - 1), undo_limit=st.sampled_from([1, 2, 100]), taps=steps)
def test_js_game_follows_python_game_tap_by_tap(engine_page, number, undo_limit, taps):
    code = str(DealCode(number))
    got = engine_page.evaluate(TAP_GAME, [code, undo_limit, taps])
    game = Game(code, undo_limit=undo_limit)
    for step, state in zip(taps, got, strict=True):
        undone = [str(card) for card in game.undo()] if step == "undo" else None
        result = None if step == "undo" else game.tap(step)
        expected = [
            list(game.selection), [s for s in SOURCES if s in game.dimmed()], game.score,
            game.move_count, game.won, game.deadlocked, game.can_undo,
            undone if result is None else list(result.removed),
            None if result is None else result.error,
            None if result is None else [str(card) for card in result.cards],
            None if result is None else result.replaced,
        ]
        assert state == expected, step


@st.composite
def record_texts(draw):
    """Records with real moves, noise tokens, comments and odd spacing."""
    game = Game(DealCode(draw(st.integers(0, DEAL_COUNT - 1))))
    words = [draw(st.sampled_from([str(game.code), str(game.code).lower(), "HM1-N-AAAA1AB"]))]
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


def _python_record(text: str) -> dict:
    try:
        position = Record.parse(text).replay()
    except RecordError as error:
        return {"kind": error.kind, "line": error.line, "column": error.column, "move": error.move_number}
    return {"score": position.score, "moves": position.move_count, **position.to_json()}


@settings(max_examples=40)
@given(texts=st.lists(record_texts(), min_size=1, max_size=4))
def test_js_record_replay_agrees_with_python(engine_page, texts):
    got = engine_page.evaluate(
        "ts => ts.map(t => { try { const p = HM.replayRecord(HM.parseRecord(t));"
        " return {score: p.score, moves: p.moveCount, ...p.toJSON()}; }"
        " catch (e) { return {kind: e.kind, line: e.line, column: e.column, move: e.moveNumber}; } })",
        texts,
    )
    assert got == [_python_record(text) for text in texts]


def test_js_record_text_of_a_played_game_replays_to_the_same_position(engine_page):
    outcome = engine_page.evaluate(
        "() => { const g = new HM.Game('HM1-N-AAAAAAC');"
        " for (let i = 0; i < 10 && g.position.legalMoves().length; i++) g.play(g.position.legalMoves()[0]);"
        " return [g.recordText(), g.score]; }"
    )
    text, score = outcome
    position = Record.parse(text).replay()
    assert position.score == score and position.move_count == len(text.split()) - 1
