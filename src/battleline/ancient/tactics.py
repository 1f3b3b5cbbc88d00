"""The Tactics cards of Ancient Battles in play: what the side may play in its Tactics step
(leaders' rallies, Fog and Mud, Shield Bearers and Companions, Redeploy, Traitor and Deserter),
what each does, the Loyalty answer and the Advanced rally; Scout belongs to the initiative
(:mod:`.flow`). Functions over the public state of a :class:`~.rules.Rules` (``r``); every
change is recorded through :mod:`.journal`.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True)
>>> [g.state.board.names[x] for x in disrupted_units(Rules(g.state), g.state.to_act)]
['c2']
"""

from __future__ import annotations

from itertools import combinations

from ..deprecation import moved_names
from .actions import Action
from .board import NORTH, SIDE_NAMES, SOUTH
from .journal import relocate, take_from_hand, take_from_reserve, write
from .melee import eliminate
from .movement import own_units, redeployable
from .tables import (CARD_INDEX, COMPANION, END, LEADER_CARDS, LOYAL_VALUES, LOYALTY_CARDS, RALLY_NONE,
                     REDEPLOY, SCOUT, SHIELD, SHORT, TERRAIN_CARDS)
from .troops import CAVALRY, INFANTRY

__all__ = ["disrupted_units", "has_disrupted", "loyalty_choices", "tactics_plays", "leader_may_rally",
           "may_play", "play_refusal", "tactics_step", "rally_step", "apply_play", "apply_remove",
           "apply_rally"]

# Before issue 41 the rules were put together from mixins; the mixin's name stands for Rules now.
__getattr__ = moved_names(__name__, {
    "Tactics": ("battleline.ancient.rules", "Rules",
            "use Rules: it composes this module\'s functions (issue 41)")})

# ``r: "Rules"`` below is battleline.ancient.rules.Rules, named only: the rules import this
# module, so this module does not import them.

# What each Tactics card needs, for a play that names the wrong target.
_PLAY_RULES = {
    **dict.fromkeys(LEADER_CARDS, "a Leader rallies three of your disrupted cards (all of them if fewer)"),
    **dict.fromkeys(TERRAIN_CARDS, "Fog and Mud go on an empty Front Row position without bad terrain"),
    SHIELD: "Shield Bearers go on one of your infantry cards without Troop Quality",
    COMPANION: "Companion Cavalry go on one of your cavalry cards without Troop Quality",
    REDEPLOY: ("Redeploy moves one of your cards with no enemy in front, beside or behind it "
               "to an empty position of your Back Row"),
}


def disrupted_units(r: "Rules", side: int) -> list[int]:
    """Squares of the side's disrupted units on the table."""
    s = r.s
    return [sq for sq, c in own_units(r, side) if s.disrupted[c]]


def has_disrupted(r: "Rules", side: int) -> bool:
    """Has the side a disrupted unit on the table?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> has_disrupted(r, s.to_act), has_disrupted(r, 1 - s.to_act)
    (True, False)
    """
    s = r.s
    cells, dis = s.cells, s.disrupted
    m = s.side_squares[side]
    while m:
        if dis[cells[(m & -m).bit_length() - 1]]:
            return True
        m &= m - 1
    return False


def loyalty_choices(r: "Rules", side: int) -> list[Action]:
    """What the side must choose from when the opponent plays Traitor or Deserter.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("d2", "Hoplites", "south")
    >>> s = g.state; [str(a) for a in loyalty_choices(Rules(s), s.to_act)]
    ['remove c2']
    """
    s = r.s
    acts = r.tables.acts
    values = LOYAL_VALUES | s.loyalty_extra[side]
    on_table = [sq for sq, c in own_units(r, side) if c % 10 + 1 in values]
    if on_table:
        return [acts.remove_sq(sq) for sq in on_table]
    return [acts.remove_card(c) for c in s.reserve[side] if c % 10 + 1 in values]


