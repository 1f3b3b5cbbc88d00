"""The kernel's effects: the dice, hits and eliminations, each action's effect, the turn flow
and :func:`apply`, which plays one action and then the automatic steps (the engine's
``settle``) and returns the next legal actions.

Every function changes the state array in place; the dice array is shared and only grows.
They restate :mod:`battleline.ancient.melee`, ``fire``, ``movement``, ``tactics`` and ``flow``.
"""

from __future__ import annotations

from ...compiled import kernel_function
from ...compiled.bits import lowest_bit
from ...compiled.randomness import random_below
from .layout import (
    ACTIONS_LEFT, ACTIONS_PER_TURN, ARMY, ARMY_POINTS, ATTACK, ATTACKED, BAD, BOWS, BY_CASUALTIES,
    BY_DRAW, BY_LEADER, BY_TERRAIN, CELLS, CHARIOTS, COMPANION_ON, DECK, DECK_LEN, DEPLOY, DEPLOYED,
    DICE_COUNT, DICE_POS, DICE_RNG, DICE_ROLLS, DICE_SHORT, DISCARDS, DISRUPTED, DRAW, DRAW_AFTER,
    DRAW_COST, DRAWN, DREW, KINDS, ELEPHANT, ELIMINATED, END, FIRE, FIRED, FIRST, FLANK_LEN, HALF,
    HAND, HIDDEN, LEADER, LEADER_CARD, LEADER_OF, LEADER_RALLIED, LOST_POINTS, MOVE, MOVED, NOBODY,
    NORTH, NO_PENDING, OCCUPIED, OWNER, P_DEPLOY, P_INITIATIVE, P_LOYALTY,
    P_MELEE, P_OVER, P_RALLY, P_TACTICS, P_WITHDRAWAL, PENDING, PENDING_ATTACKERS,
    PENDING_INITIATIVE, PENDING_LOYALTY, PENDING_NEXT, PENDING_TARGET, PENDING_WITHDRAWAL, PHASE,
    PLACED, PLAY_AT, PLAY_LEADER, PLAY_LOYALTY, PLAY_RALLY, PLAY_REDEPLOY, QUIET_TURNS, RALLY,
    RALLY_LEN, RALLY_NONE, RALLY_RULE, RALLY_SQUARE, RAMPAGE, REASON, REINFORCE, REMOVE_CARD, REMOVE_SQUARE,
    LAST_STEP, REDEPLOY, RESERVE, ROLL, SCOUT, SCOUT_FIRST, TROOP_COUNT, SHIELD, SHIELD_ON, SIDE_SQUARES, SMALL_ELEPHANTS,
    SOUTH, STACKED, STAND, TO_ACT, TURN, TURN_HIT, WHERE, WIDTH, WINNER, WITHDRAW, WITHDRAWAL,
    FLANK_RULE, MUD, FOG, COMPANION,
)
from .rules import (
    CAVALRY, HOLDS_GROUND, INFANTRY, LIGHT, MISSILE_HIT, MOUNTED, back_row_start, behind, disrupted_units, field_of, flank_pairs, forward, half, has, left, legal_actions, loyalty_choices,
    option, right, unit_value, value_of,
)


# ---------------------------------------------------------------------- the dice
@kernel_function
def roll(s, dice):
    """The next d6 of the stream at this position's ``DICE_POS``: a known roll, or a new one
    from the generator (kept, so that a copied position meets it too)."""
    p = s[DICE_POS]
    s[DICE_POS] = p + 1
    if p < dice[DICE_COUNT]:
        return dice[DICE_ROLLS + p]
    if dice[DICE_RNG] == 0 or DICE_ROLLS + p >= len(dice):
        dice[DICE_SHORT] = 1          # the caller gave too few rolls; it retries with more
        return 1
    r = random_below(dice[DICE_RNG:DICE_RNG + 1], 6) + 1      # the stream kept in the dice array
    dice[DICE_ROLLS + p] = r
    dice[DICE_COUNT] = p + 1
    return r


@kernel_function
def pick(s, dice, count):
    """One of ``count`` equal choices by a d6, left-over faces re-rolled (one needs no die)."""
    if count == 1:
        return 0
    per = 6 // count
    while True:
        index = (roll(s, dice) - 1) // per
        if index < count:
            return index


