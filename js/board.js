// The analysis board, both games (protocol: docs/widget.md, `view.board` and
// `view.board_entry`). Python decides everything and words everything; this module draws
// the board's panel (its buttons, the win-chance bar, the variations as a clickable list,
// the legal actions and, in Ancient Battles, each fight's results to choose, in the panel and
// in the battle's confirmation of a fight chosen on the field) and turns its clicks and the
// arrow keys into intents. (Ancient Battles' field itself sends the battle's own intents.) Every control carries `data-board`, so neither
// game's own click handler nor the study panel's sees it.

import { h } from "./dom.js";
import { practiceEntry, practiceMessage } from "./practice.js";

/** The intent of a board control (its `data-board` and data), or null. */
export function boardMessage(view, target) {
  const b = (view && view.board) || null;
  switch (target.board) {
    case "open":
      return { type: "board_open" };
    case "line":
      return { type: "board_line" };
    case "answer":
      return b ? { type: "board_answer" } : null;
    case "back":
      return b ? { type: "board_close" } : null;
    case "go":
      return b && Number.isInteger(target.node) ? { type: "board_go", node: target.node } : null;
    case "previous":
      return b && !b.at_start ? { type: "board_step", by: -1 } : null;
    case "next":
      return b && !b.at_end ? { type: "board_step", by: 1 } : null;
    case "play":
      return b && target.action ? { type: "board_play", action: target.action } : null;
    case "result":
      return b && target.action && Number.isInteger(target.result)
        ? { type: "board_result", action: target.action, result: target.result } : null;
    default:
      return practiceMessage(view, target.board);
  }
}

/** The intent of an arrow key on the board, or null. */
export function boardKey(view, key) {
  const b = view && view.board;
  if (!b) return null;
  if (key === "ArrowLeft") return b.at_start ? null : { type: "board_step", by: -1 };
  if (key === "ArrowRight") return b.at_end ? null : { type: "board_step", by: 1 };
  return null;
}

function control(label, board, { key, disabled, cls, data, text } = {}) {
  return h("button", {
    type: "button",
    key: key || `board-${board}`,
    class: `bl-btn ${cls || ""}`.trim(),
    "data-board": board,
    disabled: !!disabled,
    "aria-label": text && text !== label ? label : null,
    title: text && text !== label ? label : null,
    ...(data || {}),
  }, text || label);
}

/** "Analyse" (and "Show the line" on a move the review marked), for a game or a replay. */
export function boardEntry(view) {
  const e = view.board_entry;
  if (!e || view.board) return [];
  return [
    e.can_analyse ? control(e.words.analyse, "open", { cls: "bl-board-open" }) : null,
    e.can_line ? control(e.words.line, "line", { cls: "bl-board-line-btn" }) : null,
    practiceEntry(view),
  ].filter(Boolean);
}

/** The board's bar: step back and on, the bot's answer, the line, and the way back. */
export function boardBar(view) {
  const b = view.board;
  const w = b.words;
  const busy = !!b.thinking;
  return h("div", { class: "bl-board-bar", key: "board-bar", role: "toolbar", "aria-label": w.title },
    h("strong", { class: "bl-board-title" }, w.title),
    control(w.previous, "previous", { text: "◀", disabled: b.at_start }),
    control(w.next, "next", { text: "▶", disabled: b.at_end }),
    control(w.answer, "answer", { disabled: !b.can_answer || busy }),
    control(w.line, "line", { disabled: !b.can_line || busy }),
    control(w.back, "back", { cls: "bl-primary" }));
}

/** The win chance of the side to move, as a bar and in words. */
export function chanceBar(view) {
  const c = view.board.chance;
  const known = c.percent != null;
  return h("div", { class: `bl-chance${c.pending ? " is-pending" : ""}`, key: "board-chance", role: "status" },
    h("div", { class: "bl-chance-track", "aria-hidden": "true" },
      h("div", { class: "bl-chance-fill", style: `width:${known ? c.percent : 50}%` })),
    h("span", { class: "bl-chance-text" }, c.text));
}

