"""DiceSearchBot: ``hard``'s fights and plans judged by expectimax over the exact dice.

The bot plays as :class:`~.planner.PlannerBot`, but its default choice (the one the
play-outs must beat by ``confidence`` standard errors) comes from a search of this player
turn's fire and melee steps as a tree (:class:`~battleline.expectimax.Expectimax`, with
Ballard's Star1 cut-offs): each shot or attack is a chance node whose outcomes are its exact
results from the engine's odds (:func:`~battleline.ancient.odds.outcome_dice`: each result,
its chance and dice that make it), and after each result the bot decides again (another
shot or attack, or the step's end).

- **fire and melee**: each decision is searched ``depth`` shots or attacks deep;
- **the action step**: each of ``SearchBot``'s best ``candidates`` plans is played in the
  sampled world and valued by the search of the fire and melee steps that follow it
  (``plan_depth`` deep; 0 leaves the plans to ``PlannerBot``); the best plan becomes the
  default.

Only ``breadth`` shots or attacks (``hard``'s best by expected gain) are tried at the first
decision and ``inner_breadth`` at later ones; ending the step is always tried. At the depth
limit, or when its melee step is over, a position is judged by ``hard``'s score (the static
evaluation with ``HardWeights`` and the terrain race) less the score at the root, squashed
into a chance of winning by a logistic curve of ``scale`` points, so that every value lies
in [0, 1] as Star1 needs. Where ending the player turn rolls the initiative, the leaf is the
mean over both results (each side first, chance 1/2). The work is fixed by the depths and
breadths, so the seed fixes every choice.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
>>> g.play("end actions")
>>> str(DiceSearchBot(seed=1).choose(g.observation("south")))
'attack c2-c3'
"""

from __future__ import annotations

import math
import time

from ...errors import shorten
from ...expectimax import Expectimax
from ...planning import check_count
from ..actions import Action
from ..odds import outcome_dice
from ..rules import Rules
from ...sides import NORTH, SOUTH
from .evaluation import action_gain, evaluate
from .heuristic import planned_action
from .planner import PlannerBot
from .search import race_chances

__all__ = ["DiceSearchBot", "DiceFightBot", "DiceFightValueBot", "FightTree", "free_favourable", "result_key", "DEPTH", "PLAN_DEPTH", "BREADTH", "INNER_BREADTH", "SCALE"]

DEPTH = 3            # shots or attacks searched along a line from a fire or melee decision
PLAN_DEPTH = 2       # and from the end of each action-step plan
BREADTH = 5          # shots or attacks tried at the first decision
INNER_BREADTH = 3    # and at each later one
SCALE = 40.0         # points of score that move the leaf's chance from 1/2 to about 0.73
# Initiative dice that make each side first (south rolls first; the higher die wins).
_FIRST_DICE = {SOUTH: [2, 1], NORTH: [1, 2]}


def result_key(s, rules: Rules, a: Action) -> tuple | None:
    """What alone decides the results of the shot or attack ``a`` in the state ``s`` and the
    dice that make them, without Elephant rampages (None with them): a shot's target square,
    its troop type and whether it is disrupted; an attack's target square and its melee
    numbers (``rules`` bound to ``s``). A hit disrupts the target (and the card stacked with
    it), or eliminates it if it was disrupted; nothing else changes."""
    if "rampage" in s.options:
        return None
    lookup = s.board.lookup
    target = s.cells[lookup[a.squares[-1]]]
    if a.kind == "fire":
        return ("fire", a.squares[-1], target % 10, bool(s.disrupted[target]))
    rules.bind(s)
    attackers = tuple(s.cells[lookup[x]] for x in a.squares[:-1])
    return ("attack", a.squares[-1], tuple(rules.melee_numbers(attackers, target)))


