"""Ancient Battles' ``hard`` with its fire and melee searched by expectimax over the exact
dice (``battleline.ancient.bots.dice_search.DiceSearchBot``, issue 42), with the wall-clock
backstops of the action step's search lifted so that machine load changes no choice (as
``ancient_race_policy.GreedyPlanner``, the shipped ``hard`` so lifted). Named for the arena:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_dice_search:DiceSearch medium \\
        --game ancient --scenario points --games 200 --seed 60000 --jobs 1
"""

from __future__ import annotations

import time

from battleline.ancient.bots.dice_search import DiceSearchBot
from battleline.ancient.bots.evaluation import Weights

UNBOUNDED = 1000.0      # seconds: a backstop that never binds


class DiceSearch(DiceSearchBot):
    """The candidate for ``hard`` (the defaults: fights 3 deep, plans 2 deep), backstops lifted."""

    name = "dice-search"

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, turn_time=UNBOUNDED, move_time=UNBOUNDED, turn_budget=UNBOUNDED)


class DiceSearchFights(DiceSearchBot):
    """Fire and melee by the search (3 deep), the action step's plans as ``PlannerBot``'s
    (``plan_depth`` 0), backstops lifted."""

    name = "dice-search-fights"

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, plan_depth=0, turn_time=UNBOUNDED, move_time=UNBOUNDED, turn_budget=UNBOUNDED)


class DiceSearchFightsDuel1(DiceSearchBot):
    """As ``DiceSearchFights``, its leaves judged with ``medium``'s weights (duels counted
    once, as the casualty race) plus the terrain race."""

    name = "dice-search-fights-duel1"

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, plan_depth=0, leaf_weights=Weights, turn_time=UNBOUNDED, move_time=UNBOUNDED,
                         turn_budget=UNBOUNDED)


def cpu_per_player_turn(spec: str, deals: range, opponent: str = "medium") -> list[float]:
    """Seconds of CPU (``time.process_time``) that the bot ``spec`` spends in each of its
    player turns (Tactics to melee), in points-mirror battles against ``opponent`` on
    ``deals``, both seats, seeded as the arena seeds them."""
    from battleline.ancient import AncientGame
    from battleline.ancient.bots import ancient_bot
    from battleline.arena.ancient import COLOURS

    turns = []
    for deal in deals:
        for seat in (0, 1):
            bots = [None, None]
            bots[seat] = ancient_bot(spec, seed=deal * 2 + seat)
            bots[1 - seat] = ancient_bot(opponent, seed=deal * 2 + 1 - seat)
            for bot in bots:
                if hasattr(bot, "kernel_usable"):
                    bot.kernel_usable()
            armies = [bots[q].build_army(COLOURS[q]) for q in (0, 1)]
            game = AncientGame.points(armies[0], armies[1], seed=deal)
            spent, current = {}, None
            while game.outcome is None and game.turn <= 200:
                side = ("south", "north").index(game.to_act)
                s = game.state
                if side == seat and s.phase in ("tactics", "actions", "fire", "melee"):
                    current = (s.turn, s.half)
                start = time.process_time()
                action = bots[side].choose(game.observation(game.to_act))
                if side == seat and s.phase in ("tactics", "actions", "fire", "melee"):
                    spent[current] = spent.get(current, 0.0) + time.process_time() - start
                game.play(action)
            turns.extend(spent.values())
    return turns


def main(argv=None) -> None:
    """``cpu BOT FIRST-LAST``: the median and longest CPU seconds per player turn."""
    import argparse
    import statistics

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("command", choices=["cpu"])
    parser.add_argument("bot")
    parser.add_argument("deals", help="FIRST-LAST")
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.deals.split("-"))
    turns = cpu_per_player_turn(args.bot, range(first, last + 1))
    print(f"{args.bot}: {len(turns)} player turns, CPU median {statistics.median(turns):.3f} s, "
          f"90% {sorted(turns)[int(0.9 * len(turns))]:.3f} s, longest {max(turns):.3f} s")


if __name__ == "__main__":
    main()
