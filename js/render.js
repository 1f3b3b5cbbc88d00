// Builds the widget's DOM from a `view` (docs/widget.md) and the interaction computed by
// logic.js. Pure with respect to the model: it only creates elements; widget.js patches
// them into the page (dom.js morph) and handles the clicks through `data-act` attributes.

import { h, svg } from "./dom.js";
import {
  COLORS,
  REASONS,
  claimLabel,
  coverText,
  flagDescription,
  flagLabel,
  lastMarks,
  placeLabel,
  tableCardLabel,
} from "./logic.js";

// ------------------------------------------------------------------------ icons

const SHAPE_PATHS = {
  circle: "M3 10A7 7 0 1 0 17 10A7 7 0 1 0 3 10Z",
  triangle: "M10 2.2L18.4 17.2H1.6Z",
  star: "M10 1.2L12.6 7.1L19 7.6L14.1 11.8L15.6 18.1L10 14.7L4.4 18.1L5.9 11.8L1 7.6L7.4 7.1Z",
  cross: "M7 2H13V7H18V13H13V18H7V13H2V7H7Z",
  square: "M3 3H17V17H3Z",
  diamond: "M10 1L19 10L10 19L1 10Z",
};

const KIND_PATHS = {
  leader: "M2 15.5L3 5.5L7 9.5L10 3.5L13 9.5L17 5.5L18 15.5Z",
  morale: "M10 1.8L17 4.6V9.8C17 14 14 16.9 10 18.6C6 16.9 3 14 3 9.8V4.6Z",
  fog: "M5 15.5H15.2A3.4 3.4 0 0 0 14.6 8.8A5 5 0 0 0 5.1 9.6A3 3 0 0 0 5 15.5Z",
  mud: "M10 2C10 2 4 9.2 4 12.8A6 6 0 0 0 16 12.8C16 9.2 10 2 10 2Z",
  guile:
    "M1 10C4 4.6 16 4.6 19 10C16 15.4 4 15.4 1 10ZM10 6.8A3.2 3.2 0 1 0 10 13.2A3.2 3.2 0 1 0 10 6.8Z",
};

const FLAG_PATH = "M5 2.5V18M5.8 3.2L16.5 6.8L5.8 10.6Z";

function icon(path, cls) {
  return svg(
    "svg",
    { class: cls, viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: path, "fill-rule": "evenodd" }),
  );
}

function shapeIcon(color, cls = "bl-shape") {
  const c = COLORS[color];
  return c ? icon(SHAPE_PATHS[c.shape], `${cls} bl-shape-${c.shape}`) : null;
}

function tacticIcon(card, cls = "bl-kind-icon") {
  const key = card.kind === "environment" ? (card.id === "Mud" ? "mud" : "fog") : card.kind;
  return KIND_PATHS[key] ? icon(KIND_PATHS[key], cls) : null;
}

const KIND_WORDS = {
  leader: "Leader",
  morale: "Morale",
  environment: "Environment",
  guile: "Guile",
};

// ------------------------------------------------------------------------ cards

/** The face of a card: colour band with value, colour letter and shape; big value. */
function cardFace(card) {
  if (card.color) {
    return [
      h(
        "span",
        { class: "bl-band", "aria-hidden": "true" },
        h("span", { class: "bl-idx" }, card.label || String(card.value)),
        h("span", { class: "bl-mark" }, shapeIcon(card.color), h("span", { class: "bl-letter" }, card.color)),
      ),
      h(
        "span",
        { class: "bl-body", "aria-hidden": "true" },
        shapeIcon(card.color, "bl-watermark"),
        h("span", { class: "bl-big" }, card.label || String(card.value)),
      ),
      h("span", { class: "bl-corner", "aria-hidden": "true" }, card.label || String(card.value)),
    ];
  }
  return [
    h(
      "span",
      { class: "bl-band", "aria-hidden": "true" },
      h("span", { class: "bl-idx" }, card.label || card.id),
      h("span", { class: "bl-mark" }, tacticIcon(card, "bl-shape")),
    ),
    h(
      "span",
      { class: "bl-body", "aria-hidden": "true" },
      tacticIcon(card, "bl-watermark"),
      h("span", { class: "bl-big bl-big-tactic" }, card.label || card.id),
    ),
    h("span", { class: "bl-corner bl-kind-word", "aria-hidden": "true" }, KIND_WORDS[card.kind] || ""),
  ];
}

