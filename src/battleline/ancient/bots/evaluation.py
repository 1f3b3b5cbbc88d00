"""A static evaluation of an Ancient Battles position for one side, in army points, and the
expected value of a fire or melee action from the engine's exact odds.

The evaluation adds up: the casualty race (points lost, a disrupted unit counted as half
lost, scaled by each army's half-value that decides the battle), the expected damage each
side's attacks and missiles could do in its next fire and melee steps (the side in its
player turn strikes first and in full, the other's threats are discounted), progress
toward the terrain victory (weighted up when the casualty race is being lost), a line of
heavy infantry, light troops screening heavies, strength balanced across columns, and
Tactics cards in hand. A scenario leader's card is worth a lost battle. As the draw rule's
last quiet turns run out with no hit this turn, marching forward and out of the reserve
counts more (``stall_advance``): a side ahead must not sit out a draw. Six more terms were
tried and measured no gain (``docs/experiments/LOG.md``); they are gone from the evaluation.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
>>> evaluate(g, SOUTH) > evaluate(g, NORTH)       # south strikes first, and harder
True
"""

from __future__ import annotations

from functools import lru_cache

from ..board import NORTH, SOUTH  # noqa: F401 (NORTH: the doctests')
from ..combat import MISSILE_HIT_CHANCE, melee_odds
from ..game import AncientGame
from ..rules import Rules
from ..troops import CAVALRY, HOLDS_GROUND, INFANTRY, LIGHT, TROOP_TYPES

# Infantry that is not light (Javalineers to Hypaspists): the units a line and a screen are about.
_LINE_INFANTRY = tuple(INFANTRY[v] and not LIGHT[v] for v in range(11))

__all__ = ["evaluate", "evaluation_terms", "TERMS", "points_lost", "action_gain", "unit_worth",
           "melee_chances", "draw_pressure", "duel_term", "strike_chance", "remaining_worth", "Weights"]

WIN = 1000.0
LEADER_WORTH = 150.0


class Weights:
    """The evaluation's weights (one place to tune them), one per term of
    :func:`evaluation_terms`, and the switches that shape the terms."""

    casualty_race = 60.0      # per whole half-army of difference in losses
    own_threat = 1.0          # expected melee damage of the side in its player turn
    own_missile = 1.0         # and of its missiles
    other_threat = 0.6        # the other side's, next player turn
    other_missile = 0.6
    terrain_unit = 6.0        # per qualifying unit on the enemy Back Row (three times, one short)
    advance = 0.25            # per row gained by a non-light unit
    advance_behind = 1.2      # the same when the casualty race is lost
    line = 0.3                # heavy infantry with a friend beside it
    screen = 0.4              # light troops in front of heavy infantry
    column = 0.15             # per point the enemy outweighs us in a column
    hand_card = 2.5
    approach = 0.2            # per square nearer the closest enemy unit
    duel = 1.0                # units facing each other fight it out (0: one strike each)
    # The draw rule: as the last quiet turns run out with no hit this turn, marching forward
    # (and out of the reserve) is worth more, growing over ``stall_turns`` turns.
    stall_advance = 2.0       # extra advance weight per row, in full at the last quiet turn
    # Switches that shape the terms rather than weigh them:
    pull_mounted = True       # Heavy Cavalry and Chariots drawn forward too (False: only by fights)
    army_scale = 0.0          # points at stake counted as this many per half-army (0: raw points)
    reach = True              # the side to move next may close in before it strikes
    stall_turns = 4
    stall_reserve = 3.0       # rows a reserve card counts behind the Back Row, for that weight


# The terms of the evaluation, in a fixed order (each a weight of ``Weights``).
TERMS = ("casualty_race", "duel", "own_threat", "own_missile", "other_threat", "other_missile",
         "terrain_unit", "advance", "advance_behind", "approach", "line", "screen", "column", "hand_card",
         "stall_advance")


@lru_cache(maxsize=4096)
def melee_chances(attack: int, defence: int, disrupted: bool, amod: int, dmod: int) -> tuple[float, float]:
    """(P disrupted, P eliminated) of a melee, as floats (cached)."""
    o = melee_odds(max(1, attack), max(1, defence), defender_disrupted=disrupted,
                   attack_modifier=amod, defence_modifier=dmod)
    return float(o.disrupted), float(o.eliminated)


def unit_worth(s, card: int) -> float:
    """Points a unit is worth to its side: its cards' costs, a scenario leader's card more."""
    sq = s.where[card]
    other = s.stacked[sq] if sq >= 0 else -1
    w = s.cost(card) + (s.cost(other) if other >= 0 else 0)
    p = s.owner[card]
    if s.leader_of[p] in (card, other) and s.leader_card[p] >= 0:
        w += LEADER_WORTH
    return float(w)


