"""Claims: proving from visible cards only that a flag is won.

A claim holds when your side is complete and either the opponent's side is
complete and loses (ties go against the side that completed last), or no
completion of the opponent's side with troops not yet visible can beat your
formation (a tie is enough, because they would play the last card).
A failed claim carries a counterexample: the troops they could add and the
formation those make.

>>> bool(can_claim("R4 R5 R3", "Y8 R8 G8"))
True
>>> r = can_claim("R4 R5 R3", "B8")
>>> bool(r), [str(c) for c in r.counterexample]
(False, ['B9', 'B10'])
>>> bool(can_claim("R4 R5 R3", "B8", seen="B7 B10"))
True
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .cards import ALL_CARDS, Card, CardLike, TROOP_MASK, parse_cards
from .formations import Formation, best, check_side, side_best

__all__ = ["ClaimResult", "can_claim"]


def claim_holds(mine: Sequence[int], theirs: Sequence[int], unseen: int, fog: bool, need: int,
                mine_later: bool) -> bool:
    """The hot path of a claim: ``mine`` complete (at least ``need`` cards).

    ``unseen`` is the troop mask the opponent may still add; ``mine_later``
    says whether my side was completed after theirs (only read when both are
    complete). No objects are built.
    """
    s = side_best(mine, need, fog)[0]
    if len(theirs) >= need:
        t = side_best(theirs, need, fog)[0]
        return s > t or (s == t and not mine_later)
    return best(theirs, unseen, need - len(theirs), fog, s) is None


class ClaimResult:
    """The outcome of a claim: truthy exactly when the claim holds.

    ``formation`` is the claimer's formation (None when the side is not
    complete); ``their_formation`` the opponent's when complete.
    ``counterexample`` lists the troops the opponent could add and
    ``counter_formation`` the formation they would make (both empty/None
    when the claim holds or the opponent is already complete).
    ``explanation`` says it in one plain sentence.
    """

    __slots__ = ("holds", "flag", "formation", "their_formation", "counterexample",
                 "counter_formation", "_why", "_best_reach")

    def __init__(self, holds: bool, *, flag: int | None = None, formation: Formation | None = None,
                 their_formation: Formation | None = None, counterexample: tuple = (),
                 counter_formation: Formation | None = None, why: str = "", best_reach=None):
        self.holds = holds
        self.flag = flag
        self.formation = formation
        self.their_formation = their_formation
        self.counterexample = counterexample
        self.counter_formation = counter_formation
        self._why = why
        self._best_reach = best_reach

    def __bool__(self) -> bool:
        return self.holds

    @property
    def explanation(self) -> str:
        """One sentence in plain English saying why the claim holds or fails."""
        return self._why

    def __repr__(self) -> str:
        verdict = "holds" if self.holds else "fails"
        return f"<ClaimResult {verdict}: {self._why}>"


def _join_names(names: list[str]) -> str:
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _flag_words(flag: int | None) -> str:
    return f"flag {flag}" if flag else "this flag"


def build_result(mine: Sequence[int], theirs: Sequence[int], unseen: int, fog: bool, need: int,
                 mine_later: bool | None, flag: int | None = None) -> ClaimResult:
    """The full claim result with formations, counterexample and explanation."""
    where = _flag_words(flag)
    if len(mine) < need:
        mud = " (Mud is here)" if need == 4 else ""
        return ClaimResult(False, flag=flag,
                           why=f"Your side of {where} has {len(mine)} card{'s' if len(mine) != 1 else ''}; "
                               f"a claim needs {need}{mud}.")
    res_mine = side_best(mine, need, fog)
    form = Formation._from_result(res_mine, res_mine[4])
    if len(theirs) >= need:
        res_theirs = side_best(theirs, need, fog)
        theirs_form = Formation._from_result(res_theirs, res_theirs[4])
        s, t = res_mine[0], res_theirs[0]
        if s > t:
            return ClaimResult(True, flag=flag, formation=form, their_formation=theirs_form,
                               why=f"Your {form.describe()} beats their {theirs_form.describe()}.")
        if s < t:
            return ClaimResult(False, flag=flag, formation=form, their_formation=theirs_form,
                               why=f"Their {theirs_form.describe()} beats your {form.describe()}.")
        if mine_later is None:
            return ClaimResult(False, flag=flag, formation=form, their_formation=theirs_form,
                               why=f"Both sides make {form.describe()}: a tie goes against the side "
                                   f"completed last, and no completion order was given.")
        if mine_later:
            return ClaimResult(False, flag=flag, formation=form, their_formation=theirs_form,
                               why=f"Both sides make {form.describe()}, and you completed your side "
                                   f"last, so the tie goes to your opponent.")
        return ClaimResult(True, flag=flag, formation=form, their_formation=theirs_form,
                           why=f"Both sides make {form.describe()}, and your opponent completed "
                               f"their side last, so the tie goes to you.")
    missing = need - len(theirs)
    beat = best(theirs, unseen, missing, fog, res_mine[0])
    if beat is not None:
        counter = Formation._from_result(beat, theirs)
        added = tuple(ALL_CARDS[c] for c in beat[2])
        added_words = _join_names([c.name for c in added])
        return ClaimResult(False, flag=flag, formation=form, counterexample=added,
                           counter_formation=counter,
                           why=f"Not proved: your opponent could still add {added_words} "
                               f"to make {counter.describe()}, which beats your {form.describe()}.")
    reach = best(theirs, unseen, missing, fog, -1)
    if reach is None:
        why = (f"Your {form.describe()} wins: too few troop cards are unseen for your opponent "
               f"ever to complete their side.")
        return ClaimResult(True, flag=flag, formation=form, why=why)
    reach_form = Formation._from_result(reach, theirs)
    if reach[0] == res_mine[0]:
        why = (f"Your {form.describe()} cannot be beaten: the best your opponent can still make is "
               f"{reach_form.describe()}, a tie, and they would play the last card.")
    else:
        why = (f"Your {form.describe()} cannot be beaten: with the cards still unseen, the best your "
               f"opponent can make is {reach_form.describe()}.")
    return ClaimResult(True, flag=flag, formation=form, why=why, best_reach=reach_form)


def _card_list(x: Iterable[CardLike] | str, what: str) -> list[Card]:
    try:
        return parse_cards(x)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def can_claim(mine: Iterable[CardLike] | str, theirs: Iterable[CardLike] | str = (), *,
              seen: Iterable[CardLike] | str = (), fog: bool = False, mud: bool = False,
              completed_first: str | None = None) -> ClaimResult:
    """Can the side holding ``mine`` claim the flag against ``theirs``?

    ``seen`` is every other visible card (other flags, claimed ones included,
    and the discards); any troop in none of the three may still be added by
    the opponent. ``completed_first`` (``"mine"`` or ``"theirs"``) settles a tie
    when both sides are complete.

    >>> bool(can_claim("Y2 R2 G2", "R7 G6"))
    True
    >>> bool(can_claim("Y7 B2 G1", "Y3 B3 G4", completed_first="theirs"))
    False
    """
    m = _card_list(mine, "your side")
    t = _card_list(theirs, "their side")
    s = _card_list(seen, "seen cards")
    need = 4 if mud else 3
    check_side(m, "your side")
    check_side(t, "their side")
    limit = 4
    for side, who in ((m, "your side"), (t, "their side")):
        if len(side) > limit:
            raise ValueError(f"{who} has {len(side)} cards; a side holds at most {limit} "
                             f"(four only under Mud, or when Mud left a flag)")
    all_cards = m + t + s
    dup = {c for c in all_cards if all_cards.count(c) > 1}
    if dup:
        first = sorted(dup)[0]
        raise ValueError(f"card {first} appears twice among your side, their side and the seen cards")
    if completed_first not in (None, "mine", "theirs"):
        raise ValueError(f"completed_first must be 'mine' or 'theirs', not {completed_first!r}")
    visible = 0
    for c in all_cards:
        visible |= 1 << c
    unseen = TROOP_MASK & ~visible
    mine_later = None if completed_first is None else completed_first == "theirs"
    return build_result([int(c) for c in m], [int(c) for c in t], unseen, fog, need, mine_later)
