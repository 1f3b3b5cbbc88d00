// The Ancient Battles view: its interaction on real views made by Python
// (fixtures/ancient/, written by fixtures/make_ancient_views.py) and its DOM in jsdom.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { afterEach, describe, it } from "node:test";

import widget from "../ancient/widget.js";
import { armedChoice, click, normalize, squareLabel, squareMap } from "../ancient/logic.js";
import { NO_DOM, button, cleanupAll, escape, maybeButton, mountView, nameOf, press } from "./helpers.js";

const DIR = new URL("./fixtures/ancient/", import.meta.url);
const NAMES = readdirSync(DIR).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")).sort();
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, DIR), "utf8"));
const offered = (v) => new Set([...v.choices, ...v.targets, ...v.buttons].map((c) => c.action));
const EMPTY = { armed: null, focus: null };

afterEach(cleanupAll);

describe("ancient fixtures", () => {
  it("are there", () => {
    for (const n of ["deploy", "deploy-selected", "move-selected", "fire-selected", "melee-selected",
      "tactics-selected", "scout", "withdrawal", "over", "error", "builder-over", "builder-sound",
      "flank-chosen", "flank-joined", "flank-alone", "ja-deploy-selected", "ja-fire-selected"]) assert.ok(NAMES.includes(n), n);
  });

  for (const name of NAMES.filter((n) => !n.startsWith("builder"))) {
    it(`${name}: every offered action is reached by clicks and sent exactly as Python wrote it`, () => {
      const v = fixture(name);
      const actions = offered(v);
      const map = squareMap(v);
      for (const c of [...v.choices, ...v.targets, ...v.buttons]) {
        let r;
        if (c.square && map.get(c.square).choices.length === 1) r = click(v, EMPTY, { act: "square", square: c.square });
        else r = click(v, EMPTY, { act: "choice", action: c.action });
        if (c.kind === "fire" || c.kind === "attack") {
          assert.equal(r.send, null, "a shot or an attack waits for confirmation");
          assert.equal(armedChoice(v, r.ui).action, c.action);
          r = click(v, r.ui, { act: "confirm" });
        }
        assert.deepEqual(r.send, { type: "act", action: c.action });
        assert.ok(actions.has(r.send.action));
      }
      for (const s of v.selectable) {
        const isSq = /^[a-k][1-4]$/.test(s);
        const r = click(v, EMPTY, isSq ? { act: "square", square: s } : { act: "card", card: s });
        if (v.selected === s) assert.deepEqual(r.send, { type: "select" });
        else if (isSq && map.get(s).joinable) assert.deepEqual(r.send, { type: "join", square: s });
        else if (isSq && map.get(s).inAttack) assert.deepEqual(r.send, { type: "leave", square: s });
        else if (!isSq || !map.get(s).choices.length) assert.deepEqual(r.send, isSq ? { type: "select", square: s } : { type: "select", card: s });
      }
    });
  }

  it("nothing is sent when it is not the player's turn or the battle is over", () => {
    const v = fixture("over");
    assert.equal(v.my_turn, false);
    // a card can still be looked at (its rules), never acted with
    assert.deepEqual(click(v, EMPTY, { act: "square", square: "c2" }).send, { type: "inspect", square: "c2" });
    assert.equal(click(v, EMPTY, { act: "square", square: "a1" }).send, null);   // empty
    assert.equal(click(v, EMPTY, { act: "choice", action: "end melee" }).send, null);
    const thinking = { ...fixture("fire-selected"), thinking: true };
    assert.deepEqual(click(thinking, EMPTY, { act: "square", square: "c3" }).send, { type: "inspect", square: "c3" });
  });

  it("fire: the target shows its exact odds before the roll; cancel drops it", () => {
    const v = fixture("fire-selected");
    const fire = v.choices.find((c) => c.kind === "fire");
    assert.equal(fire.square, "c3");
    assert.equal(fire.odds.disrupted.fraction, "1/6");
    assert.equal(fire.odds.no_effect.fraction, "5/6");
    const r = click(v, EMPTY, { act: "square", square: "c3" });
    assert.equal(r.ui.armed, "fire c2-c3");
    assert.match(squareLabel(v.rows.flat().find((s) => s.square === "c3"), squareMap(v).get("c3"), r.ui), /disrupted 1\/6.*waiting/);
    const back = click(v, r.ui, { act: "cancel" });
    assert.equal(back.ui.armed, null);
    assert.equal(back.send, null);
    // a choice the next view no longer offers is dropped
    assert.equal(normalize(fixture("fire-rolled"), r.ui).armed, null);
  });

  it("cancel with nothing waiting drops the chosen card in Python", () => {
    const v = fixture("move-selected");
    assert.deepEqual(click(v, EMPTY, { act: "cancel" }).send, { type: "select" });
  });
});

