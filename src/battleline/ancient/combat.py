"""The combat arithmetic of Ancient Battles: strengths, the melee results table, missile and
rampage chances, and the exact odds of a melee, all as pure functions on numbers.

Nothing here knows about the field or the cards; the engine works out who fights whom and
with which modifiers, and asks this module what the dice can do. Probabilities are exact
``fractions.Fraction`` values.

Melee: each side rolls one d6 and adds it to its strength (the card value, halved when the
defender is disrupted, plus modifiers such as bad terrain -2 or Troop Quality +2). The
attacker's total minus the defender's decides: 0 or less no effect, 1 to 5 the defender is
disrupted (eliminated if it already was), 6 or more eliminated.

The seed's first worked example: a Javalineer (3) attacks a disrupted Light Cavalry (7),
which defends at half strength, rolling 4 against 2.

>>> half(7)
3
>>> melee_result((3 + 4) - (half(7) + 2), defender_disrupted=True)
'eliminated'
>>> print(melee_odds(3, 7, defender_disrupted=True))
no effect 58.3%, disrupted 0.0%, eliminated 41.7%
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from .troops import MISSILE_HIT

__all__ = [
    "MeleeOdds",
    "combined_attack",
    "defence_strength",
    "half",
    "melee_odds",
    "melee_result",
    "missile_hit_chance",
    "MISSILE_HIT_CHANCE",
    "missile_hits",
    "rampage_hit_chance",
    "rampage_hits",
    "rampage_victim",
]

DIE_FACES = (1, 2, 3, 4, 5, 6)
NO_EFFECT, DISRUPTED, ELIMINATED = "none", "disrupted", "eliminated"

#: The type values whose cards a missile hits on 5 or 6 (Chariots, Elephants): from
#: :attr:`~.troops.TroopType.missile_hit`, the one home of that rule.
SOFT_MISSILE_TARGETS = frozenset(v for v in range(1, 11) if MISSILE_HIT[v] < 6)
#: A melee difference of this much or more eliminates outright.
ELIMINATION_MARGIN = 6

_SIXTH = Fraction(1, 6)
#: ``MISSILE_HIT_CHANCE[v]``: :func:`missile_hit_chance` as a float, for the bots' hot paths.
MISSILE_HIT_CHANCE = (0.0,) + tuple((7 - MISSILE_HIT[v]) / 6 for v in range(1, 11))


def _check_int(name: str, value: object, low: int | None = None) -> int:
    # bool is an int subclass; True as a card value is a mistake, not a 1.
    if type(value) is not int:
        raise ValueError(f"{name} must be an integer, not {type(value).__name__}")
    if low is not None and value < low:
        raise ValueError(f"{name} must be at least {low}, not {value}")
    return value


def half(value: int) -> int:
    """Half strength, for a disrupted card (and elsewhere the rules say "half"): the value
    halved and rounded down, but never less than 1.

    >>> [half(v) for v in (1, 2, 3, 7, 8, 10)]
    [1, 1, 1, 3, 4, 5]
    """
    return max(1, _check_int("value", value, 1) // 2)


def defence_strength(value: int, disrupted: bool) -> int:
    """The strength a card defends with (or a rampage victim's current strength): its value,
    or half of it when disrupted.

    >>> defence_strength(7, False), defence_strength(7, True)
    (7, 3)
    """
    return half(value) if disrupted else _check_int("value", value, 1)


def combined_attack(values: Iterable[int]) -> int:
    """The attack number of one melee made by several cards together (an Advanced combined
    flank attack): the sum of their values, each already halved where the rules say so
    (Cavalry or Chariots attacking infantry from the side or rear). One die is then rolled
    for the whole attack, as in any melee, so its odds are ``melee_odds(combined, ...)``.

    The seed's example: Skirmishers 1, Heavy Cavalry 8 on the flank of Phalangists (halved),
    and a Javalineer 3 in front, together 8 against the Phalangists' 5.

    >>> combined_attack([1, half(8), 3])
    8
    >>> print(melee_odds(combined_attack([1, half(8), 3]), 5))
    no effect 16.7%, disrupted 66.7%, eliminated 16.7%
    """
    values = list(values)
    if not values:
        raise ValueError("a combined attack needs at least one attacking card")
    return sum(_check_int("an attacking value", v, 1) for v in values)


def melee_result(difference: int, defender_disrupted: bool) -> str:
    """The melee results table: ``"none"``, ``"disrupted"`` or ``"eliminated"`` for the
    attacker's total minus the defender's. A second disruption eliminates.

    >>> [melee_result(d, False) for d in (-2, 0, 1, 5, 6, 9)]
    ['none', 'none', 'disrupted', 'disrupted', 'eliminated', 'eliminated']
    >>> melee_result(2, defender_disrupted=True)
    'eliminated'
    """
    if difference <= 0:
        return NO_EFFECT
    if difference >= ELIMINATION_MARGIN or defender_disrupted:
        return ELIMINATED
    return DISRUPTED


@dataclass(frozen=True)
class MeleeOdds:
    """The exact chances of the three melee results; they sum to 1.

    >>> odds = melee_odds(5, 5)
    >>> odds.no_effect, odds.disrupted, odds.eliminated
    (Fraction(7, 12), Fraction(5, 12), Fraction(0, 1))
    >>> odds.as_dict()["disrupted"]
    Fraction(5, 12)
    """

    no_effect: Fraction
    disrupted: Fraction
    eliminated: Fraction

    def as_dict(self) -> dict[str, Fraction]:
        """The three chances by name: ``no_effect``, ``disrupted``, ``eliminated``."""
        return {"no_effect": self.no_effect, "disrupted": self.disrupted, "eliminated": self.eliminated}

    def __str__(self) -> str:
        return (
            f"no effect {float(self.no_effect):.1%}, disrupted {float(self.disrupted):.1%}, "
            f"eliminated {float(self.eliminated):.1%}"
        )


# The difference of two d6 (attacker's minus defender's) and how many of the 36 pairs give it.
_DICE_DIFFERENCES = tuple((d, 6 - abs(d)) for d in range(-5, 6))
# Below this margin of strength nothing can happen; from this one on the defender always dies.
_LOWEST_MARGIN = -5
_HIGHEST_MARGIN = ELIMINATION_MARGIN + 5


def _odds_for_margin(margin: int, defender_disrupted: bool) -> MeleeOdds:
    counts = {NO_EFFECT: 0, DISRUPTED: 0, ELIMINATED: 0}
    for dice, pairs in _DICE_DIFFERENCES:
        counts[melee_result(margin + dice, defender_disrupted)] += pairs
    return MeleeOdds(*(Fraction(counts[r], 36) for r in (NO_EFFECT, DISRUPTED, ELIMINATED)))


# _ODDS[defender_disrupted][margin - _LOWEST_MARGIN], margin clamped to the table.
_ODDS = tuple(
    tuple(_odds_for_margin(m, disrupted) for m in range(_LOWEST_MARGIN, _HIGHEST_MARGIN + 1))
    for disrupted in (False, True)
)


def melee_odds(
    attack: int,
    defence: int,
    *,
    defender_disrupted: bool = False,
    attack_modifier: int = 0,
    defence_modifier: int = 0,
) -> MeleeOdds:
    """The exact odds of one melee attack.

    ``attack`` and ``defence`` are the values before halving (a stack's or a combined
    attack's sum); a disrupted defender's is halved here (at least 1). The modifiers are
    added to each side's total: -2 on bad terrain, +2 for Troop Quality, -2 for an Egyptian
    Elephant against an Elephant, summed by the caller.

    >>> print(melee_odds(8, 5))
    no effect 16.7%, disrupted 66.7%, eliminated 16.7%
    >>> melee_odds(3, 7, defender_disrupted=True).eliminated
    Fraction(5, 12)
    >>> melee_odds(10, 1, attack_modifier=-2).eliminated  # 8 + d6 against 1 + d6
    Fraction(13, 18)
    """
    if type(attack) is not int or type(defence) is not int or attack < 1 or defence < 1:
        _check_int("attack", attack, 1)
        _check_int("defence", defence, 1)
    if type(attack_modifier) is not int or type(defence_modifier) is not int:
        _check_int("attack_modifier", attack_modifier)
        _check_int("defence_modifier", defence_modifier)
    if defender_disrupted:
        defence = defence // 2 or 1
    margin = attack + attack_modifier - defence - defence_modifier
    if margin < _LOWEST_MARGIN:
        margin = _LOWEST_MARGIN
    elif margin > _HIGHEST_MARGIN:
        margin = _HIGHEST_MARGIN
    return _ODDS[bool(defender_disrupted)][margin - _LOWEST_MARGIN]


def missile_hit_chance(target_value: int) -> Fraction:
    """The chance that one missile disrupts a target of this type value: 1/6 (a 6), or 1/3
    (a 5 or 6) against Chariots (9) and Elephants (10). For a stack pass the value of one of
    its cards (the type), not the stack's sum.

    >>> missile_hit_chance(7), missile_hit_chance(9), missile_hit_chance(10)
    (Fraction(1, 6), Fraction(1, 3), Fraction(1, 3))
    """
    _check_int("target_value", target_value, 1)
    if target_value > 10:
        raise ValueError(f"target_value is a card's type value, 1 to 10, not {target_value}")
    return (7 - MISSILE_HIT[target_value]) * _SIXTH


def missile_hits(roll: int, target_value: int) -> bool:
    """Whether a missile roll disrupts a target of this type value.

    >>> missile_hits(5, 7), missile_hits(6, 7), missile_hits(5, 9)
    (False, True, True)
    """
    _check_die(roll)
    return roll >= MISSILE_HIT[target_value]


def rampage_hit_chance(victim_strength: int) -> Fraction:
    """The chance that a rampaging Elephant's d6 is higher than its victim's current strength
    (halved if disrupted; see :func:`defence_strength`).

    The seed's example: a disrupted Light Cavalry has strength 3, so a 4, 5 or 6 hits.

    >>> rampage_hit_chance(defence_strength(7, True))
    Fraction(1, 2)
    >>> rampage_hit_chance(6)
    Fraction(0, 1)
    """
    _check_int("victim_strength", victim_strength, 0)
    return Fraction(max(0, 6 - victim_strength), 6)


def rampage_hits(roll: int, victim_strength: int) -> bool:
    """Whether a rampage roll is higher than the victim's current strength.

    >>> rampage_hits(4, 3), rampage_hits(3, 3)
    (True, False)
    """
    _check_die(roll)
    return roll > victim_strength


def rampage_victim(roll: int, count: int) -> int | None:
    """Which of ``count`` equally likely victims a d6 picks (an index), or ``None`` when the
    die must be rolled again. The faces are shared out evenly and the left-over faces
    re-roll, so each victim has the same chance: with 3 victims 1-2, 3-4, 5-6 (as in the
    seed's example); with 4, faces 5 and 6 re-roll. One victim needs no roll.

    >>> [rampage_victim(r, 3) for r in DIE_FACES]
    [0, 0, 1, 1, 2, 2]
    >>> [rampage_victim(r, 4) for r in DIE_FACES]
    [0, 1, 2, 3, None, None]
    """
    _check_die(roll)
    _check_int("count", count, 1)
    if count > 6:
        raise ValueError(f"a die cannot choose among {count} victims")
    per_victim = 6 // count
    index = (roll - 1) // per_victim
    return index if index < count else None


def _check_die(roll: object) -> None:
    if type(roll) is not int or not 1 <= roll <= 6:
        raise ValueError(f"a die roll is 1 to 6, not {roll!r}"[:80])
