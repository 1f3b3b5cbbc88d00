"""Claims in a game of Battle Line: when a claim may be made, which flags the player to
move can prove now (remembering verdicts while a flag is unchanged: :class:`ClaimMemory`, a
part of the game), the proof of one claim, taking the flag, and the end that flags bring.
Functions over the game's public state; the proofs themselves are :mod:`.claims`' and the
formations' (:mod:`.formations`).

>>> from battleline import Game
>>> g = Game(seed=1)
>>> claims_open(g), provable_flags(g), bool(check_claim(g, 2))
(True, [], False)
"""

from __future__ import annotations

from operator import itemgetter

from ..deprecation import moved_names
from ..cards import TROOP_MASK
from ..sides import Outcome
from .claims import ClaimResult, build_result, claim_holds, failed
from .formations import CARDS_NEEDED, best, host_witness, side_strength
from .journal import Journal
from .moves import flag_number
from .rules import FLAGS, OVER, PLAYER_NAMES, claim_phases, win_reason

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["ClaimMemory", "claims_open", "completed_later", "provable_flags", "check_claim",
           "take_flag", "recount", "flag_counts", "finish", "FLAGS_IN", "PICK_FLAGS", "ALL_FLAGS"]

# Before issue 41 Game was put together from mixins; the mixin's name stands for Game now.
__getattr__ = moved_names(__name__, {
    "Claiming": ("battleline.standard.game", "Game", "use Game: it composes this module's rules (issue 41)")})

#: ``FLAGS_IN[m]``: the flags f with bit f set in m, ascending (flag sets as 10-bit masks).
FLAGS_IN = [tuple(f for f in FLAGS if m >> f & 1) for m in range(1 << 10)]
#: The mask of all nine flags.
ALL_FLAGS = sum(1 << f for f in FLAGS)
#: ``PICK_FLAGS[m](row)``: the entries of a flag-indexed row at the flags in m, as a tuple.
PICK_FLAGS = [itemgetter(*fs) if len(fs) > 1 else (lambda row, f=fs[0]: (row[f],)) if fs else None
              for fs in FLAGS_IN]


class ClaimMemory:
    """Claim verdicts remembered while a flag is unchanged, a part of the game
    (``g.claim_memory``). ``versions[f]`` is flag f's version: a fresh number from ``clock``
    (which only goes forward) whenever its cards change, written through the journal so that
    undo brings the old version back with the old cards. ``refuted`` and ``proved`` map
    player*10+flag to ``(flag version, cards mask)``.

    >>> j = Journal(); memory = ClaimMemory(j); memory.touch(3); memory.versions[3]
    1
    >>> j.rewind(0); memory.versions[3], memory.clock
    (0, 1)
    """

    __slots__ = ("journal", "versions", "clock", "refuted", "proved")

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.versions = [0] * 10
        self.clock = 0
        self.refuted: dict = {}
        self.proved: dict = {}

    def touch(self, f: int) -> None:
        """Flag f's cards change: a fresh version, so that no remembered verdict of its cards
        before is taken for one of its cards after."""
        self.clock += 1
        self.journal.write(self.versions, f, self.clock)


def claims_open(g: "Game") -> bool:
    """Whether the player to move may claim now (the claim-phase rule).

    >>> from battleline import Game
    >>> Game(seed=1).claims_open()
    True
    """
    return g.phase in claim_phases(g.rules)


def completed_later(g: "Game", flag: int, player: int) -> bool:
    """Whether ``player``'s side at ``flag`` holds the card placed last there.

    >>> from battleline import Game
    >>> g = Game(seed=1, first=0); g.play(g.legal_moves()[0]); completed_later(g, 1, 0)
    True
    """
    placed_at = g.placed_at
    mine = max((placed_at[c] for c in g.sides[player][flag]), default=0)
    theirs = max((placed_at[c] for c in g.sides[1 - player][flag]), default=0)
    return mine > theirs


def _prove(g: "Game", player: int, flag: int, unseen: int) -> bool:
    """Whether ``player``'s complete side at the unclaimed ``flag`` wins by proof, remembered
    while the flag is unchanged: a refutation while its counterexample's cards stay unseen, a
    proof while no card becomes unseen again (fewer unseen cards can only make the opponent
    weaker)."""
    need = CARDS_NEEDED[g.mud_flag == flag]
    mine = g.sides[player][flag]
    theirs = g.sides[1 - player][flag]
    fog = g.fog_flag == flag
    memory = g.claim_memory
    version = memory.versions[flag]
    key = player * 10 + flag
    if len(theirs) >= need:
        holds = claim_holds(mine, theirs, 0, fog, need, completed_later(g, flag, player))
        # Both sides complete: the verdict ignores the unseen cards.
        if holds:
            memory.proved[key] = (version, TROOP_MASK)
        else:
            memory.refuted[key] = (version, 0)
        return holds
    floor = side_strength(mine, need, fog)
    # Most refutations are quick: their highest cards already beat mine as a total.
    added = host_witness(theirs, unseen, need - len(theirs), floor)
    if added is None:
        witness = best(theirs, unseen, need - len(theirs), fog, floor)
        if witness is None:
            memory.proved[key] = (version, unseen)
            return True
        added = witness[2]
    w = 0
    for c in added:
        w |= 1 << c
    memory.refuted[key] = (version, w)
    return False


