// The Examples page's step-through viewer: previous/next through a won game, the board
// redrawn by the same engine and board as the Play page. Keyboard: the buttons, or the
// arrow keys, Home and End while focus is inside the viewer.

import { parseRecord, replayRecord, moveText } from "./engine.js";
import { createBoard } from "./board.js";
import { setDisabled } from "./dom.js";
import { loadCatalog } from "./i18n.js";
import { loadSettings } from "./storage.js";

function readRecord(element) {
  const text = element.dataset.record ?? "";
  const code = element.dataset.code ?? "";
  try {
    return parseRecord(text);
  } catch {
    return parseRecord(`${code}\n${text}`);
  }
}

export async function mountStepper(element) {
  let record, catalog;
  try {
    record = readRecord(element);
    replayRecord(record); // the whole game must replay before the viewer offers it
    ({ catalog } = await loadCatalog(element));
  } catch {
    return null; // the page keeps its static move table
  }
  const t = (key, params) => catalog.text(key, params);
  element.replaceChildren();
  element.setAttribute("role", "region");
  element.setAttribute("aria-label", t("game.stepper.label"));
  element.dataset.deck = loadSettings().fourColour ? "four" : "two"; // the Play page's setting

  const controls = document.createElement("div");
  controls.className = "hm-stepper-controls";
  const buttons = {};
  for (const name of ["first", "previous", "next", "last"]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t(`game.stepper.${name}`);
    button.dataset.step = name;
    controls.append(button);
    buttons[name] = button;
  }
  const status = document.createElement("p");
  status.className = "hm-stepper-status";
  status.setAttribute("aria-live", "polite");
  const holder = document.createElement("div");
  // The legend of the two marks: the cards of the next move, the places just emptied.
  const legend = document.createElement("p");
  legend.className = "hm-legend";
  for (const kind of ["next", "removed"]) {
    const item = document.createElement("span");
    item.className = `hm-legend-${kind}`;
    item.textContent = t(`game.stepper.legend_${kind}`);
    legend.append(item);
  }
  element.append(controls, status, holder, legend);
  const board = createBoard(holder, catalog, { interactive: false });

  const total = record.moves.length;
  let step = 0;
  let position = replayRecord(record, 0);

  function show(target) {
    target = Math.max(0, Math.min(total, target));
    while (step < target) position.push(record.moves[step++]);
    while (step > target) { position.pop(); step--; }
    const next = step < total ? record.moves[step] : [];
    const last = step ? position.lastRemoval() : null;
    board.draw({ position, marked: next, removed: last?.sources ?? [] });
    const said = [];
    if (!last) said.push(t("game.stepper.start", { code: catalog.isolate(record.code) }));
    else {
      said.push(t("game.stepper.step", {
        number: step, total, notation: catalog.isolate(moveText(last.sources)), score: position.score,
        what: catalog.join(last.cards.map((card, i) => catalog.cardFrom(card, last.sources[i]))),
      }));
    }
    if (next.length) {
      const what = catalog.join(next.map((source) => catalog.cardFrom(position.cardAt(source), source)));
      said.push(t("game.stepper.marked", { what }));
    } else if (position.isWon()) said.push(t("game.stepper.won"));
    status.textContent = catalog.joinSentences(said);
    // A button that becomes disabled while it has the focus hands it to its neighbour.
    setDisabled([[buttons.first, step === 0], [buttons.previous, step === 0], [buttons.next, step === total], [buttons.last, step === total]],
      () => (step === 0 ? buttons.next : buttons.previous));
    element.dataset.step = String(step);
  }

  const targets = { first: () => 0, previous: () => step - 1, next: () => step + 1, last: () => total };
  controls.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    show(targets[button.dataset.step]());
  });
  element.addEventListener("keydown", (event) => {
    const backward = catalog.rtl ? "ArrowRight" : "ArrowLeft";
    const forward = catalog.rtl ? "ArrowLeft" : "ArrowRight";
    const keys = { [backward]: "previous", [forward]: "next", Home: "first", End: "last" };
    if (!(event.key in keys)) return;
    event.preventDefault();
    show(targets[keys[event.key]]());
  });
  show(0);
  return { show };
}
