// The position editor's DOM (docs/widget.md, "Edit mode"): the table with north above and
// south below each flag, both hands, discards and the decks; the palette of all 70 cards;
// who moves, rules, the position text and "Play from here". Pure: only creates elements;
// widget.js turns clicks (data-act) and changes (data-edit) into intents via editor.js.

import { h } from "../dom.js";
import { langOf, t } from "../i18n.js";
import { chosenOpponent, editorOf, opponentChoices, ruleChoices } from "./editor.js";
import { FLAG_PATH, button, cardButton, icon, languageButton, messageLine, tacticIcon } from "../render_cards.js";
import { boardEntry } from "../board.js";

const COLOR_ORDER = ["R", "O", "Y", "G", "B", "P"];
/** A bot's name in the Opponent list: Python's label (editor.opponent_labels), else the level. */
const botLabel = (view, level) => {
  const labels = (editorOf(view) || {}).opponent_labels || {};
  return typeof labels[level] === "string" ? labels[level] : level;
};

/** A card placed somewhere on the table (or in a hand, a discard pile, on a deck):
 * a toggle that chooses it to be moved. */
function placedCard(view, card, ea, extra = {}) {
  const selected = !!ea.selection && ea.selection.card === card.id;
  return cardButton(card, {
    key: `p-${card.id}`,
    label: t(view, "placedCard", { name: card.name }),
    act: "placed",
    view,
    states: { "is-selected": selected, "is-movable": !selected, ...(extra.states || {}) },
    cls: extra.cls,
  });
}

/** A place the chosen card can be put: a dashed box, enabled while a card is chosen. */
function targetButton(view, ea, { key, label, place, cls, text }) {
  return h(
    "button",
    {
      type: "button",
      key,
      class: `bl-edit-target ${cls || ""}${ea.targets ? " is-target" : ""}`.trim(),
      "aria-label": label,
      title: ea.targets ? `${label}: ${t(view, "editTargetHint")}` : label,
      "data-act": "target",
      "data-to": place.to,
      "data-flag": place.flag,
      "data-side": place.side,
      "data-player": place.player,
      disabled: !ea.targets,
    },
    text != null ? text : h("span", { class: "bl-plus", "aria-hidden": "true" }, "+"),
  );
}

// ------------------------------------------------------------------ the line

function editSide(view, flag, side, ea, maxN) {
  const cards = flag[side] || [];
  const need = Number.isInteger(flag.required) ? flag.required : cards.length; // Python says (4 under Mud)
  const label = t(view, side === "north" ? "flagNorth" : "flagSouth", { n: flag.number });
  // Every card shows its top strip except the last, which shows its face; then the place
  // (a strip, or a whole outline when the side is empty), then the free places.
  const items = cards.map((card, i) => placedCard(view, card, ea, { states: { "is-covered": i < cards.length - 1 } }));
  items.push(h(
    "button",
    {
      type: "button",
      key: `place-${flag.number}-${side}`,
      class: `bl-slot bl-place${cards.length === 0 ? " is-full" : ""}${cards.length >= need ? " is-extra" : ""}${ea.targets ? " is-target" : ""}`,
      "aria-label": label,
      title: label,
      "data-act": "target",
      "data-to": "flag",
      "data-flag": flag.number,
      "data-side": side,
      disabled: !ea.targets,
    },
  ));
  for (let i = cards.length + 1; i < need; i++) items.push(h("span", { class: "bl-slot", "aria-hidden": "true" }));
  return h(
    "div",
    {
      class: `bl-side ${side === "north" ? "bl-theirs bl-north" : "bl-mine bl-south"}`,
      role: "group",
      "aria-label": t(view, side === "north" ? "northCardsAt" : "southCardsAt", { n: flag.number }),
      style: `--n:${maxN}`,
    },
    items,
  );
}

