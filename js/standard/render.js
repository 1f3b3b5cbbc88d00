// Builds the widget's DOM for the play and puzzle modes from a `view` (docs/widget.md) and
// the interaction computed by logic.js. Pure with respect to the model: it only creates
// elements; widget.js patches them into the page (dom.js morph) and handles the clicks
// through `data-act` attributes. The editor is drawn by render_editor.js.

import { h } from "../dom.js";
import { langOf, t } from "../i18n.js";
import {
  HAND_ORDERS,
  claimLabel,
  coverText,
  explainAllowed,
  explainLabel,
  flagDescription,
  flagLabel,
  isClaimsPuzzle,
  lastMarks,
  modeOf,
  placeLabel,
  reasonText,
  sortHand,
  tableCardLabel,
} from "./logic.js";
import { popupPlace } from "./layout.js";
import { isPicked, picksEnabled } from "./puzzle.js";
import {
  FLAG_PATH,
  button,
  cardBack,
  cardButton,
  cardImage,
  formationText,
  icon,
  languageButton,
  messageLine,
  tacticIcon,
} from "../render_cards.js";
import { lessonDoneBanner, puzzleHeader, puzzlePanel } from "./render_puzzle.js";
import {
  hintLine,
  markBoard,
  moveList,
  recordPanel,
  replayBar,
  reviewGraph,
  reviewNotes,
  studyButtons,
} from "../study.js";
import { boardBar, boardEntry, boardPanel } from "../board.js";
import { practicePanel } from "../practice.js";


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
        label: tableCardLabel(flag.number, side, card, view),
        view,
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
            "aria-label": placeLabel(flag.number, view),
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
      "aria-label": t(view, mine ? "cardsMineAt" : "cardsTheirsAt", { n: flag.number }),
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
          "aria-label": tableCardLabel(flag.number, side, e.card, view),
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

/** Where a callout goes: over the line (it never pushes the page), in the columns beside
 * flag `flag` (never over its cards, nor over the last move's flags in `marks`, nor over the
 * flag `other` that the other open pop-up talks about), its arrow pointing sideways at the
 * flag stone. */
function calloutPlace(flag, marks, count, other) {
  const avoid = [...marks.flags, ...(other ? [other] : [])];
  const { start, span, side } = popupPlace(flag, avoid, count);
  return { style: `grid-column:${start} / span ${span};grid-row:1`, side };
}

function counterexampleRow(view, cards, formation) {
  if (!cards.length) return null;
  return h("div", { class: "bl-callout-cards" },
    h("span", { class: "bl-callout-label" }, t(view, "counterexample")),
    h("span", { class: "bl-mini-row" }, cards.map((c, i) =>
      cardImage(c, { key: `cx-${c.id}-${i}`, cls: "bl-mini", label: t(view, "counterexampleCard", { name: c.name }), view }))),
    formation ? h("span", { class: "bl-callout-formation" }, formation) : null);
}

/** The answer to a claim: an overlay beside the flag, reaching down from the stone (a
 * failed claim is an alert).
 * Closed with its × button or Escape. */
function claimCallout(view, claim, ui, marks) {
  const failed = !claim.holds;
  const place = calloutPlace(claim.flag, marks, (view.flags || []).length || 9,
    explainShown(view) ? view.explain.flag : null);
  return h(
    "div",
    {
      key: "claim-callout",
      id: `${ui.uid}-claim`,
      class: `bl-callout bl-popup bl-callout-below bl-callout-${place.side} ${failed ? "bl-callout-fail" : "bl-callout-ok"}`,
      role: failed ? "alert" : "status",
      "aria-label": t(view, "claimOf", { n: claim.flag }),
      "data-flag": claim.flag,
      style: place.style,
    },
    h("div", { class: "bl-callout-head" },
      h("strong", null, t(view, failed ? "claimNotProved" : "claimProved", { n: claim.flag })),
      h("button", {
        type: "button",
        class: "bl-close",
        key: "claim-close",
        "data-act": "dismiss-claim",
        "aria-label": t(view, "closeClaim"),
        title: t(view, "close"),
      }, "×"),
    ),
    h("div", { class: "bl-callout-body" },
      claim.explanation ? h("p", { class: "bl-callout-text" }, claim.explanation) : null,
      counterexampleRow(view, claim.counterexample || [], claim.formation)),
  );
}

