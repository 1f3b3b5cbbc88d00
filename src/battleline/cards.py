"""The 70 cards of Battle Line: 60 Troop cards and 10 Tactics cards.

A :class:`Card` is a small immutable value: an ``int`` from 0 to 69, so that
sets of cards are bit masks (``1 << card``) on the engine's hot paths. Troop
``c * 10 + (v - 1)`` has colour ``c`` (``R O Y G B P``) and value ``v``;
Tactics are 60 to 69. Every card exists once, so ``Card("R7") is Card("R7")``.

>>> Card("R7").value, Card("R7").color
(7, 'R')
>>> str(Card("alexander"))
'Alexander'
"""

from __future__ import annotations

from typing import Iterable, Union

from .errors import shorten

__all__ = [
    "mask_indices",
    "Card",
    "CardLike",
    "COLORS",
    "COLOR_NAMES",
    "TROOP_NAMES",
    "TACTICS",
    "ALL_CARDS",
    "TROOPS",
    "TACTICS_CARDS",
    "parse_cards",
    "cards_text",
]

COLORS = "ROYGBP"
COLOR_NAMES = ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
TROOP_NAMES = {
    10: "Elephants",
    9: "Chariots",
    8: "Heavy Cavalry",
    7: "Light Cavalry",
    6: "Hypaspists",
    5: "Phalangists",
    4: "Hoplites",
    3: "Javalineers",
    2: "Peltasts",
    1: "Skirmishers",
}

# Short text, full name, kind. The order fixes the card numbers 60..69.
TACTICS = (
    ("Alexander", "Alexander", "leader"),
    ("Darius", "Darius", "leader"),
    ("Companion", "Companion Cavalry", "morale"),
    ("Shield", "Shield Bearers", "morale"),
    ("Fog", "Fog", "environment"),
    ("Mud", "Mud", "environment"),
    ("Scout", "Scout", "guile"),
    ("Redeploy", "Redeploy", "guile"),
    ("Deserter", "Deserter", "guile"),
    ("Traitor", "Traitor", "guile"),
)

TACTICS_TEXT = {
    "Alexander": "Leader: a wild card of any colour and any value. One Leader per player.",
    "Darius": "Leader: a wild card of any colour and any value. One Leader per player.",
    "Companion": "Companion Cavalry: a troop of value 8 in the colour of your choice.",
    "Shield": "Shield Bearers: a troop of value 1, 2 or 3 in the colour of your choice.",
    "Fog": "Fog: formations do not count at this flag; the higher total wins.",
    "Mud": "Mud: each side of this flag needs four cards.",
    "Scout": "Scout: draw three cards from the decks of your choice, then put two from your hand back on top.",
    "Redeploy": "Redeploy: move one of your cards at an unclaimed flag to another free place, or discard it.",
    "Deserter": "Deserter: discard one of your opponent's cards at an unclaimed flag.",
    "Traitor": "Traitor: take one of your opponent's troops at an unclaimed flag into a free place on your side.",
}


