// The backup file on the Play page (Statistics: Export, Import): Export downloads the statistics
// and saved games; Import reads a file, asks whether to merge it or replace what is here, writes
// it and puts the most recent unfinished game on the table, or says why nothing was changed. The
// file itself is backup.js's, the writing storage.js's. No part of the game's start: app.js loads
// this module (and backup.js with it) once the page is idle, or at its first use if sooner.

import { BACKUP_VERSION, BackupError, MAX_BACKUP_BYTES, mergeCounts, mergeGames, mergeStats, readBackup, writeBackup } from "./backup.js";
import { download } from "./dom.js";
import * as store from "./storage.js";

/** The statistics and saved games of this browser, as a file to download (`page`: the controller). */
export function exportBackup(page) {
  if (page.destroyed) return;
  page.pause(); // the time played so far is in the file
  const now = new Date();
  download(new Blob([writeBackup(store.backupData(), now)], { type: "application/json" }),
    `halfmoon-${now.toISOString().slice(0, 10)}.json`);
  page.resumeClock();
}

/** Read the backup `file` (a File) and ask how to take it: merged, or in place of what is here. */
export async function importBackup(page, file) {
  let backup;
  try {
    if (file.size > MAX_BACKUP_BYTES) throw new BackupError("too_large"); // not even read
    let text;
    try {
      text = await file.text();
    } catch {
      throw new BackupError("unreadable");
    }
    backup = readBackup(text);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    if (page.destroyed) return;
    return refuse(page, error);
  }
  if (page.destroyed) return; // read after the game was destroyed
  const { stats, games } = backup;
  const { catalog } = page;
  page.view.openDialog({
    title: page.t("game.backup.import_title"),
    lines: [
      page.t("game.backup.import_text", {
        played: catalog.number(stats.played), won: catalog.number(stats.won),
        best: catalog.number(stats.bestStreak), games: catalog.number(games.length),
      }),
      page.t("game.backup.import_choice"),
    ],
    buttons: [
      { text: page.t("game.confirm.cancel") },
      { text: page.t("game.backup.merge"), action: () => restore(page, backup, "merge") },
      { text: page.t("game.backup.replace"), action: () => restore(page, backup, "replace"), kind: "danger" },
    ],
  });
}

/** A file not imported (BackupError) or not written (store.RestoreError): the reason, and that nothing changed. */
function refuse(page, error) {
  const reason = page.t(`game.backup.error.${error.kind}`, {
    size: page.catalog.number(MAX_BACKUP_BYTES / 1024), version: error.detail,
    supported: String(BACKUP_VERSION), most: page.catalog.number(Number.MAX_SAFE_INTEGER),
  });
  page.view.say(page.catalog.joinSentences([reason, page.t("game.backup.kept")]));
  page.view.openDialog({
    title: page.t("game.backup.refused_title"), lines: [reason, page.t("game.backup.kept")],
    buttons: [{ text: page.t("game.backup.close") }], kind: "refused",
  });
}

/** Write the file's statistics and games, then put the most recent unfinished game on the table. */
function restore(page, backup, mode) {
  page.pause(); // this browser's game as it stands is what a merge keeps
  try {
    store.restoreBackup(backup, mode, { stats: mergeStats, games: mergeGames, hinted: mergeCounts });
  } catch (error) {
    // A merge whose counts would pass 2^53 - 1 (BackupError "too_many"), a full storage…
    if (!(error instanceof store.RestoreError || error instanceof BackupError)) throw error;
    return refuse(page, error);
  }
  page.storageReplaced();
  const done = page.t(mode === "merge" ? "game.backup.merged" : "game.backup.replaced");
  page.view.setMessage(done);
  page.view.say(done);
}
