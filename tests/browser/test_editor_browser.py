"""The position editor in a real JupyterLab, built by clicking (see conftest.py).

A small position is laid out card by card with the palette, a refused placement shows
its error, the exported text in the "Position text" box is checked against the draft in
Python, and "Play from here" starts a game at that position.
"""

from __future__ import annotations

import pytest

from conftest import state_cell


EDITOR_STATE = """
    {"mode": w.mode, "draft": w.draft.text(),
     "editor_message": (v.get("editor") or {}).get("message"),
     "position": w.game.position() if w.mode == "play" else None,
     "to_move": w.game.to_move if w.mode == "play" else None, "seat": w.seat,
     "hot_seat": w.hot_seat, "status": v.get("status"),
     "legal": [m["text"] for m in v.get("legal") or []]}
"""


def editor_cell(setup: str, state_file) -> str:
    """Notebook source: ``w`` from ``setup``; its draft, mode and game go to a file on changes."""
    return state_cell(setup, state_file, EDITOR_STATE)


@pytest.fixture
def open_editor(open_widget):
    """open_editor(setup) -> Notebook: open_widget for a widget that opens in edit mode
    (no flag stones there: it waits for the palette instead)."""
    return lambda setup, width=1200: open_widget(setup, width, cell=editor_cell, ready="Palette Red 1")


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def place(nb, page, card: str, where: str) -> dict:
    """Choose a palette card, then a place; wait for Python's answer (a new draft or a message)."""
    before = nb.state()["draft"]
    button(page, f"Palette {card}").click()
    assert button(page, f"Palette {card}").get_attribute("aria-pressed") == "true"
    button(page, where).click()
    return nb.wait_state(lambda s: s["draft"] != before or s["editor_message"] is not None, timeout=30)


def test_build_a_position_by_clicking_and_play_from_it(open_editor):
    nb = open_editor("from battleline import PositionEditor\nw = PositionEditor()")
    page = nb.page

    # Flag 3: a red wedge for south, a blue 5 for north.
    for card in ("Red 8", "Red 9", "Red 10"):
        place(nb, page, card, "Flag 3, south side")
    place(nb, page, "Blue 5", "Flag 3, north side")
    # Hands: two cards for south, one for north.
    place(nb, page, "Green 1", "South's hand")
    place(nb, page, "Green 2", "South's hand")
    place(nb, page, "Yellow 1", "North's hand")
    s = nb.state()
    assert "flag 3: north B5 | south R8 R9 R10" in s["draft"]
    assert "hand south: G1 G2" in s["draft"] and "hand north: Y1" in s["draft"]
    # The palette greys the placed cards and says where they are.
    red8 = button(page, "Palette Red 8")
    assert "is-placed" in (red8.get_attribute("class") or "")
    assert "flag 3" in (red8.get_attribute("title") or "")

    # A card placed on the table is moved by choosing it there: Yellow 1 to north's discards and back.
    button(page, "Placed Yellow 1").click()
    button(page, "North's discards").click()
    nb.wait_state(lambda st: "discard north: Y1" in st["draft"])
    button(page, "Placed Yellow 1").click()
    button(page, "North's hand").click()
    nb.wait_state(lambda st: "hand north: Y1" in st["draft"])

    # South's wedge 8-9-10 cannot be beaten by north (a tie goes to the first to finish):
    # mark the flag claimed by south.
    page.get_by_role("combobox", name="Flag 3 claimed by", exact=True).select_option("south")
    nb.wait_state(lambda st: "flag 3 claimed by south" in st["draft"])

    # A fourth card on a side without Mud is refused, with the engine's words, and changes nothing.
    before = nb.state()["draft"]
    place(nb, page, "Green 4", "Flag 3, south side")
    s = nb.wait_state(lambda st: st["editor_message"] is not None)
    assert s["editor_message"]["kind"] == "error" and s["draft"] == before
    alert = page.locator(".bl-app").get_by_role("alert")
    alert.wait_for()
    assert "full" in alert.inner_text()
    assert "is-placed" not in (button(page, "Palette Green 4").get_attribute("class") or "")

    # North to move.
    # click, not check(): the radio shows Python's state, which comes back a moment later,
    # and check() fails when it looks before the view returns.
    page.get_by_role("radio", name="North to move", exact=True).click()
    s = nb.wait_state(lambda st: "turn north play" in st["draft"])

    # The exported text in the box is the draft in Python.
    box = page.get_by_role("textbox", name="Position text", exact=True)
    page.wait_for_function(
        "t => { const b = document.querySelector('textarea[data-edit=\"text\"]'); return b && b.value === t; }",
        arg=s["draft"], timeout=20000)
    text = box.input_value()
    assert text == s["draft"]
    for line in ("turn north play", "flag 3 claimed by south: north B5 | south R8 R9 R10",
                 "hand north: Y1", "hand south: G1 G2"):
        assert line in text
    nb.screenshot("editor-built")

    # Play from here against the easy bot: you take north, the side to move.
    page.get_by_role("combobox", name="Opponent", exact=True).select_option("easy")
    button(page, "Play from here").click()
    s = nb.wait_state(lambda st: st["mode"] == "play", timeout=30)
    assert s["to_move"] == 0 and s["seat"] == 0 and not s["hot_seat"]
    assert "flag 3 claimed by south: north B5 | south R8 R9 R10" in s["position"]
    assert "hand north: Y1" in s["position"] and "hand south: G1 G2" in s["position"]
    assert all(m.startswith("Y1@") for m in s["legal"]) and s["legal"]
    # The page shows the game: north's hand holds Yellow 1, flag 3 is south's.
    button(page, "Yellow 1").wait_for()
    button(page, "Back to editor").wait_for()
    assert page.get_by_label("Flag 3, opponent's Red 10", exact=True).count() == 1
    nb.screenshot("editor-play")
