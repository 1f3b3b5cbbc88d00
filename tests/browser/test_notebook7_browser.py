"""The widget in Jupyter Notebook 7 (not JupyterLab): the example notebook played by
clicking, and one action in the position editor, each checked from Python.

Notebook 7 is built from JupyterLab's parts, so the fixtures of conftest.py drive it the
same way; only the server (``jupyter notebook``) and the page (/notebooks/NAME) differ.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import WIDGET_STATE, state_cell
from test_editor_browser import editor_cell, place
from test_widget_browser import PLACE, button, troop_cards, wait_for_human

ROOT = Path(__file__).resolve().parents[2]


def play_notebook_source() -> str:
    """The code of examples/play.ipynb, its widget bound to ``w`` (the cell shows it as its
    last expression)."""
    nb = json.loads((ROOT / "examples" / "play.ipynb").read_text())
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    lines = "\n".join(code).rstrip().splitlines()
    assert lines[-1].startswith("BattleLineWidget("), "play.ipynb should end with its widget"
    return "\n".join(lines[:-1] + ["w = " + lines[-1]])


def test_play_the_example_notebook_in_notebook7(open_widget_nb7):
    nb = open_widget_nb7(play_notebook_source(),
                         cell=lambda setup, state_file: state_cell(setup, state_file, WIDGET_STATE))
    page = nb.page
    assert page.locator(".jp-LabShell").count() == 0, "this is Notebook 7, not JupyterLab"
    start = wait_for_human(nb, page)
    n = len(start["moves"])
    troops = troop_cards(page)
    card = troops[0].get_attribute("data-card")
    troops[0].click()
    target = page.locator(PLACE).first
    flag = target.get_attribute("data-flag")
    target.click()
    s = nb.wait_state(lambda st: len(st["moves"]) > n)
    assert s["moves"][n] == f"{card}@{flag}" and s["phase"] == "draw"
    page.locator(f'[data-act="mine"][data-card="{card}"][data-flag="{flag}"]').wait_for()
    button(page, "Draw troop").click()
    s = wait_for_human(nb, page, after=n + 1)
    assert s["moves"][n + 1] == "draw troop"
    assert len(s["moves"]) >= n + 3, "the bot answered"
    nb.screenshot("notebook7-play")


def test_an_editor_action_in_notebook7(open_widget_nb7):
    nb = open_widget_nb7("from battleline import PositionEditor\nw = PositionEditor()",
                         cell=editor_cell, ready="Palette Red 1")
    s = place(nb, nb.page, "Red 8", "Flag 3, south side")
    assert s["editor_message"] is None or s["editor_message"]["kind"] != "error"
    assert "R8" in next(line for line in s["draft"].splitlines() if line.startswith("flag 3:"))
    nb.screenshot("notebook7-editor")
