// Replay, review, hints, and saving and loading: the part of the view both games share
// (protocol: docs/widget.md, `view.study` and `view.replay`). Python decides everything
// and words everything (`view.study.words`, `view.replay.words`); this module draws the
// panel, turns its clicks and the move keys into intents, and does the two things only a
// browser can: download the record as a file and copy it to the clipboard.
//
// Every control carries `data-study` (never `data-act`), so that neither game's own click
// handler sees it: `attachStudy` listens for them on the widget's root.

import { h, svg } from "./dom.js";

/** The intent of a move key in a replay, or null (not a move key, or no move). The arrows
 * send a step, not the index they would reach: Python counts each step from the move it
 * shows, so keys pressed (or clicks made) before it answers are never lost. */
export function replayKey(view, key) {
  const r = view && view.replay;
  if (!r) return null;
  if (key === "ArrowLeft") return r.index > 0 ? { type: "replay_step", by: -1 } : null;
  if (key === "ArrowRight") return r.index < r.total ? { type: "replay_step", by: 1 } : null;
  const go = { Home: 0, End: r.total }[key];
  if (go == null || go === r.index) return null;
  return { type: "replay_goto", index: go };
}

/** The intent of a study control (its `data-study` and data), or null (a local action). */
export function studyMessage(view, target, paste) {
  const r = (view && view.replay) || {};
  switch (target.study) {
    case "goto":
      return Number.isInteger(target.index) ? { type: "replay_goto", index: target.index } : null;
    case "first":
      return { type: "replay_goto", index: 0 };
    case "previous":
      return r.index > 0 ? { type: "replay_step", by: -1 } : null;
    case "next":
      return r.index < r.total ? { type: "replay_step", by: 1 } : null;
    case "last":
      return { type: "replay_goto", index: r.total };
    case "hands":
      return { type: "replay_hands", open: !r.hands_open };
    case "seat":
      return target.seat ? { type: "replay_seat", seat: target.seat } : null;
    case "review":
      return { type: "review_start" };
    case "stop":
      return { type: "review_stop" };
    case "back":
      return { type: "replay_close" };
    case "replay":
      return { type: "replay_open" };
    case "replay-review":
      return { type: "replay_open", review: true };
    case "hint":
      return { type: "hint" };
    case "show-record":
      return { type: "save" };
    case "load":
      return { type: "load", text: paste || "" };
    default:
      return null;
  }
}

const wordsOf = (view) => ({ ...((view.study || {}).words || {}), ...((view.replay || {}).words || {}) });

function control(label, study, { key, disabled, cls, pressed, data, title, text } = {}) {
  return h("button", {
    type: "button",
    key: key || `study-${study}`,
    class: `bl-btn ${cls || ""}`.trim(),
    "data-study": study,
    disabled: !!disabled,
    "aria-pressed": pressed == null ? null : String(!!pressed),
    "aria-label": text && text !== label ? label : null,
    title: title || (text && text !== label ? label : null),
    ...(data || {}),
  }, text || label);
}

/** The buttons a game in play offers: Hint on your turn, Replay and Review once it is
 * over, and Save / load. */
export function studyButtons(view, sui) {
  const s = view.study;
  if (!s) return [];
  const w = wordsOf(view);
  return [
    s.can_replay ? control(w.replay, "replay") : null,
    s.can_review ? control(w.review, "replay-review", { cls: "bl-primary" }) : null,
    // Hint: where this version has the analysis (enabled on your turn: can_hint)
    !s.can_replay && !view.replay && s.analysis ? control(w.hint, "hint", { disabled: !s.can_hint, cls: "bl-study-hint-btn" }) : null,
    control(w.save_load, "panel", { pressed: !!(sui && sui.panelOpen) }),
  ].filter(Boolean);
}

/** A replay's controls: the move keys' buttons, where it stands, the hands, the seat,
 * the review, and the way back. */