def free_favourable(s, me: int, results: dict) -> bool:
    """Whether a shot or attack with ``results`` (:func:`~battleline.ancient.odds.outcome_dice`
    in the state ``s``) is free and favourable for ``me``: every result only disrupts or
    eliminates enemy units, and one with a chance does. In the basic rules each shot or attack
    is such (a unit that fires may still attack; the attacker is never hit), so ending the step
    instead gives the fight away; an Elephant's rampage that may hit an own unit is not free."""
    cells, lookup, owner = s.cells, s.board.lookup, s.owner
    hurts = False
    for result, (p, _) in results.items():
        for square, what in result:
            c = cells[lookup[square]]
            if c < 0 or owner[c] == me or what not in ("disrupted", "eliminated"):
                return False
            hurts = hurts or p > 0
    return hurts


class FightTree:
    """The fire and melee steps of ``me`` in ``world`` (a game the bot may change and take
    back) as a :class:`~battleline.expectimax.ChanceModel`. ``score(world, me, rules)``
    judges a position; ``gain_bonus(action)`` adds to an action's expected gain when
    ranking (``hard``'s follow-up and race bonus)."""

    def __init__(self, world, me: int, score, breadth: int = BREADTH, inner_breadth: int = INNER_BREADTH,
                 scale: float = SCALE, gain_bonus=None, free_fights: bool = False) -> None:
        self.world, self.me, self.score = world, me, score
        self.free_fights = free_fights
        self.breadth, self.inner_breadth, self.scale = breadth, inner_breadth, scale
        self.gain_bonus = gain_bonus
        self.rules = Rules(world.state)
        self.centre = 0.0
        self.centre = self.raw_score()
        self.rolled: list[bool] = []     # per play: whether it rolled the next turn's initiative
        self.known: dict = {}            # result_key -> outcome_dice

    # ------------------------------------------------------------------ the model
    def options(self, ply: int) -> list:
        """``hard``'s best shots or attacks by expected gain (gaining ones first, as ``hard``
        orders them) and the step's end; empty when the fire and melee steps are over. With
        ``free_fights``, the step's end is left out while a free favourable fight is offered
        (:func:`free_favourable`)."""
        s = self.world.state
        if s.outcome is not None or s.phase not in ("fire", "melee") or s.to_act != self.me:
            return []
        fights, end, free = [], None, False
        for a in self.world.legal_actions():
            if a.kind in ("fire", "attack"):
                results = self.results(a)
                gain = action_gain(self.world, a, self.me, {r: p for r, (p, _) in results.items()})
                free = free or (self.free_fights and free_favourable(s, self.me, results))
                if self.gain_bonus is not None and ply == 0:
                    gain += self.gain_bonus(a)
                fights.append((gain, len(fights), a))
            elif end is None:
                end = a
        fights.sort(key=lambda f: (-f[0], f[1]))
        keep = [a for _, _, a in fights[:self.breadth if ply == 0 else self.inner_breadth]]
        if free:
            return keep
        if fights and fights[0][0] > 0:
            return keep[:1] + [end] + keep[1:]
        return [end] + keep

    def uses_depth(self, option: Action) -> bool:
        return option.kind in ("fire", "attack")

    def outcomes(self, option: Action) -> list[tuple[float, list[int] | None]]:
        """A shot's or an attack's results with their exact chances, each as dice that make
        it; another option has one outcome."""
        if option.kind not in ("fire", "attack"):
            return [(1.0, None)]
        results = self.results(option)
        return [(float(p), dice) for p, dice in sorted(results.values(), key=lambda r: -r[0])]

    def results(self, a: Action) -> dict[tuple, tuple]:
        """:func:`~battleline.ancient.odds.outcome_dice` of ``a`` here, kept by what decides
        them (:func:`result_key`): the same shot or attack recurs all over the tree."""
        key = result_key(self.world.state, self.rules, a)
        found = self.known.get(key) if key is not None else None
        if found is None:
            found = outcome_dice(self.world.state, a)
            if key is not None:
                self.known[key] = found
        return found

    def play(self, option: Action, outcome: list[int] | None) -> None:
        if outcome is not None:
            self.world.state.dice.set_next(outcome)
        self.world.push(option)
        self.rolled.append(bool(self.world.last_dice()[1]))

    def undo(self) -> None:
        self.rolled.pop()
        self.world.undo()

    def value(self) -> float:
        """The squashed score; after a play that rolled the initiative, its mean over the
        two sides' going first."""
        if not (self.rolled and self.rolled[-1]):
            return self.squash(self.raw_score())
        world = self.world
        own = world.last_dice()[0]
        action = world.undo()
        total = 0.0
        try:
            for side in (SOUTH, NORTH):
                world.state.dice.set_next(own + _FIRST_DICE[side])
                world.push(action)
                total += 0.5 * self.squash(self.raw_score())
                world.undo()
        finally:
            world.state.dice.set_next(own)
            world.push(action)
        return total

    # ------------------------------------------------------------------ the leaf
    def raw_score(self) -> float:
        return self.score(self.world, self.me, self.rules) - self.centre

    def squash(self, points: float) -> float:
        """``points`` as a chance in [0, 1] (a logistic curve)."""
        z = max(-60.0, min(60.0, points / self.scale))
        return 1.0 / (1.0 + math.exp(-z))


