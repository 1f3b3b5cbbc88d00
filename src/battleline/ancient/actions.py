"""Actions: every decision a player makes in Ancient Battles, as a hashable value with a
text form.

=====================  =========================================================
text                   meaning
=====================  =========================================================
``leader R4``          attach your scenario leader to troop card R4 (before deployment)
``deploy R4@c1``       place R4 face down on c1 of your Back Row
``scout first``        play Scout at the initiative and move first (``scout second``)
``roll``               keep Scout and roll for the initiative
``play Fog@d3``        Fog or Mud on an empty Front Row position
``play Shield@c2``     Shield Bearers (or ``Companion``) on your card at c2
``play Alexander c2 d2 e2``  a Leader from hand rallies those cards
``play Darius``        the scenario leader rallies the card it is attached to (once)
``play Redeploy c3-b1``  your card at c3 goes to b1 of your Back Row
``play Traitor``       a Loyalty card (or ``play Deserter``); the opponent then removes
``remove c2``          (Loyalty, the opponent) remove that card, or ``remove R2`` from reserve
                       (a square in lower case, a card with its colour in upper case)
``end tactics``        go on to the actions
``c2-c3``              move the card on c2 to c3
``reinforce R4@c1``    place reserve card R4 on c1 of your Back Row
``draw``               spend three actions to draw a Tactics card
``end actions``        go on to missile fire
``fire c2-c4``         the card on c2 fires at c4
``end fire``           go on to melee
``attack c2-c3``       the card on c2 attacks c3; ``attack b3+c2-c3`` is a combined attack
``end melee``          end the player turn
``withdraw``           (the defender) step back before the melee; ``stand`` to fight
``rally c2``           continuous rallying at the end of the turn; ``rally none``
=====================  =========================================================

>>> a = Action.parse("attack c2+b3-c3")
>>> a
Action(kind='attack', card='', squares=('b3', 'c2', 'c3'), option='')
>>> str(a)
'attack b3+c2-c3'
>>> str(Action.parse(" Reinforce r4 @ C1"))
'reinforce R4@c1'
"""

from __future__ import annotations

import re
from typing import Callable, NamedTuple

from ..cards import Card
from ..errors import InvalidMoveError, shorten

__all__ = ["Action", "STEPS", "PLAN_JOINER", "parse_plan", "read_action"]

#: The steps an ``end`` action closes.
STEPS = ("tactics", "actions", "fire", "melee")
#: How a plan's actions (an action step's choices, in order) are written in one text.
PLAN_JOINER = ", "
_SQUARE = re.compile(r"^[a-k](?:[1-4])$")
_AT_CARDS = {"Fog", "Mud", "Shield", "Companion"}
_LEADERS = {"Alexander", "Darius"}
_LOYALTY = {"Traitor", "Deserter"}


def _square(text: str, whole: str) -> str:
    t = text.strip().lower()
    if not _SQUARE.match(t):
        raise InvalidMoveError(f"cannot read square {shorten(text)} in {shorten(whole)}")
    return t


def _card(text: str, whole: str) -> str:
    try:
        return str(Card(text.strip()))
    except ValueError:
        raise InvalidMoveError(f"unknown card {shorten(text.strip())} in {shorten(whole)}") from None


