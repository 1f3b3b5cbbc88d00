"""Formations: the rulebook's examples, the ``evaluate`` API, and agreement
with the brute-force reference in ``reference.py``."""

from itertools import combinations

import pytest
from hypothesis import event, given, settings, strategies as st

from battleline import Card, Formation, evaluate
from reference import (COLOURS, COMPANION, LEADERS, SHIELD, TROOPS, WILDS, check_identities,
                       ref_strength, strength_of as strength)

NOT_AT_A_FLAG = ("Fog", "Mud", "Scout", "Redeploy", "Deserter", "Traitor")


# --------------------------------------------------------------------------
# The rulebook's examples
# --------------------------------------------------------------------------

@pytest.mark.parametrize("cards, kind, total", [
    ("R4 R5 R3", "wedge", 12),
    ("Y8 R8 G8", "phalanx", 24),
    ("B2 B7 B4", "battalion", 13),
    ("Y4 R6 G5", "skirmish", 15),
    ("Y5 B5 G3", "host", 13),
])
def test_rulebook_formations(cards, kind, total):
    f = evaluate(cards)
    assert (f.kind, f.total) == (kind, total)
    assert f.identities == {}


def test_rulebook_order_of_formations():
    ordered = [evaluate(c) for c in ("Y5 B5 G3", "Y4 R6 G5", "B2 B7 B4", "Y8 R8 G8", "R4 R5 R3")]
    assert all(a < b for a, b in zip(ordered, ordered[1:]))
    assert sorted(reversed(ordered)) == ordered


def test_rulebook_wedge_beats_phalanx():
    assert evaluate("R4 R5 R3") > evaluate("Y8 R8 G8")


def test_rulebook_red_battalion_beats_blue_battalion():
    red, blue = evaluate("R4 R6 R3"), evaluate("B7 B1 B3")
    assert red.kind == blue.kind == "battalion"
    assert (red.total, blue.total) == (13, 11)
    assert red > blue and blue < red and red != blue


def test_rulebook_hosts_tie():
    a, b = evaluate("Y7 B2 G1"), evaluate("Y3 B3 G4")
    assert a.kind == b.kind == "host" and a.total == b.total == 10
    assert a == b and not a < b and not a > b and a <= b and a >= b


@pytest.mark.parametrize("third, leader_as", [
    ("B9", "B10"),  # B8 B9 + B10
    ("B10", "B9"),  # B8 + B9 + B10
    ("B7", "B9"),   # B7 B8 + B9 beats B6 + B7 B8
    ("B6", "B7"),   # B6 + B7 + B8
])
def test_rulebook_leader_makes_blue_wedge(third, leader_as):
    """"You have a Blue 8 ... a Leader gives you the option of adding a Blue 6, 7, 9 or 10"."""
    for leader in ("Alexander", "Darius"):
        f = evaluate(["B8", leader, third])
        assert f.kind == "wedge"
        assert f.identities == {Card(leader): Card(leader_as)}
        check_identities(f, fog=False)


def test_rulebook_leader_makes_phalanx_of_eights():
    f = evaluate("B8 Alexander R8")
    assert (f.kind, f.total) == ("phalanx", 24)
    assert f.identities[Card("Alexander")].value == 8


# --------------------------------------------------------------------------
# Wild cards
# --------------------------------------------------------------------------

@pytest.mark.parametrize("cards, kind, total, wild, ident", [
    ("R8 Y8 Companion", "phalanx", 24, "Companion", None),
    ("G9 G10 Companion", "wedge", 27, "Companion", "G8"),
    ("B1 B2 Shield", "wedge", 6, "Shield", "B3"),
    ("R4 R5 Shield", "wedge", 12, "Shield", "R3"),
    ("Y1 R1 Shield", "phalanx", 3, "Shield", None),
    ("R10 R9 Shield", "battalion", 22, "Shield", "R3"),
    ("R10 R7 Alexander", "battalion", 27, "Alexander", "R10"),  # a wild card may copy a troop
    ("Alexander Companion Shield", "battalion", 21, "Shield", None),
])
def test_wild_cards(cards, kind, total, wild, ident):
    f = evaluate(cards)
    assert (f.kind, f.total) == (kind, total)
    if ident is not None:
        assert f.identities[Card(wild)] == Card(ident)
    check_identities(f, fog=False)