def tactics_plays(r: "Rules", p: int) -> list[Action]:
    """Tactics the side may play now (its Tactics step); Scout is kept for the initiative.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> s.hands = [[SHIELD, SCOUT]] * 2
    >>> [str(a) for a in tactics_plays(r, s.to_act)]
    ['play Shield@c2']
    """
    s = r.s
    names = r.names
    out: list[Action] = []
    hand = s.hands[p]
    if leader_may_rally(r, p):
        out.append(Action("play", SHORT[s.leader_card[p]]))
    for card in sorted(set(hand)):
        name = SHORT[card]
        if card in LEADER_CARDS:
            dis = disrupted_units(r, p)
            if dis:
                k = min(3, len(dis))
                for combo in combinations(sorted(names[x] for x in dis), k):
                    out.append(Action("play", name, combo))
        elif card in TERRAIN_CARDS:
            for sq in r.b.front_row(SOUTH) + r.b.front_row(NORTH):
                if not s.occupied >> sq & 1 and sq not in s.terrain:
                    out.append(Action("play", name, (names[sq],)))
        elif card in (SHIELD, COMPANION):
            for sq, c in own_units(r, p):
                v = c % 10 + 1
                if c not in s.attachments and (INFANTRY[v] if card == SHIELD else CAVALRY[v]):
                    out.append(Action("play", name, (names[sq],)))
        elif card == REDEPLOY:
            empty_back = [sq for sq in r.b.back_row(p) if not s.occupied >> sq & 1]
            for sq in redeployable(r, p):
                for d in empty_back:
                    out.append(Action("play", name, (names[sq], names[d])))
        elif card in LOYALTY_CARDS:
            out.append(Action("play", name))
    return out


def leader_may_rally(r: "Rules", p: int) -> bool:
    """May side ``p``'s scenario leader rally its own card now (once, disrupted, on the
    table)?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.scenario("issus", seed=1); s = g.state
    >>> leader_may_rally(Rules(s), s.to_act)
    False
    """
    s = r.s
    if s.leader_card[p] < 0 or s.leader_rallied[p]:
        return False
    c = s.leader_of[p]
    return c >= 0 and s.where[c] >= 0 and s.disrupted[c]


def may_play(r: "Rules", p: int) -> bool:
    """Must side ``p``'s Tactics step wait for it: cards in hand (playable or not: skipping
    the step would tell what the hand holds) or a leader's rally?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> may_play(r, s.to_act)
    False
    >>> from battleline.ancient.tables import FOG
    >>> s.hands = [[FOG], [FOG]]
    >>> may_play(r, s.to_act)
    True
    """
    return bool(r.s.hands[p]) or leader_may_rally(r, p)


def play_refusal(r: "Rules", card: int, p: int) -> str | None:
    """Why side ``p`` may not play ``card`` this way now: the rule of :func:`tactics_plays`
    for that card, or None if none applies.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> play_refusal(r, SCOUT, s.to_act)
    "Scout is not in south's hand"
    >>> s.hands = [[SCOUT], [SCOUT]]
    >>> play_refusal(r, SCOUT, s.to_act)
    'Scout is played only at the initiative'
    """
    s = r.s
    if card not in s.hands[p] and card != s.leader_card[p]:
        return f"{SHORT[card]} is not in {SIDE_NAMES[p]}'s hand"
    if card == SCOUT:
        return "Scout is played only at the initiative"
    if card == s.leader_card[p] and card not in s.hands[p]:
        return ("the leader rallies only the card it is attached to, once, when that card is "
                "disrupted and on the table")
    return _PLAY_RULES.get(card)


def tactics_step(r: "Rules", p: int) -> list[Action]:
    """The legal actions of side ``p``'s Tactics step: its plays, then ``end tactics``.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> from battleline.ancient.tables import ALEXANDER
    >>> s.hands = [[ALEXANDER], [ALEXANDER]]
    >>> [str(a) for a in tactics_step(r, s.to_act)]
    ['play Alexander c2', 'end tactics']
    """
    return tactics_plays(r, p) + [END["tactics"]]


