"""Scripted opponents that go for a terrain victory, to measure how Ancient Battles' bots
defend their Back Row (see docs/experiments/LOG.md, "Defending the Back Row").

`TerrainRush` plays as `medium` in every step but the action step. There it spends its
actions marching units that hold ground toward the enemy Back Row: first a step onto an
empty square of that row, then the longest step forward, toward a column whose Back Row
square is empty before one that is filled. With nothing to march it places its strongest
reserve card, then ends the step. Named for the arena as ``ancient_rushers:TerrainRush``:

    PYTHONPATH=docs/experiments python -m battleline.arena hard ancient_rushers:TerrainRush \\
        --game ancient --scenario all --games 140 --seed 30000 --jobs 1
"""

from __future__ import annotations

from battleline.ancient.bots.heuristic import HeuristicBot
from battleline.ancient.observation import Observation
from battleline.ancient.troops import TROOP_TYPES

# The enemy Back Row's number for each side, in the field's square names.
TARGET_ROW = {"south": 4, "north": 1}


def _row(square: str) -> int:
    return int(square[1:])


def _holds_ground(unit: dict) -> bool:
    return not unit["disrupted"] and any(t is not None and t.name == unit["type"] and t.holds_ground
                                         for t in TROOP_TYPES)


def march_score(obs: Observation, move: str) -> tuple | None:
    """How much ``move`` (``"a4-a2"``) brings a ground-holding unit toward the enemy Back
    Row, as a sortable key (larger is better), or None if it brings none."""
    start, end = move.split("-")
    unit = obs.field.get(start)
    if unit is None or unit["side"] != obs.side or not _holds_ground(unit):
        return None
    target = TARGET_ROW[obs.side]
    gain = abs(_row(start) - target) - abs(_row(end) - target)
    if gain <= 0:
        return None
    home = f"{end[0]}{target}"
    arrives = _row(end) == target
    gap = home not in obs.field
    return (arrives, gain, gap)


def reserve_strength(action: str) -> int:
    """The value of the card a ``reinforce R7@i4`` places."""
    return int(action.split()[1].split("@")[0].rstrip("*")[1:])


class TerrainRush(HeuristicBot):
    """`medium` that marches for the enemy Back Row in its action steps."""

    name = "terrain-rush"

    def decide(self, obs: Observation) -> str:
        if obs.phase != "actions":
            return super().decide(obs)
        legal = obs.legal_actions
        marches = [(march_score(obs, a), a) for a in legal if "-" in a and " " not in a]
        marches = [(k, a) for k, a in marches if k is not None]
        if marches:
            best = max(k for k, _ in marches)
            return self.rng.choice(sorted(a for k, a in marches if k == best))
        reinforcements = [a for a in legal if a.startswith("reinforce ")]
        if reinforcements:
            return max(reinforcements, key=lambda a: (reserve_strength(a), a))
        return "end actions" if "end actions" in legal else super().decide(obs)
