"""Worlds consistent with what one player knows (determinization).

A bot sees only its :class:`~battleline.game.Observation`. To search, it
samples complete games that agree with everything the observation says: the
same table, discards and own hand, the opponent's hand of the right size (with
the right number of Tactics cards, which every draw made public, and the cards
Scout revealed), and decks of the right sizes with the Scout-returned cards
where they lie. The hidden cards are dealt at random from the unseen ones.

>>> from battleline import Game
>>> import random
>>> g = Game(seed=3)
>>> w = sample_world(g.observation(g.to_move), random.Random(1))
>>> w.observation(g.to_move) == g.observation(g.to_move)
True
"""

from __future__ import annotations

import random

from .cards import ALL_CARDS, FOG, MUD
from .game import Game, Observation

__all__ = ["sample_world"]


def sample_world(obs: Observation, rng: random.Random) -> Game:
    """A complete :class:`Game` that ``obs.seat`` cannot tell from the real one."""
    me, opp = obs.seat, 1 - obs.seat
    g = Game.__new__(Game)
    g._clear(obs.rules)
    known = set()
    clock = 1
    for fv in obs.flags:
        f = fv.number
        for p, c in fv.placed:
            g._cards[p][f].append(c)
            g._placed_at[c] = clock
            clock += 1
            known.add(c)
        if fv.fog is not None:
            g._env_flag[0], g._env_owner[0] = f, fv.fog
            known.add(ALL_CARDS[FOG])
        if fv.mud is not None:
            g._env_flag[1], g._env_owner[1] = f, fv.mud
            known.add(ALL_CARDS[MUD])
        g._claimed[f] = -1 if fv.claimed_by is None else fv.claimed_by
    g._clock = clock
    visible = 0
    for c in known:
        visible |= 1 << c
    for p in (0, 1):
        g._discards[p] = list(obs.discards[p])
        for c in obs.discards[p]:
            visible |= 1 << c
            known.add(c)
    g._visible = visible
    g._hands[me] = list(obs.hand)
    known.update(obs.hand)
    known.update(obs.opponent_known)
    known.update(c for _, _, c in obs.known_deck)

    troops = [c for c in ALL_CARDS[:60] if c not in known]
    tactics = [c for c in ALL_CARDS[60:] if c not in known]
    rng.shuffle(troops)
    rng.shuffle(tactics)
    opp_tactics_known = sum(1 for c in obs.opponent_known if c >= 60)
    need_k = obs.opponent_hand_tactics - opp_tactics_known
    need_t = obs.opponent_hand_size - obs.opponent_hand_tactics - (len(obs.opponent_known) - opp_tactics_known)
    if need_k < 0 or need_t < 0 or need_k > len(tactics) or need_t > len(troops):
        raise ValueError("the observation is inconsistent: the opponent's hand cannot be filled")
    hand = list(obs.opponent_known) + troops[:need_t] + tactics[:need_k]
    rng.shuffle(hand)
    g._hands[opp] = hand
    pools = [troops[need_t:], tactics[need_k:]]
    for d, name in ((0, "troop"), (1, "tactic")):
        size = obs.deck_sizes[d]
        top_first: list = [None] * size
        for deck, depth, c in obs.known_deck:
            if deck == name:
                top_first[depth] = c
        pool = pools[d]
        if sum(1 for c in top_first if c is None) != len(pool):
            raise ValueError(f"the observation is inconsistent: the {name} deck cannot be filled")
        it = iter(pool)
        top_first = [c if c is not None else next(it) for c in top_first]
        g._decks[d] = list(reversed(top_first))

    known_mask = 0
    for _, _, c in obs.known_deck:
        known_mask |= 1 << c
    g._known_deck[me] = known_mask
    opp_mask = 0
    for c in obs.opponent_known:
        opp_mask |= 1 << c
    g._known_opp[me] = opp_mask
    g._to_move = obs.to_move
    g._first = obs.to_move
    g._phase = obs.phase
    g._scout_left = obs.scout_left
    g._idle = obs.idle_turns
    g._active = obs.turn_active
    g._outcome = obs.outcome
    g._tactics_played = list(obs.tactics_played)
    g._leader_played = list(obs.leader_played)
    return g