# ---------------------------------------------------------------------- units on the field
@kernel_function
def place(s, card, sq):
    """Put ``card`` on ``sq`` (stacking on a card already there)."""
    first = s[CELLS + sq]
    if first >= 0:
        s[STACKED + sq] = card
        if has(s[DISRUPTED], first):
            s[DISRUPTED] |= 1 << card
        else:
            s[DISRUPTED] &= ~(1 << card)
    else:
        s[CELLS + sq] = card
        s[OCCUPIED] |= 1 << sq
        s[SIDE_SQUARES + s[OWNER + card]] |= 1 << sq
    s[WHERE + card] = sq


@kernel_function
def relocate(s, card, to):
    """Move the unit led by ``card`` (its stack partner too) to ``to``."""
    sq = s[WHERE + card]
    other = s[STACKED + sq]
    s[CELLS + sq] = -1
    s[STACKED + sq] = -1
    s[CELLS + to] = card
    s[STACKED + to] = other
    s[WHERE + card] = to
    if other >= 0:
        s[WHERE + other] = to
    both = (1 << sq) | (1 << to)
    s[OCCUPIED] ^= both
    s[SIDE_SQUARES + s[OWNER + card]] ^= both


@kernel_function
def cost(s, card):
    """A card's points: its value, one more with a bow."""
    return value_of(card) + (1 if has(s[BOWS], card) else 0)


@kernel_function
def lose(s, side, card):
    """``card`` counts as eliminated; losing a scenario leader's card loses the battle."""
    s[ELIMINATED + side] |= 1 << card
    s[LOST_POINTS + side] += cost(s, card)
    if s[LEADER_OF + side] == card and s[WINNER] == NOBODY:
        s[WINNER] = 1 - side
        s[REASON] = BY_LEADER


@kernel_function
def eliminate(s, card):
    """Remove the unit led by ``card`` (both cards of a stack) as eliminated; its Troop
    Quality card is discarded."""
    sq = s[WHERE + card]
    side = s[OWNER + card]
    other = s[STACKED + sq]
    for x in (card, other):
        if x >= 0:
            s[WHERE + x] = -1
            s[DISRUPTED] &= ~(1 << x)
    s[CELLS + sq] = -1
    s[STACKED + sq] = -1
    s[OCCUPIED] &= ~(1 << sq)
    s[SIDE_SQUARES + side] &= ~(1 << sq)
    if s[SHIELD_ON] == card:
        s[SHIELD_ON] = -1
        s[DISCARDS] |= 1 << (SHIELD - TROOP_COUNT)
    if s[COMPANION_ON] == card:
        s[COMPANION_ON] = -1
        s[DISCARDS] |= 1 << (COMPANION - TROOP_COUNT)
    s[TURN_HIT] = 1
    lose(s, side, card)
    if other >= 0:
        lose(s, side, other)


@kernel_function
def rampage_victim(s, dice, elephant):
    """The disrupted Elephant's victim: an orthogonal neighbour (left, front, right, back as
    its owner sees them) picked by a die, kept if a second die beats its strength; or -1."""
    sq = s[WHERE + elephant]
    side = s[OWNER + elephant]
    f, bk = forward(s, side, sq), behind(s, side, sq)
    lt, rt = (left(s, sq), right(s, sq)) if side == SOUTH else (right(s, sq), left(s, sq))
    around = 0
    squares = (lt, f, rt, bk)
    for x in squares:
        if x >= 0 and has(s[OCCUPIED], x):
            around += 1
    if around == 0:
        return -1
    k = pick(s, dice, around)
    for x in squares:
        if x >= 0 and has(s[OCCUPIED], x):
            if k == 0:
                victim = s[CELLS + x]
                strength = unit_value(s, victim)
                if has(s[DISRUPTED], victim):
                    strength = half(strength)
                return victim if roll(s, dice) > strength else -1
            k -= 1
    return -1


@kernel_function
def hit(s, dice, card):
    """A disruption: the unit is marked, or eliminated if it already was; a disrupted
    Elephant rampages (Advanced), which may hit its victim in turn."""
    while card >= 0:
        s[TURN_HIT] = 1
        if has(s[DISRUPTED], card):
            eliminate(s, card)
            return
        s[DISRUPTED] |= 1 << card
        other = s[STACKED + s[WHERE + card]]
        if other >= 0:
            s[DISRUPTED] |= 1 << other
        if value_of(card) != ELEPHANT or not option(s, RAMPAGE):
            return
        victim = rampage_victim(s, dice, card)
        eliminate(s, card)
        card = victim