def _loss(s, card: int, p_dis: float, p_elim: float) -> float:
    """Expected points lost by a unit: elimination costs it all; a disruption costs half (or
    the rest, if it is already disrupted)."""
    w = unit_worth(s, card)
    if s.disrupted[card]:
        return w * 0.5 * (p_dis + p_elim)
    return w * (p_elim + 0.5 * p_dis)


def _threats(s, rules: Rules, side: int, reach: bool = False, duels: bool = False) -> tuple[float, float]:
    """Expected damage (melee, missile) ``side``'s units could do in a fire and melee step,
    each unit striking its best target, ignoring what the others do first. With ``reach``
    each unit may first move (one of its moves, or none) to strike: the threat of the side
    that moves next, which closes in and strikes first."""
    b = s.board
    fwd = b.forward[side]
    enemy = s.side_squares[1 - side]
    melee = missile = 0.0
    for sq, c in rules.own_units(side):
        if s.disrupted[c]:
            continue
        best = 0.0
        for t_sq in rules.fire_squares(c, ignore_done=True):
            t = s.cells[t_sq]
            best = max(best, _loss(s, t, MISSILE_HIT_CHANCE[t % 10 + 1], 0.0))
        missile += best
        cavalry = CAVALRY[c % 10 + 1]
        best = 0.0
        for at in ([sq] + rules.destinations(c, ignore_done=True)) if reach else (sq,):
            f = fwd[at]
            if duels and at == sq:
                continue      # a unit already facing an enemy fights a duel, counted apart
            if f >= 0 and enemy >> f & 1:
                t = s.cells[f]
                if cavalry and TROOP_TYPES[t % 10 + 1].cavalry_proof:
                    continue
                if at == sq:
                    a, d, dis, am, dm = rules.melee_numbers((c,), t)
                else:    # from the square it moves to (terrain there, not here)
                    a, d, dis, am, dm = _moved_numbers(s, rules, c, at, t)
                p_dis, p_elim = melee_chances(a, d, dis, am, dm)
                best = max(best, _loss(s, t, p_dis, p_elim))
        melee += best
    return melee, missile


def strike_chance(s, rules: Rules, x: int, y: int) -> float:
    """The chance that a melee of ``x`` on ``y`` (in front of it) has any effect."""
    if s.disrupted[x] or (CAVALRY[x % 10 + 1] and TROOP_TYPES[y % 10 + 1].cavalry_proof):
        return 0.0
    p_dis, p_elim = melee_chances(*rules.melee_numbers((x,), y))
    return p_dis + p_elim


def duel_term(s, rules: Rules, side: int, acting: int, worth: tuple[float, float] = (1.0, 1.0)) -> float:
    """The expected outcome, in points for ``side``, of every pair of units facing each
    other, each fought out as a duel of alternating strikes. The first strike decides much:
    a disrupted unit cannot strike back, so a disruption all but settles the duel. Who
    strikes first: the side in its player turn (``acting``) with a unit that has not yet
    attacked; else the other; before the player turns begin (``acting`` -1), either, evenly."""
    fwd = s.board.forward[side]
    enemy = s.side_squares[1 - side]
    total = 0.0
    for sq, c in rules.own_units(side):
        f = fwd[sq]
        if f < 0 or not enemy >> f & 1:
            continue
        t = s.cells[f]
        mine, theirs = strike_chance(s, rules, c, t), strike_chance(s, rules, t, c)
        if acting == side:
            orders = (1.0,) if c not in s.attacked else (0.0,)
        elif acting == 1 - side:
            orders = (0.0,) if t not in s.attacked else (1.0,)
        else:
            orders = (1.0, 0.0)
        win = lose = 0.0
        for me_first in orders:
            won, lost = duel_odds(mine, theirs, bool(me_first), s.disrupted[c], s.disrupted[t])
            win += won
            lose += lost
        n = len(orders)
        total += (win * remaining_worth(s, t) * worth[1 - side] - lose * remaining_worth(s, c) * worth[side]) / n
    return total


def duel_odds(mine: float, theirs: float, me_first: bool, mine_disrupted: bool,
              theirs_disrupted: bool) -> tuple[float, float]:
    """The chances (win, lose) of a duel of alternating strikes between two units facing each
    other, whose strikes have any effect with the chances ``mine`` and ``theirs``: a disrupted
    unit cannot strike back, so a disruption all but settles it.

    >>> duel_odds(0.5, 0.5, True, False, False)
    (0.6666666666666666, 0.3333333333333333)
    >>> duel_odds(0.5, 0.0, False, False, True), duel_odds(0.5, 0.5, True, True, True)
    ((1.0, 0.0), (0.0, 0.0))
    """
    if mine_disrupted or theirs_disrupted:
        return (1.0 if theirs_disrupted and not mine_disrupted and mine > 0 else 0.0,
                1.0 if mine_disrupted and not theirs_disrupted and theirs > 0 else 0.0)
    either = mine + theirs - mine * theirs
    if either <= 0:
        return 0.0, 0.0
    if me_first:
        return mine / either, (1 - mine) * theirs / either
    return (1 - theirs) * mine / either, theirs / either


