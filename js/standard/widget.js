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
import { attachStudy } from "../study.js";
import { attachBoard } from "../board.js";

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

const messageOf = (v) => (modeOf(v) === "edit" ? (v.editor || {}).message : v.message) || null;
const keyOf = (x) => (x ? JSON.stringify(x) : null);
const feedbackOf = (v) => (v.puzzle && v.puzzle.feedback) || null;

/** One mounted widget: what the view does not hold (the choices being made, the pop-ups
 * closed, the hand's order, a move on its way), the DOM events, and the re-render. */
class Mounted {
  constructor(model, el) {
    const { doc, root, app } = mountRoot(el);
    Object.assign(this, { model, doc, root, app, uid: `bl${++instances}` });
    this.mode = null;
    this.selection = null; // play and puzzle: logic.js
    this.editSelection = null; // edit: editor.js
    this.picks = null; // claims puzzles: puzzle.js { key, picks }
    this.textDraft = null; // edit: the user's edits of the position text
    this.opponent = null; // edit: the opponent chosen for "Play from here"
    this.copied = false;
    this.copiedTimer = null;
    // Pop-ups closed by the user (× or Escape), by content; any new intent shows the answer
    // to it again.
    this.dismissedClaim = null;
    this.dismissedMessage = null;
    this.dismissedFeedback = null;
    this.handOrder = "drawn"; // a view preference: logic.js sortHand
    this.pending = false;
    this.pendingTimer = null;
    this.logLength = -1;
    // the DOM's event handlers, bound once (so that they can be removed)
    for (const name of ["onClick", "onChange", "onInput", "onKeydown", "onView"]) this[name] = this[name].bind(this);
  }

  view() {
    return this.model.get("view") || {};
  }

  build(v) {
    const m = modeOf(v);
    if (m !== this.mode) {
      // Another mode (the editor's "Play from here", "Back to editor"): nothing carries over.
      this.mode = m;
      this.selection = null;
      this.editSelection = null;
      this.picks = null;
      this.textDraft = null;
    }
    if (m === "edit") {
      const ea = editorInteraction(v, this.editSelection);
      this.editSelection = ea.selection;
      this.textDraft = normalizeTextDraft(v, this.textDraft);
      return buildEditor(v, ea, {
        uid: this.uid,
        opponent: this.opponent,
        text: positionText(v, this.textDraft),
        copied: this.copied,
        messageHidden: this.messageHidden(v),
      });
    }
    const ia = interaction(v, this.selection);
    this.selection = ia.selection;
    this.picks = normalizePicks(v, this.picks);
    return buildApp(v, ia, {
      uid: this.uid,
      claimKey: keyOf(v.claim),
      dismissedClaim: this.dismissedClaim,
      pending: this.pending,
      picks: this.picks.picks,
      handOrder: this.handOrder,
      messageHidden: this.messageHidden(v),
      feedbackHidden: !!feedbackOf(v) && keyOf(feedbackOf(v)) === this.dismissedFeedback,
      study: this.study ? this.study.ui : null,
    });
  }

  messageHidden(v) {
    const msg = messageOf(v);
    return !!msg && keyOf(msg) === this.dismissedMessage;
  }

  /** The pop-ups showing now, the most recent kind first. */
  openPopups() {
    const v = this.view();
    const { mode, app } = this;
    const open = [];
    if (mode !== "edit" && v.claim && v.claim.flag && keyOf(v.claim) !== this.dismissedClaim) open.push("claim");
    if (mode !== "edit" && v.explain && v.explain.flag && app.querySelector(".bl-callout-explain")) open.push("explain");
    if (messageOf(v) && messageOf(v).text && !this.messageHidden(v)) open.push("message");
    if (mode === "puzzle" && feedbackOf(v) && keyOf(feedbackOf(v)) !== this.dismissedFeedback
      && app.querySelector(".bl-puzzle-feedback:not(.is-empty) .bl-close")) open.push("feedback");
    return open;
  }

  /** Close one pop-up; focus goes back to what opened it when it was inside the pop-up. */
  dismiss(kind) {
    const v = this.view();
    const active = this.doc.activeElement;
    const popup = active && active.closest ? active.closest(".bl-popup") : null;
    let flag = null;
    if (kind === "claim") {
      this.dismissedClaim = keyOf(v.claim);
      flag = v.claim ? v.claim.flag : null;
    } else if (kind === "explain") {
      flag = v.explain ? v.explain.flag : null;
      // Python keeps the explanation open: ask it to close (not a new intent to answer).
      const r = click(v, this.selection, { type: "explain-close" });
      if (r.message) this.model.send(r.message);
    } else if (kind === "message") {
      this.dismissedMessage = keyOf(messageOf(v));
    } else if (kind === "feedback") {
      this.dismissedFeedback = keyOf(feedbackOf(v));
    }
    this.update();
    if (popup) this.focusOpener(kind, flag);
  }

