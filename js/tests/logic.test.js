import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  cardName,
  claimLabel,
  click,
  coverText,
  findTableCard,
  flagDescription,
  flagLabel,
  guileKind,
  interaction,
  isBlocked,
  lastMarks,
  movesForHandCard,
  normalizeSelection,
  placeLabel,
  tableCardLabel,
} from "../standard/logic.js";
import { makeView, plays } from "./views.js";

const sent = (r) => (r.message && r.message.type === "move" ? r.message.move : null);
const keys = (obj) => Object.keys(obj).sort();
const nums = (obj) => Object.keys(obj).map(Number).sort((a, b) => a - b);

/** Click a sequence of targets from no selection; returns the last result. */
function clicks(view, ...targets) {
  let sel = null;
  let r = null;
  for (const t of targets) {
    r = click(view, sel, t);
    sel = r.selection;
  }
  return r;
}

describe("helpers", () => {
  it("guileKind names the four Guile cards, case-insensitively", () => {
    assert.equal(guileKind("Scout"), "scout");
    assert.equal(guileKind("redeploy"), "redeploy");
    assert.equal(guileKind("Deserter"), "deserter");
    assert.equal(guileKind("TRAITOR"), "traitor");
    assert.equal(guileKind("Fog"), null);
    assert.equal(guileKind("R7"), null);
    assert.equal(guileKind(null), null);
  });

  it("isBlocked while thinking, under the cover, after the game, or not your turn", () => {
    assert.equal(isBlocked(makeView()), false);
    assert.equal(isBlocked(makeView({ thinking: true })), true);
    assert.equal(isBlocked(makeView({ cover: true })), true);
    assert.equal(isBlocked(makeView({ result: { winner: "mine", reason: "breakthrough", text: "" } })), true);
    assert.equal(isBlocked(makeView({ my_turn: false })), true);
    assert.equal(isBlocked(null), true);
  });

  it("finds table cards, formation and environment, with their side", () => {
    const v = makeView({
      flags: { 2: { mine: "R7", theirs: "B5", env: [{ card: "Fog", mine: false }] } },
    });
    assert.deepEqual(
      { ...findTableCard(v, "R7"), card: undefined },
      { flag: 2, side: "mine", env: false, card: undefined },
    );
    assert.equal(findTableCard(v, "B5").side, "theirs");
    assert.deepEqual([findTableCard(v, "Fog").side, findTableCard(v, "Fog").env], ["theirs", true]);
    assert.equal(findTableCard(v, "G1"), null);
    assert.equal(cardName(v, "B5"), "Blue 5");
    assert.equal(cardName(v, "X"), "X");
  });


  it("movesForHandCard: plays of that card, or the moves of its Guile kind", () => {
    const v = makeView({
      hand: "R7 Redeploy",
      legal: ["R7@1", "R7@2", "B1@3", "Redeploy G2@4", "Redeploy G2@discard"],
    });
    assert.deepEqual(movesForHandCard(v, "R7").map((m) => m.text), ["R7@1", "R7@2"]);
    assert.deepEqual(movesForHandCard(v, "Redeploy").map((m) => m.text), ["Redeploy G2@4", "Redeploy G2@discard"]);
    assert.deepEqual(movesForHandCard(v, "Y9"), []);
  });

  it("accessible names", () => {
    assert.equal(flagLabel(1), "Flag 1");
    assert.equal(placeLabel(3), "Flag 3, your side");
    assert.equal(claimLabel(9), "Claim flag 9");
    const c = { id: "R7", name: "Red 7" };
    assert.equal(tableCardLabel(3, "mine", c), "Flag 3, your Red 7");
    assert.equal(tableCardLabel(3, "theirs", { id: "B5", name: "Blue 5" }), "Flag 3, opponent's Blue 5");
    assert.equal(coverText({ me: "North" }), "Pass the screen to North");
  });

  it("flagDescription says Fog/Mud, owner and claimability", () => {
    const v = makeView({
      flags: {
        1: { env: [{ card: "Fog", mine: true }, { card: "Mud", mine: false }], required: 4 },
        2: { claimed: "theirs" },
        3: { claimed: "mine" },
        4: { claimable: true },
      },
    });
    assert.equal(flagDescription(v.flags[0]), "Fog (yours), Mud (opponent's), 4 cards a side");
    assert.equal(flagDescription(v.flags[1]), "claimed by your opponent");
    assert.equal(flagDescription(v.flags[2]), "claimed by you");
    assert.equal(flagDescription(v.flags[3]), "you can claim it");
    assert.equal(flagDescription(v.flags[4]), "");
  });
});