def test_identities_do_not_depend_on_card_order():
    one, other = evaluate("Alexander Shield B8"), evaluate("Shield Alexander B8")
    check_identities(one, fog=False)
    check_identities(other, fog=False)


def test_companion_is_an_eight_and_shield_at_most_three():
    for third in TROOPS:
        for wild, values in ((COMPANION, {8}), (SHIELD, {1, 2, 3})):
            cards = [wild, third, Card("P5") if third != Card("P5") else Card("Y9")]
            assert evaluate(cards).identities[wild].value in values


# --------------------------------------------------------------------------
# Mud and Fog
# --------------------------------------------------------------------------

@pytest.mark.parametrize("cards, kind, total", [
    ("R1 R2 R3 R4", "wedge", 10),
    ("Y7 R7 G7 B7", "phalanx", 28),
    ("R1 R3 R5 R9", "battalion", 18),
    ("R1 Y2 G3 B4", "skirmish", 10),
    ("R1 R2 R3 R9", "battalion", 15),  # three in a row is no four-card wedge
    ("Y8 R8 G8 B9", "host", 33),
    ("P7 P8 P9 Alexander", "wedge", 34),
])
def test_mud_formations_have_four_cards(cards, kind, total):
    f = evaluate(cards, mud=True)
    assert (f.kind, f.total) == (kind, total)


def test_fog_counts_only_the_total():
    wedge, phalanx = evaluate("R4 R5 R3", fog=True), evaluate("Y8 R8 G8", fog=True)
    assert (wedge.kind, wedge.total) == ("total", 12)
    assert phalanx > wedge
    assert evaluate("Alexander Companion Shield", fog=True).total == 21
    assert evaluate("Y7 B2 G1", fog=True) == evaluate("Y3 B3 G4", fog=True)


def test_fog_and_mud_total_four_cards():
    f = evaluate("R1 R2 R3 Darius", fog=True, mud=True)
    assert (f.kind, f.total) == ("total", 16)


# --------------------------------------------------------------------------
# The API
# --------------------------------------------------------------------------

@pytest.mark.parametrize("cards", [
    "B8 Alexander B9",
    "b8, alexander, b9",
    ["B8", "Alexander", "B9"],
    [Card("B8"), Card("Alexander"), Card("B9")],
    [47, 60, 48],
])
def test_accepts_text_cards_and_numbers(cards):
    f = evaluate(cards)
    assert isinstance(f, Formation)
    assert (f.kind, f.total) == ("wedge", 27)
    assert f.identities == {Card("Alexander"): Card("B10")}


def test_no_wild_cards_no_identities():
    assert evaluate("R1 O5 P9").identities == {}


@pytest.mark.parametrize("cards, mud, needed", [
    ("R1 R2", False, 3),
    ("R1 R2 R3 R4 R5", False, 3),
    ("R1 R2 R3 R4", False, 3),
    ("", False, 3),
    ("R1 R2", True, 4),
    ("R1 R2 R3 R4 R5", True, 4),
])
def test_wrong_number_of_cards(cards, mud, needed):
    with pytest.raises(ValueError, match=rf"\b{needed}\b"):
        evaluate(cards, mud=mud)


@pytest.mark.parametrize("cards", [
    "R1 R1 R2",
    ["Alexander", "Alexander", "R2"],
    "Alexander Darius R5",          # one Leader per player
    *(f"R1 R2 {t}" for t in NOT_AT_A_FLAG),
    "X7 R1 R2", "R11 R1 R2", "R0 R1 R2",
    [70, 1, 2], [-1, 1, 2],
])
def test_bad_cards_raise_value_error(cards):
    with pytest.raises(ValueError):
        evaluate(cards)


