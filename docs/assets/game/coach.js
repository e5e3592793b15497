// The coach (issue 47, items 1-4): this site's additions to the seeds' app, behind settings that are
// off by default. app.js imports this module only when "only deals that can be won" or the coach
// is on, so it adds nothing to the game's start. It reads the verdict file (lookup.js's rules),
// asks the solver in its Web Worker (solver_client.js; never on the page's thread) and words the
// answers of coach_core.js in the page's language. It holds no game state: the controller does.

import { Position, parseDealCode, parseMove } from "./engine.js";
import { fetchVerdicts, verdictOf } from "./lookup.js";
import { createSolver } from "./solver_client.js";
import { surveyedNumber, surveyedRangeNumber } from "./surveyed.js";
import { dealVerdict, hint, whereLost } from "./coach_core.js";

/** Positions the solver may expand for one answer (solver.js's DEFAULT_BUDGET; not imported from
 * it, which would load the whole search on the page's thread). */
export const COACH_BUDGET = 200_000;
const HERE = new URL(import.meta.url).pathname; // …/assets/game/[<hash>/]coach.js
/** The site's verdict file (the plugin's verdicts_file, records/verdicts.gz from the site's root). */
export const VERDICTS_URL = new URL(`${HERE.slice(0, HERE.lastIndexOf("/assets/game/") + 1)}records/verdicts.gz`, import.meta.url);

export class Coach {
  #solver = null;
  #table = null; // a promise of the verdict table, or of null when the file could not be read

