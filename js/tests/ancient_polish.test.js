// The Ancient Battles view, issue 23 items 7-11: odds on a square never cut, the danger an
// attack exposes its card to, the end of the battle, the builder's second confirm, the
// header. On real views made by Python (fixtures/ancient/) and in jsdom.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, describe, it } from "node:test";

import widget from "../ancient/widget.js";
import { roundPercent } from "../ancient/logic.js";
import { NO_DOM, cleanupAll, maybeButton, mountView, press } from "./helpers.js";

const DIR = new URL("./fixtures/ancient/", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, DIR), "utf8"));

afterEach(cleanupAll);

describe("ancient: the odds on a target square", () => {
  it("are whole percentages, never 0% or 100% for a chance that is not exactly that", () => {
    const p = (fraction, percent) => ({ fraction, percent });
    assert.equal(roundPercent(p("7/12", 58.3)), "58%");
    assert.equal(roundPercent(p("5/12", 41.7)), "42%");
    assert.equal(roundPercent(p("1/216", 0.5)), "<1%");
    assert.equal(roundPercent(p("215/216", 99.5)), ">99%");
    assert.equal(roundPercent(p("0", 0)), "0%");
    assert.equal(roundPercent(p("1", 100)), "100%");
  });
});

describe("ancient DOM: issue 23", { skip: NO_DOM }, () => {
  const square = (el, sq) => el.querySelector(`[data-square="${sq}"]`);

  it("a target square's odds are two whole pieces, each kept on one line", () => {
    const { el } = mountView(widget, fixture("melee-danger"));
    const odds = square(el, "c3").querySelector(".ab-sq-odds");
    const pieces = [...odds.querySelectorAll(".ab-sq-odd")].map((e) => e.textContent);
    assert.deepEqual(pieces, ["✕8%", "◐64%"]);
  });

  it("the attack dialog shows the attacking card's danger next turn beside the defender's odds", () => {
    const { el } = mountView(widget, fixture("melee-danger"));
    square(el, "c3").click();
    const dialog = el.querySelector('[role="dialog"]');
    const danger = dialog.querySelector(".ab-danger");
    assert.match(danger.textContent, /Your Hoplites \(R4\) on c2 next turn: disrupted 20\.2%, eliminated 3\.5%/);
    const bars = dialog.querySelectorAll(".ab-bar");
    assert.equal(bars.length, 2, "the defender's odds and the attacker's danger");
    assert.match(bars[1].getAttribute("aria-label"), /disrupted 1571\/7776, eliminated 275\/7776/);
  });

  it("after the battle: the result beside the field, no undo button", () => {
    const { el } = mountView(widget, fixture("over"));
    const result = el.querySelector(".ab-side .ab-result");
    assert.ok(result, "a result box in the side panel");
    assert.match(result.textContent, /South wins: casualties/);
    assert.ok(result.classList.contains("is-won"));
    assert.equal(maybeButton(el, "Undo my last turn"), null);
  });

  it("the builder's first confirm of an army with points unspent asks again", () => {
    const { el, model } = mountView(widget, fixture("builder-ask"));
    const ask = el.querySelector(".ab-ask");
    assert.equal(ask.getAttribute("role"), "alert");
    assert.match(ask.textContent, /97 of 100 points, 3 unspent/);
    press(el, "Confirm army");
    assert.deepEqual(model.sent.pop(), { type: "army", op: "confirm" });
    const { el: sound } = mountView(widget, fixture("builder-sound"));
    assert.equal(sound.querySelector(".ab-ask"), null);
  });

  it("the header names each army once, with its side", () => {
    const { el } = mountView(widget, fixture("deploy"));
    const text = el.querySelector("h3").textContent;
    assert.match(text, /^Marathon — South: .+ · North: .+$/);
    assert.doesNotMatch(text, /\)\s*\(/);
  });
});
