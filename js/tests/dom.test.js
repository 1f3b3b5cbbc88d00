import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { h, morph, morphKeepingFocus, mountRoot, svg } from "../dom.js";

let document = null;
try {
  const { JSDOM } = await import("jsdom");
  document = new JSDOM("<!doctype html><body></body>").window.document;
  h.document = document;
} catch {
  console.log("# jsdom is not installed (run npm ci): the DOM tests are skipped");
}
const NO_DOM = document ? false : "jsdom is not installed: run npm ci";

const list = (...keys) => h("ul", null, keys.map((k) => h("li", { key: k, class: `i-${k}` }, k)));

describe("h", { skip: NO_DOM }, () => {
  it("builds elements; skips null/false attributes and children; key becomes data-key", () => {
    const el = h("button", { key: "k", class: "a", disabled: true, hidden: false, title: null }, "x", null, false, 3, ["y"]);
    assert.equal(el.outerHTML, '<button data-key="k" class="a" disabled="">x3y</button>');
  });

  it("svg() makes SVG elements", () => {
    const el = svg("svg", { viewBox: "0 0 1 1" }, svg("path", { d: "M0 0" }));
    assert.equal(el.namespaceURI, "http://www.w3.org/2000/svg");
    assert.equal(el.firstChild.tagName, "path");
  });
});

describe("morph", { skip: NO_DOM }, () => {
  it("reorders keyed children without recreating them", () => {
    const live = list("a", "b", "c");
    const [a, b, c] = live.children;
    morph(live, list("c", "a", "d"));
    assert.deepEqual([...live.children].map((n) => n.textContent), ["c", "a", "d"]);
    assert.equal(live.children[0], c);
    assert.equal(live.children[1], a);
    assert.ok(!live.contains(b));
  });

  it("removing one keyed child moves none of the others", () => {
    const live = list("a", "b", "c", "d");
    const before = [...live.children];
    const moved = [];
    const insert = live.insertBefore.bind(live);
    live.insertBefore = (n, ref) => {
      moved.push(n.textContent);
      return insert(n, ref);
    };
    morph(live, list("a", "c", "d"));
    assert.deepEqual(moved, []);
    assert.deepEqual([...live.children], [before[0], before[2], before[3]]);
  });

  it("matches any keyed permutation (property check)", () => {
    let seed = 7;
    const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let round = 0; round < 300; round++) {
      const pick = () => [...new Set(Array.from({ length: rnd(8) }, () => "k" + rnd(10)))];
      const live = list(...pick());
      const want = pick();
      const keep = new Map([...live.children].map((n) => [n.getAttribute("data-key"), n]));
      morph(live, list(...want));
      assert.deepEqual([...live.children].map((n) => n.getAttribute("data-key")), want);
      for (const n of live.children) {
        const k = n.getAttribute("data-key");
        if (keep.has(k)) assert.equal(n, keep.get(k), "kept nodes are reused");
      }
    }
  });

  it("syncs attributes, boolean properties and text", () => {
    const live = h("div", { class: "x", title: "t" }, h("button", { disabled: true }, "old"), h("input", { type: "checkbox" }));
    const btn = live.firstChild;
    const box = live.lastChild;
    box.checked = true; // the user clicked; the next view says unchecked
    morph(live, h("div", { class: "y" }, h("button", null, "new"), h("input", { type: "checkbox" })));
    assert.equal(live.getAttribute("class"), "y");
    assert.equal(live.hasAttribute("title"), false);
    assert.equal(live.firstChild, btn);
    assert.equal(btn.disabled, false);
    assert.equal(btn.textContent, "new");
    assert.equal(box.checked, false);
  });

  it("replaces children of another tag, and removes extra ones", () => {
    const live = h("div", null, h("span", null, "1"), h("b", null, "2"), h("i", null, "3"));
    morph(live, h("div", null, h("p", null, "1"), h("b", null, "2")));
    assert.equal(live.innerHTML, "<p>1</p><b>2</b>");
  });

  it("mixes keyed and unkeyed children", () => {
    const live = h("div", null, h("span", null, "head"), h("i", { key: "x" }, "x"), h("i", { key: "y" }, "y"));
    const y = live.lastChild;
    morph(live, h("div", null, h("span", null, "head2"), h("i", { key: "y" }, "y"), h("em", null, "tail")));
    assert.equal(live.innerHTML, '<span>head2</span><i data-key="y">y</i><em>tail</em>');
    assert.equal(live.children[1], y);
  });
});

describe("mountRoot and morphKeepingFocus", { skip: NO_DOM }, () => {
  it("mounts .bl-root > .bl-app (with the extra classes) that is no notebook shortcut", () => {
    const el = document.createElement("div");
    const { root, app } = mountRoot(el, "ab");
    assert.equal(root.className, "bl-root ab-root");
    assert.equal(app.className, "bl-app ab-app");
    assert.equal(root.getAttribute("data-lm-suppress-shortcuts"), "true");
    assert.equal(el.firstChild, root);
    assert.equal(mountRoot(document.createElement("div")).app.className, "bl-app");
  });

  it("gives the focus back to the control with the same key when the patch replaces it", () => {
    const { app, root } = mountRoot(document.body);
    morphKeepingFocus(app, h("div", null, h("button", { key: "go" }, "Go")));
    app.querySelector("button").focus();
    // a different tag under the same key: morph replaces the node, the focus follows it
    morphKeepingFocus(app, h("div", null, h("a", { key: "go", href: "#" }, "Go")));
    assert.equal(document.activeElement.tagName, "A");
    assert.equal(document.activeElement.getAttribute("data-key"), "go");
    root.remove();
  });
});
