// The Ancient Battles view's DOM: header, field (W × 4), reserve tray, Tactics hand, the
// chosen card's choices with their odds, the confirmation, dice, buttons and the log.
// Pure: builds elements from the view and the page state (dom.js h/svg); every word comes
// from Python except the fixed captions, which are ./i18n.js's (`ta`).

import { h, svg } from "../dom.js";
import { langOf } from "../i18n.js";
import { ta } from "./i18n.js";
import { armedChoice, inspectable, percent, roundPercent, squareLabel, squareMap } from "./logic.js";
import { button, cardBack, cardButton, cardImage, messageLine, tacticIcon } from "../render_cards.js";
import { hintLine, moveList, recordPanel, replayBar, reviewGraph, reviewNotes, studyButtons } from "../study.js";
import { boardBar, boardEntry, boardPanel, fightResults } from "../board.js";
import { practicePanel } from "../practice.js";

// Silhouettes of the troop families (drawn for this view, 20 × 20).
const FAMILY_PATHS = {
  light: "M3 17L15 3M13 3H16V6M4 12L8 16",
  heavy: "M10 2L17 5V10C17 14 14 17 10 18C6 17 3 14 3 10V5Z",
  horse: "M4 18L6 11L5 7L9 3L12 2L12 5L16 8L15 10L12 9L11 12L14 18Z",
  chariot: "M10 4A6 6 0 1 0 10 16A6 6 0 1 0 10 4ZM10 8A2 2 0 1 0 10 12A2 2 0 1 0 10 8Z",
  elephant: "M2 14V8C2 5 5 3 9 3H13C16 3 18 5 18 8V17H16V13L15 11V17H13V11H7V17H5V12L4 14Z",
};

