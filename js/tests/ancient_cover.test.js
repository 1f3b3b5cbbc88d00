// The Ancient Battles cover between two people's turns at one screen (issue 33 item 6), on
// real views made by Python (fixtures/ancient/, made by fixtures/make_ancient_views.py) and in jsdom.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, describe, it } from "node:test";

import widget from "../ancient/widget.js";
import { click } from "../ancient/logic.js";
import { NO_DOM, cleanupAll, mountView, press } from "./helpers.js";

const DIR = new URL("./fixtures/ancient/", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, DIR), "utf8"));

afterEach(cleanupAll);

describe("ancient: the cover between two people's turns (item 6)", () => {
  it("a click on it sends reveal; nothing else acts under it", () => {
    const v = fixture("cover");
    const ui = { armed: null, focus: null };
    assert.deepEqual(click(v, ui, { act: "reveal" }).send, { type: "reveal" });
    assert.equal(click(fixture("scout"), ui, { act: "reveal" }).send, null, "no cover: nothing to reveal");
    assert.equal(click(v, ui, { act: "choice", action: "end actions" }).send, null);
  });
});

describe("ancient DOM: the cover (item 6)", { skip: NO_DOM }, () => {
  it("hides the field, the reserve and the hand, and its button sends reveal", () => {
    const { el, model } = mountView(widget, fixture("cover"));
    const cover = el.querySelector('.ab-cover[role="dialog"]');
    assert.ok(cover, "the cover is shown");
    assert.match(cover.textContent, /Pass to North — click when ready/);
    assert.equal(el.querySelector(".ab-field"), null);
    assert.equal(el.querySelector(".ab-trays"), null);
    assert.equal(el.querySelectorAll(".ab-hand-card, .ab-tray-card, .ab-unit").length, 0);
    assert.equal(el.querySelector(".ab-cover .ab-dice") !== null, !!fixture("cover").dice, "the last dice stay in view");
    press(el, "I am North: show my side");
    assert.deepEqual(model.sent, [{ type: "reveal" }]);
  });

  it("no cover without one in the view", () => {
    const { el } = mountView(widget, fixture("scout"));
    assert.equal(el.querySelector(".ab-cover"), null);
    assert.ok(el.querySelector(".ab-field"));
  });
});