class DiceSearchBot(PlannerBot):
    """``PlannerBot`` whose default choices come from expectimax over this player turn's
    dice (:class:`FightTree`; see the module docstring). In the action step, each of
    ``SearchBot``'s best ``candidates`` plans is played in the sampled world and valued by
    the search of the fire and melee steps that follow (``plan_depth`` shots or attacks
    deep; 0: the plans are ``PlannerBot``'s); in fire and melee, each decision is searched
    ``depth`` deep. The best becomes
    the default that ``PlannerBot``'s play-outs must beat by ``confidence`` standard
    errors (``playouts``, ``fight_playouts``; 0 fight play-outs: the search alone decides).
    ``breadth`` shots or attacks are tried at the first decision and ``inner_breadth`` at
    later ones; ``scale``: points of score per unit of the leaf's logistic curve; ``star1``
    switches the cut-offs (the choice is the same); ``leaf_weights``: the evaluation's
    weights at the leaves (None: ``hard``'s score); ``free_fights``: never end the fire or
    melee step, in the search's tree, while a free favourable shot or attack is offered
    (:func:`free_favourable`). The search itself uses the engine, not
    the kernel."""

    name = "dice-search"

    def __init__(self, seed: int | None = None, depth: int = DEPTH, plan_depth: int = PLAN_DEPTH,
                 breadth: int = BREADTH, inner_breadth: int = INNER_BREADTH, scale: float = SCALE,
                 star1: bool = True, leaf_weights: type | None = None, free_fights: bool = False,
                 **planner) -> None:
        super().__init__(seed, **planner)
        self.depth = check_count("depth", depth)
        self.plan_depth = check_count("plan_depth", plan_depth, 0)
        self.breadth = check_count("breadth", breadth)
        self.inner_breadth = check_count("inner_breadth", inner_breadth)
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < math.inf:
            raise ValueError(f"scale must be a positive number of points, not {shorten(scale)}")
        self.scale = float(scale)
        self.star1 = bool(star1)
        self.leaf_weights = leaf_weights
        self.free_fights = bool(free_fights)
        self.last_leaves = 0      # leaf values taken by the last search (for tests and benchmarks)

    def fight_tree(self, world, me: int, bonus: bool = True) -> FightTree:
        """The search's model of ``world`` for ``me``, with this bot's breadths and scale;
        ``bonus``: rank the first decision's shots and attacks with ``hard``'s follow-up and
        race bonus (computed for the present position)."""
        return FightTree(world, me, self.leaf_score, self.breadth, self.inner_breadth, self.scale,
                         self.strike_bonus(world, me) if bonus else None, self.free_fights)

    def leaf_score(self, world, me: int, rules: Rules) -> float:
        """``hard``'s score, or with ``leaf_weights`` the evaluation with those weights plus
        the terrain race."""
        if self.leaf_weights is None:
            return self.score(world, me, rules)
        value = evaluate(world, me, rules, self.leaf_weights)
        if world.state.outcome is not None or not self.race:
            return value
        return value + self.race * race_chances(world.state, rules, me)

    def plan_turn(self, obs) -> list[str]:
        """The action step's plan: ``SearchBot``'s best plans, the one whose fire and melee
        steps promise most by expectimax first, then searched across turns."""
        if self.plan_depth == 0:
            return super().plan_turn(obs)
        deadline = time.perf_counter() + self.turn_time
        world = self.world(obs)
        me = world.state.to_act
        ranked = self.ranked_plans(world, me, Rules(world.state), deadline)
        plans = [plan for _, plan in ranked[:self.candidates]]
        if len(plans) > 1:
            tree = self.fight_tree(world, me, bonus=False)
            values = [self.plan_value(tree, plan) for plan in plans]
            first = max(range(len(plans)), key=lambda i: (values[i], -i))
            plans = [plans[first]] + plans[:first] + plans[first + 1:]
        self.last_used_kernel = len(plans) > 1 and self.kernel_usable()
        if not self.last_used_kernel:
            return plans[0]
        return plans[self.search_candidates(world, plans, self.playouts)]

    def plan_value(self, tree: FightTree, plan: list[str]) -> float:
        """The expectimax value of ``plan`` (action texts) played in the tree's world: its
        fire and melee steps searched ``plan_depth`` deep, or the leaf where it has none."""
        for text in plan:
            tree.play(planned_action(tree.world, text), None)
        try:
            search = Expectimax(tree, self.plan_depth, star1=self.star1)
            if self.plan_depth and tree.options(0):
                return search.best()[1]
            return tree.value()
        finally:
            for _ in plan:
                tree.undo()

    def _fight(self, obs, end: str) -> str:
        """The shot or attack to make, or ``end``: the best by expectimax over the dice
        first, then searched across turns (``fight_playouts``)."""
        world = self.world(obs)
        me = world.state.to_act
        tree = self.fight_tree(world, me)
        options = [str(o) for o in tree.options(0)]
        search = Expectimax(tree, self.depth, star1=self.star1)
        first, _ = search.best()
        self.last_leaves = search.leaves
        options = [options[first]] + options[:first] + options[first + 1:]
        options = options[:max(1, self.candidates)]
        self.last_used_kernel = len(options) > 1 and self.fight_playouts > 0 and self.kernel_usable()
        if not self.last_used_kernel:
            return options[0]
        return options[self.search_candidates(world, [[o] for o in options], self.fight_playouts)]


class DiceFightBot(DiceSearchBot):
    """Ancient Battles' ``hard`` (issue 42): ``PlannerBot``'s action-step plans, and each fire
    or melee decision searched 3 deep by expectimax over the exact dice, never ending the step
    while a free favourable shot or attack is offered (``plan_depth`` 0, ``free_fights``).
    Other settings as :class:`DiceSearchBot`'s.

    >>> bot = DiceFightBot(seed=1)
    >>> bot.plan_depth, bot.free_fights
    (0, True)
    """

    name = "dice-fight"

    def __init__(self, seed: int | None = None, **settings) -> None:
        super().__init__(seed, **{"plan_depth": 0, "free_fights": True, **settings})


class DiceFightValueBot(DiceFightBot):
    """``DiceFightBot`` whose play-outs' ends are scored by the value learned from self-play
    (:mod:`battleline.ancient.kernel.value`; ``value_leaf=True``) instead of ``hard``'s
    evaluation (issue 42: a TD(lambda) value at the search's leaves).

    >>> DiceFightValueBot(seed=1).value_leaf
    True
    """

    name = "dice-fight-value"

    def __init__(self, seed: int | None = None, **settings) -> None:
        super().__init__(seed, **{"value_leaf": True, **settings})
