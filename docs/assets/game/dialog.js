// One modal <dialog> for the game's endings and confirmations: the browser moves focus into
// it, Escape closes it, and screen readers announce it by its title and text.

/**
 * Show `dialog` with a title, lines of text and buttons [{text, action, kind}]. The first
 * button takes the focus; any button closes the dialog before its action runs.
 */
export function openDialog(dialog, { title, lines = [], buttons = [], kind = "", close = "" }) {
  const heading = document.createElement("h2");
  heading.id = `${dialog.id}-title`;
  heading.textContent = title;
  const text = document.createElement("div");
  text.id = `${dialog.id}-text`;
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    text.append(p);
  }
  const row = document.createElement("div");
  row.className = "hm-dialog-buttons";
  for (const { text: label, action, kind: buttonKind } of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (buttonKind) button.dataset.kind = buttonKind;
    button.addEventListener("click", () => {
      dialog.close();
      action?.();
    });
    row.append(button);
  }
  const parts = [heading, text, row];
  if (close) {
    // An ending can be closed by touch too, to look at the board: a close button, and a tap
    // on the backdrop (outside the dialog's box, where the event's target is the dialog itself).
    const shut = document.createElement("button");
    shut.type = "button";
    shut.className = "hm-dialog-close";
    shut.textContent = "\u00d7";
    shut.setAttribute("aria-label", close);
    shut.addEventListener("click", () => dialog.close());
    parts.push(shut);
  }
  dialog.hmBackdropCloses = Boolean(close);
  if (!dialog.hmBackdropWatched) {
    dialog.hmBackdropWatched = true;
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog || !dialog.hmBackdropCloses) return;
      const box = dialog.getBoundingClientRect();
      const inside = box.left <= event.clientX && event.clientX <= box.right && box.top <= event.clientY && event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
  dialog.replaceChildren(...parts);
  dialog.dataset.kind = kind;
  dialog.setAttribute("aria-labelledby", heading.id);
  dialog.setAttribute("aria-describedby", text.id);
  if (dialog.open) dialog.close();
  dialog.showModal();
  row.firstChild?.focus();
}