/** The variations: the moves of the tree, branches indented, each a button to its node. */
export function variationList(view) {
  const b = view.board;
  const w = b.words;
  return h("div", { class: "bl-variations-wrap", key: "variations" },
    h("div", { class: "bl-caption" }, w.variations),
    h("ol", { class: "bl-variations", "aria-label": w.variations },
      h("li", { key: "var-root" }, h("button", {
        type: "button", class: "bl-variation", "data-board": "go", "data-node": 0,
        "aria-current": b.cursor === 0 ? "step" : null,
      }, w.start)),
      (b.rows || []).map((r) => h("li", {
        key: `var-${r.id}`,
        class: `is-${r.source}${r.branch ? " is-branch" : ""}${r.on_path ? " is-on-path" : ""}`,
        style: `--depth:${r.depth}`,
      }, h("button", {
        type: "button", class: "bl-variation", "data-board": "go", "data-node": r.id,
        "aria-current": r.current ? "step" : null, title: r.source_text,
      }, h("span", { class: "bl-variation-side" }, r.side), " ", r.text)))));
}

/** The legal actions of the side to move; a shot's or an attack's results to choose. */
export function legalList(view) {
  const b = view.board;
  if (!b.legal || !b.legal.length) return null;
  const w = b.words;
  return h("div", { class: "bl-board-legal-wrap", key: "board-legal" },
    h("div", { class: "bl-caption" }, w.legal),
    h("ul", { class: "bl-board-legal", "aria-label": w.legal },
      b.legal.map((a) => h("li", { key: `legal-${a.action}` },
        control(a.text, "play", { key: `play-${a.action}`, cls: "bl-board-action", data: { "data-action": a.action } }),
        a.outcomes && a.outcomes.length
          ? h("span", { class: "bl-board-results" }, h("span", { class: "bl-caption" }, w.results),
            a.outcomes.map((o) => control(o.text, "result", {
              key: `result-${a.action}-${o.result}`, cls: "bl-board-result",
              data: { "data-action": a.action, "data-result": o.result },
            })))
          : null))));
}

/** Ancient Battles on the board: the fight chosen on the field (the battle's confirmation)
 * may also be played with one of its results chosen, Python's words and exact chances. */
export function fightResults(view, choice) {
  const b = view && view.board;
  if (!b || !choice || !choice.outcomes || !choice.outcomes.length) return null;
  return h("div", { class: "bl-board-fight", key: "board-fight", role: "group", "aria-label": b.words.results },
    h("span", { class: "bl-caption" }, b.words.results),
    choice.outcomes.map((o) => control(o.text, "result", {
      key: `fight-${o.result}`, cls: "bl-board-result",
      data: { "data-action": choice.action, "data-result": o.result },
    })));
}

/** The board's panel under the board: the chance, what the board knows, the variations and
 * the legal actions. */
export function boardPanel(view) {
  const b = view.board;
  if (!b) return null;
  return h("section", { class: "bl-board-panel", key: "board-panel", "aria-label": b.words.title },
    chanceBar(view),
    h("p", { class: "bl-board-knows", key: "knows" }, b.knowledge),
    b.thinking ? h("p", { class: "bl-board-thinking", key: "thinking", role: "status" }, b.thinking) : null,
    b.message ? h("p", { class: "bl-board-message", key: "message", role: "alert" }, b.message.text) : null,
    h("div", { class: "bl-board-lists", key: "lists" }, variationList(view), legalList(view)));
}

/** Listen for the board's controls and its arrow keys on `root`; returns the detach. */
export function attachBoard({ root, getView, send }) {
  function onClick(event) {
    const el = event.target && event.target.closest ? event.target.closest("[data-board]") : null;
    if (!el || !root.contains(el) || el.disabled) return;
    const num = (name) => {
      const v = el.getAttribute(name);
      return v == null ? null : Number(v);
    };
    const message = boardMessage(getView(), {
      board: el.getAttribute("data-board"), node: num("data-node"), action: el.getAttribute("data-action"),
      result: num("data-result"),
    });
    if (message) send(message);
  }
  function onKeydown(event) {
    const tag = event.target && event.target.tagName;
    if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const message = boardKey(getView(), event.key);
    if (!message) return;
    event.preventDefault();
    event.stopPropagation();
    send(message);
  }
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeydown);
  };
}