class Card(int):
    """One card, parsed from and printed as its short text.

    >>> Card("P10")
    Card('P10')
    >>> Card("B3") < Card("B4")
    True
    >>> Card("Shield").is_tactic
    True
    """

    __slots__ = ()

    def __new__(cls, value: "CardLike") -> "Card":
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            found = _BY_TEXT.get(value.strip().lower())
            if found is None:
                raise ValueError(f"unknown card {shorten(value)}: expected a troop like R7 or P10 "
                                 f"(colours {' '.join(COLORS)}, values 1-10) or a Tactics card "
                                 f"({', '.join(t[0] for t in TACTICS)})")
            return found
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 70:
            return ALL_CARDS[value]
        raise ValueError(f"not a card: {shorten(value)}")

    @classmethod
    def _make(cls, index: int) -> "Card":
        return int.__new__(cls, index)

    # --- what the card is -------------------------------------------------
    @property
    def is_troop(self) -> bool:
        """True for the 60 coloured troop cards."""
        return int(self) < 60

    @property
    def is_tactic(self) -> bool:
        """True for the 10 Tactics cards."""
        return int(self) >= 60

    @property
    def color(self) -> str | None:
        """Colour letter of a troop (``R O Y G B P``), None for Tactics."""
        return COLORS[int(self) // 10] if int(self) < 60 else None

    @property
    def value(self) -> int | None:
        """Value 1-10 of a troop, None for Tactics."""
        return int(self) % 10 + 1 if int(self) < 60 else None

    @property
    def kind(self) -> str:
        """``troop``, ``leader``, ``morale``, ``environment`` or ``guile``."""
        return "troop" if int(self) < 60 else TACTICS[int(self) - 60][2]

    @property
    def is_wild(self) -> bool:
        """Leaders, Companion Cavalry and Shield Bearers: placed like troops."""
        return 60 <= int(self) <= 63

    @property
    def is_formation_card(self) -> bool:
        """Cards that occupy a place at a flag: troops and Morale Tactics."""
        return int(self) <= 63

    @property
    def is_environment(self) -> bool:
        return int(self) in (64, 65)

    @property
    def is_guile(self) -> bool:
        return int(self) >= 66

    @property
    def is_leader(self) -> bool:
        return int(self) in (60, 61)

    @property
    def short(self) -> str:
        """The short text: ``R7``, ``P10``, ``Alexander``, ``Fog`` ..."""
        return _SHORT[int(self)]

    @property
    def name(self) -> str:
        """The full English name: ``Red 7``, ``Companion Cavalry`` ..."""
        i = int(self)
        if i < 60:
            return f"{COLOR_NAMES[i // 10]} {i % 10 + 1}"
        return TACTICS[i - 60][1]

    @property
    def text(self) -> str:
        """One line explaining what the card does."""
        i = int(self)
        if i < 60:
            return f"{self.name}: {TROOP_NAMES[i % 10 + 1]}, a troop of value {i % 10 + 1}."
        return TACTICS_TEXT[_SHORT[i]]

    @property
    def bit(self) -> int:
        """``1 << card``: the card as a one-card set."""
        return 1 << int(self)

    def __str__(self) -> str:
        return _SHORT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_SHORT[int(self)]!r})"

    def __reduce__(self):
        return (Card, (int(self),))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self


CardLike = Union[Card, str, int]

_SHORT = [f"{COLORS[i // 10]}{i % 10 + 1}" for i in range(60)] + [t[0] for t in TACTICS]
ALL_CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(70))
TROOPS: tuple[Card, ...] = ALL_CARDS[:60]
TACTICS_CARDS: tuple[Card, ...] = ALL_CARDS[60:]

_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    _BY_TEXT[_SHORT[_card].lower()] = _card
# Accepted spellings beside the short text.
for _alias, _short in (("companion cavalry", "Companion"), ("shield bearers", "Shield"),
                       ("shieldbearers", "Shield"), ("companioncavalry", "Companion")):
    _BY_TEXT[_alias] = _BY_TEXT[_short.lower()]
for _i, _cname in enumerate(COLOR_NAMES):
    for _v in range(1, 11):
        _BY_TEXT[f"{_cname.lower()} {_v}"] = ALL_CARDS[_i * 10 + _v - 1]

ALEXANDER, DARIUS, COMPANION, SHIELD, FOG, MUD, SCOUT, REDEPLOY, DESERTER, TRAITOR = range(60, 70)
TROOP_MASK = (1 << 60) - 1


def mask_indices(mask: int) -> list[int]:
    """The numbers of the set bits of a card mask, lowest first.

    >>> mask_indices(0b1010_0001)
    [0, 5, 7]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def parse_cards(text: str | Iterable[CardLike]) -> list[Card]:
    """Cards from a space- or comma-separated text, or from an iterable.

    >>> parse_cards("R7 B8, Fog")
    [Card('R7'), Card('B8'), Card('Fog')]
    """
    if isinstance(text, str):
        parts = text.replace(",", " ").split()
        return [Card(p) for p in parts]
    return [Card(c) for c in text]


def cards_text(cards: Iterable[CardLike]) -> str:
    """Short texts joined by spaces.

    >>> cards_text([Card("R7"), "B8"])
    'R7 B8'
    """
    return " ".join(str(Card(c)) for c in cards)
