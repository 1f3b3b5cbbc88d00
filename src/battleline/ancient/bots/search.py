"""SearchBot (``hard``): plans whole player turns; play-outs under chance and hidden
information, and a look at the opponent's answer, are available but off by default,
because they measured weaker.

At the start of its action step it rebuilds a world from the observation (the opponent's
hand and the deck order sampled), then

1. **plans**: a beam search over the step's moves, reinforcements and draws (``beam`` plans
   kept at each of the six actions), each plan judged by :meth:`SearchBot.score`: the
   static evaluation with :class:`HardWeights` (the duels of facing units weighed twice as
   much as ``medium`` weighs them) plus the **terrain race** (:mod:`.terrain_race`): a
   side that can complete a terrain victory in its next action step wins it unless the
   other moves first, so ``race`` points times that chance count against the side that
   must answer (it closes the square with a unit or a reinforcement, or goes for its own);
2. with ``replies`` above 1, re-ranks the best plans by the **opponent's answer**: its
   greedy action step (``reply_actions`` moves by medium's evaluation) after the plan, our
   fire and melee skipped so that no dice come in; ``reply_weight`` times the change it
   brings to our evaluation is added;
3. with ``finalists`` above 1, **weighs the best plans under the dice**: each finalist is
   played out in ``iterations`` sampled worlds (hand, deck and dice sampled; every plan
   meets the same dice in the same world) through its fire and melee and the opponent's
   answer (its greedy moves by the same evaluation), and the best average evaluation wins.
   Four samples per plan proved too noisy to beat the evaluation's exact expectations
   (see ``docs/bots.md``), so the default is ``finalists=1``: the beam's best plan;
4. plays the winning plan action by action (re-planning if anything unexpected happens).

Fire also counts what a hit adds to this turn's melee on the same target (a disrupted
defender fights at half strength and 1-5 eliminates it). Work is bounded by the beam, the
replies, the finalists and ``iterations`` (deterministic, so the seed fixes every choice),
with ``turn_time`` (wall clock) only as a backstop on a very busy machine.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c1", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
>>> bot = SearchBot(seed=1)
>>> bot.plan_turn(g.observation("south"))      # step up to strike first, and draw
['c1-c2', 'draw']
"""

from __future__ import annotations

import math
import random
import time

from ..combat import MISSILE_HIT_CHANCE
from ..observation import Observation
from ..rules import SHORT as SHORT_NAMES, Rules
from ..worlds import sample_world
from .evaluation import Weights, evaluate, melee_chances
from ...errors import shorten
from .heuristic import HeuristicBot, check_count, distinct_actions, planned_action
from .terrain_race import next_mover_chances, terrain_reach

__all__ = ["SearchBot", "quick_reply", "race_chances"]

_OWN_STEPS = ("actions", "fire", "melee")


class HardWeights(Weights):
    """``hard`` weighs the duels of facing units more (an arena-tuned choice)."""

    duel = 2.0


