// The analysis board's front end (js/board.js): its controls and keys as intents; nothing
// is decided here (Python refuses what is not legal).

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { boardKey, boardMessage } from "../board.js";

describe("analysis board logic", () => {
  const view = { board: { at_start: false, at_end: false } };

  it("turns each control into its intent", () => {
    assert.deepEqual(boardMessage({}, { board: "open" }), { type: "board_open" });
    assert.deepEqual(boardMessage({}, { board: "line" }), { type: "board_line" });
    assert.deepEqual(boardMessage(view, { board: "answer" }), { type: "board_answer" });
    assert.deepEqual(boardMessage(view, { board: "back" }), { type: "board_close" });
    assert.deepEqual(boardMessage(view, { board: "go", node: 4 }), { type: "board_go", node: 4 });
    assert.deepEqual(boardMessage(view, { board: "play", action: "R7@3" }), { type: "board_play", action: "R7@3" });
    assert.deepEqual(boardMessage(view, { board: "result", action: "fire c2-c3", result: 1 }),
      { type: "board_result", action: "fire c2-c3", result: 1 });
    assert.equal(boardMessage({}, { board: "answer" }), null);          // no board open
    assert.equal(boardMessage(view, { board: "go", node: null }), null);
    assert.equal(boardMessage(view, { board: "nonesuch" }), null);
  });

  it("steps with the buttons and the arrow keys, stopping at the ends", () => {
    assert.deepEqual(boardKey(view, "ArrowLeft"), { type: "board_step", by: -1 });
    assert.deepEqual(boardKey(view, "ArrowRight"), { type: "board_step", by: 1 });
    assert.equal(boardKey({ board: { at_start: true, at_end: false } }, "ArrowLeft"), null);
    assert.equal(boardMessage({ board: { at_start: false, at_end: true } }, { board: "next" }), null);
    assert.equal(boardKey({}, "ArrowLeft"), null);                      // not on the board
  });
});
