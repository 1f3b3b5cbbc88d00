// The end of the lesson (issue 40): Python's `puzzle.finale` shows over the board, where the
// player is looking, as a region named "Lesson complete"; nothing without it.

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import widget from "../standard/widget.js";
import { NO_DOM, cleanupAll, mountView } from "./helpers.js";
import { fixture } from "./views.js";

afterEach(cleanupAll);

const MOVE = fixture("puzzle-move");
const FINALE = 'Now play a real game against the easy bot: run BattleLineWidget(opponent="easy") in a new cell.';
const withPuzzle = (view, over) => ({ ...view, puzzle: { ...view.puzzle, ...over } });

describe("the end of the lesson", { skip: NO_DOM }, () => {
  it("shows the finale over the board, in a region of its own", () => {
    const { el } = mountView(widget, withPuzzle(MOVE, { status: "solved", finale: FINALE }));
    const done = el.querySelector('.bl-board > [role="region"][aria-label="Lesson complete"]');
    assert.ok(done, "a region over the board");
    assert.match(done.textContent, /BattleLineWidget\(opponent="easy"\)/);
  });

  it("shows nothing without a finale (a puzzle, or the lesson before its end)", () => {
    for (const finale of [undefined, null, ""]) {
      const { el } = mountView(widget, withPuzzle(MOVE, { status: "solved", finale }));
      assert.equal(el.querySelector(".bl-lesson-done"), null);
    }
  });
});
