// The Play page's entry. The MkDocs plugin writes it into the page's <head> as a module script
// (deferred, not async): it runs once the page is parsed and its modules have arrived, before
// DOMContentLoaded; Chromium may paint the page's text once before that. The theme's script
// (header, search, palette) is fetched and run only at the reader's first use of the page (on a
// phone it takes as long again as the game's). The page carries its catalog, so nothing here waits on the
// network. Blocking the first paint until the board is drawn (blocking="render") was measured
// (issue 44, bench ab): the board came no sooner, the first paint 0.4 to 0.6 s later at 4×, and
// only Lighthouse's blocking time, which counts after the first paint, went down.

import { mountGame } from "./app.js";

const mount = document.querySelector(".hm-game");
if (mount) mountGame(mount);
