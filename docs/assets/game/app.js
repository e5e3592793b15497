// The Play page: wires the engine, the board, input, storage and the catalogs together.
// Every string comes from the catalogs; user input only ever reaches the page as text.

import { DEAL_COUNT, DealCodeError, Game, formatCode, parseDealCode } from "./engine.js";
import { createBoard, drawBoard, rise, setDisabled, setText } from "./board.js";
import { attachInput } from "./input.js";
import { codeErrorText, loadCatalog } from "./i18n.js";
import { openDialog } from "./dialog.js";
import * as store from "./storage.js";
import { BACKUP_VERSION, BackupError, MAX_BACKUP_BYTES, mergeGames, mergeStats, readBackup, writeBackup } from "./backup.js";

// Shown only when not even the English catalog loads.
const LOAD_FAILED = "The game could not load its texts, so it cannot start. Reload the page to try again.";

const element = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

const STAT_NAMES = ["played", "won", "rate", "streak", "best_streak"];

let idCounter = 0;
const newId = (stem) => `hm-${stem}-${++idCounter}`;

export function randomNumber() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return ((high % 2 ** 21) * 2 ** 32 + low) % DEAL_COUNT;
}

export function formatTime(milliseconds) {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  const two = (n) => String(n).padStart(2, "0");
  const hours = Math.floor(seconds / 3600);
  const rest = `${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return hours ? `${hours}:${rest}` : rest;
}

/** The address fragment when it is meant for the game: not empty and not an anchor of the page. */
function dealFragment() {
  let raw = location.hash.slice(1);
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // keep it as typed
  }
  if (!raw || document.getElementById(raw)) return null;
  return raw;
}

class PlayPage {
  constructor(mount, catalog) {
    this.mount = mount;
    this.catalog = catalog;
    this.settings = store.loadSettings();
    this.game = null;
    this.elapsed = 0; // play time before runningSince
    this.runningSince = null;
    this.result = null; // "won" or "lost" once the game has ended that way
    this.counted = false; // in the statistics (after the first move)
    this.revision = 0;
    this.stats = null; // the statistics as last read from storage
    this.statsShown = null; // the statistics object the page shows
    this.saveDue = false; // a move is on the screen but not yet in storage (saveSoon)
    this.build();
  }

  t(key, params) { return this.catalog.text(key, params); }

  build() {
    const { mount, catalog } = this;
    // The page's one-line rule with its link to the rules, written in the page (and so in its
    // language) for the first-time player; everything else in the game's element is for readers
    // without JavaScript.
    const intro = mount.querySelector(".hm-intro");
    mount.replaceChildren();
    mount.classList.add("hm-game-ready");
    mount.dir = catalog.direction;
    mount.lang = catalog.lang;

    const main = element("div", "hm-main");
    const toolbar = element("div", "hm-toolbar");
    this.newButton = this.button("game.button.new", () => this.newDeal());
    this.restartButton = this.button("game.button.restart", () => this.askRestart());
    this.undoButton = this.button("game.button.undo", () => this.undo());
    toolbar.append(this.newButton, this.restartButton, this.undoButton);

    const info = element("div", "hm-info");
    info.setAttribute("role", "group");
    info.setAttribute("aria-label", this.t("game.info.label"));
    this.fields = {};
    for (const name of ["time", "score", "moves", "code"]) {
      const item = element("span", "hm-info-item");
      const value = element("span", "hm-info-value");
      value.dataset.field = name;
      if (name === "code") value.dir = "ltr";
      item.append(element("span", "hm-info-name", this.t(`game.info.${name}`)), " ", value);
      info.append(item);
      this.fields[name] = value;
    }

    const boardHolder = element("div", "hm-board-holder");
    this.message = element("p", "hm-message");
    this.live = element("div", "hm-live");
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "status");
    main.append(stage(toolbar, info, boardHolder, this.message, ...(intro ? [intro] : []), this.live));

    const side = element("div", "hm-side");
    this.notice = element("p", "hm-notice");
    this.notice.hidden = true;
    const form = element("form", "hm-code-form");
    const inputId = newId("code");
    const errorId = newId("code-error");
    const label = element("label", null, this.t("game.code.label"));
    label.htmlFor = inputId;
    this.codeInput = element("input", "hm-code-input");
    Object.assign(this.codeInput, { id: inputId, type: "text", spellcheck: false, autocomplete: "off" });
    this.codeInput.setAttribute("dir", "ltr");
    this.codeInput.setAttribute("aria-describedby", errorId);
    const go = element("button", "hm-button", this.t("game.code.play"));
    go.type = "submit";
    form.append(label, this.codeInput, go);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.playCode(this.codeInput.value);
    });
    this.codeError = element("p", "hm-error");
    this.codeError.id = errorId;
    this.codeError.hidden = true;

    const share = element("div", "hm-toolbar hm-share");
    this.copyButton = this.button("game.button.copy_link", () => this.copyLink());
    this.exportButton = this.button("game.button.export", () => this.exportRecord());
    share.append(this.copyButton, this.exportButton);

    const settings = element("fieldset", "hm-settings");
    settings.append(element("legend", null, this.t("game.settings.legend")));
    this.boxes = {};
    for (const [name, key] of [["moveErrors", "game.settings.move_errors"], ["placementHelp", "game.settings.placement_help"],
      ["fourColour", "game.settings.four_colour"]]) {
      const box = element("input");
      box.type = "checkbox";
      box.checked = this.settings[name];
      box.dataset.setting = name;
      box.addEventListener("change", () => {
        this.settings[name] = box.checked;
        store.saveSettings(this.settings);
        this.render();
      });
      const wrap = element("label", "hm-setting");
      wrap.append(box, " ", this.t(key));
      settings.append(wrap);
      this.boxes[name] = box;
    }

    const stats = element("section", "hm-stats");
    const statsTitleId = newId("stats");
    const statsTitle = element("h2", null, this.t("game.stats.heading"));
    statsTitle.id = statsTitleId;
    stats.setAttribute("aria-labelledby", statsTitleId);
    const statsList = element("dl");
    this.statValues = {};
    for (const name of STAT_NAMES) {
      const value = this.statValues[name] = element("dd");
      value.dataset.stat = name;
      statsList.append(element("dt", null, this.t(`game.stats.${name}`)), value);
    }
    stats.append(statsTitle, statsList, this.button("game.stats.reset", () => this.askResetStats()), this.backupControls());

    const help = element("p", "hm-help", this.t("game.help.keys"));
    side.append(this.notice, form, this.codeError, share, settings, stats, help);

    this.dialog = element("dialog", "hm-dialog");
    this.dialog.id = newId("dialog");
    this.dialog.addEventListener("close", () => this.board.cells.get(this.board.current)?.focus());
    mount.append(main, side, this.dialog);

    this.board = createBoard(boardHolder, catalog);
    attachInput(this.board, {
      onTap: (source) => this.tap(source),
      onClear: () => this.clearSelection(),
      onUndo: () => this.undo(),
    });
    // The game's keys are its own while the focus is in the game (the board, its buttons, its
    // dialog): the theme's single-letter shortcuts (n, p, s, f, /, ., ,), read on the window,
    // must not leave the page or open search over the board. The game's own document listener
    // (attachInput) has run by then.
    document.addEventListener("keydown", (event) => {
      if (!event.ctrlKey && !event.metaKey && !event.altKey && mount.contains(event.target)) event.stopPropagation();
    });
    window.addEventListener("hashchange", () => this.followHash());
    window.addEventListener("popstate", () => this.followHash());
    window.addEventListener("storage", (event) => this.onStorage(event));
    document.addEventListener("visibilitychange", () => this.onVisibility());
    window.addEventListener("pagehide", () => this.pause());
    setInterval(() => this.drawTime(), 1000);
  }

  /** Export and Import of the statistics and saved games (backup.js), under the statistics. */
  backupControls() {
    const box = element("div", "hm-backup");
    const hint = element("p", "hm-backup-hint", this.t("game.backup.hint"));
    hint.id = newId("backup-hint");
    const exportButton = this.button("game.backup.export", () => this.exportBackup());
    const importButton = this.button("game.backup.import", () => this.backupFile.click());
    for (const [button, name] of [[exportButton, "backup_export"], [importButton, "backup_import"]]) {
      button.dataset.action = name;
      button.setAttribute("aria-describedby", hint.id);
    }
    this.backupFile = element("input");
    Object.assign(this.backupFile, { type: "file", accept: ".json,application/json", hidden: true, tabIndex: -1 });
    this.backupFile.addEventListener("change", () => {
      const [file] = this.backupFile.files;
      this.backupFile.value = ""; // the same file chosen again is a new choice
      if (file) this.importBackup(file);
    });
    const row = element("div", "hm-backup-row");
    row.append(exportButton, importButton);
    box.append(hint, row, this.backupFile);
    return box;
  }

  exportBackup() {
    this.pause(); // the time played so far is in the file
    const now = new Date();
    const blob = new Blob([writeBackup(store.backupData(), now)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `halfmoon-${now.toISOString().slice(0, 10)}.json`;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
    this.resumeClock();
  }

  async importBackup(file) {
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
      return this.refuseBackup(error);
    }
    const { stats, games } = backup;
    const { catalog } = this;
    openDialog(this.dialog, {
      title: this.t("game.backup.import_title"),
      lines: [
        this.t("game.backup.import_text", {
          played: catalog.number(stats.played), won: catalog.number(stats.won),
          best: catalog.number(stats.bestStreak), games: catalog.number(games.length),
        }),
        this.t("game.backup.import_choice"),
      ],
      buttons: [
        { text: this.t("game.confirm.cancel") },
        { text: this.t("game.backup.merge"), action: () => this.restoreBackup(backup, "merge") },
        { text: this.t("game.backup.replace"), action: () => this.restoreBackup(backup, "replace"), kind: "danger" },
      ],
    });
  }

  /** A file not imported (BackupError) or not written (store.RestoreError): the reason, and that nothing changed. */
  refuseBackup(error) {
    const reason = this.t(`game.backup.error.${error.kind}`, {
      size: this.catalog.number(MAX_BACKUP_BYTES / 1024), version: error.detail,
      supported: String(BACKUP_VERSION),
    });
    this.say(`${reason} ${this.t("game.backup.kept")}`);
    openDialog(this.dialog, {
      title: this.t("game.backup.refused_title"), lines: [reason, this.t("game.backup.kept")],
      buttons: [{ text: this.t("game.backup.close") }], kind: "refused",
    });
  }

  /** Write the file's statistics and games, then put the most recent unfinished game on the table. */
  restoreBackup(backup, mode) {
    this.pause(); // this browser's game as it stands is what a merge keeps
    try {
      store.restoreBackup(backup, mode, { stats: mergeStats, games: mergeGames });
    } catch (error) {
      if (!(error instanceof store.RestoreError)) throw error;
      return this.refuseBackup(error);
    }
    this.stats = null;
    this.game = null; // not left: leaving would end the imported streak
    this.openRecent();
    const done = this.t(mode === "merge" ? "game.backup.merged" : "game.backup.replaced");
    this.setMessage(done);
    this.say(done);
  }

  button(key, action) {
    const node = element("button", "hm-button", this.t(key));
    node.type = "button";
    node.dataset.action = key.split(".").pop(); // new, restart, undo, copy_link, export, reset
    node.addEventListener("click", action);
    return node;
  }

  // --- choosing the deal ------------------------------------------------------------------

  start() {
    store.migrate();
    const wanted = dealFragment();
    if (wanted !== null) {
      try {
        return this.openDeal(parseDealCode(wanted), { history: "replace" });
      } catch (error) {
        if (!(error instanceof DealCodeError)) throw error;
        this.openRecent();
        return this.showCodeError(this.t("game.code_error.address", { detail: codeErrorText(this.catalog, error) }));
      }
    }
    this.openRecent();
  }

  /** The most recent unfinished game, else a new deal. */
  openRecent() {
    for (const code of store.recentCodes()) {
      const saved = store.loadGame(code);
      if (saved && !saved.game.won && !saved.game.deadlocked) return this.openDeal(parseDealCode(code), { history: "replace" });
    }
    this.openDeal(this.randomCode(), { history: "replace", announce: false });
  }

  randomCode() {
    return parseDealCode(formatCode(randomNumber()));
  }

  /**
   * Put the deal `code` on the table: its saved game when it has one that is not won, else a
   * fresh game. history: "push" (a deal change Back can undo), "replace" or "none".
   */
  openDeal(code, { history = "push", announce = true, fresh = false } = {}) {
    if (this.game) this.leave();
    if (this.dialog.open) this.dialog.close(); // an ending or a question about the game left behind
    const saved = fresh ? null : store.loadGame(code.code);
    if (saved && saved.result !== "won") {
      Object.assign(this, saved);
      if (announce) this.say(this.t("game.said.resumed", { code: this.catalog.isolate(code.code) }));
    } else {
      Object.assign(this, {
        game: new Game(code), elapsed: 0, result: null, counted: false, revision: store.storedRevision(code.code),
        id: store.newGameId(),
      });
      if (announce) this.say(this.t("game.said.new_game", { code: this.catalog.isolate(code.code) }));
      // A deal with no move at all is over as it is dealt: played and lost, and said so.
      if (this.game.deadlocked) {
        this.counted = true;
        this.result = "lost";
        this.updateStats((stats) => { stats.played++; stats.streak = 0; }, "played");
      }
      this.save();
    }
    this.runningSince = null;
    this.hideCodeError();
    this.setMessage(this.endingText(), this.game.won ? "won" : this.game.deadlocked ? "deadlock" : "");
    this.writeHash(history);
    this.resumeClock();
    this.render();
    if (this.game.deadlocked && !this.game.moveCount && !saved) this.showEnding({});
  }

  /** Leaving the current game: its time is saved; an unfinished started game ends the streak. */
  leave() {
    this.pause();
    if (this.counted && !this.result) this.updateStats((stats) => { stats.streak = 0; });
  }

  newDeal() {
    this.openDeal(this.randomCode());
  }

  askRestart() {
    const game = this.game;
    if (!game.moveCount || this.result) return this.restart();
    openDialog(this.dialog, {
      title: this.t("game.confirm.restart.title"),
      lines: [this.t("game.confirm.restart.text", { moves: this.catalog.plural("docs.count.moves", game.moveCount) })],
      buttons: [
        { text: this.t("game.confirm.cancel") },
        { text: this.t("game.confirm.restart.ok"), action: () => this.restart(), kind: "danger" },
      ],
    });
  }

  restart() {
    this.openDeal(parseDealCode(this.game.code), { history: "none", announce: false, fresh: true });
    this.say(this.t("game.said.restarted", { code: this.catalog.isolate(this.game.code) }));
  }

  playCode(text) {
    let code;
    try {
      code = parseDealCode(text);
    } catch (error) {
      if (!(error instanceof DealCodeError)) throw error;
      this.showCodeError(codeErrorText(this.catalog, error));
      return;
    }
    this.codeInput.value = "";
    if (code.code === this.game.code) return this.hideCodeError();
    this.openDeal(code);
  }

  followHash() {
    const wanted = dealFragment();
    if (wanted === null || wanted === this.game.code) return;
    try {
      const code = parseDealCode(wanted);
      if (code.code !== this.game.code) this.openDeal(code, { history: "none" });
      this.writeHash("replace");
    } catch (error) {
      if (!(error instanceof DealCodeError)) throw error;
      this.showCodeError(this.t("game.code_error.address", { detail: codeErrorText(this.catalog, error) }));
      this.writeHash("replace");
    }
  }

  writeHash(how) {
    const hash = `#${this.game.code}`;
    if (how === "none" || location.hash === hash) return;
    if (how === "push") history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }

  showCodeError(text) {
    this.codeError.textContent = text;
    this.codeError.hidden = false;
    this.codeInput.setAttribute("aria-invalid", "true");
    this.say(text); // shown in one place, under the field: not again over the board
  }

  hideCodeError() {
    this.codeError.hidden = true;
    this.codeError.textContent = "";
    this.codeInput.removeAttribute("aria-invalid");
  }

  // --- playing ---------------------------------------------------------------------------

  tap(source) {
    this.markMismatch([]);
    if (store.storedRevision(this.game.code) > this.revision) return this.reloadGame(); // another tab moved on
    const game = this.game;
    const before = game.selection;
    const card = game.position.cardAt(source);
    const result = game.tap(source);
    const { catalog } = this;
    if (result.removed.length) {
      const what = catalog.list(result.cards.map((c, i) => catalog.cardFrom(c, result.removed[i])));
      this.setMessage("");
      // What the removal uncovered: the piles' new top cards (a reserve slot stays empty).
      const uncovered = result.removed.filter((s) => !s.startsWith("R") && game.position.cardAt(s))
        .map((s) => this.t("game.said.on_pile", { card: catalog.card(game.position.cardAt(s)), pile: s }));
      const said = this.t("game.said.removed", { what, score: game.score });
      this.say(uncovered.length ? `${said} ${this.t("game.said.uncovered", { what: catalog.list(uncovered) })}` : said);
      rise(this.board, result.removed);
      return this.afterMove();
    }
    if (result.error) {
      this.markMismatch([...before, source]);
      const reason = this.t(`game.error.${result.error}`);
      if (this.settings.moveErrors) {
        this.setMessage(reason, "error");
        this.say(this.t("game.said.mismatch", { reason }));
      } else {
        this.setMessage("");
        this.say(this.t("game.said.cleared"));
      }
    } else if (card) {
      const what = catalog.cardFrom(card, source);
      if (before.includes(source)) this.say(this.t("game.said.deselected", { what }));
      else if (result.replaced) {
        const old = catalog.cardFrom(game.position.cardAt(result.replaced), result.replaced);
        this.say(this.t("game.said.replaced", { what, old }));
      } else this.say(this.t("game.said.selected", { what }));
      if (!this.endingText()) this.setMessage("");
    }
    this.render();
  }

  /**
   * Mark the cards of a move that is no move (a wrong pair or triple) until the next tap: they
   * shake for a moment, or keep a still mark under prefers-reduced-motion (game.css). Words only
   * come with the Move errors setting.
   */
  markMismatch(sources) {
    for (const [source, cell] of this.board.cells) {
      if (cell.hasAttribute("data-mismatch") !== sources.includes(source)) cell.toggleAttribute("data-mismatch");
    }
  }

  /** After a removal: the statistics, the clock, the save, and the ending if this was the last move. */
  afterMove() {
    const game = this.game;
    if (!this.counted) {
      this.counted = true;
      this.updateStats((stats) => { stats.played++; }, "played");
    }
    if (game.won && this.result !== "won") {
      this.pause();
      this.result = "won";
      const time = this.elapsed;
      const best = store.loadStats().fastest[game.code] ?? null; // before this win
      this.updateStats((stats) => {
        stats.won = Math.min(stats.played, stats.won + 1);
        stats.streak++;
        stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
        if (!(stats.fastest[game.code] <= time)) stats.fastest[game.code] = time;
      }, "won");
      this.board.root.classList.add("hm-won");
      this.showEnding({ best });
    } else if (game.won) {
      // Won again after an undo: the ending again, the statistics counted once.
      this.pause();
      this.showEnding({ best: (this.stats ?? store.loadStats()).fastest[game.code] ?? null });
    } else if (game.deadlocked && !this.result) {
      this.pause(); // the dialog shows the time played, as the bar does
      this.result = "lost";
      this.updateStats((stats) => { stats.streak = 0; }, "lost");
      this.showEnding({});
    } else if (game.deadlocked) {
      this.pause();
      this.showEnding({});
    }
    const ending = this.endingText();
    if (ending) {
      this.pause();
      this.setMessage(ending, game.won ? "won" : "deadlock");
      this.say(this.live.textContent + " " + ending);
    } else this.resumeClock();
    this.saveSoon();
    this.render();
  }

  showEnding({ best }) {
    const { game, catalog } = this;
    const won = game.won;
    const time = formatTime(this.elapsed);
    // The title says "You won!": the lines give the result, not the title again.
    const lines = [
      ...(won ? [] : [this.t(game.moveCount ? "game.dialog.deadlock_text" : "game.said.deadlocked_at_start")]),
      this.t("game.dialog.result", { time, score: game.score, moves: game.moveCount }),
    ];
    if (won) {
      lines.push(best === null || this.elapsed < best
        ? this.t("game.dialog.new_best", { time })
        : this.t("game.dialog.best", { time: formatTime(best) }));
    }
    const buttons = [
      { text: this.t("game.button.new"), action: () => this.newDeal() },
      { text: this.t("game.button.restart"), action: () => this.restart() },
      { text: this.t("game.button.export"), action: () => this.exportRecord() },
    ];
    if (!won && game.canUndo) buttons.unshift({ text: this.t("game.button.undo_last"), action: () => this.undo() });
    openDialog(this.dialog, {
      title: this.t(won ? "game.dialog.won_title" : "game.dialog.deadlock_title"), lines, buttons, kind: won ? "won" : "deadlock",
      close: this.t("game.dialog.close"),
    });
  }

  clearSelection() {
    if (!this.game.clearSelection().length) return;
    this.say(this.t("game.said.cleared"));
    this.render();
  }

  undo() {
    if (store.storedRevision(this.game.code) > this.revision) return this.reloadGame();
    const cards = this.game.undo();
    if (!cards.length) {
      this.say(this.t("game.said.nothing_to_undo"));
      return this.render();
    }
    this.board.root.classList.remove("hm-won");
    const what = this.catalog.list(cards.map((card) => this.catalog.card(card)));
    this.setMessage("");
    this.say(this.t("game.said.undone", { what, score: this.game.score }));
    this.resumeClock();
    this.saveSoon();
    this.render();
  }

  /** The win or deadlock announcement, or "" while the game goes on. */
  endingText() {
    const game = this.game;
    if (game.won) {
      return this.t("game.said.won", {
        moves: this.catalog.plural("docs.count.moves", game.moveCount),
        points: this.catalog.plural("docs.count.points", game.score),
      });
    }
    if (!game.deadlocked) return "";
    return this.t(game.moveCount ? "game.said.deadlocked" : "game.said.deadlocked_at_start");
  }

  exportRecord() {
    const blob = new Blob([this.game.recordText()], { type: "text/plain;charset=utf-8" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${this.game.code}.txt`;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  }

  async copyLink() {
    const url = new URL(`#${this.game.code}`, location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      this.say(this.t("game.said.link_copied", { url }));
    } catch {
      this.say(this.t("game.said.link_not_copied", { url }));
    }
    this.setMessage(this.live.textContent);
  }

  // --- play time, saving, other tabs ---------------------------------------------------------

  get playing() {
    return this.game.moveCount > 0 && !this.game.won && !this.game.deadlocked;
  }

  playTime() {
    return this.elapsed + (this.runningSince === null ? 0 : Date.now() - this.runningSince);
  }

  resumeClock() {
    if (this.runningSince === null && this.playing && document.visibilityState === "visible") this.runningSince = Date.now();
  }

  /** Stop the clock (page hidden, game ended or left) and save the time played and any move not saved yet. */
  pause() {
    if (this.runningSince !== null) {
      this.elapsed = store.playTime(this.playTime());
      this.runningSince = null;
    } else if (!this.saveDue) return;
    this.save();
  }

  onVisibility() {
    if (document.visibilityState === "hidden") this.pause();
    else this.resumeClock();
    this.drawTime();
  }

  /**
   * Save once the move is on the screen: storage is no part of what a tap shows, and quick taps
   * share one save. Leaving the page or the deal saves at once (pause), so nothing is lost.
   */
  saveSoon() {
    if (this.saveDue) return;
    this.saveDue = true;
    requestAnimationFrame(() => setTimeout(() => this.saveDue && this.save()));
  }

  save() {
    this.saveDue = false;
    this.revision = Math.max(this.revision, store.storedRevision(this.game.code)) + 1;
    const saved = store.saveGame(this);
    // Said once while saving fails (full storage, or a newer build's copy of this deal), and
    // again after saving has worked since: a player must know a reload would lose the game.
    if (!saved && !this.unsavedSaid) this.say(this.t("game.said.not_saved"));
    this.unsavedSaid = !saved;
  }

  /** Another tab saved this deal later than we did: take its game. */
  reloadGame() {
    const saved = store.loadGame(this.game.code);
    if (!saved) return;
    Object.assign(this, saved, { runningSince: null, saveDue: false }); // the newer game wins
    this.board.root.classList.toggle("hm-won", this.game.won);
    this.setMessage(this.endingText(), this.game.won ? "won" : this.game.deadlocked ? "deadlock" : "");
    this.say(this.t("game.said.synced", { code: this.catalog.isolate(this.game.code) }));
    this.resumeClock();
    this.render();
  }

  onStorage(event) {
    const { topic, code } = store.storageTopic(event.key);
    if (topic === "game" && code === this.game.code && store.storedRevision(code) > this.revision) this.reloadGame();
    if (topic === "stats" || topic === "all") this.stats = null;
    if (topic === "settings" || topic === "all") {
      this.settings = store.loadSettings();
      for (const [name, box] of Object.entries(this.boxes)) box.checked = this.settings[name];
    }
    this.render();
  }

  // --- drawing ---------------------------------------------------------------------------

  render() {
    const game = this.game;
    drawBoard(this.board, this.catalog, {
      position: game.position,
      selection: game.selection,
      dimmed: this.settings.placementHelp ? game.dimmed() : [],
    });
    setText(this.fields.score, String(game.score));
    setText(this.fields.moves, String(game.moveCount));
    setText(this.fields.code, game.code);
    // A button that becomes disabled while it has the focus hands it to the board.
    setDisabled([[this.undoButton, !game.canUndo], [this.restartButton, !game.moveCount]],
      () => this.board.cells.get(this.board.current));
    const won = game.won;
    const deck = this.settings.fourColour ? "four" : "two"; // the suits' colours (game.css)
    if (this.mount.dataset.deck !== deck) this.mount.dataset.deck = deck;
    this.board.root.classList.toggle("hm-won", won);
    this.mount.classList.toggle("hm-over", won || game.deadlocked);
    this.drawTime();
    this.drawStats();
  }

  drawTime() {
    const text = formatTime(this.playTime());
    setText(this.fields.time, text);
  }

  /**
   * Change the statistics for `event` of this game ("played", "won", "lost"; null: every time):
   * once, however many tabs play it (storage.js countStats, under a lock). The page shows the
   * change at once and the stored statistics when the write is done.
   */
  updateStats(update, event = null) {
    const key = event && `${event}:${this.id}`;
    if (!store.wasCounted(key)) update(this.stats = store.loadStats());
    store.countStats(key, update).then(() => {
      this.stats = null;
      this.drawStats();
    });
  }

  drawStats() {
    const stats = this.stats ??= store.loadStats(); // forgotten when they change here or in another tab
    if (this.statsShown === stats) return; // numbers are formatted only when the statistics change
    this.statsShown = stats;
    const { catalog } = this;
    const values = {
      played: catalog.number(stats.played), won: catalog.number(stats.won),
      rate: catalog.percents.format(stats.played ? stats.won / stats.played : 0),
      streak: catalog.number(stats.streak), best_streak: catalog.number(stats.bestStreak),
    };
    for (const name of STAT_NAMES) setText(this.statValues[name], values[name]);
  }

  askResetStats() {
    openDialog(this.dialog, {
      title: this.t("game.confirm.reset.title"),
      lines: [this.t("game.confirm.reset.text")],
      buttons: [
        { text: this.t("game.confirm.cancel") },
        {
          text: this.t("game.confirm.reset.ok"),
          action: () => {
            store.resetStats();
            // A game under way is counted again from its next move, so that its ending adds up.
            if (!this.result) this.counted = false;
            this.stats = null;
            this.render();
          },
          kind: "danger",
        },
      ],
    });
  }

  setMessage(text, kind = "") {
    setText(this.message, text);
    if (this.message.dataset.kind !== kind) this.message.dataset.kind = kind;
  }

  say(text) {
    // The same text again replaces the node, so that screen readers announce it again.
    if (this.live.textContent === text) this.live.textContent = text;
    else setText(this.live, text);
  }
}

