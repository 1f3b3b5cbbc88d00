// Practise a review's mistakes on the analysis board, both games (protocol: docs/widget.md,
// `view.practice` and `view.board_entry.can_practise`). Python chooses the exercise, judges
// the answer played on the board and words everything; this module draws the practice's
// panel (the question, the verdict, the line, its buttons and a saved puzzle's text) and
// turns its buttons into intents. Every control carries `data-board="practice_..."`, so the
// board's click handler (board.js) sends it.

import { h } from "./dom.js";

const INTENTS = ["practice_start", "practice_again", "practice_show", "practice_next", "practice_save"];

/** The intent of a practice control (its `data-board`), or null. */
export function practiceMessage(view, board) {
  if (!INTENTS.includes(board)) return null;
  if (board === "practice_start") return { type: board };
  return view && view.practice ? { type: board } : null;
}

function button(label, board, { disabled, cls } = {}) {
  return h("button", {
    type: "button", key: `practice-${board}`, class: `bl-btn ${cls || ""}`.trim(), "data-board": board,
    disabled: !!disabled,
  }, label);
}

/** "Practise" beside "Analyse" once a review marked a mistake of the learner's. */
export function practiceEntry(view) {
  const e = view.board_entry;
  if (!e || view.board || !e.can_practise) return null;
  return button(e.words.practise, "practice_start", { cls: "bl-practice-start" });
}

/** The practice's panel on the board: the question, the verdict and the line, the buttons. */
export function practicePanel(view) {
  const p = view.practice;
  if (!p) return null;
  const w = p.words;
  const v = p.verdict;
  const judging = p.status === "judging";
  return h("section", { class: "bl-practice", key: "practice", "aria-label": p.title },
    h("strong", { class: "bl-practice-title", key: "title" }, p.title),
    h("p", { class: "bl-practice-question", key: "question" }, p.question),
    p.prompt ? h("p", { class: "bl-practice-prompt", key: "prompt", role: "status" }, p.prompt) : null,
    v ? h("p", {
      class: `bl-practice-verdict ${v.accepted ? "is-accepted" : "is-refused"}`, key: "verdict", role: "status",
    }, v.text) : null,
    p.answer ? h("p", { class: "bl-practice-answer", key: "answer" }, p.answer) : null,
    p.failed ? h("p", { class: "bl-practice-failed", key: "failed", role: "alert" }, p.failed) : null,
    p.line && p.line.length ? h("div", { class: "bl-practice-line", key: "line" },
      h("span", { class: "bl-caption" }, w.line), " ", p.line.join(" · ")) : null,
    h("div", { class: "bl-practice-buttons", key: "buttons", role: "toolbar" },
      button(w.again, "practice_again", { disabled: !p.can_again || judging }),
      button(w.show, "practice_show", { disabled: !p.can_show || judging }),
      button(w.next, "practice_next", { disabled: !p.can_next }),
      button(w.save, "practice_save", { disabled: !p.can_save })),
    p.saved ? h("label", { class: "bl-practice-saved", key: "saved" }, h("span", { class: "bl-caption" }, w.saved),
      h("textarea", { readonly: true, rows: 6, class: "bl-practice-text", "aria-label": w.saved }, p.saved)) : null);
}
