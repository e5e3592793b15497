"""The browser engine (docs/assets/game/engine.js) agrees with the Python engine.

It runs in Chromium (tests/test_engine_node.py checks the same vectors in Node): first over
the shared vectors of tests/data/ (every deal layout, deal-code
error, tap outcome and record), then on cases hypothesis generates, each compared with
``halfmoon`` directly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_cases import code_texts, python_codes, python_records, python_taps, record_texts, tap_steps
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode, Record, corpus
from halfmoon.dealcode import DEAL_COUNT

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
    from site_server import repository_page

    with repository_page(chromium, "async () => { window.HM = await import('/docs/assets/game/engine.js'); }") as page:
        yield page


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


def _run(engine_page, case: str, args: object) -> object:
    """A function of tests/js/cases.mjs run in the page on the engine."""
    return engine_page.evaluate(
        "async ([name, args]) => (await import('/tests/js/cases.mjs')).CASES[name](window.HM, args)",
        [case, args],
    )


@settings(max_examples=60)
@given(texts=st.lists(code_texts, min_size=1, max_size=10))
def test_js_deal_code_parsing_agrees_with_python_on_any_text(engine_page, texts):
    assert _run(engine_page, "parseCodes", texts) == python_codes(texts)


@settings(max_examples=40)
@given(number=st.integers(0, DEAL_COUNT - 1), undo_limit=st.sampled_from([1, 2, 100]), steps=tap_steps)
def test_js_game_follows_python_game_tap_by_tap(engine_page, number, undo_limit, steps):
    code = str(DealCode(number))
    assert _run(engine_page, "playTaps", [code, undo_limit, steps]) == python_taps(code, undo_limit, steps)


@settings(max_examples=40)
@given(texts=st.lists(record_texts(), min_size=1, max_size=4))
def test_js_record_replay_agrees_with_python(engine_page, texts):
    assert _run(engine_page, "replayRecords", texts) == python_records(texts)


def test_js_record_text_of_a_played_game_replays_to_the_same_position(engine_page):
    outcome = engine_page.evaluate(
        "() => { const g = new HM.Game('HM1-N-AAAAAAC');"
        " for (let i = 0; i < 10 && g.position.legalMoves().length; i++) g.play(g.position.legalMoves()[0]);"
        " return [g.recordText(), g.score]; }"
    )
    text, score = outcome
    position = Record.parse(text).replay()
    assert position.score == score and position.move_count == len(text.split()) - 1
