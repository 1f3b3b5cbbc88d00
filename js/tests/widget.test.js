// widget.js in a jsdom document with a fake anywidget model: what is shown, the
// accessible names the browser tests rely on, and the messages the clicks send.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, it } from "node:test";

// esbuild is a devDependency (npm ci); without it the bundle test is skipped, loudly.
let ESBUILD = true;
try {
  await import("esbuild");
} catch {
  ESBUILD = false;
}

import widget, { PENDING_MS } from "../standard/widget.js";
import {
  JSDOM, NO_DOM, button, cleanupAll, fakeModel, maybeButton, mountView as mount, nameOf, press,
} from "./helpers.js";
import { fixture, makeView, plays } from "./views.js";

afterEach(cleanupAll);

const mountView = (view, w = widget) => mount(w, view);

const moves = (model) => model.sent.filter((m) => m.type === "move").map((m) => m.move);

const TABLE = {
  hand: "R7 Fog Redeploy Deserter Traitor Alexander Scout",
  legal: [
    ...plays("R7", [3, 4, 5]),
    ...plays("Alexander", [3, 4, 5]),
    ...plays("Fog", [1, 3, 4, 5]),
    "Scout",
    "Redeploy G1@3", "Redeploy G1@discard",
    "Deserter B5", "Deserter Mud",
    "Traitor B5@3", "Traitor B5@4",
    "claim 1",
  ],
  flags: {
    1: { mine: "G1 G2 G3", theirs: "Y1", my_formation: "Wedge 1-2-3 (total 6)" },
    2: { theirs: "B5 Darius", env: [{ card: "Mud", mine: false }], required: 4, mine: "P1" },
    6: { claimed: "theirs", theirs: "O8 O9 O10", mine: "R1 R2", their_formation: "Wedge 8-9-10 (total 27)" },
  },
  log: ["New game.", "Bot played Blue 5 at flag 2.", "Bot drew a troop card."],
  last: ["B5@2", "draw troop"],
  opponent_known: "P10",
  discards: { mine: [], theirs: [] },
};

