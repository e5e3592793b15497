// Loaded on every page (mkdocs.yml extra_javascript): starts the game or the step-through
// viewer only where the page has a mount point. Their stylesheet is in the page's <head>.

const game = document.querySelector(".hm-game");
const steppers = [...document.querySelectorAll(".hm-stepper")];

if (game) (await import("./app.js")).mountGame(game);
if (steppers.length) {
  const { mountStepper } = await import("./stepper.js");
  steppers.forEach((element) => mountStepper(element));
}
