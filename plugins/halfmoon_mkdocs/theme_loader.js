// Material's script, started at the reader's first use of the page (assets.theme_at_first_use).
// The page carries this inline at the end of <body>, with THEME_SCRIPT the bundle's address.
(() => {
  const d = document;
  // Not a scroll or a focus by itself: a page's own layout scrolls it (a right-to-left page, as
  // the game is drawn) and a script may focus; a reader's scroll or focus comes with one of these.
  const kinds = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "focusin", "click", "change"];
  const replays = [];
  let keyboard = false;
  let requested = false;

  const typing = (el) => el instanceof HTMLElement &&
    (el.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName));
  const query = () => d.querySelector("[data-md-component=search-query]");

  // What the theme does for a use that comes before it runs: done now where the reader must not
  // wait (search takes the keys typed next; a keyboard focus is shown), else done again for the
  // theme once it runs (the colour switch, the keys that go to the next or previous page).
  // A use of the game (a tap, a key, a setting on the Play page) is the game's: the theme does
  // nothing there, and does not start, so a player's moves never wait on it.
  function early(event) {
    const target = event.target;
    const game = target instanceof Element && target.closest(".hm-game");
    if (event.type === "keydown") {
      keyboard = true;
      // Every key is the game's while the focus is in it, the theme's search keys too (view.js).
      if (event.metaKey || event.ctrlKey || event.altKey || event.isComposing || game) return;
      if (!typing(d.activeElement) && ["f", "s", "/"].includes(event.key) && query()) {
        event.preventDefault();
        d.getElementById("__search").checked = true;
        query().focus();
        query().select();
      } else if (["n", "p", ",", "."].includes(event.key) && !typing(d.activeElement) ||
                 event.key === "Enter" && target instanceof Element &&
                 target.closest("[data-md-component=palette]")) {
        replays.push(() => target.dispatchEvent(new KeyboardEvent("keydown", {key: event.key, bubbles: true, cancelable: true})));
      }
    } else if (event.type === "pointerdown" || event.type === "touchstart") {
      keyboard = false;
      if (game) return;
    } else if (game) {
      return;
    } else if (event.type === "focusin") {
      // As the theme's focus-visible polyfill marks it, and unmarks it on blur.
      if (keyboard && target instanceof Element && !target.classList.contains("focus-visible")) {
        target.classList.add("focus-visible");
        target.setAttribute("data-focus-visible-added", "");
      }
      return;
    } else if (event.type === "click" && target instanceof Element && target.closest("header [for=__search]")) {
      // Focused in the tap itself, or a phone shows no keyboard.
      query()?.focus();
    } else if (event.type === "change" && target instanceof Element && target.closest("[data-md-component=palette]")) {
      replays.push(() => target.dispatchEvent(new Event("change")));
    }
    start();
  }

  function start() {
    if (requested) return;
    requested = true;
    const script = d.createElement("script");
    script.src = THEME_SCRIPT;
    // Material starts on DOMContentLoaded, long past: repeated for it, in a task of its own.
    script.onload = () => setTimeout(() => {
      d.dispatchEvent(new Event("DOMContentLoaded"));
      for (const kind of kinds) removeEventListener(kind, early, true);
      setTimeout(() => replays.splice(0).forEach((replay) => replay()));
    });
    d.body.append(script);
  }

  // Passive but for keys, the one kind whose default it may prevent: a touch or a wheel never
  // waits for it to scroll.
  for (const kind of kinds) addEventListener(kind, early, {capture: true, passive: kind !== "keydown"});
  // A search's address (?q=, or ?h= from a result) is the theme's to show at once: it starts
  // once the page is drawn (two frames: the screen shows the page before it).
  const asked = new URL(location.href).searchParams;
  if (asked.has("q") || asked.has("h")) {
    const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
    d.readyState === "loading" ? d.addEventListener("DOMContentLoaded", drawn, {once: true}) : drawn();
  }
})();
