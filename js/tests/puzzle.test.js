// Puzzle mode and explain on demand: the picks logic (puzzle.js) and the DOM, on real
// views from Python (fixtures/puzzle-*.json, explain.json, ja.json).

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { click, explainAllowed, interaction } from "../standard/logic.js";
import { canGoto, normalizePicks, picksEnabled, picksKey, puzzleClick, togglePick } from "../standard/puzzle.js";
import widget from "../standard/widget.js";
import { NO_DOM, button, cleanupAll, maybeButton, mountView, nameOf, press } from "./helpers.js";
import { fixture, makeView } from "./views.js";

afterEach(cleanupAll);

const CLAIMS = fixture("puzzle-claims");
const withPuzzle = (view, over) => ({ ...view, puzzle: { ...view.puzzle, ...over } });

describe("puzzle.js: picks", () => {
  it("toggle, sorted", () => {
    assert.deepEqual(togglePick([], 5), [5]);
    assert.deepEqual(togglePick([5], 2), [2, 5]);
    assert.deepEqual(togglePick([2, 5], 5), [2]);
  });

  it("kept for the same puzzle and status, dropped when either changes", () => {
    const state = { key: picksKey(CLAIMS), picks: [3] };
    assert.equal(normalizePicks(CLAIMS, state), state);
    assert.deepEqual(normalizePicks(fixture("puzzle-claims-wrong"), state).picks, [3], "a wrong answer keeps the picks");
    assert.deepEqual(normalizePicks(withPuzzle(CLAIMS, { status: "solved" }), state).picks, []);
    assert.deepEqual(normalizePicks(withPuzzle(CLAIMS, { id: "other", number: 2 }), state).picks, []);
    assert.deepEqual(normalizePicks(fixture("puzzle-move"), state).picks, []);
  });

  it("clicks: pick, check, step, reset, goto", () => {
    let r = puzzleClick(CLAIMS, [], { type: "pick", flag: 4 });
    assert.deepEqual(r, { picks: [4], message: null });
    r = puzzleClick(CLAIMS, [4, 1], { type: "check" });
    assert.deepEqual(r.message, { type: "puzzle_answer", flags: [1, 4] });
    assert.deepEqual(puzzleClick(CLAIMS, [], { type: "check" }).message, { type: "puzzle_answer", flags: [] });
    assert.deepEqual(puzzleClick(CLAIMS, [1], { type: "step" }).message, { type: "puzzle_step" });
    assert.equal(puzzleClick(withPuzzle(CLAIMS, { can_step: false }), [], { type: "step" }).message, null);
    assert.equal(puzzleClick(withPuzzle(CLAIMS, { can_show_solution: false }), [1], { type: "solution" }).message, null);
    assert.deepEqual(puzzleClick(fixture("puzzle-claims-wrong"), [1], { type: "solution" }),
      { picks: [], message: { type: "puzzle_solution" } });
    assert.deepEqual(puzzleClick(CLAIMS, [1], { type: "reset" }), { picks: [], message: { type: "puzzle_reset" } });
    assert.deepEqual(puzzleClick(CLAIMS, [], { type: "goto", number: 2 }).message, { type: "puzzle_goto", number: 2 });
    assert.equal(puzzleClick(CLAIMS, [], { type: "goto", number: 0 }).message, null);
    assert.equal(puzzleClick(CLAIMS, [], { type: "goto", number: 1 }).message, null, "the one on screen");
    const total = CLAIMS.puzzle.total;
    assert.ok(total > 1);
    assert.deepEqual(puzzleClick(CLAIMS, [], { type: "goto", number: total }).message, { type: "puzzle_goto", number: total });
    assert.equal(puzzleClick(CLAIMS, [], { type: "goto", number: total + 1 }).message, null);
  });

  it("picks only in a claims puzzle being solved", () => {
    assert.equal(picksEnabled(CLAIMS), true);
    assert.equal(picksEnabled(withPuzzle(CLAIMS, { status: "revealed" })), false);
    assert.equal(picksEnabled(fixture("puzzle-move")), false);
    assert.equal(puzzleClick(withPuzzle(CLAIMS, { status: "solved" }), [], { type: "pick", flag: 1 }).picks.length, 0);
    assert.equal(canGoto(fixture("tactics"), 2), false);
  });

  it("a claims puzzle offers no claim buttons; a move puzzle plays as usual", () => {
    assert.deepEqual(interaction(CLAIMS, null).claimButtons, []);
    const move = fixture("puzzle-move");
    const m = move.legal.find((x) => x.kind === "play");
    let r = click(move, null, { type: "hand", card: m.card });
    r = click(move, r.selection, { type: "flag", flag: m.flag });
    assert.deepEqual(r.message, { type: "move", move: m.text });
  });

  it("explain: in play mode (not under the cover), in a puzzle once it is not being solved", () => {
    assert.equal(explainAllowed(fixture("tactics")), true);
    assert.equal(explainAllowed(fixture("hotseat-cover")), false);
    assert.equal(explainAllowed(CLAIMS), false);
    assert.equal(explainAllowed(fixture("puzzle-move-solved")), true);
    assert.equal(explainAllowed(fixture("edit")), false);
    assert.deepEqual(click(fixture("tactics"), null, { type: "explain", flag: 3 }).message, { type: "explain", flag: 3 });
    assert.equal(click(CLAIMS, null, { type: "explain", flag: 3 }).message, null);
    assert.deepEqual(click(fixture("explain"), null, { type: "explain-close" }).message, { type: "explain", flag: null });
  });
});

