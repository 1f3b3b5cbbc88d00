// The Ancient Battles counters: each side's token, the odds' legend, the score in whole numbers
// and a narrow square's short troop name (issue 33 items 7, 9, 13, 14), on real views made by
// Python (fixtures/ancient/, made by fixtures/make_ancient_views.py) and in jsdom.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, describe, it } from "node:test";

import widget from "../ancient/widget.js";
import { NO_DOM, cleanupAll, mountView } from "./helpers.js";

const DIR = new URL("./fixtures/ancient/", import.meta.url);
const fixture = (name) => JSON.parse(readFileSync(new URL(`${name}.json`, DIR), "utf8"));

afterEach(cleanupAll);

describe("ancient DOM: whose card is whose (item 7), the odds' legend (item 9), whole numbers (item 13)", { skip: NO_DOM }, () => {
  it("every counter carries its side's token (a disc for South, a triangle for North), face-down ones too", () => {
    const { el } = mountView(widget, fixture("melee-danger"));
    const units = [...el.querySelectorAll(".ab-unit")];
    assert.ok(units.length >= 3);
    for (const u of units) {
      const side = u.classList.contains("ab-south") ? "south" : "north";
      assert.ok(u.querySelector(`:scope > .ab-token.ab-token-${side}`), u.outerHTML.slice(0, 120));
    }
    assert.ok(el.querySelector(".ab-token-south circle") && el.querySelector(".ab-token-north path"));
    // the scores say which token is which side
    assert.ok(el.querySelector(".ab-score.ab-south .ab-token-south") && el.querySelector(".ab-score.ab-north .ab-token-north"));
    const deploy = mountView(widget, fixture("ja-deploy-selected")).el;
    for (const back of deploy.querySelectorAll(".ab-back-wrap")) assert.ok(back.querySelector(".ab-token"));
  });

  it("the odds on the squares have a legend and tooltips; every slice of the bar is named", () => {
    const { el } = mountView(widget, fixture("melee-danger"));
    const legend = el.querySelector(".ab-field .ab-odds-legend");
    assert.ok(legend, "a legend under the field");
    assert.match(legend.textContent, /✕ eliminated/);
    assert.match(legend.textContent, /◐ disrupted/);
    const elim = el.querySelector('[data-square="c3"] .ab-sq-odd.ab-elim');
    assert.equal(elim.getAttribute("title"), "✕: the chance that this card is eliminated");
    el.querySelector('[data-square="c3"]').click();
    const keys = [...el.querySelector('[role="dialog"] .ab-bar-keys').children].map((k) => k.textContent);
    assert.deepEqual(keys.map((k) => k.split(" ")[0]), ["no", "disrupted", "eliminated"]);
    assert.match(keys[2], /^eliminated \d/);
    assert.equal(mountView(widget, fixture("deploy")).el.querySelector(".ab-odds-legend"), null, "no odds, no legend");
  });

  it("the score is in whole numbers", () => {
    const { el } = mountView(widget, fixture("deploy"));
    const scores = el.querySelector(".ab-scores").textContent;
    assert.match(scores, /the battle is lost at \d+\)/);
    assert.doesNotMatch(scores, /\d\.\d/);
  });
});

describe("ancient DOM: a narrow square's short troop name (item 14)", { skip: NO_DOM }, () => {
  it("each counter carries the whole name and Python's short one (the CSS shows one of them)", () => {
    for (const name of ["scout", "ja-fire-selected"]) {
      const v = fixture(name);
      const units = v.rows.flat().filter((sq) => sq.unit && !sq.unit.hidden);
      assert.ok(units.length >= 2, name);
      const { el } = mountView(widget, v);
      for (const sq of units) {
        const type = el.querySelector(`.ab-square[data-square="${sq.square}"] .ab-type`);
        assert.equal(type.querySelector(".ab-type-full").textContent, sq.unit.type);
        assert.equal(type.querySelector(".ab-type-short").textContent, sq.unit.short);
        assert.ok(sq.unit.short.length < sq.unit.type.length || sq.unit.short === sq.unit.type, sq.unit.short);
      }
    }
  });
});
