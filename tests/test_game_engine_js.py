"""The browser engine (docs/assets/game/engine.js) agrees with the Python engine.

It runs in Chromium: first over the shared vectors of tests/data/ (every deal layout, deal-code
error, tap outcome and record), then on cases hypothesis generates, each compared with
``halfmoon`` directly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode, Game, Record
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.errors import DealCodeError, RecordError
from halfmoon.moves import SOURCES

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

pytestmark = pytest.mark.browser

# The check runs in the page: it returns every disagreement with the vectors (empty = all agree).
CHECK_VECTORS = """
async () => {
  const E = window.HM;
  const load = async (name) => (await fetch(`/tests/data/${name}.json`)).json();
  const [deals, codes, taps, records] = await Promise.all(
    ["deals", "codes", "taps", "records"].map(load));
  const bad = [];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const next = E.splitmix64(0n);
  deals.splitmix64_from_0.forEach((hex, i) => {
    const got = "0x" + next().toString(16).padStart(16, "0");
    if (got !== hex) bad.push(`splitmix64 word ${i}: ${got} != ${hex}`);
  });
  for (const deal of deals.deals) {
    if (E.formatCode(deal.number) !== deal.code) bad.push(`code of ${deal.number}`);
    const layout = E.dealLayout(deal.number);
    if (!same(layout.piles.map((p) => p.map(String)), deal.piles)) bad.push(`piles of ${deal.code}`);
    if (!same(layout.reserve.map(String), deal.reserve)) bad.push(`reserve of ${deal.code}`);
  }
  for (const want of codes.valid) {
    try {
      const got = E.parseDealCode(want.input);
      if (got.code !== want.code || got.number !== want.number) bad.push(`code ${want.input}`);
    } catch (error) { bad.push(`valid code ${JSON.stringify(want.input)} rejected: ${error.message}`); }
  }
  for (const want of codes.invalid) {
    try { E.parseDealCode(want.input); bad.push(`invalid code ${JSON.stringify(want.input)} accepted`); }
    catch (error) {
      if (!(error instanceof E.DealCodeError) || error.kind !== want.kind || error.position !== want.position)
        bad.push(`code ${JSON.stringify(want.input)}: ${error.kind}@${error.position}, want ${want.kind}@${want.position}`);
    }
  }
  let tapsChecked = 0;
  for (const g of taps.games) {
    const game = new E.Game(g.code, { undoLimit: g.undo_limit });
    g.steps.forEach((step, i) => {
      const result = step.undo ? (game.undo(), null) : game.tap(step.tap);
      const got = { selection: game.selection, dimmed: game.dimmed(), score: game.score,
        moves: game.moves, won: game.won, deadlocked: game.deadlocked, can_undo: game.canUndo };
      if (result) { got.removed = result.removed; got.error = result.error; }
      for (const key of Object.keys(step)) {
        if (key === "tap" || key === "undo") continue;
        if (!same(got[key], step[key])) bad.push(`${g.code} step ${i} ${key}: ${JSON.stringify(got[key])}`);
      }
      if (result && !same(result.selection, step.selection)) bad.push(`${g.code} step ${i} result selection`);
      tapsChecked++;
    });
  }
  for (const want of records.records) {
    let position;
    try { position = E.replayRecord(E.parseRecord(want.text)); }
    catch (error) {
      if (!want.error) { bad.push(`record ${want.name} rejected: ${error.message}`); continue; }
      const got = { move_number: error.moveNumber, line: error.line, column: error.column, kind: error.kind };
      for (const key of Object.keys(want.error))
        if (got[key] !== want.error[key]) bad.push(`record ${want.name} ${key}: ${got[key]} != ${want.error[key]}`);
      continue;
    }
    if (want.error) { bad.push(`record ${want.name} accepted`); continue; }
    const got = { ...position.toJSON(), moves: position.moveCount, score: position.score,
      won: position.isWon(), deadlocked: position.isDeadlocked(), legal: position.legalMoves().map(E.moveText) };
    for (const key of Object.keys(want.result))
      if (!same(got[key], want.result[key])) bad.push(`record ${want.name} ${key}`);
  }
  return { bad, counts: { deals: deals.deals.length, codes: codes.valid.length + codes.invalid.length,
    taps: tapsChecked, records: records.records.length } };
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


def _vectors(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text("utf-8"))


def test_js_engine_reproduces_every_shared_vector(engine_page):
    outcome = engine_page.evaluate(CHECK_VECTORS)
    assert outcome["bad"] == []
    # The check really walked the corpus: every entry of each file was compared.
    assert outcome["counts"] == {
        "deals": len(_vectors("deals")["deals"]),
        "codes": len(_vectors("codes")["valid"]) + len(_vectors("codes")["invalid"]),
        "taps": sum(len(game["steps"]) for game in _vectors("taps")["games"]),
        "records": len(_vectors("records")["records"]),
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


code_alphabet = st.sampled_from(list("HMhmN1n2-AZaz0 \t!Àé€𝔸ßﬁ\u00a0\u2028\x1c"))
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
    const r = step === "undo" ? (game.undo(), null) : game.tap(step);
    return [[...game.selection], game.dimmed(), game.score, game.moves, game.won, game.deadlocked,
            game.canUndo, r ? r.removed : null, r ? r.error : null];
  });
}
"""

steps = st.lists(st.one_of(st.sampled_from(SOURCES), st.just("undo")), max_size=120)


@settings(max_examples=40)
@given(number=st.integers(0, DEAL_COUNT - 1), undo_limit=st.sampled_from([1, 2, 100]), taps=steps)
def test_js_game_follows_python_game_tap_by_tap(engine_page, number, undo_limit, taps):
    code = str(DealCode(number))
    got = engine_page.evaluate(TAP_GAME, [code, undo_limit, taps])
    game = Game(code, undo_limit=undo_limit)
    for step, state in zip(taps, got, strict=True):
        result = None if step == "undo" else game.tap(step)
        if result is None:
            game.undo()
        expected = [
            list(game.selection), [s for s in SOURCES if s in game.dimmed()], game.score,
            game.moves, game.won, game.deadlocked, game.can_undo,
            None if result is None else list(result.removed),
            None if result is None else result.error,
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
