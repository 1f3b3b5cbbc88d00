"""Claims in a game of Battle Line: when a claim may be made, which flags the player to
move can prove now (remembering verdicts while a flag is unchanged), the proof of one claim,
and taking the flag, which may win the game. A mixin of :class:`~.game.Game`; the proofs
themselves are :mod:`.claims`' and the formations' (:mod:`.formations`).

>>> from battleline import Game
>>> g = Game(seed=1)
>>> g.claims_open(), g.provable_flags(), bool(g.check_claim(2))
(True, [], False)
"""

from __future__ import annotations

from operator import itemgetter

from ..cards import TROOP_MASK
from .claims import ClaimResult, build_result, claim_holds, failed
from .formations import CARDS_NEEDED, best, host_witness, side_strength
from .journal import write
from .moves import CLAIM_MOVES, flag_number
from .rules import FLAGS, PLAYER_NAMES, claim_phases, claim_timing_error, win_reason

__all__ = ["Claiming", "FLAGS_IN", "PICK_FLAGS", "ALL_FLAGS"]

#: ``FLAGS_IN[m]``: the flags f with bit f set in m, ascending (flag sets as 10-bit masks).
FLAGS_IN = [tuple(f for f in FLAGS if m >> f & 1) for m in range(1 << 10)]
#: The mask of all nine flags.
ALL_FLAGS = sum(1 << f for f in FLAGS)
#: ``PICK_FLAGS[m](row)``: the entries of a flag-indexed row at the flags in m, as a tuple.
PICK_FLAGS = [itemgetter(*fs) if len(fs) > 1 else (lambda row, f=fs[0]: (row[f],)) if fs else None
              for fs in FLAGS_IN]


class Claiming:
    """The claim rules of a game in progress."""

    __slots__ = ()

    def claim_phases(self) -> tuple[str, ...]:
        """The phases in which the player to move may claim, under this game's rules.

        >>> from battleline import Game
        >>> Game(seed=1, rules="advanced").claim_phases()
        ('play',)
        """
        return claim_phases(self.rules)

    def claims_open(self) -> bool:
        """Whether the player to move may claim now (the claim-phase rule).

        >>> from battleline import Game
        >>> Game(seed=1).claims_open()
        True
        """
        return self.phase in claim_phases(self.rules)

    def completed_later(self, flag: int, player: int) -> bool:
        """Whether ``player``'s side at ``flag`` holds the card placed last there."""
        mine = max((self.placed_at[c] for c in self.sides[player][flag]), default=0)
        theirs = max((self.placed_at[c] for c in self.sides[1 - player][flag]), default=0)
        return mine > theirs

    def _prove(self, player: int, flag: int, unseen: int) -> bool:
        """Whether ``player``'s complete side at the unclaimed ``flag`` wins by proof, remembered
        while the flag is unchanged (``_flag_versions``): a refutation while its counterexample's cards
        stay unseen, a proof while no card becomes unseen again (fewer unseen cards can only
        make the opponent weaker)."""
        need = CARDS_NEEDED[self.mud_flag == flag]
        mine = self.sides[player][flag]
        theirs = self.sides[1 - player][flag]
        fog = self.fog_flag == flag
        version = self._flag_versions[flag]
        key = player * 10 + flag
        if len(theirs) >= need:
            holds = claim_holds(mine, theirs, 0, fog, need, self.completed_later(flag, player))
            # Both sides complete: the verdict ignores the unseen cards.
            if holds:
                self._proved[key] = (version, TROOP_MASK)
            else:
                self._refuted[key] = (version, 0)
            return holds
        floor = side_strength(mine, need, fog)
        # Most refutations are quick: their highest cards already beat mine as a total.
        added = host_witness(theirs, unseen, need - len(theirs), floor)
        if added is None:
            witness = best(theirs, unseen, need - len(theirs), fog, floor)
            if witness is None:
                self._proved[key] = (version, unseen)
                return True
            added = witness[2]
        w = 0
        for c in added:
            w |= 1 << c
        self._refuted[key] = (version, w)
        return False

    def provable_flags(self, player: int | None = None) -> list[int]:
        """Flags ``player`` (default: the player to move) could claim now, by proof alone.

        >>> from battleline import Game
        >>> Game(seed=1).provable_flags()
        []
        """
        p = self.to_move if player is None else player
        ready = self._open & self._complete[p]
        if not ready:
            return []
        unseen = TROOP_MASK & ~self.visible
        versions = self._flag_versions
        refuted = self._refuted
        proved = self._proved
        base = p * 10
        out = []
        for f in FLAGS_IN[ready]:
            hit = refuted.get(base + f)
            if hit is not None and hit[0] == versions[f] and not hit[1] & ~unseen:
                continue
            hit = proved.get(base + f)
            if (hit is not None and hit[0] == versions[f] and not unseen & ~hit[1]) \
                    or self._prove(p, f, unseen):
                out.append(f)
        return out

    def check_claim(self, flag: int, player: int | None = None) -> ClaimResult:
        """The claim proof for ``flag`` by ``player`` (default: the player to move), without
        claiming. Says why, with a counterexample when it fails.

        >>> from battleline import Game
        >>> Game(seed=1).check_claim(4).explanation
        'Your side of flag 4 has 0 cards; a claim needs 3.'
        """
        p = self.to_move if player is None else player
        flag_number(flag)
        if self.claimed[flag] >= 0:
            return failed(flag, f"Flag {flag} is already claimed by {PLAYER_NAMES[self.claimed[flag]]}.",
                          rule="flag-taken", number=flag, player=self.claimed[flag])
        need = CARDS_NEEDED[self.mud_flag == flag]
        mine = self.sides[p][flag]
        theirs = self.sides[1 - p][flag]
        later = self.completed_later(flag, p) if len(mine) >= need and len(theirs) >= need else False
        return build_result(mine, theirs, TROOP_MASK & ~self.visible, self.fog_flag == flag,
                            need, later, flag=flag, hand=self.hands[p])

    def claim(self, flag: int) -> ClaimResult:
        """Claim ``flag`` for the player to move: the flag is taken when the claim holds;
        a claim that does not hold changes nothing. Returns the proof either way.

        >>> from battleline import Game
        >>> g = Game(seed=3)
        >>> bool(g.claim(5))
        False
        """
        flag_number(flag)
        if not self.claims_open():
            rule, why = claim_timing_error(self.rules, self.phase)
            return failed(flag, why, rule=rule)
        result = self.check_claim(flag)
        if result:
            self.push(CLAIM_MOVES[flag])
        return result

    def _take_flag(self, p: int, f: int) -> None:
        """p takes flag f (the claim is known to hold); five flags or three adjacent win."""
        write(self._log, self.claimed, f, p)
        self._open &= ~(1 << f)
        self.turn_active = True
        claimed = self.claimed
        held = 0
        for g in FLAGS_IN[ALL_FLAGS & ~self._open]:    # the claimed flags only
            if claimed[g] == p:
                held |= 1 << g
        reason = win_reason(held)
        if reason is not None:
            self._finish(p, reason)
