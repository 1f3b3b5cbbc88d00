// The position editor's interaction (docs/widget.md, "Edit mode"): pure functions, no DOM.
//
// The user picks a card (in the palette, or a card already placed on the table) and then
// a place for it; that sends `edit_place`. Python checks every placement and answers with
// a new view (and `editor.message` when it refused). Clicking the chosen card again, or
// Escape, drops the choice. The front end also keeps the user's edits of the position
// text until Python publishes another text, and the opponent chosen for "Play from here".
//
// A selection is null or { card: "<card id>" }.

import { modeOf } from "./logic.js";

export const PLAYERS = Object.freeze(["north", "south"]);
export const HOT_SEAT = ""; // the opponent select's value for two people at one screen

/** The editor part of a view in edit mode, or null. */
export function editorOf(view) {
  return modeOf(view) === "edit" && view.editor && typeof view.editor === "object" ? view.editor : null;
}

/** The palette entry { card, placed } of a card id, or null. */
export function paletteEntry(view, cardId) {
  const ed = editorOf(view);
  const palette = (ed && ed.palette) || [];
  return palette.find((e) => e && e.card && e.card.id === cardId) || null;
}

/** The selection, or null when it no longer fits the view. */
export function normalizeEditSelection(view, selection) {
  if (!selection || typeof selection.card !== "string" || !paletteEntry(view, selection.card)) return null;
  return { card: selection.card };
}

/** What is active: { selection, targets (places may be clicked), card (the chosen card
 * object or null) }. */
export function editorInteraction(view, selection) {
  const sel = normalizeEditSelection(view, selection);
  const entry = sel ? paletteEntry(view, sel.card) : null;
  return { selection: sel, targets: !!sel, card: entry ? entry.card : null, placed: entry ? entry.placed : null };
}

const isFlag = (n) => Number.isInteger(n) && n >= 1 && n <= 9;
const isPlayer = (p) => PLAYERS.includes(p);

/**
 * The edit_place message that puts `cardId` at a place, or null when the place is not
 * one of: {to:"flag", flag, side}, {to:"hand", player}, {to:"discard", player},
 * {to:"deck"}, {to:"rest"}.
 */
export function placeMessage(cardId, place) {
  if (typeof cardId !== "string" || !place) return null;
  switch (place.to) {
    case "flag":
      return isFlag(place.flag) && isPlayer(place.side)
        ? { type: "edit_place", card: cardId, to: "flag", flag: place.flag, side: place.side }
        : null;
    case "hand":
    case "discard":
      return isPlayer(place.player) ? { type: "edit_place", card: cardId, to: place.to, player: place.player } : null;
    case "deck":
    case "rest":
      return { type: "edit_place", card: cardId, to: place.to };
    default:
      return null;
  }
}

/**
 * What a click in the editor does. `target` is one of
 *   {type:"palette", card}, {type:"placed", card}  choose (or drop) a card
 *   {type:"target", to, flag?, side?, player?}      put the chosen card there
 *   {type:"cancel"}, {type:"claim", flag, player: "north"|"south"|""},
 *   {type:"to_move", value}, {type:"rules", value}, {type:"load", text}, {type:"clear"},
 *   {type:"play", opponent: "<bot>" | ""}.
 * Returns { selection, message }.
 */
export function editorClick(view, selection, target) {
  const sel = normalizeEditSelection(view, selection);
  const keep = { selection: sel, message: null };
  const ed = editorOf(view);
  if (!ed || !target || typeof target !== "object") return keep;
  switch (target.type) {
    case "palette":
    case "placed":
      if (!paletteEntry(view, target.card)) return keep;
      if (sel && sel.card === target.card) return { selection: null, message: null };
      return { selection: { card: target.card }, message: null };
    case "target": {
      if (!sel) return keep;
      const message = placeMessage(sel.card, target);
      return message ? { selection: null, message } : keep;
    }
    case "cancel":
      return { selection: null, message: null };
    case "claim": {
      if (!isFlag(target.flag)) return keep;
      const player = isPlayer(target.player) ? target.player : null;
      return { selection: sel, message: { type: "edit_claim", flag: target.flag, player } };
    }
    case "to_move":
      return isPlayer(target.value) && target.value !== ed.to_move
        ? { selection: sel, message: { type: "edit_set", to_move: target.value } }
        : keep;
    case "rules":
      return ruleChoices(view).some((r) => r.id === target.value) && target.value !== ed.rules
        ? { selection: sel, message: { type: "edit_set", rules: target.value } }
        : keep;
    case "load":
      return typeof target.text === "string" && target.text.trim()
        ? { selection: null, message: { type: "edit_load", text: target.text } }
        : keep;
    case "clear":
      return { selection: null, message: { type: "edit_clear" } };
    case "play":
      return { selection: null, message: { type: "edit_play", opponent: target.opponent ? target.opponent : null } };
    default:
      return keep;
  }
}

// ------------------------------------------------------------------ client-side state

/** The user's edits of the position text, kept while Python's text stays the same:
 * state { base: the text they started from, value: what is in the box } or null. */
export function normalizeTextDraft(view, state) {
  const ed = editorOf(view);
  if (!ed || !state || state.base !== (ed.text || "")) return null;
  return state;
}

/** The text the "Position text" box shows. */
export function positionText(view, state) {
  const s = normalizeTextDraft(view, state);
  if (s) return s.value;
  const ed = editorOf(view);
  return (ed && ed.text) || "";
}

/** The text draft after the user typed `value`. */
export function editText(view, value) {
  const ed = editorOf(view);
  const base = (ed && ed.text) || "";
  return value === base ? null : { base, value: String(value) };
}

/** The opponents offered: editor.opponents (bot levels) and the hot-seat option. */
export function opponentChoices(view) {
  const ed = editorOf(view);
  const list = ed && Array.isArray(ed.opponents) ? ed.opponents.filter((o) => typeof o === "string" && o) : [];
  return [...list, HOT_SEAT];
}

/** The opponent chosen for "Play from here": `chosen` when offered, else Python's
 * editor.default_opponent, else the first bot, else hot-seat. */
export function chosenOpponent(view, chosen) {
  const choices = opponentChoices(view);
  if (typeof chosen === "string" && choices.includes(chosen)) return chosen;
  const ed = editorOf(view);
  if (ed && choices.includes(ed.default_opponent)) return ed.default_opponent;
  return choices[0];
}

/** The rules a position may be played under, as Python offers them: [{ id, label }]. */
export function ruleChoices(view) {
  const ed = editorOf(view);
  const list = ed && Array.isArray(ed.rules_offered) ? ed.rules_offered : [];
  return list.filter((r) => r && typeof r.id === "string" && r.id);
}

/** The cards of a place in the editor view (for drawing): flags, hands, discards, decks. */
export function cardsAt(view, place) {
  const ed = editorOf(view) || {};
  switch (place.to) {
    case "flag": {
      const f = (ed.flags || []).find((x) => x && x.number === place.flag) || {};
      return f[place.side] || [];
    }
    case "hand":
      return ((ed.hands || {})[place.player]) || [];
    case "discard":
      return ((ed.discards || {})[place.player]) || [];
    case "deck": {
      const tops = ed.deck_tops || {};
      return [...(tops.troop || []), ...(tops.tactic || [])];
    }
    default:
      return [];
  }
}
