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

from ..cards import ALL_CARDS, Card, CardLike, TROOP_MASK, parse_cards
from .formations import MUD_SIDE_SIZE, Formation, best, cards_needed, side_best

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
    ``counter_formation`` the formation they would make (empty/None when the
    claim holds or the opponent is already complete); ``best_reach`` is the best
    the opponent can still make when the claim holds against an open side.
    ``explanation`` says it in one plain sentence. The details are worked out
    on first access, so a bare yes/no stays fast.
    """

    __slots__ = ("holds", "flag", "_inputs", "_detail")

    def __init__(self, holds: bool, *, flag: int | None = None, inputs=None, detail=None):
        self.holds = holds
        self.flag = flag
        self._inputs = inputs
        self._detail = detail

    def __bool__(self) -> bool:
        return self.holds

    def detail(self, key: str):
        """One item of the proof's details (``case``, ``count``, ``need``, ``formation``, …),
        worked out on first use; None when the proof has no such item.

        >>> r = can_claim("R7 R8", "B1")
        >>> r.detail("case"), r.detail("count"), r.detail("need")
        ('incomplete', 2, 3)
        """
        if self._detail is None:
            self._detail = _details(*self._inputs, flag=self.flag)
        return self._detail.get(key)

    @property
    def formation(self) -> Formation | None:
        return self.detail("formation")

    @property
    def their_formation(self) -> Formation | None:
        return self.detail("their_formation")

    @property
    def counterexample(self) -> tuple[Card, ...]:
        return self.detail("counterexample") or ()

    @property
    def counter_formation(self) -> Formation | None:
        return self.detail("counter_formation")

    @property
    def best_reach(self) -> Formation | None:
        return self.detail("best_reach")

    @property
    def case(self) -> str | None:
        """Which reason decided it, for wording it in other languages: ``incomplete``,
        ``beats``, ``beaten``, ``tie-unknown``, ``tie-later``, ``tie-earlier``, ``counter``,
        ``cannot-complete``, ``reach``, ``reach-tie``, or None (a claim not even tried)."""
        return self.detail("case")

    @property
    def rule(self) -> str | None:
        """For a claim not even tried: the rule that stopped it (as ``RuleError.rule``)."""
        return self.detail("rule")

    @property
    def params(self) -> dict:
        return self.detail("params") or {}

    @property
    def explanation(self) -> str:
        """One sentence in plain English saying why the claim holds or fails."""
        return self.detail("why")

    def __repr__(self) -> str:
        verdict = "holds" if self.holds else "fails"
        return f"<ClaimResult {verdict}: {self.explanation}>"


def _join_names(names: list[str]) -> str:
    if not names:
        return "nothing"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def _hand_words(in_hand: tuple[Card, ...]) -> str:
    """`` Orange 5, which is in your hand, counts as still to come: ...`` or ""."""
    if not in_hand:
        return ""
    many = len(in_hand) > 1
    return (f" {_join_names([c.name for c in in_hand])}, which {'are' if many else 'is'} in your hand, "
            f"count{'' if many else 's'} as still to come: a claim is proved from the cards on the table only.")


def _flag_words(flag: int | None) -> str:
    return f"flag {flag}" if flag else "this flag"


def outranks_despite_total(winner: Formation | None, loser: Formation | None) -> bool:
    """Whether ``winner`` beats ``loser`` by its kind with a total no higher (a Wedge 3-4-5
    beats a Phalanx 8-8-8): the proofs then say why, since a lower total winning puzzles a
    beginner.

    >>> from battleline.standard.formations import evaluate
    >>> outranks_despite_total(evaluate("R3 R4 R5"), evaluate("B8 G8 Y8"))
    True
    >>> outranks_despite_total(evaluate("R8 R9 R10"), evaluate("R2 B3 G4"))
    False
    """
    if winner is None or loser is None or "total" in (winner.kind, loser.kind):
        return False
    return winner.kind != loser.kind and winner.total <= loser.total


def _rank_words(winner: Formation | None, loser: Formation | None) -> str:
    """`` Any Wedge outranks any Phalanx, whatever the totals.`` when the kinds decide."""
    if not outranks_despite_total(winner, loser):
        return ""
    return f" Any {winner.name} outranks any {loser.name}, whatever the totals."


def failed(flag: int | None, why: str, rule: str | None = None, **params) -> ClaimResult:
    """A claim that cannot even be tried (wrong time, flag already taken); ``rule`` and
    ``params`` name the reason for other languages, as on the engine's errors."""
    return ClaimResult(False, flag=flag, detail={"why": why, "rule": rule, "params": params})


def build_result(mine: Sequence[int], theirs: Sequence[int], unseen: int, fog: bool, need: int,
                 mine_later: bool | None, flag: int | None = None, hand: Sequence[int] = ()) -> ClaimResult:
    """The claim's verdict now; formations, counterexample and words when asked for. ``hand``
    (the claimant's) plays no part in the proof; the words say when the counterexample
    holds a card of it."""
    if len(mine) < need:
        holds = False
    elif len(theirs) >= need and mine_later is None:
        holds = side_best(mine, need, fog)[0] > side_best(theirs, need, fog)[0]
    else:
        holds = claim_holds(mine, theirs, unseen, fog, need, bool(mine_later))
    return ClaimResult(holds, flag=flag,
                       inputs=(tuple(mine), tuple(theirs), unseen, fog, need, mine_later, tuple(hand)))