describe("troop play", () => {
  const view = makeView({
    hand: "R7 B2 G9",
    legal: [...plays("R7", [1, 3, 5]), ...plays("B2", [1, 3, 5])],
    flags: { 2: { mine: "Y1 Y2 Y3" } },
  });

  it("only cards with legal moves are selectable; nothing lights before a selection", () => {
    const ia = interaction(view, null);
    assert.deepEqual(keys(ia.hand), ["B2", "R7"]);
    assert.equal(ia.hand.R7.action, "select");
    assert.deepEqual(ia.flags, {});
    assert.deepEqual(ia.places, {});
    assert.equal(ia.selection, null);
  });

  it("selecting a card lights its flags and places", () => {
    const ia = interaction(view, { card: "R7" });
    assert.deepEqual(ia.selection, { card: "R7" });
    assert.equal(ia.hand.R7.action, "selected");
    assert.equal(ia.hand.B2.action, "select");
    assert.deepEqual(ia.flags, { 1: "R7@1", 3: "R7@3", 5: "R7@5" });
    assert.deepEqual(ia.places, ia.flags);
    assert.match(ia.prompt, /Red 7: choose a flag/);
  });

  it("click card, then flag, sends the move and clears the selection", () => {
    const r1 = click(view, null, { type: "hand", card: "R7" });
    assert.deepEqual(r1, { selection: { card: "R7" }, message: null });
    const r2 = click(view, r1.selection, { type: "flag", flag: 3 });
    assert.deepEqual(r2, { selection: null, message: { type: "move", move: "R7@3" } });
  });

  it("clicking the free place works like the flag", () => {
    const r = clicks(view, { type: "hand", card: "B2" }, { type: "place", flag: 5 });
    assert.equal(sent(r), "B2@5");
  });

  it("a flag that is not a target does nothing and keeps the selection", () => {
    const r = click(view, { card: "R7" }, { type: "flag", flag: 2 });
    assert.deepEqual(r, { selection: { card: "R7" }, message: null });
  });

  it("clicking the selected card again deselects; another card switches", () => {
    assert.deepEqual(click(view, { card: "R7" }, { type: "hand", card: "R7" }), { selection: null, message: null });
    assert.deepEqual(click(view, { card: "R7" }, { type: "hand", card: "B2" }).selection, { card: "B2" });
  });

  it("a card without legal moves cannot be selected", () => {
    assert.deepEqual(click(view, null, { type: "hand", card: "G9" }), { selection: null, message: null });
    assert.equal(interaction(view, { card: "G9" }).selection, null);
  });

  it("cancel clears the selection (Escape)", () => {
    assert.deepEqual(click(view, { card: "R7" }, { type: "cancel" }), { selection: null, message: null });
  });

  it("a flag click without a selection does nothing", () => {
    assert.deepEqual(click(view, null, { type: "flag", flag: 1 }), { selection: null, message: null });
  });

  it("unknown or missing targets do nothing", () => {
    assert.deepEqual(click(view, { card: "R7" }, { type: "bogus" }), { selection: { card: "R7" }, message: null });
    assert.deepEqual(click(view, { card: "R7" }, null), { selection: { card: "R7" }, message: null });
  });
});

