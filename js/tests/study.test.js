// Replay, review, hints, save and load (js/study.js) in both games' widgets, on real views
// made by Python with a scripted analysis (fixtures/make_views.py, make_ancient_views.py).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, describe, it } from "node:test";

import standard from "../standard/widget.js";
import ancient from "../ancient/widget.js";
import { replayKey, studyMessage } from "../study.js";
import { NO_DOM, button, cleanupAll, control, maybeButton, mountView, press } from "./helpers.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));

afterEach(cleanupAll);

describe("study logic", () => {
  const view = { replay: { index: 3, total: 10, hands_open: false } };

  it("the move keys step (Python counts each step), jump to the ends, and stop there", () => {
    assert.deepEqual(replayKey(view, "ArrowLeft"), { type: "replay_step", by: -1 });
    assert.deepEqual(replayKey(view, "ArrowRight"), { type: "replay_step", by: 1 });
    assert.deepEqual(replayKey(view, "Home"), { type: "replay_goto", index: 0 });
    assert.deepEqual(replayKey(view, "End"), { type: "replay_goto", index: 10 });
    assert.equal(replayKey({ replay: { index: 0, total: 10 } }, "ArrowLeft"), null);
    assert.equal(replayKey({ replay: { index: 10, total: 10 } }, "End"), null);
    assert.equal(replayKey({ replay: { index: 10, total: 10 } }, "ArrowRight"), null);
    assert.equal(replayKey(view, "a"), null);
    assert.equal(replayKey({}, "ArrowLeft"), null);      // not in a replay
  });

  it("each control sends its intent; the front end builds no move", () => {
    assert.deepEqual(studyMessage(view, { study: "next" }), { type: "replay_step", by: 1 });
    assert.deepEqual(studyMessage(view, { study: "previous" }), { type: "replay_step", by: -1 });
    assert.deepEqual(studyMessage(view, { study: "goto", index: 7 }), { type: "replay_goto", index: 7 });
    assert.deepEqual(studyMessage(view, { study: "hands" }), { type: "replay_hands", open: true });
    assert.deepEqual(studyMessage(view, { study: "replay-review" }), { type: "replay_open", review: true });
    assert.deepEqual(studyMessage(view, { study: "load" }, "{}"), { type: "load", text: "{}" });
    assert.equal(studyMessage({ replay: { index: 10, total: 10 } }, { study: "next" }), null);
  });
});

describe("study DOM: Battle Line", { skip: NO_DOM }, () => {
  it("a hint shows its line and marks its card and flag", () => {
    const v = fixture("hint");
    const { el, model } = mountView(standard, v);
    const line = el.querySelector(".bl-study-hint");
    assert.match(line.textContent, /^Hint: .* \(win chance 62%\)\. It builds a wedge at flag 1\.$/);
    const move = v.study.hint.move;
    assert.ok(el.querySelector(`[data-act="hand"][data-card="${move.card}"]`).classList.contains("is-hint"));
    assert.ok(el.querySelector(`.bl-flag-col[data-flag="${move.flag}"]`).classList.contains("is-hint"));
    assert.equal(button(el, "Hint").disabled, true);      // the hint shown is the one asked for
    model.set({ ...v, study: { ...v.study, hint: null, can_hint: true } });
    press(el, "Hint");
    assert.deepEqual(model.sent.pop(), { type: "hint" });
  });

  it("a finished game offers replay, review and its record", () => {
    const { el, model } = mountView(standard, fixture("over-study"));
    press(el, "Review");
    assert.deepEqual(model.sent.pop(), { type: "replay_open", review: true });
    press(el, "Replay");
    assert.deepEqual(model.sent.pop(), { type: "replay_open" });
    press(el, "Save / load");
    press(el, "Show the record");
    assert.deepEqual(model.sent.pop(), { type: "save" });
    const paste = control(el, "Paste a record or a position");
    paste.value = "battleline position 1";
    press(el, "Load");
    assert.deepEqual(model.sent.pop(), { type: "load", text: "battleline position 1" });
  });

  it("a replay steps by buttons, keys, the move list and the graph", () => {
    const v = fixture("replay");
    const { dom, el, model } = mountView(standard, v);
    assert.equal(button(el, "First move").disabled, false);
    const at = v.replay.index;
    press(el, "Next move");
    assert.deepEqual(model.sent.pop(), { type: "replay_step", by: 1 });
    press(el, "Last move");
    assert.deepEqual(model.sent.pop(), { type: "replay_goto", index: v.replay.total });
    const key = (k) => el.querySelector(".bl-move").dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: k, bubbles: true }));
    // Python has not answered: each key is a step of its own, counted from where Python is
    key("ArrowLeft");
    assert.deepEqual(model.sent.pop(), { type: "replay_step", by: -1 });
    key("ArrowLeft");
    assert.deepEqual(model.sent.pop(), { type: "replay_step", by: -1 });
    key("ArrowRight");
    assert.deepEqual(model.sent.pop(), { type: "replay_step", by: 1 });
    key("Home");
    assert.deepEqual(model.sent.pop(), { type: "replay_goto", index: 0 });
    key("End");
    assert.deepEqual(model.sent.pop(), { type: "replay_goto", index: v.replay.total });
    const moves = el.querySelectorAll(".bl-move");
    assert.equal(moves.length, v.replay.total);
    assert.equal(moves[at - 1].getAttribute("aria-current"), "step");
    moves[at + 1].click();
    assert.deepEqual(model.sent.pop(), { type: "replay_goto", index: at + 2 });
    assert.ok([...moves].some((m) => m.querySelector(".bl-move-mark")?.textContent === "?"));
    const points = el.querySelectorAll(".bl-graph-pt");
    assert.equal(points.length, v.replay.review.points.length);
    points[1].click();
    assert.deepEqual(model.sent.pop(), { type: "replay_goto", index: v.replay.review.points[1].index + 1 });
    // the review's comment, and the better move on the board
    assert.match(el.querySelector(".bl-decision").textContent, /mistake.*Better: .*It leaves flag 2 open\./);
    assert.ok(el.querySelector(".is-better"));
    // nothing of the game can be played, and the hands open on request
    assert.equal(maybeButton(el, "Undo"), null);
    assert.equal([...el.querySelectorAll('[data-act="hand"]')].filter((b) => !b.disabled).length, 0);
    press(el, "Open both hands");
    assert.deepEqual(model.sent.pop(), { type: "replay_hands", open: true });
    press(el, "Back to the game");
    assert.deepEqual(model.sent.pop(), { type: "replay_close" });
  });

  it("in Japanese: the panel's words, and the record to download or copy", () => {
    const v = fixture("replay-ja");
    const { el } = mountView(standard, v);
    assert.ok(button(el, "1手進む"));
    assert.equal(button(el, "両者の手札を公開").getAttribute("aria-pressed"), "true");
    press(el, "保存・読み込み");
    assert.equal(control(el, "棋譜").value, v.study.record);
    assert.ok(button(el, "棋譜をダウンロード") && button(el, "棋譜をコピー"));
    assert.match(el.querySelector(".bl-decision").textContent, /より良い手/);
  });
});

