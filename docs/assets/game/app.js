// The Play page: wires the engine, the board, input, storage and the catalogs together.
// Every string comes from the catalogs; user input only ever reaches the page as text.

import { DEAL_COUNT, DealCodeError, Game, formatCode, parseDealCode } from "./engine.js";
import { createBoard, drawBoard } from "./board.js";
import { attachInput } from "./input.js";
import { loadCatalog, pageLanguage } from "./i18n.js";
import { forgetGame, loadGame, loadSettings, saveGame, saveSettings } from "./storage.js";

const element = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

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

/** The message for a DealCodeError, in the catalog's language. */
export function codeErrorText(catalog, error) {
  const char = error.position ? Array.from(error.input)[error.position - 1] ?? "" : "";
  return catalog.text(`game.code_error.${error.kind}`, {
    position: error.position ?? "", char: catalog.isolate(char),
  });
}

function readHash() {
  const raw = location.hash.slice(1);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

class PlayPage {
  constructor(mount, catalog) {
    this.mount = mount;
    this.catalog = catalog;
    this.settings = loadSettings();
    this.game = null;
    this.startedAt = Date.now();
    this.endedAt = null;
    this.build();
  }

  t(key, params) { return this.catalog.text(key, params); }

  build() {
    const { mount, catalog } = this;
    mount.replaceChildren();
    mount.classList.add("hm-game-ready");
    mount.dir = catalog.direction;
    mount.lang = catalog.lang;

    const toolbar = element("div", "hm-toolbar");
    this.newButton = this.button("game.button.new", () => this.startGame(randomNumber(), { announce: true }));
    this.undoButton = this.button("game.button.undo", () => this.undo());
    this.exportButton = this.button("game.button.export", () => this.exportRecord());
    toolbar.append(this.newButton, this.undoButton, this.exportButton);

    const form = element("form", "hm-code-form");
    const inputId = newId("code");
    const errorId = newId("code-error");
    const label = element("label", null, this.t("game.code.label"));
    label.htmlFor = inputId;
    this.codeInput = element("input", "hm-code-input");
    Object.assign(this.codeInput, { id: inputId, type: "text", spellcheck: false, autocomplete: "off" });
    this.codeInput.setAttribute("dir", "ltr");
    this.codeInput.setAttribute("aria-describedby", errorId);
    const go = element("button", null, this.t("game.code.play"));
    go.type = "submit";
    form.append(label, this.codeInput, go);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.playCode(this.codeInput.value);
    });
    this.codeError = element("p", "hm-error");
    this.codeError.id = errorId;
    this.codeError.hidden = true;

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

    const settings = element("fieldset", "hm-settings");
    settings.append(element("legend", null, this.t("game.settings.legend")));
    for (const [name, key] of [["moveErrors", "game.settings.move_errors"], ["placementHelp", "game.settings.placement_help"]]) {
      const box = element("input");
      box.type = "checkbox";
      box.checked = this.settings[name];
      box.dataset.setting = name;
      box.addEventListener("change", () => {
        this.settings[name] = box.checked;
        saveSettings(this.settings);
        this.render();
      });
      const wrap = element("label", "hm-setting");
      wrap.append(box, " ", this.t(key));
      settings.append(wrap);
    }

    const help = element("p", "hm-help", this.t("game.help.keys"));
    mount.append(toolbar, form, this.codeError, info, boardHolder, this.message, this.live, settings, help);

    this.board = createBoard(boardHolder, catalog);
    attachInput(this.board, mount, {
      onTap: (source) => this.tap(source),
      onClear: () => this.clearSelection(),
      onUndo: () => this.undo(),
    });
    window.addEventListener("hashchange", () => this.followHash());
    setInterval(() => this.drawTime(), 1000);
  }

  button(key, action) {
    const node = element("button", "hm-button", this.t(key));
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  // --- starting games --------------------------------------------------------------------

  start() {
    const saved = loadGame();
    const wanted = readHash();
    let problem = null;
    if (wanted !== null) {
      try {
        const code = parseDealCode(wanted);
        if (saved && saved.game.code === code.code) return this.resume(saved);
        return this.startGame(code.number, { announce: true });
      } catch (error) {
        if (!(error instanceof DealCodeError)) throw error;
        problem = this.t("game.code_error.address", { detail: codeErrorText(this.catalog, error) });
      }
    }
    if (saved) this.resume(saved);
    else this.startGame(randomNumber(), { announce: false });
    if (problem) this.showCodeError(problem);
  }

  resume(saved) {
    Object.assign(this, saved);
    this.afterChange();
    this.say(this.t("game.said.resumed", { code: this.catalog.isolate(this.game.code) }));
  }

  startGame(number, { announce }) {
    this.game = new Game({ number, code: formatCode(number) });
    this.startedAt = Date.now();
    this.endedAt = null;
    this.hideCodeError();
    this.setMessage("");
    this.afterChange();
    if (announce) this.say(this.t("game.said.new_game", { code: this.catalog.isolate(this.game.code) }));
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
    this.startGame(code.number, { announce: true });
  }

  followHash() {
    const wanted = readHash();
    if (wanted === null || wanted === this.game.code) return;
    try {
      const code = parseDealCode(wanted);
      if (code.code !== this.game.code) this.startGame(code.number, { announce: true });
      else this.writeHash();
    } catch (error) {
      if (!(error instanceof DealCodeError)) throw error;
      this.showCodeError(this.t("game.code_error.address", { detail: codeErrorText(this.catalog, error) }));
      this.writeHash();
    }
  }

  writeHash() {
    if (location.hash !== `#${this.game.code}`) history.replaceState(null, "", `#${this.game.code}`);
  }

  showCodeError(text) {
    this.codeError.textContent = text;
    this.codeError.hidden = false;
    this.codeInput.setAttribute("aria-invalid", "true");
    this.say(text);
  }

  hideCodeError() {
    this.codeError.hidden = true;
    this.codeError.textContent = "";
    this.codeInput.removeAttribute("aria-invalid");
  }

  // --- playing ---------------------------------------------------------------------------

  tap(source) {
    const game = this.game;
    const before = game.selection;
    const card = game.position.cardAt(source);
    const result = game.tap(source);
    const { catalog } = this;
    if (result.removed.length) {
      const what = catalog.list(result.cards.map((c, i) => catalog.cardFrom(c, result.removed[i])));
      let said = this.t("game.said.removed", { what, score: game.score });
      this.setMessage("");
      const ending = this.endingText();
      if (ending) said += " " + ending;
      this.say(said);
    } else if (result.error) {
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
    this.afterChange();
  }

  clearSelection() {
    if (!this.game.clearSelection().length) return;
    this.say(this.t("game.said.cleared"));
    this.afterChange();
  }

  undo() {
    const cards = this.game.undo();
    if (!cards.length) {
      this.say(this.t("game.said.nothing_to_undo"));
      this.afterChange();
      return;
    }
    const what = this.catalog.list(cards.map((card) => this.catalog.card(card)));
    this.setMessage("");
    this.say(this.t("game.said.undone", { what, score: this.game.score }));
    this.afterChange();
  }

  /** The win or deadlock announcement, or "" while the game goes on. */
  endingText() {
    const game = this.game;
    if (game.won) {
      return this.t("game.said.won", {
        moves: this.catalog.plural("game.count.moves", game.moveCount),
        points: this.catalog.plural("game.count.points", game.score),
      });
    }
    return game.deadlocked ? this.t("game.said.deadlocked") : "";
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

  // --- drawing ---------------------------------------------------------------------------

  afterChange() {
    const ending = this.endingText();
    if (ending && this.endedAt === null) this.endedAt = Date.now();
    if (!ending) this.endedAt = null;
    if (ending) this.setMessage(ending, this.game.won ? "won" : "deadlock");
    this.writeHash();
    this.render();
    saveGame(this);
  }

  render() {
    const game = this.game;
    drawBoard(this.board, this.catalog, {
      position: game.position,
      selection: game.selection,
      dimmed: this.settings.placementHelp ? game.dimmed() : [],
    });
    this.fields.score.textContent = String(game.score);
    this.fields.moves.textContent = String(game.moveCount);
    this.fields.code.textContent = game.code;
    this.undoButton.disabled = !game.canUndo;
    this.mount.classList.toggle("hm-over", Boolean(this.endedAt));
    this.drawTime();
  }

  drawTime() {
    const text = formatTime((this.endedAt ?? Date.now()) - this.startedAt);
    if (this.fields.time.textContent !== text) this.fields.time.textContent = text;
  }

  setMessage(text, kind = "") {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  say(text) {
    this.live.textContent = text;
  }
}

/** Mount the game in `mount` (a `.hm-game` element). */
export async function mountGame(mount) {
  const catalog = await loadCatalog(pageLanguage(mount));
  const page = new PlayPage(mount, catalog);
  page.start();
  mount.hmGame = page; // for tests and benchmarks
  return page;
}

export { forgetGame };
