"""The positions of the play-out policy's distance from `hard` (docs/experiments/policy_distance.py):
each is the start of a side's action step, as recorded, and is rebuilt with fresh dice only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from battleline.ancient import AncientGame
from util import load_experiment

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("name, count", [("ancient_positions.json", 32), ("ancient_positions_mid.json", 23),
                                         ("ancient_positions_terrain.json", 30)])
def test_each_position_starts_the_recorded_sides_action_step(name, count):
    positions = json.loads((DATA / name).read_text())["positions"]
    assert len(positions) == count
    for p in positions:
        g = AncientGame.from_position(p["position"])
        assert (g.phase, g.to_act, g.turn, g.state.actions_left) == ("actions", p["to_act"], p["turn"], 6)
        assert g.outcome is None and p["turn"] >= 2


def test_a_position_is_rebuilt_with_fresh_dice_and_nothing_else():
    pd = load_experiment("policy_distance")
    text = json.loads((DATA / "ancient_positions.json").read_text())["positions"][0]["position"]
    g = pd.reseeded(text, 1234)
    lines = [(a, b) for a, b in zip(text.splitlines(), g.position().splitlines()) if a != b]
    assert lines and all(b == "dice seed 1234 position 0" for _, b in lines)
    assert pd.share([{"winner": "south"}, {"winner": None}, {"winner": "north"}, {"winner": "south"}], "south") == 0.625
