// Shared by the DOM tests: a fake anywidget model, mounting in jsdom, and finding
// elements by their accessible name as the browser tests do.

import assert from "node:assert/strict";

export let JSDOM = null;
try {
  ({ JSDOM } = await import("jsdom"));
} catch {
  console.log("# jsdom is not installed (run npm ci): the DOM tests are skipped");
}
export const NO_DOM = JSDOM ? false : "jsdom is not installed: run npm ci";

export function fakeModel(view) {
  const handlers = new Map();
  return {
    view,
    sent: [],
    get(name) {
      return name === "view" ? this.view : undefined;
    },
    on(name, cb) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(cb);
    },
    off(name, cb) {
      handlers.get(name)?.delete(cb);
    },
    send(msg) {
      this.sent.push(msg);
    },
    /** Python updates the view. */
    set(next) {
      this.view = next;
      for (const cb of handlers.get("change:view") || []) cb();
    },
    listeners(name) {
      return (handlers.get(name) || new Set()).size;
    },
  };
}

const cleanups = [];

/** Run (in afterEach) the cleanups of the widgets mounted since. */
export function cleanupAll() {
  while (cleanups.length) cleanups.pop()();
}

export function mountView(widget, view) {
  const dom = new JSDOM("<!doctype html><html><body><div id=cell></div></body></html>");
  const doc = dom.window.document;
  const el = doc.getElementById("cell");
  const model = fakeModel(view);
  const cleanup = widget.render({ model, el });
  cleanups.push(() => {
    try {
      cleanup();
    } catch {
      /* already cleaned */
    }
    dom.window.close();
  });
  return { dom, doc, el, model, cleanup };
}

/** The accessible name as the browser tests see it (aria-label, else the text). */
export const nameOf = (n) => (n.getAttribute("aria-label") || n.textContent).trim();

export function button(el, name) {
  const found = [...el.querySelectorAll("button, [role=button]")].filter((b) => nameOf(b) === name);
  assert.equal(found.length, 1, `exactly one button named ${JSON.stringify(name)} (found ${found.length})`);
  return found[0];
}

export const maybeButton = (el, name) =>
  [...el.querySelectorAll("button, [role=button]")].find((b) => nameOf(b) === name) || null;

export function press(el, name) {
  const b = button(el, name);
  assert.equal(b.disabled, false, `${name} is enabled`);
  b.click();
  return b;
}

/** A form control by its accessible name: aria-label, or the text of its <label>. */
export function control(el, name) {
  const found = [...el.querySelectorAll("select, input, textarea")].filter((c) => {
    if (c.getAttribute("aria-label") === name) return true;
    const label = c.closest("label") || (c.id && el.ownerDocument.querySelector(`label[for="${c.id}"]`));
    return !!label && label.textContent.trim() === name;
  });
  assert.equal(found.length, 1, `exactly one control named ${JSON.stringify(name)} (found ${found.length})`);
  return found[0];
}

/** Change a select / radio / textarea as a user would. */
export function change(c, value) {
  const win = c.ownerDocument.defaultView;
  if (c.type === "radio" || c.type === "checkbox") c.checked = value !== false;
  else c.value = value;
  if (c.tagName === "TEXTAREA") c.dispatchEvent(new win.Event("input", { bubbles: true }));
  c.dispatchEvent(new win.Event("change", { bubbles: true }));
}

export function escape(dom, node) {
  node.dispatchEvent(new dom.window.KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
}