@kernel_function
def undisrupt(s, sq):
    """Both cards of the unit on ``sq`` lose their markers."""
    c = s[CELLS + sq]
    if c >= 0:
        s[DISRUPTED] &= ~(1 << c)
        other = s[STACKED + sq]
        if other >= 0:
            s[DISRUPTED] &= ~(1 << other)


# ---------------------------------------------------------------------- melee
@kernel_function
def melee_margin(s, attackers, target):
    """The attacker's total minus the defender's before the dice: values (a stack's sum;
    cavalry and chariots halved on infantry's flank or rear; stacks halved on bad terrain,
    single cards -2), Troop Quality +2, Raphia's small Elephants -2; the disrupted defender
    at half strength."""
    side = s[OWNER + target] ^ 1
    tsq = s[WHERE + target]
    tv = value_of(target)
    small = s[SMALL_ELEPHANTS]
    attack = 0
    elephants = False
    m = attackers
    while m:
        c = lowest_bit(m)
        m &= m - 1
        csq = s[WHERE + c]
        v = unit_value(s, c)
        cv = value_of(c)
        if cv == ELEPHANT:
            elephants = True
        if forward(s, side, csq) != tsq and (CAVALRY[cv] or cv == CHARIOTS) and INFANTRY[tv]:
            v = half(v)
        if has(s[BAD], csq):
            if s[STACKED + csq] >= 0:
                v = half(v)
            else:
                v -= 2
        if c == s[SHIELD_ON] or c == s[COMPANION_ON]:
            v += 2
        if small == side and cv == ELEPHANT and tv == ELEPHANT:
            v -= 2
        attack += v
    defence = unit_value(s, target)
    dmod = 0
    if has(s[BAD], tsq):
        if s[STACKED + tsq] >= 0:
            defence = half(defence)
        else:
            dmod -= 2
    if target == s[SHIELD_ON] or target == s[COMPANION_ON]:
        dmod += 2
    if small == 1 - side and tv == ELEPHANT and elephants:
        dmod -= 2
    if has(s[DISRUPTED], target):
        defence = defence // 2 if defence >= 2 else 1
    return attack - defence - dmod


@kernel_function
def resolve_melee(s, dice, attackers, target):
    """The fight: the attacker's die, then the defender's; 1-5 disrupts, 6 or more (or any
    win over a disrupted card) eliminates."""
    margin = melee_margin(s, attackers, target)
    a = roll(s, dice)
    d = roll(s, dice)
    difference = margin + a - d
    if difference <= 0:
        return
    if has(s[DISRUPTED], target):
        hit(s, dice, target)
    elif difference >= 6:
        eliminate(s, target)
    else:
        hit(s, dice, target)


@kernel_function
def can_withdraw(s, attackers, target):
    """Advanced withdrawal: an undisrupted single Skirmisher or Peltast attacked by infantry
    or an Elephant, or cavalry attacked by infantry, with an empty square behind it."""
    if not option(s, WITHDRAWAL) or has(s[DISRUPTED], target):
        return False
    tsq = s[WHERE + target]
    if s[STACKED + tsq] >= 0:
        return False
    tv = value_of(target)
    if not (LIGHT[tv] or CAVALRY[tv]):
        return False
    ok = False
    m = attackers
    while m:
        cv = value_of(lowest_bit(m))
        m &= m - 1
        if INFANTRY[cv] or (LIGHT[tv] and cv == ELEPHANT):
            ok = True
    if not ok:
        return False
    back = behind(s, s[OWNER + target], tsq)
    if back < 0 or has(s[OCCUPIED], back):
        return False
    return not (MOUNTED[tv] and has(s[BAD], back))