function editEnv(view, flag, side, ea) {
  const chips = (flag.env || []).filter((e) => e && e.card && e.side === side);
  if (!chips.length) return null;
  return h(
    "div",
    { class: `bl-env bl-env-${side === "north" ? "theirs" : "mine"}` },
    chips.map((e) => {
      const selected = !!ea.selection && ea.selection.card === e.card.id;
      return h(
        "button",
        {
          type: "button",
          key: `env-${e.card.id}`,
          class: `bl-chip bl-chip-${e.card.id.toLowerCase()}${selected ? " is-selected" : " is-movable"}`,
          title: e.card.title || e.card.name,
          "aria-label": t(view, "placedCard", { name: e.card.name }),
          "aria-pressed": String(selected),
          "data-card": e.card.id,
          "data-act": "placed",
        },
        tacticIcon(e.card, "bl-chip-icon"),
        h("span", { class: "bl-chip-text", "aria-hidden": "true" }, e.card.label || e.card.name),
      );
    }),
  );
}

function claimSelect(view, flag) {
  const value = flag.claimed === "north" || flag.claimed === "south" ? flag.claimed : "";
  return h(
    "select",
    {
      key: `claim-${flag.number}`,
      class: "bl-select bl-claim-select",
      "aria-label": t(view, "claimedBy", { n: flag.number }),
      title: t(view, "claimedBy", { n: flag.number }),
      "data-edit": "claim",
      "data-flag": flag.number,
    },
    [["", "claimNobody"], ["north", "claimedNorth"], ["south", "claimedSouth"]].map(([v, key]) =>
      h("option", { value: v, selected: v === value }, t(view, key))),
  );
}

function editColumn(view, flag, ea, maxN) {
  const n = flag.number;
  const claimed = flag.claimed === "north" ? "theirs" : flag.claimed === "south" ? "mine" : null;
  const env = flag.env || [];
  const cls = [
    "bl-flag-col",
    claimed ? `is-claimed-${claimed}` : "",
    env.some((e) => e.card && e.card.id === "Fog") ? "has-fog" : "",
    env.some((e) => e.card && e.card.id === "Mud") ? "has-mud" : "",
  ].filter(Boolean).join(" ");
  return h(
    "div",
    { key: `col-${n}`, class: cls, "data-flag": n },
    h(
      "div",
      { class: "bl-marker" },
      h("span", { class: "bl-stone", "aria-hidden": "true", title: t(view, "flag", { n }) },
        icon(FLAG_PATH, "bl-pennant"),
        h("span", { class: "bl-stone-num" }, String(n)),
        flag.claimed === "north" || flag.claimed === "south"
          ? h("span", { class: "bl-stone-owner" }, t(view, flag.claimed === "north" ? "stoneNorth" : "stoneSouth"))
          : null),
      editEnv(view, flag, "north", ea),
      editEnv(view, flag, "south", ea),
    ),
    editSide(view, flag, "north", ea, maxN),
    editSide(view, flag, "south", ea, maxN),
    h("div", { class: "bl-claim-row" }, claimSelect(view, flag)),
  );
}

// ------------------------------------------------------------------ hands, discards, decks

function cardRow(view, { key, label, cards, place, ea, cls, caption }) {
  return h(
    "div",
    { class: `bl-edit-pile ${cls || ""}`.trim(), role: "group", "aria-label": label, key },
    h("span", { class: "bl-caption" }, caption || label),
    h("div", { class: "bl-edit-row" },
      cards.map((c) => placedCard(view, c, ea, { cls: "bl-small" })),
      targetButton(view, ea, { key: `${key}-target`, label, place, cls: "bl-small-target" })),
  );
}

function editSeat(view, ed, player, ea) {
  const north = player === "north";
  const hand = (ed.hands || {})[player] || [];
  const played = (ed.tactics_played || {})[player] || 0;
  const toMove = ed.to_move === player;
  return h(
    "section",
    { class: `bl-seat bl-edit-seat bl-seat-${north ? "theirs" : "mine"}`, "aria-label": t(view, player) },
    h("div", { class: "bl-seat-info" },
      h("span", { class: "bl-seat-name" }, t(view, player),
        toMove ? h("span", { class: "bl-turn is-mine", "aria-hidden": "true" }) : null),
      h("span", { class: "bl-stat" }, t(view, "tacticsPlayed", { n: played }))),
    north ? null : deckArea(view, ed, ea),
    cardRow(view, {
      key: `hand-${player}`,
      label: t(view, north ? "northHand" : "southHand"),
      caption: t(view, "handCaption", { name: t(view, north ? "northHand" : "southHand"), n: hand.length }),
      cards: hand,
      place: { to: "hand", player },
      ea,
      cls: "bl-edit-hand",
    }),
    cardRow(view, {
      key: `discard-${player}`,
      label: t(view, north ? "northDiscards" : "southDiscards"),
      cards: (ed.discards || {})[player] || [],
      place: { to: "discard", player },
      ea,
      cls: "bl-edit-discards",
    }),
  );
}

