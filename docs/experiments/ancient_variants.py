"""Variants of the Ancient Battles bots measured against ``easy`` (see docs/experiments/LOG.md).

Each is ``medium`` (or ``hard``) with other evaluation weights, another deployment order
or a longer look ahead, named for the arena as ``ancient_variants:NAME`` with this folder
on the path:

    PYTHONPATH=docs/experiments python -m battleline.arena ancient_variants:Scaled easy \\
        --game ancient --scenario all --games 400 --seed 20000 --jobs 2
"""

from __future__ import annotations

import random
import time

from battleline.ancient.bots.base import troop_value
from battleline.ancient.bots.evaluation import (Weights, duel_term, evaluate, remaining_worth,
                                                strike_chance)
from battleline.ancient.bots.heuristic import HeuristicBot, distinct_actions, planned_action
from battleline.ancient.bots.search import SearchBot, quick_reply, race_chances
from battleline.ancient.bots.terrain_race import next_mover_chances, terrain_reach
from battleline.ancient.observation import Observation
from battleline.ancient.rules import SHORT as SHORT_NAMES, Rules
from battleline.ancient.worlds import sample_world


def medium_with(name: str, race: float = 0.0, turn_order: bool = False, **weights) -> type:
    """``medium`` with ``weights`` changed, ``race`` points of the terrain race (as ``hard``
    counts it) added to its score, and with ``turn_order`` its duels in turn order."""
    unknown = sorted(k for k in weights if not hasattr(Weights, k))
    if unknown:     # a term the evaluation does not have would silently weigh nothing
        raise ValueError(f"{name}: the evaluation has no weight {', '.join(unknown)}")
    kind = type(name + "Weights", (Weights,), weights)

    def score(self, world, me, rules):
        value = evaluate(world, me, rules, self.weights)
        if race and world.state.outcome is None:
            value += race * race_chances(world.state, rules, me)
        if turn_order:
            value += turn_order_correction(world, me, rules, self.weights)
        return value
    return type(name, (HeuristicBot,), {"weights": kind, "name": name, "score": score})


# ---------------------------------------------------------------- the sixth round: duels in turn order
def duel_win_chance(mine: float, theirs: float, order: str) -> float:
    """The chance that our unit wins a duel (disrupts the other first) when each strike of
    ours lands with chance ``mine`` and each of theirs with ``theirs``, and ``order`` says
    who strikes: ``"alternate-us"`` (we, then they, and so on), or, in turn order, the
    strikes already known (``u`` ours, ``t`` theirs) followed by whole turns in which each
    side strikes once, first as the initiative roll decides (evenly).

    >>> round(duel_win_chance(0.5, 0.5, "alternate-us"), 3)
    0.667
    >>> [round(duel_win_chance(0.5, 0.5, order), 3) for order in ("ut", "u", "", "t")]
    [0.625, 0.75, 0.5, 0.25]
    """
    either = mine + theirs - mine * theirs
    if either <= 0:
        return 0.0
    if order == "alternate-us":
        return mine / either
    win = mine * (2 - theirs) / (2 * either)        # a fresh turn, either side first
    for who in reversed(order):
        win = mine + (1 - mine) * win if who == "u" else (1 - theirs) * win
    return win


def turn_order_duels(s, rules, side: int, acting: int) -> float:
    """The evaluation's duel term with the strikes in turn order: in the first player turn
    of a turn the other side answers at once; after the second, the next initiative roll
    decides who strikes next (:func:`duel_win_chance`). Pairs with a disrupted unit are
    valued as the shipped duel term values them."""
    fwd = s.board.forward[side]
    enemy = s.side_squares[1 - side]
    answered = s.half == 0          # the side acting is the first player: the other follows
    total = 0.0
    for sq, c in rules.own_units(side):
        f = fwd[sq]
        if f < 0 or not enemy >> f & 1:
            continue
        t = s.cells[f]
        if s.disrupted[c] or s.disrupted[t]:
            continue
        mine, theirs = strike_chance(s, rules, c, t), strike_chance(s, rules, t, c)
        if mine + theirs - mine * theirs <= 0:
            continue
        if acting == side:
            order = ("u" if c not in s.attacked else "") + ("t" if answered else "")
        elif acting == 1 - side:
            order = ("t" if t not in s.attacked else "") + ("u" if answered else "")
        else:
            order = ""
        win = duel_win_chance(mine, theirs, order)
        total += win * remaining_worth(s, t) - (1 - win) * remaining_worth(s, c)
    return total


def _undisrupted_duels(s, rules, side: int, acting: int) -> float:
    """The shipped duel term over the pairs :func:`turn_order_duels` replaces."""
    return duel_term(s, rules, side, acting) - _disrupted_pairs_term(s, rules, side, acting)


