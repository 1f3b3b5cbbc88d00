"""Battle Line's status line in a real JupyterLab at 1366 × 768: the bot's "preparing" note
neither moves the table nor stays after the preparation, and a finished game's status leaves
no gap under the header (issue 33 items 2-4; screenshots in the test's tmp dir)."""

from __future__ import annotations

import pytest

from test_ancient_browser import theme
from test_widget_browser import PLACE, troop_cards, wait_for_human

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
