// The position editor: the pure selection logic (editor.js) and the DOM in edit mode
// (render_editor.js through widget.js), on real views from Python (fixtures/edit*.json).

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import {
  chosenOpponent,
  editText,
  editorClick,
  editorInteraction,
  normalizeEditSelection,
  normalizeTextDraft,
  opponentChoices,
  placeMessage,
  positionText,
  ruleChoices,
} from "../standard/editor.js";
import widget from "../standard/widget.js";
import { NO_DOM, button, change, cleanupAll, control, escape, maybeButton, mountView, nameOf, press } from "./helpers.js";
import { fixture } from "./views.js";

afterEach(cleanupAll);

const EDIT = fixture("edit");

describe("editor.js: choosing and placing cards", () => {
  it("a palette card is chosen, then a place sends edit_place", () => {
    let r = editorClick(EDIT, null, { type: "palette", card: "G4" });
    assert.deepEqual(r, { selection: { card: "G4" }, message: null });
    r = editorClick(EDIT, r.selection, { type: "target", to: "flag", flag: 3, side: "north" });
    assert.deepEqual(r, {
      selection: null,
      message: { type: "edit_place", card: "G4", to: "flag", flag: 3, side: "north" },
    });
  });

  it("clicking the chosen card again drops it; another card switches", () => {
    const sel = { card: "R8" };
    assert.deepEqual(editorClick(EDIT, sel, { type: "placed", card: "R8" }), { selection: null, message: null });
    assert.deepEqual(editorClick(EDIT, sel, { type: "palette", card: "R8" }).selection, null);
    assert.deepEqual(editorClick(EDIT, sel, { type: "palette", card: "B1" }).selection, { card: "B1" });
    assert.deepEqual(editorClick(EDIT, sel, { type: "cancel" }), { selection: null, message: null });
  });

  it("a place does nothing without a chosen card", () => {
    assert.deepEqual(editorClick(EDIT, null, { type: "target", to: "deck" }), { selection: null, message: null });
  });

  it("every kind of place", () => {
    assert.deepEqual(placeMessage("R7", { to: "hand", player: "north" }),
      { type: "edit_place", card: "R7", to: "hand", player: "north" });
    assert.deepEqual(placeMessage("R7", { to: "discard", player: "south" }),
      { type: "edit_place", card: "R7", to: "discard", player: "south" });
    assert.deepEqual(placeMessage("R7", { to: "deck" }), { type: "edit_place", card: "R7", to: "deck" });
    assert.deepEqual(placeMessage("R7", { to: "rest" }), { type: "edit_place", card: "R7", to: "rest" });
    assert.equal(placeMessage("R7", { to: "flag", flag: 10, side: "north" }), null);
    assert.equal(placeMessage("R7", { to: "flag", flag: 3, side: "east" }), null);
    assert.equal(placeMessage("R7", { to: "hand", player: 1 }), null);
    assert.equal(placeMessage("R7", { to: "sky" }), null);
  });

  it("a selection of an unknown card, or outside edit mode, is dropped", () => {
    assert.equal(normalizeEditSelection(EDIT, { card: "X9" }), null);
    assert.equal(normalizeEditSelection(fixture("tactics"), { card: "R7" }), null);
    assert.deepEqual(editorInteraction(EDIT, { card: "Mud" }).card.id, "Mud");
    assert.equal(editorInteraction(EDIT, { card: "Mud" }).placed, "at flag 4 (north's side)");
    assert.equal(editorInteraction(EDIT, null).targets, false);
  });

  it("claims, who moves, rules, load, clear, play", () => {
    const msg = (target) => editorClick(EDIT, null, target).message;
    assert.deepEqual(msg({ type: "claim", flag: 3, player: "south" }), { type: "edit_claim", flag: 3, player: "south" });
    assert.deepEqual(msg({ type: "claim", flag: 3, player: "" }), { type: "edit_claim", flag: 3, player: null });
    assert.equal(msg({ type: "claim", flag: 0, player: "south" }), null);
    assert.deepEqual(msg({ type: "to_move", value: "north" }), { type: "edit_set", to_move: "north" });
    assert.equal(msg({ type: "to_move", value: "south" }), null, "already south");
    assert.deepEqual(msg({ type: "rules", value: "advanced" }), { type: "edit_set", rules: "advanced" });
    assert.equal(msg({ type: "rules", value: "house" }), null);
    assert.deepEqual(msg({ type: "load", text: "battleline position 1\n" }), { type: "edit_load", text: "battleline position 1\n" });
    assert.equal(msg({ type: "load", text: "  " }), null);
    assert.deepEqual(msg({ type: "clear" }), { type: "edit_clear" });
    assert.deepEqual(msg({ type: "play", opponent: "easy" }), { type: "edit_play", opponent: "easy" });
    assert.deepEqual(msg({ type: "play", opponent: "" }), { type: "edit_play", opponent: null });
  });

  it("the position text: the user's edits stay until Python sends another text", () => {
    const draft = editText(EDIT, "my text");
    assert.equal(positionText(EDIT, draft), "my text");
    assert.equal(editText(EDIT, EDIT.editor.text), null, "unchanged text is no draft");
    const next = { ...EDIT, editor: { ...EDIT.editor, text: "battleline position 1\nother\n" } };
    assert.equal(normalizeTextDraft(next, draft), null);
    assert.equal(positionText(next, draft), next.editor.text);
    const refused = { ...EDIT, editor: { ...EDIT.editor, message: { kind: "error", text: "bad" } } };
    assert.equal(positionText(refused, draft), "my text", "a refused load keeps the text to fix");
  });
});

