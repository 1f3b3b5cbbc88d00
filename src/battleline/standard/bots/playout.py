"""Greedy turns played directly on a complete game (a sampled world), for search.

The greedy rule of :mod:`battleline.standard.bots.greedy`, stripped to what a search needs
many thousand times a move: claim every provable flag, play the troop whose side
could still complete the strongest formation (ties toward the centre flag), draw a
troop. It reads the world's hands directly (in a sampled world the player's hand
is that world's guess) and plays no Tactics card, unless asked to (``play_tactics``:
:func:`tactic_play`'s cheap rules, the Python reference of the kernel's
:func:`~battleline.standard.kernel.policy.play_out_tactics`). With ``contest`` the troop
is chosen by the contest rule (:func:`greedy_choice`: no troop to a flag it can no longer
win; the lowest troop thrown away when every flag is lost), the reference of the kernel's
``POLICY_CONTEST``. Every move is pushed, so the caller takes them all back with ``undo``.

>>> from battleline import Game
>>> g = Game(seed=4)
>>> n = greedy_turn(g, g.to_move)
>>> g.to_move != g.moves[0] and n >= 2
True
>>> for _ in range(n): _ = g.undo()
>>> g.moves
[]
"""

from __future__ import annotations

from ...cards import (ALEXANDER, ALL_CARDS, COMPANION, DARIUS, DESERTER, FOG, MUD, REDEPLOY, SCOUT,
                      SHIELD, TRAITOR, TROOP_MASK)
from ..formations import best, side_strength
from ..game import FLAGS, Game
from ..moves import PLAY_TABLE, Move
from .greedy import NO_FORMATION, potential_strength, wins_at_once

CENTRE_FIRST = sorted(FLAGS, key=lambda f: (abs(f - 5), f))  # the greedy tie-break
MORALE_ORDER = (SHIELD, COMPANION, ALEXANDER, DARIUS)        # the weakest that does the job first
GUARD_ORDER = (TRAITOR, DESERTER, FOG, MUD, REDEPLOY)        # answers to a threatened flag
HOST_LIMIT = 100          # a potential below this makes no formation but a Host

__all__ = ["greedy_turn", "greedy_play", "greedy_choice", "rival_strength", "finish_turn", "play_out",
           "winning_tactic", "tactic_play", "threatened"]


def greedy_play(w: Game, p: int, contest: bool = False) -> Move:
    """The greedy rule's card for ``p`` (to move, in the play phase): the troop and flag
    with the strongest potential formation (ties: the flag nearest the centre, then the
    lower flag, then the lower card), or a pass when no troop can be placed; with
    ``contest`` the contest rule's (:func:`greedy_choice`)."""
    return greedy_choice(w, p, contest)[1]


def rival_strength(w: Game, p: int, f: int) -> int | None:
    """The strength of the opponent's side at ``f`` when it is complete (Fog and Mud read
    as they lie), which ``p``'s side must beat there; None while it is incomplete.

    >>> rival_strength(Game(seed=2), 0, 5) is None
    True
    """
    theirs = w.cards_at(f, 1 - p)
    need = w.required(f)
    return side_strength(theirs, need, w.fog_at(f)) if len(theirs) >= need else None


def greedy_choice(w: Game, p: int, contest: bool = False) -> tuple[tuple | None, Move]:
    """``(key, move)``: :func:`greedy_play`'s move and its ranking key, whose first item
    is the potential strength (None and a pass when no troop can be placed).

    With ``contest``, a card is *lost* at a flag where the opponent's side is complete
    (:func:`rival_strength`) and the card's potential there is no stronger (a tie is lost:
    they completed first); the greedy rule chooses among the pairs that are not lost, and
    when every pair is lost the key is None and the move throws the hand's lowest troop
    (:func:`lowest_card`) on the lowest-numbered free flag, where it no longer matters.
    """
    # Strong cards first, so that the floor below rises early.
    troops = sorted((c for c in w.hand(p) if c < 60), key=lambda c: -(c % 10))
    available = w.unseen_troops() & TROOP_MASK
    # Flags whose side looks the same (most often: empty) give every card the same potential,
    # so each such group is scored once, at its best flag for the tie-break.
    groups: dict = {}
    free = []
    for f in CENTRE_FIRST:
        if w.claimed_by(f) is not None:
            continue
        side = w.cards_at(f, p)
        need = w.required(f)
        if len(side) >= need:
            continue
        free.append(f)
        key = (tuple(side), need, w.fog_at(f), rival_strength(w, p, f) if contest else None)
        if key not in groups:
            groups[key] = f
    best_key = None
    for (side, need, fog, rival), f in groups.items():
        place = (-abs(f - 5), -f)
        for c in troops:
            # Only a formation at least as strong as the best so far can win (or tie-break).
            floor = NO_FORMATION - 1 if best_key is None else best_key[0] - 1
            if rival is None:
                score = potential_strength(side, c, need, fog, available, floor)
            else:
                score = potential_strength(side, c, need, fog, available, max(floor, rival))
                if score <= rival:
                    continue     # lost here (or weaker than the best so far)
            key = (score, place, -(c % 10), -c)
            if best_key is None or key > best_key:
                best_key = key
                best_cf = (c, f)
    if best_key is None and troops and free:     # only the contest rule finds every card lost
        return None, PLAY_TABLE[lowest_card(troops)][min(free)]
    best_m = None if best_key is None else PLAY_TABLE[best_cf[0]][best_cf[1]]
    if best_m is None:
        return None, next((m for m in w.legal_moves(claims=False) if m.kind == "pass"))
    return best_key, best_m