describe("ancient fixtures: combined attacks, undo and dismiss", () => {
  it("a combined attack: joinable cards are sent as join, joined ones as leave; the JS builds no action", () => {
    const v = fixture("flank-chosen");
    const map = squareMap(v);
    assert.deepEqual(v.attack.joinable.map((j) => j.square), ["c3", "e3"]);
    assert.ok(map.get("c3").joinable && map.get("e3").joinable && !map.get("d2").joinable);
    assert.deepEqual(click(v, EMPTY, { act: "square", square: "c3" }).send, { type: "join", square: "c3" });
    assert.match(squareLabel(v.rows.flat().find((s) => s.square === "c3"), map.get("c3"), EMPTY, v), /can join the attack/);
    // the attack by the chosen card alone, with its strength and odds
    assert.deepEqual(v.choices.map((c) => c.action), ["attack d2-d3"]);
    assert.equal(v.choices[0].strength.attack, 3);
    const joined = fixture("flank-joined");
    assert.deepEqual(joined.choices.map((c) => c.action), ["attack c3+d2-d3"]);
    assert.equal(joined.choices[0].strength.attack, 7);
    assert.equal(joined.choices[0].odds.eliminated.fraction, "1/12");
    assert.deepEqual(click(joined, EMPTY, { act: "square", square: "c3" }).send, { type: "leave", square: "c3" });
    assert.deepEqual(click(joined, EMPTY, { act: "leave", square: "c3" }).send, { type: "leave", square: "c3" });
    let r = click(joined, EMPTY, { act: "square", square: "d3" });
    assert.equal(r.send, null);
    r = click(joined, r.ui, { act: "confirm" });
    assert.deepEqual(r.send, { type: "act", action: "attack c3+d2-d3" });
    // cavalry alone makes no attack on Phalangists: Python says so and lists who may join
    const alone = fixture("flank-alone");
    assert.deepEqual(alone.choices, []);
    assert.match(alone.attack.text, /no attack with these cards alone.*May join from the flank: d2, e3/);
  });

  it("undo and dismiss", () => {
    const v = fixture("move-selected");
    assert.equal(click({ ...v, can_undo: false }, EMPTY, { act: "undo" }).send, null);
    assert.deepEqual(click({ ...v, can_undo: true }, EMPTY, { act: "undo" }).send, { type: "undo" });
    assert.deepEqual(click(v, EMPTY, { act: "dismiss" }).send, { type: "dismiss" });
  });
});

