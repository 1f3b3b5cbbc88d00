// The anywidget front end of battleline.BattleLineWidget (protocol: docs/widget.md).
//
// Python owns the game; this module only shows `view` and sends intents. The interaction
// state machine lives in logic.js (pure, tested with node --test), the DOM in render.js.

import { h, morph } from "./dom.js";
import { click, interaction } from "./logic.js";
import { buildApp } from "./render.js";

let instances = 0;

/** How long clicks on the board are ignored after a move was sent, unless Python
 * answers sooner (it always answers by updating `view`). Guards against double clicks. */
export const PENDING_MS = 1000;

function targetOf(btn) {
  const act = btn.getAttribute("data-act");
  const card = btn.getAttribute("data-card");
  const flag = btn.getAttribute("data-flag");
  const t = { type: act };
  if (card != null) t.card = card;
  if (flag != null) t.flag = Number(flag);
  const deck = btn.getAttribute("data-deck");
  if (deck != null) t.deck = deck;
  return t;
}

const BOARD_ACTS = new Set(["hand", "flag", "place", "mine", "theirs", "draw", "pass", "end", "discard", "claim"]);

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

  let selection = null;
  let dismissedClaim = null;
  let pending = false;
  let pendingTimer = null;
  let logLength = -1;

  const view = () => model.get("view") || {};

  function update() {
    h.document = doc;
    const v = view();
    const ia = interaction(v, selection);
    selection = ia.selection;
    const claimKey = v.claim ? JSON.stringify(v.claim) : null;
    const active = doc.activeElement;
    const activeKey = active && root.contains(active) ? active.getAttribute("data-key") : null;
    morph(app, buildApp(v, ia, { uid, claimKey, dismissedClaim, pending }));
    if (activeKey && doc.activeElement !== active) {
      const again = Array.from(app.querySelectorAll("[data-key]")).find(
        (n) => n.getAttribute("data-key") === activeKey,
      );
      if (again && !again.disabled && typeof again.focus === "function") again.focus();
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

  function act(target) {
    if (pending && BOARD_ACTS.has(target.type)) return;
    const r = click(view(), selection, target);
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

  function onClick(event) {
    const btn = event.target && event.target.closest ? event.target.closest("[data-act]") : null;
    if (!btn || !root.contains(btn) || btn.disabled) return;
    const target = targetOf(btn);
    if (target.type === "dismiss-claim") {
      const c = view().claim;
      dismissedClaim = c ? JSON.stringify(c) : null;
      update();
      return;
    }
    act(target);
  }

  function onChange(event) {
    const input = event.target;
    if (!input || !input.getAttribute) return;
    const name = input.getAttribute("data-option");
    if (!name) return;
    act({ type: "option", name, value: !!input.checked });
  }

  function onKeydown(event) {
    if (event.key === "Escape" && selection) {
      selection = null;
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
  root.addEventListener("keydown", onKeydown);
  update();

  return () => {
    model.off("change:view", onView);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("keydown", onKeydown);
    clearPending();
    root.remove();
  };
}

export default {
  render({ model, el }) {
    return mount({ model, el });
  },
};
