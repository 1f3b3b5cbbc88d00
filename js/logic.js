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

export const GUILE = Object.freeze({
  scout: "scout",
  redeploy: "redeploy",
  deserter: "deserter",
  traitor: "traitor",
});

export const COLORS = Object.freeze({
  R: { name: "Red", shape: "circle" },
  O: { name: "Orange", shape: "triangle" },
  Y: { name: "Yellow", shape: "star" },
  G: { name: "Green", shape: "cross" },
  B: { name: "Blue", shape: "square" },
  P: { name: "Purple", shape: "diamond" },
});

export const REASONS = Object.freeze({
  breakthrough: "Breakthrough: three adjacent flags.",
  envelopment: "Envelopment: five flags.",
  deadlock: "Deadlock: nothing could change any more; the player holding more flags wins.",
});

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

/** Claims are sent for any open flag where your side is complete, in a claim phase. */
export function canClaimNow(view) {
  if (isBlocked(view) || view.my_turn !== true) return false;
  if (view.phase === "play") return true;
  return view.phase === "draw" && view.rules !== "advanced";
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

/** The display name of any card id the view knows about (hand or table), else the id. */
export function cardName(view, cardId) {
  const c = handCard(view, cardId) || (findTableCard(view, cardId) || {}).card;
  return (c && c.name) || cardId;
}

/** Is your side of this flag complete (3 cards, or `required`)? */
export function sideComplete(flag) {
  const need = flag.required || 3;
  return (flag.mine || []).length >= need;
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
  if (!view) return ia;
  // Claim buttons show on each open flag where your side is complete.
  for (const f of view.flags || []) {
    if (!f.claimed && sideComplete(f) && !view.cover) ia.claimButtons.push(f.number);
  }
  if (isBlocked(view)) return ia;
  const legal = legalMoves(view);
  if (canClaimNow(view)) {
    for (const n of ia.claimButtons) {
      const m = legal.find((x) => x.kind === "claim" && x.flag === n);
      ia.claims[n] = m ? m.text : `claim ${n}`;
    }
  }
  for (const m of legal) {
    if (m.kind === "draw" && m.deck) ia.draw[m.deck] = m.text;
    else if (m.kind === "pass") ia.pass = m.text;
    else if (m.kind === "end") ia.end = m.text;
  }
  if (view.phase === "scout-return") {
    for (const m of legal) {
      if (m.kind === "return" && m.card) ia.hand[m.card] = { action: "send", text: m.text };
    }
    const left = view.scout_left || 0;
    ia.prompt = left
      ? `Scout: choose ${left === 1 ? "a card" : `${left} cards`} from your hand to put back on the decks.`
      : "Scout: choose a card from your hand to put back on the decks.";
    return ia;
  }
  if (view.phase === "scout-draw") {
    const left = view.scout_left || 0;
    ia.prompt = `Scout: draw ${left ? `${left} more` : "a"} card${left === 1 ? "" : "s"}, each from the deck of your choice.`;
  }
  const sel = normalizeSelection(view, selection);
  ia.selection = sel;
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
  if (!sel) return ia;

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
    ia.prompt = `${name}: choose a flag.`;
  } else if (g === "redeploy") {
    // Every card you may move stays selectable (to switch); the chosen one is "selected".
    for (const m of moves) if (m.card) ia.mine[m.card] = { action: "select" };
    if (!sel.target) {
      ia.prompt = "Redeploy: choose one of your cards on the table.";
    } else {
      ia.mine[sel.target] = { action: "selected" };
      const own = moves.filter((m) => m.card === sel.target);
      const where = findTableCard(view, sel.target);
      addTargets(own, !(where && where.env));
      const toDiscard = own.find((m) => m.flag == null);
      if (toDiscard) ia.discard = toDiscard.text;
      const tname = cardName(view, sel.target);
      const anyFlag = own.some((m) => m.flag != null);
      ia.prompt = `Redeploy ${tname}: ${
        anyFlag && toDiscard ? "choose a flag, or Discard." : anyFlag ? "choose a flag." : "Discard it."
      }`;
    }
  } else if (g === "deserter") {
    for (const m of moves) if (m.card) ia.theirs[m.card] = { action: "send", text: m.text };
    ia.prompt = "Deserter: choose one of your opponent's cards to discard.";
  } else if (g === "traitor") {
    for (const m of moves) if (m.card) ia.theirs[m.card] = { action: "select" };
    if (!sel.target) {
      ia.prompt = "Traitor: choose one of your opponent's troops.";
    } else {
      ia.theirs[sel.target] = { action: "selected" };
      addTargets(moves.filter((m) => m.card === sel.target), true);
      ia.prompt = `Traitor ${cardName(view, sel.target)}: choose a flag for it on your side.`;
    }
  }
  if (ia.prompt) ia.prompt += " (Escape cancels.)";
  return ia;
}

const moveMsg = (text) => ({ selection: null, message: { type: "move", move: text } });

/**
 * What a click does. `target` is one of
 *   {type:"hand", card}, {type:"flag", flag}, {type:"place", flag}, {type:"mine", card},
 *   {type:"theirs", card}, {type:"draw", deck}, {type:"pass"}, {type:"end"},
 *   {type:"discard"}, {type:"claim", flag}, {type:"cancel"}, {type:"undo"},
 *   {type:"new_game"}, {type:"next_game"}, {type:"reveal"}, {type:"option", name, value}.
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
      if (target.name !== "highlight_claimable" && target.name !== "auto_claim") return keep;
      return { selection: sel, message: { type: "option", name: target.name, value: !!target.value } };
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

export const flagLabel = (n) => `Flag ${n}`;
export const placeLabel = (n) => `Flag ${n}, your side`;
export const claimLabel = (n) => `Claim flag ${n}`;

/** "Flag 3, your Red 7" / "Flag 3, opponent's Blue 5". */
export function tableCardLabel(flag, side, card) {
  const name = (card && card.name) || "card";
  return side === "mine" ? `Flag ${flag}, your ${name}` : `Flag ${flag}, opponent's ${name}`;
}

/** Words for a flag's state (used as its description). */
export function flagDescription(flag) {
  const parts = [];
  for (const e of flag.env || []) {
    if (e && e.card) parts.push(`${e.card.name} (${e.mine ? "yours" : "opponent's"})`);
  }
  if ((flag.required || 3) !== 3) parts.push(`${flag.required} cards a side`);
  if (flag.claimed === "mine") parts.push("claimed by you");
  else if (flag.claimed === "theirs") parts.push("claimed by your opponent");
  if (flag.claimable) parts.push("you can claim it");
  return parts.join(", ");
}

/** The text for the hot-seat cover. */
export function coverText(view) {
  return `Pass the screen to ${(view && view.me) || "the next player"}`;
}
