"""SearchBot: search under hidden information by sampling worlds.

Each sampled world deals the cards this seat cannot see at random, consistent
with its observation (the opponent's hand size and Tactics count, the deck
sizes, what Scout revealed). The bot ranks every move with the heuristic and
takes the best few as candidates, then scores every candidate in the same
worlds: it plays the move and finishes its turn, then both sides play greedy
turns (:mod:`battleline.bots.playout`: claim what is provable, play the troop
with the strongest potential formation, draw a troop) for ``1 + depth`` turns,
the opponent first, with the hands of that world; the opponent's first answer
also plays a Tactics card that wins at once, as the greedy player does. The
position reached is evaluated knowing both hands of that world (or, with
``leaf="chance"``, valued as the chance of winning the game,
:func:`battleline.bots.evaluation.win_chance`), and the candidate with the best
average wins. With ``tactics="win"`` it draws troops while the troop deck lasts
and searches a Tactics card only when that wins at once.

The work per move is fixed: ``iterations`` worlds (default ``WORLDS``), small
enough that a quiet core finishes well inside a second, so the moves do not
depend on how busy the machine is and the seed makes them reproducible. The
wall clock is only a backstop: the ranking and the world loop stop at
``DEADLINE_SHARE`` of ``move_time`` (default 1 s), so a move never takes much
longer than its budget even on a busy machine (it then uses fewer worlds).
``iterations=None`` searches until the deadline.

``world_source`` replaces :func:`battleline.worlds.sample_world` as the source of the
worlds searched. Bots in play never set it; a diagnostic may pass one that returns the
real game, to measure what hidden information costs the search (``docs/bots.md``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..errors import shorten
from ..game import Game, Observation
from ..moves import Move
from ..worlds import sample_world
from .base import Bot, gc_paused
from .evaluation import HAND_CHANCE, evaluate, flag_chances, win_chance
from .greedy import wins_at_once
from .heuristic import HeuristicBot, choose_draw, rank_moves, tactic_cost
from .playout import finish_turn, play_out

__all__ = ["SearchBot"]

WORLDS = 50            # worlds per move: about 0.13 s of CPU time on a quiet core
DEPTH = 2              # greedy turns after the opponent's answer
DEADLINE_SHARE = 0.8   # of move_time: the rest is margin for a busy machine
PRIOR_WEIGHT = 0.5     # the one-ply score counts as this many worlds
CHANCE_SCALE = 6.0     # a won game, in the flags of the one-ply score and the Tactics price


class SearchBot(Bot):
    """Determinized search over the heuristic's best candidates, with greedy playouts.

    ``iterations`` worlds per move (None: until the deadline); ``move_time`` (seconds)
    the wall-clock backstop; ``candidates`` moves searched; ``depth`` greedy turns after
    the opponent's answer; ``reply_tactics``: the opponent's answer may be a Tactics card
    that wins at once; ``hand_chance``: the evaluation's chance that a held card goes to
    a given flag; ``leaf``: how the end of a playout is valued, ``"flags"`` (the
    evaluation: expected flags and Breakthrough chances) or ``"chance"`` (the chance of
    winning the game, times ``CHANCE_SCALE``); ``tactics``: ``"priced"`` (draw and rank
    Tactics cards as ``medium`` does, at their price) or ``"win"`` (draw troops while the
    troop deck lasts, search a Tactics card only when it wins at once); ``world_source``:
    where the searched worlds come from, ``(observation, rng) -> Game`` (default
    :func:`~battleline.worlds.sample_world`). The defaults are
    the ``hard`` of the ladder; ``leaf="chance", tactics="win"`` was measured as v4 in
    ``docs/bots.md`` and was no stronger.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> SearchBot(seed=1, iterations=2).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "search"

    def __init__(self, seed: int | None = None, move_time: float = 1.0, iterations: int | None = WORLDS,
                 candidates: int = 5, depth: int = DEPTH, reply_tactics: bool = True,
                 hand_chance: float = HAND_CHANCE, leaf: str = "flags", tactics: str = "priced",
                 world_source: Callable[[Observation, random.Random], Game] | None = None):
        super().__init__(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.candidates = candidates
        self.depth = depth
        self.reply_tactics = reply_tactics
        self.hand_chance = hand_chance
        if leaf not in ("chance", "flags"):
            raise ValueError(f"a leaf value is 'chance' or 'flags', not {shorten(leaf)}")
        self.leaf = leaf
        if tactics not in ("win", "priced"):
            raise ValueError(f"tactics is 'win' or 'priced', not {shorten(tactics)}")
        self.tactics = tactics
        if world_source is not None and not callable(world_source):
            raise ValueError(f"a world source is a function (observation, rng) -> Game, not {shorten(world_source)}")
        self.world_source = world_source or sample_world
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
        if world.phase == "draw" and len(moves) > 1 and self.tactics == "win":
            return choose_draw(world, moves, obs.seat, tactics=False)
        if len(moves) == 1 or world.phase != "play":
            self._heuristic.rng = self.rng
            return self._heuristic.choose(obs)
        me = obs.seat
        # With tactics="win" a Tactics card is searched only when it wins at once: played
        # early it spends the limit and a card the playouts cannot value (they play troops).
        if self.tactics == "win":
            moves = [m for m in moves if tactic_cost(world, m, me) == 0 or wins_at_once(world, m, me)] or moves
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
            w = self.world_source(obs, self.rng)
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
        if self.leaf == "flags":
            value = evaluate(w, me, see_their_hand=True, hand_chance=self.hand_chance)
        else:
            o = w.outcome()
            if o is None:
                chance = win_chance(flag_chances(w, me, see_their_hand=True, hand_chance=self.hand_chance))
            else:
                chance = 1.0 if o.winner == me else 0.0 if o.winner is not None else 0.5
            value = CHANCE_SCALE * chance
        for _ in range(pushed):
            w.undo()
        return value