def rally_step(r: "Rules", p: int) -> list[Action]:
    """Advanced rally: one of side ``p``'s disrupted units, or none.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> [str(a) for a in rally_step(r, s.to_act)]
    ['rally c2', 'rally none']
    """
    return [r.tables.acts.rally(sq) for sq in disrupted_units(r, p)] + [RALLY_NONE]


def apply_play(r: "Rules", a: Action, p: int) -> None:
    """A Tactics card played (or a leader's one rally).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> from battleline.ancient.tables import ALEXANDER
    >>> s.hands = [[ALEXANDER], [ALEXANDER]]
    >>> from battleline.ancient.actions import Action
    >>> apply_play(r, Action.parse("play Alexander c2"), s.to_act)
    >>> s.disrupted[s.cells[s.board.index("c2")]], s.hands[s.to_act], s.discards
    (False, [], [60])
    """
    s = r.s
    lookup = r.b.lookup
    card = CARD_INDEX[a.card]
    if card == s.leader_card[p] and card not in s.hands[p]:
        c = s.leader_of[p]
        for x in s.unit_cards(s.where[c]):
            write(r, s.disrupted, x, False)
        s.leader_rallied = s.leader_rallied[:]
        s.leader_rallied[p] = True
        return
    take_from_hand(r, p, card)
    if card in LEADER_CARDS:
        for name in a.squares:
            for x in s.unit_cards(lookup[name]):
                write(r, s.disrupted, x, False)
        s.discards = s.discards + [card]
    elif card in TERRAIN_CARDS:
        sq = lookup[a.squares[0]]
        s.terrain = {**s.terrain, sq: card}
        s.bad |= 1 << sq
    elif card in (SHIELD, COMPANION):
        s.attachments = {**s.attachments, s.cells[lookup[a.squares[0]]]: card}
    elif card == REDEPLOY:
        relocate(r, s.cells[lookup[a.squares[0]]], lookup[a.squares[1]])
        s.discards = s.discards + [card]
    elif card in LOYALTY_CARDS:
        s.discards = s.discards + [card]
        if loyalty_choices(r, 1 - p):
            s.pending = ("loyalty", card)
            s.phase = "loyalty"
            s.to_act = 1 - p


def apply_remove(r: "Rules", a: Action, p: int) -> None:
    """The Loyalty answer: the card on a square, or one from reserve, is eliminated.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); s = g.state
    >>> from battleline.ancient.actions import Action
    >>> apply_remove(Rules(s), Action.parse("remove c2"), s.to_act); s.cells[s.board.index("c2")], s.phase
    (-1, 'tactics')
    """
    s = r.s
    s.pending = None
    s.phase = "tactics"
    s.to_act = 1 - p
    if a.squares:
        eliminate(r, s.cells[r.b.lookup[a.squares[0]]])
        return
    card = CARD_INDEX[a.card]
    take_from_reserve(r, p, card)
    lost = list(s.eliminated)
    lost[p] = lost[p] + [card]
    s.eliminated = lost
    s.turn_hit = True
    if s.leader_of[p] == card and s.outcome is None:
        s.outcome = (1 - p, "leader")


def apply_rally(r: "Rules", a: Action, p: int) -> None:
    """Advanced rally: the unit on the square (if any) loses its marker.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south", disrupted=True); s = g.state; r = Rules(s)
    >>> from battleline.ancient.actions import Action
    >>> s.rally_order = [s.to_act]
    >>> apply_rally(r, Action.parse("rally c2"), s.to_act)
    >>> s.disrupted[s.cells[s.board.index("c2")]], s.rally_order
    (False, [])
    """
    s = r.s
    if a.squares:
        for x in s.unit_cards(r.b.lookup[a.squares[0]]):
            write(r, s.disrupted, x, False)
    s.rally_order = s.rally_order[1:]
