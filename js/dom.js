// A tiny DOM toolkit: h() builds elements, morph() patches a live tree to match a freshly
// built one. Patching (instead of replacing) keeps focus, scroll positions and CSS
// transitions working across re-renders. Children with a `key` are matched by key.

const BOOLEAN_PROPS = new Set(["disabled", "checked", "hidden", "selected"]);

/**
 * h("button", { class: "x", key: "k", "aria-label": "…", disabled: true }, child, …)
 * Attribute values null/undefined/false are omitted; true gives an empty attribute.
 * `key` becomes `data-key`. Children: nodes, strings, numbers, arrays; null/false skipped.
 */
export function h(tag, attrs, ...children) {
  const doc = h.document || globalThis.document;
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    const attr = name === "key" ? "data-key" : name;
    el.setAttribute(attr, value === true ? "" : String(value));
  }
  appendChildren(el, children, doc);
  return el;
}

function appendChildren(el, children, doc) {
  for (const c of children) {
    if (c == null || c === false || c === true) continue;
    if (Array.isArray(c)) appendChildren(el, c, doc);
    else if (typeof c === "object" && c.nodeType) el.appendChild(c);
    else el.appendChild(doc.createTextNode(String(c)));
  }
}

/** An SVG element tree from a plain description: svg("svg", {viewBox}, [svg("path", {d})]). */
export function svg(tag, attrs, ...children) {
  const doc = h.document || globalThis.document;
  const el = doc.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value == null || value === false) continue;
    el.setAttribute(name === "key" ? "data-key" : name, value === true ? "" : String(value));
  }
  for (const c of children.flat(Infinity)) if (c && c.nodeType) el.appendChild(c);
  return el;
}

const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") : null);

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

function syncAttributes(from, to) {
  for (const { name } of Array.from(from.attributes)) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of Array.from(to.attributes)) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  for (const prop of BOOLEAN_PROPS) {
    if (prop in from) {
      const want = to.hasAttribute(prop);
      if (from[prop] !== want) from[prop] = want;
    }
  }
}

/** Make the live node `from` look like `to` (same tag and key assumed). */
export function morph(from, to) {
  if (from.nodeType === 3 || from.nodeType === 8) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  syncAttributes(from, to);
  morphChildren(from, to);
  return from;
}

/** Patch the children of `parent` to match the children of `model`. */
export function morphChildren(parent, model) {
  const wanted = Array.from(model.childNodes);
  const wantedKeys = new Set(wanted.map(keyOf).filter((k) => k != null));
  const keyed = new Map();
  for (const n of Array.from(parent.childNodes)) {
    const k = keyOf(n);
    if (k == null) continue;
    // Keyed nodes that are gone are removed first, so that the nodes after them are not
    // moved (moving a node restarts its CSS animations and drops its focus).
    if (wantedKeys.has(k) && !keyed.has(k)) keyed.set(k, n);
    else parent.removeChild(n);
  }
  let cursor = parent.firstChild;
  for (const n of wanted) {
    const k = keyOf(n);
    let match = null;
    if (k != null) {
      match = keyed.get(k) || null;
      if (match && !sameKind(match, n)) match = null;
      if (match) keyed.delete(k);
    } else if (cursor && keyOf(cursor) == null && sameKind(cursor, n)) {
      match = cursor;
    }
    if (match) {
      if (match === cursor) cursor = cursor.nextSibling;
      else parent.insertBefore(match, cursor);
      morph(match, n);
    } else {
      parent.insertBefore(n, cursor);
    }
  }
  while (cursor) {
    const next = cursor.nextSibling;
    parent.removeChild(cursor);
    cursor = next;
  }
}

/**
 * The widget's nodes in `el`: a `.bl-root` holding the `.bl-app` that views are drawn into.
 * `extra` (e.g. "ab") adds `ab-root` and `ab-app`. Keys pressed on the widget's buttons are
 * not JupyterLab's notebook shortcuts ("d d" would delete the cell, Enter edit it).
 */
export function mountRoot(el, extra) {
  const doc = el.ownerDocument || globalThis.document;
  const root = doc.createElement("div");
  root.className = extra ? `bl-root ${extra}-root` : "bl-root";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const app = doc.createElement("div");
  app.className = extra ? `bl-app ${extra}-app` : "bl-app";
  root.appendChild(app);
  el.appendChild(root);
  return { doc, root, app };
}

/**
 * morph(app, tree), then give the focus back to the control that had it (found again by its
 * data-key) if the patch replaced it: a new view never loses the keyboard user's place.
 * `focusOptions` go to focus() (e.g. { preventScroll: true }).
 */
export function morphKeepingFocus(app, tree, focusOptions) {
  const doc = app.ownerDocument;
  const active = doc.activeElement;
  const activeKey = active && app.contains(active) ? active.getAttribute("data-key") : null;
  morph(app, tree);
  if (activeKey && doc.activeElement !== active) {
    const again = Array.from(app.querySelectorAll("[data-key]")).find((n) => n.getAttribute("data-key") === activeKey);
    if (again && !again.disabled && typeof again.focus === "function") again.focus(focusOptions);
  }
}
