"""The standard game's rules that are not moves: what wins, when claims are made, and what
makes a position legal. Each rule is written here once; :mod:`battleline.standard.game` applies them
turn by turn and :mod:`battleline.standard.notation` only turns text into a position and back.

The rules of formations (what a flag needs, what beats what) live in
:mod:`battleline.standard.formations`, the claim proofs in :mod:`battleline.standard.claims`.

>>> win_reason([2, 3, 4])
'breakthrough'
>>> win_reason([1, 3, 5, 7, 9]), win_reason([1, 2, 4])
('envelopment', None)
>>> claim_phases("advanced")
('play',)
"""

from __future__ import annotations

from typing import Iterable

from ..cards import ALL_CARDS, FOG, MUD, REDEPLOY, SCOUT, TROOP_MASK
from .claims import build_result, claim_holds
from ..errors import PositionError
from .formations import MUD_SIDE_SIZE, SIDE_SIZE
from ..sides import NORTH, PLAYER_NAMES, SOUTH   # one numbering for both games

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["NORTH", "SOUTH", "PLAYER_NAMES", "FLAGS", "HAND_SIZE", "PHASES", "win_reason",
           "deadlock_winner", "claim_phases", "claim_timing_error", "check_position"]

FLAGS = range(1, 10)
HAND_SIZE = 7
SCOUT_HAND_LIMIT = 10            # seven, and Scout's three draws before two go back
PHASES = ("play", "draw", "scout-draw", "scout-return", "over")
PLAY, DRAW, SCOUT_DRAW, SCOUT_RETURN, OVER = PHASES
ENVELOPMENT_FLAGS = 5          # any five flags; Breakthrough is three adjacent ones
# An idle turn draws no card, so it happens only when no draw is possible; two in a row
# leave the game exactly as it was, forever.
DEADLOCK_IDLE_TURNS = 2


# ------------------------------------------------------------------------- wins
def _flag_mask(held: int | Iterable[int]) -> int:
    return held if isinstance(held, int) else sum(1 << f for f in set(held))


def _three_adjacent(mask: int) -> bool:
    """The Breakthrough test, on a mask with bit f for flag f: three adjacent bits set."""
    return bool(mask & mask >> 1 & mask >> 2)


def breakthrough(held: int | Iterable[int]) -> bool:
    """Three adjacent flags. ``held``: flag numbers, or a mask with bit f for flag f.

    >>> breakthrough([7, 8, 9]), breakthrough([1, 2, 9]), breakthrough(0b1110)
    (True, False, True)
    """
    return _three_adjacent(_flag_mask(held))


def win_reason(held: int | Iterable[int]) -> str | None:
    """``envelopment`` (any five flags), ``breakthrough`` (three adjacent) or None.
    Envelopment is named first when a claim makes both. ``held`` as for :func:`breakthrough`."""
    m = _flag_mask(held)
    if m.bit_count() >= ENVELOPMENT_FLAGS:
        return "envelopment"
    return "breakthrough" if _three_adjacent(m) else None


def deadlock_winner(flags_held: tuple[int, int]) -> int | None:
    """Who wins a deadlock: the player holding more flags; None for a draw.

    >>> deadlock_winner((3, 2)), deadlock_winner((1, 1))
    (0, None)
    """
    n, s = flags_held
    return None if n == s else (NORTH if n > s else SOUTH)


# ----------------------------------------------------------------------- claims
def claim_phases(rules: str) -> tuple[str, ...]:
    """The phases in which a claim may be made: before or after playing under the standard
    rule, only before playing under the Advanced rule (never during Scout)."""
    return (PLAY, DRAW) if rules == "standard" else (PLAY,)


def claim_timing_error(rules: str, phase: str) -> tuple[str, str]:
    """Why no claim may be made in ``phase``: the rule's key and its English words.

    >>> claim_timing_error("standard", "scout-draw")[0]
    'claim-timing'
    """
    if phase == OVER:
        return "game-over", "The game is over."
    if rules == "advanced":
        return ("claim-timing-advanced",
                "Under the Advanced rule you may claim only at the beginning of your turn, before you play.")
    return "claim-timing", "Claims are made before or after playing your card, before you draw; not during Scout."