/**
 * The play area, laid out on its own: a box whose height is set from its content's (so nothing
 * inside can change the page's layout), which makes a tap's changes lay out only this box and
 * not the whole page again. The content is measured whenever its size changes, before paint.
 */
function stage(...children) {
  const box = element("div", "hm-stage");
  const content = element("div", "hm-stage-content");
  content.append(...children);
  box.append(content);
  new ResizeObserver(([entry]) => {
    box.style.height = `${entry.borderBoxSize[0].blockSize}px`;
    // Contained only once the height is set: until then the box is as tall as its content, so
    // whenever the first measurement comes, nothing moves.
    box.style.contain = "size layout style";
  }).observe(content);
  return box;
}

/** Mount the game in `mount` (a `.hm-game` element). */
export async function mountGame(mount) {
  let loaded;
  try {
    loaded = await loadCatalog(mount);
  } catch {
    const notice = element("p", "hm-error", LOAD_FAILED);
    notice.lang = "en";
    notice.setAttribute("role", "alert");
    mount.replaceChildren(notice);
    mount.classList.add("hm-game-failed");
    return null;
  }
  const page = new PlayPage(mount, loaded.catalog);
  if (loaded.failed) {
    page.notice.textContent = page.t("game.load_failed", { reason: loaded.failed });
    page.notice.hidden = false;
  }
  page.start();
  mount.hmGame = page; // for tests and benchmarks
  requestAnimationFrame(() => performance.mark("hm-board-drawn")); // read by bench/bench_game.py
  return page;
}
