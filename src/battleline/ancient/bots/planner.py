"""PlannerBot: ``hard``'s plans searched across turns under the dice, on the compiled kernel.

The bot plays as :class:`~.search.SearchBot` (``hard``) everywhere but in two places:

- **the action step**: ``hard``'s beam search ranks whole plans for the step as before; its
  best ``candidates`` plans are then searched by successive halving in common sampled
  worlds (:class:`TurnSearch`). In each world the opponent's Tactics hand and the deck's
  order are dealt again from the cards the side has not seen, and the dice are drawn fresh;
  every plan still in the search is played in that same world (so all meet the same dice),
  then the kernel's play-out policy (``quick_reply``: fights by expected gain, moves
  greedily by the evaluation) plays the rest of our player turn, ``horizon`` more player
  turns (the opponent's answer and our next turn), and the position is judged by the
  kernel's evaluation with ``hard``'s weights (a battle won or lost counts in full);
- **fire and melee**: the best ``candidates - 1`` shots or attacks by ``hard``'s expected
  gain, and the step's end, are searched the same way, one decision at a time.

``hard``'s own choice is the default: it is never dropped, and another candidate is played
only if it beats it in the same worlds by ``confidence`` standard errors of the mean
difference (a search this small is noisy: picking the best of six noisy means, with no
such bar, measured far weaker than ``hard``). After each halving round the worse half of
the others is dropped. The work is a fixed number of
play-outs per search (``playouts``, ``fight_playouts``), so the seed makes the bot
reproducible; ``move_time`` (seconds of wall clock per search) is only a backstop. Where the
kernel is not compiled (no numba, or ``BATTLELINE_KERNEL=python``), and while a notebook is
still compiling it in the background, the bot plays exactly as ``SearchBot``.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.scenario("marathon", seed=3)
>>> bot = PlannerBot(seed=1, playouts=24, fight_playouts=12)
>>> for _ in range(30):
...     g.play(bot.choose(g.observation(g.to_act)))
"""

from __future__ import annotations

import math
import time

import numpy as np

from ...errors import shorten
from ...planning import KernelPlanning, check_count, check_seconds, halving_rounds
from .. import kernel
from ..actions import Action
from ..kernel.effects import apply
from ..kernel.evaluation import N_TERMS, evaluate as kernel_evaluate
from ..kernel.layout import (
    DICE_POS, HALF, MAX_ACTIONS, P_MELEE, P_TACTICS, PHASE, STATE_SIZE, TO_ACT, TURN, WIDTH, encode,
    new_dice,
)
from ..kernel.policy import RACE_POLICY, policy_params, quick_reply
from ..kernel.worlds import TACTIC_COUNT, deal_world, fresh_dice
from ...compiled.randomness import seed_stream
from ..kernel.rules import legal_actions as kernel_legal_actions
from ..kernel.value import leaf_value, load_weights
from ..observation import Observation
from ..rules import Rules
from .evaluation import Weights, action_gain
from .search import HardWeights, SearchBot

__all__ = ["PlannerBot", "TurnSearch", "squash", "halving_rounds", "PLAYOUTS", "FIGHT_PLAYOUTS", "CANDIDATES",
           "HORIZON", "CONFIDENCE", "MIX_SCALE", "VALUE_LEAVES"]

PLAYOUTS = 192          # play-outs per action-step search
FIGHT_PLAYOUTS = 48     # per fire or melee decision searched
CANDIDATES = 6          # plans (or fights) searched
HORIZON = 2             # whole player turns played after ours: the answer and our next
DICE_ROOM = 1 << 14     # rolls a world may read (a whole battle reads a few hundred)
MAX_PLAYOUT_ACTIONS = 4000   # a guard; a few player turns take a few dozen actions
CONFIDENCE = 1.5        # standard errors by which a candidate must beat hard's choice
TURN_BUDGET = 1.5       # seconds of searching per player turn (a wall-clock backstop)
MIX_SCALE = 40.0        # points: hard's score squashed for the mixed leaf (dice_search.SCALE's)
VALUE_LEAVES = (False, True, "mix")     # the play-out's end by: hard's score, the value, their mean


