"""The Tactics cards' effects in Battle Line: Fog and Mud at a flag, and the Guile cards
(Scout, Redeploy, Deserter, Traitor) that move cards about the table. A mixin of
:class:`~.game.Game`; every change goes through the undo journal (:mod:`.journal`).

>>> from battleline import Game
>>> g = Game(seed=1)
>>> g.environment(4), g.fog_flag, g.mud_owner
([], 0, -1)
"""

from __future__ import annotations

from ..cards import ALL_CARDS, DESERTER, FOG, MUD, REDEPLOY, SCOUT, TRAITOR, Card
from .journal import append, take, write
from .moves import Move
from .rules import DRAW, FLAGS, SCOUT_DRAW

__all__ = ["TacticsCards", "GUILE_CARD"]

#: The Guile card each kind of Guile move plays.
GUILE_CARD = {"scout": SCOUT, "redeploy": REDEPLOY, "deserter": DESERTER, "traitor": TRAITOR}


class TacticsCards:
    """Fog and Mud, and the Guile moves."""

    __slots__ = ()

    # ------------------------------------------------------------ Fog and Mud
    def environment(self, flag: int) -> list[tuple[Card, int]]:
        """``(card, owner)`` for Fog and Mud at a flag."""
        return [(ALL_CARDS[c], owner) for c, f, owner in self._environment_cards() if f == flag]

    def _environment_cards(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """``(card, flag, owner)`` for Fog, then Mud; flag 0 and owner -1 when not on the table."""
        return (FOG, self.fog_flag, self.fog_owner), (MUD, self.mud_flag, self.mud_owner)

    def _set_environment(self, card: int, flag: int, owner: int) -> None:
        """Put Fog or Mud (``card``) at ``flag`` for ``owner``; flag 0, owner -1 take it away."""
        if card == FOG:
            self.fog_flag, self.fog_owner = flag, owner
        else:
            self.mud_flag, self.mud_owner = flag, owner

    # ------------------------------------------------------------------ Guile
    def _discard_tactic(self, p: int, tactic: int) -> None:
        """The Guile card ``tactic`` from p's hand to p's discards, counted as played."""
        log = self._log
        hand = self.hands[p]
        take(log, hand, hand.index(tactic))
        append(log, self.discard_piles[p], ALL_CARDS[tactic])
        self.visible |= 1 << tactic
        write(log, self.tactics_counts, p, self.tactics_counts[p] + 1)
        self.turn_active = True

    def _remove_from_table(self, owner: int, card: int) -> int:
        """Take ``owner``'s ``card`` off the table; returns the flag it was at."""
        if card == FOG or card == MUD:
            f = self.fog_flag if card == FOG else self.mud_flag
            self._set_environment(card, 0, -1)
            return f
        for f in FLAGS:
            side = self.sides[owner][f]
            if card in side:
                take(self._log, side, side.index(card))
                return f
        raise AssertionError(f"{card} is not on the table")

    def _place(self, p: int, card: int, f: int) -> None:
        """``card`` on p's side of flag f, placed now."""
        log = self._log
        append(log, self.sides[p][f], card)
        write(log, self.placed_at, card, self.clock)
        self.clock += 1

    def _play_guile(self, p: int, move: Move) -> None:
        """Scout, Redeploy, Deserter or Traitor, as ``move`` says."""
        kind = move.kind
        self._discard_tactic(p, GUILE_CARD[kind])
        if kind == "scout":
            self.phase = SCOUT_DRAW
            self.scout_left = min(3, len(self.decks[0]) + len(self.decks[1]))
            return
        card, to = move.card, move.flag
        if to is not None:
            self._touch(to)
        if kind == "redeploy":
            f = self._remove_from_table(p, card)
            if to is None:
                append(self._log, self.discard_piles[p], card)
            elif card == FOG or card == MUD:
                self._set_environment(card, to, p)
            else:
                self._place(p, card, to)
        elif kind == "deserter":
            f = self._remove_from_table(1 - p, card)
            append(self._log, self.discard_piles[1 - p], card)
        else:  # traitor
            f = self._remove_from_table(1 - p, card)
            self._place(p, card, to)
        self._touch(f)
        self._recount(f)
        if to is not None:
            self._recount(to)
        self.phase = DRAW
