"""Movement in Ancient Battles: where a unit may move, placing cards from reserve (and stacking
them, Advanced), drawing a Tactics card instead, and the state changes all of it makes.
Functions over the public state of a :class:`~.rules.Rules` (``r``); every change is recorded
through :mod:`.journal`.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(seed=1); g.put("c2", "Light Cavalry", "south")
>>> sorted(g.state.board.names[d] for d in destinations(Rules(g.state), g.state.cells[g.state.board.index("c2")]))
['a2', 'b2', 'b3', 'c3', 'c4', 'd2', 'd3', 'e2']
"""

from __future__ import annotations

from ..cards import mask_indices as _bits
from ..deprecation import moved_names
from .actions import Action
from .board import SIDE_NAMES
from .journal import relocate, take_from_reserve, write
from .tables import CARD_INDEX, DRAW, END, SHORT, picker
from .troops import HEAVY_INFANTRY, MOUNTED, TROOP_TYPES

__all__ = ["own_units", "destinations", "reach_within", "stack_squares", "stack_bases", "may_draw",
           "draw_refusal", "move_refusal", "placement_refusal", "redeployable", "action_step", "may_act",
           "place", "apply_move", "apply_reinforce", "apply_draw"]

# Before issue 41 the rules were put together from mixins; the mixin's name stands for Rules now.
__getattr__ = moved_names(__name__, {
    "Movement": ("battleline.ancient.rules", "Rules",
            "use Rules: it composes this module\'s functions (issue 41)")})

# ``r: "Rules"`` below is battleline.ancient.rules.Rules, named only: the rules import this
# module, so this module does not import them.


def own_units(r: "Rules", side: int):
    """(square, primary card) of a side's units on the table, by square.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> [(s.board.names[x], c == s.cells[x]) for x, c in own_units(r, s.to_act)]
    [('c2', True)]
    """
    cells = r.s.cells
    out = []
    m = r.s.side_squares[side]
    while m:
        sq = (m & -m).bit_length() - 1
        m &= m - 1
        out.append((sq, cells[sq]))
    return out


def destinations(r: "Rules", card: int, ignore_done: bool = False) -> list[int]:
    """Squares the unit led by ``card`` may move to (empty if it cannot move).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> [s.board.names[d] for d in destinations(r, s.cells[s.board.index("c2")])]
    ['c3']
    """
    s = r.s
    sq = s.where[card]
    if sq < 0 or s.disrupted[card] or (not ignore_done and card in s.moved):
        return []
    p = s.owner[card]
    tables = r.tables
    blocked = s.occupied | (s.bad if tables.mounted[card] else 0)
    at = tables.type_base[card] + sq
    key = (blocked & tables.hoods[p][at]) << 9 | at
    memo = tables.acts.unit_destinations[p]
    row = memo.get(key)
    if row is None:
        row = memo[key] = _destination_row(r, p, card % 10 + 1, sq, blocked)
    return list(row)


def reach_within(r: "Rules", card: int, moves: int) -> set[int]:
    """Squares the unit led by ``card`` could stand on after one to ``moves`` moves of
    its own while every other unit stands still (whether it moved this turn aside).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c1", "Hoplites", "south")
    >>> sorted(g.state.board.names[d] for d in Rules(g.state).reach_within(g.state.cells[g.state.board.index("c1")], 2))
    ['c2', 'c3']
    """
    s = r.s
    start = s.where[card]
    if start < 0 or s.disrupted[card]:
        return set()
    p, v = s.owner[card], card % 10 + 1
    blocked = (s.occupied & ~(1 << start)) | (s.bad if r.tables.mounted[card] else 0)
    reached: set[int] = set()
    frontier = {start}
    for _ in range(moves):
        frontier = {d for at in frontier for d in _destination_row(r, p, v, at, blocked)} - reached
        reached |= frontier
    reached.discard(start)
    return reached


def stack_squares(r: "Rules", side: int, card: int, among) -> list[int]:
    """Own squares where ``card`` may complete a stack: a single card of the same heavy
    infantry type placed in this deployment or this player turn.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1, advanced="stacks"); g.put("c1", "Hoplites", "south"); s = g.state
    >>> hoplite = s.cells[s.board.index("c1")]
    >>> [s.board.names[x] for x in stack_squares(Rules(s), s.to_act, hoplite + 20, [hoplite])]
    ['c1']
    """
    v = card % 10 + 1
    if "stacks" not in r.s.options or not HEAVY_INFANTRY[v]:
        return []
    return stack_bases(r, side, among).get(v, [])


