// Loaded on every page (mkdocs.yml extra_javascript, async): starts the game, the
// step-through viewer or the Deal codes page's lookup only where the page has a mount point
// (a viewer only once the reader comes near it).
// Their stylesheet is in <head>.
// The plugin moves this script into <head>, so it may run while the page is still being
// parsed. The game starts as soon as the parser has left its mount point behind (it has a next
// sibling), without waiting for the theme's script and the rest of the page; the viewers and
// the lookup, which may be several per page, wait for the whole page.

/** Call `start` once for each of `elements`, when it comes within a screen of the view. */
function whenNear(elements, start) {
  if (!("IntersectionObserver" in window)) return elements.forEach(start);
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries.filter((entry) => entry.isIntersecting)) {
      observer.unobserve(entry.target);
      start(entry.target);
    }
  }, { rootMargin: "100% 0px" });
  elements.forEach((element) => observer.observe(element));
}

const parsed = (node) => Boolean(node?.nextSibling) || document.readyState !== "loading";

function gameMount() {
  const found = () => parsed(document.querySelector(".hm-game"));
  if (found()) return Promise.resolve(document.querySelector(".hm-game"));
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      resolve(document.querySelector(".hm-game"));
    };
    const observer = new MutationObserver(() => found() && done());
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", done, { once: true });
  });
}

const game = await gameMount();
if (game) (await import("./app.js")).mountGame(game);

if (document.readyState === "loading") {
  await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
}
// A printed page says where it lives: the build wrote its path, only the browser knows the rest.
for (const element of document.querySelectorAll("[data-hm-address]")) {
  element.textContent = location.href.split(/[?#]/)[0];
}
// A step-through viewer starts when the reader comes within a screen of it: replaying its game
// and drawing its board cost a phone a long moment, and the viewer sits below the page's first
// screens.
let stepperModule;
whenNear(document.querySelectorAll(".hm-stepper"), async (element) => {
  stepperModule ??= import("./stepper.js");
  (await stepperModule).mountStepper(element);
});
const lookups = [...document.querySelectorAll(".hm-lookup")];
if (lookups.length) {
  const { mountLookup } = await import("./lookup.js");
  lookups.forEach((element) => mountLookup(element));
}