def remaining_worth(s, card: int) -> float:
    """Points still to lose with a unit: all of it, or half if already disrupted."""
    return unit_worth(s, card) * (0.5 if s.disrupted[card] else 1.0)


def _moved_numbers(s, rules: Rules, c: int, at: int, t: int) -> tuple[int, int, bool, int, int]:
    """The melee numbers of ``c`` attacking ``t`` from the front after moving to ``at``."""
    _, d, dis, am, dm = rules.melee_numbers((c,), t)
    here = s.where[c]
    a = s.value(c)
    if s.stacked[here] < 0:
        am += (2 if s.bad >> here & 1 else 0) - (2 if s.bad >> at & 1 else 0)
    elif s.bad >> at & 1:
        a = max(1, a // 2)
    return a, d, dis, am, dm


def points_lost(s, side: int) -> float:
    """Points ``side`` has lost in the state ``s``: its eliminated cards in full, its
    disrupted units on the field half (the casualty race's measure).

    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Phalangists", "south", disrupted=True)
    >>> points_lost(g.state, SOUTH)
    2.5
    """
    lost = sum(s.cost(c) for c in s.eliminated[side])
    for sq in range(s.board.size):
        c = s.cells[sq]
        if c >= 0 and s.owner[c] == side and s.disrupted[c]:
            lost += 0.5 * (s.cost(c) + (s.cost(s.stacked[sq]) if s.stacked[sq] >= 0 else 0))
    return lost


def evaluate(game: AncientGame, side: int, rules: Rules | None = None, w: type = Weights) -> float:
    """How good the position is for ``side`` (a side number), in army points: the sum of
    :func:`evaluation_terms`, each times the weight of the same name in ``w``."""
    s = game.state
    if s.outcome is not None:
        winner = s.outcome[0]
        return 0.0 if winner < 0 else (WIN if winner == side else -WIN) - s.turn
    total = sum(getattr(w, name) * value for name, value in evaluation_terms(game, side, rules, w).items())
    return round(total, 9)     # sums of the same terms in another order tie exactly


def evaluation_terms(game: AncientGame, side: int, rules: Rules | None = None, w: type = Weights,
                     every: bool = False) -> dict[str, float]:
    """The evaluation's terms for ``side`` in a battle still going, unweighted, each named
    after its weight in :class:`Weights` (positive: good for ``side``). The duels and the draw
    rule's pull are not computed when their weight in ``w`` is 0 (they stay 0) unless ``every`` (as for fitting the
    weights).

    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
    >>> evaluation_terms(g, SOUTH)["duel"] > 0        # south strikes first, and harder
    True
    """
    s = game.state
    if rules is None:
        rules = Rules(s)
    else:
        rules.bind(s)
    terms = dict.fromkeys(TERMS, 0.0)
    worth, behind = _casualty_terms(s, side, w, terms)
    acting = s.to_act if s.phase in ("tactics", "actions", "fire", "melee") else -1
    if w.duel or every:
        terms["duel"] = duel_term(s, rules, side, acting, worth)
    _threat_terms(s, rules, side, acting, worth, w, terms)
    advanced = _formation_terms(s, rules, side, behind, w, terms)
    pressure = draw_pressure(s, w.stall_turns) if (w.stall_advance or every) else 0.0
    if pressure:
        # a card still in reserve is a march not yet begun: as far from the enemy as can be
        other = 1 - side
        waiting = [sum(1 for c in s.reserve[q] if HOLDS_GROUND[c % 10 + 1]) for q in (0, 1)]
        terms["stall_advance"] = pressure * (advanced[side] - advanced[other]
                                             - w.stall_reserve * (waiting[side] - waiting[other]))
    return terms


def _casualty_terms(s, side: int, w: type, terms: dict) -> tuple[tuple[float, float], bool]:
    """The casualty race; returns the worth of a point lost by each side (in
    the race's currency when ``army_scale``) and whether ``side`` is behind in the race."""
    other = 1 - side
    halves = [max(1.0, s.army_points(q) / 2) for q in (0, 1)]
    race = [points_lost(s, q) / halves[q] for q in (0, 1)]       # 1 or more loses the battle
    terms["casualty_race"] = race[other] - race[side]
    worth = tuple(w.army_scale / halves[q] if w.army_scale else 1.0 for q in (0, 1))
    return worth, race[side] > race[other] + 0.15


def _threat_terms(s, rules: Rules, side: int, acting: int, worth, w: type, terms: dict) -> None:
    """Each side's melee and missile threats (the side in its player turn's apart)."""
    for q, sign in ((side, 1.0), (1 - side, -1.0)):
        melee, missile = _threats(s, rules, q, reach=acting >= 0 and q != acting and w.reach,
                                  duels=bool(w.duel))
        mover = "own" if q == acting else "other"
        terms[mover + "_threat"] += sign * melee * worth[1 - q]
        terms[mover + "_missile"] += sign * missile * worth[1 - q]


def _formation_terms(s, rules: Rules, side: int, behind: bool, w: type, terms: dict) -> list[float]:
    """Terrain, advance, line, screen, columns and cards in hand, for both sides; returns
    each side's advance (rows gained), for the draw rule's term."""
    need = s.width // 2 + 1
    width = s.width
    strength = [[0] * width, [0] * width]
    advanced = [0.0, 0.0]
    for q, sign in ((side, 1.0), (1 - side, -1.0)):
        enemy_back = set(s.board.back_row(1 - q))
        on_back, adv = _unit_terms(s, rules, q, sign, enemy_back, w, terms, strength[q])
        terms["terrain_unit"] += sign * on_back * (3.0 if on_back >= need - 1 else 1.0)
        terms["advance_behind" if (behind if q == side else not behind) else "advance"] += sign * adv
        advanced[q] = adv
        terms["hand_card"] += sign * len(s.hands[q])
    for col in range(width):
        gap = strength[1 - side][col] - strength[side][col]
        if gap > 0:
            terms["column"] -= gap
    return advanced


def _unit_terms(s, rules: Rules, q: int, sign: float, enemy_back: set, w: type, terms: dict,
                strength: list) -> tuple[int, float]:
    """Side ``q``'s units one by one: approach, line and screen go into ``terms`` (times
    ``sign``), each unit's strength into its column; returns (units holding the enemy Back
    Row, rows gained)."""
    b = s.board
    width = s.width
    on_back = 0
    adv = 0.0
    foes = [x for x, _ in rules.own_units(1 - q)]
    for sq, c in rules.own_units(q):
        v = c % 10 + 1
        strength[sq % width] += s.value(c) * (0.5 if s.disrupted[c] else 1)
        row = b.row(sq)
        progress = row - 1 if q == SOUTH else 4 - row   # rows counted from 1
        holds = HOLDS_GROUND[v]
        if holds and not s.disrupted[c] and sq in enemy_back:
            on_back += 1
        if holds and s.leader_of[q] != c and (w.pull_mounted or not 8 <= v <= 9):
            adv += progress
            if foes:
                col, row0 = sq % width, sq // width
                near = min(abs(x % width - col) + abs(x // width - row0) for x in foes)
                terms["approach"] -= sign * near
        if _LINE_INFANTRY[v]:       # a friend beside, or beside and a row ahead or behind
            for n in (b.left[sq], b.right[sq]):
                if n < 0:
                    continue
                for m in (n, b.forward[q][n], b.back[q][n]):
                    if m >= 0 and s.cells[m] >= 0 and s.owner[s.cells[m]] == q:
                        terms["line"] += sign
                        break
        if LIGHT[v]:
            back_sq = b.back[q][sq]
            if back_sq >= 0 and s.cells[back_sq] >= 0 and s.owner[s.cells[back_sq]] == q \
                    and _LINE_INFANTRY[s.cells[back_sq] % 10 + 1]:
                terms["screen"] += sign
    return on_back, adv


def draw_pressure(s, turns: int) -> float:
    """How near the draw rule is, from 0 to 1: 0 while more than ``turns`` whole quiet turns
    are left before it or once this turn has seen a hit, 1 in the last quiet turn."""
    if s.turn_hit or not s.draw_after:
        return 0.0
    left = s.draw_after - s.quiet_turns      # this turn included
    return 0.0 if left > turns else (turns + 1 - left) / turns


def action_gain(game: AncientGame, action, side: int, outcomes: dict | None = None) -> float:
    """Expected points a fire or attack gains ``side``, from the engine's exact odds: each
    unit it may disrupt or eliminate (an Elephant's rampage included) weighed by its worth,
    own losses counted against it. ``outcomes``: the odds' outcomes if already known."""
    s = game.state
    if outcomes is None:
        outcomes = game.odds(action).outcomes
    total = 0.0
    for result, p in outcomes.items():
        gain = 0.0
        for name, what in result:
            c = s.cells[s.board.lookup[name]]
            if c < 0:
                continue
            wv = unit_worth(s, c)
            lost = wv if what == "eliminated" and not s.disrupted[c] else wv * 0.5
            gain += lost if s.owner[c] != side else -lost
        total += float(p) * gain
    return total