describe("editor.js: opponents and what Python says", () => {
  it("opponents: the bots offered and hot-seat; Python's default first", () => {
    assert.deepEqual(opponentChoices(EDIT), ["easy", "medium", "hard", ""]);
    assert.equal(chosenOpponent(EDIT, undefined), "hard");
    const other = { ...EDIT, editor: { ...EDIT.editor, default_opponent: "medium" } };
    assert.equal(chosenOpponent(other, undefined), "medium", "the default is Python's, not the front end's");
    assert.equal(chosenOpponent(EDIT, "easy"), "easy");
    assert.equal(chosenOpponent(EDIT, ""), "");
    assert.equal(chosenOpponent(EDIT, "grandmaster"), "hard");
  });

  it("Python says how many cards a side needs (four under Mud) and which rules exist", () => {
    const f4 = EDIT.editor.flags[3];
    assert.ok(f4.env.some((e) => e.card.id === "Mud"));
    assert.equal(f4.required, 4);
    assert.equal(EDIT.editor.flags[0].required, 3);
    assert.deepEqual(ruleChoices(EDIT).map((r) => r.id), ["standard", "advanced"]);
    const noRules = { ...EDIT, editor: { ...EDIT.editor, rules_offered: [{ id: "standard", label: "Standard" }] } };
    assert.equal(editorClick(noRules, null, { type: "rules", value: "advanced" }).message, null,
      "a rule set Python does not offer is not sent");
  });
});