class SearchBot(HeuristicBot):
    """The ``hard`` level (see the module docstring). ``turn_time``: seconds of planning per
    player turn (a wall-clock backstop); ``iterations``: sampled worlds per finalist plan;
    ``beam``: plans kept at each action; ``finalists``: plans weighed under the dice (1: the
    beam's best, no play-outs); ``replies``: plans re-ranked by the opponent's greedy answer
    of up to ``reply_actions`` actions, weighed by ``reply_weight`` (0: off); ``race``:
    points of a terrain victory the next mover can complete; ``race_near``: the share of
    that counted when it is one unit short."""

    name = "hard"
    follow_up = True
    weights = HardWeights

    def __init__(self, seed: int | None = None, turn_time: float = 1.5, iterations: int = 4,
                 beam: int = 6, finalists: int = 1, replies: int = 0, reply_actions: int = 6,
                 reply_weight: float = 1.0, race: float = 500.0, race_near: float = 0.0) -> None:
        super().__init__(seed, beam=beam)
        if isinstance(turn_time, bool) or not isinstance(turn_time, (int, float)) or \
                not 0 < turn_time < math.inf:
            raise ValueError(f"turn_time must be a positive number of seconds, not {shorten(turn_time)}")
        self.turn_time = turn_time
        self.iterations = check_count("iterations", iterations)
        self.finalists = check_count("finalists", finalists)
        self.replies = replies
        self.reply_actions = reply_actions
        self.reply_weight = reply_weight
        self.race = race
        self.race_near = race_near

    # ------------------------------------------------------------------ planning
    def plan_turn(self, obs: Observation) -> list[str]:
        """The best sequence of action-step actions found, ending with ``end actions`` unless
        the six actions run out first."""
        deadline = time.perf_counter() + self.turn_time
        world = self.world(obs)
        me = world.state.to_act
        rules = Rules(world.state)
        plans = self._beam_search(world, me, rules, deadline)
        if self.replies > 1:
            plans = self._judge_replies(world, plans, me, rules, deadline)
        finalists = plans[:self.finalists]
        if len(finalists) == 1:
            return finalists[0][1]
        totals = [0.0] * len(finalists)
        done = 0
        for k in range(self.iterations):
            if time.perf_counter() > deadline and done:
                break
            sample = sample_world(obs, random.Random(self.rng.randrange(2 ** 32)))
            for i, (_, plan) in enumerate(finalists):
                totals[i] += self._play_out(sample, plan, me, rules)
            done += 1
        best = max(range(len(finalists)), key=lambda i: (totals[i], -i))
        return finalists[best][1]

    def score(self, world, me: int, rules: Rules) -> float:
        """The static evaluation with ``HardWeights`` plus the terrain race: ``race`` points
        times the chance that a side completes a terrain victory in its next action step
        (or already holds one at the end of its own), ours counted for, theirs against."""
        value = evaluate(world, me, rules, self.weights)
        s = world.state
        if s.outcome is not None or not self.race:
            return value
        return value + self.race * race_chances(s, rules, me, self.race_near)

    def _strike_bonus(self, world, me: int):
        """Fire and melee as ``medium`` does, plus what fire adds to this turn's melee on the
        same target and what a hit is worth in the terrain race (a disrupted unit can
        neither move on nor hold ground)."""
        rules = Rules(world.state)
        race_now = race_chances(world.state, rules, me, self.race_near) if self.race else 0.0

        def bonus(a) -> float:
            gain = self._follow_up(world, rules, a, me) if a.kind == "fire" else 0.0
            if self.race:
                gain += self.race * self._race_gain(world, rules, a, me, race_now)
            return gain
        return bonus

    def _race_gain(self, world, rules: Rules, a, me: int, race_now: float) -> float:
        """The chance that ``a`` hits its target times what disrupting it changes in the
        terrain race (0 for a target already disrupted)."""
        s = world.state
        target = s.cells[s.board.lookup[a.squares[-1]]]
        if s.disrupted[target]:
            return 0.0
        s.disrupted[target] = True        # in this bot's own sampled world, put back at once
        try:
            after = race_chances(s, rules, me, self.race_near)
        finally:
            s.disrupted[target] = False
        if after == race_now:
            return 0.0                    # the usual case: no odds needed
        odds = world.odds(a)
        return float(odds.disrupted + odds.eliminated) * (after - race_now)

    def _judge_replies(self, world, plans, me: int, rules: Rules, deadline):
        """The best ``replies`` plans re-ranked by what the opponent's answer costs us: each
        plan's static score plus ``reply_weight`` times the change in our evaluation that
        the opponent's greedy action step (by medium's evaluation) brings about."""
        scored = []
        for i, (score, plan) in enumerate(plans[:self.replies]):
            if i and deadline is not None and time.perf_counter() > deadline:
                break
            scored.append((score + self.reply_weight * self._reply_cost(world, plan, me, rules), plan))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return scored + plans[len(scored):]

    def _reply_cost(self, world, plan: list[str], me: int, rules: Rules) -> float:
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

    def _play_out(self, world, plan: list[str], me: int, rules: Rules) -> float:
        """Play ``plan``, then the fire and melee steps (best expected gain first, the dice of
        ``world``), then the opponent's answer (its fire and melee where they stand, a cheap
        model) until we are to act again; the evaluation of that position."""
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


