// docs/assets/game/engine.js as a module in Node. It is an ES module served as .js, which Node would
// read as CommonJS: a .mjs copy in a temporary folder is imported instead.

import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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

/** One of the game's modules (docs/assets/game/NAME, or NAME in the folder `game`), with the
 * modules it imports: copies beside a package.json that tells Node they are ES modules. */
export async function loadGameModule(name, game = join(ROOT, "docs", "assets", "game")) {
  const scratch = mkdtempSync(join(tmpdir(), "halfmoon-game-"));
  try {
    for (const file of readdirSync(game).filter((file) => file.endsWith(".js"))) {
      copyFileSync(join(game, file), join(scratch, file));
    }
    writeFileSync(join(scratch, "package.json"), '{"type": "module"}\n');
    return await import(pathToFileURL(join(scratch, name)).href);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
