"""``hard`` with weights fitted by ``ancient_learning.py`` (a screen in the arena).

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_learned:LearnedHard medium \\
        --game ancient --scenario points --games 400 --seed 50000 --jobs 1 --save F

``BATTLELINE_LEARNED`` names the weights' JSON file (default: ``learned_weights.json`` beside
this file). That file is the fit measured in docs/experiments/LOG.md ("A learned evaluation"), over the
21 terms the evaluation had then. Six of them (``RETIRED``) have since been removed from the
evaluation; their fitted weights are read and left unused, so ``LearnedHard`` and
``PlannerLearnedLeaf`` here play without them and are not quite the bots measured there (those
ran at commit 1a4f6a8). A fit made now (``ancient_learning.py fit``) has only the present terms.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from battleline.ancient.bots.evaluation import TERMS
from battleline.ancient.bots.planner import PlannerBot
from battleline.ancient.bots.search import HardWeights, SearchBot

PATH = Path(os.environ.get("BATTLELINE_LEARNED", Path(__file__).with_name("learned_weights.json")))


class LearnedWeights(HardWeights):
    """``hard``'s switches, the fitted weights."""


RETIRED = ("casualty_brink", "reinforcements", "terrain_reach", "terrain_threat", "home_guard", "reserve_card")

for _name, _value in json.loads(PATH.read_text()).items():
    if _name in TERMS:
        setattr(LearnedWeights, _name, _value)
    elif _name not in RETIRED:
        raise ValueError(f"{PATH}: the evaluation has no term {_name!r}")


class LearnedHard(SearchBot):
    """``hard`` planning with the fitted weights."""

    name = "learned-hard"
    weights = LearnedWeights


class LearnedMedium(SearchBot):
    """``medium``'s beam (3 plans) and no terrain race, with the fitted weights: the
    evaluation's change alone."""

    name = "learned-medium"
    weights = LearnedWeights

    def __init__(self, seed=None, turn_time: float = 1.5) -> None:
        super().__init__(seed, turn_time=turn_time, beam=3, race=0.0)


class PlannerLearnedLeaf(PlannerBot):
    """``PlannerBot`` judging its play-outs' last positions by the fitted weights (a better
    predictor of the result than ``hard``'s on held-out self-play battles)."""

    name = "planner-learned-leaf"
    leaf = LearnedWeights
