// The board of SPEC §4.5, drawn with DOM buttons: the arc of twelve piles, the reserve in
// the middle, only top cards shown. It knows no rules: it draws what it is given.

import { SOURCES } from "./engine.js";
import { element, setAttribute, setText } from "./dom.js";
import { drawFace } from "./face.js";
import { cardsBeneath, drawFan, fannedLabel } from "./fan.js";

// Grid places on an 18-column grid (each card spans two), rows 1–4, as in §4.5.
const PLACES = {
  1: [4, 1], 2: [3, 1], 3: [2, 1],
  4: [1, 3], 5: [1, 5], 6: [1, 7], 7: [1, 9], 8: [1, 11], 9: [1, 13], 10: [1, 15],
  11: [2, 17], 12: [3, 17],
  R1: [3, 6], R2: [3, 8], R3: [3, 10], R4: [3, 12],
  R5: [4, 6], R6: [4, 8], R7: [4, 10], R8: [4, 12],
};

export function placeOf(source) {
  const [row, column] = PLACES[source];
  return { row, column };
}

// A cell's state is shown by data attributes, never classes: the theme's `:not([class])` rules
// make any class change re-style the element's whole subtree and its next sibling's.
const SELECTED = 1, DIMMED = 2, MARKED = 4, REMOVED = 8; // a cell's flags
const STATES = [["selected", SELECTED], ["dimmed", DIMMED], ["marked", MARKED], ["removed", REMOVED]];

const calm = matchMedia("(prefers-reduced-motion: reduce)");
const RISE = [{ opacity: 0, transform: "scale(0.8)" }, { opacity: 1, transform: "none" }];

/**
 * A board built inside `container` in the language of `catalog`, interactive (buttons) or not
 * (the Examples viewer's pictures). Its elements are its own: the others read `root` and the
 * cells, and change the board only through its methods.
 */
export function createBoard(container, catalog, { interactive = true } = {}) {
  return new Board(container, catalog, interactive);
}

class Board {
  #catalog;
  #current; // the board's one Tab stop, once input is attached
  #cells = new Map(); // source → cell

  constructor(container, catalog, interactive) {
    this.#catalog = catalog;
    this.root = element("div", "hm-board", undefined, { dir: "ltr", role: "group", "aria-label": catalog.text("game.board.label") });
    for (const source of SOURCES) {
      const { row, column } = placeOf(source);
      const cell = element(interactive ? "button" : "div", `hm-cell${source.startsWith("R") ? " hm-slot" : ""}`, undefined, {
        "data-source": source,
      });
      if (interactive) cell.type = "button";
      else cell.setAttribute("role", "img");
      cell.style.gridArea = `${row} / ${column} / span 1 / span 2`;
      const face = element("span", "hm-face", undefined, { "aria-hidden": "true" });
      const tag = element("span", "hm-tag", undefined, { "aria-hidden": "true" });
      tag.append(element("span", "hm-tag-name", source));
      if (!source.startsWith("R")) tag.append(" ", element("span", "hm-tag-count"));
      cell.append(face, " ", tag); // spaces between the texts, as the accessible name has them
      this.root.append(cell);
      this.#cells.set(source, cell);
    }
    Object.freeze(this); // root is read, never replaced
    container.append(this.root);
  }

