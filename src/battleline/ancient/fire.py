"""Missile fire in Ancient Battles: which units have a missile weapon, what each can reach,
and the shot itself. A mixin of :class:`~.rules.Rules`.

>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.rules import Rules
>>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
>>> s = g.state; [s.board.names[x] for x in Rules(s).fire_squares(s.cells[s.board.index("c2")])]
['c3']
"""

from __future__ import annotations

from .actions import Action
from .combat import missile_hits
from .tables import END, reach_tables
from .troops import TROOP_TYPES

__all__ = ["Fire"]


class Fire:
    """The missile rules: generators and effects of the fire step."""

    __slots__ = ()

    # ------------------------------------------------------------------ helpers
    def weapon(self, card: int) -> str | None:
        """The missile weapon of the unit led by ``card`` (a stack shoots with a bow only if
        both its cards carry one)."""
        s = self.s
        t = TROOP_TYPES[card % 10 + 1]
        sq = s.where[card]
        other = s.stacked[sq] if sq >= 0 else -1
        bow = card in s.bows and (other < 0 or other in s.bows)
        return t.weapon(bow)

    def fire_squares(self, card: int, ignore_done: bool = False) -> list[int]:
        """Squares of undisrupted enemy units the unit led by ``card`` may fire at."""
        s = self.s
        sq = s.where[card]
        if sq < 0 or s.disrupted[card] or (not ignore_done and card in s.fired):
            return []
        weapon = self._weapons[card] if s.stacked[sq] < 0 else self.weapon(card)
        if weapon is None:
            return []
        side = s.owner[card]
        fwd = self.b.forward[side]
        f = fwd[sq]
        if f < 0:
            return []
        enemy = s.side_squares[1 - side]
        occ = s.occupied
        dis, cells = s.disrupted, s.cells
        out = []
        if enemy >> f & 1 and not dis[cells[f]]:
            out.append(f)
        if weapon == "bow":
            f_empty = not occ >> f & 1
            if f_empty:
                ff = fwd[f]
                if ff >= 0 and enemy >> ff & 1 and not dis[cells[ff]]:
                    out.append(ff)
            for lat in (self.b.left[sq], self.b.right[sq]):
                if lat < 0:
                    continue
                d = fwd[lat]
                if d >= 0 and (f_empty or not occ >> lat & 1) and enemy >> d & 1 and not dis[cells[d]]:
                    out.append(d)
        return out

    def fire_refusal(self, card: int, target_sq: int) -> str:
        """Why the unit led by ``card`` (own, undisrupted) may not fire at ``target_sq`` now:
        the rule of :meth:`fire_squares` it breaks."""
        s = self.s
        if card in s.fired:
            return "each card fires at most once a turn"
        weapon = self.weapon(card)
        if weapon is None:
            return f"{TROOP_TYPES[card % 10 + 1].name} have no missile weapon here"
        target = s.cells[target_sq]
        if target < 0 or s.owner[target] != 1 - s.owner[card]:
            return "missile fire needs an enemy card as target"
        if s.disrupted[target]:
            return "missile fire cannot affect a card that is already disrupted"
        return (f"out of range or no clear line: a {weapon} reaches "
                + ("only the position in front" if weapon == "javelin" else
                   "the position in front, two in front over an empty one, or forward-diagonal "
                   "past an empty front or side position"))

    def fire_step(self, p: int) -> list[Action]:
        """The legal actions of side ``p``'s fire step: each shot (by shooter's square, then
        target), then ``end fire``."""
        s = self.s
        out = []
        armed = self._armed
        weapons = self._weapons
        enemy = s.side_squares[1 - p]
        bow_reach, javelin_reach = reach_tables(s.width)
        bow_reach, javelin_reach = bow_reach[p], javelin_reach[p]
        fire_rows = self._acts.fire_rows
        m = s.side_squares[p]
        while m:
            low = m & -m
            m ^= low
            sq = low.bit_length() - 1
            c = s.cells[sq]
            if not armed[c] or s.disrupted[c] or c in s.fired:
                continue
            if not enemy & (javelin_reach[sq] if weapons[c] == "javelin" else bow_reach[sq]):
                continue   # nobody within reach
            row = fire_rows[sq]
            out.extend([row[x] for x in self.fire_squares(s.cells[sq])])
        out.append(END["fire"])
        return out

    def may_fire(self, p: int) -> bool:
        """Has side ``p``'s fire step a shot (anything but ``end fire``)?"""
        s = self.s
        m = s.side_squares[p]
        armed, cells, dis, fired = self._armed, s.cells, s.disrupted, s.fired
        while m:
            low = m & -m
            m ^= low
            c = cells[low.bit_length() - 1]
            if armed[c] and not dis[c] and c not in fired and self.fire_squares(c):
                return True
        return False

    def resolve_fire(self, card: int, target: int) -> None:
        self.s.fired = self.s.fired | {card}
        if missile_hits(self.s.dice.roll(), target % 10 + 1):
            self.hit(target)

    def apply_fire(self, a: Action, p: int) -> None:
        """A shot: the unit on the first square fires at the one on the second."""
        s = self.s
        lookup = self.b.lookup
        self.resolve_fire(s.cells[lookup[a.squares[0]]], s.cells[lookup[a.squares[1]]])
