// i18n.js: both languages have every label, with the same placeholders, and every label
// the sources ask for exists.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { LANGS, STRINGS, langOf, languageSwitch, t, tr } from "../i18n.js";
import { REASONS, claimLabel, coverText, flagDescription, flagLabel, interaction, placeLabel, tableCardLabel } from "../standard/logic.js";
import { makeView, plays } from "./views.js";

const placeholders = (v) => (typeof v === "string" ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : null);
const SAMPLE = { n: 2, total: 20, name: "X", target: "Y", scout: "S", desc: "D", mine: 1, theirs: 0, troop: 3,
  tactic: 4, color: "C", title: "T", where: "W", level: "L", flags: "1, 2", count: 2 };

describe("i18n tables", () => {
  it("en and ja have the same keys", () => {
    assert.deepEqual(LANGS, ["en", "ja"]);
    assert.deepEqual(Object.keys(STRINGS.ja).sort(), Object.keys(STRINGS.en).sort());
  });

  it("the same placeholders in both languages; functions give strings", () => {
    for (const key of Object.keys(STRINGS.en)) {
      const en = STRINGS.en[key];
      const ja = STRINGS.ja[key];
      if (typeof en === "string" && typeof ja === "string") {
        assert.deepEqual(placeholders(ja), placeholders(en), key);
      }
      for (const lang of LANGS) {
        const out = tr(lang, key, SAMPLE);
        assert.equal(typeof out, "string", `${lang} ${key}`);
        assert.ok(!/\{\w+\}/.test(out), `${lang} ${key}: unfilled placeholder in ${out}`);
      }
    }
  });

  it("Japanese is translated (only symbols may be the same)", () => {
    const same = Object.keys(STRINGS.en).filter((k) => STRINGS.en[k] === STRINGS.ja[k] && typeof STRINGS.en[k] === "string");
    assert.deepEqual(same.sort(), ["explainShort", "puzzleStatus.solving"]);
  });

  it("every key the sources use exists", () => {
    const dir = new URL("../", import.meta.url);
    const used = new Set();
    // the shared pieces and Battle Line's folder (the Ancient view has its own table, ta)
    const files = [...readdirSync(dir), ...readdirSync(new URL("standard/", dir)).map((f) => `standard/${f}`)];
    for (const file of files.filter((f) => f.endsWith(".js"))) {
      const src = readFileSync(new URL(file, dir), "utf8");
      for (const m of src.matchAll(/\bt\((?:view|v)\s*,\s*"([^"]+)"/g)) used.add(m[1]);
    }
    assert.ok(used.size > 100, `found ${used.size} keys`);
    for (const key of used) assert.ok(key in STRINGS.en, key);
  });

  it("t: the view's language, English by default; unknown keys show as themselves", () => {
    assert.equal(langOf({ lang: "ja" }), "ja");
    assert.equal(langOf({ lang: "fr" }), "en");
    assert.equal(langOf(null), "en");
    assert.equal(t({ lang: "ja" }, "claim", { n: 3 }), "フラッグ3を取得");
    assert.equal(t(undefined, "claim", { n: 3 }), "Claim flag 3");
    assert.equal(t({}, "no-such-key"), "no-such-key");
    assert.equal(t({}, "opponentHand", { n: 1 }), "Opponent's hand: 1 card");
    assert.equal(t({}, "opponentHand", { n: 7 }), "Opponent's hand: 7 cards");
  });

  it("the game terms of the Japanese reference card", () => {
    const ja = STRINGS.ja;
    assert.match(ja.flag, /フラッグ/);
    assert.match(ja["reason.breakthrough"], /^突破/);
    assert.match(ja["reason.envelopment"], /^包囲/);
    assert.match(ja.drawTroop, /軍勢カード/);
    assert.match(ja.drawTactic, /戦略カード/);
    assert.match(ja.discards, /捨て札/);
    assert.equal(ja.scoutName, "偵察");
  });
});

describe("logic.js speaks the view's language", () => {
  const ja = { lang: "ja" };

  it("accessible names: English unchanged, Japanese with the view", () => {
    assert.equal(flagLabel(1), "Flag 1");
    assert.equal(flagLabel(1, ja), "フラッグ1");
    assert.equal(placeLabel(3, ja), "フラッグ3・自分側");
    assert.equal(claimLabel(9, ja), "フラッグ9を取得");
    assert.equal(tableCardLabel(3, "theirs", { name: "青5" }, ja), "フラッグ3・相手の青5");
    assert.equal(coverText({ lang: "ja", me: "北" }), "画面を北に渡してください");
    assert.equal(flagDescription({ claimed: "mine", required: 4, env: [] }, ja), "片側4枚、自分が取得済み");
    assert.equal(REASONS.breakthrough, "Breakthrough: three adjacent flags.");
  });

  it("prompts", () => {
    const view = makeView({ lang: "ja", hand: "R7", legal: plays("R7", [1]) });
    view.hand[0].name = "赤7";
    const ia = interaction(view, { card: "R7" });
    assert.equal(ia.prompt, "赤7：フラッグを選んでください。（Escキーでキャンセル）");
    const en = interaction(makeView({ hand: "R7", legal: plays("R7", [1]) }), { card: "R7" });
    assert.equal(en.prompt, "Red 7: choose a flag. (Escape cancels.)");
  });
});

describe("the language control's words", () => {
  it("offer the other language by its own name", () => {
    assert.deepEqual(languageSwitch({ lang: "en" }), { lang: "ja", label: "日本語", title: "Show the widget in 日本語" });
    assert.deepEqual(languageSwitch({ lang: "ja" }), { lang: "en", label: "English", title: "表示をEnglishに切り替える" });
    assert.equal(languageSwitch({}).lang, "ja");
  });
});