@kernel_function
def apply_attack(s, dice, action, side):
    """An attack: the defender may first choose to withdraw (Advanced), else the fight."""
    target = s[CELLS + field_of(action, 0)]
    attackers = 0
    for i in range(1, 5):
        sq = field_of(action, i)
        if sq >= 0:
            attackers |= 1 << s[CELLS + sq]
    s[ATTACKED] |= attackers
    if can_withdraw(s, attackers, target):
        s[PENDING] = PENDING_WITHDRAWAL
        s[PENDING_ATTACKERS] = attackers
        s[PENDING_TARGET] = target
        s[PHASE] = P_WITHDRAWAL
        s[TO_ACT] = 1 - side
    else:
        resolve_melee(s, dice, attackers, target)


@kernel_function
def apply_withdrawal_choice(s, dice, stand, side):
    """The defender's answer: ``stand`` and fight, or withdraw one square back."""
    attackers, target = s[PENDING_ATTACKERS], s[PENDING_TARGET]
    s[PENDING] = NO_PENDING
    s[PENDING_ATTACKERS] = 0
    s[PENDING_TARGET] = -1
    s[PHASE] = P_MELEE
    s[TO_ACT] = 1 - side
    if stand:
        resolve_melee(s, dice, attackers, target)
    else:
        relocate(s, target, behind(s, side, s[WHERE + target]))


# ---------------------------------------------------------------------- Tactics
@kernel_function
def apply_play(s, dice, action, side, scratch):
    """A Tactics card played, or the scenario leader's one rally (``scratch``: work space)."""
    kind = action % KINDS
    card = field_of(action, 0)
    if kind == PLAY_LEADER:
        undisrupt(s, s[WHERE + s[LEADER_OF + side]])
        s[LEADER_RALLIED + side] = 1
        return
    if kind == PLAY_REDEPLOY:
        card = REDEPLOY
    s[HAND + side] &= ~(1 << (card - TROOP_COUNT))
    if kind == PLAY_RALLY:
        for i in range(1, 4):
            sq = field_of(action, i)
            if sq >= 0:
                undisrupt(s, sq)
        s[DISCARDS] |= 1 << (card - TROOP_COUNT)
    elif kind == PLAY_AT:
        sq = field_of(action, 1)
        if card == FOG or card == MUD:
            s[BAD] |= 1 << sq
        elif card == SHIELD:
            s[SHIELD_ON] = s[CELLS + sq]
        else:
            s[COMPANION_ON] = s[CELLS + sq]
    elif kind == PLAY_REDEPLOY:
        relocate(s, s[CELLS + field_of(action, 0)], field_of(action, 1))
        s[DISCARDS] |= 1 << (card - TROOP_COUNT)
    else:                                   # Traitor or Deserter
        s[DISCARDS] |= 1 << (card - TROOP_COUNT)
        if loyalty_choices(s, 1 - side, scratch, 0) > 0:
            s[PENDING] = PENDING_LOYALTY
            s[PENDING_NEXT] = card
            s[PHASE] = P_LOYALTY
            s[TO_ACT] = 1 - side


@kernel_function
def apply_remove(s, action, side):
    """The Loyalty answer: the unit on a square, or a reserve card, is eliminated."""
    s[PENDING] = NO_PENDING
    s[PENDING_NEXT] = -1
    s[PHASE] = P_TACTICS
    s[TO_ACT] = 1 - side
    x = field_of(action, 0)
    if action % KINDS == REMOVE_SQUARE:
        eliminate(s, s[CELLS + x])
        return
    s[RESERVE + side] &= ~(1 << x)
    s[TURN_HIT] = 1
    lose(s, side, x)


# ---------------------------------------------------------------------- the turn
@kernel_function
def begin_player_turn(s, side):
    """A player turn begins: six actions, nothing done yet, its flank attacks fixed."""
    s[TO_ACT] = side
    s[ACTIONS_LEFT] = ACTIONS_PER_TURN
    s[DREW] = 0
    s[MOVED] = 0
    s[PLACED] = 0
    s[FIRED] = 0
    s[ATTACKED] = 0
    if option(s, FLANK_RULE):
        flank_pairs(s, side)
    else:
        s[FLANK_LEN] = 0
    s[PHASE] = P_TACTICS


@kernel_function
def roll_initiative(s, dice):
    """Both roll, south first, until the dice differ; the higher moves first."""
    while True:
        a = roll(s, dice)
        b = roll(s, dice)
        if a != b:
            break
    s[FIRST] = SOUTH if a > b else NORTH
    s[HALF] = 0
    begin_player_turn(s, s[FIRST])


