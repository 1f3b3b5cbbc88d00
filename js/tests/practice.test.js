// Practise's front end (js/practice.js): its buttons as intents, and the panel drawn from the
// view Python sends (nothing is decided here: Python judges the answer).

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { boardMessage } from "../board.js";
import { h } from "../dom.js";
import { practiceEntry, practiceMessage, practicePanel } from "../practice.js";
import { JSDOM, NO_DOM } from "./helpers.js";

const words = { start: "Practise", again: "Try again", show: "Show the answer", next: "Next exercise",
  save: "Save puzzle", back: "Back", line: "The line:", saved: "The puzzle:" };
const practice = {
  n: 1, total: 2, title: "Practise: exercise 1 of 2", question: "Find a better move than Y4@7 (you lost 12 points).",
  status: "judged", prompt: "", verdict: { accepted: false, text: "Not yet: 38%, 12 points below (50%)." },
  answer: null, line: ["North: Y5@9", "North: draw"], failed: null, can_again: true, can_show: true, can_next: true,
  can_save: true, saved: null, words,
};

describe("practice logic", () => {
  it("turns each practice control into its intent, through the board's handler", () => {
    const view = { board: {}, practice };
    for (const kind of ["practice_again", "practice_show", "practice_next", "practice_save"]) {
      assert.deepEqual(boardMessage(view, { board: kind }), { type: kind });
      assert.equal(practiceMessage({ board: {} }, kind), null);       // no practice open
    }
    assert.deepEqual(boardMessage({}, { board: "practice_start" }), { type: "practice_start" });
    assert.equal(practiceMessage(view, "practice_nonesuch"), null);
  });
});

describe("practice panel", { skip: NO_DOM }, () => {
  it("draws the question, the verdict, the line and the buttons as Python says", () => {
    const dom = new JSDOM("<!doctype html><div id=x></div>");
    h.document = dom.window.document;
    const panel = practicePanel({ practice });
    assert.equal(panel.querySelector(".bl-practice-question").textContent, practice.question);
    const verdict = panel.querySelector(".bl-practice-verdict");
    assert.ok(verdict.classList.contains("is-refused") && verdict.textContent.startsWith("Not yet"));
    assert.match(panel.querySelector(".bl-practice-line").textContent, /North: Y5@9 · North: draw/);
    const buttons = [...panel.querySelectorAll("button")].map((b) => [b.dataset.board, b.disabled]);
    assert.deepEqual(buttons, [["practice_again", false], ["practice_show", false], ["practice_next", false],
      ["practice_save", false]]);
    const last = practicePanel({ practice: { ...practice, can_next: false, saved: "{\"format\": 1}" } });
    assert.ok(last.querySelector('[data-board="practice_next"]').disabled);
    assert.equal(last.querySelector("textarea").textContent, "{\"format\": 1}");
    const entry = practiceEntry({ board_entry: { can_practise: true, words: { practise: "Practise" } } });
    assert.equal(entry.textContent, "Practise");
    assert.equal(practiceEntry({ board_entry: { can_practise: false, words: {} } }), null);
    dom.window.close();
  });
});
