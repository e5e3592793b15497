// A card's face, the one way the game shows a card: the board's top cards (board.js) and the
// strips of a fanned pile (fan.js). Its letters in the page's language (Catalog.card), its
// colour and its suit for the stylesheet (game.css), each written only when it changes.

import { setText } from "./dom.js";

/** Show `card` on `node` in the language of `catalog`; `card` null shows an empty place. */
export function drawFace(node, card, catalog) {
  setText(node, card ? catalog.card(card) : "");
  const kind = !card ? "empty" : card.isRed ? "red" : "black";
  if (node.dataset.card !== kind) node.dataset.card = kind;
  const suit = card ? card.suit : ""; // for the four-colour deck
  if (node.dataset.suit !== suit) node.dataset.suit = suit;
}