class TurnSearch:
    """Candidates (each a list of kernel action numbers) played in common sampled worlds of
    one position, then played on by the kernel's policy for ``horizon`` more player turns
    and valued for the side to act by the kernel's evaluation.

    ``template`` is the kernel state of a world sampled from the observation; ``seed`` fixes
    the worlds and the dice; ``race_policy`` switches the play-outs to the race policy
    (:mod:`battleline.ancient.kernel.policy`; default ``RACE_POLICY``); ``value_weights``
    (None: off) scores each play-out's end by the value learned from self-play
    (:mod:`battleline.ancient.kernel.value`: the chance of winning, a battle over its
    result) instead of the evaluation; with ``leaf_mix`` by the mean of that value and the
    evaluation squashed into a chance, ``1 / (1 + exp(-score / MIX_SCALE))``.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
    >>> g.play("end actions")
    >>> ts = TurnSearch(kernel.state_of(g), seed=4)
    >>> attack, wait = ts.encode(["attack c2-c3"]), ts.encode(["end melee"])
    >>> sum(ts.values(attack, worlds=8)) > sum(ts.values(wait, worlds=8))
    True
    """

    def __init__(self, template: np.ndarray, seed: int, horizon: int = HORIZON,
                 policy=Weights, leaf=HardWeights, race_policy: bool = RACE_POLICY,
                 value_weights: np.ndarray | None = None, leaf_mix: bool = False) -> None:
        if leaf_mix is not False and (leaf_mix is not True or value_weights is None):
            raise ValueError(f"leaf_mix is True (with value_weights) or False, not {shorten(leaf_mix)}")
        self.template = template.copy()
        self.template[DICE_POS] = 0                  # the world's own dice, read from the start
        self.me = int(template[TO_ACT])
        self.horizon = horizon
        kernel.weights_array(policy)                 # checks the weights, naming a bad one
        self.policy = policy_params(policy, race=race_policy)
        self.leaf = kernel.weights_array(leaf)
        self.value_weights = value_weights
        self.leaf_mix = leaf_mix
        self.rng = np.array([seed_stream(seed)], dtype=np.int64)
        self.pool = np.empty(TACTIC_COUNT, dtype=np.int64)
        self.dice = new_dice(DICE_ROOM)
        self.world = np.empty(STATE_SIZE, dtype=np.int64)
        self.trial = np.empty(STATE_SIZE, dtype=np.int64)
        self.copy = np.empty(STATE_SIZE, dtype=np.int64)
        self.actions = np.empty(MAX_ACTIONS, dtype=np.int64)
        self.scratch = np.empty(MAX_ACTIONS, dtype=np.int64)
        self.terms = np.empty(N_TERMS, dtype=np.float64)
        self.playouts = 0

    def encode(self, texts: list[str]) -> list[int]:
        """Action texts as the kernel's numbers."""
        return [encode(Action.parse(t), int(self.template[WIDTH])) for t in texts]

    def new_world(self) -> None:
        """Deal the opponent's Tactics hand and the deck again, and fresh dice (in the kernel,
        from the search's stream: :mod:`battleline.ancient.kernel.worlds`)."""
        deal_world(self.world, self.template, 1 - self.me, self.pool, self.rng)
        fresh_dice(self.dice, self.rng)

    def play(self, candidate: list[int]) -> float:
        """One candidate in the present world: its actions, then the policy to the horizon;
        the value for the side to act (``-inf`` if an action is not legal there)."""
        s = self.trial
        s[:] = self.world
        n = kernel_legal_actions(s, self.actions)
        for a in candidate:
            if n == 0 or not (self.actions[:n] == a).any():
                return -math.inf
            n = apply(s, self.dice, a, self.actions)
        self.playouts += 1
        self.play_on(n)
        if self.value_weights is None:
            return float(kernel_evaluate(s, self.me, self.leaf, self.terms))
        value = float(leaf_value(s, self.me, self.value_weights))
        if not self.leaf_mix:
            return value
        score = float(kernel_evaluate(s, self.me, self.leaf, self.terms))
        return 0.5 * (value + squash(score))

    def play_on(self, n: int) -> None:
        """The policy plays both sides from ``trial`` until ``horizon`` more player turns
        have begun and ended (or the battle ends)."""
        s = self.trial
        last = (int(s[TURN]), int(s[HALF]))
        changes = 0
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if n == 0:
                return
            a = quick_reply(s, self.dice, self.policy, self.actions, n, self.copy, self.scratch, self.terms)
            n = apply(s, self.dice, a, self.actions)
            if P_TACTICS <= s[PHASE] <= P_MELEE and (s[TURN], s[HALF]) != last:
                last = (int(s[TURN]), int(s[HALF]))
                changes += 1
                if changes > self.horizon:
                    return

    def values(self, candidate: list[int], worlds: int) -> list[float]:
        """One candidate's values in ``worlds`` new worlds (for tests and diagnosis)."""
        out = []
        for _ in range(worlds):
            self.new_world()
            out.append(self.play(candidate))
        return out

    def best(self, candidates: list[list[int]], playouts: int, deadline: float, confidence: float = 0.0) -> int:
        """The index of the best candidate by successive halving over ``playouts``
        play-outs in common worlds (``deadline``: a ``perf_counter`` backstop). The first
        candidate, the default, is never dropped; another is chosen only if it beats the
        default in the worlds both were played in by ``confidence`` standard errors of the
        mean difference (0: any margin)."""
        k = len(candidates)
        if time.perf_counter() > deadline:
            return 0
        values: list[list[float]] = [[] for _ in range(k)]
        active = list(range(k))
        for share in halving_rounds(k):
            round_worlds = max(1, int(playouts * share) // len(active))
            for _ in range(round_worlds):
                self.new_world()
                for c in active:
                    values[c].append(self.play(candidates[c]))
                if time.perf_counter() > deadline:
                    break
            others = sorted(active[1:], key=lambda c: (-_mean_gain(values[c], values[0]), c))
            active = [0] + others[:max(1, len(others) // 2)]
            if len(active) <= 2 or time.perf_counter() > deadline:
                break
        challenger = active[-1]
        if challenger == 0 or len(values[challenger]) < 2 or not _beats(values[challenger], values[0], confidence):
            return 0
        return challenger


def squash(score: float, scale: float = MIX_SCALE) -> float:
    """``hard``'s score (army points) as a chance of winning: ``1 / (1 + exp(-score / scale))``.

    >>> squash(0.0), round(squash(40.0), 3), squash(1e9)
    (0.5, 0.731, 1.0)
    """
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, score / scale))))


