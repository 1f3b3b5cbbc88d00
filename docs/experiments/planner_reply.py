"""``hard`` with the opponent's reply as a second level of search, measured for docs/experiments/LOG.md.

``PlannerReply`` is ``hard`` v5 (``PlannerBot``: ``medium``'s best eight moves, successive
halving over common worlds, 2,500 play-outs a decision) whose play-outs do not begin with the
greedy rule's reply. In each world, after a candidate and its draw (and the opponent's
provable claims), **every** legal reply of the opponent is tried: each is played out once by
the greedy rule in a copy of the world whose decks are shuffled again (the opponent does not
know their order), and the reply that leaves the searching seat the least is then played out
in the world itself, whose result is the candidate's. Choosing on one deal and scoring on
another keeps the luck of the choosing play-outs out of the score (the minimum of noisy values
is biased low, the more so the more replies a candidate allows). The opponent still sees the
searching seat's hand, as a determinized search must: that is the strategy-fusion price of a
second level. Every play-out counts against the budget, so at the same budget this bot sees
about thirty times fewer worlds.

    PYTHONPATH=docs/experiments python -m battleline.arena planner_reply:PlannerReply medium \\
        --games 200 --seed 9501 --move-time 10 --jobs 1 --save docs/arena/planner-reply-vs-medium.jsonl.gz
"""

from __future__ import annotations

import time

import numpy as np

from battleline.compiled import script_function as kernel_function
from battleline.compiled.randomness import shuffle
from battleline.standard import kernel
from battleline.standard.bots.heuristic import rank_moves, tactic_cost
from battleline.standard.bots.planner import DEADLINE_SHARE, PlannerBot, known_places
from battleline.standard.encoding import encode_move
from battleline.standard.kernel.layout import (DECK_LEN, MAX_MOVES, OVER, PHASE, PLAY, STATE_SIZE, TACTIC_DECK,
                                               TO_MOVE, TROOP_COUNT, TROOP_DECK)
from battleline.standard.kernel.policy import play_policy, policy_step
from battleline.standard.kernel.rules import apply_move, claims_open, legal_moves, provable_flags
from battleline.standard.kernel.search import FLAG_SHARE, MAX_PLAYOUT_MOVES, determinize, result_value
from battleline.planning import halving_rounds

__all__ = ["PlannerReply", "reply_search", "to_reply"]


@kernel_function
def to_reply(s, opponent, policy):
    """The policy plays on in ``s`` (the searching seat's draw, the opponent's provable claims)
    until the opponent is to play a card, or the game is over."""
    while s[PHASE] != OVER:
        if s[TO_MOVE] == opponent and s[PHASE] == PLAY and not (claims_open(s) and provable_flags(s, opponent)):
            return
        policy_step(s, policy)


@kernel_function
def shuffle_decks(s, rng):
    """Both decks of ``s`` in a new random order (what the opponent's choice may not know)."""
    shuffle(s[TROOP_DECK:TROOP_DECK + s[DECK_LEN]], s[DECK_LEN], rng)
    shuffle(s[TACTIC_DECK:TACTIC_DECK + s[DECK_LEN + 1]], s[DECK_LEN + 1], rng)


@kernel_function
def reply_value(world, opponent, me, rng, policy, replies, probe, base, trial):
    """The searching seat's play-out value in ``world`` (the opponent to play a card) after the
    opponent's reply that leaves it the least on a reshuffled copy; returns (value, play-outs)."""
    n = legal_moves(world, replies, False)
    base[:] = world
    shuffle_decks(base, rng)
    worst = 0
    worst_value = 1e9
    for i in range(n):
        probe[:] = base
        apply_move(probe, replies[i])
        play_policy(probe, MAX_PLAYOUT_MOVES, policy)
        v = result_value(probe, me, FLAG_SHARE)
        if v < worst_value:
            worst_value = v
            worst = i
    trial[:] = world
    apply_move(trial, replies[worst])
    play_policy(trial, MAX_PLAYOUT_MOVES, policy)
    return result_value(trial, me, FLAG_SHARE), n + 1


@kernel_function
def reply_search(template, known_troops, known_tactics, known_troop_slots, known_tactic_slots,
                 moves, active, n_moves, worlds, rng, rewards, policy):
    """Every active candidate (``moves``) in the same ``worlds`` determinizations, each scored
    after the opponent's worst reply for the searching seat (:func:`reply_value`); adds to
    ``rewards`` and returns the play-outs made."""
    me = template[TO_MOVE]
    opponent = 1 - me
    world = np.empty(STATE_SIZE, dtype=np.int64)
    after = np.empty(STATE_SIZE, dtype=np.int64)
    probe = np.empty(STATE_SIZE, dtype=np.int64)
    base = np.empty(STATE_SIZE, dtype=np.int64)
    trial = np.empty(STATE_SIZE, dtype=np.int64)
    pool = np.empty(TROOP_COUNT, dtype=np.int64)
    replies = np.empty(MAX_MOVES, dtype=np.int64)
    made = 0
    for _ in range(worlds):
        determinize(template, world, rng, opponent, known_troops, known_tactics, known_troop_slots,
                    known_tactic_slots, pool)
        for k in range(n_moves):
            if not active[k]:
                continue
            after[:] = world
            apply_move(after, moves[k])
            to_reply(after, opponent, 0)
            if after[PHASE] == OVER:
                rewards[k] += result_value(after, me, FLAG_SHARE)
                made += 1
                continue
            value, count = reply_value(after, opponent, me, rng, policy, replies, probe, base, trial)
            rewards[k] += value
            made += count
    return made


class PlannerReply(PlannerBot):
    """``hard`` v5 whose play-outs begin with the opponent's searched reply (module docstring).

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> PlannerReply(seed=1, playouts=200).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    def _search(self, obs, world, moves):
        deadline = time.perf_counter() + self.move_time * DEADLINE_SHARE
        me = obs.seat
        cands = [m for _, m in rank_moves(world, moves, me)[:self.candidates]]
        if len(cands) == 1:
            return cands[0]
        costs = np.array([tactic_cost(world, m, me) for m in cands])
        template = kernel.state_of(world)
        known_troops, known_tactics, troop_slots, tactic_slots = known_places(obs)
        numbers = np.array([encode_move(m) for m in cands], dtype=np.int64)
        rewards = np.zeros(len(cands), dtype=np.float64)
        active = np.ones(len(cands), dtype=np.bool_)
        rng = np.array([kernel.seed_stream(self.rng.getrandbits(63))], dtype=np.int64)
        worlds = done = 0
        ranked = list(range(len(cands)))
        for share in halving_rounds(len(cands)):
            # a world costs every active candidate one play-out per opponent reply, plus one
            spent, target = 0, int(self.playouts * share)
            while True:
                spent += reply_search(template, known_troops, known_tactics, troop_slots, tactic_slots, numbers,
                                      active, len(cands), 1, rng, rewards, self.playout_policy)
                worlds += 1
                if spent >= target or time.perf_counter() > deadline:
                    break
            done += spent
            alive = int(active.sum())
            scores = rewards / worlds - self.cost_scale * costs
            keep = max(1, alive // 2)
            ranked = sorted((k for k in range(len(cands)) if active[k]), key=lambda k: (-scores[k], k))
            active[:] = False
            active[ranked[:keep]] = True
            if keep == 1 or time.perf_counter() > deadline:
                break
        self.last_playouts = done
        return cands[ranked[0]]
