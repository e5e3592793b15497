// The Play page's view: the game's elements (the toolbar, the figures, the board, the messages,
// the deal code form, the settings, the statistics, the backup buttons, the dialog), built once
// in the mount, drawn from what the controller (app.js) gives it and handing every click and
// key on to the controller's actions. It holds no game state. Every listener and observer it
// adds goes with destroy().

import { createBoard } from "./board.js";
import { attachInput } from "./input.js";
import { createDialog, openDialog } from "./dialog.js";
import { element, newId, setDisabled, setText } from "./dom.js";

const LAYOUTS = ["above", "beside", "below"]; // fitBoard's ways, as game.css names them
const STAT_NAMES = ["played", "won", "rate", "streak", "best_streak"];
const SETTINGS = [["moveErrors", "game.settings.move_errors"], ["placementHelp", "game.settings.placement_help"],
  ["fourColour", "game.settings.four_colour"]];
// This site's additions to the seeds' app (issue 47), off by default, under a legend that says so.
const ADDED_SETTINGS = [
  ["winnableOnly", "game.settings.winnable_only"], ["coach", "game.settings.coach"], ["openCards", "game.settings.open_cards"],
];

/**
 * The view of the game in `mount` (a `.hm-game` element) in the language of `catalog`, the
 * boxes showing `settings`. `actions` are the controller's: newDeal(), askRestart(), undo(),
 * tap(source), clearSelection(), playCode(text), copyLink(), exportRecord(),
 * changeSetting(name, on), askResetStats(), exportBackup(), importBackup(file), hint().
 */
export class PlayView {
  #listening = new AbortController(); // every listener of the view's elements and of the page
  #unbindInput;
  #resizes;
  #firstFit; // the frame the first fitBoard waits for
  #sideLater; // the task that puts the settings and statistics under the board
  #probes = {}; // fitBoard's probes, one per way of laying the play area out
  #statsShown = null; // the statistics object on the screen

  constructor(mount, catalog, settings, actions) {
    this.mount = mount;
    this.catalog = catalog;
    this.actions = actions;
    const { signal } = this.#listening;
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
    this.newButton = this.#button("game.button.new", () => actions.newDeal());
    this.restartButton = this.#button("game.button.restart", () => actions.askRestart());
    this.undoButton = this.#button("game.button.undo", () => actions.undo());
    // The coach's hint (issue 47): only there while the coach setting is on.
    this.hintButton = this.#button("game.button.hint", () => actions.hint());
    this.hintButton.hidden = !settings.coach;
    toolbar.append(this.newButton, this.restartButton, this.undoButton, this.hintButton);

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
    const controls = element("div", "hm-controls");
    controls.append(toolbar, info);
    main.append(this.#stage(controls, boardHolder, this.message, ...(intro ? [intro] : []), this.live));
    this.boardHolder = boardHolder;

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
      actions.playCode(this.codeInput.value);
    }, { signal });
    this.codeError = element("p", "hm-error");
    this.codeError.id = errorId;
    this.codeError.hidden = true;

