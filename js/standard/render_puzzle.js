// The puzzle's header and panel (docs/widget.md, "Puzzle mode"); the board itself is the
// play board of render.js. Pure: only creates elements.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { canGoto, picksEnabled, puzzleOf } from "./puzzle.js";
import { FLAG_PATH, button, icon, languageButton } from "../render_cards.js";
import { boardEntry } from "../board.js";

const KINDS = new Set(["claims", "move", "win"]);
const FEEDBACK = new Set(["right", "wrong", "info"]);

/** The feedback as lines (Python may send them split; else the one text). */
export function feedbackLines(fb) {
  if (!fb) return [];
  if (Array.isArray(fb.lines) && fb.lines.length) return fb.lines.map(String);
  return fb.text ? [String(fb.text)] : [];
}

/** Title, level, number and the Previous / Next puzzle buttons. */
export function puzzleHeader(view) {
  const p = puzzleOf(view) || {};
  const total = Number(p.total) || 0;
  const number = Number(p.number) || 0;
  const status = p.status === "solved" || p.status === "revealed" ? p.status : null;
  return h(
    "header",
    { class: "bl-top bl-puzzle-top" },
    h("div", { class: "bl-title" },
      h("span", { class: "bl-logo", "aria-hidden": "true" }, icon(FLAG_PATH, "bl-logo-icon")),
      total > 0 ? h("span", { class: "bl-score" }, t(view, "puzzleNumber", { n: number, total })) : null,
      h("strong", { class: "bl-puzzle-title" }, p.title || t(view, "puzzle")),
      p.level ? h("span", { class: `bl-badge bl-level-${/^[a-z]+$/.test(p.level) ? p.level : "other"}` },
        p.level_label || p.level) : null,
      KINDS.has(p.kind) ? h("span", { class: "bl-badge" }, t(view, `puzzleKind.${p.kind}`)) : null,
      status ? h("span", { class: `bl-badge bl-puzzle-${status}`, key: "puzzle-status" }, t(view, `puzzleStatus.${status}`)) : null),
    h("div", { class: "bl-top-actions" },
      total > 1
        ? button(t(view, "previousPuzzle"), "goto", {
          key: "puzzle-prev",
          disabled: !canGoto(view, number - 1),
          data: { "data-number": number - 1 },
        })
        : null,
      total > 1
        ? button(t(view, "nextPuzzle"), "goto", {
          key: "puzzle-next",
          disabled: !canGoto(view, number + 1),
          cls: p.status !== "solving" ? "bl-primary" : "",
          data: { "data-number": number + 1 },
        })
        : null,
      boardEntry(view),
      languageButton(view)),
  );
}

/** The question, the buttons, the feedback (a live region) and the steps shown so far.
 * `ui.picks` are the flags picked in a claims puzzle. */
export function puzzlePanel(view, ui) {
  const p = puzzleOf(view) || {};
  const claims = p.kind === "claims";
  const fb = p.feedback && p.feedback.text ? p.feedback : null;
  const kind = fb && FEEDBACK.has(fb.kind) ? fb.kind : "info";
  const steps = Array.isArray(p.steps) ? p.steps : [];
  const picks = (ui && ui.picks) || [];
  // A step just shown is both the feedback and the last line of the steps: it shows once
  // (the feedback stays in the page for screen readers, which announce it).
  const isStep = !!fb && kind === "info" && steps.length > 0 && fb.text === steps[steps.length - 1];
  return h(
    "section",
    { class: "bl-puzzle", key: "puzzle", "aria-label": t(view, "puzzleControls") },
    p.question ? h("p", { class: "bl-puzzle-question" }, p.question) : null,
    claims && p.status === "solving"
      ? h("p", { class: "bl-puzzle-hint", key: "picks", title: t(view, "picksPrompt") },
        h("span", { class: "bl-puzzle-picks", "aria-live": "polite" },
          t(view, "picked", { flags: picks.join(t(view, "listSep")), count: picks.length })))
      : null,
    h("div", { class: "bl-puzzle-actions" },
      claims
        ? button(t(view, "checkAnswer"), "check", { key: "puzzle-check", cls: "bl-primary", disabled: !picksEnabled(view) })
        : null,
      claims && p.can_show_solution
        ? button(t(view, "showSolution"), "solution", { key: "puzzle-solution" })
        : null,
      button(t(view, "showNextStep"), "step", { key: "puzzle-step", disabled: !p.can_step }),
      button(t(view, "startAgain"), "reset", { key: "puzzle-reset" })),
    // The feedback is a pop-up over the board (it never pushes the page), closed with its
    // × button or Escape; the live region stays, empty, once closed.
    h("div", {
      key: "puzzle-feedback",
      class: `bl-puzzle-feedback bl-popup${fb && !ui.feedbackHidden ? ` is-${kind}` : " is-empty"}${isStep ? " bl-sr" : ""}`,
      role: "status",
      "aria-live": "polite",
      "aria-label": t(view, "puzzleFeedback"),
    },
    fb && !ui.feedbackHidden ? feedbackLines(fb).map((line, i) => h("p", { key: `fb-${i}` }, line)) : null,
    fb && !ui.feedbackHidden && !isStep
      ? h("button", {
        type: "button",
        class: "bl-close",
        key: "feedback-close",
        "data-act": "dismiss-feedback",
        "aria-label": t(view, "closeFeedback"),
        title: t(view, "close"),
      }, "×")
      : null),
    steps.length
      ? h("div", { class: "bl-puzzle-steps", key: "puzzle-steps" },
        h("div", { class: "bl-caption", id: `${ui.uid}-steps` }, t(view, "solutionSteps")),
        h("ol", { "aria-labelledby": `${ui.uid}-steps` }, steps.map((s, i) => h("li", { key: `step-${i}` }, s))))
      : null,
  );
}

/** Once the lesson's last step is done: where the player is looking (over the hand, as a
 * game's result), what to do next, a real game (Python's text, `view.puzzle.finale`). */
export function lessonDoneBanner(view) {
  const p = puzzleOf(view);
  if (!p || typeof p.finale !== "string" || !p.finale) return null;
  return h(
    "div",
    { class: "bl-result is-win bl-lesson-done", role: "region", "aria-label": t(view, "lessonDone"), key: "lesson-done" },
    h("div", { class: "bl-result-text" }, t(view, "lessonDone")),
    h("div", { class: "bl-result-reason" }, p.finale),
  );
}
