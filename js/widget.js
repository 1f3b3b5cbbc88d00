// The anywidget front end of battleline.BattleLineWidget (protocol: docs/widget.md).
//
// Python owns the game; this module only shows `view` and sends intents. The interaction
// state machines live in logic.js (play), editor.js (edit mode) and puzzle.js (puzzle
// picks), all pure and tested with node --test; the DOM in render.js (play and puzzle)
// and render_editor.js (edit).

import { h, morph } from "./dom.js";
import {
  chosenOpponent,
  editText,
  editorClick,
  editorInteraction,
  normalizeTextDraft,
  positionText,
} from "./editor.js";
import { click, interaction, modeOf } from "./logic.js";
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
  const doc = el.ownerDocument || globalThis.document;
  const uid = `bl${++instances}`;
  const root = doc.createElement("div");
  root.className = "bl-root";
  // JupyterLab: keys pressed on the widget's buttons are not notebook shortcuts
  // ("d d" would delete the cell, Enter would enter edit mode instead of clicking).
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const app = doc.createElement("div");
  app.className = "bl-app";
  root.appendChild(app);
  el.appendChild(root);

  let mode = null;
  let selection = null; // play and puzzle: logic.js
  let editSelection = null; // edit: editor.js
  let picks = null; // claims puzzles: puzzle.js { key, picks }
  let textDraft = null; // edit: the user's edits of the position text
  let opponent = null; // edit: the opponent chosen for "Play from here"
  let copied = false;
  let copiedTimer = null;
  let dismissedClaim = null;
  let pending = false;
  let pendingTimer = null;
  let logLength = -1;

  const view = () => model.get("view") || {};

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
      return buildEditor(v, ea, { uid, opponent, text: positionText(v, textDraft), copied });
    }
    const ia = interaction(v, selection);
    selection = ia.selection;
    picks = normalizePicks(v, picks);
    const claimKey = v.claim ? JSON.stringify(v.claim) : null;
    return buildApp(v, ia, { uid, claimKey, dismissedClaim, pending, picks: picks.picks });
  }

  function update() {
    h.document = doc;
    const v = view();
    const active = doc.activeElement;
    const activeKey = active && root.contains(active) ? active.getAttribute("data-key") : null;
    morph(app, build(v));
    if (activeKey && doc.activeElement !== active) {
      const again = Array.from(app.querySelectorAll("[data-key]")).find(
        (n) => n.getAttribute("data-key") === activeKey,
      );
      if (again && !again.disabled && typeof again.focus === "function") again.focus();
    }
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

  function send(message) {
    if (message) model.send(message);
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
      model.send(r.message);
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
    if (target.type === "dismiss-claim") {
      const c = view().claim;
      dismissedClaim = c ? JSON.stringify(c) : null;
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

  function onKeydown(event) {
    if (event.key !== "Escape") return;
    if (mode === "edit" ? editSelection : selection) {
      selection = null;
      editSelection = null;
      event.preventDefault();
      event.stopPropagation();
      update();
    }
  }

  function onView() {
    clearPending();
    update();
  }

  model.on("change:view", onView);
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("input", onInput);
  root.addEventListener("keydown", onKeydown);
  update();

  return () => {
    model.off("change:view", onView);
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
