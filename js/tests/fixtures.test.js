// The state machine against real views made by the Python widget (fixtures/make_views.py).

import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { describe, it } from "node:test";

import { click, interaction } from "../standard/logic.js";
import { fixture } from "./views.js";

const NAMES = readdirSync(new URL("./fixtures/", import.meta.url))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, ""))
  .sort();

/** The clicks that should produce `m` (a legal move of the view). */
function pathFor(m) {
  switch (m.kind) {
    case "play":
      return [{ type: "hand", card: m.card }, { type: "flag", flag: m.flag }];
    case "scout":
      return [{ type: "hand", card: "Scout" }];
    case "redeploy":
      return [
        { type: "hand", card: "Redeploy" },
        { type: "mine", card: m.card },
        m.flag == null ? { type: "discard" } : { type: "flag", flag: m.flag },
      ];
    case "deserter":
      return [{ type: "hand", card: "Deserter" }, { type: "theirs", card: m.card }];
    case "traitor":
      return [{ type: "hand", card: "Traitor" }, { type: "theirs", card: m.card }, { type: "place", flag: m.flag }];
    case "claim":
      return [{ type: "claim", flag: m.flag }];
    case "draw":
      return [{ type: "draw", deck: m.deck }];
    case "return":
      return [{ type: "hand", card: m.card }];
    case "pass":
      return [{ type: "pass" }];
    case "end":
      return [{ type: "end" }];
    default:
      throw new Error(`unknown move kind ${m.kind}`);
  }
}

/** Every clickable target of an interaction. */
function targets(ia) {
  const out = [];
  for (const card of Object.keys(ia.hand)) out.push({ type: "hand", card });
  for (const flag of Object.keys(ia.flags)) out.push({ type: "flag", flag: Number(flag) });
  for (const flag of Object.keys(ia.places)) out.push({ type: "place", flag: Number(flag) });
  for (const card of Object.keys(ia.mine)) out.push({ type: "mine", card });
  for (const card of Object.keys(ia.theirs)) out.push({ type: "theirs", card });
  for (const deck of Object.keys(ia.draw)) out.push({ type: "draw", deck });
  if (ia.pass) out.push({ type: "pass" });
  if (ia.end) out.push({ type: "end" });
  if (ia.discard) out.push({ type: "discard" });
  for (const flag of Object.keys(ia.claims)) out.push({ type: "claim", flag: Number(flag) });
  return out;
}

/** All move texts reachable by up to `depth` clicks from no selection. */
function reachable(view, depth = 3) {
  const found = new Set();
  const seen = new Set();
  const walk = (sel, d) => {
    const key = JSON.stringify(sel);
    if (seen.has(`${key}/${d}`)) return;
    seen.add(`${key}/${d}`);
    for (const t of targets(interaction(view, sel))) {
      const r = click(view, sel, t);
      if (r.message) {
        assert.equal(r.message.type, "move");
        found.add(r.message.move);
      } else if (d > 1 && JSON.stringify(r.selection) !== key) walk(r.selection, d - 1);
    }
  };
  walk(null, depth);
  return found;
}

describe("real views from the Python widget", () => {
  it("the fixtures exist", () => {
    for (const n of ["start", "tactics", "scout-draw", "scout-return", "draw", "env", "pass", "over", "hotseat-cover"]) {
      assert.ok(NAMES.includes(n), n);
    }
  });

  for (const name of NAMES) {
    it(`${name}: every legal move is reachable by its clicks`, () => {
      const view = fixture(name);
      for (const m of view.legal || []) {
        let sel = null;
        let r = null;
        for (const t of pathFor(m)) {
          r = click(view, sel, t);
          sel = r.selection;
        }
        assert.deepEqual(r.message, { type: "move", move: m.text }, `${name}: ${m.text}`);
      }
    });

    it(`${name}: every move the clicks can send is legal (or a claim)`, () => {
      const view = fixture(name);
      const legal = new Set((view.legal || []).map((m) => m.text));
      const found = reachable(view);
      for (const text of found) {
        assert.ok(legal.has(text) || /^claim [1-9]$/.test(text), `${name}: ${text}`);
      }
      for (const text of legal) assert.ok(found.has(text), `${name}: ${text} unreachable`);
    });
  }

  it("tactics: the second Leader is not playable; Scout is one click", () => {
    const view = fixture("tactics");
    const ia = interaction(view, null);
    assert.equal(ia.hand.Alexander, undefined);
    assert.equal(ia.hand.Scout.action, "send");
    assert.deepEqual(ia.claimButtons, [1, 5, 7]);
    assert.equal(ia.claims[5], "claim 5");
  });

  it("tactics: Deserter may take the opponent's Fog and Mud; Traitor may not", () => {
    const view = fixture("tactics");
    const d = interaction(view, { card: "Deserter" });
    assert.ok(d.theirs.Mud && d.theirs.Fog);
    const t = interaction(view, { card: "Traitor" });
    assert.equal(t.theirs.Mud, undefined);
    assert.equal(t.theirs.Fog, undefined);
    assert.ok(t.theirs.R7);
  });

  it("env: Mud goes to flags only; your Fog can be redeployed to flags or discarded", () => {
    const view = fixture("env");
    const mud = interaction(view, { card: "Mud" });
    assert.ok(Object.keys(mud.flags).length > 0);
    assert.deepEqual(mud.places, {});
    const fog = interaction(view, { card: "Redeploy", target: "Fog" });
    assert.ok(Object.keys(fog.flags).length > 0);
    assert.deepEqual(fog.places, {});
    assert.equal(fog.discard, "Redeploy Fog@discard");
  });

  it("over and hotseat-cover are inert", () => {
    for (const name of ["over", "hotseat-cover"]) {
      const ia = interaction(fixture(name), null);
      assert.deepEqual(targets(ia), [], name);
    }
    assert.equal(fixture("over").can_next_game, true);
    assert.deepEqual(click(fixture("hotseat-cover"), null, { type: "reveal" }).message, { type: "reveal" });
  });

  it("claim-failed: the answer names the flag and a counterexample", () => {
    const c = fixture("claim-failed").claim;
    assert.equal(c.flag, 7);
    assert.equal(c.holds, false);
    assert.ok(c.counterexample.length > 0);
  });
});