def _mean_gain(values: list[float], default: list[float]) -> float:
    """The mean of ``values`` less the default's in the same worlds (the first ones)."""
    n = len(values)
    if n == 0:
        return -math.inf
    return float(np.mean(np.array(values) - np.array(default[:n])))


def _beats(values: list[float], default: list[float], confidence: float) -> bool:
    """Whether ``values`` beat the default's, world by world, by ``confidence`` standard
    errors of the mean difference (an illegal candidate, ``-inf``, never does)."""
    diff = np.array(values) - np.array(default[:len(values)])
    if len(diff) == 0 or not np.all(np.isfinite(diff)):
        return False
    mean = float(diff.mean())
    spread = float(diff.std(ddof=1)) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return mean > 0 and mean > confidence * spread


class PlannerBot(KernelPlanning, SearchBot):
    """``hard``'s plans and fights searched across turns on the kernel (see the module
    docstring). ``playouts`` per action step, ``fight_playouts`` per fire or melee decision,
    ``candidates`` searched, ``horizon`` player turns played on after ours, ``move_time``
    seconds of wall clock per search and ``turn_budget`` per player turn (backstops: past
    them ``hard``'s choice is played), ``confidence`` the standard errors by which a
    candidate must beat ``hard``'s own choice to be played instead; ``value_leaf``: score
    each play-out's end by the value learned from self-play (:mod:`battleline.ancient.kernel.value`,
    its shipped weights) instead of ``hard``'s evaluation (``True``), or by the mean of that value
    and ``hard``'s evaluation squashed (``"mix"``, :func:`squash`)."""

    name = "planner"
    search_kernel = kernel
    leaf = HardWeights      # the weights that judge a play-out's last position
    race_policy = RACE_POLICY   # the play-outs' policy: the race policy (True) or the greedy one

    def __init__(self, seed: int | None = None, turn_time: float = 1.5, playouts: int = PLAYOUTS,
                 fight_playouts: int = FIGHT_PLAYOUTS, candidates: int = CANDIDATES, horizon: int = HORIZON,
                 move_time: float = 1.5, confidence: float = CONFIDENCE, turn_budget: float = TURN_BUDGET,
                 value_leaf: bool | str = False) -> None:
        super().__init__(seed, turn_time=turn_time)
        if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 <= confidence < math.inf:
            raise ValueError(f"confidence must be a number of standard errors from 0, not {shorten(confidence)}")
        self.confidence = float(confidence)
        self.playouts = check_count("playouts", playouts)
        self.fight_playouts = check_count("fight_playouts", fight_playouts, 0)
        self.candidates = check_count("candidates", candidates)
        self.horizon = check_count("horizon", horizon, 0)
        self.move_time = check_seconds("move_time", move_time)
        self.turn_budget = check_seconds("turn_budget", turn_budget)
        if not any(value_leaf is v or (isinstance(value_leaf, str) and value_leaf == v) for v in VALUE_LEAVES):
            raise ValueError(f"value_leaf is False, True or 'mix', not {shorten(value_leaf)}")
        self.value_leaf = value_leaf
        self.value_weights = load_weights() if value_leaf else None
        self._turn_key = None
        self._turn_spent = 0.0       # seconds spent in this player turn's earlier decisions
        self._turn_clock = 0.0       # when this player turn's clock would have started
        self.last_used_kernel = False
        self.last_playouts = 0       # play-outs of the last search (for tests and benchmarks)

    def choose(self, obs: Observation) -> Action:
        """The action to play; the time spent is counted against this player turn's
        ``turn_budget``."""
        key = (obs.turn, obs.side)
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0
        start = time.perf_counter()
        self._turn_clock = start - self._turn_spent
        try:
            return super().choose(obs)
        finally:
            self._turn_spent += time.perf_counter() - start

    # ------------------------------------------------------------------ the kernel
    def search_candidates(self, world, candidates: list[list[str]], playouts: int) -> int:
        """The index of the best of ``candidates`` (action texts) in ``world`` (sampled from
        the observation), by :class:`TurnSearch`."""
        search = self.turn_search(world)
        numbers = [search.encode(c) for c in candidates]
        now = time.perf_counter()
        deadline = min(now + self.move_time, self._turn_clock + self.turn_budget)
        best = search.best(numbers, playouts, deadline, self.confidence)
        self.last_playouts = search.playouts
        return best

    def turn_search(self, world) -> TurnSearch:
        """A :class:`TurnSearch` of ``world`` with this bot's settings and a seed from its stream."""
        return TurnSearch(kernel.state_of(world), self.rng.getrandbits(63), self.horizon, leaf=self.leaf,
                          race_policy=self.race_policy, value_weights=self.value_weights,
                          leaf_mix=self.value_leaf == "mix")

    # ------------------------------------------------------------------ the decisions
    def plan_turn(self, obs: Observation) -> list[str]:
        """The action step's plan: ``hard``'s best plans, searched across turns."""
        deadline = time.perf_counter() + self.turn_time
        world = self.world(obs)
        me = world.state.to_act
        ranked = self.ranked_plans(world, me, Rules(world.state), deadline)
        plans = [plan for _, plan in ranked[:self.candidates]]
        self.last_used_kernel = len(plans) > 1 and self.kernel_usable()
        if not self.last_used_kernel:
            return plans[0]
        return plans[self.search_candidates(world, plans, self.playouts)]

    def _fight(self, obs: Observation, end: str) -> str:
        """The fire or attack to make, or ``end``: ``hard``'s best ones by expected gain,
        searched across turns (without the kernel, ``hard``'s best while any gains)."""
        world = self.world(obs)
        me = world.state.to_act
        bonus = self.strike_bonus(world, me)
        gains = []
        for a in world.legal_actions():
            if a.kind in ("fire", "attack"):
                gains.append((action_gain(world, a, me) + bonus(a), str(a)))
        gains.sort(key=lambda x: -x[0])     # stable: of equal gains the first listed, as hard
        options = [end] + [text for gain, text in gains[:max(1, self.candidates - 1)]]
        if gains and gains[0][0] > 0:       # hard's choice first: it wins the ties
            options = options[1:2] + options[:1] + options[2:]
        self.last_used_kernel = len(options) > 1 and self.fight_playouts > 0 and self.kernel_usable()
        if not self.last_used_kernel:
            return options[0]
        return options[self.search_candidates(world, [[o] for o in options], self.fight_playouts)]