describe("ancient DOM", { skip: NO_DOM }, () => {
  const square = (el, sq) => el.querySelector(`[data-square="${sq}"]`);

  it("draws the W × 4 field with accessible squares, the tray and the log", () => {
    const { el } = mountView(widget, fixture("deploy"));
    assert.equal(el.querySelectorAll(".ab-square").length, 28);
    assert.equal(el.querySelectorAll(".ab-row").length, 4);
    assert.ok(el.querySelector('[aria-label="Your reserve"]'));
    assert.match(nameOf(square(el, "a1")), /^a1, empty/);
    const reserve = [...el.querySelectorAll(".ab-tray-card")];
    assert.ok(reserve.length >= 7 && reserve.every((b) => b.tagName === "BUTTON"));
  });

  it("deploys by clicking a reserve card, then a lit Back Row square", () => {
    const { el, model } = mountView(widget, fixture("deploy"));
    press(el, "Reserve R1 Skirmishers");
    assert.deepEqual(model.sent.pop(), { type: "select", card: "R1" });
    model.set(fixture("deploy-selected"));
    const a1 = square(el, "a1");
    assert.ok(a1.classList.contains("is-target") && !a1.disabled);
    assert.match(nameOf(a1), /Deploy Skirmishers \(R1\) on a1/);
    a1.click();
    assert.deepEqual(model.sent.pop(), { type: "act", action: "deploy R1@a1" });
  });

  it("a shot: odds on the square and in the confirmation, then the action", () => {
    const { el, model, dom } = mountView(widget, fixture("fire-selected"));
    const c3 = square(el, "c3");
    assert.match(c3.textContent, /◐17%/);   // whole percentages on the square; exact in the dialog
    c3.click();
    assert.equal(model.sent.length, 0);
    const dialog = el.querySelector('[role="dialog"]');
    assert.ok(dialog);
    assert.match(dialog.querySelector(".ab-bar").getAttribute("aria-label"), /no effect 5\/6, disrupted 1\/6, eliminated 0/);
    escape(dom, maybeButton(el, "Confirm"));
    assert.equal(el.querySelector('[role="dialog"]'), null, "Escape cancels");
    square(el, "c3").click();
    press(el, "Confirm");
    assert.deepEqual(model.sent.pop(), { type: "act", action: "fire c2-c3" });
    model.set(fixture("fire-rolled"));
    assert.equal(el.querySelectorAll(".ab-die").length, 1);
    assert.equal(el.querySelector(".ab-die").getAttribute("aria-label"), "die 6");
  });

  it("on the analysis board a shot chosen on the field is rolled or its result chosen", () => {
    const { el, model } = mountView(widget, fixture("board-fire-selected"));
    square(el, "c3").click();
    assert.equal(model.sent.length, 0, "a shot waits for the choice");
    const dialog = () => el.querySelector('[role="dialog"]');
    assert.ok(maybeButton(dialog(), "Roll the dice") && !maybeButton(dialog(), "Confirm"));
    const results = [...dialog().querySelectorAll(".bl-board-result")].map(nameOf);
    assert.deepEqual(results, ["no effect (83%)", "c3 disrupted (17%)"]);   // Python's words
    press(dialog(), "c3 disrupted (17%)");
    assert.deepEqual(model.sent.pop(), { type: "board_result", action: "fire c2-c3", result: 1 });
    press(dialog(), "Roll the dice");
    assert.deepEqual(model.sent.pop(), { type: "act", action: "fire c2-c3" });
    assert.equal(model.sent.length, 0, "one intent a click");
    assert.equal(maybeButton(el, "Undo my last turn"), null, "the board steps back with its own ◀");
  });

  it("the battle's own confirmation has no results to choose", () => {
    const { el } = mountView(widget, fixture("fire-selected"));
    square(el, "c3").click();
    assert.ok(maybeButton(el, "Confirm") && !el.querySelector('[role="dialog"] .bl-board-result'));
  });

  it("buttons for the initiative and the withdrawal prompt", () => {
    const { el, model } = mountView(widget, fixture("scout"));
    press(el, "Play Scout: go first");
    assert.deepEqual(model.sent.pop(), { type: "act", action: "scout first" });
    model.set(fixture("withdrawal"));
    assert.match(el.querySelector(".ab-status").textContent, /attacked: withdraw or stand/);
    // the odds if the card stands are shown before the choice
    assert.match(el.querySelector(".ab-stand-odds .ab-bar").getAttribute("aria-label"), /^no effect \d/);
    const stand = [...el.querySelectorAll("button")].find((b) => /^Stand and fight/.test(b.textContent));
    stand.click();
    assert.deepEqual(model.sent.pop(), { type: "act", action: "stand" });
  });

  it("the rules of a card are a note that can be closed", () => {
    const { el, model } = mountView(widget, fixture("help"));
    const note = el.querySelector('[role="note"]');
    assert.equal(nameOf(note), "Rules of c3");
    assert.match(note.textContent, /Light Cavalry \(value 7\): move 2 positions/);
    press(el, "Close rules");
    assert.deepEqual(model.sent.pop(), { type: "inspect" });
  });
});

describe("ancient DOM: the army builder, errors, the end", { skip: NO_DOM }, () => {
  const square = (el, sq) => el.querySelector(`[data-square="${sq}"]`);

  it("the army builder: colours, troops, bows, the budget and a refused army", () => {
    const { el, model } = mountView(widget, fixture("builder-over"));
    assert.match(el.querySelector('[aria-label="Budget"]').textContent, /^105 of 100 points \(-5 left\)/);
    assert.match(el.querySelector(".ab-problem").textContent, /points limit: the army costs 105 points/);
    assert.equal(button(el, "Confirm army").disabled, true);
    press(el, "Remove R9 Chariots");
    assert.deepEqual(model.sent.pop(), { type: "army", op: "remove", card: "R9" });
    press(el, "Colour Green");
    assert.deepEqual(model.sent.pop(), { type: "army", op: "colour", colour: "G" });
    assert.equal(button(el, "Colour Red").getAttribute("aria-pressed"), "true");
    model.set(fixture("builder-sound"));
    assert.equal(button(el, "Bow on R3").getAttribute("aria-pressed"), "true");
    assert.equal(maybeButton(el, "Bow on R10"), null, "no bow toggle for Elephants");
    press(el, "Add R1 Skirmishers");
    assert.deepEqual(model.sent.pop(), { type: "army", op: "add", card: "R1" });
    press(el, "Confirm army");
    assert.deepEqual(model.sent.pop(), { type: "army", op: "confirm" });
  });

  it("an error from Python is an alert that can be closed", () => {
    const { el } = mountView(widget, fixture("error"));
    const alert = el.querySelector('[role="alert"]');
    assert.match(alert.textContent, /belongs to the actions step/);
    press(el, "Close message");
    assert.equal(el.querySelector('[role="alert"]'), null);
  });

  it("after the battle nothing is clickable but undo, the cards' rules, replay, review, save and analyse", () => {
    const v = fixture("over");
    const { el, model } = mountView(widget, v);
    const enabled = [...el.querySelectorAll("button")].filter((b) => !b.disabled).map(nameOf);
    // Review where this version has the Ancient analysis (battleline.ancient.reviewing)
    assert.deepEqual(enabled.filter((n) => n !== "Undo my last turn"),
      ["Replay", ...(v.study.can_review ? ["Review"] : []), "Save / load", "Analyse", "c2, your Elephants R10"]);
    square(el, "c2").click();
    assert.deepEqual(model.sent.pop(), { type: "inspect", square: "c2" });
    assert.match(el.querySelector(".ab-status").textContent, /South wins: casualties/);
  });
});

