"""Movement in Ancient Battles: where a unit may move, placing cards from reserve (and
stacking them, Advanced), drawing a Tactics card instead, and the state changes all of it
makes. A mixin of :class:`~.rules.Rules` (it works on ``self.s``, the state, like the others).

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(seed=1); g.put("c2", "Light Cavalry", "south")
>>> sorted(g.state.board.names[d] for d in Rules(g.state).destinations(g.state.cells[g.state.board.index("c2")]))
['a2', 'b2', 'b3', 'c3', 'c4', 'd2', 'd3', 'e2']
"""

from __future__ import annotations

from ..cards import mask_indices as _bits
from .actions import Action
from .board import SIDE_NAMES
from .tables import CARD_INDEX, DRAW, END, SHORT, picker
from .troops import HEAVY_INFANTRY, MOUNTED, TROOP_TYPES

__all__ = ["Movement"]


class Movement:
    """The movement rules: generators and effects of the action step."""

    __slots__ = ()

    def own_units(self, side: int):
        """(square, primary card) of a side's units on the table, by square."""
        cells = self.s.cells
        out = []
        m = self.s.side_squares[side]
        while m:
            sq = (m & -m).bit_length() - 1
            m &= m - 1
            out.append((sq, cells[sq]))
        return out

    def destinations(self, card: int, ignore_done: bool = False) -> list[int]:
        """Squares the unit led by ``card`` may move to (empty if it cannot move)."""
        s = self.s
        sq = s.where[card]
        if sq < 0 or s.disrupted[card] or (not ignore_done and card in s.moved):
            return []
        p = s.owner[card]
        blocked = s.occupied | (s.bad if self._mounted[card] else 0)
        at = self._type_base[card] + sq
        key = (blocked & self._hoods[p][at]) << 9 | at
        memo = self._acts.unit_destinations[p]
        row = memo.get(key)
        if row is None:
            row = memo[key] = self._destination_row(p, card % 10 + 1, sq, blocked)
        return list(row)

    def reach_within(self, card: int, moves: int) -> set[int]:
        """Squares the unit led by ``card`` could stand on after one to ``moves`` moves of
        its own while every other unit stands still (whether it moved this turn aside).

        >>> from battleline.ancient import AncientGame
        >>> from battleline.ancient.rules import Rules
        >>> g = AncientGame.empty(seed=1); g.put("c1", "Hoplites", "south")
        >>> sorted(g.state.board.names[d] for d in Rules(g.state).reach_within(g.state.cells[g.state.board.index("c1")], 2))
        ['c2', 'c3']
        """
        s = self.s
        start = s.where[card]
        if start < 0 or s.disrupted[card]:
            return set()
        p, v = s.owner[card], card % 10 + 1
        blocked = (s.occupied & ~(1 << start)) | (s.bad if self._mounted[card] else 0)
        reached: set[int] = set()
        frontier = {start}
        for _ in range(moves):
            frontier = {d for at in frontier for d in self._destination_row(p, v, at, blocked)} - reached
            reached |= frontier
        reached.discard(start)
        return reached

    def stack_squares(self, side: int, card: int, among) -> list[int]:
        """Own squares where ``card`` may complete a stack: a single card of the same heavy
        infantry type placed in this deployment or this player turn."""
        v = card % 10 + 1
        if "stacks" not in self.s.options or not HEAVY_INFANTRY[v]:
            return []
        return self.stack_bases(side, among).get(v, [])

    def stack_bases(self, side: int, among) -> dict[int, list[int]]:
        """Per type value, the squares (in the order of ``among``) of ``side``'s single
        cards among ``among`` on the table, on which a card of that value may stack."""
        s = self.s
        where, owner, stacked, cells = s.where, s.owner, s.stacked, s.cells
        out: dict[int, list[int]] = {}
        for c in among:
            sq = where[c]
            if sq >= 0 and owner[c] == side and stacked[sq] < 0 and cells[sq] == c:
                out.setdefault(c % 10 + 1, []).append(sq)
        return out

    def may_draw(self, side: int) -> bool:
        """Spend three actions on a Tactics card: once per turn, a card left, a scenario
        leader's card on the table, and the reserve empty since the start of the player turn
        (drawing starts on the turn after the last reserve card was placed)."""
        return self.draw_refusal(side) is None

    def draw_refusal(self, side: int) -> str | None:
        """Why ``side`` may not draw a Tactics card now (the first rule :meth:`may_draw`
        finds broken), or None if it may."""
        s = self.s
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

    def move_refusal(self, card: int, dest: int) -> str:
        """Why the unit led by ``card`` (own, undisrupted) may not move to ``dest`` now: the
        rule of :meth:`destinations` or of the action step it breaks."""
        s = self.s
        t = TROOP_TYPES[card % 10 + 1]
        if card in s.moved:
            return "each card moves at most once a turn, and a card placed from reserve not at all"
        if s.actions_left <= 0:
            return "six actions are used up"
        if s.cells[dest] >= 0:
            return "a card never moves into an occupied position"
        if MOUNTED[t.value] and s.bad >> dest & 1:
            return f"{t.name} can never enter bad terrain"
        if not t.sideways and dest != self.b.forward[s.owner[card]][s.where[card]]:
            return f"{t.name} move forward only"
        return (f"{t.name} move {t.steps} position{'s' if t.steps > 1 else ''}, forward, left or right, "
                "never backward, into, through or over another card")

    def placement_refusal(self, card: int, sq: int, side: int, reinforce: bool) -> str | None:
        """Why ``side`` may not place ``card`` from its reserve on ``sq`` now (in deployment,
        or as a reinforcement in its action step), or None if no rule here forbids it."""
        s = self.s
        if card not in s.reserve[side]:
            return f"{SHORT[card]} is not in {SIDE_NAMES[side]}'s reserve"
        if sq not in self.b.back_row(side):
            return "cards are placed only in your own Back Row"
        if reinforce and s.actions_left <= 0:
            return "six actions are used up"
        if s.cells[sq] >= 0:
            return ("the position is occupied (a stack needs the stacks rule and two heavy infantry "
                    "cards of one type placed in the same deployment or turn)")
        return None

    def redeployable(self, side: int) -> list[int]:
        """Squares of own units with no enemy in front, beside or behind."""
        s, b = self.s, self.b
        enemy = s.side_squares[1 - side]
        out = []
        for sq, _ in self.own_units(side):
            if not any(x >= 0 and enemy >> x & 1 for x in (b.forward[side][sq], b.left[sq], b.right[sq],
                                                          b.back[side][sq])):
                out.append(sq)
        return out

    def action_step(self, p: int) -> list[Action]:
        """The legal actions of side ``p``'s action step, in a fixed order: moves (by square),
        placements from reserve, the Tactics draw, then ``end actions``."""
        s = self.s
        out = []
        if s.actions_left > 0:
            occ = s.occupied
            self._unit_moves(p, out)
            empty_back = self._back_rows[p] & ~occ
            placements = self._acts.placements
            # a card placed this turn may take a second of its heavy infantry type (Advanced)
            bases = self.stack_bases(p, s.placed) if s.placed and "stacks" in s.options else None
            for c in s.reserve[p]:
                key = empty_back << 6 | c
                row = placements.get(key)
                if row is None:
                    row = placements[key] = self._placement_row(c, empty_back)
                out += row
                if bases and HEAVY_INFANTRY[c % 10 + 1]:
                    rein = self._acts.reinforce_rows[c]
                    out += [rein[sq] for sq in bases.get(c % 10 + 1, ())]
            if self.may_draw(p):
                out.append(DRAW)
        out.append(END["actions"])
        return out

    def _unit_moves(self, p: int, out: list) -> None:
        """Add the moves of side ``p``'s units to ``out``, by square. A unit's moves depend only
        on its type, its square and which squares around it block, so they are looked up in a
        memo by those (this is the hot path of a random battle)."""
        s = self.s
        occ = s.occupied
        blocked_for = (occ, occ | s.bad)      # foot, mounted: mounted troops avoid bad terrain
        cells, dis, moved = s.cells, s.disrupted, s.moved
        memo, hoods, base, mounted = self._acts.unit_moves[p], self._hoods[p], self._type_base, self._mounted
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
                row = memo[(blocked & hoods[at]) << 9 | at] = self._move_row(p, c % 10 + 1, sq, blocked)
            out += row

    def _destination_row(self, p: int, v: int, sq: int, blocked: int) -> tuple[int, ...]:
        """The rule of movement: the squares a unit of side ``p`` and type value ``v`` on
        ``sq`` may move to when the squares of ``blocked`` are occupied (or bad terrain, for
        mounted troops): not into a blocked square, and with a free square on the way."""
        return tuple(d for d, vias in self._moves[p][v][sq]
                     if not blocked >> d & 1 and (not vias or vias & ~blocked))

    def _move_row(self, p: int, v: int, sq: int, blocked: int) -> tuple[Action, ...]:
        move_row = self._acts.move_rows[sq]
        return tuple(move_row[d] for d in self._destination_row(p, v, sq, blocked))

    def _placement_row(self, card: int, empty: int) -> tuple[Action, ...]:
        return picker(_bits(empty))(self._acts.reinforce_rows[card])

    def may_act(self, p: int) -> bool:
        """Has side ``p``'s action step anything but ``end actions`` (what
        :meth:`action_step` would list, found without listing it)?"""
        s = self.s
        if s.actions_left <= 0:
            return False
        occ = s.occupied
        reserve = s.reserve[p]
        if reserve:
            if self._back_rows[p] & ~occ:
                return True
            if s.placed and "stacks" in s.options:
                bases = self.stack_bases(p, s.placed)
                if any(HEAVY_INFANTRY[c % 10 + 1] and c % 10 + 1 in bases for c in reserve):
                    return True
        elif self.may_draw(p):
            return True
        cells, dis, moved, table = s.cells, s.disrupted, s.moved, self._moves[p]
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
    def place(self, card: int, sq: int) -> None:
        """Put ``card`` on square ``sq`` (stacking on a card already there)."""
        s = self.s
        write = self.write
        bit = 1 << sq
        if s.cells[sq] >= 0:
            write(s.stacked, sq, card)
            write(s.disrupted, card, s.disrupted[s.cells[sq]])
        else:
            write(s.cells, sq, card)
            s.occupied |= bit
            side = s.owner[card]
            write(s.side_squares, side, s.side_squares[side] | bit)
        write(s.where, card, sq)

    # Lists, sets and dicts other than the per-square and per-card arrays are replaced, never
    # changed in place: the undo journal (.journal) keeps them by reference.
    def _take_from_reserve(self, p: int, card: int) -> None:
        s = self.s
        reserve = list(s.reserve)
        reserve[p] = [c for c in reserve[p] if c != card]
        s.reserve = reserve

    def _take_from_hand(self, p: int, card: int) -> None:
        s = self.s
        hands = list(s.hands)
        hand = hands[p][:]
        hand.remove(card)
        hands[p] = hand
        s.hands = hands

    def _relocate(self, card: int, to: int) -> None:
        s = self.s
        cells, stacked, where, side_squares = s.cells, s.stacked, s.where, s.side_squares
        sq = where[card]
        other = stacked[sq]
        side = s.owner[card]
        log = self.log
        if log is not None:   # the journal (see .journal), inlined on this hot path
            log += (cells, sq, card, stacked, sq, other, cells, to, -1, stacked, to, -1, where, card, sq,
                    side_squares, side, side_squares[side])
            if other >= 0:
                log += (where, other, sq)
        cells[sq] = -1
        stacked[sq] = -1
        cells[to] = card
        stacked[to] = other
        where[card] = to
        if other >= 0:
            where[other] = to
        move = (1 << sq) | (1 << to)
        s.occupied ^= move
        side_squares[side] ^= move

    def apply_move(self, a: Action, p: int) -> None:
        """A move: the unit on the first square goes to the second."""
        s = self.s
        lookup = self.b.lookup
        card = s.cells[lookup[a.squares[0]]]
        self._relocate(card, lookup[a.squares[1]])
        s.moved = s.moved | {card}
        s.actions_left -= 1

    def apply_reinforce(self, a: Action, p: int) -> None:
        """A card placed from reserve on the own Back Row (it moves no more this turn)."""
        s = self.s
        card = CARD_INDEX[a.card]
        self._take_from_reserve(p, card)
        self.place(card, self.b.lookup[a.squares[0]])
        s.moved = s.moved | {card}
        s.placed = s.placed | {card}
        s.actions_left -= 1

    def apply_draw(self, a: Action, p: int) -> None:
        """Three actions spent on the top Tactics card."""
        s = self.s
        hands = list(s.hands)
        hands[p] = hands[p] + [s.deck[-1]]
        s.hands = hands
        s.deck = s.deck[:-1]
        s.drew = True
        s.actions_left -= 3