_PLAY_OUT_LIMIT = 150


def quick_reply(world, rules: Rules, weights=Weights):
    """A cheap policy for either side in a play-out: fight where it pays; in the action
    step, the greedy move by the evaluation of the side to act (one action at a time).

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
    >>> g.play("end actions")
    >>> str(quick_reply(g, Rules(g.state)))
    'attack c2-c3'
    """
    s = world.state
    if s.phase in ("fire", "melee"):
        return _quick_fight(world, rules)
    if s.phase == "actions":
        return _greedy_action(world, rules, distinct_actions(world), weights)
    legal = world.legal_actions()
    for a in legal:
        text = str(a)
        if text in ("end tactics", "end actions", "roll", "stand"):
            return a
    for a in legal:
        if str(a) != "rally none":
            return a
    return legal[0]


def race_chances(s, rules: Rules, me: int, near: float = 0.0) -> float:
    """Our chance of a terrain victory in our next action step minus theirs in theirs (see
    :mod:`.terrain_race`); a side that already holds enough squares after its own action
    step wins at the end of that player turn. ``rules`` must be bound to ``s``."""
    need = s.width // 2 + 1
    chances = next_mover_chances(s)
    acting = s.first if s.half == 0 else 1 - s.first
    total = 0.0
    for q, sign in ((me, 1.0), (1 - me, -1.0)):
        held, may_add = terrain_reach(s, rules, q)
        if held >= need and q == acting and s.phase in ("fire", "melee", "withdrawal"):
            total += sign
        elif held + may_add >= need:
            total += sign * chances[q]
        elif held + may_add == need - 1:
            total += sign * near * chances[q]
    return total


def _pass_action(world):
    """The action that passes the current step without doing anything (ending it, rolling,
    standing or rallying nobody), to reach the opponent's action step."""
    legal = world.legal_actions()
    for a in legal:
        if a.kind in ("end", "roll", "stand") or str(a) == "rally none":
            return a
    return legal[0]


def _greedy_action(world, rules: Rules, legal, weights=Weights):
    """The action-step action whose result the side to act likes best (ending the step
    unless something beats it)."""
    me = world.state.to_act
    best, best_score = None, None
    for a in legal:
        world.push(a)
        score = evaluate(world, me, rules, weights)
        world.undo()
        if best_score is None or score > best_score or (score == best_score and a.kind == "end"):
            best, best_score = a, score
    rules.bind(world.state)
    return best


def _quick_fight(world, rules: Rules):
    """The fire or attack with the best expected gain (single-card odds; cheap), else end."""
    s = world.state
    rules.bind(s)
    best, best_gain, end = None, 0.0, None
    for a in world.legal_actions():
        if a.kind == "end":
            end = a
            continue
        if a.kind not in ("fire", "attack"):
            end = end or a
            continue
        L = s.board.lookup
        target = s.cells[L[a.squares[-1]]]
        worth = s.cost(target) * (0.5 if s.disrupted[target] else 1.0)
        if a.kind == "fire":
            gain = MISSILE_HIT_CHANCE[target % 10 + 1] * 0.5 * s.cost(target)
        else:
            attackers = tuple(s.cells[L[x]] for x in a.squares[:-1])
            p_dis, p_elim = melee_chances(*rules.melee_numbers(attackers, target))
            gain = p_elim * worth + p_dis * (0.5 * s.cost(target) if not s.disrupted[target] else worth)
        if gain > best_gain:
            best, best_gain = a, gain
    return best or end or world.legal_actions()[0]
