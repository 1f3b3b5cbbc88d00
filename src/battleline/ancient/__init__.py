"""Ancient Battles: Christopher Salander's battle game for the Battle Line deck, as an exact
rules engine. Troop values name troop types; armies deploy face down on a field 9 (7, 11)
wide and 4 deep, then move, shoot and fight with dice. See ``docs/ancient.md``.

>>> from battleline.ancient import AncientGame, melee_odds
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Javalineers", "south"); g.put("c3", "Light Cavalry", "north", disrupted=True)
>>> g.odds("attack c2-c3").eliminated == melee_odds(3, 7, defender_disrupted=True).eliminated
True

``review(game, seat)`` and ``hint(game)`` judge a battle's decisions by the search
(:mod:`.reviewing`, ``docs/review.md``); they load the kernel (NumPy, numba) when first asked for.
"""

from .actions import Action
from .armies import SCENARIO_NAMES, SCENARIOS, Army, Scenario
from .board import Board, board
from .combat import MeleeOdds, melee_odds
from .game import ActionOdds, AncientGame, Outcome, advanced_options
from .state import ADVANCED_RULES, AncientState
from .troops import TROOP_TYPES, TroopType, troop_type

__all__ = ["AncientGame", "Army", "Action", "melee_odds", "MeleeOdds", "ActionOdds", "Outcome",
           "SCENARIOS", "SCENARIO_NAMES", "Scenario", "ADVANCED_RULES", "AncientState", "Board",
           "board", "TROOP_TYPES", "TroopType", "troop_type", "advanced_options", "review", "hint", "iter_review"]


def __getattr__(name):
    # A review searches on the kernel (NumPy, numba): load it only when asked for.
    if name in ("review", "hint", "iter_review"):
        from . import reviewing
        return getattr(reviewing, name)
    raise AttributeError(f"module 'battleline.ancient' has no attribute {name!r}")
