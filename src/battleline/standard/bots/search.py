"""SearchBot: search under hidden information by sampling worlds.

Each sampled world deals the cards this seat cannot see at random, consistent
with its observation (the opponent's hand size and Tactics count, the deck
sizes, what Scout revealed). The bot ranks every move with the heuristic and
takes the best few as candidates, then scores every candidate in the same
worlds: it plays the move and finishes its turn, then both sides play greedy
turns (:mod:`battleline.standard.bots.playout`: claim what is provable, play the troop
with the strongest potential formation, draw a troop) for ``1 + depth`` turns,
the opponent first, with the hands of that world; the opponent's first answer
also plays a Tactics card that wins at once, as the greedy player does. The
position reached is evaluated knowing both hands of that world, and the candidate
with the best average wins.

The work per move is fixed: ``iterations`` worlds (default ``WORLDS``), small
enough that a quiet core finishes well inside a second, so the moves do not
depend on how busy the machine is and the seed makes them reproducible. The
wall clock is only a backstop: the ranking and the world loop stop at
``DEADLINE_SHARE`` of ``move_time`` (default 1 s), so a move never takes much
longer than its budget even on a busy machine (it then uses fewer worlds).
``iterations=None`` searches until the deadline.

Variants measured against it (``docs/experiments/``) change four methods: the move when
there is nothing to search (:meth:`SearchBot.unsearched_choice`), the moves searched
(:meth:`SearchBot.searched_moves`), the worlds they are scored in
(:meth:`SearchBot.searched_world`; the clairvoyant diagnostic gives the real game) and the
value of a playout's end (:meth:`SearchBot.leaf_value`).
"""

from __future__ import annotations

import time

from ..game import Game, Observation
from ..moves import Move
from ..worlds import sample_world
from .base import Bot, gc_paused
from .evaluation import HAND_CHANCE, evaluate
from .heuristic import HeuristicBot, rank_moves, tactic_cost
from .playout import finish_turn, play_out

__all__ = ["SearchBot"]

WORLDS = 50            # worlds per move: about 0.13 s of CPU time on a quiet core
DEPTH = 2              # greedy turns after the opponent's answer
DEADLINE_SHARE = 0.8   # of move_time: the rest is margin for a busy machine
PRIOR_WEIGHT = 0.5     # the one-ply score counts as this many worlds


class SearchBot(Bot):
    """Determinized search over the heuristic's best candidates, with greedy playouts.

    ``iterations`` worlds per move (None: until the deadline); ``move_time`` (seconds)
    the wall-clock backstop; ``candidates`` moves searched; ``depth`` greedy turns after
    the opponent's answer; ``reply_tactics``: the opponent's answer may be a Tactics card
    that wins at once; ``hand_chance``: the evaluation's chance that a held card goes to
    a given flag. The defaults are the ``hard`` of the ladder. The end of a playout is valued by the
    evaluation (expected flags and Breakthrough chances), and Tactics cards are drawn and
    ranked as ``medium`` does, at their price; the variant measured as v4 in
    ``docs/experiments/LOG.md`` (no stronger) is ``docs/experiments/search_v4.py``.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> SearchBot(seed=1, iterations=2).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "search"

    def __init__(self, seed: int | None = None, move_time: float = 1.0, iterations: int | None = WORLDS,
                 candidates: int = 5, depth: int = DEPTH, reply_tactics: bool = True,
                 hand_chance: float = HAND_CHANCE):
        super().__init__(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.candidates = candidates
        self.depth = depth
        self.reply_tactics = reply_tactics
        self.hand_chance = hand_chance
        self._heuristic = HeuristicBot(seed=seed)
        self.last_worlds = 0   # worlds scored for the last searched move (for benchmarks)

    def choose(self, obs: Observation) -> Move:
        with gc_paused():      # no collector pause while the clock runs
            return self._choose(obs)

    def _choose(self, obs: Observation) -> Move:
        start = time.perf_counter()
        deadline = start + self.move_time * DEADLINE_SHARE
        world, moves, claim = self.world_and_moves(obs)
        if claim is not None:
            return claim
        if len(moves) == 1 or world.phase != "play":
            return self.unsearched_choice(obs, world, moves)
        me = obs.seat
        ranked = rank_moves(world, self.searched_moves(world, moves, me), me, deadline)
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
            w = self.searched_world(obs)
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

    def searched_world(self, obs: Observation) -> Game:
        """One world the candidates are scored in: the cards ``obs`` does not show dealt at
        random from this bot's stream (:func:`~battleline.standard.worlds.sample_world`)."""
        return sample_world(obs, self.rng)

    def unsearched_choice(self, obs: Observation, world: Game, moves: list[Move]) -> Move:
        """The move when there is nothing to search (a draw, Scout, a single legal move):
        ``medium``'s choice, from the same random stream. ``world`` is the world sampled
        for ``obs`` and ``moves`` its legal moves (a variant may decide from them)."""
        self._heuristic.rng = self.rng
        return self._heuristic.choose(obs)

    def searched_moves(self, world: Game, moves: list[Move], me: int) -> list[Move]:
        """The play-phase moves the search ranks: all of them."""
        return moves

    def leaf_value(self, w: Game, me: int) -> float:
        """The value for ``me`` of a playout's end: the evaluation, knowing both hands of
        the world ``w``."""
        return evaluate(w, me, see_their_hand=True, hand_chance=self.hand_chance)

    def _score(self, w: Game, move: Move, me: int) -> float:
        w.push(move)
        pushed = 1 + finish_turn(w, me)
        # The opponent's greedy answer, then `depth` more greedy turns for both sides.
        pushed += play_out(w, 1 + self.depth, self.reply_tactics)
        value = self.leaf_value(w, me)
        for _ in range(pushed):
            w.undo()
        return value