export function replayBar(view, sui) {
  const r = view.replay;
  const w = wordsOf(view);
  const review = r.review;
  const running = !!review && review.state === "running";
  return h("div", { class: "bl-replay-bar", key: "replay-bar", role: "toolbar", "aria-label": w.replay },
    h("span", { class: "bl-replay-nav" },
      control(w.first, "first", { text: "|◀", disabled: r.index === 0 }),
      control(w.previous, "previous", { text: "◀", disabled: r.index === 0 }),
      h("span", { class: "bl-replay-where", key: "where", "aria-live": "polite" }, r.where),
      control(w.next, "next", { text: "▶", disabled: r.index >= r.total }),
      control(w.last, "last", { text: "▶|", disabled: r.index >= r.total })),
    r.may_open_hands ? control(w.open_hands, "hands", { pressed: r.hands_open, cls: "bl-toggle" }) : null,
    !r.fixed_seat
      ? h("span", { class: "bl-replay-seat", role: "group", "aria-label": w.view_as, key: "seat" },
        h("span", { class: "bl-caption" }, w.view_as),
        (r.seats || []).map((s) => control(s.label, "seat", {
          key: `seat-${s.id}`, pressed: s.id === r.seat, cls: "bl-toggle", data: { "data-seat": s.id },
        })))
      : null,
    running
      ? control(w.stop, "stop")
      : r.can_review ? control(w.review, "review", { cls: review ? "" : "bl-primary" }) : null,
    control(w.save_load, "panel", { pressed: !!(sui && sui.panelOpen) }),
    control(w.back, "back"));
}

/** The win-chance graph (SVG) of a review: one point per judged move, each a button that
 * jumps to that move; the move on screen is a vertical line. */
export function reviewGraph(view) {
  const r = view.replay;
  const review = r && r.review;
  if (!review) return null;
  const total = Math.max(1, r.total);
  const x = (index) => ((index + 1) / total) * 100;
  const y = (chance) => 100 - chance;
  const pts = review.points || [];
  const path = pts.map((p, i) => `${i ? "L" : "M"}${x(p.index).toFixed(2)} ${y(p.chance).toFixed(2)}`).join(" ");
  return h("figure", { class: "bl-graph", key: "graph" },
    h("figcaption", { class: "bl-caption" }, review.graph_title),
    h("div", { class: "bl-graph-box" },
      svg("svg", { class: "bl-graph-svg", viewBox: "0 0 100 100", preserveAspectRatio: "none", "aria-hidden": "true" },
        svg("line", { x1: 0, y1: 50, x2: 100, y2: 50, class: "bl-graph-mid" }),
        svg("line", { x1: (r.index / total) * 100, y1: 0, x2: (r.index / total) * 100, y2: 100, class: "bl-graph-now" }),
        pts.length ? svg("path", { d: path, class: "bl-graph-line" }) : null),
      pts.map((p) => h("button", {
        type: "button",
        key: `pt-${p.index}`,
        class: `bl-graph-pt${p.mark ? ` is-marked mark-${markClass(p.mark)}` : ""}${p.index + 1 === r.index ? " is-now" : ""}`,
        style: `left:${x(p.index).toFixed(2)}%;top:${y(p.chance).toFixed(2)}%`,
        "data-study": "goto",
        "data-index": p.index + 1,
        "aria-label": p.label,
        title: p.label,
      }))));
}

const markClass = (mark) => ({ "?!": "dubious", "?": "mistake", "??": "blunder" })[mark] || "none";

/** The review's progress, and its comment on the move on screen (the better move and why). */
export function reviewNotes(view) {
  const r = view.replay;
  const review = r && r.review;
  const d = r && r.decision;
  if (!review && !d) return null;
  return h("div", { class: "bl-review-notes", key: "review-notes" },
    review ? h("div", { class: `bl-review-status is-${review.state}`, role: "status", key: "review-status" },
      review.state === "running"
        ? h("progress", { max: review.total || 1, value: review.done, "aria-hidden": "true" })
        : null,
      h("span", null, review.status)) : null,
    d ? h("div", { class: `bl-decision mark-${markClass(d.mark)}`, key: "decision", role: "note" },
      d.mark ? h("strong", { class: "bl-decision-mark" }, d.mark) : null,
      h("span", null, d.played),
      d.better ? h("span", { class: "bl-decision-better" }, d.better) : null) : null);
}