  /** Focus what opened a closed pop-up (the flag's claim or explain button, the puzzle's). */
  focusOpener(kind, flag) {
    const selectors = kind === "claim"
      ? [`[data-act="claim"][data-flag="${flag}"]`, `[data-act="flag"][data-flag="${flag}"]`]
      : kind === "explain"
        ? [`[data-act="explain"][data-flag="${flag}"]`]
        : kind === "feedback"
          ? ['[data-act="check"]', '[data-act="step"]']
          : [];
    for (const sel of selectors) {
      const el = this.app.querySelector(sel);
      if (el && !el.disabled && typeof el.focus === "function") {
        el.focus({ preventScroll: true });
        return;
      }
    }
  }

  update() {
    h.document = this.doc;
    const v = this.view();
    morphKeepingFocus(this.app, this.build(v));
    // The position text box shows the user's edits, or else Python's text (a textarea's
    // value is not an attribute: morph cannot set it).
    const box = this.textBox();
    if (box) {
      const want = positionText(v, this.textDraft);
      if (box.value !== want) box.value = want;
    }
    if (this.study) this.study.afterUpdate();
    const log = (v.log || []).length;
    if (log !== this.logLength) {
      this.logLength = log;
      const list = this.app.querySelector(".bl-log");
      if (list) list.scrollTop = list.scrollHeight;
    }
  }

  clearPending() {
    this.pending = false;
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
  }

  /** A new intent: its answer shows even if an equal one was closed before. */
  forgetDismissed() {
    this.dismissedClaim = null;
    this.dismissedMessage = null;
    this.dismissedFeedback = null;
  }

  send(message) {
    if (!message) return;
    this.forgetDismissed();
    this.model.send(message);
  }

  act(target) {
    const v = this.view();
    if (this.mode === "edit") {
      const r = editorClick(v, this.editSelection, target);
      this.editSelection = r.selection;
      this.send(r.message);
      this.update();
      if (r.message && r.message.type === "edit_place") this.keepFocus(r.message.card);
      return;
    }
    if (PUZZLE_ACTS.has(target.type)) {
      const r = puzzleClick(v, this.picks ? this.picks.picks : [], target);
      this.picks = { key: this.picks ? this.picks.key : null, picks: r.picks };
      if (r.message) this.selection = null;
      this.send(r.message);
      this.update();
      return;
    }
    if (this.pending && BOARD_ACTS.has(target.type)) return;
    const r = click(v, this.selection, target);
    this.selection = r.selection;
    if (r.message) {
      if (r.message.type === "move") this.startPending();
      this.send(r.message);
    }
    this.update();
  }

