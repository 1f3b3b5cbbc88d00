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
from .board import SOUTH
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
        if weapon is None or self.b.forward[s.owner[card]][sq] < 0:
            return []
        return self._targets(s.owner[card], sq, weapon == "bow")

    def _targets(self, side: int, sq: int, bow: bool) -> list[int]:
        """The rule of fire: a javelin reaches the enemy in front; a bow also two in front over
        an empty square, and forward-diagonally past an empty front or side square. Only
        undisrupted enemies are targets. (A shooter on ``sq`` with a square in front.)"""
        s = self.s
        f, ff, diagonals = self._lines[side][sq]
        enemy = s.side_squares[1 - side]
        dis, cells = s.disrupted, s.cells
        out = [f] if enemy >> f & 1 and not dis[cells[f]] else []
        if bow:
            occ = s.occupied
            f_empty = not occ >> f & 1
            if f_empty and ff >= 0 and enemy >> ff & 1 and not dis[cells[ff]]:
                out.append(ff)
            for lat, d in diagonals:
                if (f_empty or not occ >> lat & 1) and enemy >> d & 1 and not dis[cells[d]]:
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
        fire_rows = self._acts.fire_rows
        out = []
        for sq, bow in self._shooters(p):
            row = fire_rows[sq]
            out += [row[x] for x in self._targets(p, sq, bow)]
        out.append(END["fire"])
        return out

    def may_fire(self, p: int) -> bool:
        """Has side ``p``'s fire step a shot (anything but ``end fire``)?"""
        return any(self._targets(p, sq, bow) for sq, bow in self._shooters(p))

    def _shooters(self, p: int):
        """(square, has a bow) of side ``p``'s units that may still fire and have an enemy
        within their weapon's reach, by square."""
        s = self.s
        armed, weapons = self._armed, self._weapons
        enemy = s.side_squares[1 - p]
        bow_reach, javelin_reach = self._reach
        bow_reach, javelin_reach = bow_reach[p], javelin_reach[p]
        cells, dis, fired, stacked = s.cells, s.disrupted, s.fired, s.stacked
        m = s.side_squares[p] & self._near(p, enemy)
        while m:
            sq = (m & -m).bit_length() - 1
            m &= m - 1
            c = cells[sq]
            if not armed[c] or dis[c] or c in fired:
                continue
            weapon = weapons[c] if stacked[sq] < 0 else self.weapon(c)
            if weapon is not None and enemy & (javelin_reach[sq] if weapon == "javelin" else bow_reach[sq]):
                yield sq, weapon == "bow"

    def _near(self, p: int, enemy: int) -> int:
        """The squares from which side ``p`` could have an enemy within a bow's reach (in
        front, two in front, forward-diagonal): every shooter worth a closer look."""
        w = self.b.width
        not_first, not_last = self._columns
        if p == SOUTH:
            return (enemy >> w | enemy >> 2 * w | (enemy >> (w - 1)) & not_first
                    | (enemy >> (w + 1)) & not_last)
        return (enemy << w | enemy << 2 * w | (enemy << (w + 1)) & not_first
                | (enemy << (w - 1)) & not_last)

    def resolve_fire(self, card: int, target: int) -> None:
        self.s.fired = self.s.fired | {card}
        if missile_hits(self.s.dice.roll(), target % 10 + 1):
            self.hit(target)

    def apply_fire(self, a: Action, p: int) -> None:
        """A shot: the unit on the first square fires at the one on the second."""
        s = self.s
        lookup = self.b.lookup
        self.resolve_fire(s.cells[lookup[a.squares[0]]], s.cells[lookup[a.squares[1]]])
