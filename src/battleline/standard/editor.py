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
battleline.errors.PositionError: Red 8 is already at flag 3 (south's side)
>>> d.game().legal_moves()[0]
Move('R10@1')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from ..cards import ALL_CARDS, Card, CardLike
from .game import PLAY, Game, PLAYER_NAMES
from ..errors import shorten
from .moves import PositionError

__all__ = ["PositionDraft", "RULE_SETS", "place_words"]

RULE_SETS = ("standard", "advanced")  # the rules a position may be played under


def place_words(where: tuple) -> str:
    """Where the editor has put a card, in the engine's English (its errors say it so):
    ``("flag", 3, 1)`` is flag 3, south's side.

    >>> place_words(("flag", 3, 1)), place_words(("deck", 1))
    ("at flag 3 (south's side)", 'on top of the tactic deck')
    """
    kind = where[0]
    if kind == "flag":
        return f"at flag {where[1]} ({PLAYER_NAMES[where[2]]}'s side)"
    if kind == "hand":
        return f"in {PLAYER_NAMES[where[1]]}'s hand"
    if kind == "discard":
        return f"in {PLAYER_NAMES[where[1]]}'s discards"
    return f"on top of the {'troop' if where[1] == 0 else 'tactic'} deck"


class PositionDraft:
    """A position being built. Players are 0 (north) and 1 (south); flags 1-9."""

    def __init__(self, rules: str = "standard", to_move: int = 1, seed: int = 1):
        if rules not in RULE_SETS:
            raise PositionError(f"rules must be 'standard' or 'advanced', not {shorten(rules)}", rule="rules-name")
        if to_move not in (0, 1):
            raise PositionError(f"to_move must be 0 (north) or 1 (south), not {shorten(to_move)}", rule="player-range")
        self.rules = rules
        self.to_move = to_move
        self.seeds = [seed, seed]             # shuffle the rest of the troop and tactic decks
        self.where: dict[Card, tuple] = {}     # card -> ("flag", f, p) | ("hand", p) | ("discard", p) | ("deck",)
        self.order: list[Card] = []            # placing order (settles ties at a flag)
        self.claimed: dict[int, int] = {}

    # ------------------------------------------------------------ describing
    def placed(self, words: Callable[[tuple], str] | None = None) -> dict[Card, str]:
        """Every placed card and where it is, in words (the palette greys these out): the
        engine's English (:func:`place_words`) or the caller's ``words`` for a place (a
        widget passes :func:`battleline.texts.place_words` in its language).

        >>> d = PositionDraft(); d.place("Fog", flag=2, side=0); d.placed()
        {Card('Fog'): "at flag 2 (north's side)"}
        >>> d.placed(lambda where: "/".join(map(str, where)))
        {Card('Fog'): 'flag/2/0'}
        """
        words = words or place_words
        return {c: words(w) for c, w in self.where.items()}

    def tactics_played(self, player: int) -> int:
        """Tactics cards counted as played by ``player``: on their side of a flag or in
        their discards.

        >>> d = PositionDraft(); d.place("Scout", discard=1); d.tactics_played(1)
        1
        """
        return sum(1 for c, w in self.where.items()
                   if c.is_tactic and w[0] in ("flag", "discard") and w[-1] == player)

    # ------------------------------------------------------------- changing
    def place(self, card: CardLike, *, flag: int | None = None, side: int | None = None,
              hand: int | None = None, discard: int | None = None, deck_top: bool = False) -> None:
        """Put a card somewhere; one of ``flag`` (with ``side``), ``hand``, ``discard`` or
        ``deck_top``. Raises :class:`PositionError` and changes nothing when it breaks a rule."""
        c = self._card(card)
        if c in self.where:
            raise PositionError(f"{c.name} is already {place_words(self.where[c])}", rule="already-placed",
                                card=str(c), where=self.where[c])
        targets = sum(x is not None for x in (flag, hand, discard)) + bool(deck_top)
        if targets != 1:
            raise PositionError("say where the card goes: a flag and side, a hand, a discard pile "
                                "or the top of its deck", rule="say-where")
        if flag is not None:
            where = ("flag", self._flag(flag), self._player(side, "side"))
            if c.is_formation_card:
                self._check_room(where)
        elif hand is not None:
            where = ("hand", self._player(hand, "hand"))
            if sum(1 for w in self.where.values() if w == where) >= 7:
                raise PositionError(f"{PLAYER_NAMES[where[1]]}'s hand already holds seven cards",
                                    rule="hand-seven", player=where[1])
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

    def put(self, card: CardLike, **target) -> None:
        """Like :meth:`place`, but a card already placed is moved (all or nothing).

        >>> d = PositionDraft(); d.place("R7", hand=0); d.put("R7", flag=1, side=1)
        >>> d.placed()[Card("R7")]
        "at flag 1 (south's side)"
        """
        c = self._card(card)
        saved = dict(self.where), list(self.order)
        if c in self.where:
            del self.where[c]
            self.order.remove(c)
        try:
            self.place(c, **target)
        except PositionError:
            self.where, self.order = saved
            raise

    def set_turn(self, player: int) -> None:
        """Who is to move (0 north, 1 south)."""
        self._set_checked("to_move", self._player(player, "turn"))

    def set_rules(self, rules: str) -> None:
        """``standard`` or ``advanced``."""
        if rules not in RULE_SETS:
            raise PositionError(f"rules must be 'standard' or 'advanced', not {shorten(rules)}", rule="rules-name")
        self._set_checked("rules", rules)

    def _set_checked(self, attr: str, value) -> None:
        before = getattr(self, attr)
        setattr(self, attr, value)
        try:
            self.game()
        except PositionError:
            setattr(self, attr, before)
            raise

    def _check_room(self, where: tuple) -> None:
        """A side holds three formation cards, four under Mud (checked before the engine's
        whole-position checks, to say it plainly)."""
        mud = Card("Mud")
        if self.where.get(mud, ("",))[0] == "discard":
            return  # a side may keep four cards where Mud was: the engine checks the history
        held = sum(1 for c, w in self.where.items() if w == where and c.is_formation_card)
        under_mud = self.where.get(mud, ())[:2] == ("flag", where[1])
        if under_mud and held >= 4:
            raise PositionError(f"four is the most a side can hold, even with Mud "
                                f"(flag {where[1]}, {PLAYER_NAMES[where[2]]}'s side is full)",
                                rule="side-full-mud", flag=where[1], player=where[2])
        if not under_mud and held >= 3:
            raise PositionError(f"three is the most a side can hold without Mud "
                                f"(flag {where[1]}, {PLAYER_NAMES[where[2]]}'s side is full)",
                                rule="side-full-three", flag=where[1], player=where[2])

    def remove(self, card: CardLike) -> None:
        """Take a card back to the palette (it then lies in the decks)."""
        c = self._card(card)
        if c not in self.where:
            raise PositionError(f"{c.name} is not placed", rule="not-placed", card=str(c))
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
            raise PositionError(f"flags are numbered 1 to 9, not {shorten(flag)}", rule="flag-range")
        return flag

    @staticmethod
    def _card(card) -> Card:
        try:
            return Card(card)
        except ValueError as e:
            raise PositionError(str(e), rule="unknown-card", text=card) from None

    def _player(self, p, what: str) -> int:
        if p not in (0, 1) or isinstance(p, bool):
            raise PositionError(f"{what}: the player is 0 (north) or 1 (south), not {shorten(p)}", rule="player-range")
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
                lines.append(f"{name} deck: rest seed {self.seeds[d]}")
        for p in (0, 1):
            cards = [c for c in self.order if self.where[c] == ("discard", p)]
            lines.append(f"discard {PLAYER_NAMES[p]}: {' '.join(map(str, cards)) or '-'}")
        return "\n".join(lines) + "\n"

    def _rest(self, deck: int) -> list[Card]:
        pool = [c for c in (ALL_CARDS[:60] if deck == 0 else ALL_CARDS[60:]) if c not in self.where]
        random.Random(self.seeds[deck]).shuffle(pool)
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

    @classmethod
    def from_text(cls, text: str) -> tuple["PositionDraft", list[str]]:
        """A draft from a position text, and what of it the editor cannot hold (Scout's
        marks, a turn caught after its play, the count of idle turns), in words. Decks given
        card by card keep their order; ``rest seed N`` decks keep their seed.

        >>> d, dropped = PositionDraft.from_text(PositionDraft().text())
        >>> dropped, d.text() == PositionDraft().text()
        ([], True)
        """
        if not isinstance(text, str):
            raise PositionError("a position is text", rule="position-not-text")
        g = Game.from_position(text)
        dropped = []
        if "[" in text:
            dropped.append("Scout marks")
        if g.phase != PLAY:
            dropped.append(f"the {g.phase} phase")
        if g.observation(g.to_move).idle_turns:
            dropped.append("the idle-turn count")
        d = cls.from_game(g)
        for k, name in ((0, "troop"), (1, "tactic")):
            m = re.search(rf"^\s*{name} deck\s*:\s*rest\s+seed\s+([0-9]{{1,18}})\s*$", text, re.I | re.M)
            if m:
                d.seeds[k] = int(m.group(1))
            else:
                for c in reversed(g.deck(name)):   # bottom first: the last placed is the top
                    d.where[c] = ("deck", k)
                    d.order.append(c)
        d.game()
        return d, dropped
