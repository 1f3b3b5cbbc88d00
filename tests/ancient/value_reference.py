"""A plain reference for Ancient Battles' learned value's features
(battleline.ancient.kernel.value), read off an :class:`~battleline.ancient.AncientGame`'s
public state: it shares no code with the kernel, so the kernel's features are held to it on
random positions."""

from __future__ import annotations

from battleline.ancient.troops import HOLDS_GROUND

ROWS, TYPES = 4, 10
SCALARS = ("shaken_mine", "shaken_theirs", "near_mine", "near_theirs", "exposed_mine", "exposed_theirs",
           "rally_mine", "rally_theirs", "reserve_mine", "reserve_theirs", "hand_mine", "hand_theirs",
           "deck", "my_move", "draw_clock", "bias")


def ahead(st, side: int, sq: int) -> int:
    """The square in front of ``sq`` for ``side`` (south, 1, looks toward row 4), or -1."""
    w = st.width
    target = sq + w if side == 1 else sq - w
    return target if 0 <= target < ROWS * w else -1


def owner_at(st, sq: int) -> int:
    c = st.cells[sq] if sq >= 0 else -1
    return -1 if c < 0 else st.owner[c]


def back_row(st, side: int) -> range:
    """The squares of ``side``'s own Back Row (south's is the first row)."""
    w = st.width
    return range(0, w) if side == 1 else range(3 * w, 4 * w)


def side_figures(st, q: int) -> dict:
    brk = max(1.0, st.army_points(q) / 2)
    lost = sum(st.cost(c) for c in st.eliminated[q])
    enemy_back = back_row(st, 1 - q)
    held = near = 0
    shaken = 0.0
    for sq, c in enumerate(st.cells):
        if c < 0 or st.owner[c] != q:
            continue
        for card in st.unit_cards(sq):
            if st.disrupted[card]:
                shaken += 0.5 * st.cost(card)
        if st.disrupted[c] or not HOLDS_GROUND[c % 10 + 1]:
            continue
        f = ahead(st, q, sq)
        if sq in enemy_back:
            held += 1
        elif f >= 0 and f in enemy_back and st.cells[f] < 0:
            near += 1
    need = st.width // 2 + 1
    leader = st.leader_of[q]
    exposed = 0.0
    if leader >= 0 and st.where[leader] >= 0:
        f = ahead(st, q, st.where[leader])
        if f >= 0 and owner_at(st, f) == 1 - q:
            exposed = 1.0
        elif f >= 0 and st.cells[f] < 0 and owner_at(st, ahead(st, q, f)) == 1 - q:
            exposed = 0.5
    alive = st.leader_card[q] >= 0 and leader >= 0 and st.where[leader] >= 0
    return {"loss": min(4, int(lost / brk * 5)), "short": min(4, max(0, need - held)),
            "shaken": shaken / brk, "near": near / need, "exposed": exposed,
            "rally": 1.0 if alive and not st.leader_rallied[q] else 0.0,
            "reserve": len(st.reserve[q]) / 10, "hand": len(st.hands[q]) / 4}


def reference_features(game, me: int) -> dict:
    """The features as a dict: 'units' (side 0 mine/1 theirs, row from me's Back Row, value,
    disrupted per troop card on the field, sorted), 'engaged' (side, value, disrupted per
    unit facing an enemy, sorted), 'loss' and 'short' (mine, theirs) and the scalars by name."""
    st = game.state
    units, engaged = [], []
    for sq, c in enumerate(st.cells):
        if c < 0:
            continue
        q = st.owner[c]
        side = 0 if q == me else 1
        row = sq // st.width if me == 1 else 3 - sq // st.width
        for card in st.unit_cards(sq):
            units.append((side, row, card % 10 + 1, bool(st.disrupted[card])))
        if owner_at(st, ahead(st, q, sq)) == 1 - q:
            engaged.append((side, c % 10 + 1, bool(st.disrupted[c])))
    mine, theirs = side_figures(st, me), side_figures(st, 1 - me)
    out = {"units": sorted(units), "engaged": sorted(engaged), "loss": (mine["loss"], theirs["loss"]),
           "short": (mine["short"], theirs["short"])}
    for name in ("shaken", "near", "exposed", "rally", "reserve", "hand"):
        out[name + "_mine"], out[name + "_theirs"] = mine[name], theirs[name]
    out["deck"] = len(st.deck) / 10
    out["my_move"] = 1.0 if st.to_act == me else 0.0
    out["draw_clock"] = st.quiet_turns / st.draw_after if st.draw_after else 0.0
    out["bias"] = 1.0
    return out


def decode(vector) -> dict:
    """A dense kernel feature vector in the reference's form (the value module's layout:
    the units table, the engaged table, two one-hots of five for losses and for the Back
    Row, then the scalars)."""
    units, engaged, k = [], [], 0
    for side in range(2):
        for row in range(ROWS):
            for value in range(1, TYPES + 1):
                for dis in (False, True):
                    units += [(side, row, value, dis)] * int(round(vector[k]))
                    k += 1
    for side in range(2):
        for value in range(1, TYPES + 1):
            for dis in (False, True):
                engaged += [(side, value, dis)] * int(round(vector[k]))
                k += 1
    hot = [list(vector[k + 5 * i:k + 5 * i + 5]).index(1.0) for i in range(4)]
    k += 20
    out = {"units": sorted(units), "engaged": sorted(engaged), "loss": (hot[0], hot[1]), "short": (hot[2], hot[3])}
    for name in SCALARS:
        out[name] = float(vector[k])
        k += 1
    assert k == len(vector), (k, len(vector))
    return out


def differences(kernel_vector, game, me: int) -> dict:
    """What a kernel feature vector says unlike the reference (empty when they agree)."""
    ref, got = reference_features(game, me), decode(kernel_vector)
    return {k: (got.get(k), ref[k]) for k in ref
            if (abs(got.get(k, -9) - ref[k]) > 1e-9 if isinstance(ref[k], float) else got.get(k) != ref[k])}
