// The saved games players' browsers hold load as they always did (tests/js/fixtures/saved_games.json,
// written by the game's code of commit f99701f with capture_saved_games.mjs):
//     node tests/js/run_saved_games.mjs
// Prints {bad, checks} as JSON (exit 1 when a check fails). tests/test_saved_games_node.py runs it.

import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

import { loadGameModule } from "./load_engine.mjs";
import { memoryStorage } from "./memory_storage.mjs";
import { putSiteValues, siteValues, summary } from "./saved_games.mjs";

const fixture = JSON.parse(readFileSync(new URL("fixtures/saved_games.json", import.meta.url), "utf-8"));
const store = await loadGameModule("storage.js");
const backup = await loadGameModule("backup.js");
const merge = { stats: backup.mergeStats, games: backup.mergeGames, hinted: backup.mergeCounts };

const bad = [];
let checks = 0;
const check = (name, ok, detail = null) => {
  checks += 1;
  if (!ok) bad.push({ name, detail });
};
const fresh = (value, name = "id") => ({ ...value, [name]: "(fresh)" });

// The games as saved: each loads with every field as before, and saved again unchanged it is
// written as it was, to the character.
globalThis.localStorage = memoryStorage();
putSiteValues(store, fixture.saved);
check("the recent games are the same", isDeepStrictEqual(store.recentCodes(), Object.keys(fixture.loaded)), store.recentCodes());
for (const [code, expected] of Object.entries(fixture.loaded)) {
  const loaded = store.loadGame(code);
  check(`${code} loads as before`, isDeepStrictEqual(summary(loaded), expected), summary(loaded));
  store.saveGame(loaded);
  const text = siteValues(store)[`game:${code}`];
  check(`${code} is saved again as it was`, text === fixture.saved[`game:${code}`], text);
}
check("the statistics read as before", store.loadStats().played === 3 && store.loadStats("open").played === 1
  && store.loadHinted().played === 1);
globalThis.localStorage = memoryStorage();
putSiteValues(store, fixture.saved);
const exported = backup.writeBackup(store.backupData(), new Date("2026-12-06T12:00:00.000Z"));
check("the backup file is written as before", exported === fixture.exported, exported);

// The file imported into an empty browser: the same values, each game with a fresh id.
globalThis.localStorage = memoryStorage();
store.restoreBackup(backup.readBackup(fixture.exported), "replace", merge);
const restored = Object.fromEntries(Object.entries(siteValues(store)).map(([key, text]) => {
  const value = JSON.parse(text);
  return [key, typeof value.id === "string" ? fresh(value) : value];
}));
check("a backup restores the same values", isDeepStrictEqual(restored, fixture.restored), restored);
for (const [code, expected] of Object.entries(fixture.restoredLoaded)) {
  const loaded = summary(store.loadGame(code));
  check(`${code} restored loads as before`, /^[0-9a-f]{16}$/.test(loaded.id) && isDeepStrictEqual(fresh(loaded), expected), loaded);
}

// Older builds' values: read as they were, with a fresh id; schema 1 moved under its code.
globalThis.localStorage = memoryStorage();
putSiteValues(store, fixture.older);
for (const [code, expected] of Object.entries(fixture.olderLoaded)) {
  if (code.endsWith("(schema 1)")) continue;
  const loaded = summary(store.loadGame(code));
  check(`${code} of an older build loads as before`, isDeepStrictEqual(fresh(loaded), expected), loaded);
}
store.migrate();
const [schema1, expected] = Object.entries(fixture.olderLoaded).find(([key]) => key.endsWith("(schema 1)"));
const code = schema1.split(" ")[0];
const migrated = JSON.parse(siteValues(store)[`game:${code}`]);
check("a schema 1 game is moved as before", isDeepStrictEqual(fresh(migrated), fixture.migrated), migrated);
check("a schema 1 game loads as before", isDeepStrictEqual(fresh(summary(store.loadGame(code))), expected));
check("the schema 1 key is gone", !("game" in siteValues(store)));

process.stdout.write(JSON.stringify({ bad, checks }) + "\n");
process.exitCode = bad.length ? 1 : 0;