describe("edit mode in the DOM", { skip: NO_DOM }, () => {
  it("the palette: 70 toggle buttons, placed ones greyed with a title saying where", () => {
    const { el } = mountView(widget, fixture("edit"));
    const pal = [...el.querySelectorAll(".bl-palette button")];
    assert.equal(pal.length, 70);
    assert.ok(pal.every((b) => nameOf(b).startsWith("Palette ") && b.getAttribute("aria-pressed") === "false"));
    const r8 = button(el, "Palette Red 8");
    assert.ok(r8.classList.contains("is-placed"));
    assert.match(r8.getAttribute("title"), /at flag 3 \(south's side\)/);
    assert.ok(!button(el, "Palette Red 1").classList.contains("is-placed"));
    button(el, "Palette Alexander");
    button(el, "Palette Traitor");
  });

  it("the table: north above and south below each flag, placed cards, Fog/Mud, hands, discards, decks", () => {
    const { el } = mountView(widget, fixture("edit"));
    for (let n = 1; n <= 9; n++) {
      button(el, `Flag ${n}, north side`);
      button(el, `Flag ${n}, south side`);
      control(el, `Flag ${n} claimed by`);
    }
    const col3 = el.querySelector('.bl-flag-col[data-flag="3"]');
    assert.deepEqual([...col3.querySelectorAll(".bl-south [data-card]")].map((b) => b.getAttribute("data-card")), ["R8", "R9"]);
    button(el, "Placed Red 8");
    button(el, "Placed Mud");
    assert.ok(el.querySelector('.bl-flag-col[data-flag="4"] .bl-env-theirs [aria-label="Placed Mud"]'), "north's Mud above the flag");
    for (const name of ["North's hand", "South's hand", "North's discards", "South's discards", "Top of the deck", "Back to the deck"]) {
      assert.equal(button(el, name).disabled, true, `${name}: nothing chosen yet`);
    }
    assert.ok(el.querySelector('[aria-label="South\'s hand"] [aria-label="Placed Red 10"]'));
    assert.ok(el.querySelector('[aria-label="South\'s discards"] [aria-label="Placed Scout"]'));
    assert.ok(el.querySelector('[aria-label="Top of the deck"] [aria-label="Placed Blue 5"]'));
    assert.match(button(el, "Back to the deck").textContent, /\d+ troops, \d+ Tactics/);
    assert.equal(control(el, "South to move").checked, true);
    assert.equal(control(el, "North to move").checked, false);
    assert.equal(control(el, "Rules").value, "standard");
  });

  it("choose a palette card, then a place: edit_place; the choice is shown and then cleared", () => {
    const { el, model } = mountView(widget, fixture("edit"));
    const g4 = press(el, "Palette Green 4");
    assert.equal(g4.getAttribute("aria-pressed"), "true");
    assert.match(el.querySelector(".bl-hint").textContent, /Green 4: choose where it goes/);
    press(el, "Flag 5, north side");
    assert.deepEqual(model.sent, [{ type: "edit_place", card: "G4", to: "flag", flag: 5, side: "north" }]);
    assert.equal(g4.getAttribute("aria-pressed"), "false");
    assert.equal(button(el, "Flag 5, north side").disabled, true);
  });

  it("after a placement the keyboard focus goes back to the card in the palette", () => {
    const { el, doc } = mountView(widget, fixture("edit"));
    press(el, "Palette Green 4").focus();
    const target = button(el, "South's hand");
    target.focus();
    target.click();
    assert.equal(doc.activeElement, button(el, "Palette Green 4"));
  });

  it("a placed card is moved: choose it on the table, then a hand, discards, the deck or back to the deck", () => {
    const { el, model } = mountView(widget, fixture("edit"));
    for (const [place, want] of [
      ["North's hand", { to: "hand", player: "north" }],
      ["North's discards", { to: "discard", player: "north" }],
      ["Top of the deck", { to: "deck" }],
      ["Back to the deck", { to: "rest" }],
    ]) {
      const placed = press(el, "Placed Red 9");
      assert.equal(placed.getAttribute("aria-pressed"), "true");
      assert.equal(button(el, "Palette Red 9").getAttribute("aria-pressed"), "true", "the palette shows the choice too");
      press(el, place);
      assert.deepEqual(model.sent.at(-1), { type: "edit_place", card: "R9", ...want });
    }
  });
});

describe("edit mode in the DOM: choices, claims, play, the text", { skip: NO_DOM }, () => {
  it("clicking the chosen card again, Escape and Cancel drop the choice", () => {
    const { el, dom, model } = mountView(widget, fixture("edit"));
    press(el, "Palette Blue 1");
    press(el, "Palette Blue 1");
    assert.equal(button(el, "Palette Blue 1").getAttribute("aria-pressed"), "false");
    const b = press(el, "Palette Blue 2");
    escape(dom, b);
    assert.equal(b.getAttribute("aria-pressed"), "false");
    press(el, "Placed Mud");
    press(el, "Cancel");
    assert.equal(maybeButton(el, "Cancel"), null);
    assert.deepEqual(model.sent, []);
  });

  it("a refused placement shows the error as an alert", () => {
    const { el } = mountView(widget, fixture("edit-error"));
    const alert = el.querySelector('[role="alert"]');
    assert.match(alert.textContent, /flag 3, south's side is full/);
  });

  it("claims, who moves and rules send edit_claim / edit_set", () => {
    const { el, model } = mountView(widget, fixture("edit"));
    change(control(el, "Flag 3 claimed by"), "south");
    change(control(el, "North to move"), true);
    change(control(el, "Rules"), "advanced");
    assert.deepEqual(model.sent, [
      { type: "edit_claim", flag: 3, player: "south" },
      { type: "edit_set", to_move: "north" },
      { type: "edit_set", rules: "advanced" },
    ]);
    // Python refuses the claim: the select follows the view again.
    model.set(fixture("edit"));
    assert.equal(control(el, "Flag 3 claimed by").value, "");
    assert.equal(control(el, "South to move").checked, true);
  });

  it("Play from here with the chosen opponent, or hot-seat", () => {
    const { el, model } = mountView(widget, fixture("edit"));
    assert.deepEqual([...control(el, "Opponent").options].map((o) => o.value), ["easy", "medium", "hard", ""]);
    assert.equal(control(el, "Opponent").value, "hard");
    press(el, "Play from here");
    change(control(el, "Opponent"), "easy");
    press(el, "Play from here");
    change(control(el, "Opponent"), "");
    press(el, "Play from here");
    assert.deepEqual(model.sent, [
      { type: "edit_play", opponent: "hard" },
      { type: "edit_play", opponent: "easy" },
      { type: "edit_play", opponent: null },
    ]);
  });

  it("the position text: shows the export, keeps the user's edits, Load sends them, Clear", () => {
    const view = fixture("edit");
    const { el, model } = mountView(widget, view);
    const box = control(el, "Position text");
    assert.equal(box.value, view.editor.text);
    change(box, "battleline position 1\nrules standard\n");
    model.set({ ...view, editor: { ...view.editor, message: { kind: "info", text: "x" } } });
    assert.equal(box.value, "battleline position 1\nrules standard\n", "an unrelated view keeps the edits");
    press(el, "Load");
    press(el, "Clear");
    assert.deepEqual(model.sent, [
      { type: "edit_load", text: "battleline position 1\nrules standard\n" },
      { type: "edit_clear" },
    ]);
    const other = fixture("edit-error");
    model.set(other);
    assert.equal(box.value, other.editor.text, "a new export replaces the edits");
  });
});

describe("edit mode in the DOM: copy, modes, Japanese, names", { skip: NO_DOM }, () => {
  it("Copy uses the clipboard when there is one", async () => {
    const { el, dom } = mountView(widget, fixture("edit"));
    const copied = [];
    Object.defineProperty(dom.window.navigator, "clipboard", {
      value: { writeText: (s) => { copied.push(s); return Promise.resolve(); } },
      configurable: true,
    });
    press(el, "Copy");
    await new Promise((r) => setTimeout(r, 0));
    assert.deepEqual(copied, [fixture("edit").editor.text]);
    assert.equal(button(el, "Copy").textContent, "Copied");
  });

  it("Play from here turns into play mode; Back to editor sends edit", () => {
    const { el, model } = mountView(widget, fixture("edit"));
    press(el, "Palette Red 1");
    model.set(fixture("edit-play"));
    assert.equal(el.querySelectorAll(".bl-palette").length, 0);
    button(el, "Flag 1");
    press(el, "Back to editor");
    assert.deepEqual(model.sent, [{ type: "edit" }]);
    model.set(fixture("edit"));
    assert.equal(button(el, "Palette Red 1").getAttribute("aria-pressed"), "false", "no choice carried over");
  });

  it("Japanese: labels from i18n.js, card names from Python", () => {
    const { el } = mountView(widget, fixture("edit-ja"));
    button(el, "フラッグ3・南側");
    button(el, "北の手札");
    button(el, "山札の一番上");
    button(el, "山札に戻す");
    button(el, "ここから対戦");
    control(el, "局面テキスト");
    control(el, "南の手番");
    assert.ok([...el.querySelectorAll("button")].some((b) => nameOf(b).startsWith("パレット 赤")));
    assert.ok([...el.querySelectorAll("button")].some((b) => nameOf(b).startsWith("配置済み ")));
    assert.equal(el.querySelector(".bl-app").getAttribute("lang"), "ja");
  });

  it("every interactive element is a button, select, radio or the text box, with a name", () => {
    const { el } = mountView(widget, fixture("edit"));
    for (const n of el.querySelectorAll("[data-act]")) assert.equal(n.tagName, "BUTTON", nameOf(n));
    for (const b of el.querySelectorAll("button")) {
      assert.equal(b.getAttribute("type"), "button");
      assert.ok(nameOf(b));
    }
    const ids = [...el.ownerDocument.querySelectorAll("[id]")].map((n) => n.id);
    assert.equal(new Set(ids).size, ids.length);
  });
});
