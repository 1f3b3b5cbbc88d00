"""The ideas behind a Battle Line move, each found by exact code from the position.

A review or a hint says *why* a move is better, not only by how much: "this gives them a
Breakthrough", "every 8 you could still draw is already on the table". Each :class:`Motif` is
found here from what the mover could see, and nothing else: the table, the discards, the
mover's own hand and which cards are still unseen. A claim is proved as the engine proves it
(from the table alone), so a flag "lost for good" is one the opponent could claim at once.

The motifs, by key:

- ``win_at_once``: the move lets the mover prove flags that win the game at once;
- ``win_allowed``: after it the opponent can prove flags that win them the game at once;
- ``win_threatened``: after it the opponent is one flag from winning, a flag named;
- ``claim_given``: after it the opponent can prove a flag it could not before;
- ``claim_made``: after it the mover can prove a flag it could not before (no card left can
  beat its side there), short of winning the game at once;
- ``lost_flag``: the card goes to a flag the opponent can already prove (``high`` when it is
  an 8, 9, 10 or a Leader: a strong card spent where it cannot count);
- ``card_gone``: the formation the mover's cards at the flag aim for cannot be finished,
  because the cards it needs are all on the table or in the discards (named);
- ``own_card_breaks``: the card played spoils the best formation the flag could still make;
- ``outmatched``: at the flag the card goes to, the opponent's cards there can still become a
  higher kind of formation than the mover's side can (``detail``: the two kinds);
- ``outranked``: the same, but the two sides' best are of one kind and the opponent's is the
  stronger (``detail``: the kind, then the cards of the mover's best and of the opponent's);
- ``outmatched_fog``: as ``outmatched``, where Fog lies on the flag (only totals count there): the
  opponent's cards there can still make a higher total than the mover's side can, a tie not
  counted (``detail``: each side's best, as :func:`best_formation`, the mover's None when it
  cannot be completed);
- ``fog`` / ``mud``: Fog (only totals count) or Mud (four cards a side) changes who can still
  win the flag, or changes nothing there (``changes`` says which);
- ``prospect`` (two moves compared, :func:`prospect`): the better move's card can still become
  a higher formation at its flag than the card played at its own;
- ``high_card_spent`` (two moves compared, :func:`prospect`): the card played is a high one
  (:data:`HIGH_VALUE` or more) and the better move spends one at least :data:`MUCH_LOWER`
  lower for a formation as good: the high card is kept for later;
- ``contest`` (two moves compared, :func:`prospect`): at its flag the better move's side can
  still beat the best the opponent can make there, and the card played at its own cannot;
- ``hand_completes`` (two moves compared, :func:`prospect`): after the better move its flag's
  side is complete, or can be completed with troops the mover already holds, into a higher
  kind of formation than the played card's side can be completed into from the hand (``detail``:
  the kind and cards of the better one, the kind of the other or None);
- ``lower_card_enough`` (two moves compared, :func:`prospect`): the better move's troop is
  lower than the one played, and each side can still beat the best the opponent can make at
  its flag (``detail``: the kind and cards of the better move's side, then of the opponent's
  best there): the higher card is kept for later;
- ``contest_fog`` (two moves compared, :func:`prospect`): as ``contest``, where Fog lies on
  either move's flag (only totals count there): the better move's side can still beat the
  best the opponent can make at its flag, the played card's falls short of it, a tie not
  counted (``detail``: each side's
  best as ``(strength, kind)``, the total under Fog, or None);
- ``guile_turns`` (two moves compared, :func:`taken_away`): the better move is a Redeploy,
  Deserter or Traitor whose card, taken from a flag, turns it: the mover's side there can then
  still beat the best the opponent can make there, and before it fell short (the move played
  leaves it short) (``detail``: each side's best after, as :func:`best_formation`, then before,
  as ``(strength, kind)``);
- ``stronger_prospect`` (two moves compared, :func:`prospect`): the two sides can still make
  the same kind of formation, the better move's a stronger one (``detail``: the kind, then the
  cards of each, the better move's first);
- ``scout_first`` (two moves compared, :func:`scouted`): the better move is a Scout, the move
  played puts a card on the table: the Scout draws before a card is committed, and the two cards
  it puts back are the mover's choice (``detail``: the cards left in the decks).

>>> from battleline.standard.editor import PositionDraft
>>> d = PositionDraft(to_move=1)
>>> d.place("Y8", flag=3, side=1)
>>> for c in ("G8", "B8", "O8", "P8"): d.place(c, discard=0)
>>> for c in ("R8", "B3", "G4", "P5", "R6", "P9", "G1"): d.place(c, hand=1)
>>> [(m.key, [str(c) for c in m.cards]) for m in find(d.game(), 1, "R8@3")]
[('card_gone', ['O8', 'G8', 'B8', 'P8']), ('own_card_breaks', ['R8'])]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ALL_CARDS, FOG, MUD, TROOP_MASK, Card
from .formations import CARDS_NEEDED, KINDS, best, evaluate
from .game import Game
from .moves import Move
from .rules import FLAGS, win_reason

__all__ = ["Motif", "find", "possible_best", "best_formation", "prospect", "taken_away", "scouted", "KEYS"]

KEYS = ("win_at_once", "win_allowed", "win_threatened", "claim_given", "claim_made", "lost_flag", "card_gone",
        "own_card_breaks", "outmatched", "outranked", "fog", "mud", "prospect", "high_card_spent", "contest",
        "hand_completes", "lower_card_enough", "stronger_prospect", "contest_fog", "guile_turns", "outmatched_fog",
        "scout_first")
HIGH_VALUE = 8          # an 8, 9 or 10 (or a Leader) is a strong card
MUCH_LOWER = 4          # a card this much lower is spent instead: the high one is kept


@dataclass(frozen=True)
class Motif:
    """One idea: its ``key`` (see the module), the ``flags`` and ``cards`` it names, and
    ``detail``: what else its sentence needs (formation kinds, a win's kind, totals)."""

    key: str
    flags: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    detail: tuple = ()


def find(game: Game, me: int, move: Move | str) -> list[Motif]:
    """The motifs of ``move`` by seat ``me`` (to move in ``game``), most telling first. Reads
    only what ``me`` could see; ``game`` is left unchanged.

    >>> from battleline import Game
    >>> find(Game(seed=1, first=0), 0, "R9@1")
    []
    """
    move = game.parse_move(move) if isinstance(move, str) else move
    after = game.copy()
    after.push(move)
    found: list[Motif] = []
    for detect in (_win_at_once, _win_allowed, _win_threatened, _claim_given, _claim_made, _lost_flag,
                   _card_gone, _own_card_breaks, _outmatched, _outmatched_fog, _weather):
        found += detect(game, after, me, move)
    return found


# ------------------------------------------------------------------ what a side can still make

def still_available(game: Game) -> int:
    """The troops no one can see yet (a mask): in a hand or a deck. What a flag's side may
    still be completed with, as far as anyone can prove."""
    return TROOP_MASK & ~game.visible


def possible_best(game: Game, player: int, flag: int, avail: int | None = None) -> tuple[int, str] | None:
    """``(strength, kind)`` of the best formation ``player``'s side at ``flag`` can still make
    with troops from ``avail`` (default: every troop not yet seen), under the flag's Fog and
    Mud; None when it cannot be completed.

    >>> from battleline import Game
    >>> possible_best(Game(seed=1), 0, 1)[1]
    'wedge'
    """
    found = best_formation(game, player, flag, avail)
    return None if found is None else found[:2]


def best_formation(game: Game, player: int, flag: int,
                   avail: int | None = None) -> tuple[int, str, tuple[Card, ...]] | None:
    """As :func:`possible_best`, with the cards of that formation: the side's own, then the
    troops it would still take (the lowest such choice among equals).

    >>> from battleline.standard.editor import PositionDraft
    >>> d = PositionDraft(to_move=1)
    >>> d.place("Y5", flag=2, side=1)
    >>> strength, kind, cards = best_formation(d.game(), 1, 2)
    >>> kind, [str(c) for c in cards]
    ('wedge', ['Y5', 'Y6', 'Y7'])
    """
    need = CARDS_NEEDED[game.mud_flag == flag]
    fog = game.fog_flag == flag
    cards = list(game.sides[player][flag])
    if len(cards) >= need:
        form = evaluate([ALL_CARDS[c] for c in cards], fog=fog, mud=need == 4)
        return form.strength, form.kind, _in_order(cards)
    avail = still_available(game) if avail is None else avail
    found = best(cards, avail & ~_mask(cards), need - len(cards), fog)
    if found is None:
        return None
    strength, kind = found[0], found[1]
    return strength, ("total" if kind < 0 else KINDS[kind]), _in_order((*cards, *found[2]))


def _in_order(cards) -> tuple[Card, ...]:
    """Cards as a sentence names them: wild cards first, then the troops by value and colour."""
    return tuple(sorted((ALL_CARDS[c] for c in cards), key=lambda c: (not c.is_wild, c.is_troop and c.value, c)))


def _mask(cards) -> int:
    m = 0
    for c in cards:
        if c < 60:
            m |= 1 << c
    return m


def _open_provable(game: Game, player: int) -> set[int]:
    return set(game.provable_flags(player)) - set(game.flags_held(player))


def _winning_set(game: Game, player: int) -> tuple[set[int], str | None]:
    flags = set(game.flags_held(player)) | set(game.provable_flags(player))
    return flags, win_reason(flags)


# ------------------------------------------------------------------ the detectors

def _win_at_once(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    flags, reason = _winning_set(after, me)
    if reason is None:
        return []
    new = tuple(sorted(_open_provable(after, me)))
    return [Motif("win_at_once", new, detail=(reason,))]


def _win_allowed(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    flags, reason = _winning_set(after, 1 - me)
    if reason is None:
        return []
    return [Motif("win_allowed", tuple(sorted(_open_provable(after, 1 - me))), detail=(reason,))]


def _win_threatened(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """The open flags that would each win the game for the opponent, after the move, where
    there were none before (and no win at once)."""
    def finishing(game: Game) -> set[int]:
        flags, reason = _winning_set(game, 1 - me)
        if reason is not None:
            return set()
        taken = {f for f in FLAGS if game.claimed[f] >= 0}
        return {f for f in FLAGS if f not in taken and f not in flags and win_reason(flags | {f})}

    new = finishing(after) - finishing(before)
    if not new or _winning_set(after, 1 - me)[1] is not None:
        return []
    return [Motif("win_threatened", tuple(sorted(new)))]


def _claim_given(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    given = _open_provable(after, 1 - me) - _open_provable(before, 1 - me)
    return [Motif("claim_given", (f,)) for f in sorted(given)]


def _claim_made(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """Flags the mover can prove after the move and not before (a win at once is its own motif)."""
    if _winning_set(after, me)[1] is not None:
        return []
    made = _open_provable(after, me) - _open_provable(before, me)
    return [Motif("claim_made", (f,)) for f in sorted(made)]


def _lost_flag(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    if move.kind != "play" or not move.flag or move.card.is_tactic and not _is_wild(move.card):
        return []
    if move.flag not in _open_provable(before, 1 - me):
        return []
    high = _is_wild(move.card) or move.card.value >= HIGH_VALUE
    return [Motif("lost_flag", (move.flag,), (move.card,), ("high" if high else "low",))]


def _is_wild(card: Card) -> bool:
    return card.is_wild


def _card_gone(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """At the move's flag: the best formation the mover's cards could make if nothing else
    had been seen, against the best they can still make; when the kind falls, the cards that
    would have finished it are on the table or in the discards."""
    if move.kind != "play" or not move.flag or after.fog_flag == move.flag:
        return []
    f = move.flag
    mine = after.sides[me][f]
    if len(mine) >= CARDS_NEEDED[after.mud_flag == f] or not mine:
        return []
    unseen = still_available(after)
    everything = TROOP_MASK & ~_mask(c for p in (0, 1) for c in after.sides[p][f] if p != me)
    hoped = best(list(mine), everything & ~_mask(mine), CARDS_NEEDED[after.mud_flag == f] - len(mine), False)
    real = possible_best(after, me, f, unseen)
    if hoped is None or (real is not None and real[1] == KINDS[hoped[1]]):
        return []
    missing = [c for c in hoped[2] if not unseen >> c & 1]
    if KINDS[hoped[1]] == "phalanx":        # every copy of the value: all are out of reach
        value = ALL_CARDS[hoped[2][0]].value
        missing = [c for c in range(60) if ALL_CARDS[c].value == value and not unseen >> c & 1 and c not in mine]
    gone = tuple(ALL_CARDS[c] for c in missing)
    if not gone:
        return []
    return [Motif("card_gone", (f,), gone, (KINDS[hoped[1]], real[1] if real else None))]


def _own_card_breaks(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """The card played lowers the best kind of formation its flag's side could still make."""
    if move.kind != "play" or not move.flag or not before.sides[me][move.flag] or after.fog_flag == move.flag:
        return []
    f = move.flag
    was = possible_best(before, me, f)
    now = possible_best(after, me, f)
    if was is None or (now is not None and KINDS.index(now[1]) >= KINDS.index(was[1])):
        return []
    return [Motif("own_card_breaks", (f,), (move.card,), (was[1], now[1] if now else None))]


def _outmatched(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """After a troop played at a flag where the opponent has cards: their side there can still
    become a higher kind of formation than the mover's can (``outmatched``), or one of the same
    kind but stronger (``outranked``); a flag not yet lost for good."""
    if move.kind != "play" or not move.flag or not move.card.is_troop or after.fog_flag == move.flag:
        return []
    f = move.flag
    if not after.sides[1 - me][f] or after.claimed[f] >= 0 or f in _open_provable(after, 1 - me):
        return []
    mine, theirs = best_formation(after, me, f), best_formation(after, 1 - me, f)
    if theirs is None or mine is not None and mine[0] >= theirs[0]:
        return []
    if mine is not None and mine[1] == theirs[1]:
        return [Motif("outranked", (f,), (move.card,), (mine[1], mine[2], theirs[2]))]
    if mine is not None and KINDS.index(mine[1]) >= KINDS.index(theirs[1]):
        return []
    return [Motif("outmatched", (f,), (move.card,), (mine[1] if mine else None, theirs[1]))]


def _outmatched_fog(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """As :func:`_outmatched` under Fog, where only totals count: after a troop played at a
    flag under Fog where the opponent has cards, their side there can still make a higher total
    than the mover's can (a tie is not counted: it may go to who finished first); a flag not
    yet lost for good."""
    if move.kind != "play" or not move.flag or not move.card.is_troop or after.fog_flag != move.flag:
        return []
    f = move.flag
    if not after.sides[1 - me][f] or after.claimed[f] >= 0 or f in _open_provable(after, 1 - me):
        return []
    mine, theirs = best_formation(after, me, f), best_formation(after, 1 - me, f)
    if theirs is None or _edge(mine, theirs) >= 0:
        return []
    return [Motif("outmatched_fog", (f,), (move.card,), (mine, theirs))]


def _weather(before: Game, after: Game, me: int, move: Move) -> list[Motif]:
    """Fog or Mud: who can still win the flag, by the best each side can still make, before
    and after; ``detail`` is ``(changes, mine after, theirs after)`` with each side's best
    (strength, kind), or None for a side that cannot be completed."""
    if move.kind != "play" or move.card not in (ALL_CARDS[FOG], ALL_CARDS[MUD]):
        return []
    f = move.flag

    def ahead(game: Game) -> tuple:
        mine, theirs = possible_best(game, me, f), possible_best(game, 1 - me, f)
        return mine, theirs, (mine[0] if mine else -1) > (theirs[0] if theirs else -1)

    mine0, theirs0, lead0 = ahead(before)
    mine1, theirs1, lead1 = ahead(after)
    key = "fog" if move.card == ALL_CARDS[FOG] else "mud"
    return [Motif(key, (f,), (move.card,), (lead0 != lead1, mine1, theirs1))]


def prospect(game: Game, me: int, played: Move, better: Move) -> list[Motif]:
    """``prospect``: both moves play a troop at a flag, and after ``better`` its flag's side can
    still make a higher kind of formation than the side ``played`` went to; else
    ``high_card_spent`` when ``played`` spends a high card and ``better`` a much lower one for a
    formation at least as good; else ``contest``, ``hand_completes``, ``lower_card_enough`` or
    ``stronger_prospect``
    (see the module). ``flags`` and ``cards`` the better move's then the move played's,
    ``detail`` the two kinds (or what the motif's sentence names).

    >>> from battleline.standard.editor import PositionDraft
    >>> d = PositionDraft(to_move=1)
    >>> d.place("P3", flag=4, side=1); d.place("R2", flag=5, side=1)
    >>> for c in ("P4", "B9", "G1", "Y5", "O7", "R8", "B2"): d.place(c, hand=1)
    >>> [(m.flags, m.detail) for m in prospect(d.game(), 1, Move.parse("B9@5"), Move.parse("P4@4"))]
    [((4, 5), ('wedge', 'host'))]
    """
    if not (_to_a_side(played) and _to_a_side(better)):
        return []
    sides, fog = [], False
    for move in (better, played):
        after = game.copy()
        after.push(move)
        fog = fog or after.fog_flag == move.flag
        in_hand = TROOP_MASK & _mask(after.hands[me])
        sides.append((best_formation(after, me, move.flag), best_formation(after, 1 - me, move.flag),
                      after.mud_flag == move.flag, best_formation(after, me, move.flag, in_hand)))
    (mine_b, theirs_b, mud_b, hand_b), (mine_p, theirs_p, mud_p, hand_p) = sides
    flags, cards = (better.flag, played.flag), (better.card, played.card)
    if fog:             # only totals count there: the kinds say nothing, who can still win does
        if _edge(mine_b, theirs_b) > 0 > _edge(mine_p, theirs_p):     # a tie may go to who finished first
            return [Motif("contest_fog", flags, cards, (mine_b[:2], _top(theirs_b), _top(mine_p), _top(theirs_p)))]
        return []
    hoped, got = _kind(mine_b), _kind(mine_p)
    if hoped is not None and (got is None or KINDS.index(got) < KINDS.index(hoped)):
        return [Motif("prospect", flags, cards, (hoped, got))]
    if hoped is not None and got is not None and played.card.is_troop and better.card.is_troop \
            and played.card.value >= HIGH_VALUE and played.card.value - better.card.value >= MUCH_LOWER:
        return [Motif("high_card_spent", flags, cards, (hoped, got))]
    if _edge(mine_b, theirs_b) > 0 >= _edge(mine_p, theirs_p):
        return [Motif("contest", flags, cards, (hoped, _kind(theirs_b), got, _kind(theirs_p)))]
    if hand_b is not None and hand_b[1] != "total" and mud_b == mud_p and \
            (hand_p is None or KINDS.index(hand_p[1]) < KINDS.index(hand_b[1])):
        return [Motif("hand_completes", flags, cards, (hand_b[1], hand_b[2], _kind(hand_p)))]
    if played.card.is_troop and better.card.is_troop and better.card.value < played.card.value \
            and theirs_b is not None and _edge(mine_b, theirs_b) > 0 and _edge(mine_p, theirs_p) > 0:
        return [Motif("lower_card_enough", flags, cards, (hoped, mine_b[2], theirs_b[1], theirs_b[2]))]
    if hoped is not None and hoped == got and mud_b == mud_p and mine_b[0] > mine_p[0]:
        return [Motif("stronger_prospect", flags, cards, (hoped, mine_b[2], mine_p[2]))]
    return []


def _to_a_side(move: Move) -> bool:
    """A troop or a wild card (a Leader, Companion, Shield) played to a flag."""
    return move.kind == "play" and bool(move.flag) and (move.card.is_troop or move.card.is_wild)


def _top(best_found) -> tuple[int, str] | None:
    """``(strength, kind)`` of a side's best (under Fog the strength is the total), or None."""
    return None if best_found is None else best_found[:2]


def _kind(best_found) -> str | None:
    return best_found[1] if best_found else None


def _edge(mine, theirs) -> int:
    """How far the best a side can still make beats the best the opponent can (strengths)."""
    if mine is None:
        return -1
    return 1 if theirs is None else mine[0] - theirs[0]


GUILE = {"redeploy": "Redeploy", "deserter": "Deserter", "traitor": "Traitor"}


def taken_away(game: Game, me: int, played: Move, better: Move) -> list[Motif]:
    """``guile_turns``: ``better`` (a Redeploy, Deserter or Traitor) takes a card from a flag,
    and there the mover's side can then still beat the best the opponent can make, where before,
    and after ``played``, it fell short. ``flags``: that flag; ``cards``: the Guile card and the
    card taken; ``detail``: the two sides' best after, then before (see the module).

    >>> from battleline.standard.editor import PositionDraft
    >>> d = PositionDraft(to_move=1)
    >>> for c in ("R6", "B6"): d.place(c, flag=2, side=1)
    >>> for c in ("R2", "R3"): d.place(c, flag=2, side=0)
    >>> for c in ("Redeploy", "Y10", "G1", "O4", "Y4", "B2", "R9"): d.place(c, hand=1)
    >>> [(m.flags, m.detail[0][1], m.detail[2][1]) for m in taken_away(d.game(), 1, Move.parse("Y10@3"),
    ...                                                                 Move.parse("Redeploy R6@discard"))]
    [((2,), 'wedge', 'phalanx')]
    """
    if better.kind not in GUILE:
        return []
    owner = me if better.kind == "redeploy" else 1 - me
    source = next((f for f in FLAGS if better.card in game.sides[owner][f]), 0)
    if not source or game.claimed[source] >= 0:
        return []

    def at_source(position: Game):
        return best_formation(position, me, source), best_formation(position, 1 - me, source)

    before, after, after_played = at_source(game), _after(game, better), _after(game, played)
    after, after_played = at_source(after), at_source(after_played)
    if not _edge(*after) > 0 > _edge(*before) or _edge(*after_played) > 0:
        return []
    sides = (*after, *(_top(b) for b in before))
    return [Motif("guile_turns", (source,), (Card(GUILE[better.kind]), better.card), sides)]


def scouted(game: Game, me: int, played: Move, better: Move) -> list[Motif]:
    """``scout_first``: ``better`` is a Scout and ``played`` puts a card on the table. The Scout
    commits nothing this turn: the mover draws up to three cards and puts back two of its
    choice, then places a card on a later turn. ``flags``: the flag ``played`` goes to;
    ``cards``: the Scout and the card played; ``detail``: ``(cards left in the decks,)``.

    >>> from battleline.standard.editor import PositionDraft
    >>> d = PositionDraft(to_move=1)
    >>> for c in ("Scout", "P6", "R7", "R8", "G1", "G7", "P2"): d.place(c, hand=1)
    >>> [(m.flags, [str(c) for c in m.cards]) for m in scouted(d.game(), 1, Move.parse("P6@1"), Move.parse("Scout"))]
    [((1,), ['Scout', 'P6'])]
    """
    if better.kind != "scout" or played.kind != "play" or not played.flag:
        return []
    left = sum(len(deck) for deck in game.decks)
    return [Motif("scout_first", (played.flag,), (Card("Scout"), played.card), (left,))]


def _after(game: Game, move: Move) -> Game:
    after = game.copy()
    after.push(move)
    return after