describe("puzzle mode in the DOM", { skip: NO_DOM }, () => {
  it("title, level, question, number; Previous/Next puzzle", () => {
    const { el, model } = mountView(widget, CLAIMS);
    assert.match(el.querySelector(".bl-puzzle-top").textContent, /The rulebook's claims/);
    assert.match(el.querySelector(".bl-puzzle-top").textContent, new RegExp(`Puzzle 1 of ${CLAIMS.puzzle.total}`));
    assert.match(el.querySelector(".bl-puzzle-top").textContent, /easy/);
    assert.match(el.querySelector(".bl-puzzle-question").textContent, /Which flags can South claim/);
    assert.equal(button(el, "Previous puzzle").disabled, true);
    press(el, "Next puzzle");
    assert.deepEqual(model.sent, [{ type: "puzzle_goto", number: 2 }]);
    model.set(fixture("puzzle-move"));
    press(el, "Previous puzzle");
    assert.deepEqual(model.sent.at(-1), { type: "puzzle_goto", number: 1 });
    assert.equal(maybeButton(el, "New game"), null);
    assert.equal(el.querySelectorAll("input[data-option]").length, 0, "no learner options in a puzzle");
  });

  it("one puzzle: no Previous/Next", () => {
    const { el } = mountView(widget, withPuzzle(CLAIMS, { total: 1 }));
    assert.equal(maybeButton(el, "Next puzzle"), null);
    assert.equal(maybeButton(el, "Previous puzzle"), null);
  });

  it("claims: the flag stones are toggles; Check answer sends the picks; picks reset with the status", () => {
    const { el, model } = mountView(widget, CLAIMS);
    const f2 = press(el, "Flag 2");
    press(el, "Flag 7");
    press(el, "Flag 5");
    press(el, "Flag 7");
    assert.equal(f2.getAttribute("aria-pressed"), "true");
    assert.equal(button(el, "Flag 7").getAttribute("aria-pressed"), "false");
    assert.match(el.querySelector(".bl-puzzle-picks").textContent, /2, 5/);
    assert.equal(maybeButton(el, "Claim flag 1"), null, "no claim buttons");
    press(el, "Check answer");
    assert.deepEqual(model.sent, [{ type: "puzzle_answer", flags: [2, 5] }]);
    model.set(fixture("puzzle-claims-wrong"));
    assert.equal(button(el, "Flag 2").getAttribute("aria-pressed"), "true", "kept after a wrong answer");
    const fb = el.querySelector('[role="status"][aria-label="Puzzle feedback"]');
    assert.ok(fb.classList.contains("is-wrong"));
    assert.match(fb.textContent, /Not quite/);
    assert.match(fb.textContent, /Try again, or ask for the solution/);
    assert.doesNotMatch(fb.textContent, /Flag \d can be claimed/, "a hint, not the answer");
    press(el, "Show solution");
    assert.deepEqual(model.sent.at(-1), { type: "puzzle_solution" });
    model.set(withPuzzle(fixture("puzzle-claims-wrong"), { status: "revealed", can_step: false, steps: ["Flag 1: …", "Flag 2: …"] }));
    assert.equal(button(el, "Flag 2").getAttribute("aria-pressed"), "false");
    assert.equal(button(el, "Flag 2").disabled, true);
    assert.equal(button(el, "Check answer").disabled, true);
    assert.deepEqual([...el.querySelectorAll(".bl-puzzle-steps li")].map((li) => li.textContent), ["Flag 1: …", "Flag 2: …"]);
    assert.equal(button(el, "Show next step").disabled, true);
  });

  it("Show next step and Start again", () => {
    const { el, model } = mountView(widget, fixture("puzzle-win"));
    assert.equal(maybeButton(el, "Check answer"), null, "only in claims puzzles");
    press(el, "Show next step");
    press(el, "Start again");
    assert.deepEqual(model.sent, [{ type: "puzzle_step" }, { type: "puzzle_reset" }]);
    model.set(fixture("puzzle-win-step"));
    assert.equal(el.querySelectorAll(".bl-puzzle-steps li").length, 1);
    const fb = el.querySelector(".bl-puzzle-feedback");
    assert.ok(fb.classList.contains("is-info"));
    assert.ok(fb.classList.contains("bl-sr"), "the step shows once, in the list (the feedback is for screen readers)");
  });
});

describe("puzzle mode in the DOM: move puzzles and explain", { skip: NO_DOM }, () => {
  it("move puzzle: the normal play interaction; the answer feedback shows once", () => {
    const view = fixture("puzzle-move");
    const { el, model } = mountView(widget, view);
    assert.equal(el.querySelectorAll(".bl-explain").length, 0, "no explain while solving");
    press(el, "Red 10");
    press(el, "Flag 5");
    assert.deepEqual(model.sent, [{ type: "move", move: "R10@5" }]);
    model.set(fixture("puzzle-move-solved"));
    const fb = el.querySelector('[aria-label="Puzzle feedback"]');
    assert.ok(fb.classList.contains("is-right"));
    assert.equal(el.querySelector(".bl-status").textContent, "", "not repeated in the status line");
    assert.match(el.querySelector(".bl-puzzle-top").textContent, /Solved/);
  });

  it("explain: the ? buttons once solved; the explanation as a note, closed by its button", () => {
    const view = fixture("puzzle-move-solved");
    const { el, model } = mountView(widget, view);
    assert.equal(el.querySelectorAll(".bl-explain").length, 9);
    const note = el.querySelector('[role="note"][aria-label="Explanation of flag 5"]');
    assert.ok(note);
    assert.deepEqual([...note.querySelectorAll(".bl-callout-text")].map((p) => p.textContent), view.explain.lines);
    assert.match(button(el, "Flag 5").getAttribute("aria-describedby"), /explain/);
    press(el, "Explain flag 3");
    press(el, "Close explanation");
    assert.deepEqual(model.sent, [{ type: "explain", flag: 3 }, { type: "explain", flag: null }]);
  });
});

describe("explain in play mode", { skip: NO_DOM }, () => {
  it("a ? per flag named Explain flag N; the note with lines and counterexample cards", () => {
    const view = fixture("explain");
    const { el, model } = mountView(widget, view);
    for (let n = 1; n <= 9; n++) assert.equal(button(el, `Explain flag ${n}`).getAttribute("data-flag"), String(n));
    const note = el.querySelector('[role="note"][aria-label="Explanation of flag 1"]');
    assert.match(note.textContent, /Your side: Wedge 2-3-4/);
    press(el, "Explain flag 4");
    assert.deepEqual(model.sent, [{ type: "explain", flag: 4 }]);
    const ex = { ...view.explain, counterexample: [view.flags[0].mine[0]], counter_formation: "Wedge 8-9-10 (total 27)" };
    model.set({ ...view, explain: ex });
    assert.ok(el.querySelector('[aria-label="Explanation of flag 1"] [aria-label^="Counterexample "]'));
    assert.match(el.querySelector('[aria-label="Explanation of flag 1"]').textContent, /Counterexample:.*Wedge 8-9-10/);
  });

  it("the claim answer and the explanation can show together (below and above the flag)", () => {
    const claim = fixture("claim-failed");
    const view = { ...claim, explain: { ...fixture("explain").explain, flag: 7 } };
    const { el } = mountView(widget, view);
    const notes = [...el.querySelectorAll(".bl-line .bl-callout")];
    assert.deepEqual(notes.map(nameOf), ["Claim of flag 7", "Explanation of flag 7"]);
    assert.ok(notes[0].classList.contains("bl-callout-below"));
    assert.ok(notes[1].classList.contains("bl-callout-above"));
  });

  it("hidden under the hot-seat cover", () => {
    const { el } = mountView(widget, { ...fixture("hotseat-cover"), explain: fixture("explain").explain });
    assert.equal(el.querySelectorAll(".bl-explain, [role=note]").length, 0);
  });

  it("Japanese labels, Python's texts", () => {
    const view = fixture("ja");
    const { el } = mountView(widget, view);
    button(el, "フラッグ1");
    button(el, "フラッグ7を解説");
    button(el, "解説を閉じる");
    const note = el.querySelector('[role="note"][aria-label="フラッグ7の解説"]');
    assert.match(note.textContent, /反例：/);
    assert.match(note.textContent, /くさび形隊形/);
    assert.ok(maybeButton(el, "新しいゲーム"));
    assert.ok(maybeButton(el, "取り消し"));
    const hand = view.hand.map((c) => c.name);
    for (const name of hand) button(el, name);
    assert.equal(el.querySelector(".bl-status").textContent, view.status);
  });

  it("a hand-made view with no lang is English", () => {
    const { el } = mountView(widget, makeView({ lang: undefined }));
    button(el, "Explain flag 1");
    assert.equal(el.querySelector(".bl-app").getAttribute("lang"), "en");
  });
});
