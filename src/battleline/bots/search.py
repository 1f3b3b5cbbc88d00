"""SearchBot: search under hidden information by sampling worlds.

Each sampled world deals the cards this seat cannot see at random, consistent
with its observation (the opponent's hand size and Tactics count, the deck
sizes, what Scout revealed). The bot ranks every move with the heuristic and
takes the best few as candidates, then scores every candidate in the same
worlds: it plays the move, finishes its turn, lets the opponent claim what it
can and answer with the greedy rule (strongest potential formation) using the
opponent's hand of that world, and evaluates the result knowing both hands of
that world. The candidate with the best average wins.

Time is wall-clock time under a hard deadline: the ranking and the world loop
both stop at ``DEADLINE_SHARE`` of ``move_time`` (default 1 s), so a move never
takes much longer than its budget even on a busy machine. ``iterations`` (worlds
per move), when given, replaces the clock so that results are reproducible; the
seed makes it deterministic for a given iteration budget.
"""

from __future__ import annotations

import gc
import time

from ..game import Game, Observation
from ..moves import Move
from ..worlds import sample_world
from .base import Bot
from .evaluation import evaluate
from .heuristic import HeuristicBot, rank_moves, tactic_cost
from .playout import finish_turn, play_out

__all__ = ["SearchBot"]

DEADLINE_SHARE = 0.8   # of move_time: the rest is margin for a busy machine
PRIOR_WEIGHT = 0.5     # the one-ply score counts as this many worlds


class SearchBot(Bot):
    """Determinized search over the heuristic's best candidates.

    ``move_time`` (seconds, default 1.0) bounds the wall-clock time per move;
    ``iterations`` (worlds per move), when given, replaces the clock so that
    results are reproducible.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> SearchBot(seed=1, iterations=2).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "search"

    def __init__(self, seed: int | None = None, move_time: float = 1.0, iterations: int | None = None,
                 candidates: int = 5, depth: int = 0, reply_tactics: bool = False):
        super().__init__(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.candidates = candidates
        self.depth = depth
        self.reply_tactics = reply_tactics
        self._heuristic = HeuristicBot(seed=seed)
        self.last_worlds = 0   # worlds scored for the last searched move (for benchmarks)

    def choose(self, obs: Observation) -> Move:
        # A full collection of the cyclic garbage collector can take a tenth of a second on
        # a busy machine, and searching makes no cycles: pause it while the clock runs.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            return self._choose(obs)
        finally:
            if was_enabled:
                gc.enable()

    def _choose(self, obs: Observation) -> Move:
        start = time.perf_counter()
        deadline = start + self.move_time * DEADLINE_SHARE
        world, moves, claim = self.world_and_moves(obs)
        if claim is not None:
            return claim
        if len(moves) == 1 or world.phase != "play":
            self._heuristic.rng = self.rng
            return self._heuristic.choose(obs)
        me = obs.seat
        ranked = rank_moves(world, moves, me, deadline)
        cands = [m for _, m in ranked[: self.candidates]]
        prior = [s for s, _ in ranked[: self.candidates]]
        if len(cands) == 1:
            return cands[0]
        costs = [tactic_cost(world, m, me) for m in cands]
        totals = [0.0] * len(cands)
        n = 0
        budget = self.iterations
        clock = time.perf_counter
        while budget is None or n < budget:
            w = sample_world(obs, self.rng)
            scores = []
            for m in cands:
                if clock() > deadline:
                    break
                scores.append(self._score(w, m, me))
            if len(scores) < len(cands):
                break  # an unfinished world is dropped: every candidate sees the same worlds
            for i, s in enumerate(scores):
                totals[i] += s
            n += 1
        self.last_worlds = n
        best_i = max(range(len(cands)),
                     key=lambda i: (totals[i] - n * costs[i] + PRIOR_WEIGHT * prior[i]) / (n + PRIOR_WEIGHT))
        return cands[best_i]

    def _score(self, w: Game, move: Move, me: int) -> float:
        w.push(move)
        pushed = 1 + finish_turn(w, me)
        # The opponent's greedy answer, then `depth` more greedy turns for both sides.
        pushed += play_out(w, 1 + self.depth, self.reply_tactics)
        value = evaluate(w, me, see_their_hand=True)
        for _ in range(pushed):
            w.undo()
        return value