def finish_turn(w: Game, p: int) -> int:
    """After ``p``'s card: claim what ``p`` can prove, then draw a troop (a Tactics card
    when the troop deck is empty) until the turn passes; after Scout, put back the lowest
    cards (:func:`lowest_card`). Returns the moves pushed."""
    pushed = 0
    while not w.is_over() and w.to_move == p:
        claims = w.provable_flags(p) if w.phase in ("play", "draw") else []
        if claims:
            nxt = Move.claim(claims[0])
        elif w.phase == "scout-return":
            nxt = Move.return_card(lowest_card(w.hand(p)))
        else:
            legal = w.legal_moves(claims=False)
            draws = [m for m in legal if m.kind == "draw"]
            nxt = next((m for m in draws if m.deck == "troop"), draws[0] if draws else legal[0])
        w.push(nxt)
        pushed += 1
    return pushed


def winning_tactic(w: Game, p: int) -> Move | None:
    """A Tactics move of ``p`` (to move) that, with the claims it makes provable, wins the
    game at once; None when there is none (or ``p`` holds no Tactics card)."""
    if not any(c >= 60 for c in w.hand(p)) or not w.can_play_tactic(p):
        return None
    for m in w.legal_moves(claims=False):
        if m.kind != "pass" and not (m.kind == "play" and m.card < 60) and wins_at_once(w, m, p):
            return m
    return None


def greedy_turn(w: Game, p: int, tactics: bool = False, play_tactics: bool = False, contest: bool = False) -> int:
    """``p`` (to move, at the start of its turn) claims, plays by the greedy rule and
    finishes its turn; with ``tactics`` it first looks for a Tactics card that wins at
    once, as the greedy player does; with ``play_tactics`` it plays a Tactics card by
    :func:`tactic_play` before the greedy troop; with ``contest`` the troop is the contest
    rule's (:func:`greedy_choice`). Returns the number of moves pushed."""
    pushed = 0
    for f in w.provable_flags(p):
        w.push(Move.claim(f))
        pushed += 1
        if w.is_over():
            return pushed
    if w.phase != "play":
        return pushed
    move = winning_tactic(w, p) if tactics else None
    if move is None and play_tactics:
        move = tactic_play(w, p)
    w.push(move or greedy_play(w, p, contest))
    return pushed + 1 + finish_turn(w, p)


def play_out(w: Game, turns: int | None = None, tactics_first: bool = False, play_tactics: bool = False,
             contest: bool = False) -> int:
    """Greedy turns for both sides, ``turns`` of them (None: to the end of the game); with
    ``tactics_first`` the first turn also plays a Tactics card that wins at once; with
    ``play_tactics`` every turn may play one by :func:`tactic_play`; with ``contest`` the
    troops are the contest rule's (:func:`greedy_choice`).
    Returns the number of moves pushed."""
    pushed = 0
    n = 0
    while not w.is_over() and (turns is None or n < turns) and w.phase == "play":
        pushed += greedy_turn(w, w.to_move, tactics_first and n == 0, play_tactics, contest)
        n += 1
    return pushed


# ------------------------------------------------------------- Tactics in play-outs
def lowest_card(hand) -> int:
    """The hand's lowest troop (ties: the lower card); a Tactics card only when it holds no
    troop, the lowest first."""
    troops = [c for c in hand if c < 60]
    if troops:
        return min(troops, key=lambda c: (c % 10, c))
    return min(hand)


def threatened(w: Game, p: int, f: int, fog: bool) -> bool:
    """Whether at the unclaimed flag ``f`` the opponent's side is complete and ``p``'s,
    still incomplete, can make nothing stronger from the troops in its own hand (both read
    with Fog or without): the flag is lost unless a Tactics card changes it.

    >>> any(threatened(Game(seed=2), 0, f, False) for f in FLAGS)     # nothing on the table yet
    False
    """
    if w.claimed_by(f) is not None:
        return False
    need = w.required(f)
    mine, theirs = w.cards_at(f, p), w.cards_at(f, 1 - p)
    if len(mine) >= need or len(theirs) < need:
        return False
    hand = sum(1 << c for c in w.hand(p) if c < 60)
    found = best(mine, hand, need - len(mine), fog)
    return found is None or found[0] <= side_strength(theirs, need, fog)