describe("ancient DOM: combined attacks and Japanese", { skip: NO_DOM }, () => {
  const square = (el, sq) => el.querySelector(`[data-square="${sq}"]`);

  it("a flank attack: add a card, see the strength and odds, take it out, confirm", () => {
    const { el, model } = mountView(widget, fixture("flank-chosen"));
    const c3 = square(el, "c3");
    assert.ok(c3.classList.contains("is-joinable") && !c3.disabled);
    c3.click();
    assert.deepEqual(model.sent.pop(), { type: "join", square: "c3" });
    model.set(fixture("flank-joined"));
    const panel = el.querySelector('[aria-label="Combined attack"]');
    assert.match(panel.textContent, /strength 7 against 5/);
    assert.ok(square(el, "c3").classList.contains("is-in-attack"));
    square(el, "d3").click();
    const dialog = el.querySelector('[role="dialog"]');
    assert.match(dialog.textContent, /strength 7 against 5/);
    assert.match(dialog.querySelector(".ab-bar").getAttribute("aria-label"), /eliminated 1\/12/);
    press(el, "Cancel");
    press(el, "Take Heavy Cavalry (R8) on c3 out of the attack");
    assert.deepEqual(model.sent.pop(), { type: "leave", square: "c3" });
    square(el, "d3").click();
    press(el, "Confirm");
    assert.deepEqual(model.sent.pop(), { type: "act", action: "attack c3+d2-d3" });
  });

  it("Japanese: Python's words and the view's own captions", () => {
    const { el, model } = mountView(widget, fixture("ja-deploy-selected"));
    assert.equal(el.querySelector(".ab-app").getAttribute("lang"), "ja");
    assert.match(el.querySelector("h3").textContent, /マラトン/);
    assert.match(el.querySelector(".ab-status").textContent, /裏向きに配置/);
    assert.ok(button(el, "直前の手番を取り消す"));
    assert.ok(el.querySelector('[aria-label="あなたの予備"]'));
    assert.match(nameOf(square(el, "a1")), /斥候（R1）をa1に配置/);
    square(el, "a1").click();
    assert.deepEqual(model.sent.pop(), { type: "act", action: "deploy R1@a1" });
    model.set(fixture("ja-fire-selected"));
    square(el, "c3").click();
    const dialog = el.querySelector('[role="dialog"]');
    assert.equal(nameOf(dialog), "確認");
    assert.match(dialog.querySelector(".ab-bar").getAttribute("aria-label"), /効果なし 5\/6、混乱 1\/6、壊滅 0/);
    assert.ok(button(el, "決定"));
    // no English caption of the view's own is left on the page
    const text = el.textContent;
    for (const word of ["Reserve", "Tactics", "Undo", "Log", "Confirm", "Cancel", "no effect", "actions left"]) {
      assert.ok(!text.includes(word), `${word} in ${text.slice(0, 200)}`);
    }
  });
});

describe("ancient i18n table", () => {
  it("en and ja have the same keys and placeholders; Japanese differs", async () => {
    const { ANCIENT_STRINGS } = await import("../ancient/i18n.js");
    const keys = (lang) => Object.keys(ANCIENT_STRINGS[lang]).sort();
    assert.deepEqual(keys("ja"), keys("en"));
    const ph = (v) => [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const k of keys("en")) {
      assert.deepEqual(ph(ANCIENT_STRINGS.ja[k]), ph(ANCIENT_STRINGS.en[k]), k);
      assert.notEqual(ANCIENT_STRINGS.ja[k], ANCIENT_STRINGS.en[k], k);
    }
  });
});

describe("ancient bundle", () => {
  it("is up to date with js/ (npm run build)", async (t) => {
    try {
      await import("esbuild");
    } catch {
      t.skip("esbuild is not installed: run npm ci");
      return;
    }
    const { bundles, outputs } = await import("../build.mjs");
    const want = await bundles();
    assert.equal(readFileSync(outputs.ancientJs, "utf8"), want.ancientJs, "ancient.js is stale: npm run build");
    assert.equal(readFileSync(outputs.ancientCss, "utf8"), want.ancientCss, "ancient.css is stale: npm run build");
  });
});
