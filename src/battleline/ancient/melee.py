"""Melee in Ancient Battles: who may attack whom (frontal, and Advanced flank and combined
attacks), the numbers of a fight, Advanced withdrawal, and what a hit does (disruption,
elimination, an Elephant's rampage). Functions over the public state of a
:class:`~.rules.Rules` (``r``); every change is recorded through :mod:`.journal`.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
>>> s = g.state; melee_numbers(Rules(s), (s.cells[s.board.index("c2")],), s.cells[s.board.index("c3")])
(4, 2, False, 0, 0)
"""

from __future__ import annotations

from ..deprecation import moved_names
from .actions import Action
from .combat import half, melee_result
from .board import SOUTH
from .journal import relocate, write
from .tables import CHARIOTS, ELEPHANT, END
from .troops import CAVALRY, CAVALRY_PROOF, INFANTRY, LIGHT, MOUNTED, TROOP_TYPES

__all__ = ["flank_pairs", "frontal_attacks", "attack_groups", "attack_refusal", "melee_step", "may_attack",
           "melee_numbers", "can_withdraw", "resolve_melee", "hit", "eliminate", "rampage", "apply_attack",
           "apply_withdrawal_choice"]

# Before issue 41 the rules were put together from mixins; the mixin's name stands for Rules now.
__getattr__ = moved_names(__name__, {
    "Melee": ("battleline.ancient.rules", "Rules",
            "use Rules: it composes this module\'s functions (issue 41)")})

# ``r: "Rules"`` below is battleline.ancient.rules.Rules, named only: the rules import this
# module, so this module does not import them.

# Per number of candidates n: the positions in each non-empty subset, by bit mask 1 .. 2**n - 1.
_SUBSETS = [[tuple(k for k in range(n) if mask >> k & 1) for mask in range(1, 1 << n)] for n in range(9)]


def flank_pairs(r: "Rules", side: int) -> frozenset:
    """Who may flank-attack whom this player turn: (attacker, its square, target, its
    square) for each own single card with an enemy beside or behind and none in front.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, advanced="flank"); g.put("c2", "Hoplites", "south")
    >>> g.put("d2", "Peltasts", "north"); s = g.state; r = Rules(s); at = s.board.index
    >>> [(s.board.names[a], s.board.names[t]) for _, a, _, t in flank_pairs(r, s.to_act)]
    [('c2', 'd2')]
    """
    s, b = r.s, r.b
    enemy = s.side_squares[1 - side]
    fwd, back = b.forward[side], b.back[side]
    around = r.tables.flanks[side]     # per square: the mask of its side and back squares
    cells, stacked = s.cells, s.stacked
    pairs = []
    m = s.side_squares[side]
    while m:
        sq = (m & -m).bit_length() - 1
        m &= m - 1
        if not enemy & around[sq] or stacked[sq] >= 0:
            continue   # no enemy beside or behind; stacks never flank
        f = fwd[sq]
        if f >= 0 and enemy >> f & 1:
            continue
        for x in (b.left[sq], b.right[sq], back[sq]):
            if x >= 0 and enemy >> x & 1:
                pairs.append((cells[sq], sq, cells[x], x))
    return frozenset(pairs)


def frontal_attacks(r: "Rules", side: int, ignore_done: bool = False) -> list[tuple[int, int]]:
    """(attacker square, target square) of every frontal attack, by attacker square:
    an own undisrupted unit (that has not attacked, unless ``ignore_done``) with an
    enemy directly in front, cavalry never against the types proof against it.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> [(s.board.names[a], s.board.names[t]) for a, t in frontal_attacks(r, s.to_act)]
    [('c2', 'c3')]
    """
    return list(_frontal(r, side, ignore_done))


def _frontal(r: "Rules", side: int, ignore_done: bool):
    s = r.s
    w = r.b.width
    enemy = s.side_squares[1 - side]
    # only squares with an enemy directly in front can attack frontally
    if side == SOUTH:
        facing, step = s.side_squares[side] & (enemy >> w), w
    else:
        facing, step = s.side_squares[side] & (enemy << w), -w
    cells, dis, attacked = s.cells, s.disrupted, s.attacked
    while facing:
        sq = (facing & -facing).bit_length() - 1
        facing &= facing - 1
        c = cells[sq]
        if dis[c] or (not ignore_done and c in attacked):
            continue
        if CAVALRY[c % 10 + 1] and CAVALRY_PROOF[cells[sq + step] % 10 + 1]:
            continue
        yield sq, sq + step


