"""Two people at one screen in a real JupyterLab (1366x768): the first turn waits behind the
cover as every later one, and undo is disabled while the cover is down (see conftest.py)."""

from __future__ import annotations

HAND = 'button[data-act="hand"]'
PLACE = 'button[data-act="place"]:not([disabled])'


def undo_button(page):
    return page.get_by_role("button", name="Undo", exact=True)


def covered(page) -> None:
    """The table is behind the cover: no hand, no flags, undo disabled."""
    page.locator(".bl-cover").wait_for(timeout=20000)
    assert page.locator(HAND).count() == 0 and page.locator(".bl-line").count() == 0
    assert undo_button(page).is_disabled()


def test_the_first_turn_is_covered_and_undo_waits_for_the_player_at_the_screen(open_widget):
    nb = open_widget("w = BattleLineWidget(opponent=None, seed=4)", width=1366, height=768, ready="Reveal")
    page = nb.page
    state = nb.state()
    assert "Pass the screen to North" in state["view_status"] and not state["moves"]
    covered(page)
    assert page.get_by_role("dialog", name="Pass the screen to North").count() == 1
    nb.screenshot("first-cover")
    page.get_by_role("button", name="Reveal", exact=True).click()
    page.locator(HAND).first.wait_for(timeout=20000)
    assert page.locator(HAND).count() == 7
    nb.screenshot("north-at-the-screen")
    # North plays and draws: the cover comes down for South, and undo is disabled beneath it
    page.locator(HAND).first.click()
    page.locator(PLACE).first.click()
    nb.wait_state(lambda s: s["phase"] == "draw")
    page.get_by_role("button", name="Draw troop", exact=True).click()
    s = nb.wait_state(lambda s: len(s["moves"]) == 2)
    covered(page)
    nb.screenshot("cover-undo-disabled")
    undo_button(page).click(force=True)        # a click on the disabled button does nothing
    page.wait_for_timeout(500)
    assert nb.state()["moves"] == s["moves"]
    # South, at the screen, may take back North's draw: North's hand goes behind the cover
    page.get_by_role("button", name="Reveal", exact=True).click()
    page.locator(HAND).first.wait_for(timeout=20000)
    assert undo_button(page).is_enabled()
    undo_button(page).click()
    nb.wait_state(lambda st: len(st["moves"]) == 1)
    covered(page)
    nb.screenshot("undo-covers-north")