def provable_flags(g: "Game", player: int | None = None) -> list[int]:
    """Flags ``player`` (default: the player to move) could claim now, by proof alone.

    >>> from battleline import Game
    >>> Game(seed=1).provable_flags()
    []
    """
    p = g.to_move if player is None else player
    ready = g.open_flags & g.complete_flags[p]
    if not ready:
        return []
    unseen = TROOP_MASK & ~g.visible
    memory = g.claim_memory
    versions = memory.versions
    refuted = memory.refuted
    proved = memory.proved
    base = p * 10
    out = []
    for f in FLAGS_IN[ready]:
        hit = refuted.get(base + f)
        if hit is not None and hit[0] == versions[f] and not hit[1] & ~unseen:
            continue
        hit = proved.get(base + f)
        if (hit is not None and hit[0] == versions[f] and not unseen & ~hit[1]) \
                or _prove(g, p, f, unseen):
            out.append(f)
    return out


def check_claim(g: "Game", flag: int, player: int | None = None) -> ClaimResult:
    """The claim proof for ``flag`` by ``player`` (default: the player to move), without
    claiming. Says why, with a counterexample when it fails.

    >>> from battleline import Game
    >>> Game(seed=1).check_claim(4).explanation
    'Your side of flag 4 has 0 cards; a claim needs 3.'
    """
    p = g.to_move if player is None else player
    flag_number(flag)
    if g.claimed[flag] >= 0:
        return failed(flag, f"Flag {flag} is already claimed by {PLAYER_NAMES[g.claimed[flag]]}.",
                      rule="flag-taken", number=flag, player=g.claimed[flag])
    need = CARDS_NEEDED[g.mud_flag == flag]
    mine = g.sides[p][flag]
    theirs = g.sides[1 - p][flag]
    later = completed_later(g, flag, p) if len(mine) >= need and len(theirs) >= need else False
    return build_result(mine, theirs, TROOP_MASK & ~g.visible, g.fog_flag == flag,
                        need, later, flag=flag, hand=g.hands[p])


def take_flag(g: "Game", p: int, f: int) -> None:
    """p takes flag f (the claim is known to hold); five flags or three adjacent win.

    >>> from battleline import Game
    >>> g = Game(seed=1); take_flag(g, 0, 4); g.claimed_by(4), g.open_flags >> 4 & 1
    (0, 0)
    """
    g.journal.write(g.claimed, f, p)
    g.open_flags &= ~(1 << f)
    g.turn_active = True
    claimed = g.claimed
    held = 0
    for h in FLAGS_IN[ALL_FLAGS & ~g.open_flags]:    # the claimed flags only
        if claimed[h] == p:
            held |= 1 << h
    reason = win_reason(held)
    if reason is not None:
        finish(g, p, reason)


def recount(g: "Game", f: int) -> None:
    """Bring both players' bit for flag f in ``complete_flags`` up to date (after Mud or a
    Guile card changed the flag).

    >>> from battleline import Game
    >>> g = Game(seed=1); g.complete_flags[0] = 1 << 2; recount(g, 2); g.complete_flags
    [0, 0]
    """
    need = CARDS_NEEDED[g.mud_flag == f]
    bit = 1 << f
    complete = g.complete_flags
    for p in (0, 1):
        old = complete[p]
        new = old | bit if len(g.sides[p][f]) >= need else old & ~bit
        if new != old:
            g.journal.write(complete, p, new)


def flag_counts(g: "Game") -> tuple[int, int]:
    """The flags each player holds.

    >>> from battleline import Game
    >>> flag_counts(Game(seed=1))
    (0, 0)
    """
    claimed = g.claimed
    return (sum(1 for f in FLAGS if claimed[f] == 0), sum(1 for f in FLAGS if claimed[f] == 1))


def finish(g: "Game", winner: int | None, reason: str) -> None:
    """The game ends: ``winner`` (None for a draw) for ``reason``.

    >>> from battleline import Game
    >>> g = Game(seed=1); finish(g, 1, "envelopment"); g.phase, g.outcome().winner
    ('over', 1)
    """
    g.ending = Outcome(winner, reason, flag_counts(g))
    g.phase = OVER
