// Check docs/assets/game/lookup.js's reading of verdict files against tests/data/verdicts.jsonl
// (texts and whole files' bytes; verdict_cases.mjs) in Node, without a browser:
//   node tests/js/run_verdicts.mjs [tests/data]
// Prints {bad, count} as JSON (exit 1 when anything disagrees). tests/test_verdict_vectors.py runs it.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

import { loadGameModule, ROOT } from "./load_engine.mjs";
import { checkVerdictCases } from "./verdict_cases.mjs";

const data = resolve(process.argv[2] ?? join(ROOT, "tests", "data"));
const lookup = await loadGameModule("lookup.js");

const cases = readFileSync(join(data, "verdicts.jsonl"), "utf-8").split("\n").filter(Boolean)
  .map((line) => JSON.parse(line)).filter((entry) => !("generated_by" in entry));
const bad = await checkVerdictCases(lookup, cases, async (bytes) => new Uint8Array(gzipSync(bytes)));
// 20 million symbols (twice the bound) in a small gzip: refused once the bound is passed, never inflated whole.
const bomb = gzipSync(Buffer.concat([Buffer.from('{"format": "halfmoon-verdicts/1"}\n'),
                                     Buffer.alloc(20_000_000, 0x57)]));
const refused = await lookup.verdictText(new Uint8Array(bomb)).then(() => false, () => true);
if (!refused) bad.push({ bomb: bomb.length, expected: "refused" });
process.stdout.write(JSON.stringify({ bad, count: cases.length, bomb: bomb.length }) + "\n");
process.exitCode = bad.length ? 1 : 0;