function cardClasses(card, extra) {
  const cls = ["bl-card"];
  if (card.color) cls.push(`bl-c-${card.color}`);
  else cls.push("bl-tactic", `bl-k-${card.kind || "tactic"}`);
  for (const [name, on] of Object.entries(extra || {})) if (on) cls.push(name);
  return cls.join(" ");
}

/** A card as a button (interactive or disabled). */
function cardButton(card, { key, label, act, flag, side, disabled, states, style }) {
  return h(
    "button",
    {
      type: "button",
      key,
      class: cardClasses(card, states),
      title: card.title || card.name,
      "aria-label": label,
      "aria-pressed": states && "is-selected" in states ? String(!!states["is-selected"]) : null,
      "data-card": card.id,
      "data-flag": flag,
      "data-side": side,
      "data-act": act,
      disabled: !!disabled,
      style,
    },
    cardFace(card),
  );
}

/** A card that is only shown (discards, known cards, counterexamples). */
function cardImage(card, { key, label, cls, states } = {}) {
  return h(
    "span",
    {
      key,
      role: "img",
      class: `${cardClasses(card, states)} ${cls || ""}`.trim(),
      title: card.title || card.name,
      "aria-label": label || card.name,
      "data-card": card.id,
    },
    cardFace(card),
  );
}

function cardBack(key, cls = "") {
  return h("span", { key, class: `bl-card bl-back ${cls}`.trim(), "aria-hidden": "true" },
    h("span", { class: "bl-back-art" }));
}

// ------------------------------------------------------------------------ the line

/**
 * One side of a flag. Cards stack away from the flag: every card but the last shows only
 * its top strip (value, colour letter and shape), the last one shows its whole face, and
 * the free places follow as dashed strips (a whole outline when the side is empty). No
 * two boxes overlap, so every card and place can be clicked (and found by its name).
 */
function sideCards(view, flag, side, ia, marks, maxReq) {
  const cards = flag[side] || [];
  const items = [];
  const mine = side === "mine";
  cards.forEach((card, i) => {
    const action = (mine ? ia.mine : ia.theirs)[card.id];
    const selected = action && action.action === "selected";
    items.push(
      cardButton(card, {
        key: `t-${card.id}`,
        label: tableCardLabel(flag.number, side, card),
        act: side,
        flag: flag.number,
        side,
        disabled: !action,
        states: {
          "is-covered": i < cards.length - 1,
          "is-target": !!action && !selected,
          "is-selected": selected,
          "is-last": marks.cards.has(card.id),
        },
      }),
    );
  });
  if (!flag.claimed) {
    const need = flag.required || 3;
    for (let i = cards.length; i < need; i++) {
      const cls = `bl-slot${i === 0 ? " is-full" : ""}`;
      if (mine && i === cards.length) {
        const text = ia.places[flag.number];
        items.push(
          h("button", {
            type: "button",
            key: `place-${flag.number}`,
            class: `${cls} bl-place${text ? " is-target" : ""}`,
            "aria-label": placeLabel(flag.number),
            "data-act": "place",
            "data-flag": flag.number,
            disabled: !text,
          }),
        );
      } else {
        items.push(h("span", { class: cls, "aria-hidden": "true" }));
      }
    }
  }
  return h(
    "div",
    {
      class: `bl-side bl-${side}`,
      role: "group",
      "aria-label": mine ? `Your cards at flag ${flag.number}` : `Opponent's cards at flag ${flag.number}`,
      style: `--n:${maxReq}`,
    },
    items,
  );
}

