// The Ancient Battles view's interaction, pure and DOM-free (tested with node --test).
//
// Everything clickable comes from the view Python built: `selectable` (what may be chosen
// first), `choices` (what the chosen card can do, each with the action text to send and,
// for fire and melee, the exact odds), `targets` (squares taken at once, e.g. a Loyalty
// removal) and `buttons`. The front end keeps only two pieces of page state: the fire or
// melee choice waiting for confirmation (`armed`) and the square whose several choices are
// listed (`focus`). It decides no rule and builds no action text: a combined attack is
// built by sending `join` / `leave` for squares Python marked, and Python answers with the
// attack's strength and odds.

import { ta } from "./i18n.js";

/** What each square offers: { selectable, selected, joinable, inAttack, choices: [choice…] }
 * (joinable: may join the combined attack being built; inAttack: has joined it). */
export function squareMap(view) {
  const map = new Map();
  const at = (sq) => {
    if (!map.has(sq)) map.set(sq, { selectable: false, selected: false, joinable: false, inAttack: false, choices: [] });
    return map.get(sq);
  };
  const attack = view.attack || null;
  if (attack) {
    for (const j of attack.joinable || []) at(j.square).joinable = true;
    for (const a of attack.attackers || []) if (!a.chosen) at(a.square).inAttack = true;
  }
  for (const o of view.selectable || []) if (isSquare(o)) at(o).selectable = true;
  if (view.selected && isSquare(view.selected)) at(view.selected).selected = true;
  for (const c of view.choices || []) if (c.square) at(c.square).choices.push(c);
  for (const c of view.targets || []) if (c.square) at(c.square).choices.push(c);
  return map;
}

export function isSquare(text) {
  return typeof text === "string" && /^[a-k][1-4]$/.test(text);
}

const COMBAT = new Set(["fire", "attack"]);

/** The page state made consistent with a new view: a waiting choice or focus that the
 * view no longer offers is dropped. */
export function normalize(view, ui) {
  const all = [...(view.choices || []), ...(view.targets || [])];
  const armed = ui && ui.armed && all.some((c) => c.action === ui.armed) ? ui.armed : null;
  const focus = ui && ui.focus && all.some((c) => c.square === ui.focus) ? ui.focus : null;
  return { armed, focus };
}

/** The choice waiting for confirmation, with its odds. */
export function armedChoice(view, ui) {
  if (!ui || !ui.armed) return null;
  return [...(view.choices || []), ...(view.targets || [])].find((c) => c.action === ui.armed) || null;
}

/** A square with a card the player can see but not act with: ask Python for its rules. */
function inspect(view, ui, square) {
  const sq = (view.rows || []).flat().find((s) => s.square === square);
  if (!sq || !sq.unit || sq.unit.hidden) return { ui, send: null };
  return { ui, send: { type: "inspect", square } };
}

/** Squares that only show their card's rules when clicked. */
export function inspectable(sq) {
  return !!sq.unit && !sq.unit.hidden;
}

function take(choice, ui) {
  if (COMBAT.has(choice.kind)) return { ui: { ...ui, armed: choice.action }, send: null };
  return { ui: { armed: null, focus: null }, send: { type: "act", action: choice.action } };
}

/**
 * The next page state and the message to send (or null) for a click.
 * target: {act: "square", square} | {act: "card", card} | {act: "choice", action} |
 *         {act: "confirm"} | {act: "cancel"} | {act: "undo"} | {act: "dismiss"} |
 *         {act: "leave", square} | {act: "army", op, card?, colour?} | {act: "close-help"}
 */
export function click(view, ui, target) {
  ui = normalize(view, ui);
  const idle = !view.my_turn || view.thinking || view.outcome;
  switch (target.act) {
    case "square": {
      const info = squareMap(view).get(target.square);
      if (idle || !info) return inspect(view, ui, target.square);
      if (info.choices.length === 1) return take(info.choices[0], ui);
      if (info.choices.length > 1) return { ui: { armed: null, focus: target.square }, send: null };
      // the combined attack: Python checks who may join and says what is possible
      if (info.joinable) return { ui: { armed: null, focus: null }, send: { type: "join", square: target.square } };
      if (info.inAttack) return { ui: { armed: null, focus: null }, send: { type: "leave", square: target.square } };
      if (info.selected) return { ui: { armed: null, focus: null }, send: { type: "select" } };
      if (info.selectable) return { ui: { armed: null, focus: null }, send: { type: "select", square: target.square } };
      return inspect(view, ui, target.square);
    }
    case "army": {
      // the army builder: Python checks every step against the engine's limits
      const send = { type: "army", op: target.op };
      if (target.card) send.card = target.card;
      if (target.colour) send.colour = target.colour;
      return { ui, send };
    }
    case "leave":
      if (idle) return { ui, send: null };
      return { ui: { armed: null, focus: null }, send: { type: "leave", square: target.square } };
    case "close-help":
      return { ui, send: { type: "inspect" } };
    case "card": {
      if (idle || !(view.selectable || []).includes(target.card)) return { ui, send: null };
      if (view.selected === target.card) return { ui: { armed: null, focus: null }, send: { type: "select" } };
      return { ui: { armed: null, focus: null }, send: { type: "select", card: target.card } };
    }
    case "choice": {
      if (idle) return { ui, send: null };
      const all = [...(view.choices || []), ...(view.targets || []), ...(view.buttons || [])];
      const choice = all.find((c) => c.action === target.action);
      return choice ? take(choice, ui) : { ui, send: null };
    }
    case "confirm":
      if (idle || !ui.armed) return { ui, send: null };
      return { ui: { armed: null, focus: null }, send: { type: "act", action: ui.armed } };
    case "cancel":
      if (ui.armed || ui.focus) return { ui: { armed: null, focus: null }, send: null };
      return { ui, send: view.selected ? { type: "select" } : null };
    case "undo":
      return { ui: { armed: null, focus: null }, send: view.can_undo ? { type: "undo" } : null };
    case "dismiss":
      return { ui, send: { type: "dismiss" } };
    case "reveal":
      // the next player, at the screen, lifts the cover between two people's turns
      return { ui: { armed: null, focus: null }, send: view.cover ? { type: "reveal" } : null };
    default:
      return { ui, send: null };
  }
}

/** A chance in whole percent, for the small odds on a target square: "58%", never "0%" or
 * "100%" for a chance that is not exactly that ("<1%", ">99%"). */
export function roundPercent(p) {
  if (p.fraction === "0" || p.fraction === "1") return p.fraction === "0" ? "0%" : "100%";
  const x = Number(p.percent);
  return x < 1 ? "<1%" : x > 99 ? ">99%" : `${Math.round(x)}%`;
}

/** "83.3%" */
export function percent(p) {
  return `${Number(p.percent).toFixed(1).replace(/\.0$/, "")}%`;
}

/** The accessible name of a square button: Python's words plus what a click does. */
export function squareLabel(sq, info, ui, view) {
  let label = sq.label;
  if (!info) return label;
  if (info.selected) label += ta(view, "chosen");
  if (info.inAttack) label += ta(view, "inAttack");
  for (const c of info.choices) {
    label += `; ${c.label}`;
    if (ui && ui.armed === c.action) label += ta(view, "waiting");
  }
  if (info.joinable) label += ta(view, "canJoin");
  else if (!info.choices.length && info.selectable && !info.selected && !info.inAttack) label += ta(view, "canAct");
  return label;
}
