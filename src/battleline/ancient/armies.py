"""Armies: the :class:`Army` value (cards, bows), the points-army limits, and the seven
scenarios as data with their special rules.

An army is a set of troop cards, some "with bow". Its point value is the sum of its cards'
costs: a card costs its value, one more with a bow (in scenarios too).

>>> army = Army("R8 O8 Y8 R7 O7 Y7 R6 O6 Y6 R5 O5 Y5 R4 O4 Y4", bows="R7")
>>> army.points
91
>>> check_points_army(army)
>>> SCENARIOS["marathon"].width
7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..cards import COLORS, Card, parse_cards
from ..errors import PositionError, shorten
from .board import SOUTH, by_side
from .troops import TROOP_TYPES

__all__ = ["Army", "Scenario", "SCENARIOS", "SCENARIO_NAMES", "check_points_army", "may_buy_bow",
           "check_points_armies", "POINTS_BUDGET", "MAX_CARDS", "MAX_PER_TYPE", "MAX_COLOURS"]

POINTS_BUDGET = 100
MAX_CARDS = 18
MAX_PER_TYPE = 3
MAX_COLOURS = 3

ALEXANDER, DARIUS, COMPANION, SHIELD = (Card(t) for t in ("Alexander", "Darius", "Companion", "Shield"))


def _cards(value: str | Iterable, what: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        try:
            value = list(value)
        except TypeError:   # a number, None: neither text nor a list of cards
            raise PositionError(f"{what}: expected card texts such as 'R4 O4' or a list of cards, "
                                f"not {shorten(value)}") from None
    try:
        cards = parse_cards(value)
    except ValueError as e:
        raise PositionError(f"{what}: {e}") from None
    return tuple(cards)


@dataclass(frozen=True)
class Army:
    """An army: troop cards, the ones carrying bows, and an optional name.

    ``cards`` and ``bows`` take card texts (``"R4 O4"``) or cards. Building one checks only
    that the cards are distinct troops and that bows go on cards of the army that may carry
    one; :func:`check_points_army` checks the points limits.

    >>> Army("R3 O3", bows="R3").cost(Card("R3"))
    4
    """

    cards: tuple[Card, ...]
    bows: frozenset[Card] = frozenset()
    name: str = ""

    def __init__(self, cards, bows=(), name: str = "") -> None:
        cards = _cards(cards, "army list")
        bows = _cards(bows, "bows")
        if not cards:
            raise PositionError("an army needs at least one troop card")
        if len(set(cards)) != len(cards):
            dup = next(c for c in cards if cards.count(c) > 1)
            raise PositionError(f"army list names {dup} twice: every card exists once")
        for c in cards:
            if not c.is_troop:
                raise PositionError(f"army list: {c} is a Tactics card, not a troop")
        for b in bows:
            if b not in cards:
                raise PositionError(f"bow on {b}, which is not in the army")
            if not TROOP_TYPES[b.value].may_carry_bow:
                raise PositionError(f"bow on {b}: only Javalineers, Light Cavalry and Heavy "
                                    "Cavalry may carry a bow")
        object.__setattr__(self, "cards", tuple(sorted(cards)))
        object.__setattr__(self, "bows", frozenset(bows))
        object.__setattr__(self, "name", name)

    def cost(self, card: Card) -> int:
        """A card's points: its value, plus one with a bow."""
        return card.value + (card in self.bows)

    @property
    def points(self) -> int:
        """The army's point value."""
        return sum(self.cost(c) for c in self.cards)

    @property
    def colours(self) -> set[str]:
        """The colours its cards come from."""
        return {c.color for c in self.cards}

    def text(self) -> str:
        """The army list as text: cards, bows marked ``*`` (``R3*`` is a Javalineer with bow)."""
        return " ".join(f"{c}{'*' if c in self.bows else ''}" for c in self.cards)

    @classmethod
    def from_text(cls, text: str, name: str = "") -> "Army":
        """The inverse of :meth:`text`.

        >>> Army.from_text("R3* O4").bows == {Card("R3")}
        True
        """
        if not isinstance(text, str):
            raise PositionError(f"army list: expected text, not {type(text).__name__}")
        parts = text.split()
        for part in parts:
            # One star at most, and only at the end: "R3**" or "R*3" is a typo, not a bow.
            if "*" in part[:-1]:
                raise PositionError(f"army list: {shorten(part)} is not a card (a bow is one * after the card)")
        return cls([p.rstrip("*") for p in parts], [p.rstrip("*") for p in parts if p.endswith("*")], name)


