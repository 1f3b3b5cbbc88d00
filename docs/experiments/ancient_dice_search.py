"""Ancient Battles' ``hard`` with its fire and melee searched by expectimax over the exact
dice (``battleline.ancient.bots.dice_search.DiceSearchBot``, issue 42), with the wall-clock
backstops of the action step's search lifted so that machine load changes no choice (as
``ancient_race_policy.GreedyPlanner``, the shipped ``hard`` so lifted). Named for the arena:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_dice_search:DiceSearch medium \\
        --game ancient --scenario points --games 200 --seed 60000 --jobs 1
"""

from __future__ import annotations

import time

from battleline.ancient.actions import Action
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


class DiceSearchFightsFree(DiceSearchBot):
    """As ``DiceSearchFights``, never ending the fire or melee step (in the search's tree)
    while a free favourable shot or attack is offered (``free_fights``)."""

    name = "dice-search-fights-free"

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, plan_depth=0, free_fights=True, turn_time=UNBOUNDED, move_time=UNBOUNDED,
                         turn_budget=UNBOUNDED)


def declines(free_fights: bool, seeds: range = range(5, 9)) -> dict:
    """Over the fire and melee decisions of ``medium``-``medium`` points battles on ``seeds``
    (both sides' decisions): how often the search's first choice (no play-outs) differs from
    ``hard``'s, how often it ends the step where ``hard`` shoots or attacks, and how often it
    ends it while a free favourable shot or attack is offered."""
    from battleline.ancient import AncientGame
    from battleline.ancient.bots import HeuristicBot, PlannerBot
    from battleline.ancient.bots.dice_search import free_favourable
    from battleline.ancient.odds import outcome_dice

    search = DiceSearchBot(seed=1, plan_depth=0, fight_playouts=0, free_fights=free_fights)
    hard = PlannerBot(seed=1, fight_playouts=0)
    counts = {"decisions": 0, "differ": 0, "ends where hard fights": 0, "ends with a free favourable fight": 0}
    for seed in seeds:
        bots = [HeuristicBot(1), HeuristicBot(2)]
        game = AncientGame.points(bots[0].build_army("ROY"), bots[1].build_army("GBP"), seed=seed)
        while game.outcome is None:
            side = game.to_act
            if game.phase in ("fire", "melee") and any(a.kind in ("fire", "attack") for a in game.legal_actions()):
                obs = game.observation(side)
                mine, theirs = Action.parse(str(search.choose(obs))), Action.parse(str(hard.choose(obs)))
                counts["decisions"] += 1
                counts["differ"] += mine != theirs
                if mine.kind not in ("fire", "attack"):
                    counts["ends where hard fights"] += theirs.kind in ("fire", "attack")
                    me = game.state.to_act
                    counts["ends with a free favourable fight"] += any(
                        free_favourable(game.state, me, outcome_dice(game.state, a))
                        for a in game.legal_actions() if a.kind in ("fire", "attack"))
            game.play(bots[side == "north"].choose(game.observation(side)))
    return counts


def cpu_per_player_turn(spec: str, deals: range, opponent: str = "medium") -> list[float]:
    """Seconds of CPU (``time.process_time``) that the bot ``spec`` spends in each of its
    player turns (Tactics to melee), in points-mirror battles against ``opponent`` on
    ``deals``, both seats, seeded as the arena seeds them."""
    from battleline.ancient import AncientGame
    from battleline.ancient.bots import ancient_bot
    from battleline.arena.ancient import ARMY_COLOURS
    from battleline.sides import NORTH, SOUTH

    turns = []
    for deal in deals:
        for seat in (0, 1):
            bots = [None, None]
            bots[seat] = ancient_bot(spec, seed=deal * 2 + seat)
            bots[1 - seat] = ancient_bot(opponent, seed=deal * 2 + 1 - seat)
            for bot in bots:
                if hasattr(bot, "kernel_usable"):
                    bot.kernel_usable()
            armies = [bots[q].build_army(ARMY_COLOURS[(SOUTH, NORTH)[q]]) for q in (0, 1)]   # seat 0 is south
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
    """``cpu BOT FIRST-LAST``: the median and longest CPU seconds per player turn;
    ``declines old|free``: the search's declined fights (:func:`declines`)."""
    import argparse
    import statistics

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("command", choices=["cpu", "declines"])
    parser.add_argument("bot", help="a bot (cpu) or old|free (declines)")
    parser.add_argument("deals", nargs="?", default="62000-62004", help="FIRST-LAST")
    args = parser.parse_args(argv)
    if args.command == "declines":
        print(args.bot, declines(args.bot == "free"))
        return
    first, last = (int(x) for x in args.deals.split("-"))
    turns = cpu_per_player_turn(args.bot, range(first, last + 1))
    print(f"{args.bot}: {len(turns)} player turns, CPU median {statistics.median(turns):.3f} s, "
          f"90% {sorted(turns)[int(0.9 * len(turns))]:.3f} s, longest {max(turns):.3f} s")


if __name__ == "__main__":
    main()