describe("display", { skip: NO_DOM }, () => {
  it("shows nine flags named Flag 1 … Flag 9 with data-flag", () => {
    const { el } = mountView(makeView(TABLE));
    for (let n = 1; n <= 9; n++) assert.equal(button(el, `Flag ${n}`).getAttribute("data-flag"), String(n));
  });

  it("hand cards are buttons named after the card, with data-card and a title", () => {
    const { el } = mountView(makeView(TABLE));
    const r7 = button(el, "Red 7");
    assert.equal(r7.getAttribute("data-card"), "R7");
    assert.equal(r7.getAttribute("title"), "Red 7: Light Cavalry");
    assert.match(r7.textContent, /7/);
    assert.match(r7.textContent, /R/, "the colour letter is on the face");
    assert.ok(r7.querySelector("svg.bl-shape-circle"), "red has its shape mark");
    button(el, "Alexander");
    button(el, "Fog");
  });

  it("table cards are named by flag and owner", () => {
    const { el } = mountView(makeView(TABLE));
    const b5 = button(el, "Flag 2, opponent's Blue 5");
    assert.equal(b5.getAttribute("data-card"), "B5");
    assert.equal(b5.getAttribute("data-flag"), "2");
    button(el, "Flag 1, your Green 1");
    button(el, "Flag 2, opponent's Darius");
    button(el, "Flag 2, opponent's Mud");
    button(el, "Flag 6, opponent's Orange 10");
  });

  it("free places on your side: one 'Flag N, your side' per open flag with room", () => {
    const { el } = mountView(makeView(TABLE));
    button(el, "Flag 2, your side");
    button(el, "Flag 3, your side");
    assert.equal(maybeButton(el, "Flag 1, your side"), null, "flag 1 is full");
    assert.equal(maybeButton(el, "Flag 6, your side"), null, "flag 6 is claimed");
    // Mud: four places, so three slots remain at flag 2 (one button, two drawn slots).
    const col = el.querySelector('.bl-flag-col[data-flag="2"] .bl-side.bl-mine');
    assert.equal(col.querySelectorAll(".bl-slot").length, 3);
  });

  it("formations, claimed flags, Fog/Mud and the last turn are marked", () => {
    const { el } = mountView(makeView(TABLE));
    const col1 = el.querySelector('.bl-flag-col[data-flag="1"]');
    assert.match(col1.querySelector(".bl-formation-mine").textContent, /Wedge 1-2-3/);
    const col6 = el.querySelector('.bl-flag-col[data-flag="6"]');
    assert.ok(col6.classList.contains("is-claimed-theirs"));
    assert.match(col6.querySelector(".bl-formation-theirs").textContent, /Wedge 8-9-10/);
    const col2 = el.querySelector('.bl-flag-col[data-flag="2"]');
    assert.ok(col2.classList.contains("has-mud"));
    assert.ok(col2.classList.contains("is-last"));
    assert.ok(button(el, "Flag 2, opponent's Blue 5").classList.contains("is-last"));
    assert.ok(el.querySelector(".bl-deck-troop").classList.contains("is-last"));
    const desc = el.ownerDocument.getElementById(button(el, "Flag 2").getAttribute("aria-describedby"));
    assert.match(desc.textContent, /Mud \(opponent's\)/);
  });
});

describe("display: status, message, thinking", { skip: NO_DOM }, () => {
  it("status line, decks, hands, discards, tactics counts, score and log", () => {
    const view = makeView({
      ...TABLE,
      discards: { mine: [], theirs: [{ id: "Scout", name: "Scout", title: "Scout", color: null, value: null, kind: "guile", label: "Scout" }] },
      tactics_played: { mine: 0, theirs: 2 },
      score: { mine: 5, theirs: 2 },
      decks: { troop: 33, tactic: 7 },
      opponent_hand: 6,
    });
    const { el } = mountView(view);
    const status = el.querySelector('[role="status"]');
    assert.equal(status.textContent, "Your turn: play a card.");
    assert.equal(status.getAttribute("aria-live"), "polite");
    assert.ok(el.querySelector('[aria-label="Troop deck: 33 cards"]'));
    assert.ok(el.querySelector('[aria-label="Tactics deck: 7 cards"]'));
    assert.ok(el.querySelector('[aria-label="Opponent\'s hand: 6 cards"]'));
    assert.equal(el.querySelectorAll(".bl-opp-hand .bl-back").length, 5, "6 cards, one known");
    const known = el.querySelector('[aria-label="Purple 10 (known)"]');
    assert.ok(known);
    assert.match(known.closest(".bl-known").textContent, /known/, "one tag for the known cards");
    assert.ok(el.querySelector('[aria-label="Opponent\'s discard: Scout"]'));
    assert.match(el.textContent, /Tactics played: 2/);
    assert.match(el.querySelector(".bl-score").textContent, /5 : 2/);
    const items = [...el.querySelectorAll(".bl-log li")].map((li) => li.textContent);
    assert.deepEqual(items, TABLE.log);
  });

  it("message, result banner and the Next game button", () => {
    const { el, model } = mountView(makeView({ message: { kind: "error", text: "R7@9: flag 9 is full" } }));
    const msg = el.querySelector(".bl-message");
    assert.equal(msg.querySelector(".bl-message-text").textContent, "R7@9: flag 9 is full");
    assert.equal(msg.getAttribute("role"), "alert");
    assert.equal(maybeButton(el, "Next game"), null);
    model.set(makeView({
      my_turn: false,
      result: { winner: "theirs", reason: "envelopment", text: "Bot wins by envelopment!" },
      can_next_game: true,
    }));
    const banner = el.querySelector(".bl-result");
    assert.match(banner.textContent, /Bot wins by envelopment!/);
    assert.match(banner.textContent, /Envelopment: five flags/);
    press(el, "Next game");
    assert.deepEqual(model.sent, [{ type: "next_game" }]);
  });

  for (const reason of ["breakthrough", "envelopment", "deadlock"]) {
    it(`the result banner names ${reason}`, () => {
      const { el } = mountView(makeView({ my_turn: false, result: { winner: null, reason, text: "Game over." } }));
      assert.match(el.querySelector(".bl-result").textContent.toLowerCase(), new RegExp(reason));
    });
  }

  it("thinking: an indicator, and nothing on the board can be clicked", () => {
    const { el, model } = mountView(makeView({ ...TABLE, thinking: true, my_turn: false, legal: [], status: "Bot is thinking…" }));
    assert.match(el.querySelector(".bl-statusbar").textContent, /thinking…/);
    // Only the explain buttons and the hand order stay: they change nothing in the game.
    const enabled = [...el.querySelectorAll(".bl-board button")]
      .filter((b) => !b.disabled && !b.matches(".bl-explain, .bl-sort-btn"));
    assert.deepEqual(enabled.map(nameOf), []);
    button(el, "Red 7").click();
    assert.deepEqual(model.sent, []);
  });
});

describe("display: the claim answer", { skip: NO_DOM }, () => {
  it("the claim answer is shown next to its flag, with the counterexample, and can be closed", () => {
    const view = fixture("claim-failed");
    const { el, model } = mountView(view);
    const note = el.querySelector('.bl-line [role="alert"]');
    assert.equal(nameOf(note), "Claim of flag 7");
    assert.equal(note.getAttribute("data-flag"), "7");
    assert.ok(note.classList.contains("bl-popup"), "over the table, not in the page's flow");
    assert.match(note.getAttribute("style"), /grid-column:3 \/ span 4;grid-row:1/, "beside flag 7, over flags 3-6 (issue 33 item 5)");
    assert.ok(note.classList.contains("bl-callout-left"), "on the flag's left, its arrow pointing right at it");
    assert.match(note.textContent, /Not proved/);
    assert.deepEqual([...note.querySelectorAll("[data-card]")].map((n) => n.getAttribute("data-card")), ["B8", "B9", "B10"]);
    assert.match(button(el, "Flag 7").getAttribute("aria-describedby"), /claim/);
    press(el, "Close claim explanation");
    assert.equal(el.querySelector('[role="alert"]'), null);
    // A new answer shows again.
    model.set({ ...view, claim: { ...view.claim, flag: 5, explanation: "Another." } });
    assert.equal(el.querySelector('[role="alert"]').getAttribute("data-flag"), "5");
  });
});

describe("interaction", { skip: NO_DOM }, () => {
  it("select a hand card, then a flag: sends the move", () => {
    const { el, model } = mountView(makeView(TABLE));
    assert.equal(button(el, "Flag 3").disabled, true, "nothing lit before a selection");
    const r7 = press(el, "Red 7");
    assert.equal(r7.getAttribute("aria-pressed"), "true");
    assert.equal(button(el, "Flag 3").disabled, false);
    assert.equal(button(el, "Flag 1").disabled, true);
    assert.match(el.querySelector(".bl-hint").textContent, /Red 7: choose a flag/);
    press(el, "Flag 4");
    assert.deepEqual(model.sent, [{ type: "move", move: "R7@4" }]);
    assert.equal(r7.getAttribute("aria-pressed"), "false", "selection cleared");
  });

  it("the free place works too", () => {
    const { el, model } = mountView(makeView(TABLE));
    press(el, "Alexander");
    press(el, "Flag 5, your side");
    assert.deepEqual(moves(model), ["Alexander@5"]);
  });

  it("Fog goes to a flag", () => {
    const { el, model } = mountView(makeView(TABLE));
    press(el, "Fog");
    assert.equal(button(el, "Flag 3, your side").disabled, true);
    press(el, "Flag 1");
    assert.deepEqual(moves(model), ["Fog@1"]);
  });

  it("Escape cancels a selection", () => {
    const { el, dom, model } = mountView(makeView(TABLE));
    const r7 = press(el, "Red 7");
    r7.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    assert.equal(r7.getAttribute("aria-pressed"), "false");
    assert.equal(button(el, "Flag 3").disabled, true);
    assert.deepEqual(model.sent, []);
  });

  it("the Cancel button cancels too", () => {
    const { el } = mountView(makeView(TABLE));
    press(el, "Red 7");
    press(el, "Cancel");
    assert.equal(maybeButton(el, "Cancel"), null);
    assert.equal(button(el, "Red 7").getAttribute("aria-pressed"), "false");
  });

  it("Scout is played with one click", () => {
    const { el, model } = mountView(makeView(TABLE));
    press(el, "Scout");
    assert.deepEqual(moves(model), ["Scout"]);
  });

  it("Deserter: then the opponent's card", () => {
    const { el, model } = mountView(makeView(TABLE));
    assert.equal(button(el, "Flag 2, opponent's Blue 5").disabled, true);
    press(el, "Deserter");
    assert.equal(button(el, "Flag 2, opponent's Darius").disabled, true, "not named by a legal move");
    press(el, "Flag 2, opponent's Mud");
    assert.deepEqual(moves(model), ["Deserter Mud"]);
  });

  it("Traitor: the opponent's troop, then your free place", () => {
    const { el, model } = mountView(makeView(TABLE));
    press(el, "Traitor");
    press(el, "Flag 2, opponent's Blue 5");
    assert.equal(button(el, "Flag 2, opponent's Blue 5").getAttribute("aria-pressed"), "true");
    press(el, "Flag 3, your side");
    assert.deepEqual(moves(model), ["Traitor B5@3"]);
  });
});

describe("interaction: Redeploy, claims, draws, buttons", { skip: NO_DOM }, () => {
  it("Redeploy: your card, then a flag or Discard", () => {
    const { el, model } = mountView(makeView(TABLE));
    assert.equal(maybeButton(el, "Discard"), null);
    press(el, "Redeploy");
    assert.equal(button(el, "Flag 1, your Green 2").disabled, true);
    press(el, "Flag 1, your Green 1");
    press(el, "Discard");
    assert.deepEqual(moves(model), ["Redeploy G1@discard"]);
    model.set(makeView(TABLE)); // Python answers
    press(el, "Redeploy");
    press(el, "Flag 1, your Green 1");
    press(el, "Flag 3");
    assert.deepEqual(moves(model).slice(1), ["Redeploy G1@3"]);
  });

  it("Claim flag N on each open complete side, sent even when not in legal", () => {
    const view = makeView({ ...TABLE, flags: { ...TABLE.flags, 8: { mine: "B1 B2 B3" } } });
    const { el, model } = mountView(view);
    press(el, "Claim flag 8");
    model.set({ ...view, message: { kind: "info", text: "Not proved." } });
    press(el, "Claim flag 1");
    assert.deepEqual(moves(model), ["claim 8", "claim 1"]);
    assert.equal(maybeButton(el, "Claim flag 6"), null);
    assert.equal(maybeButton(el, "Claim flag 2"), null);
  });

  it("claimable flags are highlighted when the option says so", () => {
    const view = makeView({ ...TABLE, flags: { ...TABLE.flags, 1: { ...TABLE.flags[1], claimable: true } } });
    const { el } = mountView(view);
    assert.ok(button(el, "Claim flag 1").classList.contains("is-claimable"));
    assert.ok(el.querySelector('.bl-flag-col[data-flag="1"]').classList.contains("is-claimable"));
  });

  it("draw phase: Draw troop / Draw tactic; End turn; Pass", () => {
    const { el, model } = mountView(makeView({ phase: "draw", hand: "R1", legal: ["draw troop", "draw tactic"] }));
    press(el, "Draw tactic");
    model.set(makeView({ phase: "draw", legal: ["end"], decks: { troop: 0, tactic: 0 } }));
    assert.equal(button(el, "Draw troop").disabled, true);
    press(el, "End turn");
    model.set(makeView({ hand: "Fog", legal: ["pass", "Fog@1"] }));
    press(el, "Pass");
    assert.deepEqual(moves(model), ["draw tactic", "end", "pass"]);
  });

  it("Scout draws and returns", () => {
    const { el, model } = mountView(fixture("scout-draw"));
    press(el, "Draw troop");
    model.set(fixture("scout-return"));
    const first = fixture("scout-return").hand[0];
    press(el, first.name);
    assert.deepEqual(moves(model), ["draw troop", `return ${first.id}`]);
  });

  it("Undo, New game, options", () => {
    const { el, model } = mountView(makeView({ can_undo: true }));
    press(el, "Undo");
    press(el, "New game");
    const box = el.querySelector('input[data-option="highlight_claimable"]');
    assert.equal(box.checked, false);
    box.checked = true;
    box.dispatchEvent(new el.ownerDocument.defaultView.Event("change", { bubbles: true }));
    const auto = el.querySelector('input[data-option="auto_claim"]');
    assert.match(auto.parentElement.textContent, /Claim automatically/);
    assert.match(box.parentElement.textContent, /Highlight claimable flags/);
    assert.deepEqual(model.sent, [
      { type: "undo" },
      { type: "new_game" },
      { type: "option", name: "highlight_claimable", value: true },
    ]);
    model.set(makeView({ options: { highlight_claimable: true, auto_claim: true } }));
    assert.equal(box.checked, true);
    assert.equal(auto.checked, true);
    assert.equal(button(el, "Undo").disabled, true);
  });
});

describe("interaction: cover, guards and cleanup", { skip: NO_DOM }, () => {
  it("hot-seat cover: only a Reveal button, and no hand on screen", () => {
    const { el, model } = mountView(fixture("hotseat-cover"));
    assert.match(el.querySelector(".bl-cover").textContent, /Pass the screen to North/);
    assert.equal(el.querySelectorAll(".bl-hand").length, 0);
    assert.equal(el.querySelectorAll(".bl-line").length, 0);
    press(el, "Reveal");
    assert.deepEqual(model.sent, [{ type: "reveal" }]);
    model.set(fixture("hotseat-revealed"));
    assert.equal(el.querySelectorAll(".bl-hand button").length, 7);
    assert.equal(maybeButton(el, "Reveal"), null);
  });

  it("a double click sends one move; the next view lifts the guard", async () => {
    const { el, model } = mountView(makeView(TABLE));
    press(el, "Scout");
    button(el, "Scout").click();
    assert.deepEqual(moves(model), ["Scout"]);
    model.set(makeView(TABLE));
    press(el, "Scout");
    assert.deepEqual(moves(model), ["Scout", "Scout"]);
    await new Promise((r) => setTimeout(r, PENDING_MS + 50));
    press(el, "Scout");
    assert.equal(moves(model).length, 3, "the guard also times out");
  });

  it("a new view keeps the same elements (and so the focus)", () => {
    const { el, model, doc } = mountView(makeView(TABLE));
    const r7 = press(el, "Red 7");
    r7.focus();
    const flag3 = button(el, "Flag 3");
    model.set(makeView({ ...TABLE, log: [...TABLE.log, "x"] }));
    assert.equal(button(el, "Red 7"), r7);
    assert.equal(button(el, "Flag 3"), flag3);
    assert.equal(doc.activeElement, r7);
    assert.equal(r7.getAttribute("aria-pressed"), "true", "selection survives an unrelated update");
  });

  it("every interactive element is a button or a checkbox", () => {
    const { el } = mountView(makeView(TABLE));
    for (const n of el.querySelectorAll("[data-act]")) assert.equal(n.tagName, "BUTTON", nameOf(n));
    for (const b of el.querySelectorAll("button")) {
      assert.equal(b.getAttribute("type"), "button");
      assert.ok(nameOf(b), "every button has a name");
    }
  });

  it("cleanup removes the DOM and the listener", () => {
    const { el, model, cleanup } = mountView(makeView(TABLE));
    assert.equal(model.listeners("change:view"), 1);
    cleanup();
    assert.equal(model.listeners("change:view"), 0);
    assert.equal(el.children.length, 0);
  });

  it("two widgets on one page keep separate ids", () => {
    const dom = new JSDOM("<!doctype html><div id=a></div><div id=b></div>");
    const doc = dom.window.document;
    const c1 = widget.render({ model: fakeModel(makeView(TABLE)), el: doc.getElementById("a") });
    const c2 = widget.render({ model: fakeModel(makeView(TABLE)), el: doc.getElementById("b") });
    const ids = [...doc.querySelectorAll("[id]")].map((n) => n.id);
    assert.equal(new Set(ids).size, ids.length);
    c1();
    c2();
    dom.window.close();
  });
});

describe("the committed bundle", { skip: NO_DOM }, () => {
  const built = fileURLToPath(new URL("../../src/battleline/static/widget.js", import.meta.url));

  it("exists and renders like the sources", async () => {
    assert.ok(existsSync(built), "run npm run build");
    const mod = await import(built);
    const { el, model } = mountView(makeView(TABLE), mod.default);
    press(el, "Red 7");
    press(el, "Flag 3");
    assert.deepEqual(moves(model), ["R7@3"]);
  });

  it("is up to date with js/ (npm run build)", { skip: !ESBUILD && "esbuild is not installed: run npm ci" }, async () => {
    const { bundles, outputs } = await import("../build.mjs");
    const want = await bundles();
    assert.equal(readFileSync(outputs.js, "utf8"), want.js, "widget.js is stale: npm run build");
    assert.equal(readFileSync(outputs.css, "utf8"), want.css, "widget.css is stale: npm run build");
  });
});

describe("the language control", { skip: NO_DOM }, () => {
  it("asks Python for the other language, in every mode; Python re-words the view", () => {
    for (const [name, label, lang] of [
      ["start", "Show the widget in 日本語", "ja"],
      ["ja", "表示をEnglishに切り替える", "en"],
      ["edit", "Show the widget in 日本語", "ja"],
      ["puzzle-claims", "Show the widget in 日本語", "ja"],
    ]) {
      const { el, model } = mountView(fixture(name));
      const b = button(el, label);
      assert.equal(b.textContent, lang === "ja" ? "日本語" : "English", name);
      press(el, label);
      assert.deepEqual(model.sent, [{ type: "language", lang }], name);
    }
  });
});
