// Issue 33, "Polish, round 4", item 5: the claim's answer and the explanation lie beside
// their flag, never over the flag's cards nor over the last move (the bot's new card).
// The rule (popupPlace) first, then real views in jsdom. (What the CSS makes of the grid
// columns is checked in a real browser: tests/browser/test_popups_browser.py.)

import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";

import { POPUP_MIN_SPAN, POPUP_SPAN, popupPlace } from "../standard/layout.js";
import widget from "../standard/widget.js";
import { NO_DOM, cleanupAll, mountView } from "./helpers.js";
import { fixture } from "./views.js";

afterEach(cleanupAll);

const columns = ({ start, span }) => Array.from({ length: span }, (_, i) => start + i);

describe("popupPlace: beside the flag, off the last move (item 5)", () => {
  it("never covers its flag nor a flag of the last move, and stays on the line", () => {
    for (let flag = 1; flag <= 9; flag++) {
      for (let other = 1; other <= 9; other++) {
        const avoid = other === flag ? [] : [other];
        const place = popupPlace(flag, avoid);
        const cols = columns(place);
        assert.ok(place.start >= 1 && place.start + place.span - 1 <= 9, JSON.stringify({ flag, avoid, place }));
        assert.ok(place.span >= 3 && place.span <= POPUP_SPAN, JSON.stringify({ flag, avoid, place }));
        assert.ok(!cols.includes(flag), `flag ${flag}: ${cols}`);
        assert.ok(!cols.some((c) => avoid.includes(c)), `flag ${flag}, last ${avoid}: ${cols}`);
        assert.equal(place.side, place.start > flag ? "right" : "left");
      }
    }
  });

  it("lies next to the flag, full width, towards the middle when both sides fit", () => {
    assert.deepEqual(popupPlace(3, []), { start: 4, span: 4, side: "right" });
    assert.deepEqual(popupPlace(7, []), { start: 3, span: 4, side: "left" });
    assert.deepEqual(popupPlace(5, [6]), { start: 1, span: 4, side: "left" });
    assert.deepEqual(popupPlace(1, [2]), { start: 3, span: 4, side: "right" }, "a column away, over no card of the last move");
  });

  it("shrinks (down to POPUP_MIN_SPAN) rather than cover the last move", () => {
    const place = popupPlace(5, [3, 4, 6, 7]);
    assert.ok(place.span >= POPUP_MIN_SPAN);
    assert.ok(!columns(place).some((c) => [3, 4, 5, 6, 7].includes(c)), JSON.stringify(place));
  });
});

/** The grid columns a pop-up's inline style gives it. */
function styleColumns(node) {
  const m = /grid-column:\s*(\d+)\s*\/\s*span\s*(\d+)/.exec(node.getAttribute("style") || "");
  assert.ok(m, node.getAttribute("style"));
  return columns({ start: Number(m[1]), span: Number(m[2]) });
}

describe("DOM: the pop-ups keep the flag's cards and the bot's new card in sight (item 5)", { skip: NO_DOM }, () => {
  it("the claim's answer at flag 5 with the bot's card just played at flag 6", () => {
    const v = fixture("claim-failed");
    v.claim = { ...v.claim, flag: 5 };
    v.last = [{ kind: "play", side: "theirs", card: "G9", flag: 6 }];
    const { el } = mountView(widget, v);
    const note = el.querySelector(".bl-line .bl-callout");
    assert.ok(note, "the claim's answer is shown");
    const cols = styleColumns(note);
    assert.ok(!cols.includes(5) && !cols.includes(6), `columns ${cols}`);
    assert.ok(note.classList.contains(cols[0] > 5 ? "bl-callout-right" : "bl-callout-left"));
    assert.ok(el.querySelector('.bl-flag-col[data-flag="6"]').classList.contains("is-last"), "the view marks the move");
  });

  it("the explanation of flag 4 beside it, off the last move at flag 3", () => {
    const v = fixture("explain");
    v.explain = { ...v.explain, flag: 4 };
    v.last = [{ kind: "play", side: "theirs", card: "G5", flag: 3 }];
    const { el } = mountView(widget, v);
    const note = el.querySelector(".bl-line .bl-callout-explain");
    assert.ok(note, "the explanation is shown");
    const cols = styleColumns(note);
    assert.ok(!cols.includes(4) && !cols.includes(3), `columns ${cols}`);
    assert.ok(note.classList.contains("bl-callout-right"));
  });

  it("both open: neither covers the other's flag, its own, or the last move", () => {
    const v = fixture("claim-failed");
    v.claim = { ...v.claim, flag: 5 };
    v.explain = { ...fixture("explain").explain, flag: 4 };
    v.last = [{ kind: "play", side: "theirs", card: "G9", flag: 6 }];
    const { el } = mountView(widget, v);
    const claim = el.querySelector(".bl-line .bl-callout-below");
    const ex = el.querySelector(".bl-line .bl-callout-explain");
    assert.ok(claim && ex, "both are shown");
    for (const note of [claim, ex]) {
      const cols = styleColumns(note);
      assert.ok(![4, 5, 6].some((c) => cols.includes(c)), `${note.className}: columns ${cols}`);
    }
  });

  for (let flag = 3; flag <= 7; flag++) {
    it(`the claim's answer at flag ${flag} never covers that flag's column`, () => {
      const v = fixture("claim-failed");
      v.claim = { ...v.claim, flag };
      v.last = [];
      const note = mountView(widget, v).el.querySelector(".bl-line .bl-callout");
      assert.ok(!styleColumns(note).includes(flag));
    });
  }
});