@kernel_function
def start_turn(s, dice):
    """Every player holding Tactics cards is asked (south first); else the dice decide."""
    south, north = s[HAND + SOUTH] != 0, s[HAND + NORTH] != 0
    if south or north:
        s[PHASE] = P_INITIATIVE
        s[PENDING] = PENDING_INITIATIVE
        s[TO_ACT] = SOUTH if south else NORTH
        s[PENDING_NEXT] = NORTH if south and north else -1
    else:
        roll_initiative(s, dice)


@kernel_function
def check_victory(s, side):
    """After ``side``'s player turn: terrain for it, then casualties for both (it first)."""
    if s[WINNER] != NOBODY:
        return
    held = 0
    start = back_row_start(s, 1 - side)
    for sq in range(start, start + s[WIDTH]):
        if has(s[SIDE_SQUARES + side], sq):
            c = s[CELLS + sq]
            if not has(s[DISRUPTED], c) and HOLDS_GROUND[value_of(c)]:
                held += 1
    if held > s[WIDTH] // 2:
        s[WINNER] = side
        s[REASON] = BY_TERRAIN
        return
    for loser in (1 - side, side):
        if 2 * s[LOST_POINTS + loser] > s[ARMY_POINTS + loser]:
            s[WINNER] = 1 - loser
            s[REASON] = BY_CASUALTIES
            return


@kernel_function
def close_turn(s, dice):
    """The draw counter moves; then the next turn's initiative."""
    s[QUIET_TURNS] = 0 if s[TURN_HIT] else s[QUIET_TURNS] + 1
    s[TURN_HIT] = 0
    if s[QUIET_TURNS] >= s[DRAW_AFTER]:
        s[WINNER] = DRAWN
        s[REASON] = BY_DRAW
        return
    s[TURN] += 1
    start_turn(s, dice)


@kernel_function
def end_player_turn(s, dice):
    """Victory checks for the side whose player turn ends; then the other's turn, the rally or the
    turn's end."""
    acting = s[FIRST] if s[HALF] == 0 else 1 - s[FIRST]
    check_victory(s, acting)
    if s[WINNER] != NOBODY:
        return
    if s[HALF] == 0:
        s[HALF] = 1
        begin_player_turn(s, 1 - s[FIRST])
    elif option(s, RALLY_RULE):
        s[RALLY_LEN] = 2
        s[RALLY] = s[FIRST]
        s[RALLY + 1] = 1 - s[FIRST]
        s[PHASE] = P_RALLY
        s[TO_ACT] = s[FIRST]
    else:
        close_turn(s, dice)


@kernel_function
def shift_rally(s):
    """The side first in the rally order has rallied (or had nothing to rally)."""
    s[RALLY] = s[RALLY + 1]
    s[RALLY + 1] = -1
    s[RALLY_LEN] -= 1


# ---------------------------------------------------------------------- set-up
@kernel_function
def apply_deploy(s, dice, action, side):
    """A card placed face down; south deploys first, then north, then the reveal and the first turn."""
    card, sq = field_of(action, 0), field_of(action, 1)
    s[RESERVE + side] &= ~(1 << card)
    place(s, card, sq)
    s[DEPLOYED + side] += 1
    army = 0
    m = s[ARMY + side]
    while m:
        m &= m - 1
        army += 1
    if s[DEPLOYED + side] >= min(s[WIDTH], army):
        if side == SOUTH:
            s[TO_ACT] = NORTH
        else:
            s[HIDDEN] = 0
            start_turn(s, dice)


@kernel_function
def apply_leader(s, action, side):
    """The scenario leader goes with a troop card; then north's leader, or deployment."""
    s[LEADER_OF + side] = field_of(action, 0)
    if side == SOUTH and s[LEADER_CARD + NORTH] >= 0:
        s[TO_ACT] = NORTH
    else:
        s[PHASE] = P_DEPLOY
        s[TO_ACT] = SOUTH