describe("Morale, Leaders and Environment", () => {
  const view = makeView({
    hand: "Alexander Shield Fog Mud R1",
    legal: [
      ...plays("R1", [2, 4]),
      ...plays("Alexander", [2, 4]),
      ...plays("Shield", [2, 4]),
      ...plays("Fog", [1, 2, 3, 4]),
      ...plays("Mud", [1, 2, 3, 4]),
    ],
    flags: { 1: { mine: "B1 B2 B3" }, 3: { mine: "G1 G2 G3" } },
  });

  it("a Leader goes to a flag or a free place", () => {
    const ia = interaction(view, { card: "Alexander" });
    assert.deepEqual(ia.flags, { 2: "Alexander@2", 4: "Alexander@4" });
    assert.deepEqual(ia.places, ia.flags);
    assert.equal(sent(clicks(view, { type: "hand", card: "Alexander" }, { type: "place", flag: 4 })), "Alexander@4");
  });

  it("Shield Bearers play like a troop", () => {
    assert.equal(sent(clicks(view, { type: "hand", card: "Shield" }, { type: "flag", flag: 2 })), "Shield@2");
  });

  it("Fog and Mud go to a flag (even one whose side is full), never to a place", () => {
    const fog = interaction(view, { card: "Fog" });
    assert.deepEqual(nums(fog.flags), [1, 2, 3, 4]);
    assert.deepEqual(fog.places, {});
    assert.equal(sent(clicks(view, { type: "hand", card: "Mud" }, { type: "flag", flag: 3 })), "Mud@3");
    assert.equal(sent(clicks(view, { type: "hand", card: "Fog" }, { type: "place", flag: 2 })), null);
    assert.match(fog.prompt, /^Fog: choose a flag/);
  });

  it("a second Leader that the rules forbid is not selectable", () => {
    const v = makeView({ hand: "Darius R1", legal: plays("R1", [2]) });
    assert.equal(interaction(v, null).hand.Darius, undefined);
  });
});

describe("Scout", () => {
  it("playing Scout is one click (it needs no target)", () => {
    const v = makeView({ hand: "Scout R1", legal: ["Scout", ...plays("R1", [1])] });
    assert.deepEqual(interaction(v, null).hand.Scout, { action: "send", text: "Scout" });
    assert.deepEqual(click(v, null, { type: "hand", card: "Scout" }), {
      selection: null,
      message: { type: "move", move: "Scout" },
    });
    assert.deepEqual(click(v, { card: "R1" }, { type: "hand", card: "Scout" }).message, {
      type: "move",
      move: "Scout",
    });
  });

  for (const left of [3, 2, 1]) {
    it(`scout-draw (${left} left) offers both draw buttons and nothing else`, () => {
      const v = makeView({
        phase: "scout-draw",
        scout_left: left,
        hand: "R1 R2 R3 R4 R5 R6",
        legal: ["draw troop", "draw tactic"],
        flags: { 1: { mine: "B1 B2 B3" } },
      });
      const ia = interaction(v, null);
      assert.deepEqual(ia.draw, { troop: "draw troop", tactic: "draw tactic" });
      assert.deepEqual(ia.hand, {});
      assert.deepEqual(ia.claims, {}, "no claims during Scout");
      assert.match(ia.prompt, new RegExp(`draw ${left} more card`));
      assert.equal(sent(click(v, null, { type: "draw", deck: "tactic" })), "draw tactic");
      assert.equal(sent(click(v, null, { type: "draw", deck: "troop" })), "draw troop");
    });
  }

  it("scout-draw with an empty deck offers only the other one", () => {
    const v = makeView({ phase: "scout-draw", scout_left: 1, legal: ["draw troop"], decks: { troop: 5, tactic: 0 } });
    assert.deepEqual(interaction(v, null).draw, { troop: "draw troop" });
    assert.equal(sent(click(v, null, { type: "draw", deck: "tactic" })), null);
  });

  it("scout-return: each hand card click sends its return", () => {
    const v = makeView({
      phase: "scout-return",
      scout_left: 2,
      hand: "R1 Fog B5",
      legal: ["return R1", "return Fog", "return B5"],
    });
    const ia = interaction(v, null);
    assert.deepEqual(ia.hand.Fog, { action: "send", text: "return Fog" });
    assert.deepEqual(keys(ia.hand), ["B5", "Fog", "R1"]);
    assert.match(ia.prompt, /2 cards/);
    assert.equal(sent(click(v, null, { type: "hand", card: "B5" })), "return B5");
    assert.equal(sent(click(v, { card: "R1" }, { type: "hand", card: "Fog" })), "return Fog");
    const one = interaction({ ...v, scout_left: 1 }, null);
    assert.match(one.prompt, /a card/);
  });
});

