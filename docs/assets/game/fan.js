// The open variant (the "Open cards" setting, off by default; the original app has no such
// thing): every pile fanned as it was dealt, face up, so that the cards under each top card show.
// The fan takes the upper part of the pile's place and the top card the rest (game.css): the
// board keeps its size, so it fits every screen the standard board fits. The fan is a picture
// (aria-hidden); the pile's accessible name lists the cards under its top card (fannedLabel).

import { element } from "./dom.js";
import { drawFace } from "./face.js";

/** The cards under the top card of pile `source` of `position`, bottom card first. */
export function cardsBeneath(position, source) {
  const pile = position.piles[Number(source) - 1];
  return pile.slice(0, -1);
}

/**
 * Show `cards` (bottom first) fanned in the pile's `cell`, one strip a card with its letter and
 * suit in the page's language; `cards` null takes the fan away (the standard game's cell, as it was).
 */
export function drawFan(cell, cards, catalog) {
  let fan = cell.hmFan;
  if (!cards) {
    fan?.remove();
    cell.hmFan = null;
    return;
  }
  if (!fan) {
    // Last in the cell, so the face and the tag keep their places among its children; the
    // stylesheet draws it first, above the top card.
    fan = cell.hmFan = element("span", "hm-fan", undefined, { "aria-hidden": "true" });
    cell.append(fan);
  }
  while (fan.childElementCount > cards.length) fan.lastElementChild.remove();
  while (fan.childElementCount < cards.length) fan.append(element("span", "hm-fan-card"));
  cards.forEach((card, index) => drawFace(fan.children[index], card, catalog));
}

/**
 * A fanned pile's name: the cell's own (`label`, as board.js cellLabel gives it) and the cards
 * under its top card, from the top down, the order in which they would come into play.
 */
export function fannedLabel(catalog, label, cards) {
  if (!cards.length) return label;
  const named = [...cards].reverse().map((card) => catalog.cardWords(card));
  return catalog.text("game.pile.fanned", { label, cards: catalog.join(named) });
}