    const share = element("div", "hm-toolbar hm-share");
    share.append(this.#button("game.button.copy_link", () => actions.copyLink()),
      this.#button("game.button.export", () => actions.exportRecord()));

    const settingsBox = element("fieldset", "hm-settings");
    settingsBox.append(element("legend", null, this.t("game.settings.legend")));
    this.boxes = {};
    const settingBox = (name, key) => {
      const box = element("input");
      box.type = "checkbox";
      box.checked = settings[name];
      box.dataset.setting = name;
      box.addEventListener("change", () => actions.changeSetting(name, box.checked), { signal });
      const wrap = element("label", "hm-setting");
      wrap.append(box, " ", this.t(key));
      this.boxes[name] = box;
      return wrap;
    };
    for (const [name, key] of SETTINGS) settingsBox.append(settingBox(name, key));
    const added = element("fieldset", "hm-settings hm-settings-added");
    added.append(element("legend", null, this.t("game.settings.additions")),
      ...ADDED_SETTINGS.map(([name, key]) => settingBox(name, key)));
    settingsBox.append(added);

    const stats = element("section", "hm-stats");
    const statsTitleId = newId("stats");
    const statsTitle = this.statsTitle = element("h2", null, this.t("game.stats.heading"));
    statsTitle.id = statsTitleId;
    stats.setAttribute("aria-labelledby", statsTitleId);
    const statsList = element("dl");
    this.statValues = {};
    for (const name of STAT_NAMES) {
      const value = this.statValues[name] = element("dd");
      value.dataset.stat = name;
      statsList.append(element("dt", null, this.t(`game.stats.${name}`)), value);
    }
    // Games played with a hint, counted apart (issue 47): shown while the coach is on.
    this.hintedList = element("dl", "hm-stats-hinted");
    this.hintedValues = {};
    for (const name of ["played", "won"]) {
      const value = this.hintedValues[name] = element("dd");
      value.dataset.stat = `hinted_${name}`;
      this.hintedList.append(element("dt", null, this.t(`game.stats.hinted_${name}`)), value);
    }
    this.hintedList.hidden = !settings.coach;
    stats.append(statsTitle, statsList, this.hintedList, this.#button("game.stats.reset", () => actions.askResetStats()), this.#backupControls());

    const help = element("p", "hm-help", this.t("game.help.keys"));
    side.append(this.notice, form, this.codeError, share, settingsBox, stats, help);

    this.dialog = createDialog(signal);
    this.dialog.addEventListener("close", () => this.board.focusCurrent(), { signal });
    for (const layout of LAYOUTS) {
      const probe = this.#probes[layout] = element("div", "hm-fit-probe");
      probe.dataset.layout = layout;
      probe.setAttribute("aria-hidden", "true");
    }
    mount.dataset.layout = "above";
    mount.append(main, this.dialog, ...Object.values(this.#probes));

    this.board = createBoard(boardHolder, catalog);
    // Fitted in the first frame, with the frame's own first layout of the game, not in the task
    // that builds it: that task was the page's longest (issue 44). Nothing is painted between.
    // The code field, the settings and the statistics, under the play area, come in a task of
    // their own after that frame: they are not in the first screen's play, and styled and laid
    // out with the board they made its two tasks longer by a quarter (issue 44). Nothing above
    // them moves as they come.
    this.#firstFit = requestAnimationFrame(() => {
      this.fitBoard();
      this.#sideLater = setTimeout(() => mount.insertBefore(side, this.dialog));
    });
    // The layout depends on the window's size, and on the figures' line over the board (a
    // longer time can wrap it): both are looked at again when the window changes.
    window.addEventListener("resize", () => this.fitBoard(), { signal });
    this.#unbindInput = attachInput(this.board, {
      onTap: (source) => actions.tap(source),
      onClear: () => actions.clearSelection(),
      onUndo: () => actions.undo(),
    });
    // The game's keys are its own while the focus is in the game (the board, its buttons, its
    // dialog): the theme's single-letter shortcuts (n, p, s, f, /, ., ,), read on the window,
    // must not leave the page or open search over the board. The game's own document listener
    // (attachInput) has run by then.
    document.addEventListener("keydown", (event) => {
      if (!event.ctrlKey && !event.metaKey && !event.altKey && mount.contains(event.target)) event.stopPropagation();
    }, { signal });
  }

  t(key, params) { return this.catalog.text(key, params); }

  #button(key, action) {
    const node = element("button", "hm-button", this.t(key));
    node.type = "button";
    node.dataset.action = key.split(".").pop(); // new, restart, undo, copy_link, export, reset
    node.addEventListener("click", action, { signal: this.#listening.signal });
    return node;
  }

  /** Export and Import of the statistics and saved games (backup.js), under the statistics. */
  #backupControls() {
    const box = element("div", "hm-backup");
    const hint = element("p", "hm-backup-hint", this.t("game.backup.hint"));
    hint.id = newId("backup-hint");
    const exportButton = this.#button("game.backup.export", () => this.actions.exportBackup());
    const importButton = this.#button("game.backup.import", () => file.click());
    for (const [button, name] of [[exportButton, "backup_export"], [importButton, "backup_import"]]) {
      button.dataset.action = name;
      button.setAttribute("aria-describedby", hint.id);
    }
    const file = element("input");
    Object.assign(file, { type: "file", accept: ".json,application/json", hidden: true, tabIndex: -1 });
    file.addEventListener("change", () => {
      const [chosen] = file.files;
      file.value = ""; // the same file chosen again is a new choice
      if (chosen) this.actions.importBackup(chosen);
    }, { signal: this.#listening.signal });
    const row = element("div", "hm-backup-row");
    row.append(exportButton, importButton);
    box.append(hint, row, file);
    return box;
  }

  /**
   * The play area, laid out on its own: a box whose height is set from its content's (so nothing
   * inside can change the page's layout), which makes a tap's changes lay out only this box and
   * not the whole page again. The content is measured whenever its size changes, before paint.
   */
  #stage(...children) {
    const box = element("div", "hm-stage");
    const content = element("div", "hm-stage-content");
    content.append(...children);
    box.append(content);
    this.#resizes = new ResizeObserver(([entry]) => {
      box.style.height = `${entry.borderBoxSize[0].blockSize}px`;
      // Contained only once the height is set: until then the box is as tall as its content, so
      // whenever the first measurement comes, nothing moves.
      box.style.contain = "size layout style";
    });
    this.#resizes.observe(content);
    return box;
  }

  /**
   * Lay the play area out in the way that gives the largest cards with the whole board on the
   * screen (game.css: beside, above or below), and tell the stylesheet where the board's top
   * is, so that the board fits the height left under it. Each way is tried: the stylesheet
   * works out the card's width (--hm-w) for it. Beside is kept on a landscape screen and above
   * on any other while they give cards at least 4/5 as wide as the best, for the buttons then
   * stay on the first screen: a laptop's window, a phone held upright or on its side; below is
   * for the screens where either would make the cards much smaller (a small window zoomed in).
   */
  fitBoard() {
    const { mount, boardHolder } = this;
    const stage = boardHolder.parentElement;
    const top = (node) => node.getBoundingClientRect().top + window.scrollY;
    // The board's top in each way, measured in one layout: under the controls when above, else
    // the stage's own top. Neither depends on the board's size (--hm-above). Each way's card
    // width is then read from its probe, which restyles the probe alone: trying each way on the
    // game itself restyled all of it three times, at the game's start on a phone a long part of
    // its longest task.
    mount.dataset.layout = "above";
    const tops = { above: top(boardHolder) };
    tops.beside = tops.below = top(stage);
    const widths = {};
    for (const layout of LAYOUTS) this.#probes[layout].style.setProperty("--hm-above", `${tops[layout]}px`);
    for (const layout of LAYOUTS) {
      widths[layout] = parseFloat(getComputedStyle(this.#probes[layout]).getPropertyValue("--hm-w")) || 0;
    }
    const best = Math.max(...Object.values(widths));
    const landscape = window.innerWidth >= (4 / 3) * window.innerHeight;
    const liked = landscape ? ["beside", "above"] : ["above", "beside"];
    const layout = liked.find((name) => widths[name] >= 0.8 * best)
      ?? Object.keys(widths).find((name) => widths[name] === best);
    mount.dataset.layout = layout;
    mount.style.setProperty("--hm-above", `${tops[layout]}px`);
  }

  /**
   * Scroll the page, as little as will do, so that the whole board is in view between the
   * theme's header (fixed over the page) and the foot of the window. Looked at again once the
   * scroll has ended: a scroll the browser had under way (Firefox brings a field's text into
   * view for a moment after each key) can end elsewhere.
   */
  revealBoard({ again = true } = {}) {
    const board = this.board.root.getBoundingClientRect();
    const header = document.querySelector(".md-header");
    const under = header && getComputedStyle(header).position !== "static" ? header.getBoundingClientRect().bottom : 0;
    let by = Math.max(0, board.bottom - window.innerHeight);
    if (board.top - by < under) by = board.top - under;
    if (Math.abs(by) < 1) return;
    if (again) window.addEventListener("scrollend", () => this.revealBoard({ again: false }), { once: true, signal: this.#listening.signal });
    window.scrollBy({ top: by, behavior: "instant" });
  }

  // --- drawing ---------------------------------------------------------------------------

  /** The game as it stands: the board, its figures, the buttons, the deck's colours, won or over. */
  draw(game, settings) {
    this.board.draw({
      position: game.position,
      selection: game.selection,
      dimmed: settings.placementHelp ? game.dimmed() : [],
      open: settings.openCards, // every card shown (fan.js)
    });
    setText(this.fields.score, String(game.score));
    setText(this.fields.moves, String(game.moveCount));
    setText(this.fields.code, game.code);
    // A button that becomes disabled while it has the focus hands it to the board.
    setDisabled([[this.undoButton, !game.canUndo], [this.restartButton, !game.moveCount],
      [this.hintButton, game.won || game.deadlocked]], () => this.board.currentCell());
    if (this.hintButton.hidden !== !settings.coach) this.hintButton.hidden = !settings.coach;
    if (this.hintedList.hidden !== !settings.coach) this.hintedList.hidden = !settings.coach;
    const deck = settings.fourColour ? "four" : "two"; // the suits' colours (game.css)
    if (this.mount.dataset.deck !== deck) this.mount.dataset.deck = deck;
    this.board.showWon(game.won);
    this.mount.classList.toggle("hm-over", game.won || game.deadlocked);
  }

  drawTime(text) {
    setText(this.fields.time, text);
  }

  /** The statistics (storage.js loadStats), formatted only when they are another object than those shown. */
  drawStats(stats, variant = "standard") {
    if (this.#statsShown === stats) return;
    this.#statsShown = stats;
    const { catalog } = this;
    // The open variant's statistics are its own, and their heading says so.
    setText(this.statsTitle, this.t(variant === "open" ? "game.stats.heading_open" : "game.stats.heading"));
    const values = {
      played: catalog.number(stats.played), won: catalog.number(stats.won),
      rate: catalog.percents.format(stats.played ? stats.won / stats.played : 0),
      streak: catalog.number(stats.streak), best_streak: catalog.number(stats.bestStreak),
    };
    for (const name of STAT_NAMES) setText(this.statValues[name], values[name]);
  }

  /** The games played with a hint (storage.js loadHinted), shown while the coach is on. */
  drawHinted(hinted) {
    for (const name of ["played", "won"]) setText(this.hintedValues[name], this.catalog.number(hinted[name]));
  }

  showSettings(settings) {
    for (const [name, box] of Object.entries(this.boxes)) box.checked = settings[name];
  }

  /** A notice over the code form (the page's catalog did not load: English is shown). */
  showNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = false;
  }

  setMessage(text, kind = "") {
    setText(this.message, text);
    if (this.message.dataset.kind !== kind) this.message.dataset.kind = kind;
  }

  /** What was said last to screen readers. */
  get said() { return this.live.textContent; }

  say(text) {
    // The same text again replaces the node, so that screen readers announce it again.
    if (this.live.textContent === text) this.live.textContent = text;
    else setText(this.live, text);
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

  clearCode() {
    this.codeInput.value = "";
  }

  /** The focus on the board's current card (`options`: focus()'s, such as preventScroll). */
  focusBoard(options) {
    this.board.focusCurrent(options);
  }

  /** Mark the cards at `sources` as a move that is no move, until the next tap; [] takes the marks away. */
  markMismatch(sources) {
    this.board.markMismatch(sources);
  }

  /** The cards a removal uncovered, at `sources`, rise into place. */
  showRemoval(sources) {
    this.board.rise(sources);
  }

  /** The message over the board goes if it says why a move was no move. */
  clearErrorMessage() {
    if (this.message.dataset.kind === "error") this.setMessage("");
  }

  /** Open the dialog (dialog.js openDialog's options); its buttons' listeners go with the view. */
  openDialog(options) {
    openDialog(this.dialog, { ...options, signal: this.#listening.signal });
  }

  /** Put `text` in the open dialog of `kind` in place of its line marked `mark` (a line given as
   * {text, mark}); false when that dialog is no longer open. */
  updateDialogLine(kind, mark, text) {
    const line = this.dialog.open && this.dialog.dataset.kind === kind && this.dialog.querySelector(`p[data-mark="${mark}"]`);
    if (!line) return false;
    line.textContent = text;
    return true;
  }

  closeDialog() {
    if (this.dialog.open) this.dialog.close();
  }

  /**
   * Unbind the view: every listener it added (on its elements, the document and the board's input)
   * and its size observer go, the board's animations stop and an open dialog closes. The
   * elements stay as last drawn, inert; the mount can be given to a new game.
   */
  destroy() {
    cancelAnimationFrame(this.#firstFit);
    clearTimeout(this.#sideLater);
    this.#listening.abort();
    this.#unbindInput();
    this.#resizes.disconnect();
    this.closeDialog();
    this.board.destroy();
  }
}
