// Puzzle mode (docs/widget.md, "Puzzle mode"): pure functions, no DOM.
//
// Move and win puzzles are played with the normal interaction (logic.js). A claims puzzle
// is answered by picking flags: the picks live in the front end only (a sorted array of
// flag numbers) and go to Python with "Check answer". They are dropped when another
// puzzle opens or the puzzle's status changes (solved, solution shown, started again).

import { isClaimsPuzzle, modeOf } from "./logic.js";

/** The puzzle of a view, or null. */
export function puzzleOf(view) {
  return modeOf(view) === "puzzle" && view.puzzle && typeof view.puzzle === "object" ? view.puzzle : null;
}

/** What the picks belong to: the puzzle (id and number) and its status. */
export function picksKey(view) {
  const p = puzzleOf(view);
  return p ? `${p.id}|${p.number}|${p.status}` : null;
}

/** The picks state { key, picks } for this view: kept while the key is the same. */
export function normalizePicks(view, state) {
  const key = picksKey(view);
  if (!state || state.key !== key || !isClaimsPuzzle(view)) return { key, picks: [] };
  return state;
}

export const isPicked = (picks, n) => Array.isArray(picks) && picks.includes(n);

/** The picks with flag `n` added or removed (sorted). */
export function togglePick(picks, n) {
  const set = new Set(Array.isArray(picks) ? picks : []);
  if (set.has(n)) set.delete(n);
  else set.add(n);
  return [...set].sort((a, b) => a - b);
}

/** Flags may be picked (and the answer checked) while a claims puzzle is being solved. */
export function picksEnabled(view) {
  const p = puzzleOf(view);
  return !!p && p.kind === "claims" && p.status === "solving" && !view.cover && !view.thinking;
}

/** May puzzle `number` be opened (1 … total, not the one on screen)? */
export function canGoto(view, number) {
  const p = puzzleOf(view);
  const total = p ? Number(p.total) || 0 : 0;
  return !!p && Number.isInteger(number) && number >= 1 && number <= total && number !== p.number;
}

/**
 * What a click in a puzzle does. `target`: {type:"pick", flag}, {type:"check"},
 * {type:"step"}, {type:"solution"}, {type:"reset"}, {type:"goto", number}.
 * Returns { picks, message }.
 */
export function puzzleClick(view, picks, target) {
  const keep = { picks, message: null };
  const p = puzzleOf(view);
  if (!p || !target) return keep;
  switch (target.type) {
    case "pick":
      if (!picksEnabled(view) || !(target.flag >= 1 && target.flag <= 9)) return keep;
      return { picks: togglePick(picks, target.flag), message: null };
    case "check":
      if (!picksEnabled(view)) return keep;
      return { picks, message: { type: "puzzle_answer", flags: [...(picks || [])].sort((a, b) => a - b) } };
    case "step":
      return p.can_step ? { picks, message: { type: "puzzle_step" } } : keep;
    case "solution": // the whole answer, only on request (a wrong answer gives a hint)
      return p.can_show_solution ? { picks: [], message: { type: "puzzle_solution" } } : keep;
    case "reset":
      return { picks: [], message: { type: "puzzle_reset" } };
    case "goto":
      return canGoto(view, target.number) ? { picks: [], message: { type: "puzzle_goto", number: target.number } } : keep;
    default:
      return keep;
  }
}
