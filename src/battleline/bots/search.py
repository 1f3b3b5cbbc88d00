"""SearchBot: search under hidden information by sampling worlds.

Each sampled world deals the cards this seat cannot see at random, consistent
with its observation (the opponent's hand size and Tactics count, the deck
sizes, what Scout revealed). The bot takes the heuristic's best few moves as
candidates and scores every candidate in the same worlds: it plays the move,
lets the opponent answer with a greedy reply that uses the opponent's hand in
that world, and evaluates the result knowing both hands of that world.
The candidate with the best average wins. A time budget (default 1 s) or an
iteration budget (worlds per move, for reproducible tests) bounds the work;
the seed makes it deterministic for a given iteration budget.
"""

from __future__ import annotations

import time

from ..game import Game, Observation
from ..moves import Move
from ..worlds import sample_world
from .base import Bot
from .evaluation import evaluate as evaluate_position, flag_chances
from .heuristic import HeuristicBot

__all__ = ["SearchBot"]


class SearchBot(Bot):
    """Determinized search over the heuristic's best candidates.

    ``move_time`` (seconds, default 1.0) bounds the time per move;
    ``iterations`` (worlds per move), when given, replaces the clock so that
    results are reproducible.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> SearchBot(seed=1, iterations=2).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "search"

    def __init__(self, seed: int | None = None, move_time: float = 1.0, iterations: int | None = None,
                 candidates: int = 6):
        super().__init__(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.candidates = candidates
        self._heuristic = HeuristicBot(seed=seed)

    def choose(self, obs: Observation) -> Move:
        start = time.perf_counter()
        world, moves, claim = self.world_and_moves(obs)
        if claim is not None:
            return claim
        if len(moves) == 1 or world.phase != "play":
            self._heuristic.rng = self.rng
            return self._heuristic.choose(obs)
        me = obs.seat
        ranked = self._rank(world, moves, me)
        cands = ranked[: self.candidates]
        if len(cands) == 1:
            return cands[0]
        totals = [0.0] * len(cands)
        n = 0
        deadline = start + self.move_time * 0.9
        while True:
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif n > 0 and time.perf_counter() > deadline:
                break
            w = sample_world(obs, self.rng)
            for i, m in enumerate(cands):
                totals[i] += self._score(w, m, me)
            n += 1
        best_i = max(range(len(cands)), key=lambda i: totals[i])
        return cands[best_i]

    def _rank(self, world: Game, moves: list[Move], me: int) -> list[Move]:
        scored = []
        for m in moves:
            if m.kind in ("pass", "scout"):
                s = evaluate_position(world, me) + (0.02 if m.kind == "scout" else -0.05)
            else:
                world.push(m)
                s = evaluate_position(world, me)
                world.undo()
            if m.kind != "play" or m.card >= 60:
                s -= 0.08  # keep Tactics for when they matter
            scored.append((s, m))
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored]

    def _score(self, w: Game, move: Move, me: int) -> float:
        pushed = 0
        w.push(move)
        pushed += 1
        # Finish my turn: draw (troop if possible) or end.
        while not w.is_over() and w.to_move == me:
            legal = w.legal_moves(claims=w.phase != "play")
            claims = [m for m in legal if m.kind == "claim"]
            if claims:
                nxt = claims[0]
            elif w.phase in ("draw", "scout-draw"):
                draws = [m for m in legal if m.kind == "draw"]
                nxt = next((m for m in draws if m.deck == "troop"), draws[0] if draws else legal[0])
            else:
                nxt = legal[0]
            w.push(nxt)
            pushed += 1
        if not w.is_over():
            pushed += self._greedy_reply(w, 1 - me)
        value = evaluate_position(w, me, see_their_hand=True)
        for _ in range(pushed):
            w.undo()
        return value

    def _greedy_reply(self, w: Game, opp: int) -> int:
        """The opponent claims what it can and plays its best troop move in this world."""
        pushed = 0
        for f in w.provable_flags(opp):
            w.push(Move.claim(f))
            pushed += 1
            if w.is_over():
                return pushed
        if w.phase != "play":
            return pushed
        legal = w.legal_moves(claims=False)
        troop_moves = [m for m in legal if m.kind == "play" and m.card < 60]
        options = troop_moves or [m for m in legal if m.kind == "pass"] or legal
        best_m, best_v = None, -1e9
        for m in options:
            w.push(m)
            v = sum(flag_chances(w, opp, see_their_hand=True)[1:])
            w.undo()
            if v > best_v:
                best_m, best_v = m, v
        w.push(best_m)
        return pushed + 1
