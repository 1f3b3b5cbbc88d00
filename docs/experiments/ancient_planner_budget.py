"""Ancient Battles' ``hard`` (``PlannerBot``) with four times the play-outs, to measure
whether more play-outs per plan are where its missing strength lies (docs/experiments/LOG.md, "More
play-outs per plan"). The wall-clock backstops are lifted, so the work alone fixes every
choice. Named for the arena as ``ancient_planner_budget:Planner4x``:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_planner_budget:Planner4x medium \\
        --game ancient --scenario points --games 400 --seed 50000 --jobs 1
"""

from __future__ import annotations

from battleline.ancient.bots.planner import FIGHT_PLAYOUTS, PLAYOUTS, PlannerBot

UNBOUNDED = 1000.0      # seconds: a backstop that never binds


class Planner4x(PlannerBot):
    """``hard`` with 4 x 192 play-outs per action step and 4 x 48 per fight."""

    name = "planner-4x"
    factor = 4

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, turn_time=UNBOUNDED, playouts=self.factor * PLAYOUTS,
                         fight_playouts=self.factor * FIGHT_PLAYOUTS, move_time=UNBOUNDED,
                         turn_budget=UNBOUNDED)


class PlannerUnbounded(Planner4x):
    """The shipped budget with the backstops lifted: the control for :class:`Planner4x`."""

    name = "planner-1x"
    factor = 1
