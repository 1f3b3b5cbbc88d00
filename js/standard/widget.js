// The anywidget front end of battleline.BattleLineWidget (protocol: docs/widget.md).
//
// Python owns the game; this module only shows `view` and sends intents. The interaction
// state machines live in logic.js (play), editor.js (edit mode) and puzzle.js (puzzle
// picks), all pure and tested with node --test; the DOM in render.js (play and puzzle)
// and render_editor.js (edit).

import { h, morphKeepingFocus, mountRoot } from "../dom.js";
import {
  chosenOpponent,
  editText,
  editorClick,
  editorInteraction,
  normalizeTextDraft,
  positionText,
} from "./editor.js";
import { watchFit } from "./layout.js";
import { HAND_ORDERS, click, interaction, modeOf } from "./logic.js";
import { normalizePicks, puzzleClick } from "./puzzle.js";
import { buildApp } from "./render.js";
import { buildEditor } from "./render_editor.js";

let instances = 0;

/** How long clicks on the board are ignored after a move was sent, unless Python
 * answers sooner (it always answers by updating `view`). Guards against double clicks. */
export const PENDING_MS = 1000;

/** How long the Copy button says "Copied". */
export const COPIED_MS = 1500;

function targetOf(btn) {
  const act = btn.getAttribute("data-act");
  const t = { type: act };
  const card = btn.getAttribute("data-card");
  if (card != null) t.card = card;
  const flag = btn.getAttribute("data-flag");
  if (flag != null) t.flag = Number(flag);
  const deck = btn.getAttribute("data-deck");
  if (deck != null) t.deck = deck;
  const lang = btn.getAttribute("data-lang");
  if (lang != null) t.lang = lang;
  const number = btn.getAttribute("data-number");
  if (number != null) t.number = Number(number);
  const order = btn.getAttribute("data-order");
  if (order != null) t.order = order;
  // Editor places: data-to with data-side (flags) or data-player (hands, discards).
  const to = btn.getAttribute("data-to");
  if (to != null) {
    t.to = to;
    const side = btn.getAttribute("data-side");
    if (side != null) t.side = side;
    const player = btn.getAttribute("data-player");
    if (player != null) t.player = player;
  }
  return t;
}

const BOARD_ACTS = new Set(["hand", "flag", "place", "mine", "theirs", "draw", "pass", "end", "discard", "claim"]);
const PUZZLE_ACTS = new Set(["pick", "check", "step", "solution", "reset", "goto"]);
const EDITOR_ACTS = new Set(["palette", "placed", "target", "cancel", "clear", "load", "play"]);

/**
 * Mount the widget into `el` for the anywidget `model`. Returns the cleanup function.
 * Exported (besides the default export) so tests can drive it with a fake model.
 */
