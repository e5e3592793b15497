"""The verdict vectors (tests/data/verdicts.jsonl: texts and whole files' bytes) in Chromium:
lookup.js reads and refuses each as verdicts.py does, with Chromium's own DecompressionStream,
which differs from Node's on what follows a gzip member (issue 39, item 9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from site_server import serve

from halfmoon import corpus

ROOT = Path(__file__).resolve().parent.parent
CASES = corpus.load(ROOT / "tests" / "data" / "verdicts.jsonl")


@pytest.mark.browser
def test_chromium_reads_each_verdict_vector_as_python_does(context_for):
    page = context_for().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with serve(ROOT) as url:  # the game's modules and the shared checker, as files
        page.goto(url + "tests/js/")  # a folder's listing: a page of the same origin
        bad = page.evaluate("""async ([root, cases]) => {
            const lookup = await import(root + "docs/assets/game/lookup.js");
            const { checkVerdictCases } = await import(root + "tests/js/verdict_cases.mjs");
            const gzip = async (bytes) => new Uint8Array(await new Response(
                new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
            return checkVerdictCases(lookup, cases, gzip);
        }""", [url, CASES])
    assert bad == [] and not errors, json.dumps([bad, errors], ensure_ascii=False)[:3000]
    assert sum("bytes" in case for case in CASES) >= 10