describe("Redeploy", () => {
  const view = makeView({
    hand: "Redeploy R9",
    legal: [
      ...plays("R9", [4, 5]),
      "Redeploy R7@4", "Redeploy R7@5", "Redeploy R7@discard",
      "Redeploy Fog@3", "Redeploy Fog@4", "Redeploy Fog@discard",
    ],
    flags: {
      2: { mine: "R7 R8", theirs: "B5" },
      3: { mine: "G1 G2 G3" },
      6: { claimed: "mine", mine: "Y1 Y2 Y3" },
      7: { env: [{ card: "Fog", mine: true }] },
    },
  });

  it("select Redeploy: your table cards that legal moves mention become selectable", () => {
    const ia = interaction(view, { card: "Redeploy" });
    assert.deepEqual(keys(ia.mine), ["Fog", "R7"]);
    assert.equal(ia.mine.R7.action, "select");
    assert.deepEqual(ia.theirs, {});
    assert.deepEqual(ia.flags, {});
    assert.equal(ia.discard, null);
    assert.match(ia.prompt, /Redeploy: choose one of your cards/);
  });

  it("then a flag: Redeploy R7@5", () => {
    const r = clicks(view, { type: "hand", card: "Redeploy" }, { type: "mine", card: "R7" });
    assert.deepEqual(r.selection, { card: "Redeploy", target: "R7" });
    const ia = interaction(view, r.selection);
    assert.deepEqual(ia.flags, { 4: "Redeploy R7@4", 5: "Redeploy R7@5" });
    assert.deepEqual(ia.places, ia.flags);
    assert.equal(ia.discard, "Redeploy R7@discard");
    assert.equal(ia.mine.R7.action, "selected");
    assert.match(ia.prompt, /Redeploy Red 7: choose a flag, or Discard/);
    assert.equal(sent(click(view, r.selection, { type: "flag", flag: 5 })), "Redeploy R7@5");
    assert.equal(sent(click(view, r.selection, { type: "place", flag: 4 })), "Redeploy R7@4");
  });

  it("or the Discard button: Redeploy R7@discard", () => {
    const r = clicks(
      view,
      { type: "hand", card: "Redeploy" },
      { type: "mine", card: "R7" },
      { type: "discard" },
    );
    assert.deepEqual(r, { selection: null, message: { type: "move", move: "Redeploy R7@discard" } });
  });

  it("your Fog moves to a flag, not a place", () => {
    const sel = { card: "Redeploy", target: "Fog" };
    const ia = interaction(view, sel);
    assert.deepEqual(ia.flags, { 3: "Redeploy Fog@3", 4: "Redeploy Fog@4" });
    assert.deepEqual(ia.places, {});
    assert.equal(sent(click(view, sel, { type: "flag", flag: 3 })), "Redeploy Fog@3");
  });

  it("clicking the chosen card again goes back one step; another card switches", () => {
    const sel = { card: "Redeploy", target: "R7" };
    assert.deepEqual(click(view, sel, { type: "mine", card: "R7" }).selection, { card: "Redeploy" });
    assert.deepEqual(click(view, sel, { type: "mine", card: "Fog" }).selection, { card: "Redeploy", target: "Fog" });
  });

  it("cards that no legal move mentions stay inert", () => {
    const sel = { card: "Redeploy" };
    assert.deepEqual(click(view, sel, { type: "mine", card: "G1" }), { selection: sel, message: null });
    assert.deepEqual(click(view, sel, { type: "mine", card: "Y1" }), { selection: sel, message: null });
    assert.deepEqual(click(view, sel, { type: "theirs", card: "B5" }), { selection: sel, message: null });
    assert.deepEqual(click(view, sel, { type: "discard" }), { selection: sel, message: null });
  });
});

