// The DOM helpers the game's modules share: building an element, changing a text or an attribute
// only when it differs, disabling buttons without losing the focus, ids, and a file to download.
// Nothing here touches the page when loaded (Node loads board.js, and with it this module).

/** A new element: its class when given, its text when given, then its attributes, in that order. */
export function element(tag, className, text, attributes = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/**
 * Change a text only when it differs, and in place: every write makes the browser lay the page
 * out again, and a new text node would also need its style worked out.
 */
export function setText(node, text) {
  const only = node.firstChild;
  if (only?.nodeType === Node.TEXT_NODE && only === node.lastChild) {
    if (only.data !== text) only.data = text;
  } else if (node.textContent !== text) node.textContent = text;
}

/** Set an attribute only when its value changes: even an equal write costs style work. */
export function setAttribute(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/**
 * Enable or disable buttons, given as [[button, disabled], …]. A focused button that gets
 * disabled drops the focus to the page at once (by the time `disabled` is set, the page has it
 * already), so the focus goes to `fallback()` instead.
 */
export function setDisabled(buttons, fallback) {
  const focused = document.activeElement;
  for (const [button, disabled] of buttons) button.disabled = disabled;
  if (focused?.disabled && buttons.some(([button]) => button === focused)) fallback().focus();
}

let idCounter = 0;
/** An id no other element of the page has: `hm-<stem>-<n>`. */
export const newId = (stem) => `hm-${stem}-${++idCounter}`;

/** Offer `blob` as a download named `name`, through a link clicked once. */
export function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
