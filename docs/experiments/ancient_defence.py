"""``hard`` that sees a terrain victory coming two moves ahead (docs/bots.md, "Defending the
Back Row").

The terrain race in ``hard``'s plan score (``race_chances``) counts a side only once it can
complete a terrain victory in its next action step. By then the defender may have no
answer: units never step back, and a reserve card placed on an empty square in front of an
enemy often dies at once. ``HardDefends`` adds ``approach`` times the race's worth for each
side that could complete it within two moves of its own units (the others standing still)
but not in one: its own such threat for it, the opponent's against it. A plug, or a unit
that bars the way, then pays one answer earlier. Named for the arena as
``ancient_defence:HardDefends``:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_defence:HardDefends \\
        ancient_rushers:TerrainRush --game ancient --scenario all --games 140 --seed 30000 --jobs 1
"""

from __future__ import annotations

from battleline.ancient.bots.planner import PlannerBot
from battleline.ancient.bots.terrain_race import terrain_reach, terrain_reach_within
from battleline.ancient.rules import Rules


def race_approach(s, rules: Rules, me: int) -> float:
    """+1 if ``me`` could complete a terrain victory within two moves of its units but not in
    one, -1 if the opponent could, the sum if both (``rules`` bound to ``s``)."""
    need = s.width // 2 + 1
    total = 0.0
    for q, sign in ((me, 1.0), (1 - me, -1.0)):
        held, now = terrain_reach(s, rules, q)
        if held + now >= need:
            continue               # the race term already counts it
        _, soon = terrain_reach_within(s, rules, q, 2)
        if held + soon >= need:
            total += sign
    return total


class HardDefends(PlannerBot):
    """``hard`` whose plan score also counts the terrain race two moves ahead."""

    name = "hard-defends"
    approach = 0.2

    def score(self, world, me: int, rules: Rules) -> float:
        value = super().score(world, me, rules)
        s = world.state
        if s.outcome is not None or not self.race:
            return value
        return value + self.race * self.approach * race_approach(s, rules, me)


class HardDefendsLight(HardDefends):
    """The same at half the weight."""

    name = "hard-defends-light"
    approach = 0.1