describe("Redeploy, Deserter and Pass", () => {
  const view = makeView({
    hand: "Redeploy R9",
    legal: [
      ...plays("R9", [4, 5]),
      "Redeploy R7@4", "Redeploy R7@5", "Redeploy R7@discard",
      "Redeploy Fog@3", "Redeploy Fog@4", "Redeploy Fog@discard",
    ],
    flags: {
      2: { mine: "R7 R8", theirs: "B5" },
      3: { mine: "G1 G2 G3" },
      6: { claimed: "mine", mine: "Y1 Y2 Y3" },
      7: { env: [{ card: "Fog", mine: true }] },
    },
  });

  it("Redeploy with only discards offers no flag", () => {
    const v = makeView({ hand: "Redeploy", legal: ["Redeploy R7@discard"], flags: { 2: { mine: "R7" } } });
    const ia = interaction(v, { card: "Redeploy", target: "R7" });
    assert.deepEqual(ia.flags, {});
    assert.equal(ia.discard, "Redeploy R7@discard");
    assert.match(ia.prompt, /^Redeploy Red 7: Discard it\./);
  });

  it("a stale target is dropped when the view changes", () => {
    const v = makeView({ hand: "Redeploy", legal: ["Redeploy Fog@3"], flags: { 7: { env: [{ card: "Fog", mine: true }] } } });
    assert.deepEqual(normalizeSelection(v, { card: "Redeploy", target: "R7" }), { card: "Redeploy" });
  });
});

describe("Deserter", () => {
  const view = makeView({
    hand: "Deserter",
    legal: ["Deserter B5", "Deserter Mud", "Deserter Darius", "pass"],
    flags: {
      2: { theirs: "B5 Darius", mine: "R7" },
      3: { env: [{ card: "Mud", mine: false }] },
      4: { claimed: "theirs", theirs: "G1 G2 G3" },
    },
  });

  it("select Deserter: the opponent's cards named by legal moves are targets; a click sends", () => {
    const ia = interaction(view, { card: "Deserter" });
    assert.deepEqual(keys(ia.theirs), ["B5", "Darius", "Mud"]);
    assert.deepEqual(ia.theirs.B5, { action: "send", text: "Deserter B5" });
    assert.deepEqual(ia.mine, {});
    assert.match(ia.prompt, /Deserter/);
    assert.equal(sent(clicks(view, { type: "hand", card: "Deserter" }, { type: "theirs", card: "Mud" })), "Deserter Mud");
    assert.equal(sent(clicks(view, { type: "hand", card: "Deserter" }, { type: "theirs", card: "G1" })), null);
  });

  it("without Deserter selected, the opponent's cards are inert", () => {
    assert.deepEqual(interaction(view, null).theirs, {});
    assert.equal(sent(click(view, null, { type: "theirs", card: "B5" })), null);
  });

  it("Pass is offered when legal", () => {
    assert.equal(interaction(view, null).pass, "pass");
    assert.equal(sent(click(view, null, { type: "pass" })), "pass");
  });
});