export function mount({ model, el }) {
  const { doc, root, app } = mountRoot(el);
  const uid = `bl${++instances}`;

  let mode = null;
  let selection = null; // play and puzzle: logic.js
  let editSelection = null; // edit: editor.js
  let picks = null; // claims puzzles: puzzle.js { key, picks }
  let textDraft = null; // edit: the user's edits of the position text
  let opponent = null; // edit: the opponent chosen for "Play from here"
  let copied = false;
  let copiedTimer = null;
  // Pop-ups closed by the user (× or Escape), by content; any new intent shows the answer
  // to it again.
  let dismissedClaim = null;
  let dismissedMessage = null;
  let dismissedFeedback = null;
  let handOrder = "drawn"; // a view preference: logic.js sortHand
  let pending = false;
  let pendingTimer = null;
  let logLength = -1;

  const view = () => model.get("view") || {};
  const messageOf = (v) => (modeOf(v) === "edit" ? (v.editor || {}).message : v.message) || null;
  const keyOf = (x) => (x ? JSON.stringify(x) : null);
  const feedbackOf = (v) => (v.puzzle && v.puzzle.feedback) || null;

  function build(v) {
    const m = modeOf(v);
    if (m !== mode) {
      // Another mode (the editor's "Play from here", "Back to editor"): nothing carries over.
      mode = m;
      selection = null;
      editSelection = null;
      picks = null;
      textDraft = null;
    }
    if (m === "edit") {
      const ea = editorInteraction(v, editSelection);
      editSelection = ea.selection;
      textDraft = normalizeTextDraft(v, textDraft);
      return buildEditor(v, ea, {
        uid, opponent, text: positionText(v, textDraft), copied, messageHidden: messageHidden(v),
      });
    }
    const ia = interaction(v, selection);
    selection = ia.selection;
    picks = normalizePicks(v, picks);
    const claimKey = keyOf(v.claim);
    return buildApp(v, ia, {
      uid,
      claimKey,
      dismissedClaim,
      pending,
      picks: picks.picks,
      handOrder,
      messageHidden: messageHidden(v),
      feedbackHidden: !!feedbackOf(v) && keyOf(feedbackOf(v)) === dismissedFeedback,
    });
  }

  function messageHidden(v) {
    const msg = messageOf(v);
    return !!msg && keyOf(msg) === dismissedMessage;
  }

  /** The pop-ups showing now, the most recent kind first. */
  function openPopups() {
    const v = view();
    const open = [];
    if (mode !== "edit" && v.claim && v.claim.flag && keyOf(v.claim) !== dismissedClaim) open.push("claim");
    if (mode !== "edit" && v.explain && v.explain.flag && app.querySelector(".bl-callout-explain")) open.push("explain");
    if (messageOf(v) && messageOf(v).text && !messageHidden(v)) open.push("message");
    if (mode === "puzzle" && feedbackOf(v) && keyOf(feedbackOf(v)) !== dismissedFeedback
      && app.querySelector(".bl-puzzle-feedback:not(.is-empty) .bl-close")) open.push("feedback");
    return open;
  }

  /** Close one pop-up; focus goes back to what opened it when it was inside the pop-up. */
  function dismiss(kind) {
    const v = view();
    const active = doc.activeElement;
    const popup = active && active.closest ? active.closest(".bl-popup") : null;
    let flag = null;
    if (kind === "claim") {
      dismissedClaim = keyOf(v.claim);
      flag = v.claim ? v.claim.flag : null;
    } else if (kind === "explain") {
      flag = v.explain ? v.explain.flag : null;
      // Python keeps the explanation open: ask it to close (not a new intent to answer).
      const r = click(v, selection, { type: "explain-close" });
      if (r.message) model.send(r.message);
    } else if (kind === "message") {
      dismissedMessage = keyOf(messageOf(v));
    } else if (kind === "feedback") {
      dismissedFeedback = keyOf(feedbackOf(v));
    }
    update();
    if (!popup) return;
    const selectors = kind === "claim"
      ? [`[data-act="claim"][data-flag="${flag}"]`, `[data-act="flag"][data-flag="${flag}"]`]
      : kind === "explain"
        ? [`[data-act="explain"][data-flag="${flag}"]`]
        : kind === "feedback"
          ? ['[data-act="check"]', '[data-act="step"]']
          : [];
    for (const sel of selectors) {
      const el = app.querySelector(sel);
      if (el && !el.disabled && typeof el.focus === "function") {
        el.focus({ preventScroll: true });
        return;
      }
    }
  }

  function update() {
    h.document = doc;
    const v = view();
    morphKeepingFocus(app, build(v));
    // The position text box shows the user's edits, or else Python's text (a textarea's
    // value is not an attribute: morph cannot set it).
    const box = app.querySelector('textarea[data-edit="text"]');
    if (box) {
      const want = positionText(v, textDraft);
      if (box.value !== want) box.value = want;
    }
    const log = (v.log || []).length;
    if (log !== logLength) {
      logLength = log;
      const list = app.querySelector(".bl-log");
      if (list) list.scrollTop = list.scrollHeight;
    }
  }

  function clearPending() {
    pending = false;
    if (pendingTimer) clearTimeout(pendingTimer);
    pendingTimer = null;
  }

  /** A new intent: its answer shows even if an equal one was closed before. */
  function forgetDismissed() {
    dismissedClaim = null;
    dismissedMessage = null;
    dismissedFeedback = null;
  }

  function send(message) {
    if (!message) return;
    forgetDismissed();
    model.send(message);
  }

  function act(target) {
    const v = view();
    if (mode === "edit") {
      const r = editorClick(v, editSelection, target);
      editSelection = r.selection;
      send(r.message);
      update();
      if (r.message && r.message.type === "edit_place") keepFocus(r.message.card);
      return;
    }
    if (PUZZLE_ACTS.has(target.type)) {
      const r = puzzleClick(v, picks ? picks.picks : [], target);
      picks = { key: picks ? picks.key : null, picks: r.picks };
      if (r.message) selection = null;
      send(r.message);
      update();
      return;
    }
    if (pending && BOARD_ACTS.has(target.type)) return;
    const r = click(v, selection, target);
    selection = r.selection;
    if (r.message) {
      if (r.message.type === "move") {
        pending = true;
        if (pendingTimer) clearTimeout(pendingTimer);
        pendingTimer = setTimeout(() => {
          clearPending();
          update();
        }, PENDING_MS);
      }
      send(r.message);
    }
    update();
  }

  /** After a placement the place clicked is disabled (no card is chosen any more): a
   * keyboard user goes on from the card just placed, in the palette. */
  function keepFocus(cardId) {
    const active = doc.activeElement;
    if (active && root.contains(active) && !active.disabled) return;
    const again = Array.from(app.querySelectorAll('[data-act="palette"]')).find(
      (n) => n.getAttribute("data-card") === cardId,
    );
    if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
  }

  function textBox() {
    return app.querySelector('textarea[data-edit="text"]');
  }

  function showCopied() {
    copied = true;
    if (copiedTimer) clearTimeout(copiedTimer);
    copiedTimer = setTimeout(() => {
      copied = false;
      copiedTimer = null;
      update();
    }, COPIED_MS);
    update();
  }

  /** Copy the position text: the Clipboard API when there is one, else the selection. */
  function copy() {
    const box = textBox();
    const text = box ? box.value : positionText(view(), textDraft);
    const nav = doc.defaultView && doc.defaultView.navigator;
    if (nav && nav.clipboard && typeof nav.clipboard.writeText === "function") {
      nav.clipboard.writeText(text).then(showCopied, () => {
        if (box) box.select();
      });
      return;
    }
    if (box) {
      box.select();
      try {
        if (doc.execCommand && doc.execCommand("copy")) showCopied();
      } catch {
        /* the text stays selected: the user can copy it */
      }
    }
  }

  function onClick(event) {
    const btn = event.target && event.target.closest ? event.target.closest("[data-act]") : null;
    if (!btn || !root.contains(btn) || btn.disabled) return;
    const target = targetOf(btn);
    if (target.type === "language") {
      send({ type: "language", lang: target.lang }); // Python re-words the view and sends it
      return;
    }
    if (target.type === "dismiss-claim" || target.type === "dismiss-message" || target.type === "dismiss-feedback") {
      dismiss(target.type.slice("dismiss-".length));
      return;
    }
    if (target.type === "sort") {
      if (HAND_ORDERS.includes(target.order)) handOrder = target.order;
      update();
      return;
    }
    if (mode === "edit") {
      if (target.type === "copy") {
        copy();
        return;
      }
      if (target.type === "load") {
        const box = textBox();
        target.text = box ? box.value : positionText(view(), textDraft);
      }
      if (target.type === "play") target.opponent = chosenOpponent(view(), opponent);
      if (!EDITOR_ACTS.has(target.type)) return;
    }
    act(target);
  }

  function onChange(event) {
    const input = event.target;
    if (!input || !input.getAttribute) return;
    const option = input.getAttribute("data-option");
    if (option) {
      act({ type: "option", name: option, value: !!input.checked });
      return;
    }
    const edit = input.getAttribute("data-edit");
    if (!edit || mode !== "edit") return;
    if (edit === "opponent") {
      opponent = input.value;
      update();
    } else if (edit === "claim") {
      act({ type: "claim", flag: Number(input.getAttribute("data-flag")), player: input.value });
    } else if (edit === "to_move") {
      if (input.checked) act({ type: "to_move", value: input.value });
    } else if (edit === "rules") {
      act({ type: "rules", value: input.value });
    } else if (edit === "text") {
      textDraft = editText(view(), input.value);
    }
  }

  function onInput(event) {
    const input = event.target;
    if (mode === "edit" && input && input.getAttribute && input.getAttribute("data-edit") === "text") {
      textDraft = editText(view(), input.value);
    }
  }

  /** Escape drops the chosen card first, else closes the pop-ups. */
  function onKeydown(event) {
    if (event.key !== "Escape") return;
    if (mode === "edit" ? editSelection : selection) {
      selection = null;
      editSelection = null;
      event.preventDefault();
      event.stopPropagation();
      update();
      return;
    }
    const open = openPopups();
    if (!open.length) return;
    event.preventDefault();
    event.stopPropagation();
    for (const kind of open) dismiss(kind);
  }

  function onView() {
    clearPending();
    update();
  }

  const stopFit = watchFit(root, (fit) => {
    root.setAttribute("data-fit", fit);
    root.classList.toggle("bl-compact", fit === "compact");
  });
  model.on("change:view", onView);
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("keydown", onKeydown);
  update();

  return () => {
    model.off("change:view", onView);
    stopFit();
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("input", onInput);
    root.removeEventListener("keydown", onKeydown);
    clearPending();
    if (copiedTimer) clearTimeout(copiedTimer);
    root.remove();
  };
}

export default {
  render({ model, el }) {
    return mount({ model, el });
  },
};