function familyIcon(family) {
  const d = FAMILY_PATHS[family];
  if (!d) return null;
  return svg("svg", { class: "ab-family", viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    svg("path", { d, "fill-rule": "evenodd" }));
}

const DICE_PIPS = { 1: [[10, 10]], 2: [[5, 5], [15, 15]], 3: [[5, 5], [10, 10], [15, 15]],
  4: [[5, 5], [15, 5], [5, 15], [15, 15]], 5: [[5, 5], [15, 5], [10, 10], [5, 15], [15, 15]],
  6: [[5, 5], [15, 5], [5, 10], [15, 10], [5, 15], [15, 15]] };

export function die(n, key, view) {
  return svg("svg", { class: "ab-die", viewBox: "0 0 20 20", role: "img", "aria-label": ta(view, "die", { n }), "data-key": key },
    svg("rect", { x: 1, y: 1, width: 18, height: 18, rx: 3 }),
    (DICE_PIPS[n] || []).map(([x, y]) => svg("circle", { cx: x, cy: y, r: 1.8 })));
}

// Each side's token, as on a wargame's counters: the side's colour, and a shape of its own
// for players who do not tell the two colours apart (South a disc, North a triangle).
const SIDE_TOKENS = { south: ["circle", { cx: 6, cy: 6, r: 5 }], north: ["path", { d: "M1 1.5H11L6 11Z" }] };

export function sideToken(side, view) {
  const [shape, attrs] = SIDE_TOKENS[side] || SIDE_TOKENS.south;
  return svg("svg", { class: `ab-token ab-token-${side}`, viewBox: "0 0 12 12", "aria-hidden": "true", focusable: "false" },
    svg("title", null, sideName(view, side)), svg(shape, attrs));
}

function unitFace(unit, view) {
  if (unit.hidden) {
    return h("span", { class: `ab-back-wrap ab-${unit.side}`, "aria-hidden": "true" },
      cardBack(`back-${unit.side}`, `ab-back ab-back-${unit.side}`), sideToken(unit.side, view));
  }
  const marks = [];
  if (unit.bow) marks.push(h("span", { class: "ab-mark ab-bow", title: ta(view, "bow") }, ta(view, "bow")));
  if (unit.quality) marks.push(h("span", { class: "ab-mark ab-quality", title: unit.quality }, ta(view, unit.quality === "Shield" ? "shieldMark" : "companionMark")));
  if (unit.leader) marks.push(h("span", { class: "ab-mark ab-leader", title: unit.leader }, tacticIcon({ kind: "leader" }, "ab-leader-icon"), unit.leader));
  if (unit.stack) marks.push(h("span", { class: "ab-mark ab-stack" }, `×${unit.cards.length}`));
  const card = unit.cards[0];
  const down = unit.facedown_own ? " ab-facedown" : "";
  return h("span", { class: `ab-unit bl-c-${card.color} ab-${unit.side}${down}`, "aria-hidden": "true" },
    sideToken(unit.side, view),
    h("span", { class: "ab-top" }, h("span", { class: "ab-value" }, String(unit.value)),
      h("span", { class: "ab-symbol" }, unit.symbol), h("span", { class: "ab-id" }, unit.cards.map((c) => c.id).join("+"))),
    familyIcon(unit.family),
    // the whole name, and the short one that a narrow square shows instead (widget.css)
    h("span", { class: "ab-type" }, h("span", { class: "ab-type-full" }, unit.type),
      unit.short ? h("span", { class: "ab-type-short" }, unit.short) : null),
    marks.length ? h("span", { class: "ab-marks" }, marks) : null,
    unit.facedown_own ? h("span", { class: "ab-facedown-note" }, ta(view, "faceDown")) : null,
    unit.disrupted ? h("span", { class: "ab-disrupted", title: ta(view, "disrupted") }, ta(view, "disruptedMark")) : null);
}

function oddsLine(odds, key, view) {
  if (!odds) return null;
  return h("span", { class: "ab-odds", key },
    h("span", { class: "ab-odd ab-none" }, `${ta(view, "noEffect")} ${odds.no_effect.fraction}`),
    h("span", { class: "ab-odd ab-dis" }, `${ta(view, "disrupted")} ${odds.disrupted.fraction}`),
    h("span", { class: "ab-odd ab-elim" }, `${ta(view, "eliminated")} ${odds.eliminated.fraction}`));
}

function oddsBar(odds, view) {
  const part = (cls, p, word) => h("span", { class: `ab-bar-part ${cls}`, style: `flex-grow:${p.percent}`, title: `${word} ${p.fraction}` },
    p.percent >= 12 ? `${word} ${percent(p)}` : "");
  // every slice named under the bar, a narrow one too (its words do not fit in it)
  const key = (cls, p, word) => h("span", { class: `ab-bar-key ${cls}` }, h("i", { "aria-hidden": "true" }), `${word} ${percent(p)}`);
  const parts = [["ab-none", odds.no_effect, ta(view, "noEffect")], ["ab-dis", odds.disrupted, ta(view, "disrupted")],
    ["ab-elim", odds.eliminated, ta(view, "eliminated")]];
  return h("div", { class: "ab-bar-wrap" },
    h("div", { class: "ab-bar", role: "img", "aria-label": ta(view, "oddsLabel",
      { none: odds.no_effect.fraction, dis: odds.disrupted.fraction, elim: odds.eliminated.fraction }) },
    parts.map(([cls, p, word]) => part(cls, p, word))),
    h("div", { class: "ab-bar-keys", "aria-hidden": "true" }, parts.map(([cls, p, word]) => key(cls, p, word))));
}

function field(view, ui) {
  const map = squareMap(view);
  const legend = view.odds_legend || {};
  const rows = (view.rows || []).map((row, i) => h("div", { class: "ab-row", key: `row-${i}`, role: "row" },
    row.map((sq) => {
      const info = map.get(sq.square);
      const lit = info && info.choices.length > 0;
      const odds = info && info.choices.find((c) => c.odds);
      const cls = ["ab-square"];
      if (sq.back_row) cls.push(`ab-back-${sq.back_row}`);
      if (sq.terrain) cls.push("ab-bad");
      if (info && info.selectable) cls.push("is-selectable");
      if (info && info.selected) cls.push("is-selected");
      if (info && info.joinable) cls.push("is-joinable");
      if (info && info.inAttack) cls.push("is-in-attack");
      if (lit) cls.push("is-target", `is-${info.choices[0].kind}`);
      if (ui.armed && info && info.choices.some((c) => c.action === ui.armed)) cls.push("is-armed");
      if (ui.focus === sq.square) cls.push("is-focus");
      const clickable = (!!info && (lit || info.selectable || info.selected || info.joinable || info.inAttack)) || inspectable(sq);
      return h("button", {
        type: "button", key: `sq-${sq.square}`, class: cls.join(" "), role: "gridcell",
        "data-act": "square", "data-square": sq.square, "aria-label": squareLabel(sq, info, ui, view),
        "aria-pressed": info && info.selectable ? String(!!info.selected) : null,
        disabled: !clickable,
      },
      h("span", { class: "ab-sqname", "aria-hidden": "true" }, sq.square),
      sq.terrain ? h("span", { class: "ab-terrain", "aria-hidden": "true" }, sq.terrain) : null,
      sq.unit ? unitFace(sq.unit, view) : null,
      odds ? h("span", { class: "ab-sq-odds", "aria-hidden": "true" },
        h("span", { class: "ab-sq-odd ab-elim", title: legend.elim_tip }, `✕${roundPercent(odds.odds.eliminated)}`),
        h("span", { class: "ab-sq-odd ab-dis", title: legend.dis_tip }, `◐${roundPercent(odds.odds.disrupted)}`)) : null);
    })));
  const shown = [...map.values()].some((info) => info.choices.some((c) => c.odds));
  return h("div", { class: `ab-field ab-w${view.width}`, key: "field", role: "grid", "aria-label": ta(view, "field"), style: `--ab-w:${view.width}` },
    rows, shown ? oddsLegend(view) : null);
}

/** What the symbols on a target square mean (Python's words). */
function oddsLegend(view) {
  const legend = view.odds_legend || {};
  return h("div", { class: "ab-odds-legend", key: "odds-legend" },
    h("span", null, legend.title), " ",
    h("span", { class: "ab-elim" }, legend.elim), " ",
    h("span", { class: "ab-dis" }, legend.dis));
}

function sideName(view, side) {
  return (view.side_names && view.side_names[side]) || side;
}

function scoreBox(view) {
  const s = view.score || {};
  const line = (side) => {
    const x = s[side];
    if (!x) return null;
    return h("div", { class: `ab-score ab-${side}`, key: `score-${side}` },
      sideToken(side, view), " ",
      h("b", null, side === view.side ? ta(view, "you", { side: sideName(view, side) }) : sideName(view, side)),
      " — " + x.text);
  };
  return h("div", { class: "ab-scores", key: "scores" }, line(view.opponent), line(view.side));
}

function tray(view) {
  const reserve = (view.reserve || []).map((c) => cardButton(c, {
    key: `res-${c.id}`, act: "card", label: ta(view, "reserveCard", { id: c.id, type: c.type }), view,
    disabled: !(view.selectable || []).includes(c.id),
    states: { "is-selected": view.selected === c.id }, cls: "ab-tray-card",
  }));
  const hand = (view.hand || []).map((c) => cardButton(c, {
    key: `hand-${c.id}`, act: "card", label: ta(view, "tacticsCard", { name: c.name || c.id }), view,
    disabled: !(view.selectable || []).includes(c.id),
    states: { "is-selected": view.selected === c.id }, cls: "ab-hand-card",
  }));
  return h("div", { class: "ab-trays", key: "trays" },
    h("section", { class: "ab-tray", key: "reserve", "aria-label": ta(view, "yourReserve") },
      h("h4", null, ta(view, "reserve", { n: (view.reserve || []).length })), h("div", { class: "ab-cards" }, reserve)),
    h("section", { class: "ab-tray", key: "hand", "aria-label": ta(view, "yourTactics") },
      h("h4", null, ta(view, "tactics", { n: (view.hand || []).length, held: view.opponent_hand, deck: view.deck })),
      h("div", { class: "ab-cards" }, hand)));
}

function choicesPanel(view, ui) {
  const armed = armedChoice(view, ui);
  if (armed) {
    return h("section", { class: "ab-confirm bl-popup", key: "confirm", role: "dialog", "aria-label": ta(view, "confirmDialog") },
      h("div", { class: "ab-confirm-text" }, armed.label),
      armed.strength ? h("div", { class: "ab-strength" }, armed.strength.text) : null,
      armed.odds ? oddsBar(armed.odds, view) : null,
      (armed.danger || []).map((d) => dangerLine(d, view)),
      h("div", { class: "ab-buttons" },
        // on the analysis board a fight is rolled, or its result chosen (fightResults)
        button(view.board && armed.outcomes ? view.board.words.roll : ta(view, "confirm"), "confirm",
          { key: "btn-confirm", cls: "bl-primary" }),
        button(ta(view, "cancel"), "cancel", { key: "btn-cancel" })),
      fightResults(view, armed));
  }
  let list = view.choices || [];
  if (ui.focus) list = [...list, ...(view.targets || [])].filter((c) => c.square === ui.focus);
  const attack = attackPanel(view);
  if (!list.length) return attack;
  const sep = langOf(view) === "ja" ? "：" : ":";
  return h("section", { class: "ab-choices", key: "choices", "aria-label": ta(view, "choices") },
    attack,
    list.map((c) => h("button", { type: "button", class: `bl-btn ab-choice is-${c.kind}`, key: `ch-${c.action}`, "data-act": "choice", "data-action": c.action },
      h("span", null, c.odds ? c.label.split(sep)[0] : c.label),
      c.strength ? h("span", { class: "ab-strength" }, c.strength.text) : null,
      oddsLine(c.odds, `odds-${c.action}`, view),
      (c.danger || []).map((d) => h("span", { class: "ab-danger-text", key: `danger-${d.square}` }, d.text)))));
}

/** What the attack exposes (Python's words and exact odds): the attacking card's danger in
 * the enemy's next player turn, drawn as the defender's odds are. */
function dangerLine(d, view) {
  const odds = { no_effect: d.safe, disrupted: d.disrupted, eliminated: d.eliminated };
  return h("div", { class: "ab-danger", key: `danger-${d.square}` },
    h("div", { class: "ab-danger-text" }, d.text),
    d.safe.percent < 100 ? oddsBar(odds, view) : null);
}

/** The combined attack being built: Python's words on its strength and who may join, and
 * a button to take out each card that joined. */
function attackPanel(view) {
  const a = view.attack;
  if (!a || !a.combined) return null;
  return h("section", { class: "ab-attack", key: "attack", role: "group", "aria-label": ta(view, "attack") },
    h("p", { class: "ab-attack-text", role: "status" }, a.text),
    h("div", { class: "ab-buttons" }, (a.attackers || []).filter((x) => !x.chosen).map((x) =>
      button(ta(view, "leave", { unit: x.label }), "leave", { key: `leave-${x.square}`, data: { "data-square": x.square } }))));
}

function helpBox(view) {
  const help = view.help;
  if (!help) return null;
  return h("section", { class: "ab-help", key: "help", role: "note", "aria-label": ta(view, "rulesOf", { square: help.square }) },
    h("div", { class: "ab-help-head" }, h("b", null, help.title),
      h("button", { type: "button", class: "bl-close", key: "help-close", "data-act": "close-help", "aria-label": ta(view, "closeRules"), title: ta(view, "close") }, "×")),
    help.lines.map((line, i) => h("p", { key: `help-${i}` }, line)));
}

/** The battle's result, beside the field where the player is looking (Python's words). */
function resultBox(view) {
  if (!view.outcome) return null;
  const won = view.outcome.winner == null ? "draw" : view.outcome.winner === view.side ? "won" : "lost";
  return h("div", { class: `ab-result is-${won}`, key: "result", role: "status" }, view.status);
}

function diceBox(view) {
  const d = view.dice;
  if (!d) return null;
  return h("div", { class: "ab-dice", key: "dice", role: "status", "aria-label": ta(view, "lastDice") },
    h("span", { class: "ab-dice-faces" }, d.rolls.map((n, i) => die(n, `die-${i}`, view))),
    h("span", { class: "ab-dice-text" }, d.text));
}

function buttonsRow(view) {
  const idle = !view.my_turn || view.thinking || view.outcome;
  return h("div", { class: "ab-buttons", key: "buttons" },
    (view.buttons || []).map((b) => button(b.label, "choice", { key: `b-${b.action}`, disabled: !!idle, data: { "data-action": b.action } })),
    // a finished battle's result stands: nothing to take back (the board steps back with ◀)
    view.outcome || view.board ? null : button(ta(view, "undo"), "undo", { key: "btn-undo", disabled: !view.can_undo }),
    // the withdrawal prompt: the odds if the attacked card stands
    (view.buttons || []).filter((b) => b.odds).map((b) => h("div", { class: "ab-stand-odds", key: `odds-${b.action}` }, oddsBar(b.odds, view))));
}

function logBox(view) {
  const lines = (view.log || []).slice(-40);
  return h("section", { class: "ab-log", key: "log", "aria-label": ta(view, "moveLog") },
    h("h4", null, ta(view, "log")),
    h("ol", { "aria-live": "polite" }, lines.map((l, i) => h("li", { key: `log-${(view.log || []).length - lines.length + i}` }, l))));
}

/** The points-army builder: colours, the palette of their troops, the army with its bows,
 * the budget and the limits, the first limit broken (the engine's words) and Confirm. */
function buildBuilder(view, { messageHidden } = {}) {
  const b = view.builder;
  const armyAct = (op, extra) => ({ "data-act": "army", "data-op": op, ...extra });
  return h("div", { class: "bl-app ab-app ab-view ab-builder", lang: langOf(view), "data-played": "builder" },
    h("header", { class: "ab-header", key: "header" },
      h("h3", null, ta(view, "builderHeading")),
      h("span", { class: "ab-status", role: "status", "aria-label": ta(view, "status") }, view.status)),
    messageLine(view.message, view, messageHidden),
    h("div", { class: "ab-buttons", key: "colours", role: "group", "aria-label": ta(view, "colours") },
      b.colours_all.map((c) => h("button", {
        type: "button", key: `colour-${c}`, class: `bl-btn ab-colour bl-c-${c}`, "aria-pressed": String(b.colours.includes(c)),
        ...armyAct("colour", { "data-colour": c }),
      }, ta(view, "colour", { name: ta(view, `colour.${c}`) })))),
    h("div", { class: "ab-budget", key: "budget", role: "status", "aria-label": ta(view, "budgetLabel") },
      ta(view, "budget", { points: b.points, budget: b.budget, left: b.left, cards: b.cards, max: b.max_cards,
        perType: b.max_per_type, colours: b.max_colours }),
      Object.keys(b.types).length ? h("div", { class: "ab-types" },
        Object.entries(b.types).map(([t, n]) => h("span", { key: `t-${t}`, class: n > b.max_per_type ? "ab-over" : "" }, `${t} ${n} `))) : null),
    h("p", { class: `ab-problem ${b.can_confirm ? "is-ok" : "is-bad"}`, key: "problem" },
      b.problem ? ta(view, "notYet", { problem: b.problem }) : ta(view, "sound")),
    h("section", { class: "ab-tray", key: "palette", "aria-label": ta(view, "troops") },
      h("h4", null, ta(view, "troops")),
      h("div", { class: "ab-cards" }, b.palette.map((c) => cardButton(c, {
        key: `add-${c.id}`, act: "army", label: ta(view, "add", { id: c.id, type: c.type }), view, disabled: c.in_army,
        cls: "ab-tray-card", data: { "data-op": "add" },
      })))),
    h("section", { class: "ab-tray", key: "army", "aria-label": ta(view, "yourArmyLabel") },
      h("h4", null, ta(view, "yourArmy", { n: b.cards })),
      h("div", { class: "ab-cards ab-army" }, b.army.map((c) => h("span", { key: `army-${c.id}`, class: "ab-army-card" },
        cardButton(c, { key: `rm-${c.id}`, act: "army", label: ta(view, "remove", { id: c.id, type: c.type }), view, cls: "ab-tray-card", data: { "data-op": "remove" } }),
        c.can_bow ? h("button", { type: "button", key: `bow-${c.id}`, class: "bl-btn ab-bow-toggle", "aria-pressed": String(c.bow),
          ...armyAct("bow", { "data-card": c.id }) }, ta(view, "bowOn", { id: c.id })) : null)))),
    h("div", { class: "ab-buttons", key: "confirm-army" },
      h("button", { type: "button", key: "btn-confirm-army", class: "bl-btn bl-primary", disabled: !b.can_confirm,
        ...armyAct("confirm") }, ta(view, "confirmArmy")),
      // confirmed once with points unspent: Python says how many; the next confirm plays it
      b.ask ? h("p", { class: "ab-ask", key: "ask", role: "alert" }, b.ask) : null));
}

/** Between two people's turns: the cover, with no card of either side behind it (Python
 * sends none) and the last dice; the next player clicks when they sit at the screen. */
function coverBox(view) {
  const c = view.cover;
  return h("section", { class: "ab-cover", key: "cover", role: "dialog", "aria-label": c.text },
    h("div", { class: "ab-cover-title" }, c.text),
    h("p", null, c.note),
    // the dice of the move that ended the turn stay in view (they are public)
    diceBox(view),
    h("button", { type: "button", class: "bl-btn bl-primary bl-big-btn", key: "btn-reveal", "data-act": "reveal" }, c.button));
}

/** The whole view. */
export function buildAncient(view, ui, { messageHidden, study } = {}) {
  if (view.mode === "builder") return buildBuilder(view, { messageHidden });
  const sc = view.scenario;
  const replay = !!view.replay;   // a replay: its bar, the review, the move list (study.js)
  // the root is the app element itself (morph gives the live root these attributes)
  return h("div", { class: "bl-app ab-app ab-view", lang: langOf(view), "data-played": view.played,
    "data-thinking": view.thinking ? "yes" : "no", "data-turn": view.turn },
    h("header", { class: "ab-header", key: "header" },
      h("h3", null, sc ? sc.heading : ta(view, "heading")),
      sc && sc.notes ? h("p", { class: "ab-notes" }, sc.notes) : null,
      h("div", { class: "ab-statusbar" },
        h("span", { class: "ab-status", role: "status", "aria-label": ta(view, "status") }, view.status),
        view.actions_left != null ? h("span", { class: "ab-actions-left", "aria-label": ta(view, "actionsLeftLabel") }, ta(view, "actionsLeft", { n: view.actions_left })) : null,
        view.thinking ? h("span", { class: "ab-thinking" }, "…") : null,
        replay || view.board ? null : h("span", { class: "ab-study-buttons" }, studyButtons(view, study), boardEntry(view))),
      replay ? replayBar(view, study) : null,
      replay ? boardEntry(view) : null,
      view.board ? boardBar(view) : null),
    view.board ? practicePanel(view) : null,
    messageLine(view.message, view, messageHidden),
    hintLine(view),
    recordPanel(view, study),
    replay ? reviewGraph(view) : null,
    replay ? reviewNotes(view) : null,
    scoreBox(view),
    view.cover ? coverBox(view) : h("div", { class: "ab-main", key: "main", style: `--ab-w:${view.width}` },
      field(view, ui),
      h("aside", { class: "ab-side", key: "side" }, resultBox(view), choicesPanel(view, ui), diceBox(view),
        replay ? openHands(view) : buttonsRow(view), helpBox(view))),
    view.cover ? null : tray(view),
    view.board ? boardPanel(view) : replay ? moveList(view) : logBox(view));
}

/** In a replay with the hands open: what the other side holds. */
function openHands(view) {
  const o = view.open_hands;
  if (!o) return null;
  const cards = (list, key) => h("div", { class: "ab-cards", key }, list.map((c) => cardImage(c, {
    key: `open-${key}-${c.id}`, cls: "bl-small", label: c.name || c.id, view })));
  return h("section", { class: "ab-open-hands", key: "open-hands", "aria-label": sideName(view, o.side) },
    h("h4", null, sideName(view, o.side)), cards(o.reserve || [], "reserve"), cards(o.hand || [], "hand"));
}
