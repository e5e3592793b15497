// Pointer and keyboard input on the board: clicks and taps, arrows between cards (on the
// board's own, unmirrored grid), Enter/Space to tap, Escape to clear, U or Ctrl+Z to undo.

import { placeOf } from "./board.js";

const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/** The card nearest to `source` in direction [dRow, dColumn], or null. */
export function neighbour(sources, source, [dRow, dColumn]) {
  const from = placeOf(source);
  let best = null;
  let bestCost = Infinity;
  for (const other of sources) {
    if (other === source) continue;
    const to = placeOf(other);
    const rows = to.row - from.row;
    const columns = to.column - from.column;
    const along = dRow ? rows * dRow : columns * dColumn;
    const across = dRow ? Math.abs(columns) : Math.abs(rows);
    if (along <= 0) continue;
    const cost = along * (dRow ? 20 : 1) + across * (dRow ? 1 : 40);
    if (cost < bestCost) [best, bestCost] = [other, cost];
  }
  return best;
}

/**
 * Wire `board` (from createBoard) to handlers: onTap(source), onClear(), onUndo().
 * Keys for undo and clear work anywhere in `scope` except in text fields.
 */
export function attachInput(board, scope, { onTap, onClear, onUndo }) {
  const sources = [...board.cells.keys()];
  board.root.addEventListener("click", (event) => {
    const cell = event.target.closest("[data-source]");
    if (cell && board.root.contains(cell)) onTap(cell.dataset.source);
  });
  board.root.addEventListener("keydown", (event) => {
    const cell = event.target.closest("[data-source]");
    if (!cell || !(event.key in ARROWS)) return;
    const next = neighbour(sources, cell.dataset.source, ARROWS[event.key]);
    event.preventDefault();
    if (next) board.cells.get(next).focus();
  });
  scope.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select")) return;
    if (event.key === "Escape") {
      onClear();
    } else if ((event.key === "u" || event.key === "U" || event.code === "KeyU") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      onUndo();
    } else if ((event.ctrlKey || event.metaKey) && (event.key === "z" || event.code === "KeyZ")) {
      event.preventDefault();
      onUndo();
    }
  });
}