function deckArea(view, ed, ea) {
  const tops = ed.deck_tops || {};
  const rest = ed.rest || {};
  return h(
    "div",
    { class: "bl-edit-decks" },
    cardRow(view, {
      key: "deck-top",
      label: t(view, "deckTop"),
      caption: t(view, "deckTopCaption"),
      cards: [...(tops.troop || []), ...(tops.tactic || [])],
      place: { to: "deck" },
      ea,
      cls: "bl-edit-deck",
    }),
    h("div", { class: "bl-edit-pile bl-edit-rest" },
      h("span", { class: "bl-caption" }, t(view, "deckRestCaption")),
      targetButton(view, ea, {
        key: "deck-rest",
        label: t(view, "deckRest"),
        place: { to: "rest" },
        cls: "bl-rest-target",
        text: [
          h("span", { class: "bl-rest-title", "aria-hidden": "true" }, t(view, "deckRest")),
          h("span", { class: "bl-rest-counts", "aria-hidden": "true" },
            t(view, "restCounts", { troop: rest.troop ?? 0, tactic: rest.tactic ?? 0 })),
        ],
      })),
  );
}

// ------------------------------------------------------------------ palette and panel

function palette(view, ed, ea) {
  const entries = (ed.palette || []).filter((e) => e && e.card);
  const group = (key, label, list) => h(
    "div",
    { class: "bl-palette-row", role: "group", "aria-label": label, key },
    list.map((e) => {
      const c = e.card;
      const selected = !!ea.selection && ea.selection.card === c.id;
      return cardButton(c, {
        key: `pal-${c.id}`,
        label: t(view, "paletteCard", { name: c.name }),
        act: "palette",
        view,
        cls: "bl-small",
        title: e.placed ? t(view, "paletteTitlePlaced", { title: c.title || c.name, where: e.placed }) : c.title || c.name,
        states: { "is-selected": selected, "is-placed": !!e.placed, "is-movable": !selected },
      });
    }),
  );
  const rows = COLOR_ORDER.map((color) => {
    const list = entries.filter((e) => e.card.color === color);
    return list.length ? group(`pal-row-${color}`, t(view, "paletteTroops", { color: t(view, `color.${color}`) }), list) : null;
  });
  const tactics = entries.filter((e) => !e.card.color);
  return h(
    "section",
    { class: "bl-palette", "aria-label": t(view, "palette") },
    h("div", { class: "bl-caption" }, t(view, "palette")),
    rows,
    tactics.length ? group("pal-row-tactics", t(view, "paletteTactics"), tactics) : null,
  );
}