def card_worth(c: int) -> int:
    """What a card adds to a side: a troop its value, a Leader 11, Companion Cavalry 8,
    Shield Bearers 3."""
    if c < 60:
        return c % 10 + 1
    return 11 if c <= DARIUS else 8 if c == COMPANION else 3


def strongest_card(w: Game, owner: int, f: int, troops_only: bool) -> int | None:
    """``owner``'s card at ``f`` worth most (ties: the lower card), or None."""
    cards = [c for c in w.cards_at(f, owner) if not troops_only or c < 60]
    return min(cards, key=lambda c: (-card_worth(c), c)) if cards else None


def best_flag_for(w: Game, p: int, card: int, flags: list[int]) -> int | None:
    """The flag of ``flags`` where the troop ``card`` gives ``p``'s side the strongest
    potential formation, as the greedy rule scores it (ties: centre first), or None."""
    available = w.unseen_troops() & TROOP_MASK
    best_flag, best_score = None, NO_FORMATION - 1
    for f in CENTRE_FIRST:
        if f in flags:
            score = potential_strength(w.cards_at(f, p), card, w.required(f), w.fog_at(f), available)
            if score > best_score:
                best_flag, best_score = f, score
    return best_flag


def _free_flags(w: Game, p: int) -> list[int]:
    return [f for f in FLAGS if w.claimed_by(f) is None and len(w.cards_at(f, p)) < w.required(f)]


def _morale_play(w: Game, p: int, free: list[int]) -> Move | None:
    """A Morale card that completes a side which then wins its flag by proof (the weakest
    such card, flags centre first)."""
    hand = w.hand(p)
    for card in MORALE_ORDER:
        if card not in hand or (card <= DARIUS and w.leader_played[p]):
            continue
        for f in CENTRE_FIRST:
            if f in free and len(w.cards_at(f, p)) == w.required(f) - 1:
                move = PLAY_TABLE[card][f]
                w.push(move)
                wins = f in w.provable_flags(p)
                w.undo()
                if wins:
                    return move
    return None


def _guard_play(w: Game, p: int, card: int, f: int, free: list[int]) -> Move | None:
    """``card``'s answer to the threatened flag ``f`` (see :func:`tactic_play`), or None."""
    if card in (TRAITOR, REDEPLOY):
        c = strongest_card(w, 1 - p if card == TRAITOR else p, f, True)
        targets = free if card == TRAITOR else [g for g in free if g != f]
        g = None if c is None else best_flag_for(w, p, c, targets)
        if g is None:
            return None
        return Move.traitor(ALL_CARDS[c], g) if card == TRAITOR else Move.redeploy(ALL_CARDS[c], g)
    if card == DESERTER:
        return Move.deserter(ALL_CARDS[strongest_card(w, 1 - p, f, False)])
    if card == FOG:
        return None if w.fog_at(f) or threatened(w, p, f, True) else PLAY_TABLE[FOG][f]
    return None if w.mud_at(f) else PLAY_TABLE[MUD][f]


def tactic_play(w: Game, p: int) -> Move | None:
    """The Tactics card the play-out plays for ``p`` (to move, in the play phase), or None:
    a Morale card that completes a side winning its flag by proof (the weakest card, flags
    centre first); else, against the threatened flags (:func:`threatened`, centre first),
    Traitor (their best troop there, to where the greedy rule would play it), Deserter
    (their best card there), Fog (when our side then wins the totals), Mud, Redeploy (our
    best troop there, to where the greedy rule would play it), the first that applies;
    else Scout when no troop in hand makes more than a Host. Never past the Tactics limit.

    >>> tactic_play(Game(seed=1), 0) is None     # no Tactics card in hand
    True
    """
    hand = w.hand(p)
    if not any(c >= 60 for c in hand) or not w.can_play_tactic(p):
        return None
    free = _free_flags(w, p)
    move = _morale_play(w, p, free)
    if move is not None:
        return move
    threats = [f for f in CENTRE_FIRST if threatened(w, p, f, w.fog_at(f))]
    for card in GUARD_ORDER if threats else ():
        if card in hand:
            for f in threats:
                move = _guard_play(w, p, card, f, free)
                if move is not None:
                    return move
    if SCOUT in hand and (w.decks[0] or w.decks[1]):
        key = greedy_choice(w, p)[0]
        if key is None or key[0] < HOST_LIMIT:
            return Move.scout()
    return None
