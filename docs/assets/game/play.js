// The Play page's entry. The MkDocs plugin writes it into the page's <head> as a module script
// (deferred, not async, blocking the page's rendering until it has run): it runs once the page is
// parsed, before DOMContentLoaded, so the board is drawn in the page's first frame; the theme's
// script (header, search, palette) is fetched and run only after that frame (on a phone it takes
// as long again as the game's). The page carries its catalog, so nothing here waits on the
// network.

import { mountGame } from "./app.js";

const mount = document.querySelector(".hm-game");
if (mount) mountGame(mount);
