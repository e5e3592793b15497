// Check docs/assets/game/engine.js against tests/data/*.jsonl in Node, without a browser:
//     node tests/js/run_vectors.mjs [tests/data]
// Prints {bad, counts} as JSON (and exits 1 when anything disagrees). tests/test_engine_node.py runs it.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { checkVectors } from "./vectors.mjs";
import { checkRecordLimits } from "./records.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const data = resolve(process.argv[2] ?? join(root, "tests", "data"));
// engine.js is an ES module served as .js, which Node would read as CommonJS: import a .mjs copy.
const scratch = mkdtempSync(join(tmpdir(), "halfmoon-engine-"));
let E;
try {
  copyFileSync(join(root, "docs", "assets", "game", "engine.js"), join(scratch, "engine.mjs"));
  E = await import(pathToFileURL(join(scratch, "engine.mjs")).href);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

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
