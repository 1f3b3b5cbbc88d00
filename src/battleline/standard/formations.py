"""Formations: what a side of a flag makes, wild cards resolved at their best.

The five formations, highest first: Wedge, Phalanx, Battalion Order, Skirmish
Line, Host. Under Fog only the total counts; under Mud a formation has four
cards. A formation's *strength* is one integer, ``rank * 100 + total``
(under Fog just the total), so that comparing strengths compares formations.

The same search answers two questions: the best formation a complete side
makes (:func:`evaluate`), and the best formation a side could still reach by
adding troops from a set of available cards (used by :mod:`battleline.standard.claims`).
It works category by category from the top, on card sets as bit masks.

>>> evaluate(["R4", "R5", "R3"]).kind
'wedge'
>>> evaluate(["R4", "R5", "R3"]) > evaluate(["Y8", "R8", "G8"])
True
>>> f = evaluate(["B8", "Alexander", "B9"])
>>> f.kind, f.total, str(f.identities[Card("Alexander")])
('wedge', 27, 'B10')
"""

from __future__ import annotations

from functools import total_ordering
from typing import Iterable, Sequence

from ..cards import ALL_CARDS, Card, CardLike
from ..cards import mask_indices as _bits

__all__ = ["Formation", "evaluate", "KINDS", "KIND_NAMES", "SIDE_SIZE", "MUD_SIDE_SIZE", "CARDS_NEEDED",
           "cards_needed", "side_formation"]

# What a flag needs: a formation is three cards, four under Mud. The one home of this rule.
SIDE_SIZE = 3
MUD_SIDE_SIZE = 4
CARDS_NEEDED = (SIDE_SIZE, MUD_SIDE_SIZE)  # indexed by "Mud is at the flag" (the hot paths)


def cards_needed(mud: bool) -> int:
    """Cards a side needs at a flag: three, four under Mud.

    >>> cards_needed(False), cards_needed(True)
    (3, 4)
    """
    return CARDS_NEEDED[bool(mud)]


KINDS = ("host", "skirmish", "battalion", "phalanx", "wedge")
KIND_NAMES = {
    "wedge": "Wedge",
    "phalanx": "Phalanx",
    "battalion": "Battalion Order",
    "skirmish": "Skirmish Line",
    "host": "Host",
    "total": "Total",
}
WEDGE, PHALANX, BATTALION, SKIRMISH, HOST = 4, 3, 2, 1, 0
FOG_KIND = -1  # marks a Fog result ("total")

LEADERS = (60, 61)
COMPANION, SHIELD = 62, 63
# Values a wild card may take, as a 10-bit mask (bit v-1 = value v), and its best value.
WILD_VALUES = {60: 0x3FF, 61: 0x3FF, 62: 1 << 7, 63: 0b111}
WILD_MAX = {60: 10, 61: 10, 62: 8, 63: 3}

COLOR_MASK = [((1 << 10) - 1) << (10 * c) for c in range(6)]
VALUE_MASK = [0] + [sum(1 << (10 * c + v - 1) for c in range(6)) for v in range(1, 11)]
LOW10 = (1 << 10) - 1

# RUN[n][c][s]: the n troops of colour c with values s .. s+n-1.
RUN = {n: [[sum(1 << (10 * c + v - 1) for v in range(s, s + n)) if 1 <= s and s + n - 1 <= 10 else 0
            for s in range(11)] for c in range(6)] for n in (3, 4)}
# STARTS[n][s]: bit (10c + t - 1) for every colour c and run start t >= s that fits.
STARTS = {n: [sum(1 << (10 * c + t - 1) for c in range(6) for t in range(max(s, 1), 12 - n))
              for s in range(12)] for n in (3, 4)}
VSTARTS = {n: [sum(1 << (t - 1) for t in range(max(s, 1), 12 - n)) for s in range(12)] for n in (3, 4)}


def _top_table(k: int) -> list[int]:
    """TOP[k][seg]: sum of the k highest values in a 10-bit value set, -1 if too few."""
    out = []
    for seg in range(1024):
        vals = [v for v in range(10, 0, -1) if seg >> (v - 1) & 1]
        out.append(sum(vals[:k]) if len(vals) >= k else -1)
    return out