def attack_groups(r: "Rules", side: int, ignore_done: bool = False,
                  flank_pairs=None) -> list[tuple[tuple[int, ...], int]]:
    """Every melee attack the side may make: (attacking primary cards, target card).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, advanced="flank"); g.put("c2", "Hoplites", "south")
    >>> g.put("d2", "Peltasts", "north"); s = g.state; r = Rules(s); at = s.board.index
    >>> pairs = flank_pairs(r, s.to_act)
    >>> [(len(group), s.board.names[s.where[t]]) for group, t in attack_groups(r, s.to_act, False, pairs)]
    [(1, 'd2')]
    """
    s = r.s
    if flank_pairs is None:
        flank_pairs = s.flank_pairs
    flankers = _flankers(r, side, ignore_done, flank_pairs) if flank_pairs and "flank" in s.options else {}
    return _groups(r, side, ignore_done, flankers)


def _groups(r: "Rules", side: int, ignore_done: bool,
            flankers: dict[int, list[int]]) -> list[tuple[tuple[int, ...], int]]:
    """The attack groups given the live flankers: frontal attacks alone, then for each
    flanked target (by card) every allowed combination of its attackers."""
    cells = r.s.cells
    frontal = {cells[t]: cells[a] for a, t in _frontal(r, side, ignore_done)}
    if not flankers:
        return [((c,), t) for t, c in frontal.items()]
    groups = [((c,), t) for t, c in frontal.items() if t not in flankers]
    for t in sorted(flankers):
        front = frontal.get(t, -1)
        cands = ([front] if front >= 0 else []) + sorted(flankers[t])
        proof = CAVALRY_PROOF[t % 10 + 1]
        front_infantry = front >= 0 and INFANTRY[front % 10 + 1]
        pick = cands.__getitem__
        for picked in _SUBSETS[len(cands)]:
            members = tuple(map(pick, picked))
            if proof and any(CAVALRY[c % 10 + 1] for c in members) and not (
                    front_infantry and front in members):
                continue   # cavalry joins only beside infantry attacking from the front
            groups.append((members, t))
    return groups


def _flankers(r: "Rules", side: int, ignore_done: bool, flank_pairs) -> dict[int, list[int]]:
    """Target card -> the own cards that may still flank-attack it."""
    s = r.s
    flankers: dict[int, list[int]] = {}
    where, dis, attacked, stacked, owner = s.where, s.disrupted, s.attacked, s.stacked, s.owner
    for c, csq, t, tsq in flank_pairs:
        if (where[c] == csq and where[t] == tsq and not dis[c] and stacked[csq] < 0
                and (ignore_done or c not in attacked) and owner[c] == side):
            flankers.setdefault(t, []).append(c)
    return flankers


def attack_refusal(r: "Rules", attackers: tuple[int, ...], target_sq: int) -> str:
    """Why ``attackers`` (own, undisrupted units) may not attack ``target_sq`` now: the
    rule of :func:`attack_groups` they break.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> attack_refusal(r, (s.cells[at("c2")],), at("d2"))
    'a melee needs an enemy card as target'
    """
    s = r.s
    target = s.cells[target_sq]
    if target < 0 or s.owner[target] != 1 - s.owner[attackers[0]]:
        return "a melee needs an enemy card as target"
    if any(c in s.attacked for c in attackers):
        return "each card attacks at most once a turn"
    if any(CAVALRY[c % 10 + 1] for c in attackers) and TROOP_TYPES[target % 10 + 1].cavalry_proof:
        return ("Cavalry cannot melee Javalineers, Hoplites, Phalangists or Elephants (with flank "
                "attacks only beside infantry attacking from the front)")
    if "flank" not in s.options:
        return "a card attacks only the enemy card directly in front (flank attacks are Advanced)"
    return ("a flank attacker must have started the turn with that enemy beside or behind it and none "
            "in front, not have moved, and not be a stack")


def melee_step(r: "Rules", p: int) -> list[Action]:
    """The legal actions of side ``p``'s melee step: each attack group, then ``end melee``.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> [str(a) for a in melee_step(r, s.to_act)]
    ['attack c2-c3', 'end melee']
    """
    s = r.s
    rows = r.tables.acts.attack_rows
    pairs = s.flank_pairs
    flankers = _flankers(r, p, False, pairs) if pairs and "flank" in s.options else None
    if not flankers:
        out = [rows[a][t] for a, t in _frontal(r, p, False)]   # frontal only, by square
    else:
        where = s.where
        attack = r.tables.acts.attack
        out = [rows[where[group[0]]][where[t]] if len(group) == 1 else
               attack(tuple([where[c] for c in group]), where[t])
               for group, t in _groups(r, p, False, flankers)]
    out.append(END["melee"])
    return out