def stack_bases(r: "Rules", side: int, among) -> dict[int, list[int]]:
    """Per type value, the squares (in the order of ``among``) of ``side``'s single
    cards among ``among`` on the table, on which a card of that value may stack.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> hoplite = s.cells[s.board.index("c2")]
    >>> {v: [s.board.names[x] for x in squares] for v, squares in stack_bases(r, s.to_act, [hoplite]).items()}
    {4: ['c2']}
    """
    s = r.s
    where, owner, stacked, cells = s.where, s.owner, s.stacked, s.cells
    out: dict[int, list[int]] = {}
    for c in among:
        sq = where[c]
        if sq >= 0 and owner[c] == side and stacked[sq] < 0 and cells[sq] == c:
            out.setdefault(c % 10 + 1, []).append(sq)
    return out


def may_draw(r: "Rules", side: int) -> bool:
    """Spend three actions on a Tactics card: once per turn, a card left, a scenario
    leader's card on the table, and the reserve empty since the start of the player turn
    (drawing starts on the turn after the last reserve card was placed).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> may_draw(r, s.to_act), draw_refusal(r, s.to_act)
    (True, None)
    """
    return draw_refusal(r, side) is None


def draw_refusal(r: "Rules", side: int) -> str | None:
    """Why ``side`` may not draw a Tactics card now (the first rule :func:`may_draw`
    finds broken), or None if it may.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); s = g.state; r = Rules(s); s.actions_left = 2
    >>> draw_refusal(r, s.to_act)
    'drawing costs three actions'
    """
    s = r.s
    if s.drew:
        return "one Tactics card a turn"
    if s.actions_left < 3:
        return "drawing costs three actions"
    if s.reserve[side]:
        return "a Tactics card is drawn only once the reserve is empty"
    if not s.deck:
        return "the Tactics deck is empty"
    if s.placed:
        return "a Tactics card is drawn from the player turn after the last reserve card was placed"
    if s.leader_card[side] >= 0 and not (s.leader_of[side] >= 0 and s.where[s.leader_of[side]] >= 0):
        return "while the leader's card is not on the table no Tactics card is drawn"
    return None


def move_refusal(r: "Rules", card: int, dest: int) -> str:
    """Why the unit led by ``card`` (own, undisrupted) may not move to ``dest`` now: the
    rule of :func:`destinations` or of the action step it breaks.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> move_refusal(r, s.cells[s.board.index("c2")], s.board.index("d2"))
    'Hoplites move forward only'
    """
    s = r.s
    t = TROOP_TYPES[card % 10 + 1]
    if card in s.moved:
        return "each card moves at most once a turn, and a card placed from reserve not at all"
    if s.actions_left <= 0:
        return "six actions are used up"
    if s.cells[dest] >= 0:
        return "a card never moves into an occupied position"
    if MOUNTED[t.value] and s.bad >> dest & 1:
        return f"{t.name} can never enter bad terrain"
    if not t.sideways and dest != r.b.forward[s.owner[card]][s.where[card]]:
        return f"{t.name} move forward only"
    return (f"{t.name} move {t.steps} position{'s' if t.steps > 1 else ''}, forward, left or right, "
            "never backward, into, through or over another card")


def placement_refusal(r: "Rules", card: int, sq: int, side: int, reinforce: bool) -> str | None:
    """Why ``side`` may not place ``card`` from its reserve on ``sq`` now (in deployment,
    or as a reinforcement in its action step), or None if no rule here forbids it.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.scenario("issus", seed=1); s = g.state; card = s.reserve[s.to_act][0]
    >>> placement_refusal(Rules(s), card, s.board.index("e2"), s.to_act, False)
    'cards are placed only in your own Back Row'
    """
    s = r.s
    if card not in s.reserve[side]:
        return f"{SHORT[card]} is not in {SIDE_NAMES[side]}'s reserve"
    if sq not in r.b.back_row(side):
        return "cards are placed only in your own Back Row"
    if reinforce and s.actions_left <= 0:
        return "six actions are used up"
    if s.cells[sq] >= 0:
        return ("the position is occupied (a stack needs the stacks rule and two heavy infantry "
                "cards of one type placed in the same deployment or turn)")
    return None


