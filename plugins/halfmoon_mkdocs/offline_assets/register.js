// Registers the offline worker in a built site; under `mkdocs serve` removes any worker
// that a built site left at the same address. When a new build's worker is waiting, a
// discreet notice offers to reload: the page never reloads by itself, least of all
// in the middle of a game.

const script = document.querySelector("script[data-worker]");
const notice = document.querySelector(".hm-update");

function offerReload(registration) {
  if (!notice || !registration.waiting || !navigator.serviceWorker.controller) return;
  notice.hidden = false;
  notice.querySelector("button").addEventListener("click", () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    registration.waiting.postMessage({ type: "skip-waiting" });
  }, { once: true });
}

async function register(url) {
  const registration = await navigator.serviceWorker.register(url);
  offerReload(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offerReload(registration);
    });
  });
}

async function unregisterAll() {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  if (registrations.length) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("halfmoon-")).map((name) => caches.delete(name)));
  }
}

if ("serviceWorker" in navigator && script) {
  const worker = new URL(script.dataset.worker, location.href).href;
  const start = () => (script.dataset.mode === "register" ? register(worker) : unregisterAll())
    .catch((error) => console.warn("Half Moon offline:", error.message));
  // After the page has loaded, so that the first paint never waits for the worker.
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