describe("Traitor", () => {
  const view = makeView({
    hand: "Traitor",
    legal: ["Traitor B5@1", "Traitor B5@2", "Traitor G9@1", "Traitor G9@2"],
    flags: { 2: { theirs: "B5 Alexander", mine: "R1" }, 5: { theirs: "G9" } },
  });

  it("select Traitor: the opponent's troops light up (never their Tactics)", () => {
    const ia = interaction(view, { card: "Traitor" });
    assert.deepEqual(keys(ia.theirs), ["B5", "G9"]);
    assert.equal(ia.theirs.B5.action, "select");
    assert.deepEqual(ia.flags, {});
  });

  it("then your free place: Traitor B5@2", () => {
    const sel = click(view, { card: "Traitor" }, { type: "theirs", card: "B5" }).selection;
    assert.deepEqual(sel, { card: "Traitor", target: "B5" });
    const ia = interaction(view, sel);
    assert.equal(ia.theirs.B5.action, "selected");
    assert.deepEqual(ia.places, { 1: "Traitor B5@1", 2: "Traitor B5@2" });
    assert.deepEqual(ia.flags, ia.places);
    assert.match(ia.prompt, /Traitor Blue 5/);
    assert.equal(sent(click(view, sel, { type: "place", flag: 2 })), "Traitor B5@2");
    assert.equal(sent(click(view, sel, { type: "flag", flag: 1 })), "Traitor B5@1");
    assert.equal(sent(click(view, sel, { type: "flag", flag: 3 })), null);
  });

  it("the full sequence from nothing", () => {
    const r = clicks(
      view,
      { type: "hand", card: "Traitor" },
      { type: "theirs", card: "G9" },
      { type: "place", flag: 1 },
    );
    assert.deepEqual(r, { selection: null, message: { type: "move", move: "Traitor G9@1" } });
  });

  it("re-clicking the chosen troop goes back; the Alexander is inert", () => {
    const sel = { card: "Traitor", target: "B5" };
    assert.deepEqual(click(view, sel, { type: "theirs", card: "B5" }).selection, { card: "Traitor" });
    assert.deepEqual(click(view, sel, { type: "theirs", card: "G9" }).selection, { card: "Traitor", target: "G9" });
    assert.deepEqual(click(view, { card: "Traitor" }, { type: "theirs", card: "Alexander" }).message, null);
  });
});

describe("claims", () => {
  const base = {
    hand: "R1",
    legal: ["claim 1", ...plays("R1", [4])],
    flags: {
      1: { mine: "B8 B9 B10", my_formation: "Wedge 8-9-10 (total 27)" },
      2: { mine: "G1 G2 G3", theirs: "Y8 Y9 Y10" },
      3: { mine: "P1 P2 P3", claimed: "mine" },
      4: { mine: "O1 O2 O3", required: 4, env: [{ card: "Mud", mine: false }] },
      5: { mine: "R5 R6" },
    },
  };

  it("a claim button on each open flag where your side is complete", () => {
    const ia = interaction(makeView(base), null);
    assert.deepEqual(ia.claimButtons, [1, 2]);
    assert.deepEqual(ia.claims, { 1: "claim 1", 2: "claim 2" });
  });

  it("sends the claim even when it is not in legal (Python answers with view.claim)", () => {
    const v = makeView(base);
    assert.deepEqual(click(v, null, { type: "claim", flag: 2 }).message, { type: "move", move: "claim 2" });
    assert.deepEqual(click(v, null, { type: "claim", flag: 1 }).message, { type: "move", move: "claim 1" });
    assert.equal(click(v, null, { type: "claim", flag: 3 }).message, null, "claimed flag");
    assert.equal(click(v, null, { type: "claim", flag: 4 }).message, null, "Mud: 3 of 4 cards");
    assert.equal(click(v, null, { type: "claim", flag: 5 }).message, null, "incomplete");
  });

  it("a claim keeps the current selection", () => {
    const v = makeView(base);
    assert.deepEqual(click(v, { card: "R1" }, { type: "claim", flag: 1 }).selection, { card: "R1" });
  });

  it("claims are allowed in the draw phase (standard rules), not under the advanced rules", () => {
    const draw = makeView({ ...base, phase: "draw", legal: ["claim 1", "draw troop", "draw tactic"] });
    assert.deepEqual(interaction(draw, null).claims, { 1: "claim 1", 2: "claim 2" });
    const adv = makeView({ ...base, phase: "draw", rules: "advanced", legal: ["draw troop"] });
    assert.deepEqual(interaction(adv, null).claims, {});
    assert.deepEqual(interaction(adv, null).claimButtons, [1, 2], "shown, but disabled");
  });

  it("no claims while blocked or in the Scout phases", () => {
    for (const over of [{ thinking: true, legal: [] }, { my_turn: false, legal: [] }, { phase: "scout-draw" }, { phase: "scout-return" }]) {
      const v = makeView({ ...base, ...over });
      assert.deepEqual(interaction(v, null).claims, {}, JSON.stringify(over));
      assert.equal(click(v, null, { type: "claim", flag: 1 }).message, null);
    }
  });
});

