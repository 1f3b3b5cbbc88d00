// The interaction state machine of the Battle Line widget: pure functions, no DOM.
//
// Everything the player may do is derived from `view.legal` (see docs/widget.md); this
// module never decides what the rules allow. It only answers, for a `view` and the
// current UI selection:
//   - interaction(view, selection): which hand cards, table cards, flags, places and
//     buttons are active now, and what clicking each one does;
//   - click(view, selection, target): the next selection and the message (if any) to send
//     to Python when the player clicks `target`.
//
// A selection is null or { card: "<hand card id>", target: "<table card id>" | undefined }.
// `target` is used by the two-step Tactics: Redeploy (your card, then where) and Traitor
// (the opponent's troop, then where).
//
// Words (prompts, accessible names) come from i18n.js in the view's language.

import { STRINGS, t } from "../i18n.js";
import { COLORS } from "../render_cards.js";

export const GUILE = Object.freeze({
  scout: "scout",
  redeploy: "redeploy",
  deserter: "deserter",
  traitor: "traitor",
});

/** The English words for the end of a game (reasonText gives them in the view's language). */
export const REASONS = Object.freeze({
  breakthrough: STRINGS.en["reason.breakthrough"],
  envelopment: STRINGS.en["reason.envelopment"],
  deadlock: STRINGS.en["reason.deadlock"],
});

/** The words for a result's reason ("breakthrough" …), or the reason itself. */
export function reasonText(view, reason) {
  if (!reason) return "";
  return Object.prototype.hasOwnProperty.call(REASONS, reason) ? t(view, `reason.${reason}`) : String(reason);
}

/** The view's mode: "play" (also when absent), "edit" or "puzzle". */
export function modeOf(view) {
  const m = view && view.mode;
  return m === "edit" || m === "puzzle" ? m : "play";
}

/** A puzzle answered by picking flags (its flag stones are toggles, not moves). */
export function isClaimsPuzzle(view) {
  return modeOf(view) === "puzzle" && !!view.puzzle && view.puzzle.kind === "claims";
}

/** May flags be explained now? Python says (`view.explainable`: in play mode, not under
 * the hot-seat cover; in a puzzle once it is solved or its solution shown). */
export function explainAllowed(view) {
  return !!view && modeOf(view) !== "edit" && view.explainable === true;
}

/** The guile kind ("scout", "redeploy", …) a hand card id plays, or null. */
export function guileKind(cardId) {
  if (typeof cardId !== "string") return null;
  return GUILE[cardId.toLowerCase()] || null;
}

/** The legal moves of a view (always an array). */
export function legalMoves(view) {
  return view && Array.isArray(view.legal) ? view.legal : [];
}

/** True when nothing on the board may be clicked: the bot thinks, the hot-seat cover is
 * up, the game is over, or it is not the viewer's turn. */
export function isBlocked(view) {
  return !view || !!view.thinking || !!view.cover || !!view.result || view.my_turn === false;
}

/** The legal moves that use the hand card `cardId` (play it, or play it as a Tactics). */
export function movesForHandCard(view, cardId) {
  if (view && view.phase === "scout-return") return [];
  const g = guileKind(cardId);
  return legalMoves(view).filter((m) =>
    g ? m.kind === g : m.kind === "play" && m.card === cardId,
  );
}

/** The hand card object with this id, or null. */
export function handCard(view, cardId) {
  const hand = (view && view.hand) || [];
  return hand.find((c) => c && c.id === cardId) || null;
}

/** Where a card lies on the table: { flag, side: "mine"|"theirs", env, card } or null. */
export function findTableCard(view, cardId) {
  for (const f of (view && view.flags) || []) {
    for (const side of ["mine", "theirs"]) {
      const c = (f[side] || []).find((x) => x && x.id === cardId);
      if (c) return { flag: f.number, side, env: false, card: c };
    }
    for (const e of f.env || []) {
      if (e && e.card && e.card.id === cardId) {
        return { flag: f.number, side: e.mine ? "mine" : "theirs", env: true, card: e.card };
      }
    }
  }
  return null;
}

/** The name of the Scout card in the view's words (it lies in your discards once played). */
export function scoutName(view) {
  const played = ((view && view.discards && view.discards.mine) || []).find((c) => c && c.id === "Scout");
  return (played && played.name) || t(view, "scoutName");
}

