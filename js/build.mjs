// Bundle the widget for Python: js/widget.js -> src/battleline/static/widget.js (ESM,
// minified) and js/widget.css -> src/battleline/static/widget.css.
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
};

export const jsOptions = {
  entryPoints: [path("js/widget.js")],
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

/** The bundles as text, without writing them. */
export async function bundles() {
  const [js, css] = await Promise.all([
    build({ ...jsOptions, write: false }),
    build({ ...cssOptions, write: false }),
  ]);
  return { js: js.outputFiles[0].text, css: css.outputFiles[0].text };
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
    await Promise.all([build(jsOptions), build(cssOptions)]);
    console.log(`built ${outputs.js} and ${outputs.css}`);
  }
}
