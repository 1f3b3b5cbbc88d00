"""Ancient Battles' ``hard`` (``PlannerBot``) with the race play-out policy (issue 42;
docs/bots.md, "The play-out policy's distance from hard"), and the shipped ``hard``, both with
the wall-clock backstops lifted so that machine load changes no choice. Named for the arena:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_race_policy:RacePlanner medium \\
        --game ancient --scenario points --games 200 --seed 50000 --jobs 1
"""

from __future__ import annotations

from battleline.ancient.bots.planner import PlannerBot

UNBOUNDED = 1000.0      # seconds: a backstop that never binds


class GreedyPlanner(PlannerBot):
    """The shipped ``hard`` (greedy play-outs), backstops lifted."""

    name = "planner-greedy"
    race_policy = False

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, turn_time=UNBOUNDED, move_time=UNBOUNDED, turn_budget=UNBOUNDED)


class RacePlanner(GreedyPlanner):
    """``hard`` whose play-outs march for the Back Row, block and guard the leader."""

    name = "planner-race"
    race_policy = True