@kernel_function
def apply_initiative(s, dice, kind, side):
    """Scout (its holder chooses who moves first) or the roll (the next asker, or the dice)."""
    if kind == ROLL:
        nxt = s[PENDING_NEXT]
        if nxt >= 0:
            s[TO_ACT] = nxt
            s[PENDING_NEXT] = -1
        else:
            s[PENDING] = NO_PENDING
            roll_initiative(s, dice)
        return
    s[PENDING] = NO_PENDING
    s[PENDING_NEXT] = -1
    s[HAND + side] &= ~(1 << (SCOUT - TROOP_COUNT))
    s[DISCARDS] |= 1 << (SCOUT - TROOP_COUNT)
    s[FIRST] = side if kind == SCOUT_FIRST else 1 - side
    s[HALF] = 0
    begin_player_turn(s, s[FIRST])


# ---------------------------------------------------------------------- one action
@kernel_function
def effect(s, dice, action, scratch):
    """What ``action`` does, before the automatic steps."""
    kind = action % KINDS
    side = s[TO_ACT]
    if kind == MOVE:
        c = s[CELLS + field_of(action, 0)]
        relocate(s, c, field_of(action, 1))
        s[MOVED] |= 1 << c
        s[ACTIONS_LEFT] -= 1
    elif kind == REINFORCE:
        c = field_of(action, 0)
        s[RESERVE + side] &= ~(1 << c)
        place(s, c, field_of(action, 1))
        s[MOVED] |= 1 << c
        s[PLACED] |= 1 << c
        s[ACTIONS_LEFT] -= 1
    elif kind == DRAW:
        s[DECK_LEN] -= 1
        s[HAND + side] |= 1 << (s[DECK + s[DECK_LEN]] - TROOP_COUNT)
        s[DREW] = 1
        s[ACTIONS_LEFT] -= DRAW_COST
    elif kind == FIRE:
        c = s[CELLS + field_of(action, 0)]
        t = s[CELLS + field_of(action, 1)]
        s[FIRED] |= 1 << c
        if roll(s, dice) >= MISSILE_HIT[value_of(t)]:
            hit(s, dice, t)
    elif kind == ATTACK:
        apply_attack(s, dice, action, side)
    elif kind == WITHDRAW or kind == STAND:
        apply_withdrawal_choice(s, dice, kind == STAND, side)
    elif kind == END:
        step = field_of(action, 0)
        if step == LAST_STEP:
            end_player_turn(s, dice)
        else:
            s[PHASE] = P_TACTICS + step + 1
    elif kind == PLAY_LEADER or kind == PLAY_RALLY or kind == PLAY_AT or kind == PLAY_REDEPLOY \
            or kind == PLAY_LOYALTY:
        apply_play(s, dice, action, side, scratch)
    elif kind == REMOVE_SQUARE or kind == REMOVE_CARD:
        apply_remove(s, action, side)
    elif kind == RALLY_SQUARE:
        undisrupt(s, field_of(action, 0))
        shift_rally(s)
    elif kind == RALLY_NONE:
        shift_rally(s)
    elif kind == DEPLOY:
        apply_deploy(s, dice, action, side)
    elif kind == LEADER:
        apply_leader(s, action, side)
    else:                                   # SCOUT_FIRST, SCOUT_SECOND, ROLL
        apply_initiative(s, dice, kind, side)


@kernel_function
def settle(s, dice, out):
    """Run the automatic steps until a side has a real decision (the engine's ``settle``):
    a player step with nothing but its end is skipped, unless it is a Tactics step with
    cards in hand; a side with nothing to rally is passed. Returns the legal actions' count
    (in ``out``), 0 when the battle is over."""
    while True:
        if s[WINNER] != NOBODY:
            s[PHASE] = P_OVER
            return 0
        ph = s[PHASE]
        if ph == P_RALLY:
            if s[RALLY_LEN] == 0:
                close_turn(s, dice)
                continue
            s[TO_ACT] = s[RALLY]
            if disrupted_units(s, s[TO_ACT]) == 0:
                shift_rally(s)
                continue
            return legal_actions(s, out)
        n = legal_actions(s, out)
        if P_TACTICS <= ph <= P_MELEE and n == 1 and not (ph == P_TACTICS and s[HAND + s[TO_ACT]] != 0):
            if ph == P_MELEE:
                end_player_turn(s, dice)
            else:
                s[PHASE] = ph + 1
            continue
        return n


@kernel_function
def apply(s, dice, action, out):
    """Play ``action`` (legal, unchecked) and the automatic steps after it; returns the next
    legal actions' count, written into ``out`` (0 once the battle is over)."""
    effect(s, dice, action, out)
    return settle(s, dice, out)