def _details(mine, theirs, unseen, fog, need, mine_later, hand=(), *, flag=None) -> dict:
    where = _flag_words(flag)
    if len(mine) < need:
        mud = " (Mud is here)" if need == MUD_SIDE_SIZE else ""
        return {"case": "incomplete", "count": len(mine), "need": need,
                "why": f"Your side of {where} has {len(mine)} card{'s' if len(mine) != 1 else ''}; "
                       f"a claim needs {need}{mud}."}
    res_mine = side_best(mine, need, fog)
    form = Formation.from_result(res_mine, res_mine[4])
    out = {"formation": form}
    if len(theirs) >= need:
        res_theirs = side_best(theirs, need, fog)
        theirs_form = Formation.from_result(res_theirs, res_theirs[4])
        out["their_formation"] = theirs_form
        s, t = res_mine[0], res_theirs[0]
        out["case"] = ("beats" if s > t else "beaten" if s < t else "tie-unknown" if mine_later is None
                       else "tie-later" if mine_later else "tie-earlier")
        if s > t:
            why = f"Your {form.describe()} beats their {theirs_form.describe()}." + _rank_words(form, theirs_form)
        elif s < t:
            why = f"Their {theirs_form.describe()} beats your {form.describe()}." + _rank_words(theirs_form, form)
        elif mine_later is None:
            why = (f"Both sides make {form.describe()}: a tie goes against the side completed last, "
                   f"and no completion order was given.")
        elif mine_later:
            why = (f"Both sides make {form.describe()}, and you completed your side last, so the tie "
                   f"goes to your opponent.")
        else:
            why = (f"Both sides make {form.describe()}, and your opponent completed their side last, "
                   f"so the tie goes to you.")
        out["why"] = why
        return out
    missing = need - len(theirs)
    beat = best(theirs, unseen, missing, fog, res_mine[0])
    if beat is not None:
        counter = Formation.from_result(beat, theirs)
        added = tuple(ALL_CARDS[c] for c in beat[2])
        out["counterexample"] = added
        out["counter_formation"] = counter
        out["case"] = "counter"
        # the claimant's own cards are not seen for the proof: say so, lest it look wrong
        in_hand = tuple(c for c in added if int(c) in set(map(int, hand)))
        out["in_hand"] = in_hand
        out["why"] = (f"Not proved: your opponent could still add {_join_names([c.name for c in added])} "
                      f"to make {counter.describe()}, which beats your {form.describe()}."
                      + _rank_words(counter, form) + _hand_words(in_hand))
        return out
    reach = best(theirs, unseen, missing, fog, -1)
    if reach is None:
        out["case"] = "cannot-complete"
        out["why"] = (f"Your {form.describe()} wins: too few troop cards are unseen for your opponent "
                      f"ever to complete their side.")
        return out
    reach_form = Formation.from_result(reach, theirs)
    out["best_reach"] = reach_form
    out["case"] = "reach-tie" if reach[0] == res_mine[0] else "reach"
    if reach[0] == res_mine[0]:
        out["why"] = (f"Your {form.describe()} cannot be beaten: the best your opponent can still make "
                      f"is {reach_form.describe()}, a tie, and they would play the last card.")
    else:
        out["why"] = (f"Your {form.describe()} cannot be beaten: with the cards still unseen, the best "
                      f"your opponent can make is {reach_form.describe()}." + _rank_words(form, reach_form))
    return out


def _card_list(x, what: str) -> list[Card]:
    if isinstance(x, str):
        try:
            return parse_cards(x)
        except ValueError as e:
            raise ValueError(f"{what}: {e}") from None
    out = []
    for c in x:
        if c.__class__ is not Card:
            try:
                c = Card(c)
            except ValueError as e:
                raise ValueError(f"{what}: {e}") from None
        out.append(c)
    return out


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
    need = cards_needed(mud)
    visible = 0
    for c in m:
        visible |= 1 << c
    for c in t:
        visible |= 1 << c
    for c in s:
        visible |= 1 << c
    if visible.bit_count() != len(m) + len(t) + len(s):  # rare: find the duplicate to name it
        visible = 0
        for c in m + t + s:
            bit = 1 << c
            if visible & bit:
                raise ValueError(f"card {c} appears twice among your side, their side and the seen cards")
            visible |= bit
    for side, who in ((m, "your side"), (t, "their side")):
        if len(side) > 4:
            raise ValueError(f"{who} has {len(side)} cards; a side holds at most 4 "
                             f"(four only under Mud, or when Mud left a flag)")
        if side and max(side) > 63:
            c = next(c for c in side if c > 63)
            raise ValueError(f"{c} cannot be part of a formation on {who}: only troops, Leaders, "
                             f"Companion Cavalry and Shield Bearers stand at a flag")
        if 60 in side and 61 in side:
            raise ValueError(f"{who} cannot hold both Leaders: each player may play only one Leader")
    if completed_first not in (None, "mine", "theirs"):
        raise ValueError(f"completed_first must be 'mine' or 'theirs', not {completed_first!r}")
    unseen = TROOP_MASK & ~visible
    mine_later = None if completed_first is None else completed_first == "theirs"
    return build_result([int(c) for c in m], [int(c) for c in t], unseen, fog, need, mine_later)
