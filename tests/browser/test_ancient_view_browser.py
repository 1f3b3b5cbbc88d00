"""The Ancient Battles view in a real JupyterLab at 1366 × 768: each side's counters, the odds'
legend and the score on screen, and the cover two people at one screen pass behind (issue 33
items 6, 7, 9, 13; screenshots in the test's tmp dir; the marimo check of item 14 is in
test_marimo_browser.py)."""

from __future__ import annotations

import pytest

from test_ancient_browser import theme


SHOTS: list = []


@pytest.fixture(autouse=True)
def shots_dir(tmp_path):
    SHOTS[:] = [tmp_path]


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
        'w.select("c2")', 'w.reveal(); w.play("end melee")')   # the first cover lifted, then south's turn ends
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