class Action(NamedTuple):
    """One decision. ``kind`` is one of ``leader deploy scout roll play remove end move
    reinforce draw fire attack withdraw stand rally``; ``card`` a card's short text;
    ``squares`` square names; ``option`` the step an ``end`` closes or ``first``/``second``
    for Scout. Build one with :meth:`parse` or compare with ``str()``."""

    kind: str
    card: str = ""
    squares: tuple[str, ...] = ()
    option: str = ""

    def __str__(self) -> str:
        try:
            return self._text()
        except (IndexError, TypeError):
            # a hand-built Action with missing fields: show its parts, never fail
            return shorten(" ".join(str(x) for x in self), 60)

    def _text(self) -> str:
        write = _WRITERS.get(self.kind) if isinstance(self.kind, str) else None
        if write is None:
            return f"{self.kind} {self.card} {' '.join(self.squares)} {self.option}".strip()
        return write(self)

    @classmethod
    def parse(cls, text: "str | Action") -> "Action":
        """Read an action's text (case and spaces are forgiven); InvalidMoveError if unreadable.

        >>> Action.parse("play Alexander c2 d2").squares
        ('c2', 'd2')
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidMoveError(f"an action is a text or an Action, not {shorten(text)}")
        whole = text
        t = " ".join(text.replace("@", " @ ").split())
        t = t.replace(" @ ", "@")
        if not t or len(t) > 80:
            raise InvalidMoveError(f"cannot read action {shorten(whole)}")
        words = t.split(" ")
        head = words[0].lower()
        rest = words[1:]
        if head in ("draw", "roll", "withdraw", "stand") and not rest:
            return cls(head)
        if head == "end" and len(rest) == 1 and rest[0].lower() in STEPS:
            return cls("end", option=rest[0].lower())
        if head in ("reinforce", "deploy") and len(rest) == 1 and rest[0].count("@") == 1:
            c, s = rest[0].split("@")
            return cls(head, _card(c, whole), (_square(s, whole),))
        if head == "fire" and len(rest) == 1 and rest[0].count("-") == 1:
            a, b = rest[0].split("-")
            return cls("fire", squares=(_square(a, whole), _square(b, whole)))
        if head == "attack" and len(rest) == 1 and rest[0].count("-") == 1:
            a, b = rest[0].split("-")
            attackers = tuple(sorted({_square(x, whole) for x in a.split("+")}))
            if len(attackers) != len(a.split("+")):
                raise InvalidMoveError(f"an attacker is named twice in {shorten(whole)}")
            return cls("attack", squares=attackers + (_square(b, whole),))
        if head == "leader" and len(rest) == 1:
            return cls("leader", _card(rest[0], whole))
        if head == "scout" and len(rest) == 1 and rest[0].lower() in ("first", "second"):
            return cls("scout", option=rest[0].lower())
        if head == "remove" and len(rest) == 1:
            # "b4" is a square, "B4" the Blue 4: squares are lower case, cards upper case
            if _SQUARE.match(rest[0]):
                return cls("remove", squares=(rest[0].lower(),))
            return cls("remove", _card(rest[0], whole))
        if head == "rally" and len(rest) == 1:
            if rest[0].lower() == "none":
                return cls("rally")
            return cls("rally", squares=(_square(rest[0], whole),))
        if head == "play" and rest:
            first = rest[0]
            if "@" in first and len(rest) == 1:
                c, s = first.split("@", 1)
                c = _card(c, whole)
                if c not in _AT_CARDS:
                    raise InvalidMoveError(f"{c} is not placed on a square: {shorten(whole)}")
                return cls("play", c, (_square(s, whole),))
            c = _card(first, whole)
            if c == "Redeploy" and len(rest) == 2 and rest[1].count("-") == 1:
                a, b = rest[1].split("-")
                return cls("play", c, (_square(a, whole), _square(b, whole)))
            if c in _LEADERS:
                targets = tuple(sorted(_square(x, whole) for x in rest[1:]))
                if len(set(targets)) != len(targets):
                    raise InvalidMoveError(f"a card is named twice in {shorten(whole)}")
                return cls("play", c, targets)
            if c in _LOYALTY and len(rest) == 1:
                return cls("play", c)
            raise InvalidMoveError(f"cannot read Tactics play {shorten(whole)}: e.g. 'play Fog@d3', "
                                   "'play Shield@c2', 'play Alexander c2 d2', 'play Redeploy c3-b1', "
                                   "'play Traitor'")
        if len(words) == 1 and head.count("-") == 1:
            a, b = head.split("-")
            return cls("move", squares=(_square(a, whole), _square(b, whole)))
        raise InvalidMoveError(f"cannot read action {shorten(whole)}: e.g. 'c2-c3', 'reinforce R4@c1', "
                               "'fire c2-c4', 'attack c2-c3', 'end actions'")


_SHAPES = {"fire": "shooter's square and the target's", "attack": "attackers' squares and the target's"}


def read_action(action: Action | str, legal: list[Action] | None) -> Action:
    """``action`` as an :class:`Action`: text is parsed, and a hand-built Action that is not
    in ``legal`` (the legal actions now, None once the battle is over) must read back from
    its own text, so a malformed one is refused by name (shortened, never echoed whole)
    before any rule looks at its fields.

    >>> read_action("c2-c3", None).squares
    ('c2', 'c3')
    """
    a = Action.parse(action)
    try:
        hash(a)
    except TypeError:
        raise InvalidMoveError(f"not an action: {shorten(action)}") from None
    if isinstance(action, Action) and (legal is None or a not in legal):
        squares = a.squares if isinstance(a.squares, tuple) else ()
        if (a.kind == "fire" and len(squares) != 2) or (a.kind == "attack" and len(squares) < 2):
            raise InvalidMoveError(f"{a.kind} names the {_SHAPES[a.kind]}, as in "
                                   f"'{a.kind} {'c2-c3' if a.kind == 'fire' else 'b3+c2-c3'}', "
                                   f"not the squares {shorten(a.squares)}")
        text = str(a)
        read = Action.parse(text)   # unreadable (an unknown card, a long text): InvalidMoveError
        if (read.kind, read.card, sorted(read.squares), read.option) != \
                (a.kind, a.card, sorted(squares), a.option):
            raise InvalidMoveError(f"a hand-built action must read back from its text: "
                                   f"{shorten(tuple(a), 60)} reads as {shorten(text)}")
    return a


def parse_plan(text: "str | Action") -> list[Action]:
    """A choice in one text, one action or a plan (its actions in order, joined by
    :data:`PLAN_JOINER`, as a review or a hint gives an action step), read action by action;
    InvalidMoveError names the action that cannot be read.

    >>> [str(a) for a in parse_plan("b2-b1, reinforce R4@c1")]
    ['b2-b1', 'reinforce R4@c1']
    """
    if isinstance(text, Action):
        return [text]
    if not isinstance(text, str):
        raise InvalidMoveError(f"a plan is a text, not {shorten(text)}")
    return [Action.parse(part) for part in text.split(PLAN_JOINER.strip())]


def _play_text(a: Action) -> str:
    c, sq = a.card, a.squares
    if c in _AT_CARDS:
        return f"play {c}@{sq[0]}"
    if c == "Redeploy":
        return f"play Redeploy {sq[0]}-{sq[1]}"
    return " ".join(("play", c) + sq)


def _placing(a: Action) -> str:
    return f"{a.kind} {a.card}@{a.squares[0]}"


def _bare(a: Action) -> str:
    return a.kind


# An action's text by its kind (an IndexError or TypeError from a hand-built Action's missing
# fields is caught by ``Action.__str__``).
_WRITERS: dict[str, Callable[[Action], str]] = {
    "move": lambda a: f"{a.squares[0]}-{a.squares[1]}",
    "reinforce": _placing,
    "deploy": _placing,
    "draw": _bare, "roll": _bare, "withdraw": _bare, "stand": _bare,
    "end": lambda a: f"end {a.option}",
    "fire": lambda a: f"fire {a.squares[0]}-{a.squares[1]}",
    "attack": lambda a: f"attack {'+'.join(a.squares[:-1])}-{a.squares[-1]}",
    "leader": lambda a: f"leader {a.card}",
    "scout": lambda a: f"scout {a.option}",
    "remove": lambda a: f"remove {a.card or a.squares[0]}",
    "rally": lambda a: f"rally {a.squares[0] if a.squares else 'none'}",
    "play": _play_text,
}
