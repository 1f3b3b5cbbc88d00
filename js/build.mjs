// Bundle the widgets for Python: Battle Line's js/standard/widget.js ->
// src/battleline/static/widget.js (ESM, minified) and the shared js/widget.css ->
// src/battleline/static/widget.css; the Ancient Battles view js/ancient/widget.js and
// js/ancient/widget.css (which imports the shared widget.css) -> static/ancient.js, .css.
//
//   node js/build.mjs           build (npm run build)
//   node js/build.mjs --check   exit 1 if the committed bundle differs from the sources
//
// The options are exported so the tests can check that the committed files are fresh.

import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
const path = (p) => fileURLToPath(new URL(p, root));

export const outputs = {
  js: path("src/battleline/static/widget.js"),
  css: path("src/battleline/static/widget.css"),
  ancientJs: path("src/battleline/static/ancient.js"),
  ancientCss: path("src/battleline/static/ancient.css"),
};

export const jsOptions = {
  entryPoints: [path("js/standard/widget.js")],
  outfile: outputs.js,
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  legalComments: "none",
  logLevel: "warning",
};

export const cssOptions = {
  entryPoints: [path("js/widget.css")],
  outfile: outputs.css,
  bundle: true,
  minify: true,
  logLevel: "warning",
};

export const ancientJsOptions = { ...jsOptions, entryPoints: [path("js/ancient/widget.js")], outfile: outputs.ancientJs };
export const ancientCssOptions = { ...cssOptions, entryPoints: [path("js/ancient/widget.css")], outfile: outputs.ancientCss };

const ALL = { js: jsOptions, css: cssOptions, ancientJs: ancientJsOptions, ancientCss: ancientCssOptions };

/** The bundles as text, without writing them. */
export async function bundles() {
  const keys = Object.keys(ALL);
  const built = await Promise.all(keys.map((k) => build({ ...ALL[k], write: false })));
  return Object.fromEntries(keys.map((k, i) => [k, built[i].outputFiles[0].text]));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes("--check")) {
    const want = await bundles();
    const stale = Object.keys(outputs).filter((k) => {
      try {
        return readFileSync(outputs[k], "utf8") !== want[k];
      } catch {
        return true;
      }
    });
    if (stale.length) {
      console.error(`stale bundle: ${stale.map((k) => outputs[k]).join(", ")}; run npm run build`);
      process.exit(1);
    }
    console.log("bundle is up to date");
  } else {
    await Promise.all(Object.values(ALL).map((o) => build(o)));
    console.log(`built ${Object.values(outputs).join(", ")}`);
  }
}
