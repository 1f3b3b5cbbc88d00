"""HeuristicBot: one move ahead with a card-counting evaluation.

For every flag it compares what its side can still become (using its own
hand first, then unseen troops) with the best the opponent could still reach
from the unseen troops, and turns the difference into a chance of winning
the flag. Flags count more where they build towards a Breakthrough. Tactics
cards are played only when they beat the best troop move by a margin.
"""

from __future__ import annotations

import math

from ..cards import TROOP_MASK
from ..formations import best, side_strength
from ..game import FLAGS, Game, Observation
from ..moves import Move
from .base import Bot

MISSING_PENALTY = 45     # strength points one missing card costs in confidence
SCALE = 35.0             # strength difference that makes a flag about 73% / 27%
TACTIC_MARGIN = 0.12     # a Tactics card must gain this much over the best troop move


def flag_chances(g: Game, me: int, see_their_hand: bool = False) -> list[float]:
    """Estimated chance that ``me`` wins each flag (index 1-9), 1.0/0.0 for claimed flags.

    It reads the table, the discards and ``me``'s hand. With ``see_their_hand`` (in a
    sampled world, where the opponent's hand is one possibility) it reads the opponent's
    hand too; otherwise the opponent may draw on every unseen troop.
    """
    mine_hand = _troop_mask(g._hands[me])
    theirs_hand = _troop_mask(g._hands[1 - me]) if see_their_hand else 0
    unseen = TROOP_MASK & ~g._visible & ~mine_hand & ~theirs_hand
    out = [0.0] * 10
    for f in FLAGS:
        owner = g._claimed[f]
        if owner >= 0:
            out[f] = 1.0 if owner == me else 0.0
            continue
        need = g.required(f)
        fog = g._env_flag[0] == f
        mine, theirs = g._cards[me][f], g._cards[1 - me][f]
        my_est = _estimate(mine, need, fog, mine_hand, unseen)
        their_est = _estimate(theirs, need, fog, theirs_hand, unseen)
        if len(mine) >= need and len(theirs) >= need and my_est == their_est:
            out[f] = 0.0 if g.completed_later(f, me) else 1.0
            continue
        out[f] = 1.0 / (1.0 + math.exp(-(my_est - their_est) / SCALE))
    return out


def _troop_mask(cards) -> int:
    mask = 0
    for c in cards:
        if c < 60:
            mask |= 1 << c
    return mask


def _estimate(side, need: int, fog: bool, sure: int, maybe: int) -> float:
    """The strength a side is likely to reach: with its own cards if it can, otherwise
    with unseen ones, less a penalty for each card still missing."""
    missing = need - len(side)
    if missing <= 0:
        return side_strength(side, need, fog)
    if sure:
        r = best(side, sure, missing, fog)
        if r is not None:
            return r[0]
    r = best(side, sure | maybe, missing, fog)
    if r is None:
        return -100.0
    return r[0] - MISSING_PENALTY * missing


def evaluate_position(g: Game, me: int, see_their_hand: bool = False) -> float:
    """Expected flags, weighted towards three in a row; +-100 for a finished game."""
    o = g._outcome
    if o is not None:
        return 100.0 if o.winner == me else (-100.0 if o.winner is not None else 0.0)
    p = flag_chances(g, me, see_their_hand)
    total = sum(p[1:])
    run = max(p[f] * p[f + 1] * p[f + 2] for f in range(1, 8))
    return total + 2.0 * run


class HeuristicBot(Bot):
    """Claims whenever provable; otherwise the move that most improves its estimate.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> HeuristicBot(seed=1).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "heuristic"

    def choose(self, obs: Observation) -> Move:
        world, moves, claim = self.world_and_moves(obs)
        if claim is not None:
            return claim
        if len(moves) == 1:
            return moves[0]
        phase = world.phase
        me = obs.seat
        if phase in ("draw", "scout-draw"):
            return self._draw(world, moves, me)
        if phase == "scout-return":
            return self._return(world, moves)
        return self._play(world, moves, me)

    def _play(self, world: Game, moves: list[Move], me: int) -> Move:
        best_troop, best_troop_score = None, -1e9
        best_tactic, best_tactic_score = None, -1e9
        for m in moves:
            if m.kind == "pass":
                score = evaluate_position(world, me) - 0.05
            elif m.kind == "scout":
                score = evaluate_position(world, me) + 0.02
            else:
                world.push(m)
                score = evaluate_position(world, me)
                world.undo()
            if m.kind == "play" and m.card < 60 or m.kind == "pass":
                # Keep strong cards for flags that need them: a small cost for spending value.
                if m.kind == "play":
                    score -= 0.002 * (m.card % 10 + 1)
                if score > best_troop_score:
                    best_troop, best_troop_score = m, score
            elif score > best_tactic_score:
                best_tactic, best_tactic_score = m, score
        if best_tactic is not None and (best_troop is None or
                                        best_tactic_score > best_troop_score + TACTIC_MARGIN):
            return best_tactic
        return best_troop if best_troop is not None else best_tactic

    def _draw(self, world: Game, moves: list[Move], me: int) -> Move:
        kinds = {m.deck: m for m in moves if m.kind == "draw"}
        if not kinds:
            return moves[-1]
        tactics_in_hand = sum(1 for c in world._hands[me] if c >= 60)
        if "tactic" in kinds and (tactics_in_hand == 0 and len(world._decks[1]) > 3 or "troop" not in kinds):
            return kinds["tactic"]
        return kinds.get("troop", moves[-1])

    def _return(self, world: Game, moves: list[Move]) -> Move:
        def keep_value(m: Move) -> float:
            c = m.card
            if c < 60:
                return c % 10 + 1
            return 6.5
        return min(moves, key=keep_value)
