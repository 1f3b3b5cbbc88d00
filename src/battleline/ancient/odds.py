"""The exact odds of a fire or melee action before its dice: every branch of the dice
(rampages and their victims included) played out on a copy of the state, and the numbers of
a melee as :func:`~.combat.melee_odds` takes them.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
>>> print(action_odds(g.state, Action.parse("fire c2-c3")))
nothing 2/3, c3 disrupted 1/3
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..errors import shorten
from .actions import Action
from .combat import rampage_victim
from .dice import BranchingDice, NeedChoice
from .rules import Rules
from .state import AncientState

__all__ = ["ActionOdds", "MeleeNumbers", "action_odds", "dice_for", "outcome_dice"]


class MeleeNumbers(NamedTuple):
    """A melee's numbers before the dice (see :meth:`AncientGame.melee_numbers`)."""

    attack: int
    defence: int
    defender_disrupted: bool
    attack_modifier: int
    defence_modifier: int


class ActionOdds:
    """The exact distribution of what a fire or melee action does, before the dice.

    ``outcomes`` maps each possible result to its chance: a result is a tuple of
    ``(square, "disrupted" | "eliminated")`` pairs, one per unit it changes (sorted by
    square; ``()`` is "nothing happens"). ``target`` sums those up for the target alone,
    and ``no_effect``, ``disrupted``, ``eliminated`` are its three entries, like
    :class:`~.combat.MeleeOdds`.
    """

    def __init__(self, target_square: str, outcomes: dict[tuple, Fraction]) -> None:
        self.target_square = target_square
        self.outcomes = dict(sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0])))
        t = {"none": Fraction(0), "disrupted": Fraction(0), "eliminated": Fraction(0)}
        for result, p in outcomes.items():
            t[dict(result).get(target_square, "none")] += p
        self.target = t

    @property
    def no_effect(self) -> Fraction:
        return self.target["none"]

    @property
    def disrupted(self) -> Fraction:
        return self.target["disrupted"]

    @property
    def eliminated(self) -> Fraction:
        return self.target["eliminated"]

    def __str__(self) -> str:
        parts = []
        for result, p in self.outcomes.items():
            text = ", ".join(f"{sq} {what}" for sq, what in result) or "nothing"
            parts.append(f"{text} {p}")
        return ", ".join(parts)

    def __repr__(self) -> str:
        return f"ActionOdds({self.target_square!r}, {self.outcomes!r})"


def action_odds(base: AncientState, a: Action) -> ActionOdds:
    """The distribution of what the ``fire`` or ``attack`` ``a`` does from ``base`` (which
    is left unchanged): each branch of the dice is resolved on a copy."""
    results: dict[tuple, Fraction] = {}
    for _, p, key in _branches(base, a):
        results[key] = results.get(key, Fraction(0)) + p
    return ActionOdds(a.squares[-1], results)


def dice_for(base: AncientState, a: Action, result: tuple) -> list[int]:
    """Dice that make the ``fire`` or ``attack`` ``a`` give ``result`` (a key of its
    :class:`ActionOdds`), in the order they are rolled: for an analysis that asks "what if
    this attack had won?". ValueError if no roll gives it.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
    >>> dice_for(g.state, Action.parse("fire c2-c3"), (("c3", "disrupted"),))
    [6]
    """
    for choices, _, key in _branches(base, a):
        if key == tuple(result):
            return [_face(k, options, is_die) for k, options, is_die in choices]
    raise ValueError(f"{a} cannot give {shorten(result)}: see its odds for what it can")


def outcome_dice(base: AncientState, a: Action) -> dict[tuple, tuple[Fraction, list[int]]]:
    """Each result of the ``fire`` or ``attack`` ``a`` from ``base`` (the keys of its
    :class:`ActionOdds`) with its exact chance and dice that make it, in one pass over the
    branches (a search that plays every result needs both).

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
    >>> outcome_dice(g.state, Action.parse("fire c2-c3"))
    {(('c3', 'disrupted'),): (Fraction(1, 3), [6]), (): (Fraction(2, 3), [4])}
    """
    found: dict[tuple, tuple[Fraction, list[int]]] = {}
    for choices, p, key in _branches(base, a):
        if key in found:
            found[key] = (found[key][0] + p, found[key][1])
        else:
            found[key] = (p, [_face(k, options, is_die) for k, options, is_die in choices])
    return found


def _face(choice: int, options: int, is_die: bool) -> int:
    """The die face that makes the choice: the face itself, or the first face that picks it."""
    if is_die:
        return choice + 1
    return next(r for r in range(1, 7) if rampage_victim(r, options) == choice)


def _branches(base: AncientState, a: Action):
    """Every branch of the dice of ``a`` from ``base``: ``(choices, chance, result)``, where
    ``choices`` lists ``(choice, options, is a die)`` in the order asked and ``result`` the
    units changed, sorted by square."""
    lookup = base.board.lookup
    names = base.board.names
    before = {names[sq]: (c, base.disrupted[c]) for sq, c in enumerate(base.cells) if c >= 0}
    stack: list[tuple[list[tuple[int, int, bool]], Fraction]] = [([], Fraction(1))]
    rules = Rules(base)
    while stack:
        choices, p = stack.pop()
        s = base.copy()
        s.dice = BranchingDice([k for k, _, _ in choices])
        rules.bind(s)
        try:
            if a.kind == "fire":
                rules.resolve_fire(s.cells[lookup[a.squares[0]]], s.cells[lookup[a.squares[1]]])
            else:
                rules.resolve_melee(tuple(s.cells[lookup[x]] for x in a.squares[:-1]), s.cells[lookup[a.squares[-1]]])
        except NeedChoice as need:
            for k in range(need.options):
                stack.append((choices + [(k, need.options, need.is_die)], p / need.options))
            continue
        changes = []
        for name, (c, dis) in before.items():
            if s.where[c] < 0:
                changes.append((name, "eliminated"))
            elif s.disrupted[c] and not dis:
                changes.append((name, "disrupted"))
        yield choices, p, tuple(sorted(changes))
