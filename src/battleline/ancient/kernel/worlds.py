"""Sampled worlds for the planner's search, dealt in the kernel from the shared random stream.

A world is the position a side sees with what it cannot see dealt again: the opponent's
Tactics hand and the Tactics deck's order are shuffled together (the opponent keeps as many
cards as it holds), and the dice start a fresh stream. What the side knows stays put.

>>> import numpy as np
>>> from battleline.compiled.randomness import seed_stream
>>> from battleline.ancient import AncientGame
>>> from battleline.ancient import kernel
>>> template = kernel.state_of(AncientGame.scenario("marathon", seed=3))
>>> world, pool = np.empty_like(template), np.empty(TACTIC_COUNT, dtype=np.int64)
>>> rng = np.array([seed_stream(5)], dtype=np.int64)
>>> deal_world(world, template, 0, pool, rng)
>>> bin(int(world[HAND])).count("1") == bin(int(template[HAND])).count("1")
True
"""

from __future__ import annotations

from ...compiled import kernel_function
from ...compiled.randomness import shuffle, xorshift
from .layout import DECK, DECK_LEN, DICE_COUNT, DICE_RNG, DICE_SHORT, DICE_POS, HAND, TACTIC_COUNT, TROOP_COUNT

__all__ = ["deal_world", "fresh_dice", "TACTIC_COUNT"]

DICE_SALT = 0x5DEECE66D      # keeps the dice's stream apart from the dealing stream


@kernel_function
def deal_world(world, template, other, pool, rng):
    """``world`` becomes ``template`` with ``other``'s Tactics hand and the Tactics deck dealt
    again at random from the stream in ``rng`` (``pool``: work space of TACTIC_COUNT)."""
    world[:] = template
    hand = world[HAND + other]
    n = 0
    for bit in range(TACTIC_COUNT):
        if hand >> bit & 1:
            pool[n] = TROOP_COUNT + bit
            n += 1
    held = n
    for i in range(world[DECK_LEN]):
        pool[n] = world[DECK + i]
        n += 1
    shuffle(pool, n, rng)
    dealt = 0
    for i in range(held):
        dealt |= 1 << (pool[i] - TROOP_COUNT)
    world[HAND + other] = dealt
    for i in range(held, n):
        world[DECK + i - held] = pool[i]
    world[DICE_POS] = 0                  # the world's own dice, read from the start


@kernel_function
def fresh_dice(dice, rng):
    """Forget the dice rolled so far and start their stream anew from ``rng``."""
    rng[0] = xorshift(rng[0])
    dice[DICE_COUNT] = 0
    dice[DICE_SHORT] = 0
    dice[DICE_RNG] = xorshift(rng[0] ^ DICE_SALT) | 1