/** What the explanation's badge says: whether the flag can be claimed, or who holds it. */
function explainBadge(view, ex) {
  const flag = (view.flags || []).find((f) => f.number === ex.flag);
  if (flag && flag.claimed) return t(view, flag.claimed === "mine" ? "explainYours" : "explainTheirs");
  return t(view, ex.holds ? "explainHolds" : "explainOpen");
}

/** A flag explained on demand (view.explain): an overlay beside the flag, reaching up from
 * the stone, so that it and a claim's answer (reaching down) can show together. */
function explainCallout(view, ex, ui, marks) {
  const lines = Array.isArray(ex.lines) ? ex.lines : [];
  const place = calloutPlace(ex.flag, marks, (view.flags || []).length || 9,
    calloutShown(view, ui) ? view.claim.flag : null);
  return h(
    "div",
    {
      key: "explain-callout",
      id: `${ui.uid}-explain`,
      class: `bl-callout bl-popup bl-callout-above bl-callout-${place.side} bl-callout-explain ${ex.holds ? "bl-callout-ok" : "bl-callout-info"}`,
      role: "note",
      "aria-label": t(view, "explanationOf", { n: ex.flag }),
      "data-flag": ex.flag,
      style: place.style,
    },
    h("div", { class: "bl-callout-head" },
      h("strong", null, t(view, "explainHead", { n: ex.flag }),
        h("span", { class: "bl-callout-badge" }, explainBadge(view, ex))),
      h("button", {
        type: "button",
        class: "bl-close",
        key: "explain-close",
        "data-act": "explain-close",
        "aria-label": t(view, "closeExplanation"),
        title: t(view, "close"),
      }, "×"),
    ),
    h("div", { class: "bl-callout-body" },
      lines.map((line, i) => h("p", { class: "bl-callout-text", key: `ex-${i}` }, line)),
      counterexampleRow(view, ex.counterexample || [], ex.counter_formation)),
  );
}

const calloutShown = (view, ui) => !!(view.claim && view.claim.flag && ui.claimKey !== ui.dismissedClaim);
const explainShown = (view) => !!(view.explain && view.explain.flag && explainAllowed(view));

/** The flag stone: a move target in play, a toggle in a claims puzzle. */
function flagStone(view, flag, ia, ui, desc, describedBy) {
  const n = flag.number;
  const pick = isClaimsPuzzle(view);
  const target = ia.flags[n];
  const picked = pick && isPicked(ui.picks, n);
  const enabled = pick ? picksEnabled(view) : !!target;
  return h(
    "button",
    {
      type: "button",
      key: `flag-${n}`,
      class: `bl-stone${target || (pick && enabled) ? " is-target" : ""}${picked ? " is-picked" : ""}`,
      "aria-label": flagLabel(n, view),
      "aria-pressed": pick ? String(picked) : null,
      "aria-describedby": describedBy || null,
      "data-act": pick ? "pick" : "flag",
      "data-flag": n,
      title: desc ? t(view, "flagTitle", { n, desc }) : flagLabel(n, view),
      disabled: !enabled,
    },
    icon(FLAG_PATH, "bl-pennant"),
    h("span", { class: "bl-stone-num" }, String(n)),
    flag.claimed
      ? h("span", { class: "bl-stone-owner" }, t(view, flag.claimed === "mine" ? "stoneYours" : "stoneTheirs"))
      : null,
  );
}

