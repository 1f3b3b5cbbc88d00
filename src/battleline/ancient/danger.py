"""What an attack exposes: the attacking card's danger in the enemy's next player turn, from
what the attacking side knows (its :class:`~.observation.Observation`), nothing more.

The rule (``docs/ancient.md``, "Danger next turn"): every branch of this attack's dice is
played out (the defender may be disrupted or eliminated and then cannot shoot or fight
back); then the enemy's cards that the side can see, **where they stand**, turn on the
attacking card: every armed, undisrupted card that can reach it fires (missiles only
disrupt, and a disrupted card is no missile target), and then the one melee attack on it
that the rules allow and that is the most dangerous (most likely to eliminate, then to
disrupt) is made. Enemy moves, Tactics cards, rallies and the enemy's hidden hand are not
counted, and a withdrawal is counted as if the card stands. The chances are exact, from
:mod:`.combat`.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Hoplites", "south"); g.put("c3", "Peltasts", "north")
>>> g.put("d3", "Javalineers", "north", bow=True)
>>> g.play("end actions")
>>> d = attack_danger(g.observation("south"), "attack c2-c3")[0]
>>> d.square, d.disrupted, d.eliminated, d.shooters, d.attackers
('c2', Fraction(1571, 7776), Fraction(275, 7776), ('c3', 'd3'), ('c3',))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from ..errors import IllegalMoveError, shorten
from .actions import Action
from .board import side_index
from .combat import MeleeOdds, melee_odds, missile_hit_chance
from .dice import BranchingDice, NeedChoice
from .observation import Observation
from .rules import Rules
from .state import AncientState
from .worlds import world_position

__all__ = ["Danger", "attack_danger", "standing_danger"]

_ZERO, _ONE = Fraction(0), Fraction(1)


@dataclass(frozen=True)
class Danger:
    """One attacking card's fate at the end of the enemy's next player turn: ``safe``,
    ``disrupted`` (and still on the field) and ``eliminated`` sum to 1. ``shooters`` and
    ``attackers`` are the enemy squares that can fire at it or attack it in some branch of
    this attack's dice."""

    square: str
    safe: Fraction
    disrupted: Fraction
    eliminated: Fraction
    shooters: tuple[str, ...]
    attackers: tuple[str, ...]

    @property
    def hit(self) -> Fraction:
        """The chance that it is disrupted or eliminated."""
        return self.disrupted + self.eliminated


def attack_danger(observation: Observation, action: Action | str) -> tuple[Danger, ...]:
    """The danger next turn of each card making ``action`` (a legal ``attack`` of the side
    whose ``observation`` this is), in the action's order of attackers. See the module's
    docstring for what is counted.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Hoplites", "south"); g.put("c3", "Hoplites", "north")
    >>> g.play("end actions")
    >>> d = attack_danger(g.observation("south"), "attack c2-c3")[0]
    >>> d.disrupted, d.eliminated  # 4 + d6 against 4 + d6 back, if ours leave them whole (7/12)
    (Fraction(35, 144), Fraction(0, 1))
    """
    if not isinstance(observation, Observation):
        raise ValueError(f"attack_danger reads a side's Observation, not {shorten(observation)}")
    a = Action.parse(action)
    if a.kind != "attack" or a not in {Action.parse(x) for x in observation.legal_actions}:
        raise IllegalMoveError(f"{shorten(str(a))}: the danger is for an attack the side may make now")
    # the field is face up once an attack is legal; the sampled hidden parts (the enemy's
    # hand, the deck, the dice) play no part below
    state = _known_state(observation)
    enemy = 1 - side_index(observation.side)
    known = {sq for sq, cell in observation.field.items() if not cell.get("hidden")}
    lookup, names = state.board.lookup, state.board.names
    cards = [state.cells[lookup[sq]] for sq in a.squares[:-1]]
    totals = {c: [_ZERO, _ZERO, _ZERO] for c in cards}
    shooters: dict[int, set[str]] = {c: set() for c in cards}
    attackers: dict[int, set[str]] = {c: set() for c in cards}
    for branch, p in _attack_branches(state, cards, state.cells[lookup[a.squares[-1]]]):
        rules = Rules(branch)
        groups = rules.attack_groups(enemy, ignore_done=True, flank_pairs=rules.flank_pairs(enemy))
        for c in cards:
            fate, shot_by, fought_by = _enemy_turn_against(rules, c, enemy, groups, known)
            for i in range(3):
                totals[c][i] += p * fate[i]
            shooters[c] |= {names[sq] for sq in shot_by}
            attackers[c] |= {names[branch.where[x[0]]] for x in fought_by}
    return tuple(Danger(sq, *totals[c], tuple(sorted(shooters[c])), tuple(sorted(attackers[c])))
                 for sq, c in zip(a.squares[:-1], cards))


