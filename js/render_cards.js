// The pieces every mode draws: icons, card faces (as buttons or as images), card backs
// and plain buttons. Pure: they only create elements (dom.js h/svg).

import { h, svg } from "./dom.js";
import { languageSwitch, t } from "./i18n.js";

/** The deck's six colours: their English names and the shape drawn on their cards. */
export const COLORS = Object.freeze({
  R: { name: "Red", shape: "circle" },
  O: { name: "Orange", shape: "triangle" },
  Y: { name: "Yellow", shape: "star" },
  G: { name: "Green", shape: "cross" },
  B: { name: "Blue", shape: "square" },
  P: { name: "Purple", shape: "diamond" },
});

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

export const FLAG_PATH = "M5 2.5V18M5.8 3.2L16.5 6.8L5.8 10.6Z";

export function icon(path, cls) {
  return svg(
    "svg",
    { class: cls, viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: path, "fill-rule": "evenodd" }),
  );
}

export function shapeIcon(color, cls = "bl-shape") {
  const c = COLORS[color];
  return c ? icon(SHAPE_PATHS[c.shape], `${cls} bl-shape-${c.shape}`) : null;
}

export function tacticIcon(card, cls = "bl-kind-icon") {
  const key = card.kind === "environment" ? (card.id === "Mud" ? "mud" : "fog") : card.kind;
  return KIND_PATHS[key] ? icon(KIND_PATHS[key], cls) : null;
}

// ------------------------------------------------------------------------ cards

/** The face of a card: colour band with value, colour letter and shape; big value.
 * `view` gives the language of the Tactics kind word. */
export function cardFace(card, view) {
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
  const kind = ["leader", "morale", "environment", "guile"].includes(card.kind) ? t(view, `kind.${card.kind}`) : "";
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
    h("span", { class: "bl-corner bl-kind-word", "aria-hidden": "true" }, kind),
  ];
}

export function cardClasses(card, extra) {
  const cls = ["bl-card"];
  if (card.color) cls.push(`bl-c-${card.color}`);
  else cls.push("bl-tactic", `bl-k-${card.kind || "tactic"}`);
  for (const [name, on] of Object.entries(extra || {})) if (on) cls.push(name);
  return cls.join(" ");
}

/** A card as a button (interactive or disabled). `states["is-selected"]`, when given,
 * makes it a toggle button (aria-pressed). */
export function cardButton(card, { key, label, act, flag, side, disabled, states, style, title, cls, view, data }) {
  return h(
    "button",
    {
      type: "button",
      key,
      class: `${cardClasses(card, states)} ${cls || ""}`.trim(),
      title: title || card.title || card.name,
      "aria-label": label,
      "aria-pressed": states && "is-selected" in states ? String(!!states["is-selected"]) : null,
      "data-card": card.id,
      "data-flag": flag,
      "data-side": side,
      "data-act": act,
      disabled: !!disabled,
      style,
      ...(data || {}),
    },
    cardFace(card, view),
  );
}

/** A card that is only shown (discards, known cards, counterexamples). */
export function cardImage(card, { key, label, cls, states, view } = {}) {
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
    cardFace(card, view),
  );
}

export function cardBack(key, cls = "") {
  return h("span", { key, class: `bl-card bl-back ${cls}`.trim(), "aria-hidden": "true" },
    h("span", { class: "bl-back-art" }));
}

// ------------------------------------------------------------------------ buttons

/** A button with a `data-act`; `text` shows instead of `label` (then `label` is the
 * accessible name). */
export function button(label, act, { key, disabled, cls, text, title, data, pressed } = {}) {
  return h(
    "button",
    {
      type: "button",
      key: key || `btn-${act}`,
      class: `bl-btn ${cls || ""}`.trim(),
      "data-act": act,
      disabled: !!disabled,
      "aria-label": text && text !== label ? label : null,
      "aria-pressed": pressed == null ? null : String(!!pressed),
      title: title || null,
      ...(data || {}),
    },
    text || label,
  );
}

/** The small language control of every header: it shows the other language by its own name. */
export function languageButton(view) {
  const sw = languageSwitch(view);
  return button(sw.title, "language", {
    key: "btn-language", cls: "bl-lang", text: sw.label, title: sw.title, data: { "data-lang": sw.lang, lang: sw.lang },
  });
}

/** "Wedge 8-9-10 (total 27)" as its name, its values and its total, each never cut: the
 * name on a line of its own, the values and the total after it (on one line when they fit,
 * else on two). Japanese: "くさび形隊形 8-9-10（合計 27）". Any other text (under Fog: "total
 * 27 (8-9-10)") may wrap between its words. */
export function formationText(text) {
  if (!text) return "";
  const m = /^(.*?)\s+(\d+(?:-\d+)+)\s*(\(total \d+\)|（合計\s*\d+）|\(合計\s*\d+\))$/.exec(text);
  if (!m) return h("span", { class: "bl-fwords" }, text);
  return h("span", null,
    h("span", { class: "bl-fname" }, m[1]), " ",
    h("span", { class: "bl-fnums" },
      h("span", { class: "bl-fvalues" }, m[2]), " ", h("span", { class: "bl-ftotal" }, m[3])));
}

/** Python's answer to the last intent: a pop-up over the table under the status line (it
 * never pushes the page); an error is an alert. Closed with its × button or Escape
 * (`hidden` once closed). */
export function messageLine(msg, view, hidden = false) {
  if (!msg || !msg.text || hidden) return null;
  const error = msg.kind === "error";
  return h("div", {
    key: "message",
    class: `bl-message bl-popup bl-message-${error ? "error" : "info"}`,
    role: error ? "alert" : "status",
    "aria-live": error ? null : "polite",
  },
  h("span", { class: "bl-message-text" }, msg.text),
  h("button", {
    type: "button",
    class: "bl-close",
    key: "message-close",
    "data-act": "dismiss-message",
    "aria-label": t(view, "closeMessage"),
    title: t(view, "close"),
  }, "×"));
}
