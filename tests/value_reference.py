"""A plain reference for the learned value's features (battleline.standard.kernel.value),
read off a :class:`battleline.Game` with the engine's formations: it shares no code with the
kernel, so the kernel's features are held to it on random positions."""

from __future__ import annotations

from battleline.standard.formations import best, side_strength

CLASSES, FILLS, ORDERS, FLAG_STATES = 6, 3, 3, 5
FLAG_TABLE = CLASSES * FILLS * CLASSES * FILLS * ORDERS
GLOBALS = ("held_mine", "held_theirs", "troop_deck", "tactic_deck", "tactics_mine", "tactics_theirs",
           "tactics_lead", "my_move", "bias")


def potential(game, player: int, flag: int, available: int) -> tuple[int, int]:
    """(strength or -1, fill 0/1/2) of a side: complete, or its best completion."""
    cards = [int(c) for c in game.sides[player][flag]]
    need = game.required(flag)
    fog = game.fog_flag == flag
    if len(cards) >= need:
        return side_strength(cards, need, fog), 2
    found = best(cards, available & ~sum(1 << c for c in cards if c < 60), need - len(cards), fog)
    return (-1 if found is None else found[0]), (1 if cards else 0)


def class_of(strength: int, fog: bool) -> int:
    if strength < 0:
        return 0
    return 1 if fog else strength // 100 + 1


def hand_troops(game, player: int) -> int:
    return sum(1 << int(c) for c in game.hands[player] if int(c) < 60)


def reference_features(game, me: int) -> dict:
    """The features as a dict: 'flags' (flag-table entries, sorted), 'triples' (each
    triple's three flag states) and the globals by name."""
    them = 1 - me
    unseen = game.unseen_troops()
    flags, states = [], {}
    for f in range(1, 10):
        if game.claimed[f] >= 0:
            states[f] = 0 if game.claimed[f] == me else 1
            continue
        fog = game.fog_flag == f
        mine, my_fill = potential(game, me, f, unseen & ~hand_troops(game, them))
        theirs, their_fill = potential(game, them, f, unseen & ~hand_troops(game, me))
        order = 2 if mine > theirs else 1 if mine == theirs else 0
        flags.append((class_of(mine, fog), my_fill, class_of(theirs, fog), their_fill, order))
        states[f] = 4 - order
    tactics = [sum(1 for c in game.hands[p] if int(c) >= 60) for p in (0, 1)]
    return {
        "flags": sorted(flags),
        "triples": [(states[f], states[f + 1], states[f + 2]) for f in range(1, 8)],
        "held_mine": min(4, sum(1 for f in range(1, 10) if game.claimed[f] == me)),
        "held_theirs": min(4, sum(1 for f in range(1, 10) if game.claimed[f] == them)),
        "troop_deck": len(game.decks[0]) / 60, "tactic_deck": len(game.decks[1]) / 10,
        "tactics_mine": tactics[me] / 4, "tactics_theirs": tactics[them] / 4,
        "tactics_lead": game.tactics_counts[me] - game.tactics_counts[them],
        "my_move": 1.0 if game.to_move == me else 0.0, "bias": 1.0,
    }


def decode(vector) -> dict:
    """A dense kernel feature vector in the reference's form (the layout of the value's
    module: flag table, triple table, two one-hots of five, seven scalars)."""
    flags = []
    for i in range(FLAG_TABLE):
        rest, order = divmod(i, ORDERS)
        rest, their_fill = divmod(rest, FILLS)
        rest, their_class = divmod(rest, CLASSES)
        my_class, my_fill = divmod(rest, FILLS)
        flags += [(my_class, my_fill, their_class, their_fill, order)] * int(round(vector[i]))
    triples = []
    for i in range(FLAG_STATES ** 3):
        a, rest = divmod(i, FLAG_STATES ** 2)
        b, c = divmod(rest, FLAG_STATES)
        triples += [(a, b, c)] * int(round(vector[FLAG_TABLE + i]))
    base = FLAG_TABLE + FLAG_STATES ** 3
    out = {"flags": sorted(flags), "triples": sorted(triples)}
    out["held_mine"] = [int(v) for v in vector[base:base + 5]].index(1)
    out["held_theirs"] = [int(v) for v in vector[base + 5:base + 10]].index(1)
    for k, name in enumerate(GLOBALS[2:]):
        out[name] = float(vector[base + 10 + k])
    return out


def same(kernel_vector, game, me: int) -> bool:
    """Whether a kernel feature vector says what the reference reads off ``game``."""
    ref = reference_features(game, me)
    ref["triples"] = sorted(ref["triples"])
    got = decode(kernel_vector)
    return got.keys() == ref.keys() and all(
        abs(got[k] - ref[k]) < 1e-9 if isinstance(ref[k], float) else got[k] == ref[k] for k in ref)