def may_attack(r: "Rules", p: int) -> bool:
    """Has side ``p``'s melee step an attack (anything but ``end melee``)?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> may_attack(r, s.to_act), may_attack(r, 1 - s.to_act)
    (True, True)
    """
    s = r.s
    for _ in _frontal(r, p, False):
        return True
    pairs = s.flank_pairs
    if not pairs or "flank" not in s.options:
        return False
    flankers = _flankers(r, p, False, pairs)
    return bool(flankers) and bool(_groups(r, p, False, flankers))


def melee_numbers(r: "Rules", attackers, target) -> tuple[int, int, bool, int, int]:
    """(attack, defence before halving, defender disrupted, attack modifier, defence
    modifier) of a melee, as :func:`~.combat.melee_odds` takes them.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> melee_numbers(r, (s.cells[at("c2")],), s.cells[at("c3")])
    (4, 2, False, 0, 0)
    """
    s, b = r.s, r.b
    side = s.owner[attackers[0]]
    tsq = s.where[target]
    tv = target % 10 + 1
    t_infantry = INFANTRY[tv]
    attack = amod = 0
    small = s.small_elephants
    for c in attackers:
        csq = s.where[c]
        v = s.value(c)
        cv = c % 10 + 1
        if b.forward[side][csq] != tsq and (CAVALRY[cv] or cv == CHARIOTS) and t_infantry:
            v = half(v)       # cavalry and chariots on a flank or rear of infantry
        if s.bad >> csq & 1:
            if s.stacked[csq] >= 0:
                v = half(v)   # a stack on bad terrain fights at half strength
            else:
                amod -= 2
        if c in s.attachments:
            amod += 2
        if small == side and cv == ELEPHANT and tv == ELEPHANT:
            amod -= 2
        attack += v
    defence = s.value(target)
    dmod = 0
    if s.bad >> tsq & 1:
        if s.stacked[tsq] >= 0:
            defence = half(defence)
        else:
            dmod -= 2
    if target in s.attachments:
        dmod += 2
    if small == 1 - side and tv == ELEPHANT and any(c % 10 + 1 == ELEPHANT for c in attackers):
        dmod -= 2
    return attack, defence, s.disrupted[target], amod, dmod


def can_withdraw(r: "Rules", attackers, target) -> bool:
    """Advanced withdrawal: may the defender step back before this melee?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, advanced="withdrawal"); g.put("c2", "Hoplites", "south")
    >>> g.put("c3", "Peltasts", "north"); s = g.state; at = s.board.index
    >>> can_withdraw(Rules(s), (s.cells[at("c2")],), s.cells[at("c3")])
    True
    """
    s, b = r.s, r.b
    if "withdrawal" not in s.options or s.disrupted[target]:
        return False
    tsq = s.where[target]
    if s.stacked[tsq] >= 0:
        return False
    tv = target % 10 + 1
    if LIGHT[tv]:
        ok = any(INFANTRY[c % 10 + 1] or c % 10 + 1 == ELEPHANT for c in attackers)
    elif CAVALRY[tv]:
        ok = any(INFANTRY[c % 10 + 1] for c in attackers)
    else:
        return False
    if not ok:
        return False
    behind = b.back[s.owner[target]][tsq]
    if behind < 0 or s.occupied >> behind & 1:
        return False
    return not (MOUNTED[tv] and s.bad >> behind & 1)


