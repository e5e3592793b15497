// One modal <dialog> for the game's endings and confirmations: the browser moves focus into
// it, Escape closes it, and screen readers announce it by its title and text.

import { element, newId } from "./dom.js";

/**
 * The game's dialog (a new id), closed by a tap on its backdrop while the one shown allows it.
 * Its listeners, and those of every button openDialog puts in it, go when `signal` aborts.
 */
export function createDialog(signal) {
  const dialog = element("dialog", "hm-dialog");
  dialog.id = newId("dialog");
  dialog.addEventListener("click", (event) => {
    // Outside the dialog's box, where the event's target is the dialog itself.
    if (event.target !== dialog || !dialog.hmBackdropCloses) return;
    const box = dialog.getBoundingClientRect();
    const inside = box.left <= event.clientX && event.clientX <= box.right && box.top <= event.clientY && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  }, { signal });
  return dialog;
}

/**
 * Show `dialog` (from createDialog) with a title, lines of text (or {text, mark}) and buttons
 * [{text, action, kind}].
 * The first button takes the focus; any button closes the dialog before its action runs. The
 * buttons' listeners go when `signal` aborts (the one createDialog was given).
 */
export function openDialog(dialog, { title, lines = [], buttons = [], kind = "", close = "", signal }) {
  const heading = element("h2", "", title);
  heading.id = `${dialog.id}-title`;
  const text = element("div");
  text.id = `${dialog.id}-text`;
  text.append(...lines.map((line) => {
    if (typeof line === "string") return element("p", "", line);
    const paragraph = element("p", "", line.text); // {text, mark}: a line to be replaced later
    paragraph.dataset.mark = line.mark;
    return paragraph;
  }));
  const row = element("div", "hm-dialog-buttons");
  for (const { text: label, action, kind: buttonKind } of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (buttonKind) button.dataset.kind = buttonKind;
    button.addEventListener("click", () => {
      dialog.close();
      action?.();
    }, { signal });
    row.append(button);
  }
  const parts = [heading, text, row];
  if (close) {
    // An ending can be closed by touch too, to look at the board: a close button, and a tap
    // on the backdrop (createDialog).
    const shut = document.createElement("button");
    shut.type = "button";
    shut.className = "hm-dialog-close";
    shut.textContent = "\u00d7";
    shut.setAttribute("aria-label", close);
    shut.addEventListener("click", () => dialog.close(), { signal });
    parts.push(shut);
  }
  dialog.hmBackdropCloses = Boolean(close);
  dialog.replaceChildren(...parts);
  dialog.dataset.kind = kind;
  dialog.setAttribute("aria-labelledby", heading.id);
  dialog.setAttribute("aria-describedby", text.id);
  if (dialog.open) dialog.close();
  dialog.showModal();
  row.firstChild?.focus();
}