def redeployable(r: "Rules", side: int) -> list[int]:
    """Squares of own units with no enemy in front, beside or behind.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> g.put("c4", "Peltasts", "north"); g.put("e2", "Peltasts", "south")
    >>> [s.board.names[x] for x in redeployable(r, s.to_act)]
    ['c2', 'e2']
    """
    s, b = r.s, r.b
    enemy = s.side_squares[1 - side]
    out = []
    for sq, _ in own_units(r, side):
        if not any(x >= 0 and enemy >> x & 1 for x in (b.forward[side][sq], b.left[sq], b.right[sq],
                                                      b.back[side][sq])):
            out.append(sq)
    return out


def action_step(r: "Rules", p: int) -> list[Action]:
    """The legal actions of side ``p``'s action step, in a fixed order: moves (by square),
    placements from reserve, the Tactics draw, then ``end actions``.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c1", "Hoplites", "south"); s = g.state
    >>> [str(a) for a in action_step(Rules(s), s.to_act)]
    ['c1-c2', 'draw', 'end actions']
    """
    s = r.s
    out = []
    if s.actions_left > 0:
        occ = s.occupied
        _unit_moves(r, p, out)
        empty_back = r.tables.back_rows[p] & ~occ
        placements = r.tables.acts.placements
        # a card placed this turn may take a second of its heavy infantry type (Advanced)
        bases = stack_bases(r, p, s.placed) if s.placed and "stacks" in s.options else None
        for c in s.reserve[p]:
            key = empty_back << 6 | c
            row = placements.get(key)
            if row is None:
                row = placements[key] = _placement_row(r, c, empty_back)
            out += row
            if bases and HEAVY_INFANTRY[c % 10 + 1]:
                rein = r.tables.acts.reinforce_rows[c]
                out += [rein[sq] for sq in bases.get(c % 10 + 1, ())]
        if may_draw(r, p):
            out.append(DRAW)
    out.append(END["actions"])
    return out


def _unit_moves(r: "Rules", p: int, out: list) -> None:
    """Add the moves of side ``p``'s units to ``out``, by square. A unit's moves depend only
    on its type, its square and which squares around it block, so they are looked up in a
    memo by those (this is the hot path of a random battle)."""
    s = r.s
    occ = s.occupied
    blocked_for = (occ, occ | s.bad)      # foot, mounted: mounted troops avoid bad terrain
    cells, dis, moved = s.cells, s.disrupted, s.moved
    tables = r.tables
    memo, hoods, base, mounted = tables.acts.unit_moves[p], tables.hoods[p], tables.type_base, tables.mounted
    m = s.side_squares[p]
    while m:     # each own unit (the bit loop inlined)
        sq = (m & -m).bit_length() - 1
        m &= m - 1
        c = cells[sq]
        if dis[c] or c in moved:
            continue
        at = base[c] + sq
        blocked = blocked_for[mounted[c]]
        row = memo.get((blocked & hoods[at]) << 9 | at)
        if row is None:
            row = memo[(blocked & hoods[at]) << 9 | at] = _move_row(r, p, c % 10 + 1, sq, blocked)
        out += row


def _destination_row(r: "Rules", p: int, v: int, sq: int, blocked: int) -> tuple[int, ...]:
    """The rule of movement: the squares a unit of side ``p`` and type value ``v`` on
    ``sq`` may move to when the squares of ``blocked`` are occupied (or bad terrain, for
    mounted troops): not into a blocked square, and with a free square on the way."""
    return tuple(d for d, vias in r.tables.moves[p][v][sq]
                 if not blocked >> d & 1 and (not vias or vias & ~blocked))


def _move_row(r: "Rules", p: int, v: int, sq: int, blocked: int) -> tuple[Action, ...]:
    move_row = r.tables.acts.move_rows[sq]
    return tuple(move_row[d] for d in _destination_row(r, p, v, sq, blocked))


def _placement_row(r: "Rules", card: int, empty: int) -> tuple[Action, ...]:
    return picker(_bits(empty))(r.tables.acts.reinforce_rows[card])


