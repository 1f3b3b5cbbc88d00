"""The danger an attack exposes its card to in the enemy's next player turn (issue 23 item 8):
exact chances worked by hand, only from the attacking side's observation."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.danger import attack_danger
from battleline.errors import IllegalMoveError


def melee_ready(*units, seed=1, advanced=(), dice=()):
    """South in its melee step with ``units`` = (square, type, side, kwargs) on the field."""
    g = AncientGame.empty(seed=seed, advanced=advanced, dice=dice)
    for sq, kind, side, *extra in units:
        g.put(sq, kind, side, **(extra[0] if extra else {}))
    while g.phase != "melee":
        g.play(f"end {g.phase}")
    return g


def test_the_defender_hits_back_only_if_the_attack_leaves_it_whole():
    # Hoplites 4 against Hoplites 4: no effect 21/36 (then 4 + d6 against 4 + d6 back:
    # disrupted 15/36), disrupted 15/36 (then it cannot attack); Hoplites shoot nothing
    g = melee_ready(("c2", "Hoplites", "south"), ("c3", "Hoplites", "north"))
    (d,) = attack_danger(g.observation("south"), "attack c2-c3")
    assert (d.square, d.safe, d.disrupted, d.eliminated) == ("c2", 1 - F(35, 144), F(35, 144), 0)
    assert d.hit == F(35, 144) and d.attackers == ("c3",) and d.shooters == ()


def test_missiles_first_then_the_melee_against_the_disrupted_card():
    # Hoplites 4 attack Peltasts 2 (no effect 10/36, disrupted 23/36, eliminated 3/36); the
    # Peltasts' javelin and the Javalineers' bow on d3 (diagonal over the empty d2) shoot at
    # c2, each hitting on a 6; then the Peltasts attack: 2 against 4 (disrupts on a difference
    # of 3 or more: 6/36) or, c2 being disrupted, 2 against 2 (eliminates on 1 or more: 15/36)
    g = melee_ready(("c2", "Hoplites", "south"), ("c3", "Peltasts", "north"),
                    ("d3", "Javalineers", "north", {"bow": True}))
    (d,) = attack_danger(g.observation("south"), "attack c2-c3")
    whole_after_missiles = F(25, 36)
    both = F(10, 36) * (whole_after_missiles * F(6, 36) + (1 - whole_after_missiles) * F(21, 36))
    only_bow = F(26, 36) * F(1, 6)          # Peltasts disrupted or gone: the bow alone
    assert d.disrupted == both + only_bow == F(1571, 7776)
    assert d.eliminated == F(10, 36) * (1 - whole_after_missiles) * F(15, 36) == F(275, 7776)
    assert d.safe + d.disrupted + d.eliminated == 1
    assert d.shooters == ("c3", "d3") and d.attackers == ("c3",)


def test_cavalry_cannot_fight_back_against_hoplites_and_an_eliminated_defender_is_harmless():
    # Elephants 10 against Skirmishers 1: margin 9, eliminated whatever the dice
    g = melee_ready(("c2", "Elephants", "south"), ("c3", "Skirmishers", "north"),
                    ("d4", "Heavy Cavalry", "north"))
    (d,) = attack_danger(g.observation("south"), "attack c2-c3")
    assert (d.safe, d.hit, d.attackers, d.shooters) == (1, 0, (), ())
    # Heavy Cavalry in front of Hoplites may not melee them: only safe
    g = melee_ready(("c2", "Hoplites", "south"), ("c3", "Skirmishers", "north"),
                    ("d3", "Heavy Cavalry", "north"), ("d2", "Peltasts", "south"))
    (d,) = attack_danger(g.observation("south"), "attack c2-c3")
    assert "d3" not in d.attackers


def test_every_card_of_a_combined_attack_gets_its_own_danger():
    g = melee_ready(("d3", "Phalangists", "north"), ("d2", "Javalineers", "south"),
                    ("c3", "Heavy Cavalry", "south"), advanced=("flank",))
    danger = attack_danger(g.observation("south"), "attack c3+d2-d3")
    assert [d.square for d in danger] == ["c3", "d2"]
    assert all(d.safe + d.disrupted + d.eliminated == 1 for d in danger)


def test_only_what_the_side_knows_counts():
    """The enemy's hand, the deck's order and the dice to come differ: the danger does not."""
    answers = set()
    for seed in (1, 2, 3):
        g = melee_ready(("c2", "Hoplites", "south"), ("c3", "Peltasts", "north"),
                        ("d3", "Javalineers", "north", {"bow": True}), seed=seed, dice=[seed, 7 - seed])
        (d,) = attack_danger(g.observation("south"), "attack c2-c3")
        answers.add((d.safe, d.disrupted, d.eliminated))
    assert len(answers) == 1


def test_refusals_are_clear_value_errors():
    g = melee_ready(("c2", "Hoplites", "south"), ("c3", "Hoplites", "north"))
    with pytest.raises(ValueError, match="Observation"):
        attack_danger(g, "attack c2-c3")
    with pytest.raises(IllegalMoveError, match="an attack the side may make now"):
        attack_danger(g.observation("south"), "attack b2-b3")
    with pytest.raises(IllegalMoveError):
        attack_danger(g.observation("north"), "attack c2-c3")   # not north's to make
    with pytest.raises(ValueError) as e:
        attack_danger(g.observation("south"), "x" * 5000)
    assert len(str(e.value)) < 200
