"""Variants of the Ancient Battles bots measured against ``easy`` (see docs/bots.md).

Each is ``medium`` (or ``hard``) with other evaluation weights, another deployment order
or a longer look ahead, named for the arena as ``ancient_variants:NAME`` with this folder
on the path:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_variants:Scaled easy \\
        --game ancient --scenario all --games 400 --seed 20000 --jobs 2
"""

from __future__ import annotations

from battleline.ancient.bots.base import troop_value
from battleline.ancient.bots.evaluation import Weights, evaluate
from battleline.ancient.bots.heuristic import HeuristicBot, planned_action
from battleline.ancient.observation import Observation
from battleline.ancient.bots.search import SearchBot, quick_reply, race_chances


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


def deploying(name: str, order: tuple[int, ...]) -> type:
    """``medium`` deploying the troop values in ``order`` in every battle (the rest waits
    in reserve), instead of choosing by the enemy's Chariots and Elephants."""
    def deployment_preference(self, obs: Observation) -> tuple[int, ...]:
        return order
    return type(name, (HeuristicBot,), {"name": name, "deployment_preference": deployment_preference})


# The fifth round: which troops deploy and which wait in reserve.
StrongestFirst = deploying("StrongestFirst", (5, 4, 8, 10, 6, 9, 3, 7, 2, 1))
MountedFirst = deploying("MountedFirst", (8, 1, 2, 7, 6, 3, 10, 9, 5, 4))
CavalryFirst = deploying("CavalryFirst", (8, 7, 1, 2, 3, 6, 10, 9, 5, 4))
MissilesFirst = deploying("MissilesFirst", (3, 7, 2, 1, 8, 6, 10, 9, 5, 4))
LightFirst = deploying("LightFirst", (1, 2, 7, 3, 8, 6, 10, 9, 5, 4))
HeavyInfantryFirst = deploying("HeavyInfantryFirst", (5, 4, 3, 6, 8, 1, 2, 7, 10, 9))


class InfantryUnlessHeavyEnemy(HeuristicBot):
    """``medium`` deploying as ``HeavyInfantryFirst`` (its own Chariots and Elephants kept
    in reserve), except against four or more enemy Chariots and Elephants, where it keeps
    ``medium``'s order (mounted troops and missiles first)."""

    name = "InfantryUnlessHeavyEnemy"

    def deployment_preference(self, obs: Observation) -> tuple[int, ...]:
        other = "north" if obs.side == "south" else "south"
        if sum(troop_value(c) in (9, 10) for c in obs.armies[other]) >= 4:
            return super().deployment_preference(obs)
        return HeavyInfantryFirst.deployment_preference(self, obs)


class HardTwoTurns(SearchBot):
    """``hard`` playing its best ``finalists`` plans out in ``iterations`` sampled worlds
    each, through the opponent's whole player turn and then our next one (its greedy
    moves and fights), so that a plan that sets up the next turn's blow (shoot now, charge
    the disrupted unit next turn) is credited for it; the best average evaluation wins."""

    def __init__(self, seed: int | None = None, finalists: int = 4, iterations: int = 8) -> None:
        super().__init__(seed, finalists=finalists, iterations=iterations, turn_time=60.0)

    def _play_out(self, world, plan: list[str], me: int, rules) -> float:
        pushed = 0
        try:
            for a in plan:
                world.push(planned_action(world, a))
                pushed += 1
            theirs_seen = mine_again = False
            for _ in range(400):
                s = world.state
                if s.outcome is not None:
                    break
                if s.to_act != me and s.phase == "actions":
                    if mine_again:
                        break        # the opponent's next action step: judge from here
                    theirs_seen = True
                if s.to_act == me and s.phase == "actions" and theirs_seen:
                    mine_again = True
                world.push(quick_reply(world, rules, self.weights))
                pushed += 1
            rules.bind(world.state)
            return self.score(world, me, rules)
        finally:
            for _ in range(pushed):
                world.undo()
            rules.bind(world.state)



# The sixth round: duels in turn order (``Weights.initiative``).
InTurnOrder = medium_with("InTurnOrder", initiative=True)
InTurnOrderFullOther = medium_with("InTurnOrderFullOther", initiative=True, other_threat=1.0, other_missile=1.0)


class HardInTurnOrder(SearchBot):
    """``hard`` with its duels in turn order."""

    weights = type("HardInTurnOrderWeights", (SearchBot.weights,), {"initiative": True})