/** The display name of any card id the view knows about (hand or table), else the id. */
export function cardName(view, cardId) {
  const c = handCard(view, cardId) || (findTableCard(view, cardId) || {}).card;
  return (c && c.name) || cardId;
}

/** The ways to show your hand: as dealt and drawn, by colour, by value. */
export const HAND_ORDERS = Object.freeze(["drawn", "color", "value"]);

/**
 * Your hand in the order chosen (a view preference: it sorts only what Python sent, and
 * decides nothing). "color": troops by colour (red, orange, yellow, green, blue, purple)
 * then value; "value": troops by value then colour; Tactics cards last, as drawn.
 * Any other order keeps Python's.
 */
export function sortHand(cards, order) {
  const list = Array.isArray(cards) ? cards.slice() : [];
  if (order !== "color" && order !== "value") return list;
  const colors = Object.keys(COLORS);
  const troop = (c) => !!c && colors.includes(c.color) && Number.isFinite(c.value);
  const key = (c) => {
    const col = colors.indexOf(c.color);
    return order === "color" ? [col, c.value] : [c.value, col];
  };
  const troops = list.filter(troop);
  troops.sort((a, b) => {
    const [a1, a2] = key(a);
    const [b1, b2] = key(b);
    return a1 - b1 || a2 - b2;
  });
  return troops.concat(list.filter((c) => !troop(c)));
}


/** The selection, or null when it no longer fits the view (card gone, not your turn …).
 * A target that no longer fits is dropped, keeping the selected hand card. */
export function normalizeSelection(view, selection) {
  if (!selection || typeof selection.card !== "string" || isBlocked(view)) return null;
  const moves = movesForHandCard(view, selection.card);
  if (!moves.length || !handCard(view, selection.card)) return null;
  if (selection.target == null) return { card: selection.card };
  const g = guileKind(selection.card);
  if ((g === "redeploy" || g === "traitor") && moves.some((m) => m.card === selection.target)) {
    return { card: selection.card, target: selection.target };
  }
  return { card: selection.card };
}

function emptyInteraction() {
  return {
    selection: null,
    hand: {}, // card id -> { action: "select" | "selected" | "send", text? }
    flags: {}, // flag number -> move text (clicking the flag marker)
    places: {}, // flag number -> move text (clicking the free place on your side)
    mine: {}, // card id -> { action: "select" | "selected" }  (your table cards)
    theirs: {}, // card id -> { action: "select" | "selected" | "send", text? }
    draw: {}, // deck -> move text
    pass: null,
    end: null,
    discard: null, // Redeploy to the discard pile
    claims: {}, // flag number -> move text ("Claim flag N" buttons, enabled)
    claimButtons: [], // flag numbers that show a claim button (enabled or not)
    prompt: null, // what the player is asked to do next, in words
  };
}

/** Everything that is active for `view` and `selection` (see the module comment). */
export function interaction(view, selection) {
  const ia = emptyInteraction();
  if (!view || modeOf(view) === "edit") return ia;
  // Claim buttons: Python lists them (each open flag where your side is complete, not in
  // a claims puzzle) with the move text to send when a claim may be tried now.
  const claimButtons = Array.isArray(view.claim_buttons) ? view.claim_buttons : [];
  for (const b of claimButtons) {
    if (b && b.flag >= 1 && b.flag <= 9) ia.claimButtons.push(b.flag);
  }
  if (isBlocked(view)) return ia;
  const legal = legalMoves(view);
  for (const b of claimButtons) {
    if (b && b.enabled && typeof b.text === "string" && ia.claimButtons.includes(b.flag)) ia.claims[b.flag] = b.text;
  }
  for (const m of legal) {
    if (m.kind === "draw" && m.deck) ia.draw[m.deck] = m.text;
    else if (m.kind === "pass") ia.pass = m.text;
    else if (m.kind === "end") ia.end = m.text;
  }
  if (view.phase === "scout-return") {
    scoutReturn(view, legal, ia);
    return ia;
  }
  if (view.phase === "scout-draw") {
    ia.prompt = t(view, "promptScoutDraw", { scout: scoutName(view), n: view.scout_left || 0 });
  }
  const sel = normalizeSelection(view, selection);
  ia.selection = sel;
  handActions(view, sel, ia);
  if (!sel) return ia;
  choiceTargets(view, sel, ia);
  if (ia.prompt) ia.prompt += t(view, "escapeCancels");
  return ia;
}

