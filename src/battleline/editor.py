"""Building positions card by card: the model behind the position editor.

A :class:`PositionDraft` says where each card goes: a flag (either side), a
hand, a discard pile, or the top of a deck; every card not placed lies in the
decks, shuffled from a seed. Each change is checked at once with the engine's
own words, and a change that breaks a rule changes nothing. ``text()`` gives the
position notation and ``game()`` a game to play from.

>>> d = PositionDraft(to_move=1)
>>> d.place("R8", flag=3, side=1); d.place("R9", flag=3, side=1); d.place("R10", hand=1)
>>> d.place("R8", hand=0)
Traceback (most recent call last):
...
battleline.moves.PositionError: Red 8 is already at flag 3 (south's side)
>>> d.game().legal_moves()[0]
Move('R10@1')
"""

from __future__ import annotations

import random

from .cards import ALL_CARDS, Card, CardLike
from .game import Game, PLAYER_NAMES
from .moves import PositionError

__all__ = ["PositionDraft"]


class PositionDraft:
    """A position being built. Players are 0 (north) and 1 (south); flags 1-9."""

    def __init__(self, rules: str = "standard", to_move: int = 1, seed: int = 1):
        if rules not in ("standard", "advanced"):
            raise PositionError(f"rules must be 'standard' or 'advanced', not {rules!r}")
        if to_move not in (0, 1):
            raise PositionError(f"to_move must be 0 (north) or 1 (south), not {to_move!r}")
        self.rules = rules
        self.to_move = to_move
        self.seed = seed
        self.where: dict[Card, tuple] = {}     # card -> ("flag", f, p) | ("hand", p) | ("discard", p) | ("deck",)
        self.order: list[Card] = []            # placing order (settles ties at a flag)
        self.claimed: dict[int, int] = {}

    # ------------------------------------------------------------ describing
    @staticmethod
    def _words(where: tuple) -> str:
        kind = where[0]
        if kind == "flag":
            return f"at flag {where[1]} ({PLAYER_NAMES[where[2]]}'s side)"
        if kind == "hand":
            return f"in {PLAYER_NAMES[where[1]]}'s hand"
        if kind == "discard":
            return f"in {PLAYER_NAMES[where[1]]}'s discards"
        return f"on top of the {'troop' if where[1] == 0 else 'tactic'} deck"

    def placed(self) -> dict[Card, str]:
        """Every placed card and where it is, in words (the palette greys these out)."""
        return {c: self._words(w) for c, w in self.where.items()}

    # ------------------------------------------------------------- changing
    def place(self, card: CardLike, *, flag: int | None = None, side: int | None = None,
              hand: int | None = None, discard: int | None = None, deck_top: bool = False) -> None:
        """Put a card somewhere; one of ``flag`` (with ``side``), ``hand``, ``discard`` or
        ``deck_top``. Raises :class:`PositionError` and changes nothing when it breaks a rule."""
        try:
            c = Card(card)
        except ValueError as e:
            raise PositionError(str(e)) from None
        if c in self.where:
            raise PositionError(f"{c.name} is already {self._words(self.where[c])}")
        targets = sum(x is not None for x in (flag, hand, discard)) + bool(deck_top)
        if targets != 1:
            raise PositionError("say where the card goes: a flag and side, a hand, a discard pile "
                                "or the top of its deck")
        if flag is not None:
            where = ("flag", self._flag(flag), self._player(side, "side"))
        elif hand is not None:
            where = ("hand", self._player(hand, "hand"))
            if sum(1 for w in self.where.values() if w == where) >= 7:
                raise PositionError(f"{PLAYER_NAMES[where[1]]}'s hand already holds seven cards")
        elif discard is not None:
            where = ("discard", self._player(discard, "discard"))
        else:
            where = ("deck", 0 if c.is_troop else 1)
        self.where[c] = where
        self.order.append(c)
        try:
            self.game()
        except PositionError:
            del self.where[c]
            self.order.pop()
            raise

    def remove(self, card: CardLike) -> None:
        """Take a card back to the palette (it then lies in the decks)."""
        c = Card(card)
        if c not in self.where:
            raise PositionError(f"{c.name} is not placed")
        saved = self.where.pop(c)
        self.order.remove(c)
        try:
            self.game()
        except PositionError:
            self.where[c] = saved
            self.order.append(c)
            raise

    def claim(self, flag: int, player: int | None) -> None:
        """Mark a flag as claimed by a player (None: unclaimed)."""
        f = self._flag(flag)
        before = dict(self.claimed)
        if player is None:
            self.claimed.pop(f, None)
        else:
            self.claimed[f] = self._player(player, "claim")
        try:
            self.game()
        except PositionError:
            self.claimed = before
            raise

    def _flag(self, flag) -> int:
        if isinstance(flag, bool) or not isinstance(flag, int) or not 1 <= flag <= 9:
            raise PositionError(f"flags are numbered 1 to 9, not {flag!r}")
        return flag

    def _player(self, p, what: str) -> int:
        if p not in (0, 1) or isinstance(p, bool):
            raise PositionError(f"{what}: the player is 0 (north) or 1 (south), not {p!r}")
        return p

    # ------------------------------------------------------------- results
    def text(self) -> str:
        """The position notation of the draft (undrawn cards: the decks, from the seed)."""
        lines = ["battleline position 1", f"rules {self.rules}", f"turn {PLAYER_NAMES[self.to_move]} play"]
        for f in range(1, 10):
            sides = []
            order = ""
            for p in (0, 1):
                cards = [c for c in self.order if self.where[c] == ("flag", f, p)]
                sides.append(f"{PLAYER_NAMES[p]} {' '.join(map(str, cards)) or '-'}")
            for c in self.order:
                w = self.where[c]
                if w[0] == "flag" and w[1] == f and c.is_formation_card:
                    order += "NS"[w[2]]
            head = f"flag {f}" + (f" claimed by {PLAYER_NAMES[self.claimed[f]]}" if f in self.claimed else "")
            line = f"{head}: {sides[0]} | {sides[1]}"
            if order and order != "".join(sorted(order)):
                line += f" | order {order}"
            lines.append(line)
        for p in (0, 1):
            cards = [c for c in self.order if self.where[c] == ("hand", p)]
            lines.append(f"hand {PLAYER_NAMES[p]}: {' '.join(map(str, cards)) or '-'}")
        for d, name in ((0, "troop"), (1, "tactic")):
            tops = [c for c in reversed(self.order) if self.where[c] == ("deck", d)]
            if tops:
                rest = self._rest(d)
                lines.append(f"{name} deck: {' '.join(map(str, tops + rest))}")
            else:
                lines.append(f"{name} deck: rest seed {self.seed}")
        for p in (0, 1):
            cards = [c for c in self.order if self.where[c] == ("discard", p)]
            lines.append(f"discard {PLAYER_NAMES[p]}: {' '.join(map(str, cards)) or '-'}")
        return "\n".join(lines) + "\n"

    def _rest(self, deck: int) -> list[Card]:
        pool = [c for c in (ALL_CARDS[:60] if deck == 0 else ALL_CARDS[60:]) if c not in self.where]
        random.Random(self.seed).shuffle(pool)
        return pool

    def game(self) -> Game:
        """A game at this position (raises :class:`PositionError` when it breaks a rule)."""
        return Game.from_position(self.text())

    @classmethod
    def from_game(cls, game: Game, seed: int = 1) -> "PositionDraft":
        """A draft holding everything visible or in hand in ``game`` (decks become 'rest')."""
        d = cls(rules=game.rules, to_move=game.to_move, seed=seed)
        for f in range(1, 10):
            for p, c in game.flag_view(f).placed:
                d.where[c] = ("flag", f, p)
                d.order.append(c)
            for card, owner in game.environment(f):
                d.where[card] = ("flag", f, owner)
                d.order.append(card)
            if game.claimed_by(f) is not None:
                d.claimed[f] = game.claimed_by(f)
        for p in (0, 1):
            for c in game.hand(p):
                d.where[c] = ("hand", p)
                d.order.append(c)
            for c in game.discards(p):
                d.where[c] = ("discard", p)
                d.order.append(c)
        d.game()
        return d
