"""GreedyBot: a one-rule player used as the ladder's measuring stick.

- It claims every flag it can prove, the moment it can.
- It plays a Tactics card only when that wins the game at once (the card, then
  the claims it makes provable, give a Breakthrough or an Envelopment).
- Otherwise it considers every troop in its hand at every flag where its side
  still has room, and scores the pair by the best formation that side could
  still complete if the best available troops arrived (those not yet on the
  table or discarded: its own hand and every card it cannot see). It plays the
  strongest; ties go to the flag nearest the centre, then to the lower card.
- It draws a troop, except when a Tactics card that may still be in the deck
  would win the game at once if it held it now.
"""

from __future__ import annotations

from dataclasses import replace

from ...cards import ALL_CARDS, TROOP_MASK
from ..formations import best, side_strength
from ..game import Game, Observation
from ..moves import Move
from ..worlds import sample_world
from .base import Bot

__all__ = ["GreedyBot", "wins_at_once", "potential_strength"]

NO_FORMATION = -1  # the score of a side that can no longer be completed


def visible_mask(obs: Observation) -> int:
    """Cards on the table or in the discards, as a bit mask."""
    mask = 0
    for fv in obs.flags:
        for side in fv.cards:
            for c in side:
                mask |= 1 << c
    for pile in obs.discards:
        for c in pile:
            mask |= 1 << c
    return mask


def potential_strength(side, card: int, need: int, fog: bool, available: int, floor: int = NO_FORMATION) -> int:
    """The strength of the best formation ``side`` plus ``card`` could still make with
    troops from ``available`` (a mask); ``NO_FORMATION`` when it cannot be completed.
    With ``floor``, an answer at or below ``floor`` may be given as ``floor`` itself (a
    caller that only wants what beats ``floor`` is spared the weaker formations).

    >>> from battleline.cards import Card
    >>> potential_strength([Card("R8")], Card("R9"), 3, False, 1 << Card("R10"))
    427
    """
    key = (tuple(side), card, need, fog, available)
    hit = _POTENTIAL.get(key)
    if hit is not None:
        return hit
    if floor > NO_FORMATION:
        bound = _AT_MOST.get(key)
        if bound is not None and bound <= floor:
            return floor
    fixed = list(side) + [card]
    missing = need - len(fixed)
    if missing <= 0:
        res = side_strength(fixed, need, fog)
    else:
        found = best(fixed, available & ~(1 << card), missing, fog, floor)
        if found is None and floor > NO_FORMATION:
            if len(_AT_MOST) > 30_000:
                _AT_MOST.clear()
            _AT_MOST[key] = floor   # no completion beats floor
            return floor
        res = NO_FORMATION if found is None else found[0]
    if len(_POTENTIAL) > 30_000:  # small: clearing a big cache stalls a move
        _POTENTIAL.clear()
    _POTENTIAL[key] = res
    return res


_POTENTIAL: dict = {}  # potential_strength's answers: searches ask the same ones in many worlds
_AT_MOST: dict = {}    # upper bounds learnt from calls with a floor


def wins_at_once(world: Game, move: Move, me: int) -> bool:
    """Whether ``move`` followed by every claim it makes provable wins the game for ``me``.

    >>> g = Game(seed=1)
    >>> wins_at_once(g, g.legal_moves()[0], g.to_move)
    False
    """
    world.push(move)
    pushed = 1
    won = False
    try:
        if world.outcome() is None:
            for f in world.provable_flags(me):
                world.push(Move.claim(f))
                pushed += 1
                if world.outcome() is not None:
                    break
        o = world.outcome()
        won = o is not None and o.winner == me
    finally:
        for _ in range(pushed):
            world.undo()
    return won


class GreedyBot(Bot):
    """The greedy player: strongest potential formation, Tactics only to win at once.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> GreedyBot(seed=1).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "greedy"

    def choose(self, obs: Observation) -> Move:
        world, moves, forced = self.world_and_choice(obs)
        if forced is not None:
            return forced
        me = obs.seat
        if obs.phase == "play":
            return self._play(obs, world, moves, me)
        if obs.phase in ("draw", "scout-draw"):
            return self._draw(obs, moves)
        return min(moves, key=_keep_value)  # scout-return: give back the least useful card

    def _play(self, obs: Observation, world: Game, moves: list[Move], me: int) -> Move:
        for m in moves:
            if m.kind != "pass" and not (m.kind == "play" and m.card < 60) and wins_at_once(world, m, me):
                return m
        available = TROOP_MASK & ~visible_mask(obs)
        best_move, best_key = None, None
        for m in moves:
            if m.kind != "play" or m.card >= 60:
                continue
            fv = obs.flags[m.flag - 1]
            need = fv.required
            score = potential_strength(fv.cards[me], m.card, need, fv.fog is not None, available)
            key = (score, -abs(m.flag - 5), -m.flag, -(m.card % 10), -m.card)
            if best_key is None or key > best_key:
                best_move, best_key = m, key
        if best_move is not None:
            return best_move
        return next((m for m in moves if m.kind == "pass"), moves[0])

    def _draw(self, obs: Observation, moves: list[Move]) -> Move:
        draws = {m.deck: m for m in moves if m.kind == "draw"}
        if not draws:
            return moves[-1]
        if "tactic" in draws and ("troop" not in draws or self._tactic_would_win(obs)):
            return draws["tactic"]
        return draws["troop"]

    def _tactic_would_win(self, obs: Observation) -> bool:
        """Could a Tactics card still in the deck win the game at once if we held it now?"""
        if obs.phase != "draw" or obs.deck_sizes[1] == 0:
            return False
        me = obs.seat
        if obs.tactics_played[me] > obs.tactics_played[1 - me]:
            return False
        seen = set(obs.hand) | set(obs.opponent_known) | {c for d, _, c in obs.known_deck if d == "troop"}
        for pile in obs.discards:
            seen.update(pile)
        for fv in obs.flags:
            seen.update(fv.cards[0])
            seen.update(fv.cards[1])
            if fv.fog is not None:
                seen.add(ALL_CARDS[64])
            if fv.mud is not None:
                seen.add(ALL_CARDS[65])
        for t in ALL_CARDS[60:]:
            if t in seen or (t <= 61 and obs.leader_played[me]):
                continue
            # The position as it would be at the start of our next turn, holding t.
            hypo = replace(obs, phase="play", to_move=me, hand=obs.hand + (t,),
                           deck_sizes=(obs.deck_sizes[0], obs.deck_sizes[1] - 1),
                           known_deck=tuple(k for k in obs.known_deck if k[0] == "troop"),
                           turn_active=False, scout_left=0)
            try:
                world = sample_world(hypo, self.rng)
            except ValueError:
                continue  # t cannot be in the deck (it must be in the opponent's hand)
            for m in world.legal_moves(claims=False):
                if _uses(m, t) and wins_at_once(world, m, me):
                    return True
        return False


def _uses(move: Move, tactic: int) -> bool:
    if move.kind == "play":
        return move.card == tactic
    return {"scout": 66, "redeploy": 67, "deserter": 68, "traitor": 69}.get(move.kind) == tactic


def _keep_value(m: Move) -> float:
    c = m.card
    return c % 10 + 1 if c < 60 else 11