function flagColumn(view, flag, ia, marks, ui, maxReq) {
  const n = flag.number;
  const target = ia.flags[n];
  const descId = `${ui.uid}-flag-${n}-desc`;
  const desc = flagDescription(flag, view);
  const claimShown = ia.claimButtons.includes(n);
  const claimText = ia.claims[n];
  const showCallout = calloutShown(view, ui) && view.claim.flag === n;
  const showExplain = explainShown(view) && view.explain.flag === n;
  const colCls = [
    "bl-flag-col",
    flag.claimed ? `is-claimed-${flag.claimed}` : "",
    flag.claimable ? "is-claimable" : "",
    target ? "is-target" : "",
    isClaimsPuzzle(view) && isPicked(ui.picks, n) ? "is-picked" : "",
    marks.flags.has(n) ? "is-last" : "",
    (flag.env || []).some((e) => e.card && e.card.id === "Fog") ? "has-fog" : "",
    (flag.env || []).some((e) => e.card && e.card.id === "Mud") ? "has-mud" : "",
  ].filter(Boolean).join(" ");
  const stone = flagStone(view, flag, ia, ui, desc,
    [desc ? descId : null, showCallout ? `${ui.uid}-claim` : null, showExplain ? `${ui.uid}-explain` : null]
      .filter(Boolean).join(" "));
  return h(
    "div",
    { key: `col-${n}`, class: colCls, "data-flag": n },
    // The flag comes first in the DOM (reading and tab order: the flag, then the cards at
    // it); CSS `order` puts it between the two sides, or, once claimed, in the row at its
    // winner's edge of the line (as the stone moves on the table).
    h("div", { class: "bl-won", key: "won" }, flag.claimed ? stone : null),
    h(
      "div",
      { class: "bl-marker" },
      flag.claimed ? null : stone,
      desc ? h("span", { id: descId, class: "bl-sr" }, desc) : null,
      explainAllowed(view)
        ? h("button", {
          type: "button",
          key: `explain-${n}`,
          class: `bl-explain${showExplain ? " is-open" : ""}`,
          "aria-label": explainLabel(n, view),
          "aria-expanded": String(showExplain),
          title: explainLabel(n, view),
          "data-act": "explain",
          "data-flag": n,
        }, t(view, "explainShort"))
        : null,
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
            "aria-label": claimLabel(n, view),
            "data-act": "claim",
            "data-flag": n,
            disabled: !claimText,
            title: claimLabel(n, view),
          },
          t(view, "claimShort"),
        )
        : null,
    ),
  );
}

// ------------------------------------------------------------------------ panels

function discardPile(view, cards, whose, marks) {
  const label = t(view, whose === "mine" ? "yourDiscardPile" : "theirDiscardPile");
  return h(
    "div",
    { class: "bl-discard", role: "group", "aria-label": label },
    h("span", { class: "bl-caption" }, t(view, "discards", { n: cards.length })),
    h("span", { class: "bl-mini-row" },
      cards.length
        ? cards.map((c, i) => cardImage(c, {
          key: `d-${whose}-${c.id}-${i}`,
          cls: "bl-mini",
          label: t(view, whose === "mine" ? "yourDiscard" : "theirDiscard", { name: c.name }),
          states: { "is-last": marks.cards.has(c.id) },
          view,
        }))
        : h("span", { class: "bl-empty-pile", "aria-hidden": "true" })),
  );
}

function opponentArea(view, marks) {
  const known = view.opponent_known || [];
  const count = view.opponent_hand || 0;
  const backs = Math.max(0, count - known.length);
  const played = (view.tactics_played || {}).theirs || 0;
  const name = view.opponent || t(view, "opponent");
  return h(
    "section",
    { class: "bl-seat bl-seat-theirs", "aria-label": t(view, "opponentSide", { name }) },
    h("div", { class: "bl-seat-info" },
      h("span", { class: "bl-seat-name" }, name,
        view.thinking ? h("span", { class: "bl-dots", key: "thinking-dots", "aria-hidden": "true" }) : null),
      h("span", { class: "bl-stat" }, t(view, "tacticsPlayed", { n: played }))),
    h(
      "div",
      { class: "bl-opp-hand", role: "group", "aria-label": t(view, "opponentHand", { n: count }) },
      h("span", { class: "bl-backs", "aria-hidden": "true" },
        Array.from({ length: backs }, (_, i) => cardBack(`ob-${i}`, "bl-small"))),
      // The cards the opponent is known to hold: one group under one tag.
      known.length
        ? h("span", { class: "bl-known", key: "known" },
          h("span", { class: "bl-known-tag", "aria-hidden": "true" }, t(view, "knownTag")),
          h("span", { class: "bl-known-cards" }, known.map((c) =>
            cardImage(c, { key: `known-${c.id}`, cls: "bl-small", label: t(view, "known", { name: c.name }), view }))))
        : null,
      h("span", { class: "bl-count", "aria-hidden": "true", title: t(view, "cardsInHand", { n: count }) }, String(count)),
    ),
    discardPile(view, (view.discards || {}).theirs || [], "theirs", marks),
  );
}