/** After Scout: the cards that may go back on the decks, and the prompt. */
function scoutReturn(view, legal, ia) {
  for (const m of legal) {
    if (m.kind === "return" && m.card) ia.hand[m.card] = { action: "send", text: m.text };
  }
  const left = view.scout_left || 0;
  const scout = scoutName(view);
  ia.prompt = left
    ? t(view, "promptScoutReturn", { scout, n: left })
    : t(view, "promptScoutReturnAny", { scout });
}

/** What each card in hand does when clicked: choose it, or (Scout) play it at once. */
function handActions(view, sel, ia) {
  for (const c of view.hand || []) {
    if (!c) continue;
    const moves = movesForHandCard(view, c.id);
    if (!moves.length) continue;
    if (sel && sel.card === c.id) ia.hand[c.id] = { action: "selected" };
    else if (guileKind(c.id) === "scout") {
      // Scout needs no target: one click plays it (Undo takes it back).
      ia.hand[c.id] = { action: "send", text: moves[0].text };
    } else ia.hand[c.id] = { action: "select" };
  }
}

/** Where the chosen card (`sel`) may go: flags, places, table cards, the discard pile. */
function choiceTargets(view, sel, ia) {
  const name = cardName(view, sel.card);
  const moves = movesForHandCard(view, sel.card);
  const g = guileKind(sel.card);
  const addTargets = (list, placeToo) => {
    for (const m of list) {
      if (m.flag == null) continue;
      ia.flags[m.flag] = m.text;
      if (placeToo) ia.places[m.flag] = m.text;
    }
  };
  if (!g) {
    const card = handCard(view, sel.card);
    const env = card && card.kind === "environment";
    addTargets(moves, !env);
    ia.prompt = t(view, "promptChooseFlag", { name });
  } else if (g === "redeploy") {
    // Every card you may move stays selectable (to switch); the chosen one is "selected".
    for (const m of moves) if (m.card) ia.mine[m.card] = { action: "select" };
    if (!sel.target) {
      ia.prompt = t(view, "promptRedeploy", { name });
    } else {
      ia.mine[sel.target] = { action: "selected" };
      const own = moves.filter((m) => m.card === sel.target);
      const where = findTableCard(view, sel.target);
      addTargets(own, !(where && where.env));
      const toDiscard = own.find((m) => m.flag == null);
      if (toDiscard) ia.discard = toDiscard.text;
      const target = cardName(view, sel.target);
      const anyFlag = own.some((m) => m.flag != null);
      const key = anyFlag && toDiscard ? "promptRedeployFlagOrDiscard" : anyFlag ? "promptRedeployFlag" : "promptRedeployDiscard";
      ia.prompt = t(view, key, { name, target });
    }
  } else if (g === "deserter") {
    for (const m of moves) if (m.card) ia.theirs[m.card] = { action: "send", text: m.text };
    ia.prompt = t(view, "promptDeserter", { name });
  } else if (g === "traitor") {
    for (const m of moves) if (m.card) ia.theirs[m.card] = { action: "select" };
    if (!sel.target) {
      ia.prompt = t(view, "promptTraitor", { name });
    } else {
      ia.theirs[sel.target] = { action: "selected" };
      addTargets(moves.filter((m) => m.card === sel.target), true);
      ia.prompt = t(view, "promptTraitorFlag", { name, target: cardName(view, sel.target) });
    }
  }
}

const moveMsg = (text) => ({ selection: null, message: { type: "move", move: text } });

/**
 * What a click does. `target` is one of
 *   {type:"hand", card}, {type:"flag", flag}, {type:"place", flag}, {type:"mine", card},
 *   {type:"theirs", card}, {type:"draw", deck}, {type:"pass"}, {type:"end"},
 *   {type:"discard"}, {type:"claim", flag}, {type:"cancel"}, {type:"undo"},
 *   {type:"new_game"}, {type:"next_game"}, {type:"reveal"}, {type:"option", name, value},
 *   {type:"explain", flag}, {type:"explain-close"}, {type:"edit"} (back to the editor).
 * Returns { selection, message }: the next selection and the message to send (or null).
 */
