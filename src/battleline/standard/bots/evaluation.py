"""A card-counting evaluation shared by ``medium`` and ``hard``.

Each side of each flag becomes a short list of *levels*: formations it could
still complete, each with its strength and the chance of completing it. The
chance counts exactly which cards complete it: a card in the side's own hand
is sure, an unseen card arrives with probability ``q`` (the side's share of
the draws still to come), and a card already on the table or discarded never
does. A Wedge needs its particular cards; a Phalanx any cards of its value
(binomial on the unseen ones of that value); a Battalion any of its colour; a
Skirmish Line one card of each value. Two sides' level lists give the chance
of winning the flag; the flags give a position value that counts three
adjacent flags (Breakthrough) for either side, so a flag next to flags already
held matters more.

>>> from battleline import Game
>>> g = Game(seed=1)
>>> v = evaluate(g, g.to_move)
>>> -10 < v < 10
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from math import comb
from operator import mul

from ...cards import mask_indices as _bits
from ..formations import side_strength, split_fixed
from ..game import FLAGS, Game

__all__ = ["evaluate", "flag_chances", "side_levels", "win_chance"]

LOW10 = (1 << 10) - 1
COLOR_MASK = [LOW10 << (10 * c) for c in range(6)]
VALUE_MASK = [0] + [sum(1 << (10 * c + v - 1) for c in range(6)) for v in range(1, 11)]
WILD_VALUES = {60: LOW10, 61: LOW10, 62: 1 << 7, 63: 0b111}
WILD_MAX = {60: 10, 61: 10, 62: 8, 63: 3}
WEDGE, PHALANX, BATTALION, SKIRMISH, HOST = 400, 300, 200, 100, 0
TIE_SCALE = 2.5        # total difference that makes two formations of one kind ~70% / 30%
BREAKTHROUGH = 2.0     # weight of three adjacent flags, for either side
MIN_CHANCE = 0.01
HAND_CHANCE = 0.3      # chance a card in hand goes to a given flag that wants it


def _popcount(x: int) -> int:
    return x.bit_count()


def _at_least(k: int, n: int, q: float) -> float:
    """P(at least k successes in n trials of probability q)."""
    if k <= 0:
        return 1.0
    if k > n or q <= 0.0:
        return 0.0
    if q >= 1.0:
        return 1.0
    return sum(comb(n, i) * q ** i * (1 - q) ** (n - i) for i in range(k, n + 1))


_CACHE: dict = {}
# Small enough to clear in a few milliseconds (a 200,000-entry cache took 0.3 s of wall time to
# clear on a busy machine), large enough for the worlds of one move.
CACHE_SIZE = 30_000


def side_levels(fixed, need: int, fog: bool, sure: int, maybe: int, q: float, ph: float = 1.0) -> list:
    """The formations a side could still complete: ``((strength, chance), ...)``,
    strongest first, each one likelier than every stronger one (dominated levels dropped).

    ``fixed`` are the side's cards; ``sure`` the troops it holds (mask), each played here
    with probability ``ph`` (a hand card can go to one flag only, but it counts at every
    flag); ``maybe`` the troops it might draw, each with probability ``q``.

    >>> from battleline.cards import Card
    >>> side_levels([Card("R8"), Card("R9")], 3, False, 1 << Card("R10"), 0, 0.5)[0]
    (427, 1.0)
    >>> side_levels([Card("R8"), Card("R9")], 3, False, 1 << Card("R10"), 0, 0.5, 0.6)[0]
    (427, 0.6)
    """
    key = (tuple(fixed), need, fog, sure, maybe, q, ph)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    res = _levels(fixed, need, fog, sure, maybe, q, ph)
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = res
    return res


def _levels(fixed, need, fog, sure, maybe, q, ph):
    missing = need - len(fixed)
    if missing <= 0:
        return ((side_strength(fixed, need, fog), 1.0),)
    tmask, tsum, wilds = split_fixed(fixed)
    nt = len(fixed) - len(wilds)
    pool = sure | maybe
    if _popcount(pool) < missing:
        return ()
    host = _host_total(tsum + sum(WILD_MAX[w] for w in wilds), missing, sure, maybe)
    if fog:
        return ((host, 1.0),)
    levels = []
    n = need
    tvals = _fold(tmask)
    one_colour = nt == 0 or tmask & ~COLOR_MASK[(tmask.bit_length() - 1) // 10] == 0
    distinct = _popcount(tvals) == nt
    card_p, value_p, value_n, colour_n = _pool(sure, maybe, q, ph)
    # Wedge and Skirmish Line: runs that can hold the troops already there.
    if distinct:
        vmax = tvals.bit_length()
        vmin = (tvals & -tvals).bit_length() if tvals else 11
        lo = max(1, vmax - n + 1) if nt else 1
        hi = min(vmin, 11 - n) if nt else 11 - n
        colours = ([(tmask.bit_length() - 1) // 10] if nt else range(6)) if one_colour else ()
        for s in range(hi, lo - 1, -1):
            run_vals = ((1 << n) - 1) << (s - 1)
            total = n * s + n * (n - 1) // 2
            places = _values(run_vals & ~tvals)  # values still to fill
            for col in colours:
                p = _run_chance(places, wilds, card_p, 10 * col - 1)
                if p >= MIN_CHANCE:
                    levels.append((WEDGE + total, p))
            p = _run_chance(places, wilds, value_p, 0)
            if p >= MIN_CHANCE:
                levels.append((SKIRMISH + total, p))
    # Phalanx: every card of one value.
    if nt == 0 or _popcount(tvals) == 1:
        values = [tvals.bit_length()] if nt else range(10, 0, -1)
        for v in values:
            if wilds and any(not WILD_VALUES[w] >> (v - 1) & 1 for w in wilds):
                continue
            h, u = value_n[v]
            p = _at_least2(missing, h, ph, u, q)
            if p >= MIN_CHANCE:
                levels.append((PHALANX + n * v, p))
    # Battalion Order: every card of one colour.
    if one_colour:
        base = tsum + sum(WILD_MAX[w] for w in wilds)
        colours = [(tmask.bit_length() - 1) // 10] if nt else range(6)
        for col in colours:
            h, u = colour_n[col]
            p = _at_least2(missing, h, ph, u, q)
            if p >= MIN_CHANCE:
                m = COLOR_MASK[col]
                levels.append((BATTALION + _host_total(base, missing, sure & m, maybe & m), p))
    levels.append((HOST + host, 1.0))
    levels.sort(key=lambda t: -t[0])
    out = []
    best_p = 0.0
    for s, p in levels:
        if p > best_p + 1e-9:
            out.append((s, p))
            best_p = p
            if p >= 1.0:
                break
    return tuple(out)  # tuples of numbers: the garbage collector stops tracking them


def _fold(mask: int) -> int:
    return (mask | mask >> 10 | mask >> 20 | mask >> 30 | mask >> 40 | mask >> 50) & LOW10


_POOLS: dict = {}


def _pool(sure: int, maybe: int, q: float, ph: float):
    """Per-card and per-value chances, and the counts per value and colour, of one pool."""
    key = (sure, maybe, q, ph)
    hit = _POOLS.get(key)
    if hit is not None:
        return hit
    card_p = [ph if sure >> c & 1 else q if maybe >> c & 1 else 0.0 for c in range(60)]
    value_p = [0.0] * 11
    value_n = [(0, 0)] * 11
    for v in range(1, 11):
        h = (sure & VALUE_MASK[v]).bit_count()
        u = (maybe & VALUE_MASK[v]).bit_count()
        value_n[v] = (h, u)
        value_p[v] = 1.0 - (1.0 - ph) ** h * (1.0 - q) ** u if h or u else 0.0
    colour_n = [((sure & m).bit_count(), (maybe & m).bit_count()) for m in COLOR_MASK]
    res = (tuple(card_p), tuple(value_p), tuple(value_n), tuple(colour_n))
    if len(_POOLS) > CACHE_SIZE // 10:
        _POOLS.clear()
    _POOLS[key] = res
    return res


def _values(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


@lru_cache(maxsize=65536)
def _at_least2(k: int, nh: int, ph: float, nu: int, q: float) -> float:
    """P(X + Y >= k) for X ~ Bin(nh, ph) and Y ~ Bin(nu, q)."""
    if k <= 0:
        return 1.0
    if ph >= 1.0:
        return _at_least(k - nh, nu, q)
    total = 0.0
    for x in range(0, min(nh, k) + 1):
        px = comb(nh, x) * ph ** x * (1 - ph) ** (nh - x)
        if x >= k:
            px = _at_least(k, nh, ph)
            total += px
            break
        total += px * _at_least(k - x, nu, q)
    return total


def _run_chance(places: list, wilds: list, table: list, offset: int) -> float:
    """Chance of filling the values ``places``: ``table[offset + v]`` is the chance of a
    card for value v. Wild cards take the hardest places they may."""
    if not wilds:
        p = 1.0
        for v in places:
            p *= table[offset + v]
        return p
    vals = sorted((table[offset + v], v) for v in places)
    for w in wilds:
        allowed = WILD_VALUES[w]
        for i, (_, v) in enumerate(vals):
            if allowed >> (v - 1) & 1:
                del vals[i]
                break
        else:
            return 0.0
    p = 1.0
    for c, _ in vals:
        p *= c
    return p


@lru_cache(maxsize=65536)
def _host_total(base: int, missing: int, sure: int, maybe: int) -> int:
    """Expected total: the best sure cards first, then the mean of the maybe ones."""
    total = base
    left = missing
    v = 10
    while left and v >= 1:
        k = _popcount(sure & VALUE_MASK[v])
        take = min(k, left)
        total += take * v
        left -= take
        v -= 1
    if left:
        vals = [c % 10 + 1 for c in _bits(maybe)]
        if vals:
            vals.sort(reverse=True)
            top = vals[: max(left, len(vals) // 2)]
            total += round(left * sum(top) / len(top))
    return total


def _beats(mine, theirs) -> float:
    """Chance that a side with levels ``mine`` ends stronger than one with ``theirs``."""
    if not mine:
        return 0.0 if theirs else 0.5
    # Distribution of the strongest level completed (levels independent).
    def dist(levels):
        out, rest = [], 1.0
        for s, p in levels:
            out.append((s, rest * p))
            rest *= 1.0 - p
        return out, rest
    dm, none_m = dist(mine)
    dt, none_t = dist(theirs) if theirs else ([], 1.0)
    win = 0.0
    for s, pm in dm:
        acc = none_t
        for t, pt in dt:
            if s // 100 != t // 100:
                if s > t:
                    acc += pt
            else:
                acc += pt / (1.0 + math.exp(-(s - t) / TIE_SCALE))
        win += pm * acc
    return win + none_m * none_t * 0.5


def _troops(cards) -> int:
    mask = 0
    for c in cards:
        if c < 60:
            mask |= 1 << c
    return mask


def flag_chances(g: Game, me: int, see_their_hand: bool = False,
                 hand_chance: float = HAND_CHANCE) -> list[float]:
    """Chance that ``me`` wins each flag (index 1-9); 1.0 / 0.0 for claimed flags.

    Without ``see_their_hand`` the opponent's hand is unknown: every unseen troop may
    be in it. With it (in a sampled world) the opponent's hand is that world's.
    ``hand_chance`` is the chance a card in hand goes to a given flag that wants it.
    """
    mine_hand = _troops(g.hand(me))
    their_hand = _troops(g.hand(1 - me)) if see_their_hand else 0
    unseen = g.unseen_troops() & ~mine_hand & ~their_hand
    n_unseen = _popcount(unseen) or 1
    deck = len(g.deck("troop")) if see_their_hand else None
    if deck is None:
        # Unseen cards are the troop deck and the opponent's troops.
        deck = max(0, n_unseen - (len(g.hand(1 - me)) - sum(1 for c in g.hand(1 - me) if c >= 60)))
    my_draws = (deck + 1) // 2
    their_draws = deck // 2
    q_me = min(1.0, my_draws / n_unseen)
    if see_their_hand:
        q_them = min(1.0, their_draws / n_unseen)
    else:
        their_troops = n_unseen - deck
        q_them = min(1.0, (their_draws + their_troops) / n_unseen)
    out = [0.0] * 10
    for f in FLAGS:
        owner = g.claimed_by(f)
        if owner is not None:
            out[f] = 1.0 if owner == me else 0.0
            continue
        need = g.required(f)
        fog = g.fog_at(f)
        mine = g.cards_at(f, me)
        theirs = g.cards_at(f, 1 - me)
        if len(mine) >= need and len(theirs) >= need:
            a, b = side_strength(mine, need, fog), side_strength(theirs, need, fog)
            out[f] = 1.0 if a > b else 0.0 if a < b else (0.0 if g.completed_later(f, me) else 1.0)
            continue
        lm = side_levels(mine, need, fog, mine_hand, unseen, q_me, hand_chance)
        lt = side_levels(theirs, need, fog, their_hand, unseen, q_them, hand_chance)
        out[f] = _beats(lm, lt)
    return out


def evaluate(g: Game, me: int, see_their_hand: bool = False, hand_chance: float = HAND_CHANCE) -> float:
    """Expected flags plus the Breakthrough chances (ours minus theirs); +-100 when over.
    ``see_their_hand`` and ``hand_chance`` as for :func:`flag_chances`."""
    o = g.outcome()
    if o is not None:
        return 100.0 if o.winner == me else (-100.0 if o.winner is not None else 0.0)
    p = flag_chances(g, me, see_their_hand, hand_chance)
    total = sum(p[1:])
    ours = theirs = 0.0
    for f in range(1, 8):
        a, b, c = p[f], p[f + 1], p[f + 2]
        ours += a * b * c
        theirs += (1 - a) * (1 - b) * (1 - c)
    return total + BREAKTHROUGH * (ours - theirs)


def _decides(mask: int) -> float:
    """Our share of a game whose flags 1-9 went as ``mask`` says (bit f-1: ours): three
    adjacent flags win (both sides with three: a toss-up), otherwise five flags."""
    ours = [bool(mask >> i & 1) for i in range(9)]
    run_ours = any(all(ours[i:i + 3]) for i in range(7))
    run_theirs = any(not any(ours[i:i + 3]) for i in range(7))
    if run_ours or run_theirs:
        return 0.5 if run_ours and run_theirs else float(run_ours)
    return float(sum(ours) >= 5)


# Outcome of every split of the flags: rows are flags 1-4, columns flags 5-9.
_DECIDES = [[_decides(low | high << 4) for high in range(32)] for low in range(16)]


def _spread(chances) -> list[float]:
    """The chance of every win/loss pattern of independent flags (bit i: flag i won)."""
    out = [1.0]
    for a in chances:
        b = 1.0 - a
        out = [x * b for x in out] + [x * a for x in out]
    return out


def win_chance(p) -> float:
    """Our chance of winning the game if each flag ``f`` is ours with chance ``p[f]``
    (``p`` as :func:`flag_chances` gives it), the flags independent: three adjacent flags
    or five in all. Unlike the expected number of flags it knows that the fifth flag, or
    the third in a row, decides the game.

    >>> win_chance([0] + [0.5] * 9)
    0.5
    >>> win_chance([0, 1, 1, 0.5, 0, 1, 0, 1, 0, 0])  # flag 3: our Breakthrough or their fifth
    0.5
    """
    low = _spread(p[1:5])
    high = _spread(p[5:10])
    return sum(a * sum(map(mul, high, row)) for a, row in zip(low, _DECIDES) if a)