/** The moves of a replay, each a button to its position, marked by the review. */
export function moveList(view) {
  const r = view.replay;
  const w = wordsOf(view);
  return h("div", { class: "bl-movelist-wrap", key: "movelist" },
    h("div", { class: "bl-caption" }, w.move_list, " ", h("span", { class: "bl-keys" }, w.keys)),
    h("ol", { class: "bl-movelist", "aria-label": w.move_list },
      (r.moves || []).map((m) => h("li", { key: `mv-${m.index}`, class: m.mine ? "is-mine" : "is-theirs" },
        h("button", {
          type: "button",
          class: `bl-move${m.mark ? ` mark-${markClass(m.mark)}` : ""}`,
          "data-study": "goto",
          "data-index": m.index + 1,
          "aria-current": m.index + 1 === r.index ? "step" : null,
        }, h("span", { class: "bl-move-no" }, `${m.number}.`), m.mark ? h("strong", { class: "bl-move-mark" }, m.mark) : null,
        " ", m.text)))));
}

/** The hint on screen (its move is highlighted on the board), or the wait for it. */
export function hintLine(view) {
  const hint = view.study && view.study.hint;
  if (!hint) return null;
  return h("div", { class: `bl-study-hint${hint.pending ? " is-pending" : ""}`, key: "study-hint", role: "status" },
    hint.text);
}

/** Save / load: the record (once Python shows it) to download or copy, and a box to paste
 * a record or a position into. */
export function recordPanel(view, sui) {
  const s = view.study;
  if (!s || !sui || !sui.panelOpen) return null;
  const w = wordsOf(view);
  const saving = s.record_available
    ? s.record
      ? [h("textarea", { key: "record-text", class: "bl-record-text", readonly: true, rows: 4, "aria-label": w.record,
        "data-study-record": "1" }, s.record),
      h("span", { class: "bl-record-actions" },
        control(w.download, "download"),
        control(sui.copied ? w.copied : w.copy, "copy", { title: w.copy }))]
      : [control(w.show_record, "show-record")]
    : [h("p", { class: "bl-record-later", key: "later" }, w.record_later)];
  return h("section", { class: "bl-record", key: "record-panel", "aria-label": w.save_load },
    h("div", { class: "bl-record-save" }, h("div", { class: "bl-caption" }, w.record), saving),
    h("div", { class: "bl-record-load" },
      h("textarea", { key: "paste", class: "bl-record-text", rows: 3, "aria-label": w.paste, placeholder: w.paste,
        "data-study-paste": "1" }),
      control(w.load, "load")));
}

/** Mark the hint's (or the review's better) move on a built board: its card and its flag
 * (Battle Line) or its squares (Ancient Battles). `tree` is the element about to be shown. */
export function markBoard(tree, view) {
  const hint = view.study && view.study.hint;
  const better = view.replay && view.replay.better;
  // the hands opened in a replay: the opponent's cards are all shown, not "known"
  if (view.replay && view.replay.hands_open) {
    for (const tag of tree.querySelectorAll(".bl-known-tag")) tag.textContent = wordsOf(view).hand_open;
  }
  for (const [what, cls] of [[hint, "is-hint"], [better, "is-better"]]) {
    if (!what) continue;
    const move = what.move || what;
    if (move.card) for (const el of tree.querySelectorAll(`[data-card="${cssEscape(move.card)}"]`)) el.classList.add(cls);
    if (move.flag != null) for (const el of tree.querySelectorAll(`.bl-flag-col[data-flag="${Number(move.flag)}"]`)) el.classList.add(cls);
    if (move.deck && move.kind === "draw") for (const el of tree.querySelectorAll(`.bl-deck-${cssEscape(move.deck)}`)) el.classList.add(cls);
    for (const sq of what.squares || []) {
      for (const el of tree.querySelectorAll(`[data-square="${cssEscape(sq)}"], [data-card="${cssEscape(sq)}"]`)) el.classList.add(cls);
    }
    // a plan (several actions): each square numbered with the steps that use it, in order
    const plan = what.plan || [];
    if (plan.length > 1) {
      const steps = new Map();
      for (const step of plan) {
        for (const sq of step.squares || []) steps.set(sq, [...(steps.get(sq) || []), step.step]);
      }
      for (const [sq, ns] of steps) {
        for (const el of tree.querySelectorAll(`[data-square="${cssEscape(sq)}"], [data-card="${cssEscape(sq)}"]`)) {
          el.setAttribute("data-plan-step", ns.join(","));
        }
      }
    }
  }
  return tree;
}

