// Answer generated cases for tests/test_engine_node.py: one JSON request a line on standard input,
// {"case": "parseCodes" | "playTaps" | "replayRecords", "args": ...}, one JSON answer a line out.

import { createInterface } from "node:readline";

import { CASES } from "./cases.mjs";
import { loadEngine } from "./load_engine.mjs";

const E = await loadEngine();
for await (const line of createInterface({ input: process.stdin })) {
  let answer;
  try {
    const { case: name, args } = JSON.parse(line);
    answer = { result: CASES[name](E, args) };
  } catch (error) {
    answer = { failure: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
