"""Issue 33, "Polish, round 4", in a real JupyterLab at 1366 × 768 (screenshots in the
test's tmp dir; the marimo check of item 14 is in test_marimo_browser.py)."""

from __future__ import annotations

import json

import pytest

from test_ancient_browser import theme
from test_widget_browser import PLACE, button, troop_cards, wait_for_human

PREPARING_BOT = """
from battleline.standard.bots import bot_from_spec
import battleline.widgets.turns as _turns
_turns.PREPARATION_POLL = 0.2

import os

class Preparing:
    '''The easy bot, saying that it prepares its search until the file DONE exists.'''
    def __init__(self):
        self.bot = bot_from_spec("easy", seed=4)
    @property
    def preparing(self):
        return not os.path.exists(DONE)
    def prepare_in_background(self):
        pass
    def choose(self, observation):
        return self.bot.choose(observation)

bot = Preparing()
w = BattleLineWidget(opponent=bot, seed=21, lang=LANG)
"""


SHOTS: list = []


@pytest.fixture(autouse=True)
def shots_dir(tmp_path):
    SHOTS[:] = [tmp_path]


def table_top(page) -> float:
    return page.locator(".bl-board").first.bounding_box()["y"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_battle_line_status_line_keeps_its_place_and_its_words(open_widget, lang):
    """Items 2-4: with the bot's "preparing" note the table does not move at the play/draw
    changes; the note goes when the preparation ends; at the end of a game the status line
    leaves no empty gap."""
    setup = PREPARING_BOT.replace("LANG", repr(lang))
    nb = open_widget(setup.replace("DONE", repr(str(SHOTS[0] / f"prepared-{lang}"))), width=1366, height=768,
                     ready="Flag 1" if lang == "en" else "フラッグ1")
    page = nb.page
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    tops = [table_top(page)]
    for turn in range(4):
        s = wait_for_human(nb, page)
        n = len(s["moves"])
        troops = troop_cards(page)
        troops[0].click()
        page.locator(PLACE).first.click()
        s = nb.wait_state(lambda st: len(st["moves"]) > n)
        page.wait_for_timeout(200)
        tops.append(table_top(page))
        assert "preparing" in s["view_status"] or "準備中" in s["view_status"]
        if turn == 0:
            page.screenshot(path=str(nb.shots / f"status-draw-{lang}.png"))
        page.locator('button[data-act="draw"][data-deck="troop"]:not([disabled])').first.click()
        wait_for_human(nb, page, after=n + 1)
        page.wait_for_timeout(200)
        tops.append(table_top(page))
    assert max(tops) - min(tops) < 1, f"the table moved: {tops}"
    page.screenshot(path=str(nb.shots / f"status-played-{lang}.png"))
    # item 2: the preparation ends; the note goes without a move or a click
    (SHOTS[0] / f"prepared-{lang}").write_text("")
    page.wait_for_function("() => !/preparing|準備中/.test(document.querySelector('.bl-status').textContent)",
                           timeout=10000)
    page.screenshot(path=str(nb.shots / f"status-prepared-{lang}.png"))


FINISHED_GAME = """
import random
g = Game(seed=5)
rng = random.Random(5)
while not g.is_over():
    g.play(rng.choice(g.legal_moves()))
w = BattleLineWidget(game=g, opponent='easy', lang=LANG)
"""


@pytest.mark.parametrize("lang,dark", [("en", False), ("ja", True)])
def test_battle_line_a_finished_game_leaves_no_gap_under_the_header(open_widget, lang, dark):
    """Item 4: the status line of a finished game is for screen readers only, and takes no
    room between the header and the table."""
    nb = open_widget(FINISHED_GAME.replace("LANG", repr(lang)), width=1366, height=768,
                     ready="New game" if lang == "en" else "新しいゲーム")
    page = nb.page
    if dark:
        theme(page, "JupyterLab Dark", light=False)
    try:
        page.locator(".bl-result").first.wait_for()
        page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        gap = page.evaluate("""() => {
            const app = document.querySelector('.bl-app');
            const top = app.querySelector('.bl-top').getBoundingClientRect().bottom;
            const board = app.querySelector('.bl-board').getBoundingClientRect().top;
            return {space: board - top, rowGap: parseFloat(getComputedStyle(app).rowGap) || 0};
        }""")
        page.screenshot(path=str(nb.shots / f"over-{lang}-{'dark' if dark else 'light'}.png"))
        # the header, then the table: one gap of the app's rows (the status line adds none)
        assert gap["space"] <= gap["rowGap"] * 2 + 1, gap
    finally:
        if dark:
            theme(page, "JupyterLab Light", light=True)


# ---------------------------------------------------------------- the Ancient Battles view
ANCIENT_FIELD = """
from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame
g = AncientGame.empty(seed=1)
for sq, troop, side in [("c2", "Hoplites", "south"), ("d2", "Light Cavalry", "south"), ("e1", "Elephants", "south"),
                        ("c3", "Peltasts", "north"), ("d3", "Javalineers", "north"), ("e4", "Phalangists", "north"),
                        ("f3", "Heavy Cavalry", "north"), ("f2", "Skirmishers", "south")]:
    g.put(sq, troop, side)
while g.phase != "melee":
    g.play("end " + g.phase)
w = AncientBattlesWidget(g, opponent=OPPONENT, lang=LANG)
w.select("c2")
"""


def ancient_state(w_setup: str, state_file) -> str:
    from conftest import state_cell
    return state_cell(w_setup, state_file, '{"status": v["status"], "cover": v["cover"], "side": v["side"]}')


@pytest.mark.parametrize("lang,dark", [("en", False), ("ja", True), ("en", True)])
def test_ancient_sides_odds_legend_and_score_on_screen(open_widget, lang, dark):
    """Items 7, 9, 13: each counter tinted, framed and marked with its side's token; the
    odds' legend under the field; the score in whole numbers. Screenshots: light and dark,
    and as a deuteranope sees it."""
    setup = ANCIENT_FIELD.replace("OPPONENT", "'easy'").replace("LANG", repr(lang))
    nb = open_widget(setup, cell=ancient_state, width=1366, height=768,
                     ready="Undo my last turn" if lang == "en" else "直前の手番を取り消す")
    page = nb.page
    if dark:
        theme(page, "JupyterLab Dark", light=False)
    try:
        page.evaluate("() => document.querySelector('.ab-root').scrollIntoView({block: 'start'})")
        page.wait_for_timeout(300)
        tint = page.evaluate("""() => Object.fromEntries(['south', 'north'].map(s => {
            const u = document.querySelector('.ab-unit.ab-' + s);
            return [s, {bg: getComputedStyle(u).backgroundColor, token: !!u.querySelector('.ab-token-' + s)}];
        }))""")
        assert tint["south"]["token"] and tint["north"]["token"]
        assert tint["south"]["bg"] != tint["north"]["bg"], tint
        legend = page.locator(".ab-odds-legend").first
        assert legend.is_visible()
        assert ("✕" in legend.inner_text()) and ("◐" in legend.inner_text())
        assert not page.locator(".ab-scores").inner_text().count(".5")
        name = f"ancient-sides-{lang}-{'dark' if dark else 'light'}"
        page.screenshot(path=str(nb.shots / f"{name}.png"))
        page.locator('.ab-square[data-square="c3"]').click()
        page.locator(".ab-bar-keys").first.wait_for()
        page.screenshot(path=str(nb.shots / f"{name}-confirm.png"))
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "deuteranopia"})
        page.wait_for_timeout(200)
        page.screenshot(path=str(nb.shots / f"{name}-deuteranopia.png"))
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
    finally:
        if dark:
            theme(page, "JupyterLab Light", light=True)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ancient_two_people_pass_the_screen_behind_a_cover(open_widget, lang):
    """Item 6 in the page: the cover hides the field, the reserve and the hand (none of
    them is in the DOM) until the next player clicks it."""
    setup = ANCIENT_FIELD.replace("OPPONENT", "None").replace("LANG", repr(lang)).replace(
        'w.select("c2")', 'w.play("end melee")')
    ready = "Pass to North — click when ready" if lang == "en" else "北軍に交代 — 準備ができたらクリック"
    nb = open_widget(setup, cell=ancient_state, width=1366, height=768,
                     ready="I am North: show my side" if lang == "en" else "北軍です：自分の場を表示")
    page = nb.page
    page.evaluate("() => document.querySelector('.ab-root').scrollIntoView({block: 'start'})")
    assert page.get_by_role("dialog", name=ready).is_visible()
    assert page.locator(".ab-field, .ab-unit, .ab-tray-card, .ab-hand-card").count() == 0
    page.screenshot(path=str(nb.shots / f"cover-{lang}.png"))
    page.get_by_role("button", name="I am North: show my side" if lang == "en" else "北軍です：自分の場を表示").click()
    nb.wait_state(lambda s: s["cover"] is None and s["side"] == "north")
    page.locator(".ab-field").first.wait_for()
    assert page.locator(".ab-cover").count() == 0
    page.screenshot(path=str(nb.shots / f"cover-lifted-{lang}.png"))