def may_buy_bow(value: int) -> bool:
    """Whether a points army may buy a bow for a troop of this value: the types that may
    carry one, but Heavy Cavalry with bow exists only in scenarios.

    >>> [v for v in range(1, 11) if may_buy_bow(v)]
    [3, 7]
    """
    return TROOP_TYPES[value].may_carry_bow and value != 8


def check_points_army(army: Army) -> None:
    """Raise PositionError naming the first points-army limit the army breaks."""
    if army.points > POINTS_BUDGET:
        raise PositionError(f"points limit: the army costs {army.points} points, more than "
                            f"the budget of {POINTS_BUDGET} (a bow costs 1 more)")
    if len(army.cards) > MAX_CARDS:
        raise PositionError(f"card limit: {len(army.cards)} cards, at most {MAX_CARDS}")
    counts: dict[int, int] = {}
    for c in army.cards:
        counts[c.value] = counts.get(c.value, 0) + 1
    for v, n in sorted(counts.items()):
        if n > MAX_PER_TYPE:
            raise PositionError(f"type limit: {n} {TROOP_TYPES[v].name}, at most {MAX_PER_TYPE} of a type")
    if len(army.colours) > MAX_COLOURS:
        raise PositionError(f"colour limit: cards of {len(army.colours)} colours "
                            f"({''.join(sorted(army.colours, key=COLORS.index))}), at most {MAX_COLOURS}")
    for b in army.bows:
        if not may_buy_bow(b.value):
            raise PositionError(f"bow on {b}: Heavy Cavalry with bow exists only in scenarios")


def check_points_armies(south: Army, north: Army) -> None:
    """Both armies' limits, then that their colours do not overlap.

    >>> check_points_armies(Army("R5 O5"), Army("R4"))
    Traceback (most recent call last):
    ...
    battleline.errors.PositionError: colour limit: both armies use R; the two armies' colours never overlap
    """
    check_points_army(south)
    check_points_army(north)
    shared = south.colours & north.colours
    if shared:
        raise PositionError(f"colour limit: both armies use {''.join(sorted(shared, key=COLORS.index))}; "
                            "the two armies' colours never overlap")


@dataclass(frozen=True)
class Scenario:
    """A historical battle: the two armies (south listed first in the seed), the width, and
    its special rules. The pairs (``leaders``, ``hands``, ``loyalty_extra``) are indexed by side
    number and ``small_elephants`` is one (:mod:`battleline.sides`)."""

    name: str
    title: str
    width: int
    south: Army
    north: Army
    leaders: tuple[Card | None, Card | None] = (None, None)   # leader cards attached to a troop
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # starting Tactics hands
    loyalty_extra: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    stacks: bool = False               # heavy infantry stacks compulsory (Raphia)
    small_elephants: int | None = None  # side whose Elephants fight Elephants at -2
    notes: str = ""


def _build(lists: tuple[list[tuple[int, int, bool]], list[tuple[int, int, bool]]], names):
    """Give each (count, value, bow) entry free cards of that value, colours in order R O Y G B P."""
    used: dict[int, int] = {}
    armies = []
    for entries, name in zip(lists, names):
        cards, bows = [], []
        for count, value, bow in entries:
            for _ in range(count):
                k = used.get(value, 0)
                if k >= 6:
                    raise AssertionError(f"scenario needs more than six cards of value {value}")
                used[value] = k + 1
                card = Card(k * 10 + value - 1)
                cards.append(card)
                if bow:
                    bows.append(card)
        armies.append(Army(cards, bows, name))
    return armies


