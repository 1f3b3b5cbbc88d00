"""Issue 33 item 5, in a real JupyterLab at 1366 × 768: the claim's answer and the
explanation lie beside their flag, never over that flag's cards nor over the bot's card
just played (the last move). Screenshots in the test's tmp dir, en light and ja dark."""

from __future__ import annotations

import pytest

from test_ancient_browser import theme

# The bot (North) plays R8 at flag 6 first; your three cards at flag 5 do not yet win it
# (North may still add R4 to R2 R3), so claiming flag 5 fails and shows its answer.
SETUP = '''
from battleline.standard.bots import bot_from_spec

class Scripted:
    """Plays R8 at flag 6 when it can, else as the easy bot."""
    def __init__(self):
        self.bot = bot_from_spec("easy", seed=1)
    def choose(self, obs):
        world, moves, claim = self.bot.world_and_moves(obs)
        return next((m for m in moves if str(m) == "R8@6"), None) or self.bot.choose(obs)

text = """battleline position 1
rules standard
turn north play
flag 3: north Y9 | south B9
flag 4: north Y1 | south B2 B3
flag 5: north R2 R3 | south P1 P2 P7
flag 6: north O2 | south G5 G6
hand north: R8 O5 O6 Y5 Y6 G1 G2
hand south: B1 B4 B5 P3 P4 G9 G10
troop deck: rest seed 5
tactic deck: rest seed 6
"""
w = BattleLineWidget(Game.from_position(text), opponent=Scripted(), lang=LANG)
'''

# The boxes of each pop-up and of the cards it must leave in sight: those at the flags of
# the open pop-ups and those of the last move (a card marked is-last, or any card at a flag marked is-last).
BOXES = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, what: el.getAttribute('aria-label') || el.className}; };
  const out = [];
  for (const pop of document.querySelectorAll('.bl-line .bl-callout')) {
    const flag = pop.dataset.flag;
    // the cards at the flags of both pop-ups (each talks about its own, the other's reader
    // looks at the other)
    const flags = [...document.querySelectorAll('.bl-line .bl-callout')].map((p) => p.dataset.flag);
    const own = flags.flatMap((f) => [...document.querySelectorAll(`.bl-flag-col[data-flag="${f}"] .bl-side .bl-card`)]);
    const last = [...document.querySelectorAll('.bl-line .bl-card.is-last, .bl-flag-col.is-last .bl-side .bl-card, .bl-flag-col.is-last .bl-stone')];
    out.push({flag, pop: rect(pop), keep: [...own, ...last].map(rect)});
  }
  return out;
}"""


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["right"] - 0.5 and b["x"] < a["right"] - 0.5 and a["y"] < b["bottom"] - 0.5 and b["y"] < a["bottom"] - 0.5


@pytest.mark.slow
@pytest.mark.parametrize("lang,dark", [("en", False), ("ja", True)])
def test_pop_ups_lie_beside_their_flag_off_the_last_move(open_widget, lang, dark):
    nb = open_widget(SETUP.replace("LANG", repr(lang)), width=1366, height=768,
                     ready="Flag 1" if lang == "en" else "フラッグ1")
    page = nb.page
    if dark:
        theme(page, "JupyterLab Dark", light=False)
    try:
        nb.wait_state(lambda s: s["moves"][:1] == ["R8@6"] and s["to_move"] == 1 and not s["thinking"])
        page.locator('.bl-flag-col.is-last[data-flag="6"]').wait_for()
        page.locator('button[data-act="claim"][data-flag="5"]:not([disabled])').click()
        nb.wait_state(lambda s: s["claim"] is not None and s["claim"]["holds"] is False)
        page.locator('.bl-line .bl-callout-below[data-flag="5"]').wait_for()
        page.locator('button[data-act="explain"][data-flag="4"]').click()
        page.locator('.bl-line .bl-callout-explain[data-flag="4"]').wait_for()
        page.evaluate("() => document.querySelector('.bl-line').scrollIntoView({block: 'center'})")
        page.wait_for_timeout(400)  # the pop-ins
        page.screenshot(path=str(nb.shots / f"popups-{lang}-{'dark' if dark else 'light'}.png"))
        boxes = page.evaluate(BOXES)
        assert sorted(b["flag"] for b in boxes) == ["4", "5"], boxes
        for b in boxes:
            assert len(b["keep"]) >= 8, b      # flags 4 and 5's cards, and the bot's new card
            covered = [k["what"] for k in b["keep"] if overlap(b["pop"], k)]
            assert covered == [], f"the pop-up of flag {b['flag']} covers {covered}"
    finally:
        if dark:
            theme(page, "JupyterLab Light", light=True)
