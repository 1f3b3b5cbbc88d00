"""SearchBot (``hard``): plans whole action steps by a beam search under its evaluation
and the terrain race.

At the start of its action step it rebuilds a world from the observation (the opponent's
hand and the deck order sampled), then

1. **plans**: a beam search over the step's moves, reinforcements and draws (``beam`` plans
   kept at each of the six actions), each plan judged by :meth:`SearchBot.score`: the
   static evaluation with :class:`HardWeights` (the duels of facing units weighed twice as
   much as ``medium`` weighs them) plus the **terrain race** (:mod:`.terrain_race`): a
   side that can complete a terrain victory in its next action step wins it unless the
   other moves first, so ``race`` points times that chance count against the side that
   must answer (it closes the square with a unit or a reinforcement, or goes for its own);
2. plays the best plan action by action (re-planning if anything unexpected happens).

Fire also counts what a hit adds to this turn's melee on the same target (a disrupted
defender fights at half strength and 1-5 eliminates it). Work is bounded by the beam
(deterministic, so the seed fixes every choice), with ``turn_time`` (wall clock) only as a
backstop on a very busy machine. Looks further ahead (the opponent's answer, play-outs under
the dice) measured weaker; they live in ``docs/experiments/ancient_variants.py``
(``SearchBotLookahead``) with their write-ups in ``docs/experiments/LOG.md``.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c1", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
>>> bot = SearchBot(seed=1)
>>> bot.plan_turn(g.observation("south"))      # step up to strike first, and draw
['c1-c2', 'draw']
"""

from __future__ import annotations

import math
import time

from ..combat import MISSILE_HIT_CHANCE
from ..observation import Observation
from ..rules import Rules
from .evaluation import Weights, evaluate, melee_chances
from ...errors import shorten
from .heuristic import HeuristicBot, distinct_actions
from .terrain_race import next_mover_chances, race_policy_term, terrain_reach

__all__ = ["SearchBot", "HardWeights", "quick_reply", "race_chances"]


class HardWeights(Weights):
    """``hard`` weighs the duels of facing units more (an arena-tuned choice)."""

    duel = 2.0


class SearchBot(HeuristicBot):
    """The ``hard`` level (see the module docstring). ``turn_time``: seconds of planning per
    player turn (a wall-clock backstop); ``beam``: plans kept at each action; ``race``:
    points of a terrain victory the next mover can complete."""

    name = "hard"
    follow_up = True
    weights = HardWeights

    def __init__(self, seed: int | None = None, turn_time: float = 1.5, beam: int = 6,
                 race: float = 500.0) -> None:
        super().__init__(seed, beam=beam)
        if isinstance(turn_time, bool) or not isinstance(turn_time, (int, float)) or \
                not 0 < turn_time < math.inf:
            raise ValueError(f"turn_time must be a positive number of seconds, not {shorten(turn_time)}")
        self.turn_time = turn_time
        self.race = race

    # ------------------------------------------------------------------ planning
    def plan_turn(self, obs: Observation) -> list[str]:
        """The best sequence of action-step actions found. It ends with ``end actions``
        unless the step ends by itself first: when the six actions are used up, or when only
        ``end actions`` is left (as after the ``draw`` in the module's example)."""
        deadline = time.perf_counter() + self.turn_time
        world = self.world(obs)
        me = world.state.to_act
        return self.ranked_plans(world, me, Rules(world.state), deadline)[0][1]

    def ranked_plans(self, world, me: int, rules: Rules, deadline: float | None) -> list[tuple[float, list[str]]]:
        """The beam search's finished plans, best first, as ``(score, actions)``."""
        return self.beam_search(world, me, rules, deadline)

    def score(self, world, me: int, rules: Rules) -> float:
        """The static evaluation with ``HardWeights`` plus the terrain race: ``race`` points
        times the chance that a side completes a terrain victory in its next action step
        (or already holds one at the end of its own), ours counted for, theirs against."""
        value = evaluate(world, me, rules, self.weights)
        s = world.state
        if s.outcome is not None or not self.race:
            return value
        return value + self.race * race_chances(s, rules, me)

    def strike_bonus(self, world, me: int):
        """Fire and melee as ``medium`` does, plus what fire adds to this turn's melee on the
        same target and what a hit is worth in the terrain race (a disrupted unit can
        neither move on nor hold ground)."""
        rules = Rules(world.state)
        race_now = race_chances(world.state, rules, me) if self.race else 0.0

        def bonus(a) -> float:
            gain = self.follow_up_gain(world, rules, a, me) if a.kind == "fire" else 0.0
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
            after = race_chances(s, rules, me)
        finally:
            s.disrupted[target] = False
        if after == race_now:
            return 0.0                    # the usual case: no odds needed
        odds = world.odds(a)
        return float(odds.disrupted + odds.eliminated) * (after - race_now)




def quick_reply(world, rules: Rules, weights=Weights, race: tuple[float, float] | None = None):
    """A cheap policy for either side in a play-out: fight where it pays; in the action
    step, the greedy move by the evaluation of the side to act (one action at a time), with
    ``race`` (the race and guard weights) the race policy's term added
    (:func:`.terrain_race.race_policy_term`).

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
        return _greedy_action(world, rules, distinct_actions(world), weights, race)
    legal = world.legal_actions()
    for a in legal:
        text = str(a)
        if text in ("end tactics", "end actions", "roll", "stand"):
            return a
    for a in legal:
        if str(a) != "rally none":
            return a
    return legal[0]


def race_chances(s, rules: Rules, me: int) -> float:
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
    return total


def _greedy_action(world, rules: Rules, legal, weights=Weights, race: tuple[float, float] | None = None):
    """The action-step action whose result the side to act likes best (ending the step
    unless something beats it); ``race``: the race policy's weights, or None."""
    me = world.state.to_act
    best, best_score = None, None
    for a in legal:
        world.push(a)
        score = evaluate(world, me, rules, weights)
        if race is not None:
            score += race_policy_term(world.state, me, *race)
        world.undo()
        if best_score is None or score > best_score or (score == best_score and a.kind == "end"):
            best, best_score = a, score
    rules.bind(world.state)
    return best


def _quick_fight(world, rules: Rules):
    """The fire or attack with the best expected gain (single-card odds; cheap), else end."""
    s = world.state
    rules.bind(s)
    square = s.board.lookup       # square name -> index
    best, best_gain, end = None, 0.0, None
    for a in world.legal_actions():
        if a.kind == "end":
            end = a
            continue
        if a.kind not in ("fire", "attack"):
            end = end or a
            continue
        target = s.cells[square[a.squares[-1]]]
        worth = s.cost(target) * (0.5 if s.disrupted[target] else 1.0)
        if a.kind == "fire":
            gain = MISSILE_HIT_CHANCE[target % 10 + 1] * 0.5 * s.cost(target)
        else:
            attackers = tuple(s.cells[square[x]] for x in a.squares[:-1])
            p_dis, p_elim = melee_chances(*rules.melee_numbers(attackers, target))
            gain = p_elim * worth + p_dis * (0.5 * s.cost(target) if not s.disrupted[target] else worth)
        if gain > best_gain:
            best, best_gain = a, gain
    return best or end or world.legal_actions()[0]
