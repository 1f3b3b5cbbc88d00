// Which layout fits: "roomy" (the full-size table) or "compact" (smaller cards and tighter
// rows, so that the table and the hand fit a laptop screen inside JupyterLab). Chosen by the
// space the widget really has: the height of the area that scrolls it (JupyterLab's and
// Notebook 7's notebook panel, or the window), never by the user agent. Widths are handled
// by CSS container queries (widget.css).

/** Below this visible height (px) the roomy table (about 830 px with its header) would not
 * fit, and the compact one (under 640 px) is used. */
export const ROOMY_MIN_HEIGHT = 900;

/** The layout for a visible height in px: `fitFor(620) == "compact"`, `fitFor(1000) ==
 * "roomy"`; an unknown height (0, NaN) keeps the roomy layout. */
export function fitFor(height) {
  return Number.isFinite(height) && height > 0 && height < ROOMY_MIN_HEIGHT ? "compact" : "roomy";
}

/** The element that holds `node` in the page: its parent, or, at the top of a shadow root
 * (marimo draws each widget in one), the shadow root's host. */
function container(node) {
  if (node.parentElement) return node.parentElement;
  const root = typeof node.getRootNode === "function" ? node.getRootNode() : null;
  return root && root.host ? root.host : null;
}

/** The ancestors of `el` that may scroll vertically (overflow auto or scroll), nearest first,
 * out of any shadow root (marimo's output box, 610 px high, scrolls a taller widget). */
export function scrollParents(el) {
  const win = el && el.ownerDocument && el.ownerDocument.defaultView;
  const out = [];
  if (!win || typeof win.getComputedStyle !== "function") return out;
  for (let node = container(el); node && node !== el.ownerDocument.body; node = container(node)) {
    const overflow = win.getComputedStyle(node).overflowY;
    if ((overflow === "auto" || overflow === "scroll" || overflow === "overlay") && node.clientHeight > 0) {
      out.push(node);
    }
  }
  return out;
}

/** Does this scrolling ancestor bound what can be seen? Not when it is only as tall as its
 * content (JupyterLab's output areas are `overflow: auto` and wrap the widget): it must
 * overflow, or be taller than the widget. */
function bounds(node, el) {
  return node.scrollHeight > node.clientHeight + 1 || node.clientHeight > (el.offsetHeight || 0) + 1;
}

/** The height in px in which the widget can be seen at once: the smallest of the window and
 * the areas that scroll it. */
export function visibleHeight(el) {
  const win = el && el.ownerDocument && el.ownerDocument.defaultView;
  const heights = scrollParents(el).filter((node) => bounds(node, el)).map((node) => node.clientHeight);
  if (win && win.innerHeight) heights.push(win.innerHeight);
  return heights.length ? Math.min(...heights) : 0;
}

/**
 * Calls `onFit("roomy" | "compact")` now and whenever the visible height changes (a
 * ResizeObserver on the scrolling area and the widget, and the window's resize event).
 * Returns the function that stops watching.
 */
export function watchFit(el, onFit) {
  const win = el && el.ownerDocument && el.ownerDocument.defaultView;
  const observer = win && typeof win.ResizeObserver === "function" ? new win.ResizeObserver(() => check()) : null;
  const watched = new Set(); // the scrolling areas observed (the widget is attached after render)
  let last = null;
  function check() {
    for (const parent of scrollParents(el)) {
      if (observer && !watched.has(parent)) {
        observer.observe(parent);
        watched.add(parent);
      }
    }
    const fit = fitFor(visibleHeight(el));
    if (fit !== last) {
      last = fit;
      onFit(fit);
    }
  }
  if (observer) observer.observe(el);
  if (win) win.addEventListener("resize", check);
  check();
  return () => {
    if (observer) observer.disconnect();
    if (win) win.removeEventListener("resize", check);
  };
}

/** The widest a pop-up about a flag (the claim's answer, the explanation) is, in flag
 * columns, and the narrowest it may shrink to before it is allowed to cover the last move. */
export const POPUP_SPAN = 4;
export const POPUP_MIN_SPAN = 2;
/** A pop-up narrower than this many columns is cramped: a wider one a column away wins. */
const ROOMY_SPAN = 3;

/**
 * Where a pop-up about flag `flag` goes on a line of `count` flags: beside the flag, never
 * over the flag's own cards (what it talks about) and never over `avoid` (the flags of the
 * last move, so that the bot's new card stays in sight). Returns `{ start, span, side }`:
 * the first column, the number of columns, and the side of the flag it is on ("right" or
 * "left"). A place at least three columns wide wins, then the nearest, then the widest,
 * then the side towards the middle.
 * `popupPlace(5, [6]) -> { start: 1, span: 4, side: "left" }`.
 */
export function popupPlace(flag, avoid = [], count = 9) {
  const n = Math.min(count, Math.max(1, Math.round(Number(flag)) || 1));
  const blocked = new Set([...avoid].map(Number));
  const inward = n <= (count + 1) / 2 ? "right" : "left"; // towards the middle of the line
  let best = null;
  for (let span = Math.min(POPUP_SPAN, count - 1); span >= POPUP_MIN_SPAN; span--) {
    for (let start = 1; start + span - 1 <= count; start++) {
      const end = start + span - 1;
      if (start <= n && n <= end) continue;
      let free = true;
      for (let c = start; c <= end; c++) if (blocked.has(c)) free = false;
      if (!free) continue;
      const side = start > n ? "right" : "left";
      const gap = side === "right" ? start - n - 1 : n - end - 1;
      const rank = [span >= ROOMY_SPAN ? 0 : 1, gap, -span, side === inward ? 0 : 1];
      if (!best || better(rank, best.rank)) best = { start, span, side, rank };
    }
  }
  if (!best) {
    // No room clear of the last move: beside the flag on its wider side, still off its cards.
    const side = count - n >= n - 1 ? "right" : "left";
    const span = Math.max(1, Math.min(POPUP_SPAN, side === "right" ? count - n : n - 1));
    return { start: side === "right" ? n + 1 : n - span, span, side };
  }
  return { start: best.start, span: best.span, side: best.side };
}

/** Is rank `a` (a list of numbers) lower than `b`, compared left to right? */
function better(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
