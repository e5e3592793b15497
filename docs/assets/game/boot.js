// Loaded on every page (mkdocs.yml extra_javascript, async): starts the game, the
// step-through viewer or the Deal codes page's lookup only where the page has a mount point.
// Their stylesheet is in <head>.
// As an async module this may run while the page is still being parsed: a mount point the
// parser has left behind (it has a next sibling) is ready; otherwise wait for the parse.

const MOUNTS = ".hm-game, .hm-stepper, .hm-lookup";
const ready = (selector) => [...document.querySelectorAll(selector)].every((node) => node.nextSibling);
if (document.readyState === "loading" && !(document.querySelector(MOUNTS) && ready(MOUNTS))) {
  await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
}

const game = document.querySelector(".hm-game");
const steppers = [...document.querySelectorAll(".hm-stepper")];

if (game) (await import("./app.js")).mountGame(game);
if (steppers.length) {
  const { mountStepper } = await import("./stepper.js");
  steppers.forEach((element) => mountStepper(element));
}
const lookups = [...document.querySelectorAll(".hm-lookup")];
if (lookups.length) {
  const { mountLookup } = await import("./lookup.js");
  lookups.forEach((element) => mountLookup(element));
}