function envChips(view, flag, mine, ia, marks) {
  const chips = (flag.env || []).filter((e) => e && e.card && !!e.mine === mine);
  if (!chips.length) return null;
  return h(
    "div",
    { class: `bl-env bl-env-${mine ? "mine" : "theirs"}` },
    chips.map((e) => {
      const side = mine ? "mine" : "theirs";
      const action = (mine ? ia.mine : ia.theirs)[e.card.id];
      const selected = action && action.action === "selected";
      return h(
        "button",
        {
          type: "button",
          key: `env-${e.card.id}`,
          class: `bl-chip bl-chip-${e.card.id.toLowerCase()}${action && !selected ? " is-target" : ""}${selected ? " is-selected" : ""}${marks.cards.has(e.card.id) ? " is-last" : ""}`,
          title: e.card.title || e.card.name,
          "aria-label": tableCardLabel(flag.number, side, e.card),
          "data-card": e.card.id,
          "data-flag": flag.number,
          "data-side": side,
          "data-act": side,
          disabled: !action,
        },
        tacticIcon(e.card, "bl-chip-icon"),
        h("span", { class: "bl-chip-text", "aria-hidden": "true" }, e.card.label || e.card.name),
      );
    }),
  );
}

/** The answer to a claim, in its own row under the line (so it never covers a card),
 * five columns wide, with an arrow pointing up at the flag. */
function claimCallout(view, claim, ui) {
  const failed = !claim.holds;
  const cards = claim.counterexample || [];
  const n = Math.min(9, Math.max(1, Number(claim.flag) || 1));
  const start = Math.min(5, Math.max(1, n - 2));
  const arrow = ((n - start + 0.5) / 5) * 100;
  return h(
    "div",
    {
      key: "claim-callout",
      id: `${ui.uid}-claim`,
      class: `bl-callout ${failed ? "bl-callout-fail" : "bl-callout-ok"}`,
      role: "note",
      "aria-label": `Claim of flag ${claim.flag}`,
      "data-flag": claim.flag,
      style: `grid-column:${start} / span 5;--arrow:${arrow.toFixed(1)}%`,
    },
    h("div", { class: "bl-callout-head" },
      h("strong", null, failed ? `Flag ${claim.flag}: not proved` : `Flag ${claim.flag}: proved`),
      h("button", {
        type: "button",
        class: "bl-close",
        key: "claim-close",
        "data-act": "dismiss-claim",
        "aria-label": "Close claim explanation",
        title: "Close",
      }, "×"),
    ),
    claim.explanation ? h("p", { class: "bl-callout-text" }, claim.explanation) : null,
    cards.length
      ? h("div", { class: "bl-callout-cards" },
        h("span", { class: "bl-callout-label" }, "Counterexample:"),
        h("span", { class: "bl-mini-row" }, cards.map((c, i) =>
          cardImage(c, { key: `cx-${c.id}-${i}`, cls: "bl-mini", label: `Counterexample ${c.name}` }))),
        claim.formation ? h("span", { class: "bl-callout-formation" }, claim.formation) : null)
      : null,
  );
}

const calloutShown = (view, ui) => !!(view.claim && view.claim.flag && ui.claimKey !== ui.dismissedClaim);

/** "Wedge 8-9-10 (total 27)" as name and total, so narrow layouts can drop the total. */
function formationText(text) {
  if (!text) return "";
  const m = /^(.*?)\s*(\(total \d+\))$/.exec(text);
  if (!m) return text;
  return h("span", null, h("span", { class: "bl-fname" }, m[1]), " ", h("span", { class: "bl-ftotal" }, m[2]));
}