def _disrupted_pairs_term(s, rules, side: int, acting: int) -> float:
    fwd = s.board.forward[side]
    enemy = s.side_squares[1 - side]
    total = 0.0
    for sq, c in rules.own_units(side):
        f = fwd[sq]
        if f < 0 or not enemy >> f & 1:
            continue
        t = s.cells[f]
        if s.disrupted[c] and s.disrupted[t]:
            continue
        if s.disrupted[t]:
            total += remaining_worth(s, t) if strike_chance(s, rules, c, t) > 0 else 0.0
        elif s.disrupted[c]:
            total -= remaining_worth(s, c) if strike_chance(s, rules, t, c) > 0 else 0.0
    return total


def turn_order_correction(world, me: int, rules, weights) -> float:
    """What the duels in turn order add to the shipped evaluation (which alternates the
    strikes): the weighted difference of the two duel terms (0 once the battle is over)."""
    s = world.state
    if s.outcome is not None or not weights.duel or weights.army_scale:
        return 0.0
    rules.bind(s)
    acting = s.to_act if s.phase in ("tactics", "actions", "fire", "melee") else -1
    return weights.duel * (turn_order_duels(s, rules, me, acting) - _undisrupted_duels(s, rules, me, acting))


# ---------------------------------------------------------------- looks further ahead for hard
_PLAY_OUT_LIMIT = 150


def _pass_action(world):
    """The action that passes the current step without doing anything (ending it, rolling,
    standing or rallying nobody), to reach the opponent's action step."""
    legal = world.legal_actions()
    for a in legal:
        if a.kind in ("end", "roll", "stand") or str(a) == "rally none":
            return a
    return legal[0]


def race_one_short(s, rules, me: int) -> float:
    """The terrain race's chances for the sides one unit short of a terrain victory (ours
    for, theirs against): what ``race_near`` (0.15 in docs/experiments/LOG.md) weighs."""
    need = s.width // 2 + 1
    chances = next_mover_chances(s)
    acting = s.first if s.half == 0 else 1 - s.first
    total = 0.0
    for q, sign in ((me, 1.0), (1 - me, -1.0)):
        held, may_add = terrain_reach(s, rules, q)
        if held >= need and q == acting and s.phase in ("fire", "melee", "withdrawal"):
            continue
        if held + may_add == need - 1:
            total += sign * chances[q]
    return total


class SearchBotLookahead(SearchBot):
    """``hard`` with the looks further ahead it once shipped switched off (they measured
    weaker, docs/experiments/LOG.md): with ``replies`` above 1, that many best plans re-ranked by the
    opponent's greedy answer (``reply_actions`` moves by medium's evaluation, our fire and
    melee skipped so that no dice come in; ``reply_weight`` times the change it brings to our
    evaluation is added); with ``finalists`` above 1, that many best plans played out in
    ``iterations`` sampled worlds each (hand, deck and dice sampled, every plan meeting the
    same dice in the same world) through its fire and melee and the opponent's answer, the
    best average evaluation winning; with ``race_near``, that share of the terrain race
    counted for a side one unit short (in the plan's score, not in the strikes' bonus)."""

    def __init__(self, seed: int | None = None, turn_time: float = 1.5, iterations: int = 4,
                 beam: int = 6, finalists: int = 1, replies: int = 0, reply_actions: int = 6,
                 reply_weight: float = 1.0, race: float = 500.0, race_near: float = 0.0) -> None:
        super().__init__(seed, turn_time=turn_time, beam=beam, race=race)
        self.race_near = race_near
        self.iterations = iterations
        self.finalists = finalists
        self.replies = replies
        self.reply_actions = reply_actions
        self.reply_weight = reply_weight

    def plan_turn(self, obs: Observation) -> list[str]:
        deadline = time.perf_counter() + self.turn_time
        world = self.world(obs)
        me = world.state.to_act
        rules = Rules(world.state)
        plans = self.ranked_plans(world, me, rules, deadline)
        if self.replies > 1:
            plans = self.judge_replies(world, plans, me, rules, deadline)
        finalists = plans[:self.finalists]
        if len(finalists) == 1:
            return finalists[0][1]
        totals = [0.0] * len(finalists)
        done = 0
        for _ in range(self.iterations):
            if time.perf_counter() > deadline and done:
                break
            sample = sample_world(obs, random.Random(self.rng.randrange(2 ** 32)))
            for i, (_, plan) in enumerate(finalists):
                totals[i] += self.play_out(sample, plan, me, rules)
            done += 1
        best = max(range(len(finalists)), key=lambda i: (totals[i], -i))
        return finalists[best][1]

    def score(self, world, me: int, rules) -> float:
        """``hard``'s score, plus with ``race_near`` that share of the terrain race counted
        for a side one unit short of it."""
        value = super().score(world, me, rules)
        if self.race and self.race_near and world.state.outcome is None:
            value += self.race * self.race_near * race_one_short(world.state, rules, me)
        return value

    def judge_replies(self, world, plans, me: int, rules, deadline):
        """The best ``replies`` plans re-ranked by what the opponent's answer costs us."""
        scored = []
        for i, (score, plan) in enumerate(plans[:self.replies]):
            if i and deadline is not None and time.perf_counter() > deadline:
                break
            scored.append((score + self.reply_weight * self.reply_cost(world, plan, me, rules), plan))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return scored + plans[len(scored):]

    def reply_cost(self, world, plan: list[str], me: int, rules) -> float:
        """Our evaluation after the opponent's greedy moves minus before them, at the start
        of its action step (our fire and melee skipped: no dice). 0 if we act again first."""
        pushed = 0
        try:
            for a in plan:
                world.push(planned_action(world, a))
                pushed += 1
            for _ in range(_PLAY_OUT_LIMIT):
                s = world.state
                if s.outcome is not None:
                    return 0.0
                if s.phase == "actions" and s.to_act != me:
                    break
                if s.phase in ("tactics", "actions") and s.to_act == me:
                    return 0.0
                world.push(_pass_action(world))
                pushed += 1
            else:
                return 0.0
            you = 1 - me
            before = evaluate(world, me, rules, self.weights)
            theirs = evaluate(world, you, rules, Weights)
            for _ in range(self.reply_actions):
                best, best_score = None, theirs
                guarded = world.state.leader_of[you]
                for a in distinct_actions(world):
                    if a.kind == "end" or (a.kind == "reinforce" and guarded >= 0
                                           and a.card == SHORT_NAMES[guarded]):
                        continue
                    world.push(a)
                    s = world.state
                    if s.phase == "actions" and s.to_act == you:
                        sc = evaluate(world, you, rules, Weights)
                        if sc > best_score:
                            best, best_score = a, sc
                    world.undo()
                if best is None:
                    break
                world.push(best)
                pushed += 1
                theirs = best_score
            rules.bind(world.state)
            return evaluate(world, me, rules, self.weights) - before
        finally:
            for _ in range(pushed):
                world.undo()
            rules.bind(world.state)

    def play_out(self, world, plan: list[str], me: int, rules) -> float:
        """Play ``plan``, then the fire and melee steps (the dice of ``world``), then the
        opponent's answer until we are to act again; the evaluation of that position."""
        pushed = 0
        try:
            for a in plan:
                world.push(planned_action(world, a))
                pushed += 1
            mine_done = False
            for _ in range(_PLAY_OUT_LIMIT):
                s = world.state
                if s.outcome is not None:
                    break
                if s.to_act != me:
                    mine_done = True
                    if s.phase in ("fire", "melee"):
                        break      # the opponent has moved: its strikes are judged by their odds
                elif mine_done and s.phase in ("tactics", "actions"):
                    break          # back to us
                world.push(quick_reply(world, rules, self.weights))
                pushed += 1
            return self.score(world, me, rules)
        finally:
            for _ in range(pushed):
                world.undo()


