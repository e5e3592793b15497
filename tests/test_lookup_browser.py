"""The Deal codes page's lookup: known won, lost and out-of-range codes and a malformed one, in every
language. Expected texts come from the Python catalogs, the verdicts from the published verdict file
(tests/test_published_verdicts.py checks that file against the figures and the solver)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_game_browser import _code_error, plain

from halfmoon import DealCode
from halfmoon.i18n import catalog
from halfmoon.solver.verdicts import read_verdicts

pytestmark = pytest.mark.browser

RECORDS = Path(__file__).resolve().parent.parent / "docs" / "records"
LANGUAGES = sorted(path.parent.name for path in (RECORDS.parent).glob("*/deal-codes.md"))


def known_codes() -> dict[str, str]:
    verdicts = read_verdicts(RECORDS / "verdicts.gz")
    first = verdicts.start.number
    won = next(i for i, s in enumerate(verdicts.symbols) if s == "W")
    lost = next(i for i, s in enumerate(verdicts.symbols) if s == "L")
    return {
        "won": str(DealCode(first + won)),
        "lost": str(DealCode(first + lost)),
        "outside": str(DealCode(first + len(verdicts.symbols))),
    }


def page_path(lang: str) -> str:
    return "deal-codes/" if lang == "en" else f"{lang}/deal-codes/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lookup_answers_in_the_page_language(page, site_url, lang):
    page.goto(site_url + page_path(lang))
    field = page.locator(".hm-lookup input")
    answer = page.locator(".hm-lookup [role=status]")
    texts = catalog(lang)
    codes = known_codes()
    verdicts = read_verdicts(RECORDS / "verdicts.gz")
    last = str(DealCode(verdicts.start.number + len(verdicts.symbols) - 1))
    expected = {
        "won": texts.text("lookup.won", code=codes["won"]),
        "lost": texts.text("lookup.lost", code=codes["lost"]),
        "outside": texts.text("lookup.outside", code=codes["outside"], first=str(verdicts.start), last=last),
    }
    assert plain(page.locator(".hm-lookup label").inner_text()) == texts.text("game.code.label")
    assert plain(page.locator(".hm-lookup button").inner_text()) == texts.text("lookup.check")
    for kind, code in codes.items():
        field.fill(f"  {code.lower()} ")
        page.locator(".hm-lookup button").click()
        page.wait_for_function("el => el.textContent.length > 0", arg=answer.element_handle())
        assert plain(answer.inner_text()) == expected[kind], kind
        answer.evaluate("el => { el.textContent = '' }")
    field.fill("HM1-N-AAAA")
    page.locator(".hm-lookup button").click()
    page.wait_for_function("el => el.textContent.length > 0", arg=answer.element_handle())
    assert plain(answer.inner_text()) == _code_error(lang, "HM1-N-AAAA")
    assert "hm-error" in (answer.get_attribute("class") or "")