function deck(view, name, ia, marks) {
  const n = (view.decks || {})[name] ?? 0;
  const text = ia.draw[name];
  const label = t(view, name === "troop" ? "drawTroop" : "drawTactic");
  return h(
    "div",
    { class: `bl-deck bl-deck-${name}${text ? " is-target" : ""}${marks.decks.has(name) ? " is-last" : ""}` },
    h("span", {
      class: "bl-pile",
      role: "img",
      "aria-label": t(view, name === "troop" ? "troopDeck" : "tacticDeck", { n }),
      title: t(view, name === "troop" ? "troopDeckTitle" : "tacticDeckTitle", { n }),
    },
      n > 0 ? cardBack(null, `bl-small bl-back-${name}`) : h("span", { class: "bl-card bl-small bl-empty-pile" }),
      h("span", { class: "bl-pile-count", "aria-hidden": "true" }, String(n))),
    button(label, `draw`, { key: `draw-${name}`, disabled: !text, cls: "bl-draw", data: { "data-deck": name } }),
  );
}

/** The hand-order toggle: a view preference of this page, not part of the game. */
function sortToggle(view, order) {
  return h(
    "div",
    { class: "bl-sort", role: "group", "aria-label": t(view, "sortHand") },
    HAND_ORDERS.map((o) => h("button", {
      type: "button",
      key: `sort-${o}`,
      class: `bl-sort-btn${o === order ? " is-on" : ""}`,
      "aria-pressed": String(o === order),
      "data-act": "sort",
      "data-order": o,
      "aria-label": t(view, `sort.${o}`),
      title: t(view, `sort.${o}`),
    }, t(view, `sortShort.${o}`))),
  );
}