TOPSUM = [_top_table(k) for k in range(5)]
RUN_TOTAL = {n: [n * s + n * (n - 1) // 2 for s in range(11)] for n in (3, 4)}


def _fold(mask: int) -> int:
    """The 10-bit set of values present in a troop mask, any colour."""
    return (mask | mask >> 10 | mask >> 20 | mask >> 30 | mask >> 40 | mask >> 50) & LOW10


def _assign(wilds: Sequence[int], free: int, must: int) -> list[int] | None:
    """Give each wild card a distinct value from ``free`` (10-bit set) so that every
    value in ``must`` is taken. Returns the values in the order of ``wilds``."""
    if not wilds:
        return [] if not must else None
    if (must & (must - 1)) and len(wilds) < 2:
        return None
    allowed = WILD_VALUES[wilds[0]] & free
    rest = wilds[1:]
    # Try the values that must be covered first.
    cand = allowed & must
    order = []
    while cand:
        low = cand & -cand
        order.append(low)
        cand ^= low
    other = allowed & ~must
    while other:
        low = other & -other
        order.append(low)
        other ^= low
    for bit in order:
        sub = _assign(rest, free & ~bit, must & ~bit)
        if sub is not None:
            return [bit.bit_length()] + sub
    return None


def _top_cards(avail: int, n: int) -> list[int]:
    """The n highest-valued troops of a mask (ties: lowest colour first)."""
    out: list[int] = []
    v = 10
    while len(out) < n and v >= 1:
        for b in _bits(avail & VALUE_MASK[v]):
            out.append(b)
            if len(out) == n:
                break
        v -= 1
    return out


def _unused_of_value(used: int, v: int) -> int:
    """A troop of value v not already in ``used`` (any colour if all are)."""
    pool = VALUE_MASK[v] & ~used
    return (pool & -pool).bit_length() - 1 if pool else v - 1


def _free_color(used: int) -> int:
    """A colour for a wild card whose colour does not matter."""
    for c in range(6):
        if not used & COLOR_MASK[c]:
            return c
    return 0


def split_fixed(fixed: Sequence[int]) -> tuple[int, int, list[int]]:
    """A side's cards as the searches take them: the troops as a mask, their values' sum,
    and the wild cards.

    >>> split_fixed([0, 1, 60])          # Red 1, Red 2 and Alexander
    (3, 3, [60])
    """
    tmask = 0
    tsum = 0
    wilds = []
    for c in fixed:
        if c < 60:
            tmask |= 1 << c
            tsum += c % 10 + 1
        else:
            wilds.append(c)
    return tmask, tsum, wilds


def best(fixed: Sequence[int], avail: int, need: int, fog: bool, floor: int = -1):
    """Best formation of ``fixed`` cards plus ``need`` troops taken from ``avail``.

    ``fixed`` holds troops and wild cards (card numbers); ``avail`` is a troop
    mask disjoint from ``fixed``. Returns ``None`` when no completion is
    stronger than ``floor``; otherwise ``(strength, kind, added, wild_ids)``
    where ``added`` are the troops taken and ``wild_ids`` the troop identity
    (card number) chosen for each wild card, in the order of ``fixed``.

    The formations are tried from the top, one helper each; the first that
    beats ``floor`` is the best, and none below the floor's own kind can.
    """
    n = len(fixed) + need
    tmask, tsum, wilds = split_fixed(fixed)
    nt = len(fixed) - len(wilds)
    if avail.bit_count() < need:
        return None
    if fog:
        return _by_total(tmask, tsum, wilds, avail, need, floor, FOG_KIND)

    floor_rank, floor_total = divmod(floor, 100) if floor >= 0 else (-1, -1)
    if floor_rank <= WEDGE:
        found = _wedge(tmask, nt, wilds, avail, n, floor_total if floor_rank == WEDGE else -1)
        if found is not None or floor_rank == WEDGE:
            return found
    if floor_rank <= PHALANX:
        found = _phalanx(tmask, nt, wilds, avail, n, need, floor_total if floor_rank == PHALANX else -1)
        if found is not None or floor_rank == PHALANX:
            return found
    if floor_rank <= BATTALION:
        found = _battalion(tmask, nt, tsum, wilds, avail, need,
                           floor_total if floor_rank == BATTALION else -1)
        if found is not None or floor_rank == BATTALION:
            return found
    if floor_rank <= SKIRMISH:
        found = _skirmish(tmask, nt, wilds, avail, n, floor_total if floor_rank == SKIRMISH else -1)
        if found is not None or floor_rank == SKIRMISH:
            return found
    return _by_total(tmask, tsum, wilds, avail, need, floor_total if floor_rank == HOST else -1, HOST)


def _by_total(tmask: int, tsum: int, wilds: list, avail: int, need: int, lim: int, kind: int):
    """A Host, or a side under Fog (``kind``): the highest total, if it beats ``lim``."""
    wsum = 0
    for w in wilds:
        wsum += WILD_MAX[w]
    added = _top_cards(avail, need)
    total = tsum + wsum + sum(c % 10 + 1 for c in added)
    if total <= lim:
        return None
    c = _free_color(tmask)
    return total, kind, added, [10 * c + WILD_MAX[w] - 1 for w in wilds]


def _phalanx(tmask: int, nt: int, wilds: list, avail: int, n: int, need: int, lim: int):
    """Phalanx: n cards of one value, the highest value whose total beats ``lim``."""
    if nt:
        vals = _fold(tmask)
        cands = [vals.bit_length()] if vals & (vals - 1) == 0 else []
    else:
        cands = range(10, 0, -1)
    for v in cands:
        if n * v <= lim:
            break
        ok = True
        for w in wilds:
            if not WILD_VALUES[w] >> (v - 1) & 1:
                ok = False
                break
        if not ok:
            continue
        pool = avail & VALUE_MASK[v]
        if pool.bit_count() >= need:
            added = _bits(pool)[:need]
            used = tmask | sum(1 << a for a in added)
            ids = []
            for w in wilds:
                c = _free_color(used)
                used |= 1 << (10 * c + v - 1)
                ids.append(10 * c + v - 1)
            return PHALANX * 100 + n * v, PHALANX, added, ids
    return None


def _battalion(tmask: int, nt: int, tsum: int, wilds: list, avail: int, need: int, lim: int):
    """Battalion Order: n cards of one colour, the highest total that beats ``lim``."""
    wsum = 0
    for w in wilds:
        wsum += WILD_MAX[w]
    base = tsum + wsum
    if nt:
        c0 = (tmask.bit_length() - 1) // 10
        colors = [c0] if tmask & ~COLOR_MASK[c0] == 0 else []
    else:
        colors = range(6)
    top = TOPSUM[need]
    best_total, best_c = -1, -1
    for c in colors:
        t = top[(avail >> (10 * c)) & LOW10]
        if t >= 0 and base + t > best_total:
            best_total, best_c = base + t, c
    if best_c < 0 or best_total <= lim:
        return None
    added = _top_cards(avail & COLOR_MASK[best_c], need)
    ids = [10 * best_c + WILD_MAX[w] - 1 for w in wilds]
    return BATTALION * 100 + best_total, BATTALION, added, ids


def host_witness(fixed: Sequence[int], avail: int, need: int, floor: int) -> list[int] | None:
    """A quick refutation: the ``need`` highest troops of ``avail`` when ``fixed`` plus them,
    read as a Host (wild cards at their highest), already beat the strength ``floor``;
    None otherwise. Every formation is at least as strong as its total, so these cards
    beat ``floor`` whatever they make; :func:`best` finds the best completion instead.

    >>> rest = ((1 << 60) - 1) & ~(1 << 9 | 1 << 19)        # every troop but R10 and O10
    >>> host_witness([9, 19], rest, 1, 26)     # R10 O10 + Y10 = 30 beats a Host of 26
    [29]
    >>> host_witness([9, 19], rest, 1, 130) is None     # a Host never beats a Skirmish Line
    True
    """
    if floor >= 100 or avail.bit_count() < need:
        return None
    total = 0
    for c in fixed:
        total += c % 10 + 1 if c < 60 else WILD_MAX[c]
    added = []
    v = 10
    while need:     # the highest values first, lowest colour first (as _top_cards)
        pool = avail & VALUE_MASK[v]
        while pool and need:
            low = pool & -pool
            added.append(low.bit_length() - 1)
            total += v
            pool ^= low
            need -= 1
        v -= 1
    return added if total > floor else None


def _lowest_start(n: int, lim: int) -> int:
    """The lowest first value of a run of n whose total beats ``lim`` (12 - n: none)."""
    totals = RUN_TOTAL[n]
    s = 1
    while s <= 11 - n and totals[s] <= lim:
        s += 1
    return s


def _wedge(tmask: int, nt: int, wilds: list, avail: int, n: int, lim: int):
    totals = RUN_TOTAL[n]
    smin = _lowest_start(n, lim)
    if smin > 11 - n:
        return None
    if not nt and not wilds:
        a = avail
        x = a & a >> 1 & a >> 2
        if n == 4:
            x &= a >> 3
        x &= STARTS[n][smin]
        if not x:
            return None
        s = _fold(x).bit_length()
        for c in range(6):
            if x >> (10 * c + s - 1) & 1:
                break
        return WEDGE * 100 + totals[s], WEDGE, _bits(RUN[n][c][s]), []
    if not nt and len(wilds) == 1 and wilds[0] in LEADERS:
        a = avail
        b, c2, d = a >> 1, a >> 2, a >> 3
        if n == 3:
            x = (a & b) | (a & c2) | (b & c2)
        else:
            x = (a & b & (c2 | d)) | (c2 & d & (a | b))
        x &= STARTS[n][smin]
        if not x:
            return None
        s = _fold(x).bit_length()
        for col in range(6):
            if x >> (10 * col + s - 1) & 1:
                break
        run = RUN[n][col][s]
        missing = run & ~avail
        leader_card = (missing.bit_length() - 1) if missing else (run.bit_length() - 1)
        added = _bits(run & ~(1 << leader_card))
        return WEDGE * 100 + totals[s], WEDGE, added, [leader_card]
    # General case: enumerate the runs that can hold the fixed troops.
    if nt:
        c0 = (tmask.bit_length() - 1) // 10
        if tmask & ~COLOR_MASK[c0]:
            return None
        vals = (tmask >> (10 * c0)) & LOW10
        vmax = vals.bit_length()
        vmin = (vals & -vals).bit_length()
        if vmax - vmin > n - 1:
            return None
        colors = (c0,)
        s_hi = min(vmin, 11 - n)
        s_lo = max(1, vmax - n + 1, smin)
    else:
        colors = range(6)
        s_hi, s_lo = 11 - n, smin
    runs = RUN[n]
    for s in range(s_hi, s_lo - 1, -1):
        for c in colors:
            run = runs[c][s]
            places = run & ~tmask
            missing = places & ~avail
            if not wilds:
                if missing:
                    continue
                return WEDGE * 100 + totals[s], WEDGE, _bits(places), []
            shift = 10 * c
            vals = _assign(wilds, (places >> shift) & LOW10, (missing >> shift) & LOW10)
            if vals is None:
                continue
            taken = 0
            for v in vals:
                taken |= 1 << (shift + v - 1)
            return WEDGE * 100 + totals[s], WEDGE, _bits(places & ~taken), [shift + v - 1 for v in vals]
    return None


def _skirmish(tmask: int, nt: int, wilds: list, avail: int, n: int, lim: int):
    totals = RUN_TOTAL[n]
    smin = _lowest_start(n, lim)
    if smin > 11 - n:
        return None
    present = _fold(avail)
    if nt:
        tvals = _fold(tmask)
        if tvals.bit_count() != nt:
            return None  # two troops of one value: never consecutive
        vmax = tvals.bit_length()
        vmin = (tvals & -tvals).bit_length()
        if vmax - vmin > n - 1:
            return None
        s_hi = min(vmin, 11 - n)
        s_lo = max(1, vmax - n + 1, smin)
    else:
        tvals = 0
        if not wilds:
            x = present & present >> 1 & present >> 2
            if n == 4:
                x &= present >> 3
            x &= VSTARTS[n][smin]
            if not x:
                return None
            s = x.bit_length()
            added = [((avail & VALUE_MASK[v]) & -(avail & VALUE_MASK[v])).bit_length() - 1
                     for v in range(s, s + n)]
            return SKIRMISH * 100 + totals[s], SKIRMISH, added, []
        s_hi, s_lo = 11 - n, smin
    for s in range(s_hi, s_lo - 1, -1):
        run = ((1 << n) - 1) << (s - 1)
        places = run & ~tvals
        missing = places & ~present
        vals = _assign(wilds, places, missing)
        if vals is None:
            continue
        used = tmask
        for v in vals:
            places &= ~(1 << (v - 1))
        added = []
        for b in _bits(places):
            pool = avail & VALUE_MASK[b + 1]
            card = (pool & -pool).bit_length() - 1
            added.append(card)
            used |= 1 << card
        ids = []
        for v in vals:
            ident = _unused_of_value(used, v)
            used |= 1 << ident
            ids.append(ident)
        return SKIRMISH * 100 + totals[s], SKIRMISH, added, ids
    return None


# --------------------------------------------------------------------------
# Complete sides
# --------------------------------------------------------------------------

_STRENGTH_CACHE: dict = {}


def _troops_strength(cards: Sequence[int], fog: bool):
    """What :func:`best` answers for a complete side of troops only (no cards to add),
    read straight from its values and colours."""
    total = 0
    values = 0
    colors = 0
    for c in cards:
        v = c % 10
        total += v + 1
        values |= 1 << v
        colors |= 1 << (c // 10)
    if fog:
        return total, FOG_KIND, [], []
    n = len(cards)
    one_color = colors & (colors - 1) == 0
    # Consecutive: n distinct values whose bits form one block.
    run = values.bit_count() == n and values == (values & -values) * ((1 << n) - 1)
    if run and one_color:
        return WEDGE * 100 + total, WEDGE, [], []
    if values & (values - 1) == 0:
        return PHALANX * 100 + total, PHALANX, [], []
    if one_color:
        return BATTALION * 100 + total, BATTALION, [], []
    if run:
        return SKIRMISH * 100 + total, SKIRMISH, [], []
    return total, HOST, [], []


def side_best(cards: Sequence[int], need: int, fog: bool):
    """Best reading of a complete side: ``need`` cards, or the best ``need`` of
    more (a side that kept four cards when Mud left). Returns the same tuple as
    :func:`best` plus the cards used, cached by the set of cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    key = (mask, need, fog)
    hit = _STRENGTH_CACHE.get(key)
    if hit is not None:
        return hit
    if len(cards) == need:
        res = (_troops_strength(cards, fog) if mask < 1 << 60 else best(cards, 0, 0, fog)) + (tuple(cards),)
    else:
        res = None
        for skip in range(len(cards)):
            sub = [c for i, c in enumerate(cards) if i != skip]
            r = best(sub, 0, 0, fog)
            if res is None or r[0] > res[0]:
                res = r + (tuple(sub),)
    if len(_STRENGTH_CACHE) > 500_000:
        _STRENGTH_CACHE.clear()
    _STRENGTH_CACHE[key] = res
    return res


def side_strength(cards: Sequence[int], need: int, fog: bool) -> int:
    """Strength of a complete side (see :func:`side_best`)."""
    return side_best(cards, need, fog)[0]


@total_ordering
class Formation:
    """A formation read from cards.

    ``kind`` is ``wedge``, ``phalanx``, ``battalion``, ``skirmish``, ``host``
    or, under Fog, ``total``; ``total`` is the sum of values; ``identities``
    maps each wild card to the troop it stands for. Formations compare by
    kind, then total.

    >>> evaluate("Y2 R2 G2") > evaluate("R7 G6 B5")
    True
    """

    __slots__ = ("strength", "kind", "total", "cards", "identities")

    def __init__(self, strength: int, kind: str, total: int, cards: tuple[Card, ...],
                 identities: dict[Card, Card]):
        self.strength = strength
        self.kind = kind
        self.total = total
        self.cards = cards
        self.identities = identities

    @classmethod
    def from_result(cls, res, cards: Sequence[int]) -> "Formation":
        """A Formation from a search result ``(strength, kind, added cards, identities, …)``
        over ``cards`` (the claim proofs build their formations this way)."""
        strength, kind, added, ids = res[:4]
        all_cards = tuple(ALL_CARDS[c] for c in cards) + tuple(ALL_CARDS[c] for c in added)
        wild_cards = [c for c in cards if c >= 60]
        identities = {ALL_CARDS[w]: ALL_CARDS[i] for w, i in zip(wild_cards, ids)}
        name = "total" if kind == FOG_KIND else KINDS[kind]
        total = strength if kind == FOG_KIND else strength % 100
        return cls(strength, name, total, all_cards, identities)

    @property
    def name(self) -> str:
        """The formation's name: ``Wedge``, ``Battalion Order`` ..."""
        return KIND_NAMES[self.kind]

    @property
    def values(self) -> list[int]:
        """The values of the cards, wild cards as resolved, highest first."""
        out = []
        for c in self.cards:
            ident = self.identities.get(c, c)
            out.append(ident.value)
        return sorted(out, reverse=True)

    def describe(self) -> str:
        """Plain words: ``Wedge 8-9-10 (total 27)``.

        >>> evaluate("R8 R9 R10").describe()
        'Wedge 8-9-10 (total 27)'
        """
        vals = "-".join(str(v) for v in sorted(self.values))
        if self.kind == "total":
            return f"total {self.total} ({vals})"
        return f"{self.name} {vals} (total {self.total})"

    def __eq__(self, other):
        if not isinstance(other, Formation):
            return NotImplemented
        return self.strength == other.strength

    def __lt__(self, other):
        if not isinstance(other, Formation):
            return NotImplemented
        return self.strength < other.strength

    def __hash__(self):
        return hash(self.strength)

    def __repr__(self):
        ids = "".join(f" {w}={i}" for w, i in self.identities.items())
        cards = " ".join(str(c) for c in self.cards)
        return f"<Formation {self.kind} total={self.total} [{cards}]{ids}>"


def _as_cards(cards: Iterable[CardLike] | str) -> list[Card]:
    if isinstance(cards, str):
        from ..cards import parse_cards
        return parse_cards(cards)
    return [Card(c) for c in cards]


def check_side(cards: Sequence[Card], what: str = "a side") -> None:
    """Reject cards that cannot stand together on one side of a flag."""
    seen = set()
    for c in cards:
        if not c.is_formation_card:
            raise ValueError(f"{c} cannot be part of a formation: only troops, Leaders, "
                             f"Companion Cavalry and Shield Bearers stand at a flag")
        if c in seen:
            raise ValueError(f"card {c} appears twice in {what}")
        seen.add(c)
    if sum(1 for c in cards if c.is_leader) > 1:
        raise ValueError(f"{what} cannot hold both Leaders: each player may play only one Leader")


def evaluate(cards: Iterable[CardLike] | str, *, fog: bool = False, mud: bool = False) -> Formation:
    """The best formation the given cards make, wild cards at their best.

    Three cards are needed, four under Mud. Under Fog the kind is ``total``.

    >>> evaluate("R4 R6 R3") > evaluate("B7 B1 B3")
    True
    >>> evaluate("Y7 B2 G1") == evaluate("Y3 B3 G4")
    True
    >>> evaluate("R1 R2 R3 R4", mud=True).kind
    'wedge'
    """
    cs = _as_cards(cards)
    need = cards_needed(mud)
    if len(cs) != need:
        why = " under Mud" if mud else ""
        raise ValueError(f"a formation needs exactly {need} cards{why}, got {len(cs)}")
    check_side(cs, "a formation")
    res = side_best([int(c) for c in cs], need, fog)
    # The cached result lists the cards in the order of its first computation.
    return Formation.from_result(res, res[4])


def side_formation(cards: Sequence[CardLike], need: int, fog: bool) -> Formation:
    """The formation a complete side makes: its best ``need`` cards (a side may keep four
    cards after Mud left its flag), read as a plain total under Fog.

    >>> side_formation(["R8", "R9", "R10"], 3, False).describe()
    'Wedge 8-9-10 (total 27)'
    """
    res = side_best([int(Card(c)) for c in cards], need, fog)
    return Formation.from_result(res, res[4])
