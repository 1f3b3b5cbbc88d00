"""The turn flow of Battle Line: playing a card to a flag, drawing, Scout's returns, the end
of a turn (and the deadlock that idle turns make) and the end of the game. A mixin of
:class:`~.game.Game`; every change goes through the undo journal (:mod:`.journal`).

>>> from battleline import Game
>>> g = Game(seed=1, first=0)
>>> g.push(g.legal_moves()[0]); g.phase, g.to_move
('draw', 0)
>>> g.push(g.legal_moves()[0]); g.phase, g.to_move
('play', 1)
"""

from __future__ import annotations

from ..cards import DARIUS, FOG, MUD, TROOP_MASK, Card
from ..sides import Outcome
from .formations import CARDS_NEEDED
from .journal import append, take, write
from .rules import DEADLOCK_IDLE_TURNS, DRAW, FLAGS, OVER, PLAY, SCOUT_DRAW, SCOUT_RETURN, deadlock_winner

__all__ = ["TurnFlow"]


class TurnFlow:
    """Cards played, drawn and put back, and the turn that ends."""

    __slots__ = ()

    def _recount(self, f: int) -> None:
        """Bring both players' bit for flag f in ``_complete`` up to date."""
        need = CARDS_NEEDED[self.mud_flag == f]
        bit = 1 << f
        complete = self._complete
        for p in (0, 1):
            old = complete[p]
            new = old | bit if len(self.sides[p][f]) >= need else old & ~bit
            if new != old:
                write(self._log, complete, p, new)

    def _touch(self, f: int) -> None:
        """Flag f's cards change: a fresh version, so that no remembered claim verdict of its
        cards before is taken for one of its cards after (undo brings the old version back
        with the old cards). :meth:`_play_card` does the same inline."""
        self._version_clock += 1
        write(self._log, self._flag_versions, f, self._version_clock)

    def _play_card(self, p: int, card: Card, f: int) -> None:
        """``card`` from p's hand to flag f (Fog and Mud to the flag itself). Half the moves
        of a game are plays: the journal's entries are written inline (as :func:`.journal.take`,
        :func:`~.journal.append` and :func:`~.journal.write` write them)."""
        log = self._log
        versions = self._flag_versions
        self._version_clock += 1
        log.append((versions, f, versions[f]))
        versions[f] = self._version_clock
        hand = self.hands[p]
        i = hand.index(card)
        del hand[i]
        log.append((hand, ~i, card))
        if card >= FOG:
            self._set_environment(card, f, p)
            if card == MUD:
                self._recount(f)
        else:
            side = self.sides[p][f]
            side.append(card)
            placed_at = self.placed_at
            log.append((side, None, None))
            log.append((placed_at, card, placed_at[card]))
            placed_at[card] = self.clock
            self.clock += 1
            if len(side) >= CARDS_NEEDED[self.mud_flag == f]:
                complete = self._complete
                log.append((complete, p, complete[p]))
                complete[p] |= 1 << f
        self.visible |= 1 << card
        if card >= 60:
            write(log, self.tactics_counts, p, self.tactics_counts[p] + 1)
            if card <= DARIUS and not self.leader_played[p]:
                write(log, self.leader_played, p, True)
        self.turn_active = True
        self.phase = DRAW

    def _draw(self, p: int, deck: int) -> None:
        """The top card of a deck (0 troop, 1 Tactics) into p's hand; the turn ends unless p
        is drawing for Scout. The other half of the moves: journaled inline, as plays are."""
        cards = self.decks[deck]
        card = cards.pop()
        hand = self.hands[p]
        hand.append(card)
        log = self._log
        log.append((cards, ~len(cards), card))
        log.append((hand, None, None))
        bit = 1 << card
        known = self.known_deck
        if (known[0] | known[1]) & bit:
            self._forget_put_back(p, bit)
        if self.phase == SCOUT_DRAW:
            self.scout_left -= 1
            if self.scout_left == 0 or not (self.decks[0] or self.decks[1]):
                self.phase = SCOUT_RETURN
                self.scout_left = min(2, len(self.hands[p]))
        else:
            self.turn_active = True
            self._end_turn()

    def _forget_put_back(self, p: int, bit: int) -> None:
        """p drew the card (``bit``) that Scout put back in a deck: no longer known to lie
        there, and now known by the one who put it back to be in p's hand."""
        log, known = self._log, self.known_deck
        if known[1 - p] & bit:
            write(log, known, 1 - p, known[1 - p] ^ bit)
            write(log, self.opponent_known, 1 - p, self.opponent_known[1 - p] | bit)
        if known[p] & bit:
            write(log, known, p, known[p] ^ bit)

    def _return_card(self, p: int, card: Card) -> None:
        """Scout: ``card`` from p's hand back on top of its deck, known to p there."""
        log = self._log
        hand = self.hands[p]
        take(log, hand, hand.index(card))
        deck = 0 if card < 60 else 1
        append(log, self.decks[deck], card)
        write(log, self.known_deck, p, self.known_deck[p] | 1 << card)
        q = 1 - p
        # The opponent no longer knows where his known cards of this deck kind are.
        kind_mask = TROOP_MASK if deck == 0 else ~TROOP_MASK
        if self.opponent_known[q] & kind_mask:
            write(log, self.opponent_known, q, self.opponent_known[q] & ~kind_mask)
        self.scout_left -= 1
        if self.scout_left == 0:
            self._end_turn()

    def _flag_counts(self) -> tuple[int, int]:
        claimed = self.claimed
        return (sum(1 for g in FLAGS if claimed[g] == 0), sum(1 for g in FLAGS if claimed[g] == 1))

    def _finish(self, winner: int | None, reason: str) -> None:
        self._outcome = Outcome(winner, reason, self._flag_counts())
        self.phase = OVER

    def _end_turn(self) -> None:
        if self.turn_active:
            self.idle_turns = 0
        else:
            self.idle_turns += 1
            # An idle turn drew no card, so either both decks are empty or the hand was
            # full: two in a row repeat forever (docs/rules.md, Deadlock).
            if self.idle_turns >= DEADLOCK_IDLE_TURNS:
                self._finish(deadlock_winner(self._flag_counts()), "deadlock")
                return
        self.to_move = 1 - self.to_move
        self.phase = PLAY
        self.turn_active = False