  /** The source whose cell is the board's Tab stop (undefined until input is attached). */
  get current() { return this.#current; }

  /** The cell of `source`. */
  cell(source) { return this.#cells.get(source); }

  /** Make `source` the board's one Tab stop (and focus it when `focus`). */
  setCurrent(source, { focus = false } = {}) {
    if (this.#current === undefined) {
      for (const [name, cell] of this.#cells) cell.tabIndex = name === source ? 0 : -1;
    } else if (this.#current !== source) { // only two cells change: every attribute write costs style work
      this.#cells.get(this.#current).tabIndex = -1;
      this.#cells.get(source).tabIndex = 0;
    }
    this.#current = source;
    if (focus) this.focusCurrent();
  }

  /** The cell that is the Tab stop (where the focus goes back to). */
  currentCell() { return this.#cells.get(this.#current); }

  /** Give the focus to the Tab stop (`options`: focus()'s, such as preventScroll). */
  focusCurrent(options) { this.currentCell()?.focus(options); }

  /** Show the board as won, or not. */
  showWon(won) { this.root.classList.toggle("hm-won", won); }

  /**
   * Mark the cards of a move that is no move (a wrong pair or triple), and only those: they
   * shake for a moment, or keep a still mark under prefers-reduced-motion (game.css).
   */
  markMismatch(sources) {
    for (const [source, cell] of this.#cells) {
      if (cell.hasAttribute("data-mismatch") !== sources.includes(source)) cell.toggleAttribute("data-mismatch");
    }
  }

  /**
   * Draw a position: `view` = {position, selection, dimmed, marked, removed, open}. Only what changed
   * is touched, so a tap redraws within a frame. `open`: every pile fanned (fan.js).
   */
  draw(view) {
    const catalog = this.#catalog;
    const open = Boolean(view.open);
    const deal = view.position.code;
    if (this.root.hasAttribute("data-open") !== open) this.root.toggleAttribute("data-open", open);
    const selection = view.selection ?? [];
    const dimmed = view.dimmed ?? [];
    const marked = view.marked ?? [];
    const removed = view.removed ?? [];
    for (const [source, cell] of this.#cells) {
      const card = view.position.cardAt(source);
      const count = view.position.count(source);
      const flags = (selection.includes(source) ? SELECTED : 0) | (dimmed.includes(source) ? DIMMED : 0)
        | (marked.includes(source) ? MARKED : 0) | (removed.includes(source) ? REMOVED : 0);
      // Most taps change two or three cells; the others are compared without building anything.
      if (cell.hmCard === card && cell.hmCount === count && cell.hmFlags === flags
        && Boolean(cell.hmOpen) === open && (!open || cell.hmDeal === deal)) continue;
      const changedFlags = (cell.hmFlags ?? 0) ^ flags;
      Object.assign(cell, { hmCard: card, hmCount: count, hmFlags: flags, hmOpen: open, hmDeal: deal });
      const isSlot = source.startsWith("R");
      const beneath = open && !isSlot ? cardsBeneath(view.position, source) : null;
      if (!isSlot) drawFan(cell, beneath, catalog);
      const [faceNode, tagNode] = cell.children;
      // The colour on the face, not the cell: it only colours the face, and a change on the cell
      // would make the button (which many of the theme's rules match) work out its own style again too.
      drawFace(faceNode, card, catalog);
      if (!isSlot) setText(tagNode.lastChild, String(count));
      for (const [state, bit] of STATES) if (changedFlags & bit) cell.toggleAttribute(`data-${state}`, Boolean(flags & bit));
      let label = cellLabel(catalog, source, card, count);
      if (beneath) label = fannedLabel(catalog, label, beneath);
      if (flags & DIMMED) label = catalog.text("game.card.dimmed", { label });
      // The name says each thing once, in words: the pile's number or the slot's name and the
      // count the tag shows ("Pile 1: 8 cards, 10 of hearts"; a voice-control user says "pile 1"),
      // and the card the face shows, named, not read out as a letter and a symbol.
      setAttribute(cell, "aria-label", label);
      if (cell.tagName === "BUTTON") {
        setAttribute(cell, "aria-pressed", flags & SELECTED ? "true" : "false");
        setAttribute(cell, "aria-disabled", card ? "false" : "true");
      }
    }
  }

  /**
   * The new cards in the cells of `sources` rise into place (not under prefers-reduced-motion).
   * Each face keeps one animation and plays it again: a new animate() call costs more than the
   * replay, and several animations on one face could not run on the compositor.
   */
  rise(sources) {
    if (calm.matches) return;
    for (const source of sources) {
      const cell = this.#cells.get(source);
      cell.hmRise ??= new Animation(new KeyframeEffect(cell.firstChild, RISE, { duration: 180, easing: "ease-out" }));
      cell.hmRise.cancel();
      cell.hmRise.play();
    }
  }

  /** Stop what the board runs by itself (the cards' rise): it draws nothing more on its own. */
  destroy() {
    for (const cell of this.#cells.values()) cell.hmRise?.cancel();
  }
}

/** "Pile 3: 7 cards, queen of hearts" / "Slot R2: empty" in the page's language. */
export function cellLabel(catalog, source, card, count) {
  if (source.startsWith("R")) {
    const slot = catalog.isolate(source);
    return card ? catalog.text("game.slot.label", { slot, card: catalog.cardWords(card) }) : catalog.text("game.slot.empty", { slot });
  }
  if (!card) return catalog.text("game.pile.empty", { pile: source });
  return catalog.text("game.pile.label", {
    pile: source, count: catalog.plural("docs.count.cards", count), card: catalog.cardWords(card),
  });
}
