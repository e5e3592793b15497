// The verdict vectors (tests/data/verdicts.jsonl) checked against lookup.js, in Node
// (run_verdicts.mjs) and in Chromium (tests/test_verdict_vectors_browser.py) alike: each case is
// a verdict file's text or a whole file's bytes (base64), read or refused as verdicts.py does.
// `gzip(bytes)` compresses, as each place can. Returns the disagreements.

function fromBase64(text) {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export async function checkVerdictCases(lookup, cases, gzip) {
  const bad = [];
  for (const entry of cases) {
    const shown = (entry.text ?? entry.bytes).slice(0, 80);
    let table = null;
    try {
      const text = "bytes" in entry ? await lookup.verdictText(fromBase64(entry.bytes)) : entry.text;
      table = lookup.readVerdicts(text);
    } catch {
      if (!entry.error) bad.push({ case: shown, expected: "read", got: "refused" });
      continue;
    }
    if (entry.error) {
      bad.push({ case: shown, expected: "refused", got: "read" });
      continue;
    }
    if (table.start !== entry.start) bad.push({ case: shown, start: table.start });
    for (const [number, answer] of entry.lookups) {
      const got = lookup.verdictOf(table, number);
      if (got !== answer) bad.push({ case: shown, number, expected: answer, got });
    }
    if ("text" in entry) { // the same text gzipped reads back through the bounded inflater
      const text = await lookup.verdictText(await gzip(new TextEncoder().encode(entry.text)));
      if (text !== entry.text) bad.push({ case: shown, inflated: text.slice(0, 80) });
    }
  }
  return bad;
}
