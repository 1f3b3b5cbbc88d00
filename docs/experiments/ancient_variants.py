"""Variants of the Ancient Battles bots measured against ``easy`` (see docs/bots.md).

Each is ``medium`` (or ``hard``) with other evaluation weights or budgets, named for the
arena as ``ancient_variants:NAME`` with this folder on the path:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_variants:Scaled easy \\
        --game ancient --scenario all --games 400 --seed 20000 --jobs 2
"""

from __future__ import annotations

from battleline.ancient.bots.evaluation import Weights, evaluate
from battleline.ancient.bots.heuristic import HeuristicBot
from battleline.ancient.bots.search import SearchBot, race_chances


def medium_with(name: str, race: float = 0.0, **weights) -> type:
    """``medium`` with ``weights`` changed, and ``race`` points of the terrain race (as
    ``hard`` counts it) added to its score."""
    kind = type(name + "Weights", (Weights,), weights)

    def score(self, world, me, rules):
        value = evaluate(world, me, rules, self.weights)
        if race and world.state.outcome is None:
            value += race * race_chances(world.state, rules, me)
        return value
    return type(name, (HeuristicBot,), {"weights": kind, "name": name, "score": score})


Reinf = medium_with("Reinf", reinforcements=0.6)
FullOther = medium_with("FullOther", other_threat=1.0, other_missile=1.0)
Scaled = medium_with("Scaled", army_scale=50.0)
ScaledReinf = medium_with("ScaledReinf", army_scale=50.0, reinforcements=0.6)
ScaledKeep = medium_with("ScaledKeep", army_scale=50.0, reserve_card=-2.0)
ScaledBrink = medium_with("ScaledBrink", army_scale=50.0, casualty_brink=40.0)
ScaledNoPull = medium_with("ScaledNoPull", army_scale=50.0, pull_mounted=False)
ScaledGuard = medium_with("ScaledGuard", army_scale=50.0, home_guard=3.0)
ScaledFull = medium_with("ScaledFull", army_scale=50.0, other_threat=1.0, other_missile=1.0)
ScaledDuel2 = medium_with("ScaledDuel2", army_scale=50.0, duel=2.0)
ScaledRace = medium_with("ScaledRace", race=500.0, army_scale=50.0)
KeepRace = medium_with("KeepRace", race=500.0, army_scale=50.0, reserve_card=-2.0)
# The weights fitted by ancient_tuning.py to 300 battles of medium against easy.
Fitted = medium_with("Fitted", duel=1.078, own_missile=0.32, other_threat=0.322, other_missile=0.661,
                     terrain_unit=2.278, terrain_reach=8.311, terrain_threat=-9.731, home_guard=4.531,
                     advance=-0.211, advance_behind=-0.248, approach=-1.113, line=-1.086, screen=-3.691,
                     column=-0.102, hand_card=1.891, reserve_card=-2.754, stall_advance=-0.197)


class HardReplies(SearchBot):
    """``hard`` re-ranking its best 4 plans by the opponent's greedy answer (6 actions)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, replies=4, reply_actions=6, turn_time=10.0)


class HardPlayouts(SearchBot):
    """``hard`` playing its best 4 plans out in 8 sampled worlds each."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, finalists=4, iterations=8, turn_time=10.0)