  /** `page`: the controller (app.js), for its catalog and its view. */
  constructor(page, { budget = COACH_BUDGET, verdictsUrl = VERDICTS_URL } = {}) {
    this.page = page;
    this.budget = budget;
    this.verdictsUrl = verdictsUrl;
    this.solve = (code, moves, positions) => (this.#solver ??= createSolver()).solve(code, moves, positions);
  }

  t(key, params) { return this.page.catalog.text(key, params); }

  /** The verdict table, read once; null when the file is missing or broken: the player is told
   * once, plainly, and the game plays on (the solver in the browser answers in its place). */
  verdicts() {
    this.#table ??= fetchVerdicts(this.verdictsUrl).catch((error) => {
      if (!this.page.destroyed) {
        const text = this.t("game.coach.file_failed", { reason: String(error?.message ?? error) });
        this.page.view.showNotice(text);
        this.page.view.say(text);
      }
      return null;
    });
    return this.#table;
  }

  /** A New game deal's number: a won surveyed deal with `winnable`, else any surveyed deal. */
  async dealNumber(winnable) {
    if (!winnable) return surveyedRangeNumber();
    const table = await this.verdicts();
    return (table && surveyedNumber(table, { winnable: true })) ?? surveyedRangeNumber();
  }

  /** Whether the verdict file says deal `number` can be won (false when it cannot be read). */
  async isWon(number) {
    const table = await this.verdicts();
    return Boolean(table) && verdictOf(table, number) === "won";
  }

  get positions() { return this.page.catalog.plural("docs.stat.search_positions", this.budget); }

  /** The verdict on the deal of `code`, in words: the file's, else the solver's within its budget. */
  async dealVerdictText(code) {
    const { verdict } = await dealVerdict(code, await this.verdicts(), this.solve, this.budget);
    if (verdict === "won") return this.t("game.coach.deal_won");
    if (verdict === "lost") return this.t("game.coach.deal_lost");
    return this.t("game.coach.deal_undecided", { budget: this.positions });
  }

  /** A move (text "1+8") played after `moves` of deal `code`, in words: "5♠ from pile 1 and 6♦ from slot R8". */
  moveWords(code, moves, move) {
    const position = new Position(parseDealCode(code));
    for (const text of moves) position.push(parseMove(text));
    const { catalog } = this.page;
    const sources = parseMove(move);
    return catalog.join(sources.map((source) => catalog.cardFrom(position.cardAt(source), source)));
  }

  /** Where the game `moves` of deal `code` was lost: {result, lines} (see coach_core.whereLost), or
   * null when `stillWanted()` turned false meanwhile. */
  async whereLost(code, moves, stillWanted) {
    const result = await whereLost(code, moves, await this.verdicts(), this.solve, this.budget, { stillWanted });
    if (!result) return null;
    const { catalog } = this.page;
    const budget = this.positions;
    const lines = [];
    if (result.kind === "never") lines.push(this.t("game.coach.where_never"));
    else if (result.kind === "none_found") {
      lines.push(this.t("game.coach.where_none_found", { positions: catalog.plural("docs.stat.search_positions", result.later), budget }));
    } else {
      const before = moves.slice(0, result.index);
      lines.push(result.index
        ? this.t("game.coach.where_found", { number: catalog.number(result.index) })
        : this.t("game.coach.where_found_start"));
      lines.push(this.t("game.coach.where_lost_move", { move: this.moveWords(code, before, result.lost) }));
      lines.push(result.instead
        ? this.t("game.coach.where_instead", { move: this.moveWords(code, before, result.instead) })
        : this.t("game.coach.where_no_line", { budget }));
      lines.push(result.undecided
        ? this.t("game.coach.where_later_undecided", { positions: catalog.plural("docs.stat.search_positions", result.undecided), budget })
        : this.t("game.coach.where_later_proved"));
    }
    return { result, lines };
  }

  /** A hint after `moves` of deal `code`, in words. */
  async hintText(code, moves) {
    const answer = await hint(code, moves, this.solve, this.budget);
    if (answer.kind === "move") return this.t("game.coach.hint_move", { move: this.moveWords(code, moves, answer.move) });
    if (answer.kind === "none") return this.t("game.coach.hint_none");
    return this.t("game.coach.hint_undecided", { budget: this.positions });
  }

  // --- what the Play page shows ----------------------------------------------------------------

  failed(error) { return this.t("game.coach.failed", { reason: String(error?.message ?? error) }); }

  /** The game on the table and a check that it is still there as it is now (same game, same moves). */
  #snapshot() {
    const { page } = this;
    const game = page.game;
    const moves = game.history.map((move) => move.join("+"));
    return { game, moves, unchanged: () => !page.destroyed && page.game === game && game.moveCount === moves.length };
  }

  /** The deadlock dialog's line on whether the deal could be won: the file's verdict, else the solver's. */
  async showDealVerdict() {
    const { game, unchanged } = this.#snapshot();
    const text = await this.dealVerdictText(game.code).catch((error) => this.failed(error));
    if (unchanged() && this.page.view.updateDialogLine("deadlock", "verdict", text)) this.page.view.say(text);
  }

  /** "Where was it lost?": the solver goes back through the game (in its worker); then a dialog
   * says where a win was last still there, and offers to go back to it (the controller's goBackTo). */
  async showWhereLost() {
    const { page } = this;
    const { game, moves, unchanged } = this.#snapshot();
    const title = this.t("game.coach.where_title");
    const close = this.t("game.dialog.close");
    page.view.openDialog({ title, lines: [{ text: this.t("game.coach.thinking"), mark: "where" }], kind: "where", close });
    let found;
    try {
      found = await this.whereLost(game.code, moves, unchanged);
    } catch (error) {
      if (unchanged()) page.view.updateDialogLine("where", "where", this.failed(error));
      return;
    }
    if (!found || !unchanged()) return;
    const { result, lines } = found;
    const buttons = result.kind === "found" ? [{ text: this.t("game.button.go_back"), action: () => page.goBackTo(result.index) }] : [];
    page.view.openDialog({ title, lines, buttons, kind: "where", close });
    page.view.say(page.catalog.joinSentences(lines));
  }

  /** The hint over the board: a move from which the solver, which sees every card, finds a win. */
  async showHint() {
    const { view } = this.page;
    const { game, moves, unchanged } = this.#snapshot();
    view.setMessage(this.t("game.coach.thinking"), "hint");
    const text = await this.hintText(game.code, moves).catch((error) => this.failed(error));
    if (!unchanged()) return;
    view.setMessage(text, "hint");
    view.say(text);
  }

  /** Stop the worker (every answer awaited is dropped). */
  destroy() {
    this.#solver?.terminate();
    this.#solver = null;
  }
}