def _scenario(name, title, width, south_name, south, north_name, north, **rules) -> Scenario:
    s, n = _build((south, north), (south_name, north_name))
    return Scenario(name, title, width, s, n, **rules)


_MACEDONIAN = [(6, 5, False), (2, 4, False), (4, 6, False), (4, 2, False), (2, 1, False),
               (2, 7, False), (2, 8, False)]
_PERSIAN_RULES = dict(leaders=by_side(None, DARIUS), hands=by_side((COMPANION, ALEXANDER), ()),
                      loyalty_extra=by_side(frozenset(), frozenset({4})))

SCENARIOS: dict[str, Scenario] = {
    "cunaxa": _scenario(
        "cunaxa", "Cunaxa", 9,
        "Rebel army (Cyrus the Younger)",
        [(2, 4, False), (2, 2, False), (2, 3, False), (2, 1, False), (2, 7, False), (2, 8, False)],
        "Royal army (Artaxerxes)",
        [(2, 3, False), (2, 3, True), (4, 1, False), (2, 7, False), (3, 8, False)],
        leaders=by_side(ALEXANDER, DARIUS), hands=by_side((SHIELD, COMPANION), ()),
        notes="Both leaders are attached to a troop card before deployment."),
    "issus": _scenario(
        "issus", "Issus", 9, "Macedonian army (Alexander)", _MACEDONIAN,
        "Persian army (Darius III)",
        [(4, 4, False), (4, 3, True), (4, 1, False), (2, 7, False), (2, 8, False),
         (2, 7, True), (2, 8, True)], **_PERSIAN_RULES),
    "gaugamela": _scenario(
        "gaugamela", "Gaugamela", 9, "Macedonian army (Alexander)", _MACEDONIAN,
        "Persian army (Darius III)",
        [(6, 3, True), (4, 1, False), (2, 9, False), (2, 7, False), (2, 8, False),
         (2, 7, True), (2, 8, True)], **_PERSIAN_RULES),
    "indus": _scenario(
        "indus", "The Indus", 9, "Macedonian army (Alexander)",
        [(6, 5, False), (2, 6, False), (4, 2, False), (2, 1, False), (2, 7, False),
         (2, 7, True), (3, 8, False)],
        "Indian army (Porus)",
        [(4, 10, False), (4, 9, False), (4, 3, True), (4, 1, False), (2, 7, False)]),
    "marathon": _scenario(
        "marathon", "Marathon", 7, "Greek army",
        [(6, 4, False), (4, 2, False), (2, 1, False), (2, 7, False)],
        "Persian army",
        [(2, 3, True), (2, 3, False), (4, 1, False), (2, 7, False), (1, 8, False), (1, 8, True)]),
    "sicily": _scenario(
        "sicily", "Sicily", 9, "Epirot army (Pyrrhus)",
        [(2, 10, False), (6, 5, False), (2, 2, False), (2, 1, False), (2, 7, False), (2, 8, False)],
        "Early Carthaginian army (Hanno)",
        [(4, 9, False), (4, 4, False), (4, 3, False), (4, 1, False), (2, 7, False), (2, 8, False)]),
    "raphia": _scenario(
        "raphia", "Raphia", 11, "Army of Egypt (Ptolemy)",
        [(3, 10, False), (2, 5, False), (4, 4, False), (2, 6, False), (4, 3, False),
         (4, 2, False), (2, 7, False), (3, 8, False)],
        "Army of Syria (Seleucus)",
        [(3, 10, False), (4, 5, False), (2, 4, False), (4, 6, False), (2, 3, False),
         (2, 2, False), (2, 7, False), (2, 8, False)],
        stacks=True, small_elephants=SOUTH),
}
SCENARIO_NAMES = tuple(SCENARIOS)