function panel(view, ed, ui) {
  const uid = ui.uid || "bl";
  const opponent = chosenOpponent(view, ui.opponent);
  const text = ui.text != null ? ui.text : ed.text || "";
  return h(
    "section",
    { class: "bl-edit-panel", "aria-label": t(view, "editorTitle") },
    h("fieldset", { class: "bl-options bl-to-move" },
      h("legend", null, t(view, "toMove")),
      ["north", "south"].map((p) => h("label", { key: `to-move-${p}` },
        h("input", {
          type: "radio",
          name: `${uid}-to-move`,
          value: p,
          key: `to-move-input-${p}`,
          "data-edit": "to_move",
          checked: ed.to_move === p,
        }),
        ` ${t(view, p === "north" ? "northToMove" : "southToMove")}`))),
    h("label", { class: "bl-field" },
      h("span", null, t(view, "rules")),
      h("select", { class: "bl-select", key: "rules", "data-edit": "rules", "aria-label": t(view, "rules") },
        ruleChoices(view).map((r) => h("option", { value: r.id, selected: ed.rules === r.id }, r.label || r.id)))),
    h("div", { class: "bl-field bl-play-row" },
      h("label", { class: "bl-field" },
        h("span", null, t(view, "opponentSelect")),
        h("select", { class: "bl-select", key: "opponent", "data-edit": "opponent", "aria-label": t(view, "opponentSelect") },
          opponentChoices(view).map((o) => h("option", { value: o, selected: o === opponent },
            o ? botLabel(view, o) : t(view, "hotSeatOption"))))),
      button(t(view, "playFromHere"), "play", { key: "edit-play", cls: "bl-primary" })),
    h("div", { class: "bl-field bl-text-field" },
      h("label", { for: `${uid}-position-text` }, t(view, "positionText")),
      h("textarea", {
        id: `${uid}-position-text`,
        key: "edit-text",
        class: "bl-position-text",
        rows: 14,
        spellcheck: "false",
        autocomplete: "off",
        "data-edit": "text",
      }, text),
      h("div", { class: "bl-text-actions" },
        ui.canCopy !== false
          ? button(t(view, "copy"), "copy", { key: "edit-copy", text: ui.copied ? t(view, "copied") : t(view, "copy") })
          : null,
        button(t(view, "load"), "load", { key: "edit-load" }))),
  );
}

function statusBar(view, ed, ea, ui) {
  const msg = ed.message;
  const prompt = ea.card
    ? `${t(view, "editPromptSelected", { name: ea.card.name })}${t(view, "escapeCancels")}`
    : t(view, "editPromptIdle");
  return h(
    "div",
    { class: "bl-statusbar" },
    view.status ? h("div", { class: "bl-status", role: "status", "aria-live": "polite", key: "status" }, view.status) : null,
    h("div", { class: "bl-hint", "aria-live": "polite", key: "hint" }, prompt),
    messageLine(msg, view, ui.messageHidden),
  );
}

/** The editor for `view` (mode "edit"), `ea` = editorInteraction(view, selection) and
 * `ui` = { uid, opponent (chosen), text (the text box), copied }. */
export function buildEditor(view, ea, ui) {
  view = view || {};
  const ed = editorOf(view) || {};
  const flags = ed.flags || [];
  const maxN = Math.max(3, ...flags.flatMap((f) => [Number.isInteger(f.required) ? f.required : 0,
    ((f.north || []).length + 1), ((f.south || []).length + 1)]));
  const cls = ["bl-app", "bl-mode-edit"];
  if (ea.selection) cls.push("has-selection");
  return h(
    "div",
    { class: cls.join(" "), lang: langOf(view) },
    h("header", { class: "bl-top" },
      h("div", { class: "bl-title" },
        h("span", { class: "bl-logo", "aria-hidden": "true" }, icon(FLAG_PATH, "bl-logo-icon")),
        h("strong", { class: "bl-players" }, t(view, "editorTitle")),
        ed.rules === "advanced" ? h("span", { class: "bl-badge" }, t(view, "advancedRules")) : null),
      h("div", { class: "bl-top-actions" },
        ea.selection ? button(t(view, "cancel"), "cancel", { key: "edit-cancel", title: t(view, "cancelTitle") }) : null,
        button(t(view, "clear"), "clear", { key: "edit-clear" }),
        boardEntry(view),
        languageButton(view))),
    statusBar(view, ed, ea, ui),
    h(
      "div",
      { class: "bl-board bl-edit-board", key: "edit-board", role: "region", "aria-label": t(view, "battleLine") },
      editSeat(view, ed, "north", ea),
      h("div", { class: "bl-line-wrap" },
        h("div", { class: "bl-line", style: `--n:${maxN}` }, flags.map((f) => editColumn(view, f, ea, maxN)))),
      editSeat(view, ed, "south", ea),
    ),
    h("div", { class: "bl-edit-foot" }, palette(view, ed, ea), panel(view, ed, ui)),
  );
}
