"""Worlds a side cannot tell apart from the real battle: a game rebuilt from one side's
:class:`~.observation.Observation`, with what that side cannot see sampled at random.

Sampled: the opponent's face-down cards while deployment is hidden (from its army list),
the opponent's Tactics hand (from the Tactics cards not accounted for), the deck's order and
the dice seed. Everything else is copied from the observation, so the world's legal actions
for the observing side are exactly the real ones. Bots search such worlds; they never see
the real game.

>>> import random
>>> from battleline.ancient import AncientGame
>>> g = AncientGame.scenario("marathon", seed=3)
>>> g.play("deploy R4@a1")
>>> w = sample_world(g.observation("north"), random.Random(1))
>>> w.cell("a1")["side"], w.phase
('south', 'deploy')
"""

from __future__ import annotations

import random

from ..cards import Card
from ..errors import PositionError
from .game import AncientGame
from .observation import Observation, unseen_tactics

__all__ = ["sample_world", "world_position"]


def world_position(obs: Observation, rng: random.Random) -> str:
    """The position text of one world consistent with ``obs`` (hidden parts drawn with ``rng``)."""
    me = obs.side
    them = "north" if me == "south" else "south"
    lines = ["ancient position", f"width {obs.width}"]
    if obs.scenario:
        lines.append(f"scenario {obs.scenario}")
    lines.append("advanced " + (" ".join(obs.advanced) or "none"))
    lines.extend(obs.flow)
    bows = {c.rstrip("*") for side in obs.armies.values() for c in side if c.endswith("*")}

    def named(card: str) -> str:
        return card + ("*" if card in bows else "")

    # the opponent's face-down cards: any cards of its army, stacks where the count says so
    hidden = [sq for sq, cell in obs.field.items() if cell.get("hidden")]
    sampled: dict[str, list[str]] = {}
    their_reserve = obs.reserve.get(them)
    if their_reserve is None:        # face down: the army list is all we know
        pool = [c.rstrip("*") for c in obs.armies[them]]
        rng.shuffle(pool)
        deployed = _deployed(obs.flow, them)
        stacks = max(0, deployed - len(hidden))
        hidden = rng.sample(hidden, len(hidden))   # which squares hold the stacks
        for sq in hidden[:stacks]:       # stacks first: two heavy infantry cards of one type
            pairs = [c for c in pool if 3 <= Card(c).value <= 5
                     and sum(Card(d).value == Card(c).value for d in pool) >= 2]
            if not pairs:
                raise PositionError("no stack fits the opponent's army")
            first = rng.choice(pairs)
            pool.remove(first)
            mate = next(c for c in pool if Card(c).value == Card(first).value)
            pool.remove(mate)
            sampled[sq] = [first, mate]
        for sq in hidden[stacks:]:
            sampled[sq] = [pool.pop()]
        their_reserve = pool
    for sq, cell in obs.field.items():
        cards = sampled.get(sq) or cell["cards"]
        text = f"{sq} {cell['side']} " + "+".join(named(c) for c in cards)
        if not cell.get("hidden"):
            if cell["disrupted"]:
                text += " disrupted"
            if cell["attachment"]:
                text += " " + cell["attachment"]
        lines.append(text)
    for sq, kind in obs.terrain.items():
        lines.append(f"terrain {sq} {kind}")
    for side, cards in ((me, obs.reserve[me]), (them, their_reserve)):
        if cards:
            lines.append(f"reserve {side} " + " ".join(named(c) for c in cards))
    for side, cards in obs.eliminated.items():
        if cards:
            lines.append(f"eliminated {side} " + " ".join(named(c) for c in cards))
    unseen = unseen_tactics(obs)
    rng.shuffle(unseen)
    their_hand = unseen[:obs.opponent_hand_size]
    deck = unseen[obs.opponent_hand_size:]
    if obs.hand:
        lines.append(f"hand {me} " + " ".join(obs.hand))
    if their_hand:
        lines.append(f"hand {them} " + " ".join(their_hand))
    lines.append("deck " + (" ".join(deck) or "empty"))
    if obs.discards:
        lines.append("discards " + " ".join(obs.discards))
    lines.append(f"dice seed {rng.randrange(2 ** 32)} position 0")
    return "\n".join(lines) + "\n"


def _deployed(flow: tuple, side: str) -> int:
    for line in flow:
        words = line.split()
        if words[0] == "deployed":
            return int(words[1] if side == "south" else words[2])
    return 0


def sample_world(obs: Observation, rng: random.Random | None = None) -> AncientGame:
    """A game that looks to ``obs.side`` exactly like the observed one; the hidden parts are
    drawn with ``rng``. Its future dice come from a fresh seed, never from the real game."""
    return AncientGame.from_position(world_position(obs, rng or random.Random()))

