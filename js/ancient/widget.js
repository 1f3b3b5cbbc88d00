// The anywidget front end of battleline.AncientBattlesWidget (protocol: docs/widget.md).
//
// Python owns the battle: this module shows `view` and sends intents (select, act, join,
// leave, undo, dismiss, inspect, army). The interaction is logic.js beside this file (pure), the
// DOM render.js; cards, buttons, pop-ups, themes and the DOM patching are the pieces both
// games share (../dom.js, ../render_cards.js, ../widget.css).

import { h, morphKeepingFocus, mountRoot } from "../dom.js";
import { click, normalize } from "./logic.js";
import { buildAncient } from "./render.js";
import { attachStudy, markBoard } from "../study.js";
import { watchFit } from "../standard/layout.js";
import { attachBoard } from "../board.js";

export function mount({ model, el }) {
  const { doc, root, app } = mountRoot(el, "ab");

  let ui = { armed: null, focus: null };
  let dismissed = null;
  let logLength = -1;
  let wasOver = false;
  const view = () => model.get("view") || {};
  const keyOf = (x) => (x ? JSON.stringify(x) : null);

  function update() {
    h.document = doc;
    const v = view();
    ui = normalize(v, ui);
    const hidden = !!v.message && keyOf(v.message) === dismissed;
    const tree = buildAncient(v, ui, { messageHidden: hidden, study: study ? study.ui : null });
    morphKeepingFocus(app, markBoard(tree, v), { preventScroll: true });
    if (study) study.afterUpdate();
    // the battle's result, brought into view once when it comes (the player may have
    // scrolled to the log or the reserve)
    const over = !!v.outcome;
    if (over && !wasOver) {
      const result = app.querySelector(".ab-result");
      if (result && result.scrollIntoView) result.scrollIntoView({ block: "nearest" });
    }
    wasOver = over;
    const n = (v.log || []).length;
    if (n !== logLength) {
      logLength = n;
      const list = app.querySelector(".ab-log ol");
      if (list) list.scrollTop = list.scrollHeight;
    }
  }

  function act(target) {
    if (target.act === "dismiss-message") {
      dismissed = keyOf(view().message);
      update();
      return;
    }
    const r = click(view(), ui, target);
    ui = r.ui;
    if (r.send) {
      dismissed = null;
      model.send(r.send);
    }
    update();
  }

  function onClick(event) {
    const btn = event.target.closest ? event.target.closest("button[data-act]") : null;
    if (!btn || !app.contains(btn) || btn.disabled) return;
    const target = { act: btn.getAttribute("data-act") };
    for (const k of ["square", "card", "action", "op", "colour"]) {
      const v = btn.getAttribute(`data-${k}`);
      if (v != null) target[k] = v;
    }
    act(target);
  }

  function onKey(event) {
    if (event.key === "Escape") {
      event.stopPropagation();
      act({ act: "cancel" });
    }
  }

  // replay, review, hints, save and load (study.js): their own controls and the move keys
  const study = attachStudy({ root: app, getView: view, send: (m) => { dismissed = null; model.send(m); }, update });
  // a short place (a laptop screen, marimo's 610 px output box): the compact layout, as Battle Line's
  const stopFit = watchFit(root, (fit) => {
    root.setAttribute("data-fit", fit);
    root.classList.toggle("bl-compact", fit === "compact");
  });
  // the analysis board (board.js): its controls and its arrow keys
  const detachBoard = attachBoard({ root: app, getView: view, send: (m) => { dismissed = null; model.send(m); } });
  app.addEventListener("click", onClick);
  app.addEventListener("keydown", onKey);
  model.on("change:view", update);
  update();
  return () => {
    model.off("change:view", update);
    stopFit();
    study.detach();
    detachBoard();
    app.removeEventListener("click", onClick);
    app.removeEventListener("keydown", onKey);
    root.remove();
  };
}

export default {
  render({ model, el }) {
    return mount({ model, el });
  },
};
