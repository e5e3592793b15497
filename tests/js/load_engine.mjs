// docs/assets/game/engine.js as a module in Node. It is an ES module served as .js, which Node would
// read as CommonJS: a .mjs copy in a temporary folder is imported instead.

import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export async function loadEngine() {
  const scratch = mkdtempSync(join(tmpdir(), "halfmoon-engine-"));
  try {
    copyFileSync(join(ROOT, "docs", "assets", "game", "engine.js"), join(scratch, "engine.mjs"));
    return await import(pathToFileURL(join(scratch, "engine.mjs")).href);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