def may_act(r: "Rules", p: int) -> bool:
    """Has side ``p``'s action step anything but ``end actions`` (what
    :func:`action_step` would list, found without listing it)?

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> may_act(r, s.to_act)
    True
    >>> s.actions_left = 0
    >>> may_act(r, s.to_act)
    False
    """
    s = r.s
    if s.actions_left <= 0:
        return False
    occ = s.occupied
    reserve = s.reserve[p]
    if reserve:
        if r.tables.back_rows[p] & ~occ:
            return True
        if s.placed and "stacks" in s.options:
            bases = stack_bases(r, p, s.placed)
            if any(HEAVY_INFANTRY[c % 10 + 1] and c % 10 + 1 in bases for c in reserve):
                return True
    elif may_draw(r, p):
        return True
    cells, dis, moved, table = s.cells, s.disrupted, s.moved, r.tables.moves[p]
    mounted_blocked = occ | s.bad
    m = s.side_squares[p]
    while m:
        sq = (m & -m).bit_length() - 1
        m &= m - 1
        c = cells[sq]
        if dis[c] or c in moved:
            continue
        v = c % 10 + 1
        blocked = mounted_blocked if MOUNTED[v] else occ
        for d, vias in table[v][sq]:
            if not blocked >> d & 1 and (not vias or vias & ~blocked):
                return True
    return False


# ------------------------------------------------------------------ effects
def place(r: "Rules", card: int, sq: int) -> None:
    """Put ``card`` on square ``sq`` (stacking on a card already there).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.journal import rewind
    >>> g = AncientGame.scenario("issus", seed=1); s = g.state; card = s.reserve[s.to_act][0]
    >>> r = Rules(s, log=[])
    >>> place(r, card, s.board.index("e1")); s.board.names[s.where[card]], s.cells[s.board.index("e1")] == card
    ('e1', True)
    >>> rewind(r.log, 0); s.where[card]
    -1
    """
    s = r.s
    bit = 1 << sq
    if s.cells[sq] >= 0:
        write(r, s.stacked, sq, card)
        write(r, s.disrupted, card, s.disrupted[s.cells[sq]])
    else:
        write(r, s.cells, sq, card)
        s.occupied |= bit
        side = s.owner[card]
        write(r, s.side_squares, side, s.side_squares[side] | bit)
    write(r, s.where, card, sq)


def apply_move(r: "Rules", a: Action, p: int) -> None:
    """A move: the unit on the first square goes to the second.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south"); s = g.state; r = Rules(s)
    >>> from battleline.ancient.actions import Action
    >>> apply_move(r, Action.parse("c2-c3"), s.to_act); s.cells[s.board.index("c3")] >= 0, s.actions_left
    (True, 5)
    """
    s = r.s
    lookup = r.b.lookup
    card = s.cells[lookup[a.squares[0]]]
    relocate(r, card, lookup[a.squares[1]])
    s.moved = s.moved | {card}
    s.actions_left -= 1


def apply_reinforce(r: "Rules", a: Action, p: int) -> None:
    """A card placed from reserve on the own Back Row (it moves no more this turn).

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.actions import Action
    >>> from battleline.ancient.tables import SHORT
    >>> g = AncientGame.scenario("issus", seed=1); s = g.state; card = s.reserve[s.to_act][0]
    >>> apply_reinforce(Rules(s), Action.parse(f"reinforce {SHORT[card]}@e1"), s.to_act)
    >>> card in s.reserve[s.to_act], card in s.moved, s.actions_left
    (False, True, 5)
    """
    s = r.s
    card = CARD_INDEX[a.card]
    take_from_reserve(r, p, card)
    place(r, card, r.b.lookup[a.squares[0]])
    s.moved = s.moved | {card}
    s.placed = s.placed | {card}
    s.actions_left -= 1


def apply_draw(r: "Rules", a: Action, p: int) -> None:
    """Three actions spent on the top Tactics card.

    >>> from battleline.ancient import AncientGame
    >>> from battleline.ancient.rules import Rules
    >>> from battleline.ancient.tables import DRAW
    >>> g = AncientGame.empty(seed=1); s = g.state; top = s.deck[-1]
    >>> apply_draw(Rules(s), DRAW, s.to_act); s.hands[s.to_act] == [top], s.actions_left, s.drew
    (True, 3, True)
    """
    s = r.s
    hands = list(s.hands)
    hands[p] = hands[p] + [s.deck[-1]]
    s.hands = hands
    s.deck = s.deck[:-1]
    s.drew = True
    s.actions_left -= 3
