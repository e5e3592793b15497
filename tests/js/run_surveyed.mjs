// Draw New game's deals from the published verdicts with docs/assets/game/surveyed.js, in Node:
//     node tests/js/run_surveyed.mjs [docs/records/verdicts.gz] [DRAWS]
// Prints JSON: the deals drawn from all the surveyed deals and from the won ones alone (from a
// seeded word source, so the run repeats), and the answers of a few small cases.
// tests/test_surveyed_node.py checks them against Python's reading of the same file.

import { readFileSync } from "node:fs";
import { join } from "node:path";

import { loadGameModule, ROOT } from "./load_engine.mjs";

const lookup = await loadGameModule("lookup.js");
const surveyed = await loadGameModule("surveyed.js");
const path = process.argv[2] ?? join(ROOT, "docs", "records", "verdicts.gz");
const draws = Number(process.argv[3] ?? 3000);
const table = lookup.readVerdicts(await lookup.verdictText(new Uint8Array(readFileSync(path))));

function xorshift(seed) { // uniform enough 32-bit words, the same every run
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

const sequence = (words) => () => words.shift();
const refused = (f) => { try { f(); return false; } catch { return true; } };
const word = xorshift(47);
const all = Array.from({ length: draws }, () => surveyed.surveyedNumber(table, { word }));
const winnable = Array.from({ length: draws }, () => surveyed.surveyedNumber(table, { winnable: true, word }));
process.stdout.write(JSON.stringify({
  start: table.start, deals: table.symbols.length, all, winnable,
  // The words past the last whole multiple of 3 below 2^32 are drawn again.
  below3: surveyed.randomBelow(3, sequence([0xffffffff, 0xfffffffe])),
  below1: surveyed.randomBelow(1, sequence([0xffffffff])),
  noneWon: surveyed.surveyedNumber({ start: 5, symbols: "LLU" }, { winnable: true, word }),
  oneWon: [1, 2, 3].map(() => surveyed.surveyedNumber({ start: 5, symbols: "LWLU" }, { winnable: true, word })),
  badBounds: [0, -1, 1.5, 2 ** 32 + 1].map((n) => refused(() => surveyed.randomBelow(n, word))),
  crypto: surveyed.surveyedNumber(table),
  range: surveyed.SURVEYED,
  rangeDrawn: Array.from({ length: 200 }, () => surveyed.surveyedRangeNumber()),
}) + "\n");
