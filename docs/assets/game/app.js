// The Play page's controller: the game, its clock, saving, other tabs and the statistics, drawn
// by the page's view (view.js). Every string comes from the catalogs; user input only ever reaches
// the page as text.

import { DealCodeError, Game, formatCode, parseDealCode } from "./engine.js";
import { codeErrorText, loadCatalog, pageCatalog } from "./i18n.js";
import { download, element } from "./dom.js";
import { PlayView } from "./view.js";
import * as store from "./storage.js";
import { surveyedRangeNumber } from "./surveyed.js";

// The backup file's modules (backup_flow.js and backup.js: export, import, merge) are no part of
// the game's start: they are loaded once the page is idle after the board is drawn (mountGame), or
// at their first use if sooner.
let backupFlow = null;
const loadBackup = async () => (backupFlow ??= await import("./backup_flow.js"));

// Shown only when not even the English catalog loads.
const LOAD_FAILED = "The game could not load its texts, so it cannot start. Reload the page to try again.";

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

class PlayController {
  #listening = new AbortController(); // the page's events the game follows
  #ticker; // the clock's interval
  #saveFrame; #saveTimer; // a save due (saveSoon)
  #coach = null; // a promise of coach.js's Coach, imported when a setting of issue 47 first needs it

  constructor(mount, catalog) {
    this.mount = mount;
    this.catalog = catalog;
    this.settings = store.loadSettings();
    this.state = null; // the game on the table (storage.js GameState): what is saved of it
    this.runningSince = null; // the clock runs (state.elapsed is the play time before it)
    this.stats = null; // the statistics as last read from storage
    this.saveDue = false; // a move is on the screen but not yet in storage (saveSoon)
    this.destroyed = false;
    this.view = new PlayView(mount, catalog, this.settings, {
      newDeal: () => this.newDeal(),
      askRestart: () => this.askRestart(),
      undo: () => this.undo(),
      tap: (source) => this.tap(source),
      clearSelection: () => this.clearSelection(),
      playCode: (text) => this.playCode(text),
      copyLink: () => this.copyLink(),
      exportRecord: () => this.exportRecord(),
      changeSetting: (name, on) => this.changeSetting(name, on),
      askResetStats: () => this.askResetStats(),
      exportBackup: () => loadBackup().then((flow) => flow.exportBackup(this)),
      importBackup: (file) => loadBackup().then((flow) => flow.importBackup(this, file)),
      hint: () => this.hint(),
    });
    const { signal } = this.#listening;
    window.addEventListener("hashchange", () => this.followHash(), { signal });
    window.addEventListener("popstate", () => this.followHash(), { signal });
    window.addEventListener("storage", (event) => this.onStorage(event), { signal });
    document.addEventListener("visibilitychange", () => this.onVisibility(), { signal });
    window.addEventListener("pagehide", () => this.pause(), { signal });
    this.#ticker = setInterval(() => this.drawTime(), 1000);
  }

  t(key, params) { return this.catalog.text(key, params); }