# ------------------------------------------------------------- legal positions
def check_position(g: "Game") -> None:
    """Raise :class:`PositionError` unless the position could arise in a game: the rules a
    position obeys beyond each card lying in one place (which :meth:`Game.assemble`
    checks as it builds).

    Leaders and the Tactics limit, the cards a side may hold, claims that are proved,
    hand sizes, Scout's phases and the result.
    """
    for p in (0, 1):
        played = [c for c in _played_by(g, p) if c.is_leader]
        if len(played) > 1:
            raise PositionError(f"{PLAYER_NAMES[p]} has played both Leaders: each player may play only one",
                                rule="both-leaders", player=p)
    o = g.outcome()
    if o is not None and g.phase != OVER:
        raise PositionError("a position with a result must have the turn phase 'over'",
                            rule="position-text")
    if o is None and g.phase == OVER:
        raise PositionError("the turn phase 'over' needs a 'result' line", rule="position-text")
    for f in FLAGS:
        need = g.required(f)
        mud_gone = g.mud_flag != f and (ALL_CARDS[MUD] in g.discard_piles[0] or
                                        ALL_CARDS[MUD] in g.discard_piles[1] or g.mud_flag != 0)
        for p in (0, 1):
            n = len(g.sides[p][f])
            cap = MUD_SIDE_SIZE if need == MUD_SIDE_SIZE or mud_gone else SIDE_SIZE
            if n > cap:
                why = ("four only under Mud, or where Mud has left" if cap == SIDE_SIZE else "at most four")
                raise PositionError(f"flag {f} has {n} cards on {PLAYER_NAMES[p]}'s side; "
                                    f"three is the most a side can hold without Mud ({why})",
                                    rule="too-many-cards", flag=f, n=n, player=p)
        owner = g.claimed[f]
        if owner >= 0 and len(g.sides[owner][f]) < need:
            raise PositionError(f"flag {f} is claimed by {PLAYER_NAMES[owner]}, whose side there is "
                                f"not complete ({len(g.sides[owner][f])} of {need} cards)",
                                rule="claim-incomplete", flag=f, player=owner)
    if g.idle_turns >= DEADLOCK_IDLE_TURNS and (o is None or o.reason != "deadlock"):
        raise PositionError("two idle turns in a row end the game by deadlock: add "
                            "'result … deadlock'", rule="position-text")
    unseen = TROOP_MASK & ~g.visible
    for f in FLAGS:
        owner = g.claimed[f]
        if owner < 0:
            continue
        need = g.required(f)
        mine, theirs = g.sides[owner][f], g.sides[1 - owner][f]
        later = len(theirs) >= need and g.completed_later(f, owner)
        # The visible cards only grow during a game, so a claim that cannot be proved
        # now could never have been proved.
        if not claim_holds(mine, theirs, unseen, g.fog_at(f), need, later):
            why = build_result(mine, theirs, unseen, g.fog_at(f), need, later).explanation
            raise PositionError(f"flag {f} is claimed by {PLAYER_NAMES[owner]}, but that claim "
                                f"cannot be proved from the cards on the table: {why}",
                                rule="claim-unproved", flag=f, player=owner)
    _check_mud_history(g)
    t0, t1 = g.tactics_counts
    if abs(t0 - t1) > 1:
        ahead = 0 if t0 > t1 else 1
        raise PositionError(f"{PLAYER_NAMES[ahead]} has played {max(t0, t1)} Tactics cards and "
                            f"{PLAYER_NAMES[1 - ahead]} {min(t0, t1)}: no player may ever be more "
                            f"than one ahead",
                            rule="tactics-ahead", player=ahead, n=max(t0, t1), m=min(t0, t1))
    _check_turn(g)
    _check_result(g)


def _played_by(g: "Game", p: int) -> list:
    """The Tactics cards ``p`` has played: on p's side of a flag or in p's discards (a card
    moves only to its owner's side or discards, so this is every one p played)."""
    mine = [c for f in FLAGS for c in g.sides[p][f]] + list(g.discard_piles[p])
    mine += [ALL_CARDS[c] for c, f, owner in ((FOG, g.fog_flag, g.fog_owner), (MUD, g.mud_flag, g.mud_owner))
             if f and owner == p]
    return [c for c in mine if c.is_tactic]


