// Loaded on every page (mkdocs.yml extra_javascript, async): starts the step-through viewer or
// the Deal codes page's lookup only where the page has a mount point, and only once the reader
// comes near it; the game has its own entry, play.js. Their stylesheet is in <head>.
// The plugin moves this script into <head>, so it may run while the page is still being
// parsed; the viewers and the lookup, which may be several per page, wait for the whole page.

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

/** Start each of `elements` when it comes near, with `start(module, element)`: the module that
 * `load()` imports, once, for the first of them. */
function startNear(elements, load, start) {
  let loading;
  whenNear(elements, async (element) => start(await (loading ??= load()), element));
}

// On the Play page (it carries its catalog, before this script), the page's first number format
// is made now, while the browser still waits for the stylesheets: its one-time set-up (the
// browser builds its list of locales, tens of milliseconds on a phone) is then not between the
// page being parsed and the board being drawn (play.js).
const carried = document.querySelector("script[data-hm-catalog]");
if (carried) new Intl.NumberFormat(carried.dataset.hmCatalog);

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
startNear(document.querySelectorAll(".hm-stepper"), () => import("./stepper.js"),
  (module, element) => module.mountStepper(element));
// The lookup sits far down the Deal codes page, and starting it (its modules, its catalog, the
// number formats of the page's language) was the longest task of that page's load on a phone.
// It starts when the reader comes near it (its form keeps its place meanwhile, winnability.css).
// Its verdict file is still fetched once the page is idle, only fetched, not read: the service
// worker keeps it, so a page read online answers offline too.
const lookups = [...document.querySelectorAll(".hm-lookup")];
startNear(lookups, () => import("./lookup.js"), (module, element) => module.mountLookup(element));
// The offline page lists the pages this browser has kept.
const kept = document.querySelector(".hm-kept");
if (kept) import("./kept.js").then((module) => module.mountKept(kept));
const idle = window.requestIdleCallback ?? ((task) => setTimeout(task, 200));
for (const address of new Set(lookups.map((element) => element.dataset.verdicts))) {
  idle(() => fetch(new URL(address, document.baseURI)).catch(() => {}));
}