  /**
   * Stop the game for good, as leaving the page does: the time played and a move not saved yet
   * are saved, then every listener (the page's, the view's, the board's input) and every timer
   * (the clock, a save due) goes, and an open dialog closes. The page shows the game as it was,
   * and nothing a player or another tab does changes it; the mount can take a new game
   * (mountGame). Calling it again does nothing.
   */
  destroy() {
    if (this.destroyed) return;
    this.pause();
    this.destroyed = true;
    this.#listening.abort();
    clearInterval(this.#ticker);
    cancelAnimationFrame(this.#saveFrame);
    clearTimeout(this.#saveTimer);
    this.view.destroy();
    this.#coach?.then((coach) => coach.destroy(), () => {});
    if (this.mount.hmGame === this) delete this.mount.hmGame;
  }

  changeSetting(name, on) {
    this.settings[name] = on;
    if (name === "openCards" && on) this.openGame();
    store.saveSettings(this.settings);
    this.markDeck();
    // The verdicts are read as soon as only winnable deals are wanted: New game then deals at once.
    if (name === "winnableOnly" && on) this.coach().then((coach) => coach.verdicts());
    if (name === "coach") this.stats = null; // the games with a hint are drawn with them
    this.render();
  }

  /** The coach (coach.js), imported the first time a setting of issue 47 needs it. */
  coach() {
    this.#coach ??= import("./coach.js").then((module) => new module.Coach(this));
    return this.#coach;
  }

  /**
   * The game on the table becomes an open one for good (its cards are shown): it is counted with
   * the open variant from now on. Started as a standard game, it ends there as a game given up
   * (as leaving it would), and counts as played in the open variant at its next move.
   */
  openGame() {
    if (!this.game || this.state.open) return;
    this.giveUp();
    this.state.open = true;
    this.state.counted = false;
    this.stats = null;
    this.save();
  }

  /** The game on the table (the engine's Game), null before the first deal. */
  get game() {
    return this.state?.game ?? null;
  }

  /** The variant the game on the table counts in. */
  get variant() {
    return this.state?.open ? "open" : "standard";
  }

  /** Every page's diagrams follow the deck (halfmoon.css): <html> says which, as each page's head does. */
  markDeck() {
    const deck = this.settings.fourColour ? "four" : "two";
    if (document.documentElement.dataset.hmDeck !== deck) document.documentElement.dataset.hmDeck = deck;
  }

  /**
   * The saved games and statistics were written over (a backup restored, backup_flow.js): the
   * most recent unfinished game is put on the table. The game here is not left: leaving it would
   * end the imported streak.
   */
  storageReplaced() {
    this.stats = null;
    this.state = null;
    this.openRecent();
  }

  /** Statistics that could not be read (storage.js rescueStats): what became of them, over the code form. */
  sayDamagedStats(found) {
    const texts = found.map(({ variant, key }) => this.catalog.joinSentences([this.t(`game.stats.damaged.${variant}`), key
      ? this.t("game.stats.damaged_kept", { key: this.catalog.isolate(key) }) : this.t("game.stats.damaged_left")]));
    if (texts.length) {
      this.view.showNotice(this.catalog.joinSentences(texts));
      this.view.say(this.catalog.joinSentences(texts));
    }
  }

  // --- choosing the deal ------------------------------------------------------------------

  start() {
    store.migrate();
    this.sayDamagedStats(store.rescueStats());
    const wanted = dealFragment();
    if (wanted !== null) {
      try {
        return this.openDeal(parseDealCode(wanted), { history: "replace", reveal: false });
      } catch (error) {
        if (!(error instanceof DealCodeError)) throw error;
        this.openRecent({ reveal: false });
        return this.view.showCodeError(this.t("game.code_error.address", { detail: codeErrorText(this.catalog, error) }));
      }
    }
    this.openRecent({ reveal: false });
  }

  /** The most recent unfinished game, else a new deal. */
  openRecent({ reveal = true } = {}) {
    for (const code of store.recentCodes()) {
      const saved = store.loadGame(code);
      if (saved && !saved.game.won && !saved.game.deadlocked) return this.openDeal(parseDealCode(code), { history: "replace", reveal });
    }
    this.openDeal(this.randomCode(), { history: "replace", announce: false, reveal });
    if (this.settings.winnableOnly) this.dealWinnable({ history: "replace", announce: false, reveal });
  }

  /** A surveyed deal (surveyed.js), so that the Deal codes page's lookup answers for it. */
  randomCode() {
    return parseDealCode(formatCode(surveyedRangeNumber()));
  }

  /** "Only deals that can be won": a won surveyed deal in place of the one on the table, once the
   * verdicts are read, unless a move was made or another deal opened meanwhile. */
  async dealWinnable(options) {
    const game = this.game;
    const coach = await this.coach();
    if (await coach.isWon(game.position.number)) return;
    const number = await coach.dealNumber(true);
    if (!this.destroyed && this.game === game && !game.moveCount) this.openDeal(parseDealCode(formatCode(number)), options);
  }

  /**
   * Put the deal `code` on the table: its saved game when it has one that is not won, else a
   * fresh game. history: "push" (a deal change Back can undo), "replace" or "none". Once dealt,
   * the whole board is brought into view (`reveal`; not on the page's first deal, which the
   * page shows as it loads).
   */
  openDeal(code, { history = "push", announce = true, fresh = false, reveal = true } = {}) {
    if (this.game) this.leave();
    this.stats = null; // the new game's variant's, read again
    this.view.closeDialog(); // an ending or a question about the game left behind
    const saved = fresh ? null : store.loadGame(code.code);
    if (saved && saved.result !== "won") {
      this.state = saved;
      if (announce) this.view.say(this.t("game.said.resumed", { code: this.catalog.isolate(code.code) }));
    } else {
      this.state = new store.GameState({
        game: new Game(code), revision: store.storedRevision(code.code), open: this.settings.openCards,
      });
      if (announce) this.view.say(this.t("game.said.new_game", { code: this.catalog.isolate(code.code) }));
      // A deal with no move at all is over as it is dealt: played and lost, and said so.
      if (this.game.deadlocked) {
        this.state.counted = true;
        this.state.result = "lost";
        this.updateStats((stats) => { stats.played++; stats.streak = 0; }, "played");
      }
      this.save();
    }
    this.runningSince = null;
    this.view.hideCodeError();
    this.showOutcome();
    this.sayOpenUnclear();
    this.writeHash(history);
    this.resumeClock();
    this.render();
    if (reveal) this.view.revealBoard();
    if (this.game.deadlocked && !this.game.moveCount && !saved) this.showEnding({});
  }

  /** A saved game whose variant could not be read is counted as an open one: said once. */
  sayOpenUnclear() {
    if (!this.state.openUnclear) return;
    this.state.openUnclear = false;
    this.view.setMessage(this.t("game.open.unclear"));
    this.view.say(this.t("game.open.unclear"));
  }

  /** Leaving the current game: its time is saved; an unfinished started game ends the streak. */
  leave() {
    this.pause();
    this.giveUp();
  }

  /** A started, unfinished game given up ends the streak (not a game a hint helped: it counts apart). */
  giveUp() {
    if (this.state.counted && !this.state.result && !this.state.hinted) this.updateStats((stats) => { stats.streak = 0; });
  }

  newDeal() {
    if (!this.settings.winnableOnly) return this.openDeal(this.randomCode());
    const game = this.game;
    this.coach().then((coach) => coach.dealNumber(true)).then((number) => {
      if (!this.destroyed && this.game === game) this.openDeal(parseDealCode(formatCode(number)));
    });
  }

  askRestart() {
    const game = this.game;
    if (!game.moveCount || this.state.result) return this.restart();
    this.view.openDialog({
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
    this.view.say(this.t("game.said.restarted", { code: this.catalog.isolate(this.game.code) }));
  }

  playCode(text) {
    let code;
    try {
      code = parseDealCode(text);
    } catch (error) {
      if (!(error instanceof DealCodeError)) throw error;
      this.view.showCodeError(codeErrorText(this.catalog, error));
      return;
    }
    this.view.clearCode();
    // The player goes on at the board (on a phone the keyboard closes, and the board shows whole).
    this.view.focusBoard({ preventScroll: true });
    if (code.code === this.game.code) {
      this.view.hideCodeError();
      return this.view.revealBoard();
    }
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
      this.view.showCodeError(this.t("game.code_error.address", { detail: codeErrorText(this.catalog, error) }));
      this.writeHash("replace");
    }
  }

  writeHash(how) {
    const hash = `#${this.game.code}`;
    if (how === "none" || location.hash === hash) return;
    if (how === "push") history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }

  // --- playing ---------------------------------------------------------------------------

  tap(source) {
    this.view.markMismatch([]);
    if (store.newerStored(this.state)) return this.reloadGame(); // another tab moved on
    const game = this.game;
    const before = game.selection;
    const card = game.position.cardAt(source);
    const result = game.tap(source);
    const { catalog } = this;
    if (result.removed.length) {
      const what = catalog.join(result.cards.map((c, i) => catalog.cardFrom(c, result.removed[i])));
      this.view.setMessage("");
      // What the removal uncovered: the piles' new top cards (a reserve slot stays empty).
      const uncovered = result.removed.filter((s) => !s.startsWith("R") && game.position.cardAt(s))
        .map((s) => this.t("game.said.on_pile", { card: catalog.isolate(catalog.card(game.position.cardAt(s))), pile: s }));
      const said = this.t("game.said.removed", { what, score: game.score });
      this.view.say(uncovered.length
        ? catalog.joinSentences([said, this.t("game.said.uncovered", { what: catalog.join(uncovered) })]) : said);
      this.view.showRemoval(result.removed);
      return this.afterMove();
    }
    if (result.error) {
      // The cards of a move that is no move are marked until the next tap (board.markMismatch);
      // words only come with the Move errors setting.
      this.view.markMismatch([...before, source]);
      const reason = this.t(`game.error.${result.error}`);
      if (this.settings.moveErrors) {
        this.view.setMessage(reason, "error");
        this.view.say(this.t("game.said.mismatch", { reason }));
      } else {
        this.view.setMessage("");
        this.view.say(this.t("game.said.cleared"));
      }
    } else if (card) {
      const what = catalog.cardFrom(card, source);
      if (before.includes(source)) this.view.say(this.t("game.said.deselected", { what }));
      else if (result.replaced) {
        const old = catalog.cardFrom(game.position.cardAt(result.replaced), result.replaced);
        this.view.say(this.t("game.said.replaced", { what, old }));
      } else this.view.say(this.t("game.said.selected", { what }));
      if (!this.over) this.view.setMessage("");
    }
    this.render();
  }

  /** After a removal: the statistics, the clock, the save, and the ending if this was the last move. */
  afterMove() {
    const game = this.game;
    if (!this.state.counted) {
      this.state.counted = true;
      this.updateStats((stats) => { stats.played++; }, "played");
    }
    if (game.won && this.state.result !== "won" && this.state.hinted) {
      // Won with a hint: counted apart, neither a win nor a best time of the player's own.
      this.pause();
      this.state.result = "won";
      store.countHinted("won", this.state.id).then(() => this.dropStats());
      this.showEnding({});
    } else if (game.won && this.state.result !== "won") {
      this.pause();
      this.state.result = "won";
      const time = this.state.elapsed;
      const best = store.loadStats(this.variant).fastest[game.code] ?? null; // before this win
      this.updateStats((stats) => {
        stats.won = Math.min(stats.played, stats.won + 1);
        stats.streak++;
        stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
        if (!(stats.fastest[game.code] <= time)) stats.fastest[game.code] = time;
      }, "won");
      this.showEnding({ best });
    } else if (game.won) {
      // Won again after an undo: the ending again, the statistics counted once.
      this.pause();
      this.showEnding({ best: (this.stats ?? store.loadStats(this.variant)).fastest[game.code] ?? null });
    } else if (game.deadlocked && !this.state.result) {
      this.pause(); // the dialog shows the time played, as the bar does
      this.state.result = "lost";
      if (!this.state.hinted) this.updateStats((stats) => { stats.streak = 0; }, "lost");
      this.showEnding({});
    } else if (game.deadlocked) {
      this.pause();
      this.showEnding({});
    }
    if (this.over) {
      this.pause();
      this.view.say(this.catalog.joinSentences([this.view.said, this.showOutcome()]));
    } else this.resumeClock();
    this.saveSoon();
    this.render();
  }

  showEnding({ best }) {
    const { game, catalog } = this;
    const won = game.won;
    const time = formatTime(this.state.elapsed);
    // The title says "You won!": the lines give the result, not the title again.
    const lines = [
      ...(won ? [] : [this.t(game.moveCount ? "game.dialog.deadlock_text" : "game.said.deadlocked_at_start")]),
      this.t("game.dialog.result", { time, score: game.score, moves: game.moveCount }),
    ];
    if (won && !this.state.hinted) {
      lines.push(best === null || this.state.elapsed < best
        ? this.t("game.dialog.new_best", { time })
        : this.t("game.dialog.best", { time: formatTime(best) }));
    }
    const buttons = [
      { text: this.t("game.button.new"), action: () => this.newDeal() },
      { text: this.t("game.button.restart"), action: () => this.restart() },
      { text: this.t("game.button.export"), action: () => this.exportRecord() },
    ];
    if (!won && game.canUndo) buttons.unshift({ text: this.t("game.button.undo_last"), action: () => this.undo() });
    const coached = !won && this.settings.coach;
    if (coached) {
      lines.push({ text: this.t("game.coach.thinking"), mark: "verdict" });
      if (game.moveCount) {
        buttons.splice(1, 0, { text: this.t("game.button.where_lost"), action: () => this.withCoach((coach) => coach.showWhereLost()) });
      }
    }
    this.view.openDialog({
      title: this.t(won ? "game.dialog.won_title" : "game.dialog.deadlock_title"), lines, buttons, kind: won ? "won" : "deadlock",
      close: this.t("game.dialog.close"),
    });
    if (coached) this.withCoach((coach) => coach.showDealVerdict());
  }

  // --- the coach (issue 47): this site's additions, behind settings off by default ---------------

  /** Run `task(coach)` once coach.js is loaded; a module that fails to load is said, and play goes on. */
  withCoach(task) {
    return this.coach().then(task, (error) => {
      if (!this.destroyed) this.view.say(this.t("game.coach.failed", { reason: String(error?.message ?? error) }));
    });
  }

  /** Back to the position after `index` moves, as that many undos would go. */
  goBackTo(index) {
    if (store.newerStored(this.state)) return this.reloadGame();
    const game = this.game;
    if (game.moveCount - index > game.undoable) {
      this.view.setMessage(this.t("game.coach.cannot_go_back"));
      return this.view.say(this.t("game.coach.cannot_go_back"));
    }
    while (game.moveCount > index) game.undo();
    const said = index ? this.t("game.coach.went_back", { number: this.catalog.number(index) }) : this.t("game.coach.went_back_start");
    this.view.setMessage(said);
    this.view.say(said);
    this.resumeClock();
    this.saveSoon();
    this.render();
  }

  /** A hint (coach.js says it); the game is counted apart in the statistics from then on. */
  hint() {
    if (this.over) return;
    this.markHinted();
    this.withCoach((coach) => coach.showHint());
  }

  /** This game had a hint: out of the player's own statistics (it was counted played there if it
   * had a move), into the games played with a hint. */
  markHinted() {
    if (this.state.hinted) return;
    this.state.hinted = true;
    if (this.state.counted && this.state.result !== "won") this.updateStats((stats) => { stats.played = Math.max(0, stats.played - 1); }, "hinted");
    this.state.counted = true;
    store.countHinted("played", this.state.id).then(() => this.dropStats());
    this.saveSoon();
  }

  /** The statistics changed in storage: read and drawn again. */
  dropStats() {
    if (this.destroyed) return;
    this.stats = null;
    this.drawStats();
  }

  /** Drop the selection (Escape), and with it what the last wrong move marked and said. */
  clearSelection() {
    this.view.markMismatch([]);
    this.view.clearErrorMessage();
    if (!this.game.clearSelection().length) return;
    this.view.say(this.t("game.said.cleared"));
    this.render();
  }

  undo() {
    if (store.newerStored(this.state)) return this.reloadGame();
    const cards = this.game.undo();
    if (!cards.length) {
      this.view.say(this.t("game.said.nothing_to_undo"));
      return this.render();
    }
    const what = this.catalog.join(cards.map((card) => this.catalog.isolate(this.catalog.card(card))));
    this.view.setMessage("");
    this.view.say(this.t("game.said.undone", { what, score: this.game.score }));
    this.resumeClock();
    this.saveSoon();
    this.render();
  }

  /** Won or deadlocked: the game is over. */
  get over() {
    return this.game.won || this.game.deadlocked;
  }

  /** The win or deadlock announcement over the board, or none while the game goes on; returns it. */
  showOutcome() {
    const text = this.endingText();
    this.view.setMessage(text, this.game.won ? "won" : this.game.deadlocked ? "deadlock" : "");
    return text;
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
    download(new Blob([this.game.recordText()], { type: "text/plain;charset=utf-8" }), `${this.game.code}.txt`);
  }

  async copyLink() {
    const url = new URL(`#${this.game.code}`, location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      if (this.destroyed) return;
      this.view.say(this.t("game.said.link_copied", { url }));
    } catch {
      if (this.destroyed) return;
      this.view.say(this.t("game.said.link_not_copied", { url }));
    }
    this.view.setMessage(this.view.said);
  }

  // --- play time, saving, other tabs ---------------------------------------------------------

  get playing() {
    return this.game.moveCount > 0 && !this.game.won && !this.game.deadlocked;
  }

  playTime() {
    return (this.state?.elapsed ?? 0) + (this.runningSince === null ? 0 : Date.now() - this.runningSince);
  }

  resumeClock() {
    if (this.runningSince === null && this.playing && document.visibilityState === "visible") this.runningSince = Date.now();
  }

  /** Stop the clock (page hidden, game ended or left) and save the time played and any move not saved yet. */
  pause() {
    if (this.runningSince !== null) {
      this.state.elapsed = store.playTime(this.playTime());
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
    this.#saveFrame = requestAnimationFrame(() => {
      this.#saveTimer = setTimeout(() => this.saveDue && this.save());
    });
  }

  save() {
    this.saveDue = false;
    this.state.revision = Math.max(this.state.revision, store.storedRevision(this.game.code)) + 1;
    const saved = store.saveGame(this.state);
    // Said once while saving fails (full storage, or a newer build's copy of this deal), and
    // again after saving has worked since: a player must know a reload would lose the game.
    if (!saved && !this.unsavedSaid) this.view.say(this.t("game.said.not_saved"));
    this.unsavedSaid = !saved;
  }

  /** Another tab saved this deal later than we did: take its game. */
  reloadGame() {
    const saved = store.loadGame(this.game.code);
    if (!saved) return;
    Object.assign(this, { state: saved, runningSince: null, saveDue: false }); // the newer game wins
    this.stats = null;
    this.showOutcome();
    this.view.say(this.t("game.said.synced", { code: this.catalog.isolate(this.game.code) }));
    this.resumeClock();
    this.render();
  }

  onStorage(event) {
    const { topic, code } = store.storageTopic(event.key);
    if (topic === "game" && code === this.game.code && store.newerStored(this.state)) this.reloadGame();
    if (topic === "stats" || topic === "all") {
      this.stats = null;
      this.sayDamagedStats(store.rescueStats());
    }
    if (topic === "settings" || topic === "all") {
      this.settings = store.loadSettings();
      if (this.settings.openCards) this.openGame(); // shown here too: this game is an open one now
      this.view.showSettings(this.settings);
      this.markDeck();
    }
    this.render();
  }

  // --- drawing ---------------------------------------------------------------------------

  render() {
    this.view.draw(this.game, this.settings);
    this.drawTime();
    this.drawStats();
  }

  drawTime() {
    this.view.drawTime(formatTime(this.playTime()));
  }

  /**
   * Change the statistics for `event` of this game ("played", "won", "lost"; null: every time):
   * once, however many tabs play it (storage.js countStats, under a lock). The page shows the
   * change at once and the stored statistics when the write is done.
   */
  updateStats(update, event = null) {
    const variant = this.variant;
    const key = event && (variant === "open" ? `${event}:open:${this.state.id}` : `${event}:${this.state.id}`);
    if (!store.wasCounted(key)) update(this.stats = store.loadStats(variant));
    store.countStats(key, update, variant).then(() => {
      if (this.destroyed) return;
      this.stats = null;
      this.drawStats();
    });
  }

  drawStats() {
    if (!this.stats && this.settings.coach) this.view.drawHinted(store.loadHinted());
    this.view.drawStats(this.stats ??= store.loadStats(this.variant), this.variant); // forgotten when they change here or in another tab
  }

  askResetStats() {
    this.view.openDialog({
      title: this.t("game.confirm.reset.title"),
      lines: [this.t("game.confirm.reset.text")],
      buttons: [
        { text: this.t("game.confirm.cancel") },
        {
          text: this.t("game.confirm.reset.ok"),
          action: () => {
            store.resetStats(this.variant);
            this.state.hinted = false; // counted again from its next move, as any game
            // A game under way is counted again from its next move, so that its ending adds up.
            if (!this.state.result) this.state.counted = false;
            this.stats = null;
            this.render();
          },
          kind: "danger",
        },
      ],
    });
  }
}

/**
 * Mount the game in `mount` (a `.hm-game` element, or one a destroyed game was in); returns its
 * controller (null when no catalog loads), whose destroy() unbinds it.
 */
export async function mountGame(mount) {
  // The Play page carries its catalog: then nothing is awaited, and the board is drawn in the
  // task that calls this (play.js's, which runs before the theme's script).
  const carried = pageCatalog(mount);
  let loaded;
  try {
    loaded = carried ? { catalog: carried } : await loadCatalog(mount);
  } catch {
    const notice = element("p", "hm-error", LOAD_FAILED);
    notice.lang = "en";
    notice.setAttribute("role", "alert");
    mount.replaceChildren(notice);
    mount.classList.add("hm-game-failed");
    return null;
  }
  // The view and the deal are drawn in one task: drawn a task apart (issue 44), the figures'
  // line over the board was empty in a frame between, and filled it took a second line at times,
  // which moved the board down (a layout shift of 0.11 on a phone). The board is fitted to the
  // window in the next frame, before its first paint (view.js). What can wait (the backup's
  // modules) is loaded once the page is idle.
  const page = new PlayController(mount, loaded.catalog);
  if (loaded.failed) page.view.showNotice(page.t("game.load_failed", { reason: loaded.failed }));
  page.start();
  mount.hmGame = page; // for tests and benchmarks (destroy() takes it away)
  requestAnimationFrame(() => performance.mark("hm-board-drawn")); // read by bench/bench_game.py
  whenIdle(() => loadBackup().catch(() => {})); // its first use loads it again, and says so if it fails
  return page;
}

function whenIdle(task) {
  if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 500);
}