def _check_turn(g: "Game") -> None:
    scouting = g.phase in (SCOUT_DRAW, SCOUT_RETURN)
    limit = SCOUT_HAND_LIMIT if scouting else HAND_SIZE
    for p in (0, 1):
        if len(g.hands[p]) > limit:
            raise PositionError(f"{PLAYER_NAMES[p]}'s hand holds {len(g.hands[p])} cards; "
                                f"the most is seven", rule="hand-size", player=p, n=len(g.hands[p]))
    if scouting and ALL_CARDS[SCOUT] not in g.discard_piles[g.to_move]:
        raise PositionError("a Scout turn needs the Scout in the discards of the player to move",
                            rule="position-text")
    # A game that is not over always has a move: Scout's phases end when nothing is left to do.
    if g.phase == SCOUT_DRAW and not (g.decks[0] or g.decks[1]):
        raise PositionError("scout-draw needs a card in a deck: with both decks empty "
                            "Scout goes on to returning cards", rule="position-text")
    if g.phase == SCOUT_RETURN and len(g.hands[g.to_move]) < g.scout_left:
        raise PositionError(f"scout-return {g.scout_left} needs that many cards in the hand of "
                            f"{PLAYER_NAMES[g.to_move]}, who holds {len(g.hands[g.to_move])}",
                            rule="position-text")


def _check_result(g: "Game") -> None:
    o = g.outcome()
    wins = [win_reason(g.flags_held(p)) for p in (0, 1)]
    if wins[0] and wins[1]:
        raise PositionError("both players hold a winning set of flags", rule="both-win")
    for p in (0, 1):
        if wins[p] and (o is None or o.winner != p):
            raise PositionError(f"{PLAYER_NAMES[p]} holds flags {', '.join(map(str, g.flags_held(p)))}: "
                                f"that is a {wins[p]}, so the game would already be over "
                                f"(add 'result {PLAYER_NAMES[p]} {wins[p]}')", rule="already-won",
                                player=p, reason=wins[p])
    if o is None:
        return
    if o.reason != "deadlock":
        if o.winner is None or wins[o.winner] is None:
            raise PositionError(f"the result says {o.reason}, but the claimed flags do not show it",
                                rule="position-text")
        # Five flags with three adjacent: the claim that made the three may have ended it.
        if o.reason != wins[o.winner] and not (o.reason == "breakthrough" and
                                               breakthrough(g.flags_held(o.winner))):
            raise PositionError(f"the result says {o.reason}, but the claimed flags show {wins[o.winner]}",
                                rule="position-text")
    elif o.winner != deadlock_winner(o.flags):
        n0, n1 = o.flags
        raise PositionError("a deadlock is won by the player holding more flags "
                            f"({n0} to {n1} here)", rule="position-text")


def _check_mud_history(g: "Game") -> None:
    """A side keeps four cards without Mud only where Mud has been: where it was played and,
    after one Redeploy, where it went."""
    four = [f for f in FLAGS if g.mud_flag != f and
            any(len(g.sides[p][f]) > SIDE_SIZE for p in (0, 1))]
    if not four:
        return
    mud = ALL_CARDS[MUD]
    on_table = g.mud_flag != 0
    discarded = mud in g.discard_piles[0] or mud in g.discard_piles[1]
    if not on_table and not discarded:
        raise PositionError(f"flag {four[0]} has four cards on a side, but Mud was never played",
                            rule="four-without-mud", flag=four[0])
    redeployed = ALL_CARDS[REDEPLOY] in g.discard_piles[0] or ALL_CARDS[REDEPLOY] in g.discard_piles[1]
    room = (1 if on_table else 2) if redeployed else (0 if on_table else 1)
    if len(four) > room:
        if len(four) == 1:
            raise PositionError(f"flag {four[0]} has four cards on a side without Mud, and Mud cannot "
                                f"have been there", rule="four-without-mud", flag=four[0])
        raise PositionError(f"flags {', '.join(map(str, four))} have four cards on a side without Mud; "
                            f"Mud cannot have been at all of them", rule="four-without-mud-flags",
                            flags=list(four))
