// The layout (roomy or compact), the pop-ups over the table, the hand order and the small
// fixes of issue 10: pure functions, then the widget in jsdom.

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { ROOMY_MIN_HEIGHT, fitFor, visibleHeight } from "../standard/layout.js";
import { HAND_ORDERS, interaction, sortHand } from "../standard/logic.js";
import widget from "../standard/widget.js";
import { JSDOM, NO_DOM, button, cleanupAll, maybeButton, mountView, nameOf, press } from "./helpers.js";
import { card, fixture, makeView, plays } from "./views.js";

afterEach(cleanupAll);

const ids = (cards) => cards.map((c) => c.id);

describe("layout", () => {
  it("compact below the roomy height, roomy above it or when the height is unknown", () => {
    assert.equal(fitFor(620), "compact");
    assert.equal(fitFor(ROOMY_MIN_HEIGHT - 1), "compact");
    assert.equal(fitFor(ROOMY_MIN_HEIGHT), "roomy");
    assert.equal(fitFor(1400), "roomy");
    for (const unknown of [0, NaN, undefined, -5]) assert.equal(fitFor(unknown), "roomy");
  });

  it("the visible height is the scrolling ancestor's, cut to the window", { skip: NO_DOM }, () => {
    const dom = new JSDOM("<!doctype html><div id=panel style='overflow-y:auto'><div id=cell></div></div>");
    const { document, window } = dom.window;
    const panel = document.getElementById("panel");
    let height = 640;
    Object.defineProperty(panel, "clientHeight", { get: () => height });
    Object.defineProperty(window, "innerHeight", { value: 768 });
    assert.equal(visibleHeight(document.getElementById("cell")), 640);
    height = 5000;
    assert.equal(visibleHeight(document.getElementById("cell")), 768);
    dom.window.close();
  });

  it("an output area as tall as the widget does not bound it", { skip: NO_DOM }, () => {
    const dom = new JSDOM("<!doctype html><div id=panel style='overflow-y:auto'>"
      + "<div id=out style='overflow-y:auto'><div id=cell></div></div></div>");
    const { document, window } = dom.window;
    const size = (id, props) => {
      for (const [k, v] of Object.entries(props)) Object.defineProperty(document.getElementById(id), k, { value: v });
    };
    size("panel", { clientHeight: 880, scrollHeight: 2000 });
    size("out", { clientHeight: 700, scrollHeight: 700 });
    size("cell", { offsetHeight: 700 });
    Object.defineProperty(window, "innerHeight", { value: 1000 });
    assert.equal(visibleHeight(document.getElementById("cell")), 880);
    dom.window.close();
  });

  it("the widget marks its root with the layout", { skip: NO_DOM }, () => {
    const { el } = mountView(widget, makeView());
    const root = el.querySelector(".bl-root");
    // jsdom's window is 768 px tall and nothing scrolls: a laptop screen.
    assert.equal(root.getAttribute("data-fit"), "compact");
    assert.ok(root.classList.contains("bl-compact"));
  });
});

describe("hand order", () => {
  const hand = ["Alexander", "B3", "R9", "Fog", "R2", "G3", "Y10"].map(card);

  it("as drawn, by colour, by value; Tactics cards last in the order drawn", () => {
    assert.deepEqual(HAND_ORDERS, ["drawn", "color", "value"]);
    assert.deepEqual(ids(sortHand(hand, "drawn")), ["Alexander", "B3", "R9", "Fog", "R2", "G3", "Y10"]);
    assert.deepEqual(ids(sortHand(hand, "color")), ["R2", "R9", "Y10", "G3", "B3", "Alexander", "Fog"]);
    assert.deepEqual(ids(sortHand(hand, "value")), ["R2", "G3", "B3", "R9", "Y10", "Alexander", "Fog"]);
    assert.deepEqual(ids(sortHand(hand, "bogus")), ids(hand));
    assert.deepEqual(ids(hand), ["Alexander", "B3", "R9", "Fog", "R2", "G3", "Y10"], "the view is not changed");
  });

  it("a toggle with aria-pressed; sorting sends nothing to Python", { skip: NO_DOM }, () => {
    const view = makeView({ hand: "Alexander B3 R9 Fog R2", legal: plays("R9", [1]) });
    const { el, model } = mountView(widget, view);
    const order = () => [...el.querySelectorAll(".bl-hand [data-card]")].map((b) => b.getAttribute("data-card"));
    assert.deepEqual(order(), ["Alexander", "B3", "R9", "Fog", "R2"]);
    assert.equal(button(el, "Hand as drawn").getAttribute("aria-pressed"), "true");
    press(el, "Sort hand by colour");
    assert.deepEqual(order(), ["R2", "R9", "B3", "Alexander", "Fog"]);
    assert.equal(button(el, "Sort hand by colour").getAttribute("aria-pressed"), "true");
    assert.equal(button(el, "Hand as drawn").getAttribute("aria-pressed"), "false");
    press(el, "Sort hand by value");
    assert.deepEqual(order(), ["R2", "B3", "R9", "Alexander", "Fog"]);
    model.set({ ...view, hand: [...view.hand, card("P1")] });
    assert.deepEqual(order(), ["P1", "R2", "B3", "R9", "Alexander", "Fog"], "the order stays for the next view");
    assert.deepEqual(model.sent, []);
    // Cards keep their names and moves whatever the order.
    press(el, "Red 9");
    press(el, "Flag 1");
    assert.deepEqual(model.sent, [{ type: "move", move: "R9@1" }]);
  });
});