def resolve_melee(r: "Rules", attackers, target) -> None:
    """The fight: both sides roll a die (attacker first) and the difference of the totals
    (:func:`~.combat.melee_result`) leaves the target unharmed, disrupted or eliminated.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, dice=[6, 1])
    >>> g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; target = s.cells[s.board.index("c3")]
    >>> resolve_melee(Rules(s), (s.cells[s.board.index("c2")],), target); s.where[target]
    -1
    """
    attack, defence, dis, amod, dmod = melee_numbers(r, attackers, target)
    dice = r.s.dice
    a = dice.roll()
    d = dice.roll()
    strength = (defence // 2 or 1) if dis else defence
    result = melee_result(attack + a + amod - strength - d - dmod, dis)
    if result == "disrupted":
        hit(r, target)
    elif result == "eliminated":
        if dis:
            hit(r, target)
        else:
            eliminate(r, target)


def hit(r: "Rules", card: int) -> None:
    """A disruption: marks the unit, or eliminates it if already disrupted; a disrupted
    Elephant rampages (Advanced).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> target = s.cells[at("c3")]
    >>> hit(r, target); s.disrupted[target]
    True
    >>> hit(r, target); s.where[target]
    -1
    """
    s = r.s
    s.turn_hit = True
    if s.disrupted[card]:
        eliminate(r, card)
        return
    sq = s.where[card]
    write(r, s.disrupted, card, True)
    other = s.stacked[sq]
    if other >= 0:
        write(r, s.disrupted, other, True)
    if card % 10 + 1 == ELEPHANT and "rampage" in s.options:
        rampage(r, card)


def eliminate(r: "Rules", card: int) -> None:
    """Remove a unit from the table (both cards of a stack) as eliminated.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
    >>> s = g.state; r = Rules(s); at = s.board.index
    >>> target = s.cells[at("c3")]
    >>> eliminate(r, target); s.where[target], s.cells[at("c3")], s.turn_hit
    (-1, -1, True)
    """
    s = r.s
    sq = s.where[card]
    side = s.owner[card]
    unit = s.unit_cards(sq)
    for x in unit:
        write(r, s.where, x, -1)
        write(r, s.disrupted, x, False)
    lost = list(s.eliminated)
    lost[side] = lost[side] + list(unit)
    s.eliminated = lost
    write(r, s.cells, sq, -1)
    write(r, s.stacked, sq, -1)
    bit = ~(1 << sq)
    s.occupied &= bit
    write(r, s.side_squares, side, s.side_squares[side] & bit)
    if card in s.attachments:
        att = s.attachments[card]
        s.attachments = {k: v for k, v in s.attachments.items() if k != card}
        s.discards = s.discards + [att]
    s.turn_hit = True
    if s.leader_of[side] in unit and s.outcome is None:
        s.outcome = (1 - side, "leader")


def rampage(r: "Rules", elephant: int) -> None:
    """The disrupted Elephant attacks a random orthogonal neighbour, then leaves the field.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, dice=[6]); g.put("c2", "Elephants", "south")
    >>> g.put("c3", "Peltasts", "north"); s = g.state; at = s.board.index; victim = s.cells[at("c3")]
    >>> rampage(Rules(s), s.cells[at("c2")]); s.cells[at("c2")], s.disrupted[victim]   # a 6: the victim is hit
    (-1, True)
    """
    s = r.s
    sq = s.where[elephant]
    side = s.owner[elephant]
    around = [x for x in r.b.around[side * r.b.size + sq] if s.occupied >> x & 1]
    victim = -1
    if around:
        victim = s.cells[around[s.dice.pick(len(around))]]
        strength = s.value(victim)
        if s.disrupted[victim]:
            strength = half(strength)
        if s.dice.roll() <= strength:
            victim = -1
    eliminate(r, elephant)
    if victim >= 0:
        hit(r, victim)


def apply_attack(r: "Rules", a: Action, p: int) -> None:
    """An attack: the defender may first choose to withdraw (Advanced), else the fight.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.actions import Action
    >>> g = AncientGame.empty(seed=1, advanced="withdrawal"); g.put("c2", "Hoplites", "south")
    >>> g.put("c3", "Peltasts", "north"); s = g.state
    >>> apply_attack(Rules(s), Action.parse("attack c2-c3"), s.to_act); s.phase, s.pending[0]
    ('withdrawal', 'withdrawal')
    """
    s = r.s
    lookup = r.b.lookup
    attackers = tuple(s.cells[lookup[x]] for x in a.squares[:-1])
    target = s.cells[lookup[a.squares[-1]]]
    s.attacked = s.attacked | set(attackers)
    if can_withdraw(r, attackers, target):
        s.pending = ("withdrawal", attackers, target)
        s.phase = "withdrawal"
        s.to_act = 1 - p
    else:
        resolve_melee(r, attackers, target)


def apply_withdrawal_choice(r: "Rules", a: Action, p: int) -> None:
    """The defender's answer: ``withdraw`` one square back, or ``stand`` and fight.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.actions import Action
    >>> g = AncientGame.empty(seed=1, advanced="withdrawal"); g.put("c2", "Hoplites", "south")
    >>> g.put("c3", "Peltasts", "north"); s = g.state; r = Rules(s)
    >>> apply_attack(r, Action.parse("attack c2-c3"), s.to_act); target = s.pending[2]
    >>> apply_withdrawal_choice(r, Action.parse("withdraw"), s.to_act)   # north answers
    >>> s.board.names[s.where[target]], s.phase
    ('c4', 'melee')
    """
    s = r.s
    _, attackers, target = s.pending
    s.pending = None
    s.phase = "melee"
    s.to_act = 1 - p
    if a.kind == "stand":
        resolve_melee(r, attackers, target)
    else:
        relocate(r, target, r.b.back[p][s.where[target]])