function flagColumn(view, flag, ia, marks, ui, maxReq) {
  const n = flag.number;
  const target = ia.flags[n];
  const descId = `${ui.uid}-flag-${n}-desc`;
  const desc = flagDescription(flag);
  const claimShown = ia.claimButtons.includes(n);
  const claimText = ia.claims[n];
  const showCallout = calloutShown(view, ui) && view.claim.flag === n;
  const colCls = [
    "bl-flag-col",
    flag.claimed ? `is-claimed-${flag.claimed}` : "",
    flag.claimable ? "is-claimable" : "",
    target ? "is-target" : "",
    marks.flags.has(n) ? "is-last" : "",
    (flag.env || []).some((e) => e.card && e.card.id === "Fog") ? "has-fog" : "",
    (flag.env || []).some((e) => e.card && e.card.id === "Mud") ? "has-mud" : "",
  ].filter(Boolean).join(" ");
  return h(
    "div",
    { key: `col-${n}`, class: colCls, "data-flag": n },
    // The flag comes first in the DOM (reading and tab order: the flag, then the cards at
    // it); CSS `order` puts it between the two sides.
    h(
      "div",
      { class: "bl-marker" },
      h(
        "button",
        {
          type: "button",
          key: `flag-${n}`,
          class: `bl-stone${target ? " is-target" : ""}`,
          "aria-label": flagLabel(n),
          "aria-describedby": [desc ? descId : null, showCallout ? `${ui.uid}-claim` : null]
            .filter(Boolean).join(" ") || null,
          "data-act": "flag",
          "data-flag": n,
          title: desc ? `Flag ${n}: ${desc}` : `Flag ${n}`,
          disabled: !target,
        },
        icon(FLAG_PATH, "bl-pennant"),
        h("span", { class: "bl-stone-num" }, String(n)),
        flag.claimed
          ? h("span", { class: "bl-stone-owner" }, flag.claimed === "mine" ? "yours" : "theirs")
          : null,
      ),
      desc ? h("span", { id: descId, class: "bl-sr" }, desc) : null,
      envChips(view, flag, false, ia, marks),
      envChips(view, flag, true, ia, marks),
    ),
    h("div", { class: "bl-formation bl-formation-theirs", title: flag.their_formation || null },
      formationText(flag.their_formation)),
    sideCards(view, flag, "theirs", ia, marks, maxReq),
    sideCards(view, flag, "mine", ia, marks, maxReq),
    h("div", { class: "bl-formation bl-formation-mine", title: flag.my_formation || null },
      formationText(flag.my_formation)),
    h(
      "div",
      { class: "bl-claim-row" },
      claimShown
        ? h(
          "button",
          {
            type: "button",
            key: `claim-${n}`,
            class: `bl-btn bl-claim${flag.claimable ? " is-claimable" : ""}`,
            "aria-label": claimLabel(n),
            "data-act": "claim",
            "data-flag": n,
            disabled: !claimText,
            title: claimLabel(n),
          },
          "Claim",
        )
        : null,
    ),
  );
}

// ------------------------------------------------------------------------ panels

function button(label, act, { key, disabled, cls, text, title, data } = {}) {
  return h(
    "button",
    {
      type: "button",
      key: key || `btn-${act}`,
      class: `bl-btn ${cls || ""}`.trim(),
      "data-act": act,
      disabled: !!disabled,
      "aria-label": text && text !== label ? label : null,
      title: title || null,
      ...(data || {}),
    },
    text || label,
  );
}

function discardPile(cards, whose, marks) {
  const label = whose === "mine" ? "Your discard pile" : "Opponent's discard pile";
  return h(
    "div",
    { class: "bl-discard", role: "group", "aria-label": label },
    h("span", { class: "bl-caption" }, `Discards (${cards.length})`),
    h("span", { class: "bl-mini-row" },
      cards.length
        ? cards.map((c, i) => cardImage(c, {
          key: `d-${whose}-${c.id}-${i}`,
          cls: "bl-mini",
          label: `${whose === "mine" ? "Your" : "Opponent's"} discard: ${c.name}`,
          states: { "is-last": marks.cards.has(c.id) },
        }))
        : h("span", { class: "bl-empty-pile", "aria-hidden": "true" })),
  );
}

function opponentArea(view, marks) {
  const known = view.opponent_known || [];
  const count = view.opponent_hand || 0;
  const backs = Math.max(0, count - known.length);
  const played = (view.tactics_played || {}).theirs || 0;
  return h(
    "section",
    { class: "bl-seat bl-seat-theirs", "aria-label": `${view.opponent || "Opponent"}'s side` },
    h("div", { class: "bl-seat-info" },
      h("span", { class: "bl-seat-name" }, view.opponent || "Opponent",
        view.thinking ? h("span", { class: "bl-dots", key: "thinking-dots", "aria-hidden": "true" }) : null),
      h("span", { class: "bl-stat" }, `Tactics played: ${played}`)),
    h(
      "div",
      { class: "bl-opp-hand", role: "group", "aria-label": `Opponent's hand: ${count} card${count === 1 ? "" : "s"}` },
      h("span", { class: "bl-backs", "aria-hidden": "true" },
        Array.from({ length: backs }, (_, i) => cardBack(`ob-${i}`, "bl-small"))),
      known.map((c) => h("span", { key: `known-${c.id}`, class: "bl-known" },
        cardImage(c, { cls: "bl-small", label: `${c.name} (known)` }),
        h("span", { class: "bl-known-tag", "aria-hidden": "true" }, "known"))),
      h("span", { class: "bl-count", "aria-hidden": "true", title: `${count} cards in hand` }, String(count)),
    ),
    discardPile((view.discards || {}).theirs || [], "theirs", marks),
  );
}