const cssEscape = (s) => String(s).replace(/[^A-Za-z0-9_-]/g, "");

/**
 * Listen for the study controls and the move keys on `root`. `getView()` gives the view,
 * `send(message)` sends an intent, `update()` draws again. Returns { ui, afterUpdate,
 * detach }: `ui` is what the panel shows that the view does not hold (the panel open, the
 * record just copied); call `afterUpdate()` after each draw.
 */
export function attachStudy({ root, getView, send, update }) {
  const ui = { panelOpen: false, copied: false };
  let copiedTimer = null;
  const doc = root.ownerDocument;
  const find = (sel) => root.querySelector(sel);

  function download() {
    const v = getView();
    const text = (v.study && v.study.record) || "";
    const win = doc.defaultView;
    const blob = new win.Blob([text], { type: "application/json" });
    const url = win.URL.createObjectURL(blob);
    const a = doc.createElement("a");
    a.href = url;
    a.download = (v.study && v.study.record_file) || "record.json";
    a.style.display = "none";
    root.appendChild(a);
    a.click();
    a.remove();
    win.setTimeout(() => win.URL.revokeObjectURL(url), 1000);
  }

  function copied() {
    ui.copied = true;
    if (copiedTimer) clearTimeout(copiedTimer);
    copiedTimer = setTimeout(() => {
      ui.copied = false;
      update();
    }, 1500);
    update();
  }

  function copy() {
    const box = find("[data-study-record]");
    const text = box ? box.value : "";
    const nav = doc.defaultView && doc.defaultView.navigator;
    const select = () => {
      if (!box) return;
      box.select();
      try {
        if (doc.execCommand && doc.execCommand("copy")) copied();
      } catch {
        /* the text stays selected: the user can copy it */
      }
    };
    if (nav && nav.clipboard && typeof nav.clipboard.writeText === "function") {
      nav.clipboard.writeText(text).then(copied, select);
    } else {
      select();
    }
  }

  function onClick(event) {
    const el = event.target && event.target.closest ? event.target.closest("[data-study]") : null;
    if (!el || !root.contains(el) || el.disabled) return;
    const study = el.getAttribute("data-study");
    if (study === "panel") {
      ui.panelOpen = !ui.panelOpen;
      update();
      return;
    }
    if (study === "download") return download();
    if (study === "copy") return copy();
    const index = el.getAttribute("data-index");
    const paste = find("[data-study-paste]");
    const message = studyMessage(getView(), {
      study, index: index == null ? null : Number(index), seat: el.getAttribute("data-seat"),
    }, paste ? paste.value : "");
    if (!message) return;
    send(message);
  }

  function onKeydown(event) {
    const tag = event.target && event.target.tagName;
    if (tag === "TEXTAREA" || tag === "INPUT" || tag === "SELECT") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const message = replayKey(getView(), event.key);
    if (message == null) return;
    event.preventDefault();
    event.stopPropagation();
    send(message);
  }

  /** Keep the move on screen in sight in the move list (without scrolling the page). */
  function afterUpdate() {
    const list = find(".bl-movelist");
    const now = list && list.querySelector('[aria-current="step"]');
    if (now) {
      const item = now.parentElement;
      if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, item.offsetTop - list.clientHeight / 2);
      }
    }
  }

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeydown);
  return {
    ui,
    afterUpdate,
    detach() {
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKeydown);
      if (copiedTimer) clearTimeout(copiedTimer);
    },
  };
}