  /** A move is on its way: board clicks wait for Python's answer (or PENDING_MS). */
  startPending() {
    this.pending = true;
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => {
      this.clearPending();
      this.update();
    }, PENDING_MS);
  }

  /** After a placement the place clicked is disabled (no card is chosen any more): a
   * keyboard user goes on from the card just placed, in the palette. */
  keepFocus(cardId) {
    const active = this.doc.activeElement;
    if (active && this.root.contains(active) && !active.disabled) return;
    const again = Array.from(this.app.querySelectorAll('[data-act="palette"]')).find(
      (n) => n.getAttribute("data-card") === cardId,
    );
    if (again && typeof again.focus === "function") again.focus({ preventScroll: true });
  }

  textBox() {
    return this.app.querySelector('textarea[data-edit="text"]');
  }

  showCopied() {
    this.copied = true;
    if (this.copiedTimer) clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => {
      this.copied = false;
      this.copiedTimer = null;
      this.update();
    }, COPIED_MS);
    this.update();
  }

  /** Copy the position text: the Clipboard API when there is one, else the selection. */
  copy() {
    const box = this.textBox();
    const text = box ? box.value : positionText(this.view(), this.textDraft);
    const nav = this.doc.defaultView && this.doc.defaultView.navigator;
    if (nav && nav.clipboard && typeof nav.clipboard.writeText === "function") {
      nav.clipboard.writeText(text).then(() => this.showCopied(), () => {
        if (box) box.select();
      });
      return;
    }
    if (box) {
      box.select();
      try {
        if (this.doc.execCommand && this.doc.execCommand("copy")) this.showCopied();
      } catch {
        /* the text stays selected: the user can copy it */
      }
    }
  }

  onClick(event) {
    const btn = event.target && event.target.closest ? event.target.closest("[data-act]") : null;
    if (!btn || !this.root.contains(btn) || btn.disabled) return;
    const target = targetOf(btn);
    if (target.type === "language") {
      this.send({ type: "language", lang: target.lang }); // Python re-words the view and sends it
      return;
    }
    if (target.type === "dismiss-claim" || target.type === "dismiss-message" || target.type === "dismiss-feedback") {
      this.dismiss(target.type.slice("dismiss-".length));
      return;
    }
    if (target.type === "sort") {
      if (HAND_ORDERS.includes(target.order)) this.handOrder = target.order;
      this.update();
      return;
    }
    if (this.mode === "edit") {
      if (target.type === "copy") {
        this.copy();
        return;
      }
      if (target.type === "load") {
        const box = this.textBox();
        target.text = box ? box.value : positionText(this.view(), this.textDraft);
      }
      if (target.type === "play") target.opponent = chosenOpponent(this.view(), this.opponent);
      if (!EDITOR_ACTS.has(target.type)) return;
    }
    this.act(target);
  }

  onChange(event) {
    const input = event.target;
    if (!input || !input.getAttribute) return;
    const option = input.getAttribute("data-option");
    if (option) {
      this.act({ type: "option", name: option, value: !!input.checked });
      return;
    }
    const edit = input.getAttribute("data-edit");
    if (!edit || this.mode !== "edit") return;
    if (edit === "opponent") {
      this.opponent = input.value;
      this.update();
    } else if (edit === "claim") {
      this.act({ type: "claim", flag: Number(input.getAttribute("data-flag")), player: input.value });
    } else if (edit === "to_move") {
      if (input.checked) this.act({ type: "to_move", value: input.value });
    } else if (edit === "rules") {
      this.act({ type: "rules", value: input.value });
    } else if (edit === "text") {
      this.textDraft = editText(this.view(), input.value);
    }
  }

  onInput(event) {
    const input = event.target;
    if (this.mode === "edit" && input && input.getAttribute && input.getAttribute("data-edit") === "text") {
      this.textDraft = editText(this.view(), input.value);
    }
  }

  /** Escape drops the chosen card first, else closes the pop-ups. */
  onKeydown(event) {
    if (event.key !== "Escape") return;
    if (this.mode === "edit" ? this.editSelection : this.selection) {
      this.selection = null;
      this.editSelection = null;
      event.preventDefault();
      event.stopPropagation();
      this.update();
      return;
    }
    const open = this.openPopups();
    if (!open.length) return;
    event.preventDefault();
    event.stopPropagation();
    for (const kind of open) this.dismiss(kind);
  }

  onView() {
    this.clearPending();
    this.update();
  }

  /** Listen to the model and the DOM; returns the cleanup function. */
  start() {
    const { model, root } = this;
    const stopFit = watchFit(root, (fit) => {
      root.setAttribute("data-fit", fit);
      root.classList.toggle("bl-compact", fit === "compact");
    });
    model.on("change:view", this.onView);
    // replay, review, hints, save and load (study.js): their own controls and the move keys
    this.study = attachStudy({ root, getView: () => this.view(), send: (m) => this.send(m), update: () => this.update() });
    // the analysis board (board.js): its controls and its arrow keys
    const detachBoard = attachBoard({ root, getView: () => this.view(), send: (m) => this.send(m) });
    root.addEventListener("click", this.onClick);
    root.addEventListener("change", this.onChange);
    root.addEventListener("input", this.onInput);
    root.addEventListener("keydown", this.onKeydown);
    this.update();
    return () => {
      model.off("change:view", this.onView);
      this.study.detach();
      detachBoard();
      stopFit();
      root.removeEventListener("click", this.onClick);
      root.removeEventListener("change", this.onChange);
      root.removeEventListener("input", this.onInput);
      root.removeEventListener("keydown", this.onKeydown);
      this.clearPending();
      if (this.copiedTimer) clearTimeout(this.copiedTimer);
      root.remove();
    };
  }
}

/**
 * Mount the widget into `el` for the anywidget `model`. Returns the cleanup function.
 * Exported (besides the default export) so tests can drive it with a fake model.
 */
export function mount({ model, el }) {
  return new Mounted(model, el).start();
}

export default {
  render({ model, el }) {
    return mount({ model, el });
  },
};