function deck(view, name, ia, marks) {
  const n = (view.decks || {})[name] ?? 0;
  const text = ia.draw[name];
  const label = name === "troop" ? "Draw troop" : "Draw tactic";
  return h(
    "div",
    { class: `bl-deck bl-deck-${name}${text ? " is-target" : ""}${marks.decks.has(name) ? " is-last" : ""}` },
    h("span", { class: "bl-pile", role: "img", "aria-label": `${name === "troop" ? "Troop" : "Tactics"} deck: ${n} card${n === 1 ? "" : "s"}`, title: `${name === "troop" ? "Troop" : "Tactics"} deck: ${n} cards` },
      n > 0 ? cardBack(null, `bl-small bl-back-${name}`) : h("span", { class: "bl-card bl-small bl-empty-pile" }),
      h("span", { class: "bl-pile-count", "aria-hidden": "true" }, String(n))),
    button(label, `draw`, { key: `draw-${name}`, disabled: !text, cls: "bl-draw", data: { "data-deck": name } }),
  );
}

function myArea(view, ia, marks) {
  const played = (view.tactics_played || {}).mine || 0;
  const sel = ia.selection;
  const actions = [
    ia.pass ? button("Pass", "pass", { cls: "bl-primary" }) : null,
    ia.end ? button("End turn", "end", { cls: "bl-primary" }) : null,
    ia.discard ? button("Discard", "discard", { cls: "bl-primary", title: "Redeploy the card to your discard pile" }) : null,
    sel ? button("Cancel", "cancel", { title: "Cancel the selection (Escape)" }) : null,
  ].filter(Boolean);
  return h(
    "section",
    { class: "bl-seat bl-seat-mine", "aria-label": `${view.me || "Your"} side` },
    h("div", { class: "bl-decks" }, deck(view, "troop", ia, marks), deck(view, "tactic", ia, marks)),
    h(
      "div",
      { class: "bl-hand-wrap" },
      h(
        "div",
        { class: "bl-hand", role: "group", "aria-label": "Your hand" },
        (view.hand || []).map((card) => {
          const a = ia.hand[card.id];
          const selected = !!a && a.action === "selected";
          return cardButton(card, {
            key: `h-${card.id}`,
            label: card.name,
            act: "hand",
            disabled: !a,
            states: {
              "is-target": !!a && !selected,
              "is-selected": selected,
              "is-idle": !a && view.my_turn && !view.thinking,
            },
          });
        }),
      ),
      h("div", { class: "bl-actions" }, actions),
    ),
    h("div", { class: "bl-seat-side" },
      h("span", { class: "bl-stat" }, `Tactics played: ${played}`),
      discardPile((view.discards || {}).mine || [], "mine", marks)),
  );
}

function statusBar(view, ia) {
  const msg = view.message;
  let turn = null; // a coloured dot: whose turn (the status line says it in words)
  if (!view.result && !view.cover) turn = view.my_turn ? "mine" : "theirs";
  return h(
    "div",
    { class: "bl-statusbar" },
    turn ? h("span", { class: `bl-turn is-${turn}`, "aria-hidden": "true" }) : null,
    h("div", { class: "bl-status", role: "status", "aria-live": "polite", key: "status" }, view.status || ""),
    view.thinking
      ? h("span", { class: "bl-thinking bl-thinking-status", key: "thinking-status" },
        h("span", { class: "bl-dots", "aria-hidden": "true" }), "thinking…")
      : null,
    h("div", { class: "bl-hint", "aria-live": "polite", key: "hint" }, ia.prompt || ""),
    msg && msg.text
      ? h("div", {
        key: "message",
        class: `bl-message bl-message-${msg.kind === "error" ? "error" : "info"}`,
        role: msg.kind === "error" ? "alert" : null,
        "aria-live": msg.kind === "error" ? null : "polite",
      }, msg.text)
      : null,
  );
}