# --------------------------------------------------------------------------
# Agreement with the brute-force reference
# --------------------------------------------------------------------------

def all_three_card_sides():
    """Every legal three-card side: troops plus at most one of each wild card, one Leader."""
    for n_wild in range(4):
        for wilds in combinations(WILDS, n_wild):
            if all(leader in wilds for leader in LEADERS):
                continue
            for troops in combinations(TROOPS, 3 - n_wild):
                yield troops + wilds


@pytest.mark.slow
@pytest.mark.parametrize("fog", [False, True])
def test_every_three_card_side_matches_reference(fog):
    wrong = [cards for cards in all_three_card_sides()
             if strength(evaluate(cards, fog=fog)) != ref_strength(cards, fog)]
    assert wrong == []


def troop_pools():
    """Troops to draw a side from: all of them, or a narrow band where wedges,
    phalanxes and skirmish lines are likely."""
    one_colour = st.builds(lambda c, lo: [Card(f"{c}{v}") for v in range(lo, lo + 5)],
                           st.sampled_from(COLOURS), st.integers(1, 6))
    two_values = st.builds(lambda lo: [Card(f"{c}{v}") for c in COLOURS for v in (lo, lo + 1)],
                           st.integers(1, 9))
    return st.one_of(st.just(TROOPS), one_colour, two_values)


@st.composite
def sides(draw, size):
    """A legal side of ``size`` cards, often with wild cards, in any order."""
    wilds = [draw(st.sampled_from(LEADERS))] if draw(st.booleans()) else []
    wilds += [w for w in (COMPANION, SHIELD) if draw(st.integers(0, 3)) == 0]
    wilds = wilds[:size]
    pool = draw(troop_pools())
    troops = draw(st.lists(st.sampled_from(pool), min_size=size - len(wilds),
                           max_size=size - len(wilds), unique=True))
    return draw(st.permutations(troops + wilds))


def check_against_reference(cards, fog, mud):
    f = evaluate(cards, fog=fog, mud=mud)
    event(f.kind)
    assert strength(f) == ref_strength(cards, fog, mud), f
    check_identities(f, fog)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(sides(3), st.booleans())
def test_three_cards_match_reference(cards, fog):
    check_against_reference(cards, fog, mud=False)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(sides(4), st.booleans())
def test_four_cards_under_mud_match_reference(cards, fog):
    check_against_reference(cards, fog, mud=True)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(sides(3), sides(3), st.booleans())
def test_comparison_agrees_with_reference(a, b, fog):
    fa, fb = evaluate(a, fog=fog), evaluate(b, fog=fog)
    ra, rb = ref_strength(a, fog), ref_strength(b, fog)
    assert (fa < fb, fa == fb, fa > fb) == (ra < rb, ra == rb, ra > rb)


def test_complete_troop_sides_read_directly_agree_with_the_search():
    """A complete side of troops is read from its values and colours; the general search
    (nothing to add) must give the same answer, in every kind and under Fog."""
    import random
    from battleline.standard.formations import best, side_best
    rng = random.Random(11)
    runs = [[10 * c + v + k for k in range(n)] for n in (3, 4) for c in range(6) for v in range(11 - n)]
    same_value = [[10 * c + v for c in cols] for v in range(10) for cols in combinations(range(6), 3)]
    samples = runs + same_value + [rng.sample(range(10 * c, 10 * c + 10), rng.choice((3, 4)))
                                   for c in range(6) for _ in range(30)]
    samples += [rng.sample(range(60), rng.choice((3, 4))) for _ in range(2000)]
    for cards in samples:
        rng.shuffle(cards)
        for fog in (False, True):
            assert tuple(side_best(cards, len(cards), fog)[:4]) == tuple(best(cards, 0, 0, fog)), (cards, fog)
