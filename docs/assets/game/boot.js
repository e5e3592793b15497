// Loaded on every page (mkdocs.yml extra_javascript): starts the game or the step-through
// viewer only where the page has a mount point, and brings in their stylesheet first.

const game = document.querySelector(".hm-game");
const steppers = [...document.querySelectorAll(".hm-stepper")];

function stylesheet() {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("game.css", import.meta.url).href;
    link.onload = link.onerror = resolve;
    document.head.append(link);
  });
}

if (game || steppers.length) {
  await stylesheet();
  if (game) (await import("./app.js")).mountGame(game);
  if (steppers.length) {
    const { mountStepper } = await import("./stepper.js");
    steppers.forEach((element) => mountStepper(element));
  }
}