function resultBanner(view) {
  const r = view.result;
  if (!r) return null;
  const cls = r.winner === "mine" ? "is-win" : r.winner === "theirs" ? "is-loss" : "is-draw";
  return h(
    "div",
    { class: `bl-result ${cls}`, role: "region", "aria-label": "Game result", key: "result" },
    h("div", { class: "bl-result-text" }, r.text || ""),
    h("div", { class: "bl-result-reason" }, REASONS[r.reason] || r.reason || ""),
  );
}

function header(view) {
  const score = view.score || { mine: 0, theirs: 0 };
  return h(
    "header",
    { class: "bl-top" },
    h("div", { class: "bl-title" },
      h("span", { class: "bl-logo", "aria-hidden": "true" }, icon(FLAG_PATH, "bl-logo-icon")),
      h("span", { class: "bl-players" },
        h("strong", null, view.me || "You"), " vs ", h("strong", null, view.opponent || "Opponent")),
      h("span", { class: "bl-score", title: "Match score" },
        `Match ${score.mine ?? 0} : ${score.theirs ?? 0}`),
      view.rules === "advanced" ? h("span", { class: "bl-badge" }, "advanced rules") : null),
    h("div", { class: "bl-top-actions" },
      button("Undo", "undo", { disabled: !view.can_undo }),
      button("New game", "new_game"),
      view.can_next_game ? button("Next game", "next_game", { cls: "bl-primary" }) : null),
  );
}

function footer(view, ui) {
  const opts = view.options || {};
  const log = view.log || [];
  return h(
    "div",
    { class: "bl-foot" },
    h("fieldset", { class: "bl-options" },
      h("legend", null, "Learner options"),
      h("label", null,
        h("input", {
          type: "checkbox",
          key: "opt-highlight",
          "data-option": "highlight_claimable",
          checked: !!opts.highlight_claimable,
        }),
        " Highlight claimable flags"),
      h("label", null,
        h("input", {
          type: "checkbox",
          key: "opt-auto",
          "data-option": "auto_claim",
          checked: !!opts.auto_claim,
        }),
        " Claim automatically")),
    h("div", { class: "bl-log-wrap" },
      h("div", { class: "bl-caption", id: `${ui.uid}-log-title` }, "Moves"),
      h("ol", { class: "bl-log", key: "log", tabindex: "0", "aria-labelledby": `${ui.uid}-log-title` },
        log.map((line, i) => h("li", { key: `log-${i}` }, line)))),
  );
}

function cover(view) {
  return h(
    "div",
    { class: "bl-cover", key: "cover", role: "dialog", "aria-label": coverText(view) },
    icon(FLAG_PATH, "bl-cover-icon"),
    h("div", { class: "bl-cover-title" }, coverText(view)),
    h("p", null, "The table is hidden so that nobody sees the other player's hand."),
    button("Reveal", "reveal", { cls: "bl-primary bl-big-btn" }),
  );
}

/** The whole widget for `view` (an object of docs/widget.md), `ia` = interaction(view, …)
 * and `ui` = { uid, claimKey, dismissedClaim, pending }. */
export function buildApp(view, ia, ui) {
  view = view || {};
  const marks = lastMarks(view);
  const flags = view.flags || [];
  const maxReq = Math.max(3, ...flags.map((f) => f.required || 3));
  const cls = ["bl-app"];
  if (ia.selection) cls.push("has-selection");
  if (view.thinking) cls.push("is-thinking");
  if (ui.pending) cls.push("is-pending");
  if (view.result) cls.push("is-over");
  const board = view.cover
    ? h("div", { class: "bl-board is-covered", key: "board-cover" }, cover(view))
    : h(
      "div",
      { class: "bl-board", key: "board", role: "region", "aria-label": "Battle line" },
      opponentArea(view, marks),
      h("div", { class: "bl-line-wrap" },
        h("div", { class: "bl-line", style: `--n:${maxReq}` },
          flags.map((f) => flagColumn(view, f, ia, marks, ui, maxReq)),
          calloutShown(view, ui) ? claimCallout(view, view.claim, ui) : null)),
      myArea(view, ia, marks),
    );
  return h(
    "div",
    { class: cls.join(" "), "data-phase": view.phase || "" },
    header(view),
    statusBar(view, ia),
    resultBanner(view),
    board,
    footer(view, ui),
  );
}