export function click(view, selection, target) {
  const ia = interaction(view, selection);
  const sel = ia.selection;
  const keep = { selection: sel, message: null };
  if (!target || typeof target !== "object") return keep;
  switch (target.type) {
    case "hand": {
      const a = ia.hand[target.card];
      if (!a) return keep;
      if (a.action === "send") return moveMsg(a.text);
      if (a.action === "selected") return { selection: null, message: null };
      return { selection: { card: target.card }, message: null };
    }
    case "flag":
    case "place": {
      const text = (target.type === "flag" ? ia.flags : ia.places)[target.flag];
      return text ? moveMsg(text) : keep;
    }
    case "mine":
    case "theirs": {
      const a = ia[target.type][target.card];
      if (!a) return keep;
      if (a.action === "send") return moveMsg(a.text);
      if (a.action === "selected") return { selection: { card: sel.card }, message: null };
      return { selection: { card: sel.card, target: target.card }, message: null };
    }
    case "draw":
      return ia.draw[target.deck] ? moveMsg(ia.draw[target.deck]) : keep;
    case "pass":
      return ia.pass ? moveMsg(ia.pass) : keep;
    case "end":
      return ia.end ? moveMsg(ia.end) : keep;
    case "discard":
      return ia.discard ? moveMsg(ia.discard) : keep;
    case "claim": {
      const text = ia.claims[target.flag];
      return text ? { selection: sel, message: { type: "move", move: text } } : keep;
    }
    case "cancel":
      return { selection: null, message: null };
    case "undo":
      return view && view.can_undo ? { selection: null, message: { type: "undo" } } : keep;
    case "new_game":
      return { selection: null, message: { type: "new_game" } };
    case "next_game":
      return view && view.can_next_game ? { selection: null, message: { type: "next_game" } } : keep;
    case "reveal":
      return view && view.cover ? { selection: null, message: { type: "reveal" } } : keep;
    case "option":
      // Only the options Python offers (the keys of view.options).
      if (!view || !view.options || !Object.prototype.hasOwnProperty.call(view.options, target.name)) return keep;
      return { selection: sel, message: { type: "option", name: target.name, value: !!target.value } };
    case "explain":
      if (!explainAllowed(view) || !(target.flag >= 1 && target.flag <= 9)) return keep;
      return { selection: sel, message: { type: "explain", flag: target.flag } };
    case "explain-close":
      return view && view.explain ? { selection: sel, message: { type: "explain", flag: null } } : keep;
    case "edit":
      return view && view.can_edit ? { selection: null, message: { type: "edit" } } : keep;
    default:
      return keep;
  }
}

/** The marks for the other player's last turn: card ids, flag numbers and decks. */
export function lastMarks(view) {
  const marks = { cards: new Set(), flags: new Set(), decks: new Set() };
  for (const m of (view && view.last) || []) {
    if (!m) continue;
    if (m.card && ["play", "redeploy", "deserter", "traitor"].includes(m.kind)) marks.cards.add(m.card);
    if (m.flag != null && ["play", "redeploy", "traitor", "claim"].includes(m.kind)) marks.flags.add(m.flag);
    if (m.deck && (m.kind === "draw" || m.kind === "return")) marks.decks.add(m.deck);
  }
  return marks;
}

// ------------------------------------------------------------------ accessible names
// `view` (optional) gives the language; without it the words are English.

export const flagLabel = (n, view) => t(view, "flag", { n });
export const placeLabel = (n, view) => t(view, "place", { n });
export const claimLabel = (n, view) => t(view, "claim", { n });
export const explainLabel = (n, view) => t(view, "explain", { n });

/** "Flag 3, your Red 7" / "Flag 3, opponent's Blue 5". */
export function tableCardLabel(flag, side, card, view) {
  const name = (card && card.name) || t(view, "cardFallback");
  return t(view, side === "mine" ? "tableMine" : "tableTheirs", { n: flag, name });
}

/** Words for a flag's state (used as its description). */
export function flagDescription(flag, view) {
  const parts = [];
  for (const e of flag.env || []) {
    if (e && e.card) parts.push(t(view, e.mine ? "envMine" : "envTheirs", { name: e.card.name }));
  }
  if ((flag.required || 3) !== 3) parts.push(t(view, "cardsASide", { n: flag.required }));
  if (flag.claimed === "mine") parts.push(t(view, "claimedByYou"));
  else if (flag.claimed === "theirs") parts.push(t(view, "claimedByOpponent"));
  if (flag.claimable) parts.push(t(view, "youCanClaim"));
  return parts.join(t(view, "listSep"));
}

/** The text for the hot-seat cover. */
export function coverText(view) {
  return t(view, "coverText", { name: (view && view.me) || t(view, "coverNextPlayer") });
}
