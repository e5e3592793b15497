// Pointer and keyboard input on the board. The board is one Tab stop (roving tabindex); the
// arrow keys move over the board as drawn (it is never mirrored), Home and End go to pile 1
// and slot R8, Enter or Space taps. Escape, U and Ctrl+Z work anywhere on the page except in
// text fields and open dialogs; none of them is one of Material's own keys (n p f s / , .).

// Where each arrow leads from each place: the top row 4–10, the sides 1–3 and 11–12, the
// reserve's rows R1–R4 (beside piles 2 and 12) and R5–R8 (beside pile 1). Missing: stay.
export const KEY_MAP = {
  ArrowRight: {
    4: "5", 5: "6", 6: "7", 7: "8", 8: "9", 9: "10", 10: "11", 3: "R1",
    2: "R1", R1: "R2", R2: "R3", R3: "R4", R4: "12", 1: "R5", R5: "R6", R6: "R7", R7: "R8", R8: "12",
  },
  ArrowLeft: {
    5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 4: "3", 11: "R4",
    12: "R4", R4: "R3", R3: "R2", R2: "R1", R1: "2", R8: "R7", R7: "R6", R6: "R5", R5: "1",
  },
  ArrowDown: {
    4: "3", 5: "R1", 6: "R2", 7: "R2", 8: "R3", 9: "R4", 10: "11", 3: "2", 2: "1", 11: "12", 12: "R8",
    R1: "R5", R2: "R6", R3: "R7", R4: "R8",
  },
  ArrowUp: {
    3: "4", 2: "3", 1: "2", 11: "10", 12: "11", R1: "5", R2: "6", R3: "8", R4: "9",
    R5: "R1", R6: "R2", R7: "R3", R8: "R4",
  },
  Home: Object.fromEntries([..."23456789", "10", "11", "12", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"].map((s) => [s, "1"])),
  End: Object.fromEntries([..."123456789", "10", "11", "12", "R1", "R2", "R3", "R4", "R5", "R6", "R7"].map((s) => [s, "R8"])),
};

// U on any layout: the letter u, or the U key where the layout types no Latin letter there
// (Russian, Hebrew). On Dvorak that key types f, Material's search key, so it is not ours.
const isU = (event) => event.key === "u" || event.key === "U" || (event.code === "KeyU" && !/^[a-z]$/i.test(event.key));

const inTextField = (target) => Boolean(target.closest?.("input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable]"));

/**
 * Wire `board` (from createBoard) to handlers: onTap(source), onClear(), onUndo().
 * Escape, U and Ctrl+Z are read on the whole document. Returns the unbind: it removes every
 * listener this added.
 */
export function attachInput(board, { onTap, onClear, onUndo }) {
  const listening = new AbortController();
  const { signal } = listening;
  board.setCurrent(board.current ?? "1");
  board.root.addEventListener("click", (event) => {
    const cell = event.target.closest("[data-source]");
    if (!cell || !board.root.contains(cell)) return;
    // A tap on the board is the game's alone: the theme's page-wide click handlers (they look
    // for links) would only add to every tap's time.
    event.stopPropagation();
    board.setCurrent(cell.dataset.source);
    onTap(cell.dataset.source);
  }, { signal });
  board.root.addEventListener("keydown", (event) => {
    const cell = event.target.closest("[data-source]");
    const next = cell && KEY_MAP[event.key]?.[cell.dataset.source];
    if (!cell || !(event.key in KEY_MAP) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (next) board.setCurrent(next, { focus: true });
  }, { signal });
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || inTextField(event.target) || document.querySelector("dialog[open]")) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (event.key === "Escape" && !ctrl) {
      onClear();
    } else if (isU(event) && !ctrl && !event.altKey) {
      event.preventDefault();
      onUndo();
    } else if (ctrl && !event.altKey && !event.shiftKey && (event.key === "z" || event.code === "KeyZ")) {
      event.preventDefault();
      onUndo();
    }
  }, { signal });
  return () => listening.abort();
}