describe("draw, end and pass", () => {
  it("the draw phase offers the draw buttons; clicks send them", () => {
    const v = makeView({ phase: "draw", hand: "R1 R2", legal: ["draw troop", "draw tactic"] });
    const ia = interaction(v, null);
    assert.deepEqual(ia.draw, { troop: "draw troop", tactic: "draw tactic" });
    assert.deepEqual(ia.hand, {}, "no card can be played in the draw phase");
    assert.equal(ia.end, null);
    assert.equal(ia.pass, null);
    assert.equal(sent(click(v, null, { type: "draw", deck: "troop" })), "draw troop");
  });

  it("End turn when no card can be drawn", () => {
    const v = makeView({ phase: "draw", legal: ["end"], decks: { troop: 0, tactic: 0 } });
    const ia = interaction(v, null);
    assert.equal(ia.end, "end");
    assert.deepEqual(ia.draw, {});
    assert.deepEqual(click(v, null, { type: "end" }), { selection: null, message: { type: "move", move: "end" } });
    assert.equal(sent(click(v, null, { type: "draw", deck: "troop" })), null);
  });

  it("Pass only when legal", () => {
    const v = makeView({ hand: "Fog", legal: ["pass", ...plays("Fog", [1])] });
    assert.equal(interaction(v, null).pass, "pass");
    assert.equal(sent(click(v, { card: "Fog" }, { type: "pass" })), "pass");
    const no = makeView({ hand: "R1", legal: plays("R1", [1]) });
    assert.equal(interaction(no, null).pass, null);
    assert.equal(sent(click(no, null, { type: "pass" })), null);
    assert.equal(sent(click(no, null, { type: "end" })), null);
  });
});

describe("nothing is selectable while thinking or under the cover", () => {
  const legal = ["R7@1", "claim 2", "draw troop", "pass", "Redeploy R1@3", "Deserter B5", "Scout"];
  const busy = {
    hand: "R7 Redeploy Deserter Scout",
    legal,
    flags: { 2: { mine: "R1 R2 R3", theirs: "B5" } },
  };
  for (const [what, over] of [
    ["thinking", { thinking: true, my_turn: false }],
    ["cover", { cover: true, my_turn: false }],
    ["game over", { result: { winner: "theirs", reason: "envelopment", text: "Bot wins by envelopment!" } }],
    ["not your turn", { my_turn: false }],
  ]) {
    it(what, () => {
      // Even if `legal` were not emptied by Python, the view must stay inert.
      const v = makeView({ ...busy, ...over });
      const ia = interaction(v, { card: "R7" });
      assert.equal(ia.selection, null);
      assert.deepEqual(ia.hand, {});
      assert.deepEqual(ia.flags, {});
      assert.deepEqual(ia.places, {});
      assert.deepEqual(ia.mine, {});
      assert.deepEqual(ia.theirs, {});
      assert.deepEqual(ia.draw, {});
      assert.deepEqual(ia.claims, {});
      assert.equal(ia.pass, null);
      assert.equal(ia.end, null);
      assert.equal(ia.discard, null);
      for (const t of [
        { type: "hand", card: "R7" },
        { type: "hand", card: "Scout" },
        { type: "flag", flag: 1 },
        { type: "claim", flag: 2 },
        { type: "draw", deck: "troop" },
        { type: "pass" },
        { type: "theirs", card: "B5" },
      ]) {
        assert.equal(click(v, { card: "R7" }, t).message, null, JSON.stringify(t));
      }
    });
  }

  it("the cover hides the claim buttons too", () => {
    const v = makeView({ ...busy, cover: true });
    assert.deepEqual(interaction(v, null).claimButtons, []);
  });

  it("a selection made before the bot started thinking is dropped", () => {
    const v = makeView({ ...busy, thinking: true });
    assert.equal(normalizeSelection(v, { card: "R7" }), null);
  });
});