FullOther = medium_with("FullOther", other_threat=1.0, other_missile=1.0)
Scaled = medium_with("Scaled", army_scale=50.0)
ScaledNoPull = medium_with("ScaledNoPull", army_scale=50.0, pull_mounted=False)
ScaledFull = medium_with("ScaledFull", army_scale=50.0, other_threat=1.0, other_missile=1.0)
ScaledDuel2 = medium_with("ScaledDuel2", army_scale=50.0, duel=2.0)
ScaledRace = medium_with("ScaledRace", race=500.0, army_scale=50.0)
# Reinf, ScaledReinf, ScaledKeep, ScaledBrink, ScaledGuard, KeepRace and Fitted (docs/experiments/LOG.md,
# the fourth round) weighed six evaluation terms that measured no gain and were then removed
# from the evaluation (reinforcements, terrain_reach, terrain_threat, home_guard, casualty_brink,
# reserve_card): they ran at commit 1a4f6a8 and earlier, and cannot be played from here.

class HardReplies(SearchBotLookahead):
    """``hard`` re-ranking its best 4 plans by the opponent's greedy answer (6 actions)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, replies=4, reply_actions=6, turn_time=10.0)


class HardPlayouts(SearchBotLookahead):
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


class HardTwoTurns(SearchBotLookahead):
    """``hard`` playing its best ``finalists`` plans out in ``iterations`` sampled worlds
    each, through the opponent's whole player turn and then our next one (its greedy
    moves and fights), so that a plan that sets up the next turn's blow (shoot now, charge
    the disrupted unit next turn) is credited for it; the best average evaluation wins."""

    def __init__(self, seed: int | None = None, finalists: int = 4, iterations: int = 8) -> None:
        super().__init__(seed, finalists=finalists, iterations=iterations, turn_time=60.0)

    def play_out(self, world, plan: list[str], me: int, rules) -> float:
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



# The sixth round: duels in turn order (``turn_order``; ``Weights.initiative`` in the shipped
# bots until issue 24 moved it here).
InTurnOrder = medium_with("InTurnOrder", turn_order=True)
InTurnOrderFullOther = medium_with("InTurnOrderFullOther", turn_order=True, other_threat=1.0, other_missile=1.0)


class HardInTurnOrder(SearchBot):
    """``hard`` with its duels in turn order."""

    def score(self, world, me, rules):
        return super().score(world, me, rules) + turn_order_correction(world, me, rules, self.weights)
