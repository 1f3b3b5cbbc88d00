// Hand-made `view` objects for the tests (docs/widget.md), so the JS tests need no Python.
// fixtures/*.json are real views made by fixtures/make_views.py.

import { readFileSync } from "node:fs";

const COLOR_NAMES = { R: "Red", O: "Orange", Y: "Yellow", G: "Green", B: "Blue", P: "Purple" };
const TROOPS = {
  10: "Elephants", 9: "Chariots", 8: "Heavy Cavalry", 7: "Light Cavalry", 6: "Hypaspists",
  5: "Phalangists", 4: "Hoplites", 3: "Javalineers", 2: "Peltasts", 1: "Skirmishers",
};
const TACTICS = {
  Alexander: ["Alexander", "leader", "Alex"],
  Darius: ["Darius", "leader", "Dar"],
  Companion: ["Companion Cavalry", "morale", "Comp"],
  Shield: ["Shield Bearers", "morale", "Shld"],
  Fog: ["Fog", "environment", "Fog"],
  Mud: ["Mud", "environment", "Mud"],
  Scout: ["Scout", "guile", "Scout"],
  Redeploy: ["Redeploy", "guile", "Redep"],
  Deserter: ["Deserter", "guile", "Desert"],
  Traitor: ["Traitor", "guile", "Traitor"],
};

/** A card object as Python sends it: card("R7"), card("Alexander"). */
export function card(id) {
  if (TACTICS[id]) {
    const [name, kind, label] = TACTICS[id];
    return { id, name, title: `${name}: a Tactics card.`, color: null, value: null, kind, label };
  }
  const color = id[0];
  const value = Number(id.slice(1));
  if (!COLOR_NAMES[color] || !(value >= 1 && value <= 10)) throw new Error(`bad card ${id}`);
  const name = `${COLOR_NAMES[color]} ${value}`;
  return { id, name, title: `${name}: ${TROOPS[value]}`, color, value, kind: "troop", label: String(value) };
}

export const cards = (text) => (text ? text.split(/\s+/).filter(Boolean).map(card) : []);

/** A move as Python sends it, from its text. */
export function move(text) {
  let m;
  if (text === "pass" || text === "end") return { kind: text, card: null, flag: null, deck: null, text };
  if (text === "Scout") return { kind: "scout", card: "Scout", flag: null, deck: null, text };
  if ((m = /^claim (\d)$/.exec(text))) return { kind: "claim", card: null, flag: +m[1], deck: null, text };
  if ((m = /^draw (troop|tactic)$/.exec(text))) return { kind: "draw", card: null, flag: null, deck: m[1], text };
  if ((m = /^return (\S+)$/.exec(text))) return { kind: "return", card: m[1], flag: null, deck: null, text };
  if ((m = /^Redeploy (\S+)@(discard|\d)$/.exec(text))) {
    return { kind: "redeploy", card: m[1], flag: m[2] === "discard" ? null : +m[2], deck: null, text };
  }
  if ((m = /^Deserter (\S+)$/.exec(text))) return { kind: "deserter", card: m[1], flag: null, deck: null, text };
  if ((m = /^Traitor (\S+)@(\d)$/.exec(text))) return { kind: "traitor", card: m[1], flag: +m[2], deck: null, text };
  if ((m = /^(\S+)@(\d)$/.exec(text))) return { kind: "play", card: m[1], flag: +m[2], deck: null, text };
  throw new Error(`bad move ${text}`);
}

export const moves = (...texts) => texts.flat().map(move);

/** Play moves of `cardId` to each flag in `flags`. */
export const plays = (cardId, flags) => flags.map((f) => `${cardId}@${f}`);

export function flag(number, over = {}) {
  return {
    number,
    mine: [],
    theirs: [],
    env: [],
    claimed: null,
    required: 3,
    my_formation: null,
    their_formation: null,
    claimable: false,
    ...over,
  };
}

/**
 * A view: makeView({ hand: "R7 Fog", legal: [...texts], flags: { 3: { mine: "R1 R2 R3" } } }).
 * Strings in hand / flags[].mine / theirs / opponent_known are card lists.
 */
export function makeView(over = {}) {
  const flagOver = over.flags || {};
  const flags = [];
  for (let n = 1; n <= 9; n++) {
    const f = { ...(flagOver[n] || {}) };
    for (const side of ["mine", "theirs"]) if (typeof f[side] === "string") f[side] = cards(f[side]);
    if (Array.isArray(f.env)) {
      f.env = f.env.map((e) => (typeof e.card === "string" ? { ...e, card: card(e.card) } : e));
    }
    flags.push(flag(n, f));
  }
  const rest = { ...over };
  delete rest.flags;
  const view = {
    version: 1,
    seat: 1,
    me: "You",
    opponent: "Bot (hard)",
    hot_seat: false,
    cover: false,
    rules: "standard",
    my_turn: true,
    phase: "play",
    scout_left: 0,
    thinking: false,
    status: "Your turn: play a card.",
    flags,
    hand: [],
    opponent_hand: 7,
    opponent_known: [],
    decks: { troop: 46, tactic: 10 },
    discards: { mine: [], theirs: [] },
    tactics_played: { mine: 0, theirs: 0 },
    legal: [],
    last: [],
    log: [],
    claim: null,
    message: null,
    result: null,
    score: { mine: 0, theirs: 0 },
    options: { highlight_claimable: false, auto_claim: false },
    option_labels: { highlight_claimable: "Highlight claimable flags", auto_claim: "Claim automatically" },
    can_undo: false,
    can_next_game: false,
    ...rest,
  };
  if (typeof view.hand === "string") view.hand = cards(view.hand);
  if (typeof view.opponent_known === "string") view.opponent_known = cards(view.opponent_known);
  view.legal = view.legal.map((m) => (typeof m === "string" ? move(m) : m));
  view.last = view.last.map((m) => (typeof m === "string" ? move(m) : m));
  // What Python would offer (widgets/standard/table.py: claim_buttons, explainable), unless the test says.
  if (!("claim_buttons" in rest)) view.claim_buttons = claimButtonsOf(view);
  if (!("explainable" in rest)) view.explainable = !view.cover;
  return view;
}

/** A stand-in for Python's claim buttons in hand-made views: every open flag where your
 * side is complete, enabled on your turn in a claim phase (play; draw under the standard
 * rules). Real views come from Python (fixtures). */
function claimButtonsOf(view) {
  if (view.cover || view.result) return [];
  const open = view.my_turn === true && !view.thinking
    && (view.phase === "play" || (view.phase === "draw" && view.rules !== "advanced"));
  return view.flags
    .filter((f) => !f.claimed && (f.mine || []).length >= (f.required || 3))
    .map((f) => ({ flag: f.number, enabled: open, text: `claim ${f.number}` }));
}

/** A real view written by fixtures/make_views.py. */
export function fixture(name) {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
}