describe("game-level intents", () => {
  it("undo only when view.can_undo", () => {
    assert.deepEqual(click(makeView({ can_undo: true }), { card: "x" }, { type: "undo" }), {
      selection: null,
      message: { type: "undo" },
    });
    assert.equal(click(makeView({ can_undo: false }), null, { type: "undo" }).message, null);
  });

  it("new game always; next game only when view.can_next_game", () => {
    assert.deepEqual(click(makeView({ thinking: true }), null, { type: "new_game" }).message, { type: "new_game" });
    assert.equal(click(makeView(), null, { type: "next_game" }).message, null);
    const over = makeView({ can_next_game: true, result: { winner: "mine", reason: "breakthrough", text: "" } });
    assert.deepEqual(click(over, null, { type: "next_game" }).message, { type: "next_game" });
  });

  it("reveal only under the cover", () => {
    assert.deepEqual(click(makeView({ cover: true }), null, { type: "reveal" }).message, { type: "reveal" });
    assert.equal(click(makeView(), null, { type: "reveal" }).message, null);
  });

  it("options send their name and boolean value, and keep the selection", () => {
    const v = makeView({ hand: "R1", legal: ["R1@1"] });
    assert.deepEqual(click(v, { card: "R1" }, { type: "option", name: "highlight_claimable", value: true }), {
      selection: { card: "R1" },
      message: { type: "option", name: "highlight_claimable", value: true },
    });
    assert.deepEqual(click(v, null, { type: "option", name: "auto_claim", value: 0 }).message, {
      type: "option",
      name: "auto_claim",
      value: false,
    });
    assert.equal(click(v, null, { type: "option", name: "cheat", value: true }).message, null);
  });
});

describe("selection follows the view", () => {
  it("a selected card that left the hand is dropped", () => {
    const v = makeView({ hand: "B2", legal: ["B2@1"] });
    assert.equal(normalizeSelection(v, { card: "R7" }), null);
    assert.equal(interaction(v, { card: "R7" }).selection, null);
  });

  it("a selection survives an unrelated view change", () => {
    const v = makeView({ hand: "R7", legal: ["R7@1"], log: ["something"] });
    assert.deepEqual(normalizeSelection(v, { card: "R7" }), { card: "R7" });
  });

  it("garbage selections are ignored", () => {
    const v = makeView({ hand: "R7", legal: ["R7@1"] });
    assert.equal(normalizeSelection(v, {}), null);
    assert.equal(normalizeSelection(v, { card: 7 }), null);
    assert.deepEqual(normalizeSelection(v, { card: "R7", target: "B1" }), { card: "R7" });
  });

  it("a missing view is inert", () => {
    assert.equal(interaction(undefined, { card: "R7" }).selection, null);
    assert.equal(click(undefined, null, { type: "hand", card: "R7" }).message, null);
  });
});

describe("last turn marks", () => {
  it("cards, flags and decks of the other player's last turn", () => {
    const v = makeView({
      last: ["B5@2", "claim 4", "draw tactic", "Traitor R7@3", "Deserter G1", "Redeploy Y2@discard"],
    });
    const m = lastMarks(v);
    assert.deepEqual([...m.cards].sort(), ["B5", "G1", "R7", "Y2"]);
    assert.deepEqual([...m.flags].sort(), [2, 3, 4]);
    assert.deepEqual([...m.decks], ["tactic"]);
  });

  it("a hidden Scout return marks only its deck", () => {
    const v = makeView();
    v.last = [{ kind: "return", card: null, flag: null, deck: "troop", text: "return (troop)" }];
    const m = lastMarks(v);
    assert.equal(m.cards.size, 0);
    assert.deepEqual([...m.decks], ["troop"]);
  });
});
