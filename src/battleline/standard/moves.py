"""Moves: small hashable values with a short text form.

=======================  ===========================================
text                     move
=======================  ===========================================
``R7@3``                 play Red 7 (or a Leader, Companion, Shield,
                         Fog, Mud) at flag 3
``Scout``                play Scout (then three ``draw`` moves and
                         two ``return`` moves)
``Redeploy R7@5``        move your R7 to flag 5
``Redeploy R7@discard``  discard your R7
``Deserter B5``          discard the opponent's B5
``Traitor B5@2``         take the opponent's B5 to your flag 2
``claim 3``              claim flag 3
``draw troop``           draw from the troop deck (``draw tactic``)
``return R7``            put R7 back on its deck (after Scout)
``pass``                 play no card (only when no troop can go)
``end``                  end the turn when no card can be drawn
=======================  ===========================================

>>> Move.parse("R7@3")
Move('R7@3')
>>> Move.parse("redeploy r7 @ discard") == Move.redeploy("R7", None)
True
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional

from ..cards import ALL_CARDS, SCOUT, Card, CardLike
from ..errors import IllegalMoveError, InvalidMoveError, PositionError, clip, shorten

__all__ = ["Move", "IllegalMoveError", "InvalidMoveError", "PositionError"]


DECKS = ("troop", "tactic")
# A move's text by its kind; a kind without one (pass, end) is written as itself.
_TEMPLATES = {"play": "{card}@{flag}", "scout": "Scout", "redeploy": "Redeploy {card}@{where}",
              "deserter": "Deserter {card}", "traitor": "Traitor {card}@{flag}", "claim": "claim {flag}",
              "draw": "draw {deck}", "return": "return {card}"}


class Move(NamedTuple):
    """One move. ``kind`` is one of ``play scout redeploy deserter traitor claim
    draw return pass end``; ``card`` the card moved or taken; ``flag`` the
    target flag 1-9 (None for a discard); ``deck`` ``troop``/``tactic`` for a draw.

    >>> str(Move.play("Fog", 5))
    'Fog@5'
    """

    kind: str
    card: Optional[Card] = None
    flag: Optional[int] = None
    deck: Optional[str] = None

    # --- constructors (interned where it matters) ---------------------------
    @staticmethod
    def play(card: CardLike, flag: int) -> "Move":
        """Play a troop, Morale or Environment card at a flag."""
        c = Card(card)
        row = _PLAY.get(c)
        if row is None:
            raise IllegalMoveError(f"{c} is a Guile card: it is not played at a flag",
                                   rule="guile-at-flag", card=str(c))
        return row[flag_number(flag)]

    @staticmethod
    def scout() -> "Move":
        return SCOUT_MOVE

    @staticmethod
    def redeploy(card: CardLike, flag: int | None) -> "Move":
        """Move your card to ``flag``, or discard it when ``flag`` is None."""
        return Move("redeploy", Card(card), None if flag is None else flag_number(flag))

    @staticmethod
    def deserter(card: CardLike) -> "Move":
        return Move("deserter", Card(card))

    @staticmethod
    def traitor(card: CardLike, flag: int) -> "Move":
        return Move("traitor", Card(card), flag_number(flag))

    @staticmethod
    def claim(flag: int) -> "Move":
        return CLAIM_MOVES[flag_number(flag)]

    @staticmethod
    def draw(deck: str) -> "Move":
        if deck not in DECKS:
            raise InvalidMoveError(f"unknown deck {shorten(deck)}: expected 'troop' or 'tactic'",
                                   rule="unknown-deck")
        return DRAW_MOVES[deck]

    @staticmethod
    def return_card(card: CardLike) -> "Move":
        return Move("return", Card(card))

    # --- text -------------------------------------------------------------
    def __str__(self) -> str:
        template = _TEMPLATES.get(self.kind)
        if template is None:
            return self.kind
        where = "discard" if self.flag is None else self.flag   # a redeploy's destination
        return template.format(card=self.card, flag=self.flag, deck=self.deck, where=where)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read a move from its text form. Raises :class:`InvalidMoveError` for text that
        cannot be read (a typo, an unknown card, a flag outside 1-9) and
        :class:`IllegalMoveError` for a move no rule allows (a Guile card at a flag).

        >>> Move.parse("claim 4").flag
        4
        >>> Move.parse("claim 10")
        Traceback (most recent call last):
        ...
        battleline.errors.InvalidMoveError: cannot read move 'claim 10': flag '10' is not a number from 1 to 9
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text or a Move, not {type(text).__name__}",
                                   rule="move-not-text")
        t = " ".join(text.strip().split())
        low = t.lower()
        try:
            if low in ("pass", "end", "scout"):
                return {"pass": PASS_MOVE, "end": END_MOVE, "scout": SCOUT_MOVE}[low]
            m = re.fullmatch(r"claim (?:flag )?(\S+)", low)
            if m:
                return cls.claim(_parse_flag(m.group(1)))
            m = re.fullmatch(r"draw (troop|tactic|tactics)s?", low)
            if m:
                return cls.draw("tactic" if m.group(1).startswith("tactic") else "troop")
            m = re.fullmatch(r"return (\S+)", low)
            if m:
                return cls.return_card(Card(m.group(1)))
            m = re.fullmatch(r"redeploy (\S+?) ?@ ?(\S+)", low)
            if m:
                dest = m.group(2)
                return cls.redeploy(Card(m.group(1)), None if dest == "discard" else _parse_flag(dest))
            m = re.fullmatch(r"deserter (\S+)", low)
            if m:
                return cls.deserter(Card(m.group(1)))
            m = re.fullmatch(r"traitor (\S+?) ?@ ?(\S+)", low)
            if m:
                return cls.traitor(Card(m.group(1)), _parse_flag(m.group(2)))
            m = re.fullmatch(r"(?:play )?(\S+?) ?(?:@| at (?:flag )?) ?(\S+)", low)
            if m:
                card = Card(m.group(1))
                flag = _parse_flag(m.group(2))
                if card.is_guile:
                    raise IllegalMoveError(f"{card} is not played at a flag",
                                           rule="guile-at-flag", card=str(card))
                return cls.play(card, flag)
        except IllegalMoveError as e:
            raise IllegalMoveError(f"{shorten(text)}: {e}", rule=e.rule, **e.params) from None
        except ValueError as e:  # InvalidMoveError, and Card's ValueError for an unknown card
            raise InvalidMoveError(f"cannot read move {shorten(text)}: {e}",
                                   rule="move-unreadable", text=clip(text)) from None
        raise InvalidMoveError(f"cannot read move {shorten(text)}: expected e.g. 'R7@3', 'claim 3', "
                               f"'draw troop', 'Scout', 'Redeploy R7@5', 'Deserter B5', "
                               f"'Traitor B5@2', 'return R7', 'pass' or 'end'",
                               rule="move-unreadable", text=clip(text))


def flag_number(flag) -> int:
    """``flag`` if it is a flag number (1 to 9); InvalidMoveError otherwise.

    >>> flag_number(3)
    3
    """
    if isinstance(flag, bool) or not isinstance(flag, int) or not 1 <= flag <= 9:
        raise InvalidMoveError(f"flag must be a number from 1 to 9, not {shorten(flag)}",
                               rule="flag-range")
    return flag


def _parse_flag(s: str) -> int:
    if not re.fullmatch(r"[1-9]", s):  # ASCII only: "٣" is not read as 3
        raise InvalidMoveError(f"flag {shorten(s, 12)} is not a number from 1 to 9",
                               rule="flag-range")
    return int(s)


_PLAY = {c: [None] + [Move("play", c, f) for f in range(1, 10)] for c in ALL_CARDS[:66]}
PLAY_TABLE = [_PLAY[c] for c in ALL_CARDS[:66]]  # PLAY_TABLE[card][flag], the interned play moves
CLAIM_MOVES = [None] + [Move("claim", None, f) for f in range(1, 10)]
DRAW_MOVES = {d: Move("draw", None, None, d) for d in DECKS}
PASS_MOVE = Move("pass")
END_MOVE = Move("end")
SCOUT_MOVE = Move("scout", ALL_CARDS[SCOUT])
