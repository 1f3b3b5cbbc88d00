"""Greedy turns played directly on a complete game (a sampled world), for search.

The greedy rule of :mod:`battleline.standard.bots.greedy`, stripped to what a search needs
many thousand times a move: claim every provable flag, play the troop whose side
could still complete the strongest formation (ties toward the centre flag), draw a
troop. It reads the world's hands directly (in a sampled world the player's hand
is that world's guess) and never plays a Tactics card. Every move is pushed, so
the caller takes them all back with ``undo``.

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

from ...cards import TROOP_MASK
from ..game import FLAGS, Game
from ..moves import PLAY_TABLE, Move
from .greedy import NO_FORMATION, potential_strength, wins_at_once

CENTRE_FIRST = sorted(FLAGS, key=lambda f: (abs(f - 5), f))  # the greedy tie-break

__all__ = ["greedy_turn", "greedy_play", "finish_turn", "play_out", "winning_tactic"]


def greedy_play(w: Game, p: int) -> Move:
    """The greedy rule's card for ``p`` (to move, in the play phase): the troop and flag
    with the strongest potential formation (ties: the flag nearest the centre, then the
    lower flag, then the lower card), or a pass when no troop can be placed."""
    # Strong cards first, so that the floor below rises early.
    troops = sorted((c for c in w.hand(p) if c < 60), key=lambda c: -(c % 10))
    available = w.unseen_troops() & TROOP_MASK
    # Flags whose side looks the same (most often: empty) give every card the same potential,
    # so each such group is scored once, at its best flag for the tie-break.
    groups: dict = {}
    for f in CENTRE_FIRST:
        if w.claimed_by(f) is not None:
            continue
        side = w.cards_at(f, p)
        need = w.required(f)
        if len(side) >= need:
            continue
        key = (tuple(side), need, w.fog_at(f))
        if key not in groups:
            groups[key] = f
    best_key = None
    for (side, need, fog), f in groups.items():
        place = (-abs(f - 5), -f)
        for c in troops:
            # Only a formation at least as strong as the best so far can win (or tie-break).
            floor = NO_FORMATION - 1 if best_key is None else best_key[0] - 1
            key = (potential_strength(side, c, need, fog, available, floor), place, -(c % 10), -c)
            if best_key is None or key > best_key:
                best_key = key
                best_cf = (c, f)
    best_m = None if best_key is None else PLAY_TABLE[best_cf[0]][best_cf[1]]
    if best_m is None:
        return next((m for m in w.legal_moves(claims=False) if m.kind == "pass"))
    return best_m


def finish_turn(w: Game, p: int) -> int:
    """After ``p``'s card: claim what ``p`` can prove, then draw a troop (a Tactics card
    when the troop deck is empty) until the turn passes. Returns the moves pushed."""
    pushed = 0
    while not w.is_over() and w.to_move == p:
        claims = w.provable_flags(p) if w.phase in ("play", "draw") else []
        if claims:
            nxt = Move.claim(claims[0])
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


def greedy_turn(w: Game, p: int, tactics: bool = False) -> int:
    """``p`` (to move, at the start of its turn) claims, plays by the greedy rule and
    finishes its turn; with ``tactics`` it first looks for a Tactics card that wins at
    once, as the greedy player does. Returns the number of moves pushed."""
    pushed = 0
    for f in w.provable_flags(p):
        w.push(Move.claim(f))
        pushed += 1
        if w.is_over():
            return pushed
    if w.phase != "play":
        return pushed
    move = winning_tactic(w, p) if tactics else None
    w.push(move or greedy_play(w, p))
    return pushed + 1 + finish_turn(w, p)


def play_out(w: Game, turns: int | None = None, tactics_first: bool = False) -> int:
    """Greedy turns for both sides, ``turns`` of them (None: to the end of the game); with
    ``tactics_first`` the first turn also plays a Tactics card that wins at once.
    Returns the number of moves pushed."""
    pushed = 0
    n = 0
    while not w.is_over() and (turns is None or n < turns) and w.phase == "play":
        pushed += greedy_turn(w, w.to_move, tactics_first and n == 0)
        n += 1
    return pushed
