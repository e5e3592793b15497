// The published bundle's search count (halfmoon_mkdocs.search.SEARCH_COUNT) run in Node with a
// stand-in page: a search box carrying the given counts, and the page's language.
// Usage: node search_count.mjs <cases.json>, where the file holds {"expression": SEARCH_COUNT,
// "lang": "fr", "counts": {...as data-halfmoon-counts...}, "calls": [[name, n, html], ...]};
// prints {"answers": [what each call returned]}.
import fs from "node:fs";

const { expression, lang, counts, calls } = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
globalThis.document = {
  documentElement: { lang },
  querySelector: (selector) => (selector === "[data-halfmoon-counts]"
    ? { dataset: { halfmoonCounts: JSON.stringify(counts) } } : null),
};
const count = (0, eval)(expression);
console.log(JSON.stringify({ answers: calls.map(([name, n, html]) => count(name, n, html)) }));
