// Issue 23 (items 1-4): the formation labels in three parts that are never cut, a claimed
// flag's stone at its winner's edge of the line, the result over the board, and pop-ups
// that let clicks through. Pure functions first, then real views in jsdom. (What the CSS
// does to them is checked in a real browser: tests/browser/test_board_on_a_laptop_browser.py.)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { afterEach, describe, it } from "node:test";

import { h } from "../dom.js";
import { formationText } from "../render_cards.js";
import { scrollParents, visibleHeight } from "../standard/layout.js";
import widget from "../standard/widget.js";
import { JSDOM, NO_DOM, cleanupAll, mountView } from "./helpers.js";
import { fixture } from "./views.js";

afterEach(cleanupAll);

/** The text of each part of a formation label, by class. */
function parts(text) {
  const dom = new JSDOM("<!doctype html><div id=x></div>");
  h.document = dom.window.document;
  const node = formationText(text);
  const out = {};
  for (const cls of ["bl-fname", "bl-fvalues", "bl-ftotal", "bl-fwords"]) {
    const el = node.classList.contains(cls) ? node : node.querySelector(`.${cls}`);
    if (el) out[cls.slice(3)] = el.textContent;
  }
  dom.window.close();
  return out;
}

describe("formation labels", { skip: NO_DOM }, () => {
  it("name, values and total each in a part of its own", () => {
    assert.deepEqual(parts("Battalion Order 2-5-9 (total 16)"),
      { fname: "Battalion Order", fvalues: "2-5-9", ftotal: "(total 16)" });
    assert.deepEqual(parts("Wedge 7-8-9-10 (total 34)"), { fname: "Wedge", fvalues: "7-8-9-10", ftotal: "(total 34)" });
    assert.deepEqual(parts("大隊指揮 2-5-9（合計 16）"), { fname: "大隊指揮", fvalues: "2-5-9", ftotal: "（合計 16）" });
  });

  it("any other text (a total under Fog) is kept whole", () => {
    assert.deepEqual(parts("total 27 (8-9-10)"), { fwords: "total 27 (8-9-10)" });
  });

  it("the compact layout no longer hides the total", () => {
    const css = readFileSync(new URL("../widget.css", import.meta.url), "utf8");
    assert.doesNotMatch(css, /\.bl-compact[^{}]*\.bl-ftotal\s*\{[^}]*display:\s*none/);
  });
});

describe("claimed flags and the result", { skip: NO_DOM }, () => {
  it("a claimed flag's stone leaves the middle for its winner's row and says whose it is", () => {
    const { el } = mountView(widget, fixture("tactics")); // flag 2 claimed by north (theirs)
    const col = el.querySelector('.bl-flag-col[data-flag="2"]');
    assert.ok(col.classList.contains("is-claimed-theirs"));
    assert.equal(col.querySelector(".bl-marker .bl-stone"), null);
    const stone = col.querySelector(".bl-won > .bl-stone");
    assert.ok(stone, "the stone is in the winner's row");
    assert.equal(stone.querySelector(".bl-stone-owner").textContent, "theirs");
    // the flag still comes first in reading order
    assert.equal(col.firstElementChild.className, "bl-won");
    const open = el.querySelector('.bl-flag-col[data-flag="1"]');
    assert.ok(open.querySelector(".bl-marker .bl-stone"));
    assert.equal(open.querySelector(".bl-won").children.length, 0);
  });

  it("the result lies over the board, not above it", () => {
    const { el } = mountView(widget, fixture("over"));
    const banner = el.querySelector(".bl-result");
    assert.ok(banner);
    assert.ok(banner.parentElement.classList.contains("bl-board"));
    assert.match(banner.textContent, /You win by breakthrough!/);
  });
});

describe("pop-ups never block the board", () => {
  it("every pop-up lets a click through but to its own buttons", () => {
    const css = readFileSync(new URL("../widget.css", import.meta.url), "utf8").replace(/\s+/g, " ");
    assert.match(css, /\.bl-app \.bl-popup, \.bl-app \.bl-result \{ pointer-events: none; \}/);
    assert.match(css, /\.bl-app \.bl-popup :is\(button[^)]*\) \{ pointer-events: auto; \}/);
  });

  it("the claim's answer and the explanation are pop-ups", { skip: NO_DOM }, () => {
    const { el } = mountView(widget, fixture("claim-failed"));
    const callout = el.querySelector(".bl-callout");
    assert.ok(callout && callout.classList.contains("bl-popup"));
    const ex = mountView(widget, fixture("explain")).el.querySelector(".bl-callout-explain");
    assert.ok(ex && ex.classList.contains("bl-popup"));
  });
});

describe("marimo (issue 23 item 15)", () => {
  it("the visible height is found outside the shadow root marimo draws the widget in", { skip: NO_DOM }, () => {
    const dom = new JSDOM("<!doctype html><div id=box style='overflow-y:auto'><div id=host></div></div>");
    const { document, window } = dom.window;
    const box = document.getElementById("box");
    Object.defineProperty(box, "clientHeight", { value: 610 });
    Object.defineProperty(box, "scrollHeight", { value: 700 });
    Object.defineProperty(window, "innerHeight", { value: 1000 });
    const shadow = document.getElementById("host").attachShadow({ mode: "open" });
    const cell = document.createElement("div");
    shadow.appendChild(cell);
    assert.deepEqual(scrollParents(cell), [box]);
    assert.equal(visibleHeight(cell), 610);
    dom.window.close();
  });

  it("in a narrow cell the decks stay beside the hand", () => {
    const css = readFileSync(new URL("../widget.css", import.meta.url), "utf8").replace(/\s+/g, " ");
    const blocks = [...css.matchAll(/@container bl \(max-width: 720px\) \{([^@]*)\}/g)].map((m) => m[1]).join(" ");
    assert.doesNotMatch(blocks, /\.bl-hand-wrap \{ order: -1; flex-basis: 100%; \}/);
    assert.match(blocks, /\.bl-seat-side \{ order: 1; flex-basis: 100%;/);
  });
});
