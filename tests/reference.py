"""A deliberately naive brute-force reference for formations and claims.

Nothing here is clever: every identity of every wild card is tried, every
completion of an incomplete side is tried, and each resulting set of troop
identities is read with the plain definitions of the rulebook. It shares no
code with ``battleline.standard.formations`` or ``battleline.standard.claims``; only
:class:`battleline.cards.Card` is used, to parse and name cards.

A *strength* is ``rank * 100 + total`` (wedge 4, phalanx 3, battalion 2,
skirmish 1, host 0), or just the total under Fog, so comparing strengths
compares formations.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from math import comb, prod

from battleline.cards import Card

COLOURS = "ROYGBP"
TROOPS = tuple(Card(i) for i in range(60))
ALEXANDER, DARIUS, COMPANION, SHIELD = (Card(n) for n in ("Alexander", "Darius", "Companion", "Shield"))
LEADERS = (ALEXANDER, DARIUS)
WILDS = (ALEXANDER, DARIUS, COMPANION, SHIELD)

RANKS = {"wedge": 4, "phalanx": 3, "battalion": 2, "skirmish": 1, "host": 0}


def identities(card) -> list[tuple[str, int]]:
    """Every (colour, value) a card may stand for."""
    card = Card(card)
    if card.is_troop:
        return [(card.color, card.value)]
    if card in LEADERS:
        return [(c, v) for c in COLOURS for v in range(1, 11)]
    if card == COMPANION:
        return [(c, 8) for c in COLOURS]
    if card == SHIELD:
        return [(c, v) for c in COLOURS for v in (1, 2, 3)]
    raise ValueError(f"{card} does not stand in a formation")


def kind_of(ids) -> str:
    """Read a formation from (colour, value) pairs with the rulebook's definitions."""
    values = sorted(v for _, v in ids)
    same_colour = len({c for c, _ in ids}) == 1
    consecutive = all(b == a + 1 for a, b in zip(values, values[1:]))
    if same_colour and consecutive:
        return "wedge"
    if values[0] == values[-1]:
        return "phalanx"
    if same_colour:
        return "battalion"
    if consecutive:
        return "skirmish"
    return "host"


def read(ids, fog: bool) -> int:
    """The strength of one fully resolved formation."""
    total = sum(v for _, v in ids)
    return total if fog else RANKS[kind_of(ids)] * 100 + total


def _strength(cards: tuple[Card, ...], fog: bool, mud: bool) -> int:
    need = 4 if mud else 3
    if len(cards) == need:
        groups = [cards]
    elif len(cards) == 4 and not mud:
        groups = list(combinations(cards, 3))  # Mud left: the best three of four count
    else:
        raise ValueError(f"a side needs {need} cards, got {len(cards)}")
    return max(read(ids, fog)
               for group in groups
               for ids in product(*(identities(c) for c in group)))


@lru_cache(maxsize=100_000)
def _strength_cached(cards: tuple[Card, ...], fog: bool, mud: bool) -> int:
    return _strength(cards, fog, mud)


def ref_strength(cards, fog: bool = False, mud: bool = False) -> int:
    """Best strength of a complete side: 3 cards, 4 under Mud, or the best 3 of 4."""
    return _strength_cached(tuple(sorted(Card(c) for c in cards)), fog, mud)


def ref_claim(mine, theirs, seen=(), fog: bool = False, mud: bool = False,
              completed_first: str | None = None) -> bool:
    """Does a claim by ``mine`` against ``theirs`` hold (docs/rules.md, "Claiming a flag")?

    With both sides complete and tied, ``completed_first`` decides; ``None``
    (order unknown) proves nothing, so the claim fails.
    """
    mine = [Card(c) for c in mine]
    theirs = [Card(c) for c in theirs]
    need = 4 if mud else 3
    if len(mine) < need:
        return False
    my = ref_strength(mine, fog, mud)
    if len(theirs) >= need:
        their = ref_strength(theirs, fog, mud)
        return my > their or (my == their and completed_first == "mine")
    return ref_counterexample(mine, theirs, seen, fog, mud) is None


def unseen_troops(*visible) -> list[Card]:
    """Troops in none of the given card collections."""
    gone = {Card(c) for cards in visible for c in cards}
    return [t for t in TROOPS if t not in gone]


def ref_counterexample(mine, theirs, seen=(), fog: bool = False, mud: bool = False):
    """The first unseen troops (in card order) that complete ``theirs`` to beat ``mine``, or None."""
    theirs = tuple(Card(c) for c in theirs)
    my = ref_strength(mine, fog, mud)
    missing = (4 if mud else 3) - len(theirs)
    for extra in combinations(unseen_troops(mine, theirs, seen), missing):
        if _strength(theirs + extra, fog, mud) > my:
            return extra
    return None


def claim_work(theirs, n_unseen: int, mud: bool) -> int:
    """How many formations :func:`ref_claim` may read to settle a claim (a cost estimate)."""
    missing = (4 if mud else 3) - len(theirs)
    if missing <= 0:
        return 0
    return comb(n_unseen, missing) * prod(len(identities(c)) for c in theirs)


# --------------------------------------------------------------------------
# Reading the engine's answers on the reference's scale
# --------------------------------------------------------------------------

def strength_of(formation) -> int:
    """The strength of an engine ``Formation``, from its public ``kind`` and ``total``."""
    if formation.kind == "total":
        return formation.total
    return RANKS[formation.kind] * 100 + formation.total


def check_identities(formation, fog: bool) -> None:
    """Raise AssertionError unless ``formation.identities`` give every wild card in
    ``formation.cards`` an identity it may take, and the cards so resolved read as
    exactly the formation claimed."""
    cards = [Card(c) for c in formation.cards]
    wild = {c for c in cards if c.is_wild}
    assert set(formation.identities) == wild, (formation, "identities are not the wild cards")
    resolved = []
    for card in cards:
        ident = formation.identities.get(card, card)
        assert isinstance(ident, Card) and ident.is_troop, (formation, card, ident)
        assert (ident.color, ident.value) in identities(card), (formation, card, ident)
        resolved.append((ident.color, ident.value))
    assert read(resolved, fog) == strength_of(formation), (formation, resolved)