def standing_danger(state: AncientState, card: int, flanks: bool = True) -> Danger:
    """``card``'s fate at the end of its enemy's next player turn, by the same count as
    :func:`attack_danger` (the enemy's fire, then its most dangerous melee attack, made where
    its cards stand) on the face-up field of ``state``; ``flanks``: flank attacks counted.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Skirmishers", "south"); g.put("c3", "Hoplites", "north")
    >>> d = standing_danger(g.state, g.state.cells[g.state.board.lookup["c2"]])
    >>> d.attackers, d.hit > d.eliminated > 0
    (('c3',), True)
    """
    rules = Rules(state)
    enemy = 1 - state.owner[card]
    pairs = rules.flank_pairs(enemy) if flanks else frozenset()
    groups = rules.attack_groups(enemy, ignore_done=True, flank_pairs=pairs)
    names = state.board.names
    fate, shot_by, fought_by = _enemy_turn_against(rules, card, enemy, groups, set(names))
    return Danger(names[state.where[card]], *fate, tuple(sorted(names[sq] for sq in shot_by)),
                  tuple(sorted({names[state.where[x[0]]] for x in fought_by})))


def _known_state(observation: Observation) -> AncientState:
    """The state of a game that looks to the observing side exactly like the observed one
    (:mod:`.worlds`; the fixed seed keeps the answer the same on every call)."""
    from .game import AncientGame
    return AncientGame.from_position(world_position(observation, random.Random(0))).state


def _attack_branches(base: AncientState, attackers: list[int], target: int):
    """(state after the attack, chance) for every branch of the attack's dice (rampages
    included), each on a copy of ``base``; the defender counted as standing."""
    stack: list[tuple[list[int], Fraction]] = [([], _ONE)]
    while stack:
        prefix, p = stack.pop()
        s = base.copy()
        s.dice = BranchingDice(prefix)
        try:
            Rules(s).resolve_melee(tuple(attackers), target)
        except NeedChoice as need:
            stack.extend((prefix + [k], p / need.options) for k in range(need.options))
            continue
        yield s, p


def _enemy_turn_against(rules: Rules, card: int, enemy: int, groups, known: set[str]):
    """(safe, disrupted, eliminated) of ``card`` after the enemy's fire and melee steps on
    the field of ``rules``, and the enemy squares that shoot and the groups that may fight."""
    s = rules.s
    sq = s.where[card]
    if sq < 0:
        return (_ZERO, _ZERO, _ONE), set(), []
    if s.outcome is not None:          # the attack ended the battle: there is no next turn
        return ((_ONE, _ZERO, _ZERO) if not s.disrupted[card] else (_ZERO, _ONE, _ZERO)), set(), []
    names = s.board.names
    shooters = {u_sq for u_sq, u in rules.own_units(enemy)
                if names[u_sq] in known and sq in rules.fire_squares(u, ignore_done=True)}
    fights = [g for g, t in groups if t == card and all(names[s.where[x]] in known for x in g)]
    start = s.disrupted[card]
    missed = (1 - missile_hit_chance(card % 10 + 1)) ** len(shooters)
    # after the missiles: undisrupted with chance `whole`, else disrupted
    whole = _ZERO if start else missed
    safe = disrupted = eliminated = _ZERO
    for is_disrupted, p in ((False, whole), (True, 1 - whole)):
        if not p:
            continue
        odds = _worst(rules, fights, card, is_disrupted)
        if is_disrupted:
            disrupted += p * odds.no_effect
            eliminated += p * (1 - odds.no_effect)
        else:
            safe += p * odds.no_effect
            disrupted += p * odds.disrupted
            eliminated += p * odds.eliminated
    return (safe, disrupted, eliminated), shooters, fights


def _worst(rules: Rules, fights, card: int, disrupted: bool):
    """The odds of the most dangerous of ``fights`` against ``card`` (no fight: no effect)."""
    best = MeleeOdds(_ONE, _ZERO, _ZERO)
    for group in fights:
        attack, defence, _, amod, dmod = rules.melee_numbers(group, card)
        odds = melee_odds(attack, defence, defender_disrupted=disrupted, attack_modifier=amod,
                          defence_modifier=dmod)
        if (odds.eliminated, odds.disrupted) > (best.eliminated, best.disrupted):
            best = odds
    return best
