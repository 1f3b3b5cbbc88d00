"""Worlds consistent with what one player knows (determinization).

A bot sees only its :class:`~battleline.standard.game.Observation`. To search, it
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

from ..cards import ALL_CARDS, FOG, MUD
from .game import Game, Observation

__all__ = ["sample_world"]


def sample_world(obs: Observation, rng: random.Random) -> Game:
    """A complete :class:`Game` that ``obs.seat`` cannot tell from the real one."""
    me, opp = obs.seat, 1 - obs.seat
    flags = {}
    known = set(obs.hand) | set(obs.opponent_known) | {c for _, _, c in obs.known_deck}
    for fv in obs.flags:
        placed = list(fv.placed)
        if fv.fog is not None:
            placed.append((fv.fog, ALL_CARDS[FOG]))
        if fv.mud is not None:
            placed.append((fv.mud, ALL_CARDS[MUD]))
        flags[fv.number] = placed
        known.update(c for _, c in placed)
    for pile in obs.discards:
        known.update(pile)

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
    hands = [[], []]
    hands[me], hands[opp] = list(obs.hand), hand
    pools = [troops[need_t:], tactics[need_k:]]
    decks = []
    for d, name in ((0, "troop"), (1, "tactic")):
        top_first: list = [None] * obs.deck_sizes[d]
        for deck, depth, c in obs.known_deck:
            if deck == name:
                top_first[depth] = c
        pool = pools[d]
        if sum(1 for c in top_first if c is None) != len(pool):
            raise ValueError(f"the observation is inconsistent: the {name} deck cannot be filled")
        it = iter(pool)
        decks.append([c if c is not None else next(it) for c in top_first])
    known_deck, opponent_known = [0, 0], [0, 0]
    for _, _, c in obs.known_deck:
        known_deck[me] |= 1 << c
    for c in obs.opponent_known:
        opponent_known[me] |= 1 << c
    o = obs.outcome
    # The observation comes from a real game, so the rules need no second check here.
    return Game.assemble(rules=obs.rules, to_move=obs.to_move, phase=obs.phase, flags=flags,
                         claimed={fv.number: fv.claimed_by for fv in obs.flags
                                  if fv.claimed_by is not None},
                         hands=hands, decks=decks, discards=obs.discards, known_deck=known_deck,
                         opponent_known=opponent_known, scout_left=obs.scout_left,
                         idle_turns=obs.idle_turns, turn_active=obs.turn_active,
                         result=None if o is None else (o.winner, o.reason), check=False)