describe("pop-ups over the table", { skip: NO_DOM }, () => {
  const escape = (el) => {
    const ev = new el.ownerDocument.defaultView.KeyboardEvent("keydown", { key: "Escape", bubbles: true });
    el.querySelector(".bl-app").dispatchEvent(ev);
  };

  it("a failed claim is an alert; Escape closes it and focus goes back to the claim button", () => {
    const view = fixture("claim-failed");
    const { el } = mountView(widget, view);
    const alert = el.querySelector('[role="alert"]');
    assert.equal(nameOf(alert), `Claim of flag ${view.claim.flag}`);
    const close = button(el, "Close claim explanation");
    close.focus();
    escape(el);
    assert.equal(el.querySelector(".bl-callout"), null);
    const back = el.ownerDocument.activeElement;
    assert.equal(back.getAttribute("data-flag"), String(view.claim.flag));
  });

  it("an error message: an alert in a pop-up, closed by its button; a new intent shows the answer again", () => {
    const msg = { kind: "error", text: "R7@9: flag 9 is full" };
    const view = makeView({ hand: "R7", legal: plays("R7", [1]), message: msg });
    const { el, model } = mountView(widget, view);
    assert.ok(el.querySelector('.bl-popup[role="alert"]'));
    press(el, "Close message");
    assert.equal(el.querySelector(".bl-message"), null);
    model.set({ ...view });
    assert.equal(el.querySelector(".bl-message"), null, "closed stays closed for the same answer");
    press(el, "Red 7");
    press(el, "Flag 1");
    model.set({ ...view });
    assert.ok(el.querySelector(".bl-message"), "the same answer to a new move shows");
    escape(el);
    assert.equal(el.querySelector(".bl-message"), null);
  });

  it("the editor's error is a pop-up too", () => {
    const { el } = mountView(widget, fixture("edit-error"));
    assert.ok(el.querySelector('.bl-popup[role="alert"]'));
    press(el, "Close message");
    assert.equal(el.querySelector('[role="alert"]'), null);
  });

  it("the puzzle feedback: closed with its button or Escape, the live region stays", () => {
    const { el } = mountView(widget, fixture("puzzle-claims-wrong"));
    const fb = () => el.querySelector('[role="status"][aria-label="Puzzle feedback"]');
    assert.ok(fb().classList.contains("is-wrong"));
    assert.ok(fb().classList.contains("bl-popup"));
    escape(el);
    assert.ok(fb(), "the live region stays");
    assert.ok(fb().classList.contains("is-empty"));
    assert.equal(fb().textContent, "");
  });

  it("Escape drops a chosen card before it closes a pop-up", () => {
    const view = makeView({ hand: "R7", legal: plays("R7", [1]), message: { kind: "info", text: "Hello" } });
    const { el } = mountView(widget, view);
    press(el, "Red 7");
    escape(el);
    assert.equal(button(el, "Red 7").getAttribute("aria-pressed"), "false");
    assert.ok(el.querySelector(".bl-message"));
    escape(el);
    assert.equal(el.querySelector(".bl-message"), null);
  });
});

describe("small fixes", { skip: NO_DOM }, () => {
  it("no Claim button once the game is over", () => {
    const flags = { 1: { mine: "G1 G2 G3", theirs: "Y1" } };
    assert.deepEqual(interaction(makeView({ flags }), null).claimButtons, [1]);
    const over = makeView({ flags, my_turn: false, legal: [], result: { winner: "mine", reason: "breakthrough", text: "You win!" } });
    assert.deepEqual(interaction(over, null).claimButtons, []);
    const { el } = mountView(widget, over);
    assert.equal(maybeButton(el, "Claim flag 1"), null);
  });

  it("the status line does not repeat the result banner (screen readers still hear it)", () => {
    const { el } = mountView(widget, fixture("over"));
    const status = el.querySelector('.bl-statusbar [role="status"]');
    assert.ok(status.classList.contains("bl-sr"));
    assert.ok(el.querySelector(".bl-result"));
  });

  it("one Known tag for all the opponent's known cards", () => {
    const { el } = mountView(widget, makeView({ opponent_known: "P10 G4 R1" }));
    assert.equal(el.querySelectorAll(".bl-known-tag").length, 1);
    assert.equal(el.querySelectorAll(".bl-known [aria-label$='(known)']").length, 3);
  });

  it("the explanation of a flag you hold says so (not 'cannot be claimed now')", () => {
    const view = fixture("explain");
    const n = view.explain.flag;
    const flags = view.flags.map((f) => (f.number === n ? { ...f, claimed: "mine" } : f));
    const { el } = mountView(widget, { ...view, flags, explain: { ...view.explain, holds: false } });
    const badge = el.querySelector(".bl-callout-explain .bl-callout-badge");
    assert.equal(badge.textContent, "you hold this flag");
  });

  it("the editor's Opponent list shows Python's bot names", () => {
    const { el } = mountView(widget, fixture("edit-ja"));
    const names = [...el.querySelectorAll('select[data-edit="opponent"] option')].map((o) => o.textContent);
    const labels = fixture("edit-ja").editor.opponent_labels;
    assert.deepEqual(names.slice(0, 3), ["easy", "medium", "hard"].map((l) => labels[l]));
  });
});
