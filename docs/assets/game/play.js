// The Play page's entry. The MkDocs plugin writes it into the page's <head> as a module script
// (deferred, not async) and defers the theme's script on that page, which it leaves after this
// one: deferred scripts run in the order of the page once it is parsed, so the board is drawn
// first, and the theme's header, search and palette follow a moment later (on a phone its
// script takes as long again as the game's). The page carries its catalog, so nothing here
// waits on the network.

import { mountGame } from "./app.js";

const mount = document.querySelector(".hm-game");
if (mount) mountGame(mount);