describe("study DOM: Ancient Battles", { skip: NO_DOM }, () => {
  it("a finished battle offers replay and review; its replay steps and shows the review", () => {
    const overView = JSON.parse(readFileSync(new URL("./fixtures/ancient/over.json", import.meta.url), "utf8"));
    const over = mountView(ancient, overView);
    press(over.el, "Replay");
    assert.deepEqual(over.model.sent.pop(), { type: "replay_open" });
    // Review and Hint where this version has the Ancient analysis
    assert.equal(!!maybeButton(over.el, "Review"), overView.study.can_review);
    const v = JSON.parse(readFileSync(new URL("./fixtures/ancient/replay.json", import.meta.url), "utf8"));
    const { el, model } = mountView(ancient, v);
    press(el, "Next move");
    assert.deepEqual(model.sent.pop(), { type: "replay_step", by: 1 });
    el.querySelectorAll(".bl-move")[0].click();
    assert.deepEqual(model.sent.pop(), { type: "replay_goto", index: 1 });
    assert.ok(button(el, "South") && button(el, "North"));    // two people played: either side
    press(el, "North");
    assert.deepEqual(model.sent.pop(), { type: "replay_seat", seat: "north" });
    assert.equal(maybeButton(el, "Undo my last turn"), null);
    assert.match(el.querySelector(".bl-review-status").textContent, /Review done/);
  });
});

describe("study DOM: quick clicks and plans", { skip: NO_DOM }, () => {
  it("thirty clicks on Next before Python answers send thirty steps", () => {
    const v = fixture("replay");
    const { el, model } = mountView(standard, { ...v, replay: { ...v.replay, index: 0 } });
    model.sent.length = 0;
    for (let i = 0; i < 30; i++) press(el, "Next move");
    assert.equal(model.sent.length, 30);
    assert.ok(model.sent.every((m) => m.type === "replay_step" && m.by === 1));
  });

  it("an Ancient hint that is a plan numbers its squares in the plan's order", () => {
    const v = JSON.parse(readFileSync(new URL("./fixtures/ancient/move-selected.json", import.meta.url), "utf8"));
    const squares = v.rows.flat().map((sq) => sq.square);
    const [a, b, c] = [squares[20], squares[21], squares[22]];
    const plan = [{ step: 1, action: `${a}-${b}`, text: "Move one", squares: [a, b] },
      { step: 2, action: `${b}-${c}`, text: "Move two", squares: [b, c] }];
    const hint = { pending: false, text: "Hint: 1. Move one; 2. Move two", action: plan[0].action, plan, squares: [a, b, c] };
    const { el } = mountView(ancient, { ...v, study: { ...(v.study || {}), hint } });
    const at = (sq) => el.querySelector(`.ab-square[data-square="${sq}"]`);
    assert.deepEqual([a, b, c].map((sq) => at(sq).getAttribute("data-plan-step")), ["1", "1,2", "2"]);
    assert.ok([a, b, c].every((sq) => at(sq).classList.contains("is-hint")));
    assert.equal(el.querySelector(".bl-study-hint").textContent, hint.text);
  });
});
