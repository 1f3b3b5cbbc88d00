"""The combat arithmetic against brute force: every one of the 36 pairs of dice (or the 6
faces of one die) is played out with the rules text's own words, and the counts compared
with ``battleline.ancient.combat``'s exact fractions."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from battleline.ancient.combat import (
    MeleeOdds,
    combined_attack,
    defence_strength,
    half,
    melee_odds,
    melee_result,
    missile_hit_chance,
    missile_hits,
    rampage_hit_chance,
    rampage_hits,
    rampage_victim,
)
from util import in_two_tiers

FACES = range(1, 7)


def brute_half(value: int) -> int:
    """Half, rounded down, never less than 1, by counting: the largest h with 2h <= value."""
    h = 0
    while 2 * (h + 1) <= value:
        h += 1
    return h if h >= 1 else 1


def brute_melee(attack, defence, disrupted, attack_modifier, defence_modifier):
    """Play out all 36 dice pairs; return (no effect, disrupted, eliminated) as fractions."""
    strength = brute_half(defence) if disrupted else defence
    tally = {"none": 0, "disrupted": 0, "eliminated": 0}
    for mine, theirs in product(FACES, FACES):
        difference = (attack + mine + attack_modifier) - (strength + theirs + defence_modifier)
        if difference <= 0:
            tally["none"] += 1
        elif difference <= 5:
            # "If the defender is already disrupted, remove the card."
            tally["eliminated" if disrupted else "disrupted"] += 1
        else:
            tally["eliminated"] += 1
    return tuple(Fraction(tally[k], 36) for k in ("none", "disrupted", "eliminated"))


values = st.integers(1, 10)
sums = st.integers(1, 20)  # stacks (6, 8, 10) and combined attacks
modifiers = st.integers(-4, 4)


def melee_odds_match_the_36_dice_pairs(attack, defence, disrupted, am, dm):
    odds = melee_odds(attack, defence, defender_disrupted=disrupted, attack_modifier=am, defence_modifier=dm)
    expected = brute_melee(attack, defence, disrupted, am, dm)
    assert (odds.no_effect, odds.disrupted, odds.eliminated) == expected
    assert all(isinstance(p, Fraction) for p in (odds.no_effect, odds.disrupted, odds.eliminated))
    assert odds.no_effect + odds.disrupted + odds.eliminated == 1
    if disrupted:
        assert odds.disrupted == 0


test_melee_odds_match_the_36_dice_pairs, test_melee_odds_match_the_36_dice_pairs_at_length = in_two_tiers(
    60, given(attack=sums, defence=sums, disrupted=st.booleans(), am=modifiers, dm=modifiers),
    settings(max_examples=400, deadline=None),
)(melee_odds_match_the_36_dice_pairs)


def test_melee_odds_every_card_pair_exhaustively():
    for attack, defence, disrupted in product(range(1, 11), range(1, 11), (False, True)):
        for am, dm in product((-2, 0, 2), (-2, 0, 2)):
            odds = melee_odds(attack, defence, defender_disrupted=disrupted, attack_modifier=am, defence_modifier=dm)
            assert (odds.no_effect, odds.disrupted, odds.eliminated) == brute_melee(attack, defence, disrupted, am, dm)


def test_melee_odds_extreme_margins_are_certain():
    assert melee_odds(1, 20, defence_modifier=4) == MeleeOdds(Fraction(1), Fraction(0), Fraction(0))
    assert melee_odds(20, 1, attack_modifier=4) == MeleeOdds(Fraction(0), Fraction(0), Fraction(1))
    assert melee_odds(20, 1, defender_disrupted=True).eliminated == 1


@given(st.integers(1, 40))
def test_half_matches_counting(value):
    assert half(value) == brute_half(value)
    assert defence_strength(value, True) == brute_half(value)
    assert defence_strength(value, False) == value


@given(st.integers(-30, 30), st.booleans())
def test_melee_result_is_the_table(difference, disrupted):
    if difference <= 0:
        expected = "none"
    elif difference >= 6:
        expected = "eliminated"
    else:
        expected = "eliminated" if disrupted else "disrupted"
    assert melee_result(difference, disrupted) == expected


def test_seed_example_javalineer_against_disrupted_light_cavalry():
    # 3 against 7/2 rounded down = 3; rolls 4 and 2: 7 - 5 = 2, disrupted again, so eliminated.
    assert half(7) == 3
    assert melee_result((3 + 4) - (half(7) + 2), defender_disrupted=True) == "eliminated"
    odds = melee_odds(3, 7, defender_disrupted=True)
    assert odds.as_dict() == dict(zip(("no_effect", "disrupted", "eliminated"), brute_melee(3, 7, True, 0, 0)))
    assert odds.eliminated == Fraction(15, 36)


def test_seed_example_combined_flank_attack():
    # 1 + 8/2 + 3 = 8 against the Phalangists' 5, one die each side.
    attack = combined_attack([1, half(8), 3])
    assert attack == 8
    assert melee_odds(attack, 5) == MeleeOdds(*brute_melee(8, 5, False, 0, 0))
    assert melee_odds(attack, 5) == MeleeOdds(Fraction(1, 6), Fraction(2, 3), Fraction(1, 6))


@given(st.lists(st.integers(1, 10), min_size=1, max_size=4))
def test_combined_attack_is_the_sum(values):
    assert combined_attack(values) == sum(values)


def test_odds_text_and_dict():
    odds = melee_odds(8, 5)
    assert str(odds) == "no effect 16.7%, disrupted 66.7%, eliminated 16.7%"
    assert odds.as_dict() == {"no_effect": Fraction(1, 6), "disrupted": Fraction(2, 3), "eliminated": Fraction(1, 6)}
    with pytest.raises(AttributeError):
        odds.no_effect = Fraction(0)  # frozen


@pytest.mark.parametrize("target", range(1, 11))
def test_missile_chance_matches_the_six_faces(target):
    needed = 5 if target in (9, 10) else 6  # Chariots and Elephants are hit on 5 or 6
    hits = [roll for roll in FACES if roll >= needed]
    assert [roll for roll in FACES if missile_hits(roll, target)] == hits
    assert missile_hit_chance(target) == Fraction(len(hits), 6)


@pytest.mark.parametrize("strength", range(0, 21))
def test_rampage_chance_matches_the_six_faces(strength):
    hits = [roll for roll in FACES if roll > strength]
    assert [roll for roll in FACES if rampage_hits(roll, strength)] == hits
    assert rampage_hit_chance(strength) == Fraction(len(hits), 6)


def test_seed_example_rampage_against_disrupted_light_cavalry():
    # three neighbours, the die picks the third with a 5; 4 beats 7/2 rounded down = 3
    assert rampage_victim(5, 3) == 2
    assert rampage_hits(4, defence_strength(7, True))
    assert rampage_hit_chance(defence_strength(7, True)) == Fraction(1, 2)


@pytest.mark.parametrize("count", range(1, 7))
def test_rampage_victim_is_uniform(count):
    picks = [rampage_victim(roll, count) for roll in FACES]
    chosen = [p for p in picks if p is not None]
    assert sorted(set(chosen)) == list(range(count))
    assert len({chosen.count(i) for i in range(count)}) == 1  # each victim as many faces


@pytest.mark.parametrize(
    "call",
    [
        lambda: melee_odds(0, 5),
        lambda: melee_odds(5, 0),
        lambda: melee_odds(5.0, 5),
        lambda: melee_odds(True, 5),
        lambda: melee_odds(5, 5, attack_modifier=1.5),
        lambda: melee_odds("5", 5),
        lambda: half(0),
        lambda: missile_hit_chance(11),
        lambda: missile_hit_chance(0),
        lambda: missile_hits(7, 5),
        lambda: rampage_hits(0, 3),
        lambda: rampage_victim(3, 7),
        lambda: rampage_victim(3, 0),
        lambda: combined_attack([]),
        lambda: combined_attack([3, 0]),
    ],
)
def test_bad_numbers_raise_value_error(call):
    with pytest.raises(ValueError):
        call()
