// Answer backup cases for tests/test_backup_node.py: docs/assets/game/backup.js and the backup part
// of storage.js, in Node, over a localStorage kept in a Map. One JSON request a line on standard
// input, {"case": name, "args": ...}, one JSON answer a line out: {"result"} or {"failure"}.

import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { ROOT } from "./load_engine.mjs";
import { memoryStorage } from "./memory_storage.mjs";

const storage = memoryStorage();
globalThis.localStorage = storage;

// The game's files are ES modules served as .js: copied into a folder that Node reads as modules.
const scratch = mkdtempSync(join(tmpdir(), "halfmoon-backup-"));
let B;
let S;
try {
  const game = join(ROOT, "docs", "assets", "game");
  for (const name of readdirSync(game).filter((n) => n.endsWith(".js"))) copyFileSync(join(game, name), join(scratch, name));
  writeFileSync(join(scratch, "package.json"), '{"type": "module"}');
  B = await import(pathToFileURL(join(scratch, "backup.js")).href);
  S = await import(pathToFileURL(join(scratch, "storage.js")).href);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const merge = { stats: B.mergeStats, games: B.mergeGames };

/** Put {stats, games} (games most recent first) in storage as the game itself writes them. */
function store({ stats, games }) {
  storage.clear();
  storage.quota = Infinity;
  S.updateStats((here) => Object.assign(here, stats));
  for (const record of [...games].reverse()) {
    const saved = B.readBackup(B.writeBackup({ stats, games: [record] })).games[0];
    localStorage.setItem(S.gameKey(saved.code), JSON.stringify({ version: 2, ...saved, revision: 1 }));
    localStorage.setItem(S.RECENT_KEY, JSON.stringify({ version: 2, codes: [saved.code, ...S.recentCodes().filter((c) => c !== saved.code)] }));
  }
}

const CASES = {
  /** readBackup(text): {backup} or {error: kind}. */
  read: (text) => {
    try {
      return { backup: B.readBackup(text) };
    } catch (error) {
      if (error instanceof B.BackupError) return { error: error.kind };
      throw error;
    }
  },
  write: ({ stats, games }) => B.writeBackup({ stats, games }, new Date(0)),
  mergeStats: ({ here, file }) => B.mergeStats(here, file),
  mergeGames: ({ here, file, keep }) => B.mergeGames(here, file, keep),
  limits: () => ({ bytes: B.MAX_BACKUP_BYTES, games: B.MAX_BACKUP_GAMES, keep: S.KEEP_GAMES, version: B.BACKUP_VERSION }),
  /**
   * Storage holding `here`, the file `text` restored by `mode`: what storage then holds, or the
   * refusal. `raw`: values put as they are ({stats: text, games: {code: text}}, e.g. of a newer
   * schema); `room`: how many characters the storage can take beyond what it holds then.
   */
  restore: ({ here, text, mode, raw = {}, room = null }) => {
    store(here);
    if (raw.stats !== undefined) localStorage.setItem(S.STATS_KEY, raw.stats);
    for (const [code, value] of Object.entries(raw.games ?? {})) localStorage.setItem(S.gameKey(code), value);
    if (room !== null) storage.quota = storage.used + room;
    const before = storage.dump();
    let refused = null;
    try {
      S.restoreBackup(B.readBackup(text), mode, merge);
    } catch (error) {
      if (!(error instanceof B.BackupError || error instanceof S.RestoreError)) throw error;
      refused = error.kind;
    }
    const sorted = (items) => JSON.stringify(Object.entries(items).sort()); // the keys' order means nothing
    const unchanged = sorted(storage.dump()) === sorted(before);
    storage.quota = Infinity;
    return { refused, unchanged, after: S.backupData() };
  },
  /** Statistics stored as `text` (any JSON, as another build or a hand may leave them), exported: the file's text. */
  exportRaw: (text) => {
    storage.clear();
    localStorage.setItem(S.STATS_KEY, text);
    return B.writeBackup(S.backupData(), new Date(0));
  },
  /** Storage holding `here`, a game played and won: the statistics then, as stored and read back. */
  win: (here) => {
    store(here);
    S.updateStats((stats) => { stats.played++; });
    S.updateStats((stats) => {
      stats.won = Math.min(stats.played, stats.won + 1);
      stats.streak++;
      stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
    });
    return S.loadStats();
  },
  /** Storage holding `here`, exported: the file's text. */
  export: (here) => {
    store(here);
    return B.writeBackup(S.backupData(), new Date(0));
  },
};

for await (const line of createInterface({ input: process.stdin })) {
  let answer;
  try {
    const { case: name, args } = JSON.parse(line);
    answer = { result: CASES[name](args) };
  } catch (error) {
    answer = { failure: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
