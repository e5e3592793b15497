// Check docs/assets/game/engine.js against tests/data/*.jsonl in Node, without a browser:
//     node tests/js/run_vectors.mjs [tests/data]
// Prints {bad, counts} as JSON (and exits 1 when anything disagrees). tests/test_engine_node.py runs it.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { loadEngine, ROOT } from "./load_engine.mjs";
import { checkRecordLimits } from "./records.mjs";
import { checkVectors } from "./vectors.mjs";

const data = resolve(process.argv[2] ?? join(ROOT, "tests", "data"));
const E = await loadEngine();

const texts = {};
for (const name of ["deals", "codes", "taps", "records"]) {
  texts[name] = readFileSync(join(data, `${name}.jsonl`), "utf-8");
}
const outcome = checkVectors(E, texts);
const limits = checkRecordLimits(E);
outcome.bad.push(...limits.bad);
outcome.counts.limits = limits.count;
outcome.messages = limits.messages;
process.stdout.write(JSON.stringify(outcome) + "\n");
process.exitCode = outcome.bad.length ? 1 : 0;
