"""The lookup's verdict file and the file of lost deals say what the published figures say
(issue 39, item 9): a well-formed file of another run, or one that moves a lost deal, builds no
page; the error names the file and the figure it disagrees with."""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

import pytest
from halfmoon_mkdocs.context import Context
from halfmoon_mkdocs.examples import ExampleLoader
from halfmoon_mkdocs.page import render_markdown
from halfmoon_mkdocs.stats import Stats

from halfmoon import DealCode
from halfmoon.solver.verdicts import FORMAT, SYMBOL, decode, read_verdicts

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RECORDS = DOCS / "records"
FIGURES = json.loads((RECORDS / "winnability.json").read_text(encoding="utf-8"))
FILES = {"verdicts": "../records/verdicts.gz", "lost": "../records/lost-deals.txt"}
PUBLISHED = read_verdicts(RECORDS / "verdicts.gz")


def _verdict_file(start: DealCode, symbols: str) -> bytes:
    header = json.dumps({"format": FORMAT, "start": str(start), "deals": len(symbols),
                         "symbols": {symbol: str(verdict) for verdict, symbol in SYMBOL.items()}})
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0) as stream:
        stream.write(header.encode() + b"\n" + symbols.encode())
    return buffer.getvalue()


def _swap(symbols: str, one: int, other: int) -> str:
    chars = list(symbols)
    chars[one], chars[other] = chars[other], chars[one]
    return "".join(chars)


def _errors(tmp_path: Path, markdown: str, verdicts: bytes | None = None,
            lost: str | None = None) -> list[str]:
    paths = {}
    for name, data in (("verdicts.gz", verdicts), ("lost-deals.txt", lost)):
        path = tmp_path / name
        if data is None:
            path = RECORDS / name
        else:
            path.write_bytes(data if isinstance(data, bytes) else data.encode())
        paths[name] = path
    stats = Stats(RECORDS / "winnability.json", verdicts=paths["verdicts.gz"], lost=paths["lost-deals.txt"])
    context = Context(ExampleLoader(DOCS), "records/HM1-N-AAAAAAB.txt", stats, "en", FILES)
    return [str(error) for error in render_markdown(markdown, context).errors]


LOOKUP = "```halfmoon-lookup\n```\n"
LOST = "{{hm lost 5}}\n"
FIRST_LOST = PUBLISHED.symbols.index("L")
FIRST_WON = PUBLISHED.symbols.index("W")


def test_the_published_files_agree_with_the_figures(tmp_path):
    assert _errors(tmp_path, LOOKUP + "\n" + LOST) == []


CASES = {
    # the issue's: another run's well-formed file
    "another run": (_verdict_file(DealCode(1000), PUBLISHED.symbols), "'start' and 'deals'"),
    # ours: the same run's range and counts, a lost deal moved (the lookup contradicts the list)
    "a lost deal moved": (_verdict_file(PUBLISHED.start, _swap(PUBLISHED.symbols, FIRST_LOST, FIRST_WON)),
                          f"the deals lost are not winnability.json's 'lost_deals' (first difference: "
                          f"{DealCode(min(FIRST_LOST, FIRST_WON))}"),
    "one deal fewer": (_verdict_file(PUBLISHED.start, PUBLISHED.symbols[:-1]), "'start' and 'deals'"),
    "a won deal undecided": (_verdict_file(PUBLISHED.start, PUBLISHED.symbols.replace("W", "U", 1)),
                             "winnability.json's 'won' counts 242,733"),
    "a second member": (_verdict_file(PUBLISHED.start, PUBLISHED.symbols) + gzip.compress(b"W"),
                        "a second gzip member"),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("where", [LOOKUP, LOST])
def test_a_verdict_file_that_disagrees_builds_no_page(tmp_path, case, where):
    data, words = CASES[case]
    errors = _errors(tmp_path, where, verdicts=data)
    assert len(errors) == 1 and "verdicts.gz" in errors[0] and words in errors[0], errors


def test_the_file_of_lost_deals_must_list_the_figures_lost_deals(tmp_path):
    text = (RECORDS / "lost-deals.txt").read_text(encoding="utf-8")
    codes = FIGURES["lost_deals"]
    for changed, words in (
        (text.replace(codes[3], str(DealCode(DealCode.parse(codes[3]).number + 1))), "deal 4 of the list"),
        (text.replace(codes[-1] + "\n", ""), "its 7,265 deals"),
        (text.replace(codes[0], "HM1-N-AAAAA"), "lost-deals.txt:2: "),
    ):
        errors = _errors(tmp_path, "{{hm lost_list all of them}}\n", lost=changed)
        assert len(errors) == 1 and "lost-deals.txt" in errors[0] and words in errors[0], errors


def test_a_lookup_without_its_verdict_file_is_an_error(tmp_path):
    stats = Stats(RECORDS / "winnability.json", verdicts=tmp_path / "none.gz")
    context = Context(ExampleLoader(DOCS), "records/HM1-N-AAAAAAB.txt", stats, "en", FILES)
    (error,) = render_markdown(LOOKUP, context).errors
    assert "none.gz does not exist" in str(error)


def test_the_published_verdict_file_reads_back_by_the_one_set_of_rules():
    assert decode((RECORDS / "verdicts.gz").read_bytes()).symbols == PUBLISHED.symbols