function myArea(view, ia, marks, ui) {
  const played = (view.tactics_played || {}).mine || 0;
  const sel = ia.selection;
  const actions = [
    ia.pass ? button(t(view, "pass"), "pass", { cls: "bl-primary" }) : null,
    ia.end ? button(t(view, "endTurn"), "end", { cls: "bl-primary" }) : null,
    ia.discard ? button(t(view, "discard"), "discard", { cls: "bl-primary", title: t(view, "discardTitle") }) : null,
    sel ? button(t(view, "cancel"), "cancel", { title: t(view, "cancelTitle") }) : null,
  ].filter(Boolean);
  return h(
    "section",
    { class: "bl-seat bl-seat-mine", "aria-label": t(view, "yourSide", { name: view.me || t(view, "yourSideDefault") }) },
    h("div", { class: "bl-decks" }, deck(view, "troop", ia, marks), deck(view, "tactic", ia, marks)),
    h(
      "div",
      { class: "bl-hand-wrap" },
      h(
        "div",
        { class: "bl-hand", role: "group", "aria-label": t(view, "yourHand") },
        sortHand(view.hand || [], ui.handOrder).map((card) => {
          const a = ia.hand[card.id];
          const selected = !!a && a.action === "selected";
          return cardButton(card, {
            key: `h-${card.id}`,
            label: card.name,
            view,
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
      (view.hand || []).length > 1 ? sortToggle(view, ui.handOrder || "drawn") : null,
      h("span", { class: "bl-stat" }, t(view, "tacticsPlayed", { n: played })),
      discardPile(view, (view.discards || {}).mine || [], "mine", marks)),
  );
}

/** The status line. In a puzzle Python may repeat the feedback there: it shows once, in
 * the puzzle panel. */
function statusText(view) {
  const status = view.status || "";
  const fb = modeOf(view) === "puzzle" && view.puzzle ? view.puzzle.feedback : null;
  return fb && fb.text && fb.text === status ? "" : status;
}

function statusBar(view, ia, ui) {
  const msg = view.message;
  let turn = null; // a coloured dot: whose turn (the status line says it in words)
  if (!view.result && !view.cover && statusText(view)) turn = view.my_turn ? "mine" : "theirs";
  // Once the game is over the banner says it: the status line only tells screen readers.
  const over = !!(view.result && view.result.text);
  // While the bot prepares its search the status line keeps room for two lines (its note
  // wraps at one turn's step and not at the next: the table would jump); once the game is
  // over the banner says it all, and the status line keeps no room at all.
  const cls = ["bl-statusbar"];
  if (view.bot_preparing) cls.push("is-preparing");
  if (over) cls.push("is-over");
  return h(
    "div",
    { class: cls.join(" ") },
    turn ? h("span", { class: `bl-turn is-${turn}`, "aria-hidden": "true" }) : null,
    h("div", { class: `bl-status${over ? " bl-sr" : ""}`, role: "status", "aria-live": "polite", key: "status" },
      statusText(view)),
    view.thinking
      ? h("span", { class: "bl-thinking bl-thinking-status", key: "thinking-status" },
        h("span", { class: "bl-dots", "aria-hidden": "true" }), t(view, "thinking"))
      : null,
    h("div", { class: "bl-hint", "aria-live": "polite", key: "hint" }, ia.prompt || ""),
    messageLine(msg, view, ui.messageHidden),
  );
}

function resultBanner(view) {
  const r = view.result;
  if (!r) return null;
  const cls = r.winner === "mine" ? "is-win" : r.winner === "theirs" ? "is-loss" : "is-draw";
  return h(
    "div",
    { class: `bl-result ${cls}`, role: "region", "aria-label": t(view, "gameResult"), key: "result" },
    h("div", { class: "bl-result-text" }, r.text || ""),
    h("div", { class: "bl-result-reason" }, reasonText(view, r.reason)),
    // what the match's score counts, where the game's result is read (Python's words)
    view.score && view.score.line ? h("div", { class: "bl-result-match" }, view.score.line) : null,
  );
}

function header(view, ui) {
  const score = view.score || { mine: 0, theirs: 0 };
  return h(
    "header",
    { class: "bl-top" },
    h("div", { class: "bl-title" },
      h("span", { class: "bl-logo", "aria-hidden": "true" }, icon(FLAG_PATH, "bl-logo-icon")),
      h("span", { class: "bl-players" },
        h("strong", null, view.me || t(view, "you")), t(view, "vs"), h("strong", null, view.opponent || t(view, "opponent"))),
      h("span", { class: "bl-score", title: score.note || t(view, "matchScoreTitle") },
        score.text || t(view, "matchScore", { mine: score.mine ?? 0, theirs: score.theirs ?? 0 })),
      view.rules === "advanced" ? h("span", { class: "bl-badge" }, t(view, "advancedRules")) : null),
    h("div", { class: "bl-top-actions" },
      view.can_edit ? button(t(view, "backToEditor"), "edit") : null,
      button(t(view, "undo"), "undo", { disabled: !view.can_undo }),
      button(t(view, "newGame"), "new_game"),
      view.can_next_game ? button(t(view, "nextGame"), "next_game", { cls: "bl-primary" }) : null,
      studyButtons(view, ui.study),
      boardEntry(view),
      languageButton(view)),
  );
}

/** A learner option's label, as Python words it (view.option_labels), else its name. */
function optionLabel(view, name) {
  const labels = view.option_labels || {};
  return typeof labels[name] === "string" ? labels[name] : name;
}

function footer(view, ui) {
  const opts = view.options || {};
  const log = view.log || [];
  const puzzle = modeOf(view) === "puzzle";
  return h(
    "div",
    { class: `bl-foot${puzzle ? " bl-foot-log" : ""}` },
    puzzle ? null : h("fieldset", { class: "bl-options" },
      h("legend", null, t(view, "learnerOptions")),
      // The options Python offers (the keys of view.options), labelled in its words.
      Object.keys(opts).map((name) => h("label", { key: `opt-label-${name}` },
        h("input", {
          type: "checkbox",
          key: `opt-${name}`,
          "data-option": name,
          checked: !!opts[name],
        }),
        ` ${optionLabel(view, name)}`))),
    h("div", { class: "bl-log-wrap" },
      h("div", { class: "bl-caption", id: `${ui.uid}-log-title` }, t(view, "moves")),
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
    h("p", null, t(view, "coverNote")),
    button(t(view, "reveal"), "reveal", { cls: "bl-primary bl-big-btn" }),
  );
}

/** The whole widget for `view` (an object of docs/widget.md) in play or puzzle mode,
 * `ia` = interaction(view, …) and `ui` = { uid, claimKey, dismissedClaim, pending, picks }. */
export function buildApp(view, ia, ui) {
  view = view || {};
  const puzzle = modeOf(view) === "puzzle";
  const marks = lastMarks(view);
  const flags = view.flags || [];
  const maxReq = Math.max(3, ...flags.map((f) => f.required || 3));
  const claimOpen = calloutShown(view, ui);
  const cls = ["bl-app", puzzle ? "bl-mode-puzzle" : "bl-mode-play"];
  if (ia.selection) cls.push("has-selection");
  if (view.thinking) cls.push("is-thinking");
  if (ui.pending) cls.push("is-pending");
  if (view.result) cls.push("is-over");
  if (isClaimsPuzzle(view)) cls.push("is-picking");
  // The result lies over the board (over the hand), where the player is looking.
  const result = resultBanner(view) || (puzzle ? lessonDoneBanner(view) : null);
  const board = view.cover
    ? h("div", { class: "bl-board is-covered", key: "board-cover" }, cover(view))
    : h(
      "div",
      { class: "bl-board", key: "board", role: "region", "aria-label": t(view, "battleLine") },
      opponentArea(view, marks),
      h("div", { class: "bl-line-wrap" },
        h("div", { class: "bl-line", style: `--n:${maxReq}` },
          flags.map((f) => flagColumn(view, f, ia, marks, ui, maxReq)),
          claimOpen ? claimCallout(view, view.claim, ui, marks) : null,
          explainShown(view) ? explainCallout(view, view.explain, ui, marks) : null)),
      myArea(view, ia, marks, ui),
      result,
    );
  // a replay (view.replay): its bar for the header, the review under the status line, the
  // move list for the log (study.js)
  const replay = !!view.replay;
  const analysing = !!view.board;   // the analysis board (board.js): its bar and its panel
  if (replay) cls.push("bl-mode-replay");
  if (analysing) cls.push("bl-mode-board");
  return markBoard(h(
    "div",
    { class: cls.join(" "), "data-phase": view.phase || "", lang: langOf(view) },
    puzzle ? puzzleHeader(view, ui) : analysing
      ? h("header", { class: "bl-top bl-top-replay" }, boardBar(view), languageButton(view))
      : replay
        ? h("header", { class: "bl-top bl-top-replay" }, replayBar(view, ui.study), boardEntry(view), languageButton(view))
        : header(view, ui),
    puzzle ? puzzlePanel(view, ui) : null,
    analysing ? practicePanel(view) : null,
    statusBar(view, ia, ui),
    hintLine(view),
    recordPanel(view, ui.study),
    replay ? reviewGraph(view) : null,
    replay ? reviewNotes(view) : null,
    view.cover ? result : null,
    board,
    analysing ? boardPanel(view) : replay ? moveList(view) : footer(view, ui),
  ), view);
}
