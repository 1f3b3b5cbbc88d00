"""The game: state, turn flow, Tactics cards, claims, undo and the outcome.

Players are ``0`` (north) and ``1`` (south); flags are numbered 1 to 9.
A turn is a sequence of moves: in the ``play`` phase, claims (both rules)
then one card or ``pass``; in the ``draw`` phase, claims (standard rule) then
``draw troop``/``draw tactic`` (or ``end`` when no card can be drawn). Scout
adds the phases ``scout-draw`` and ``scout-return``.

:meth:`Game.play` checks a move and says which rule it breaks;
:meth:`Game.push` applies a move known to be legal (the bots' fast path) and
:meth:`Game.undo` takes the last move back exactly.

>>> g = Game(seed=1, first=1)
>>> g.to_move, g.phase, len(g.hand(1))
(1, 'play', 7)
>>> m = g.legal_moves()[0]
>>> g.play(m); _ = g.undo(); g.phase
'play'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import itemgetter
from typing import Mapping, Sequence

from ..cards import (ALL_CARDS, DARIUS, DESERTER, FOG, MUD, REDEPLOY, SCOUT, SHIELD, TRAITOR,
                    TROOP_MASK, Card)
from .claims import ClaimResult, build_result, claim_holds, failed
from .formations import CARDS_NEEDED, best, check_side, host_witness, side_strength
from ..errors import PositionError, shorten
from .moves import (CLAIM_MOVES, DRAW_MOVES, END_MOVE, PASS_MOVE, PLAY_TABLE, SCOUT_MOVE,
                    IllegalMoveError, Move, flag_number)
from ..sides import Outcome   # one Outcome for both games
from .rules import (DEADLOCK_IDLE_TURNS, DRAW, FLAGS, HAND_SIZE, NORTH, OVER, PHASES, PLAY,
                    PLAYER_NAMES, SCOUT_DRAW, SCOUT_RETURN, SOUTH, check_position, claim_phases,
                    claim_timing_error, deadlock_winner, win_reason)

__all__ = ["Game", "Outcome", "Observation", "FlagView", "NORTH", "SOUTH", "PLAYER_NAMES"]

# Interned Guile and return moves (as PLAY_TABLE does for plays): building them is a hot path.
_RETURN_MOVES = [Move("return", c) for c in ALL_CARDS]
_DESERTER_MOVES = [Move("deserter", c) for c in ALL_CARDS]
_TRAITOR_MOVES = [[None] + [Move("traitor", c, f) for f in FLAGS] for c in ALL_CARDS[:60]]
_REDEPLOY_MOVES = [[Move("redeploy", c, None)] + [Move("redeploy", c, f) for f in FLAGS]
                   for c in ALL_CARDS[:66]]
# The Guile card each kind of Guile move plays.
_GUILE_CARD = {"scout": SCOUT, "redeploy": REDEPLOY, "deserter": DESERTER, "traitor": TRAITOR}
# _FLAGS_IN[m]: the flags f with bit f set in m, ascending (flag sets as 10-bit masks).
_FLAGS_IN = [tuple(f for f in FLAGS if m >> f & 1) for m in range(1 << 10)]
_ALL_FLAGS = sum(1 << f for f in FLAGS)
# _PICK_FLAGS[m](row): the entries of a flag-indexed row at the flags in m, as a tuple.
_PICK_FLAGS = [itemgetter(*fs) if len(fs) > 1 else (lambda row, f=fs[0]: (row[f],)) if fs else None
               for fs in _FLAGS_IN]


@dataclass(frozen=True)
class FlagView:
    """What anybody can see at one flag.

    ``cards[p]`` are player p's formation cards, in the order placed;
    ``placed`` lists ``(player, card)`` for all of them in placement order
    (it settles ties); ``fog``/``mud`` name the player who played it, or None.
    """

    number: int
    cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    placed: tuple[tuple[int, Card], ...]
    fog: int | None
    mud: int | None
    claimed_by: int | None

    @property
    def required(self) -> int:
        """Cards a side needs here: 3, or 4 under Mud."""
        return CARDS_NEEDED[self.mud is not None]


@dataclass(frozen=True)
class Observation:
    """The information set of one player (``seat``) and nothing more.

    Everything on the table and in the discards, the player's own hand, the
    sizes of the decks and of the opponent's hand (and how many of its cards are
    Tactics: every draw's deck is seen), and what Scout taught:
    ``known_deck`` lists ``(deck, depth, card)`` for cards this player put back
    that still lie in a deck (depth 0 = top) and ``opponent_known`` the cards
    the opponent drew from those.
    """

    seat: int
    rules: str
    to_move: int
    phase: str
    scout_left: int
    hand: tuple[Card, ...]
    opponent_hand_size: int
    opponent_hand_tactics: int
    opponent_known: tuple[Card, ...]
    flags: tuple[FlagView, ...]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    deck_sizes: tuple[int, int]
    known_deck: tuple[tuple[str, int, Card], ...]
    tactics_played: tuple[int, int]
    leader_played: tuple[bool, bool]
    idle_turns: int
    turn_active: bool
    outcome: Outcome | None

    def flag(self, number: int) -> FlagView:
        return self.flags[number - 1]

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Cards this player cannot see: the opponent's hand and the decks,
        less the cards Scout told him about."""
        seen = set(self.hand) | set(self.opponent_known) | {c for _, _, c in self.known_deck}
        for fv in self.flags:
            seen.update(fv.cards[0])
            seen.update(fv.cards[1])
        seen.update(self.discards[0])
        seen.update(self.discards[1])
        for fv in self.flags:
            if fv.fog is not None:
                seen.add(ALL_CARDS[FOG])
            if fv.mud is not None:
                seen.add(ALL_CARDS[MUD])
        return tuple(c for c in ALL_CARDS if c not in seen)


class Game:
    """A game of Battle Line.

    ``Game(seed=…, rules="standard" | "advanced", first=None)`` shuffles both
    decks from the seed, deals seven troops to each player and decides the
    first player by lot (from the same seed) unless ``first`` is given.
    :meth:`assemble` builds any other position; it is the one constructor that
    ``Game()``, position text (:mod:`battleline.standard.notation`) and sampled worlds
    (:mod:`battleline.standard.worlds`) all go through.

    **The state.** These attributes are the game's representation. Any module may
    read them (they are fast: plain lists and bit masks); only the game's own
    methods change them (:meth:`play`, :meth:`push`, :meth:`undo`, :meth:`claim`).
    Players are 0 (north) and 1 (south); flags 1 to 9 index lists of length 10
    (index 0 unused); cards are :class:`~battleline.cards.Card` (an ``int`` 0-69);
    a *mask* has bit ``c`` set for card ``c``.

    - ``rules``: ``"standard"`` or ``"advanced"``; ``seed``: the deal's seed or None.
    - ``to_move``, ``phase`` (``play``, ``draw``, ``scout-draw``, ``scout-return``,
      ``over``), ``scout_left`` (Scout's draws or returns still to make),
      ``turn_active`` (this turn has played, claimed or drawn), ``idle_turns``
      (idle turns in a row before this one), ``first_player``.
    - ``sides[p][f]``: p's formation cards at flag f, in the order placed;
      ``placed_at[c]``: when card c was placed (the later side loses a tie), from
      ``clock``.
    - ``fog_flag``, ``fog_owner``: the flag holding Fog (0 for none) and who played it
      (-1 for none); ``mud_flag``, ``mud_owner`` the same for Mud.
    - ``claimed[f]``: who holds flag f, -1 if nobody.
    - ``hands[p]``; ``decks[d]`` (0 troop, 1 Tactics), top card *last*;
      ``discard_piles[p]``.
    - ``visible``: mask of the cards on the table or discarded (what claims may use).
    - ``tactics_counts[p]``: Tactics cards p has played; ``leader_played[p]``.
    - ``known_deck[p]``: mask of the cards p put back with Scout still in a deck;
      ``opponent_known[p]``: mask of the cards p knows the opponent holds.

    >>> g = Game(seed=7, first=0)
    >>> g.to_move, g.phase, len(g.hands[0]), len(g.decks[0]), g.claimed[1], g.visible
    (0, 'play', 7, 46, -1, 0)
    >>> g.play("claim 1")
    Traceback (most recent call last):
    ...
    battleline.errors.IllegalMoveError: claim 1: Your side of flag 1 has 0 cards; a claim needs 3.
    """

    # ------------------------------------------------------------------ setup
    def __init__(self, seed: int | None = None, rules: str = "standard", first: int | None = None):
        if rules not in ("standard", "advanced"):
            raise ValueError(f"rules must be 'standard' or 'advanced', not {shorten(rules)}")
        if first not in (None, 0, 1):
            raise ValueError(f"first must be 0 (north), 1 (south) or None (by lot), not {shorten(first)}")
        if seed is None:
            seed = random.randrange(2**32)
        rng = random.Random(seed)
        troops = list(ALL_CARDS[:60])
        rng.shuffle(troops)
        tactics = list(ALL_CARDS[60:])
        rng.shuffle(tactics)
        if first is None:
            first = rng.randrange(2)
        hands: list[list[Card]] = [[], []]
        for _ in range(HAND_SIZE):     # dealt alternately from the top (the end of the list)
            hands[first].append(troops.pop())
            hands[1 - first].append(troops.pop())
        self._set_up(rules=rules, to_move=first, hands=hands, decks=(troops[::-1], tactics[::-1]),
                     seed=seed, check=False)

    @classmethod
    def assemble(cls, *, rules: str = "standard", to_move: int = NORTH, phase: str = PLAY,
                 flags: Mapping[int, Sequence[tuple[int, Card]]] | None = None,
                 claimed: Mapping[int, int] | None = None,
                 hands: Sequence[Sequence[Card]] = ((), ()),
                 decks: Sequence[Sequence[Card]] = ((), ()),
                 discards: Sequence[Sequence[Card]] = ((), ()),
                 known_deck: Sequence[int] = (0, 0), opponent_known: Sequence[int] = (0, 0),
                 scout_left: int = 0, idle_turns: int = 0, turn_active: bool = False,
                 result: tuple[int | None, str] | None = None, seed: int | None = None,
                 check: bool = True) -> "Game":
        """The one constructor of a position, from what lies where; ``Game()``, position
        text and sampled worlds all build through it.

        ``flags[f]`` lists ``(player, card)`` in the order the cards were placed at flag
        ``f`` (Fog and Mud among them, on the side of the player who played them);
        ``claimed[f]`` is the player holding flag ``f``; ``hands``, ``decks`` (troop deck
        then Tactics deck, top card first) and ``discards`` are per player or deck;
        ``known_deck[p]`` and ``opponent_known[p]`` are masks of the cards p put back with
        Scout and of the cards p knows the opponent holds; ``result`` is ``(winner, reason)``
        of a finished game. What follows from these is derived here: the visible cards, the
        Tactics cards each player has played, the placement times, the flags held at the end.

        It raises :class:`PositionError` unless each of the 70 cards lies in exactly one
        place (a flag, a hand, a deck or a discard pile) and, with ``check`` (the default),
        the position obeys the rules (:func:`battleline.standard.rules.check_position`).

        >>> from battleline.cards import parse_cards
        >>> south, table = parse_cards("B2 Alexander"), parse_cards("R7 Mud")
        >>> rest = [c for c in ALL_CARDS if c not in south + table]
        >>> g = Game.assemble(to_move=1, flags={3: [(0, table[0]), (1, table[1])]},
        ...                   hands=([], south), decks=([c for c in rest if c.is_troop],
        ...                                             [c for c in rest if c.is_tactic]))
        >>> [str(c) for c in g.sides[0][3]], g.required(3), g.tactics_counts, g.visible >> 6 & 1
        (['R7'], 4, [0, 1], 1)
        """
        g = cls.__new__(cls)
        cls._set_up(g, rules=rules, to_move=to_move, phase=phase, flags=flags, claimed=claimed,
                    hands=hands, decks=decks, discards=discards, known_deck=known_deck,
                    opponent_known=opponent_known, scout_left=scout_left, idle_turns=idle_turns,
                    turn_active=turn_active, result=result, seed=seed, check=check)
        return g

    def _set_up(self, *, rules: str, to_move: int, phase: str = PLAY, flags: Mapping | None = None,
                claimed: Mapping | None = None, hands=((), ()), decks=((), ()), discards=((), ()),
                known_deck=(0, 0), opponent_known=(0, 0), scout_left: int = 0, idle_turns: int = 0,
                turn_active: bool = False, result=None, seed=None, check: bool = True) -> None:
        flags = {} if flags is None else flags
        claimed = {} if claimed is None else claimed
        if rules not in ("standard", "advanced"):
            raise PositionError(f"rules must be 'standard' or 'advanced', not {shorten(rules)}",
                                rule="position-text")
        if check:
            _check_arguments(to_move, phase, flags, claimed, (hands, decks, discards))
        self.rules = rules
        self.seed = seed
        self.hands = [list(hands[0]), list(hands[1])]
        self.decks = [list(reversed(decks[0])), list(reversed(decks[1]))]
        self.discard_piles = [list(discards[0]), list(discards[1])]
        self.known_deck = [known_deck[0], known_deck[1]]
        self.opponent_known = [opponent_known[0], opponent_known[1]]
        self.to_move = to_move
        self.first_player = to_move
        self.phase = phase
        self.scout_left = scout_left
        self.idle_turns = idle_turns
        self.turn_active = turn_active
        self._stack: list = []
        self._moves: list[Move] = []
        self._flag_versions = [0] * 10     # bumped whenever a flag's cards change
        # Claim verdicts remembered per player*10+flag: (flag version, cards mask).
        self._refuted: dict = {}
        self._proved: dict = {}
        self._place_flags(flags, claimed)
        self.visible = self._visible_cards(flags)
        if check:
            self._check_sides(flags)
        self._count_tactics()
        self._outcome: Outcome | None = None
        if result is not None:
            self._outcome = Outcome(result[0], result[1], self._flag_counts())
        if check:
            check_position(self)

    def _place_flags(self, flags: Mapping, claimed: Mapping) -> None:
        """The table: each flag's cards in the order placed, Fog and Mud, the claims, and the
        flag masks that push and undo keep up to date."""
        self.sides = [[[] for _ in range(10)], [[] for _ in range(10)]]
        self.fog_flag, self.fog_owner = 0, -1
        self.mud_flag, self.mud_owner = 0, -1
        self.claimed = [-1] * 10
        self.placed_at = [0] * 70
        sides, placed_at, clock = self.sides, self.placed_at, 1
        for f in sorted(flags):
            for p, c in flags[f]:
                if c == FOG or c == MUD:
                    self._set_environment(c, f, p)
                elif c >= SCOUT:
                    raise PositionError(f"flag {f}: {c} is a Guile card; it lies in a discard pile, "
                                        f"not at a flag", rule="guile-on-flag", card=str(c))
                else:
                    sides[p][f].append(c)
                    placed_at[c] = clock
                    clock += 1
        self.clock = clock
        for f, owner in claimed.items():
            self.claimed[f] = owner
        # Flags as 10-bit masks (bit f): the unclaimed flags, and per player the flags where
        # his side is complete.
        self._open = sum(1 << f for f in FLAGS if self.claimed[f] < 0)
        self._complete = [0, 0]
        for f in FLAGS:
            self._recount(f)

    def _visible_cards(self, flags: Mapping) -> int:
        """The mask of the cards on the table or discarded, after checking that every card
        lies in one place and each deck holds only its kind."""
        groups = [(("flag", f), [c for _, c in flags[f]]) for f in sorted(flags)]
        groups += [(("discards", p), self.discard_piles[p]) for p in (0, 1)]
        seen = len(groups)
        groups += [(("hand", p), self.hands[p]) for p in (0, 1)]
        groups += [(("deck", d), self.decks[d]) for d in (0, 1)]
        masks = _each_card_once(groups)
        for d, name in enumerate(("troop", "tactic")):
            wrong = masks[d - 2] & (~TROOP_MASK if d == 0 else TROOP_MASK)
            if wrong:
                card = ALL_CARDS[(wrong & -wrong).bit_length() - 1]
                raise PositionError(f"{card} cannot lie in the {name} deck", rule="wrong-deck",
                                    card=str(card), deck=name)
        return sum(masks[:seen])

    def _check_sides(self, flags: Mapping) -> None:
        for f in sorted(flags):
            for p in (0, 1):
                try:
                    check_side(self.sides[p][f], f"{PLAYER_NAMES[p]}'s side of flag {f}")
                except ValueError as e:
                    raise PositionError(f"flag {f}: {e}", rule="side-invalid", flag=f, player=p) from None

    def _count_tactics(self) -> None:
        """Tactics cards each player has played, and the Leaders: a played Tactics card only
        ever moves to its player's side or discards."""
        self.tactics_counts = [0, 0]
        self.leader_played = [False, False]
        if self.visible >> 60:
            for p in (0, 1):
                mine = [c for f in FLAGS for c in self.sides[p][f] if c >= 60]
                mine += [c for c in self.discard_piles[p] if c >= 60]
                mine += [c for c, f, owner in self._environment_cards() if f and owner == p]
                self.tactics_counts[p] = len(mine)
                self.leader_played[p] = any(c <= DARIUS for c in mine)

    # ---------------------------------------------------------- read access
    def claim_phases(self) -> tuple[str, ...]:
        """The phases in which the player to move may claim, under this game's rules.

        >>> Game(seed=1, rules="advanced").claim_phases()
        ('play',)
        """
        return claim_phases(self.rules)

    def claims_open(self) -> bool:
        """Whether the player to move may claim now (the claim-phase rule).

        >>> Game(seed=1).claims_open()
        True
        """
        return self.phase in claim_phases(self.rules)

    @property
    def moves(self) -> list[Move]:
        """The moves played so far (a copy)."""
        return list(self._moves)

    def history(self) -> list[tuple[int, Move]]:
        """``(player, move)`` for every move played so far.

        >>> g = Game(seed=1, first=0)
        >>> g.play(g.legal_moves()[0]); g.history()
        [(0, Move('R9@1'))]
        """
        return [(saved[0], move) for move, saved, _ in self._stack]

    def hand(self, player: int) -> list[Card]:
        """A player's hand (full information: use :meth:`observation` for a player's view)."""
        return list(self.hands[player])

    def deck(self, which: str) -> list[Card]:
        """A deck, top card first (hidden information)."""
        return list(reversed(self.decks[0 if which == "troop" else 1]))

    def discards(self, player: int) -> list[Card]:
        return list(self.discard_piles[player])

    def cards_at(self, flag: int, player: int) -> list[Card]:
        """The formation cards of ``player`` at ``flag``, in the order placed."""
        return list(self.sides[player][flag])

    def fog_at(self, flag: int) -> bool:
        return self.fog_flag == flag

    def mud_at(self, flag: int) -> bool:
        return self.mud_flag == flag

    def environment(self, flag: int) -> list[tuple[Card, int]]:
        """``(card, owner)`` for Fog and Mud at a flag."""
        return [(ALL_CARDS[c], owner) for c, f, owner in self._environment_cards() if f == flag]

    def _environment_cards(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """``(card, flag, owner)`` for Fog, then Mud; flag 0 and owner -1 when not on the table."""
        return (FOG, self.fog_flag, self.fog_owner), (MUD, self.mud_flag, self.mud_owner)

    def _set_environment(self, card: int, flag: int, owner: int) -> None:
        """Put Fog or Mud (``card``) at ``flag`` for ``owner``; flag 0, owner -1 take it away."""
        if card == FOG:
            self.fog_flag, self.fog_owner = flag, owner
        else:
            self.mud_flag, self.mud_owner = flag, owner

    def claimed_by(self, flag: int) -> int | None:
        o = self.claimed[flag]
        return None if o < 0 else o

    def flags_held(self, player: int) -> list[int]:
        return [f for f in FLAGS if self.claimed[f] == player]

    def tactics_played(self, player: int) -> int:
        return self.tactics_counts[player]

    def required(self, flag: int) -> int:
        """Cards a side needs at this flag: 3, or 4 under Mud."""
        return CARDS_NEEDED[self.mud_flag == flag]

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    def unseen_troops(self) -> int:
        """Mask of troops not visible: what a claim must assume the opponent can get."""
        return TROOP_MASK & ~self.visible

    def completed_later(self, flag: int, player: int) -> bool:
        """Whether ``player``'s side at ``flag`` holds the card placed last there."""
        mine = max((self.placed_at[c] for c in self.sides[player][flag]), default=0)
        theirs = max((self.placed_at[c] for c in self.sides[1 - player][flag]), default=0)
        return mine > theirs

    # ----------------------------------------------------------------- claims
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
        for f in _FLAGS_IN[ready]:
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
                            need, later, flag=flag)

    def claim(self, flag: int) -> ClaimResult:
        """Claim ``flag`` for the player to move: the flag is taken when the claim holds;
        a claim that does not hold changes nothing. Returns the proof either way.

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

    # ------------------------------------------------------------ legal moves
    def can_play_tactic(self, player: int | None = None) -> bool:
        """The Tactics limit: never more than one Tactics card ahead of the opponent."""
        p = self.to_move if player is None else player
        return self.tactics_counts[p] <= self.tactics_counts[1 - p]

    def legal_moves(self, claims: bool = True) -> list[Move]:
        """Every legal move for the player to move. Claims are listed only for flags
        that can be proved (a claim that fails changes nothing: see :meth:`claim`).
        ``claims=False`` skips the claim proofs.

        >>> g = Game(seed=1, first=0)
        >>> len(g.legal_moves())        # seven troops at nine flags
        63
        """
        ph = self.phase
        p = self.to_move
        if ph == PLAY:
            if not claims:
                return self._card_moves(p)
            moves = [CLAIM_MOVES[f] for f in self.provable_flags(p)]
            moves.extend(self._card_moves(p))
            return moves
        if ph == DRAW:
            moves = ([CLAIM_MOVES[f] for f in self.provable_flags(p)]
                     if claims and self.rules == "standard" else [])
            if self._hand_has_room(p) and (self.decks[0] or self.decks[1]):
                if self.decks[0]:
                    moves.append(DRAW_MOVES["troop"])
                if self.decks[1]:
                    moves.append(DRAW_MOVES["tactic"])
            else:
                moves.append(END_MOVE)
            return moves
        if ph == SCOUT_DRAW:
            return [DRAW_MOVES[d] for i, d in enumerate(("troop", "tactic")) if self.decks[i]]
        if ph == SCOUT_RETURN:
            return [_RETURN_MOVES[c] for c in self.hands[p]]
        return []

    def _hand_has_room(self, p: int) -> bool:
        """The hand limit: a player draws only while holding fewer than seven cards."""
        return len(self.hands[p]) < HAND_SIZE

    def _card_moves(self, p: int) -> list[Move]:
        hand = self.hands[p]
        claimed = self.claimed
        free_mask = self._open & ~self._complete[p]
        moves: list[Move] = []
        extend = moves.extend
        has_tactic = False
        if free_mask:
            pick = _PICK_FLAGS[free_mask]
            table = PLAY_TABLE
            for c in hand:
                if c < 60:
                    extend(pick(table[c]))
                else:
                    has_tactic = True
        else:
            has_tactic = any(c >= 60 for c in hand)
        troop_placeable = bool(moves)
        if has_tactic and self.tactics_counts[p] <= self.tactics_counts[1 - p]:
            free = _FLAGS_IN[free_mask]
            for c in hand:
                if c < 60:
                    continue
                if c <= SHIELD:
                    if c <= DARIUS and self.leader_played[p]:
                        continue
                    row = PLAY_TABLE[c]
                    extend([row[f] for f in free])
                elif c <= MUD:
                    row = PLAY_TABLE[c]
                    extend([row[f] for f in FLAGS if claimed[f] < 0])
                elif c == SCOUT:
                    if self.decks[0] or self.decks[1]:
                        moves.append(SCOUT_MOVE)
                elif c == REDEPLOY:
                    extend(self._redeploy_moves(p, free))
                elif c == DESERTER:
                    extend([_DESERTER_MOVES[t] for t in self._cards_at_unclaimed(1 - p)])
                elif c == TRAITOR:
                    if free:
                        for t in self._cards_at_unclaimed(1 - p):
                            if t < 60:
                                row = _TRAITOR_MOVES[t]
                                extend([row[f] for f in free])
        if not troop_placeable:
            moves.append(PASS_MOVE)
        return moves

    def _cards_at_unclaimed(self, p: int) -> list[Card]:
        """p's formation and environment cards at unclaimed flags."""
        out = []
        for f in FLAGS:
            if self.claimed[f] < 0:
                out.extend(self.sides[p][f])
        for c, f, owner in self._environment_cards():
            if f and owner == p and self.claimed[f] < 0:
                out.append(ALL_CARDS[c])
        return out

    def _redeploy_moves(self, p: int, free: list[int]) -> list[Move]:
        moves = []
        for f in FLAGS:
            if self.claimed[f] >= 0:
                continue
            for c in self.sides[p][f]:
                row = _REDEPLOY_MOVES[c]
                moves.extend([row[d] for d in free if d != f])
                moves.append(row[0])
        for c, f, owner in self._environment_cards():
            if f and owner == p and self.claimed[f] < 0:
                row = _REDEPLOY_MOVES[c]
                moves.extend([row[d] for d in FLAGS if d != f and self.claimed[d] < 0])
                moves.append(row[0])
        return moves

    # --------------------------------------------------------------- playing
    def play(self, move: Move | str) -> None:
        """Play a move (a :class:`Move` or its text) after checking it is legal.

        Raises :class:`IllegalMoveError` naming the rule broken; the game is unchanged then.

        >>> g = Game(seed=1, first=0)
        >>> g.play("claim 1")
        Traceback (most recent call last):
        ...
        battleline.errors.IllegalMoveError: claim 1: Your side of flag 1 has 0 cards; a claim needs 3.
        """
        m = self.parse_move(move)
        if m.kind == "claim":
            if not self.claims_open():
                rule, why = claim_timing_error(self.rules, self.phase)
                raise IllegalMoveError(f"{m}: {why}", rule=rule)
            result = self.check_claim(m.flag)
            if not result:
                err = IllegalMoveError(f"{m}: {result.explanation}", rule="claim-failed", flag=m.flag)
                err.claim = result
                raise err
            self.push(m)
            return
        if m not in self.legal_moves(claims=False):
            rule, why, params = self._why_illegal(m)
            raise IllegalMoveError(f"{m}: {why}", rule=rule, **params)
        self.push(m)

    def parse_move(self, move: Move | str) -> Move:
        """A move from its text (or a Move, unchanged); raises :class:`InvalidMoveError` for
        text that cannot be read, :class:`IllegalMoveError` for a move no rule allows.

        >>> Game(seed=1).parse_move("R7 @ 3")
        Move('R7@3')
        """
        if isinstance(move, Move):
            return move
        return Move.parse(move)

    def _why_illegal(self, m: Move) -> tuple[str, str, dict]:
        """The rule a move breaks (it is known not to be legal): its key, English words
        and the parameters for wording it in another language. Each phase allows its own
        kinds of move (as :meth:`legal_moves` lists them); in the play phase the rules of
        the card played decide."""
        ph = self.phase
        if ph == OVER:
            return "game-over", "the game is over", {}
        if ph != PLAY:
            return self._why_not_in_phase(m)
        if m.kind in ("draw", "end", "return"):
            return "play-first", "play a card (or pass) before you draw", {}
        if m.kind == "pass":
            return "must-play-troop", "you must play a troop card when you can place one", {}
        p = self.to_move
        card = m.card
        played = ALL_CARDS[_GUILE_CARD[m.kind]] if m.kind in _GUILE_CARD else card
        if played not in self.hands[p]:
            return "not-in-hand", f"{played} is not in {PLAYER_NAMES[p]}'s hand", {"card": str(played), "player": p}
        if played.is_tactic and not self.can_play_tactic(p):
            return "tactics-limit", "you have already played one more Tactics card than your opponent", {}
        if m.kind == "play":
            return self._why_not_placed(card, m.flag)
        if m.kind == "scout":
            return "decks-empty", "both decks are empty", {}
        return self._why_not_moved(m)

    def _why_not_in_phase(self, m: Move) -> tuple[str, str, dict]:
        """Why a move is illegal in the draw phase or during Scout."""
        ph = self.phase
        p = self.to_move
        if m.kind == "draw" and ph != SCOUT_RETURN:
            if ph == DRAW and not self._hand_has_room(p):
                return "hand-full", "your hand already holds seven cards", {}
            return "deck-empty", f"the {m.deck} deck is empty", {"deck": m.deck}
        if ph == SCOUT_DRAW:
            return "scout-draw-first", "after Scout you draw three cards first (draw troop / draw tactic)", {}
        if ph == SCOUT_RETURN:
            if m.kind == "return":
                return ("not-in-hand", f"{m.card} is not in {PLAYER_NAMES[p]}'s hand",
                        {"card": str(m.card), "player": p})
            return "scout-return-first", "after Scout's draws you put two cards back (return CARD)", {}
        if m.kind == "end":
            return "must-draw", "you must draw a card: your hand holds fewer than seven and a deck has cards", {}
        return "already-played", "you have played your card this turn; now draw (or claim)", {}

    def _why_not_placed(self, card: Card, f: int) -> tuple[str, str, dict]:
        """Why a card in the hand (within the Tactics limit) cannot be played at flag ``f``."""
        if self.claimed[f] >= 0:
            return "flag-claimed", f"flag {f} is already claimed", {"flag": f}
        if card.is_leader and self.leader_played[self.to_move]:
            return "one-leader", "each player may play only one Leader in a game", {}
        if card.is_formation_card:
            n = len(self.sides[self.to_move][f])
            return "side-full", f"flag {f} already has {n} cards on your side", {"flag": f, "n": n}
        return "not-there", "this card cannot be played there", {}

    def _why_not_moved(self, m: Move) -> tuple[str, str, dict]:
        """Why Redeploy, Deserter or Traitor (in the hand, within the Tactics limit) cannot
        take ``m.card``: whose card it must be, where it lies, and where it may go."""
        p = self.to_move
        card = m.card
        src = self._where(card)
        if m.kind == "redeploy":
            if src is None or src[0] != p:
                return "not-your-card", f"{card} is not one of your cards at a flag", {"card": str(card)}
            if self.claimed[src[1]] >= 0:
                return ("at-claimed-flag", f"{card} is at a claimed flag; nothing there can be moved",
                        {"card": str(card)})
            if m.flag == src[1]:
                return "redeploy-same-flag", "Redeploy moves the card to another flag", {}
            return self._why_no_free_place(m.flag)
        if src is None or src[0] != 1 - p:
            return ("not-their-card", f"{card} is not one of your opponent's cards at a flag",
                    {"card": str(card)})
        if self.claimed[src[1]] >= 0:
            return ("at-claimed-flag", f"{card} is at a claimed flag; nothing there can be taken",
                    {"card": str(card)})
        if m.kind == "traitor":
            if not card.is_troop:
                return "traitor-troops-only", "Traitor takes only troop cards, not Tactics cards", {}
            return self._why_no_free_place(m.flag)
        return "not-legal", "not a legal move now", {}

    def _why_no_free_place(self, d: int) -> tuple[str, str, dict]:
        """Why a card may not be moved to flag ``d`` on the mover's side."""
        if self.claimed[d] >= 0:
            return "flag-claimed", f"flag {d} is already claimed", {"flag": d}
        return "no-free-place", f"flag {d} has no free place on your side", {"flag": d}

    def _where(self, card: int) -> tuple[int, int] | None:
        """(owner, flag) of a card on the table, or None."""
        if card in (FOG, MUD):
            f, owner = (self.fog_flag, self.fog_owner) if card == FOG else (self.mud_flag, self.mud_owner)
            return (owner, f) if f else None
        for p in (0, 1):
            for f in FLAGS:
                if card in self.sides[p][f]:
                    return p, f
        return None

    # -------------------------------------------------------- apply and undo
    def _restore(self, s) -> None:
        (self.to_move, self.phase, self.scout_left, self.idle_turns, self.turn_active, self._outcome,
         self.clock, self.visible, t0, t1, l0, l1, k0, k1, o0, o1) = s
        self.tactics_counts = [t0, t1]
        self.leader_played = [l0, l1]
        self.known_deck = [k0, k1]
        self.opponent_known = [o0, o1]

    def push(self, move: Move) -> None:
        """Apply a move that is known to be legal, without checking it.

        For bots and search, with :meth:`undo`. Use :meth:`play` for anything
        that might be illegal.
        """
        p = self.to_move
        kind = move.kind
        phase = self.phase
        # What undo restores. Plays and ordinary draws (most moves) save only the fields
        # they change; every other move saves all of them (the order of _restore).
        if kind == "play":
            saved = (p, phase, self.turn_active, self.clock, self.visible, self.tactics_counts[p],
                     self.leader_played[p])
            undo = self._do_play(p, move.card, move.flag)
        elif kind == "draw" and phase == DRAW:
            known, opp_known = self.known_deck, self.opponent_known
            saved = (p, phase, self.idle_turns, self.turn_active, self._outcome,
                     known[0], known[1], opp_known[0], opp_known[1])
            undo = self._do_draw(p, 0 if move.deck == "troop" else 1)
        else:
            tactics, known, opp_known, leader = (self.tactics_counts, self.known_deck,
                                                 self.opponent_known, self.leader_played)
            saved = (p, phase, self.scout_left, self.idle_turns, self.turn_active,
                     self._outcome, self.clock, self.visible, tactics[0], tactics[1], leader[0],
                     leader[1], known[0], known[1], opp_known[0], opp_known[1])
            undo = self._push_other(p, kind, move)
        self._stack.append((move, saved, undo))
        self._moves.append(move)

    def _push_other(self, p: int, kind: str, move: Move):
        """Apply any move but a play or an ordinary draw; returns what undo needs."""
        undo = None
        if kind == "draw":
            undo = self._do_draw(p, 0 if move.deck == "troop" else 1)
        elif kind == "claim":
            self._do_claim(p, move.flag)
        elif kind == "end":
            self._end_turn()
        elif kind == "pass":
            self.phase = DRAW
        elif kind == "return":
            undo = self._do_return(p, move.card)
        else:
            undo = self._do_guile(p, move)
        return undo

    def undo(self) -> Move:
        """Take back the last move exactly; returns it.

        >>> g = Game(seed=2); before = g.position()
        >>> g.play(g.legal_moves()[0]); _ = g.undo(); g.position() == before
        True
        """
        if not self._stack:
            raise IllegalMoveError("there is no move to undo", rule="nothing-to-undo")
        move, saved, undo = self._stack.pop()
        self._moves.pop()
        kind = move.kind
        p = saved[0]
        if kind == "play":
            card, idx, f, old_time = undo
            self._flag_versions[f] += 1
            if card >= FOG:
                self._set_environment(card, 0, -1)
            else:
                self.sides[p][f].pop()
                self.placed_at[card] = old_time
            self.hands[p].insert(idx, card)
            self._recount(f)
            _, self.phase, self.turn_active, self.clock, self.visible, tactics, leader = saved
            self.tactics_counts[p] = tactics
            self.leader_played[p] = leader
            return move
        if kind == "draw" and saved[1] == DRAW:
            deck, card = undo
            self.hands[p].pop()
            self.decks[deck].append(card)
            (self.to_move, self.phase, self.idle_turns, self.turn_active, self._outcome,
             k0, k1, o0, o1) = saved
            self.known_deck = [k0, k1]
            self.opponent_known = [o0, o1]
            return move
        if kind == "draw":
            deck, card = undo
            self.hands[p].pop()
            self.decks[deck].append(card)
        elif kind == "claim":
            self.claimed[move.flag] = -1
            self._open |= 1 << move.flag
        elif kind == "return":
            deck, card, idx = undo
            self.decks[deck].pop()
            self.hands[p].insert(idx, card)
        elif kind in ("end", "pass"):
            pass
        else:
            self._undo_guile(p, move, undo)
        self._restore(saved)
        return move

    def _recount(self, f: int) -> None:
        """Bring both players' bit for flag f in ``_complete`` up to date."""
        need = CARDS_NEEDED[self.mud_flag == f]
        bit = 1 << f
        complete = self._complete
        for p in (0, 1):
            if len(self.sides[p][f]) >= need:
                complete[p] |= bit
            else:
                complete[p] &= ~bit

    def _do_play(self, p: int, card: Card, f: int):
        self._flag_versions[f] += 1
        hand = self.hands[p]
        idx = hand.index(card)
        del hand[idx]
        old_time = self.placed_at[card]
        if card >= FOG:
            self._set_environment(card, f, p)
            if card == MUD:
                self._recount(f)
        else:
            side = self.sides[p][f]
            side.append(card)
            self.placed_at[card] = self.clock
            self.clock += 1
            if len(side) >= CARDS_NEEDED[self.mud_flag == f]:
                self._complete[p] |= 1 << f
        self.visible |= 1 << card
        if card >= 60:
            self.tactics_counts[p] += 1
            if card <= DARIUS:
                self.leader_played[p] = True
        self.turn_active = True
        self.phase = DRAW
        return card, idx, f, old_time

    def _do_draw(self, p: int, deck: int):
        # Take the top card; drawing is half of all moves, so this stays inline.
        card = self.decks[deck].pop()
        self.hands[p].append(card)
        bit = 1 << card
        known = self.known_deck
        if known[1 - p] & bit:      # the opponent put it back: now he knows p holds it
            known[1 - p] ^= bit
            self.opponent_known[1 - p] |= bit
        if known[p] & bit:
            known[p] ^= bit
        if self.phase == SCOUT_DRAW:
            self.scout_left -= 1
            if self.scout_left == 0 or not (self.decks[0] or self.decks[1]):
                self.phase = SCOUT_RETURN
                self.scout_left = min(2, len(self.hands[p]))
        else:
            self.turn_active = True
            self._end_turn()
        return deck, card

    def _do_return(self, p: int, card: Card):
        hand = self.hands[p]
        idx = hand.index(card)
        del hand[idx]
        deck = 0 if card < 60 else 1
        self.decks[deck].append(card)
        bit = 1 << card
        self.known_deck[p] |= bit
        q = 1 - p
        # The opponent no longer knows where his known cards of this deck kind are.
        kind_mask = TROOP_MASK if deck == 0 else ~TROOP_MASK
        self.opponent_known[q] &= ~kind_mask
        self.scout_left -= 1
        if self.scout_left == 0:
            self._end_turn()
        return deck, card, idx

    def _do_claim(self, p: int, f: int) -> None:
        self.claimed[f] = p
        self._open &= ~(1 << f)
        self.turn_active = True
        claimed = self.claimed
        held = 0
        for g in _FLAGS_IN[_ALL_FLAGS & ~self._open]:    # the claimed flags only
            if claimed[g] == p:
                held |= 1 << g
        reason = win_reason(held)
        if reason is not None:
            self._finish(p, reason)

    def _flag_counts(self) -> tuple[int, int]:
        claimed = self.claimed
        return (sum(1 for g in FLAGS if claimed[g] == 0), sum(1 for g in FLAGS if claimed[g] == 1))

    def _finish(self, winner: int | None, reason: str) -> None:
        self._outcome = Outcome(winner, reason, self._flag_counts())
        self.phase = OVER

    def _end_turn(self) -> None:
        if self.turn_active:
            self.idle_turns = 0
        else:
            self.idle_turns += 1
            # An idle turn drew no card, so either both decks are empty or the hand was
            # full: two in a row repeat forever (docs/rules.md, Deadlock).
            if self.idle_turns >= DEADLOCK_IDLE_TURNS:
                self._finish(deadlock_winner(self._flag_counts()), "deadlock")
                return
        self.to_move = 1 - self.to_move
        self.phase = PLAY
        self.turn_active = False

    # ---------------------------------------------------------------- guile
    def _discard_tactic(self, p: int, tactic: int) -> int:
        hand = self.hands[p]
        idx = hand.index(tactic)
        del hand[idx]
        self.discard_piles[p].append(ALL_CARDS[tactic])
        self.visible |= 1 << tactic
        self.tactics_counts[p] += 1
        self.turn_active = True
        return idx

    def _remove_from_table(self, owner: int, card: int):
        """Take a card off the table; returns where it was, to put it back."""
        if card == FOG or card == MUD:
            f = self.fog_flag if card == FOG else self.mud_flag
            self._set_environment(card, 0, -1)
            return ("env", card, f, owner)
        for f in FLAGS:
            side = self.sides[owner][f]
            if card in side:
                i = side.index(card)
                del side[i]
                return ("side", owner, f, i, self.placed_at[card])
        raise AssertionError(f"{card} is not on the table")

    def _put_back(self, where, card: int) -> None:
        if where[0] == "env":
            _, card, f, owner = where
            self._set_environment(card, f, owner)
        else:
            _, owner, f, i, t = where
            self.sides[owner][f].insert(i, card)
            self.placed_at[card] = t

    def _place(self, p: int, card: int, f: int) -> None:
        self.sides[p][f].append(card)
        self.placed_at[card] = self.clock
        self.clock += 1

    def _do_guile(self, p: int, move: Move):
        kind = move.kind
        if kind == "scout":
            idx = self._discard_tactic(p, SCOUT)
            self.phase = SCOUT_DRAW
            self.scout_left = min(3, len(self.decks[0]) + len(self.decks[1]))
            return idx
        card = move.card
        versions = self._flag_versions
        if move.flag is not None:
            versions[move.flag] += 1
        if kind == "redeploy":
            idx = self._discard_tactic(p, REDEPLOY)
            where = self._remove_from_table(p, card)
            if move.flag is None:
                self.discard_piles[p].append(card)
            elif where[0] == "env":
                self._set_environment(card, move.flag, p)
            else:
                self._place(p, card, move.flag)
        elif kind == "deserter":
            idx = self._discard_tactic(p, DESERTER)
            where = self._remove_from_table(1 - p, card)
            self.discard_piles[1 - p].append(card)
        else:  # traitor
            idx = self._discard_tactic(p, TRAITOR)
            where = self._remove_from_table(1 - p, card)
            self._place(p, card, move.flag)
        versions[where[2]] += 1
        self._recount(where[2])
        if move.flag is not None:
            self._recount(move.flag)
        self.phase = DRAW
        return idx, where

    def _undo_guile(self, p: int, move: Move, undo) -> None:
        kind = move.kind
        if kind == "scout":
            self.discard_piles[p].pop()
            self.hands[p].insert(undo, ALL_CARDS[SCOUT])
            return
        idx, where = undo
        card = move.card
        self._flag_versions[where[2]] += 1
        if move.flag is not None:
            self._flag_versions[move.flag] += 1
        if kind == "redeploy":
            if move.flag is None:
                self.discard_piles[p].pop()
            elif where[0] == "side":
                self.sides[p][move.flag].pop()
        elif kind == "deserter":
            self.discard_piles[1 - p].pop()
        else:
            self.sides[p][move.flag].pop()
        self._put_back(where, card)
        self._recount(where[2])
        if move.flag is not None:
            self._recount(move.flag)
        self.discard_piles[p].pop()
        self.hands[p].insert(idx, ALL_CARDS[_GUILE_CARD[kind]])

    # ------------------------------------------------------------ information
    def flag_view(self, flag: int) -> FlagView:
        flag_number(flag)
        placed = sorted(((self.placed_at[c], p, c) for p in (0, 1) for c in self.sides[p][flag]))
        return FlagView(
            number=flag,
            cards=(tuple(self.sides[0][flag]), tuple(self.sides[1][flag])),
            placed=tuple((p, c) for _, p, c in placed),
            fog=self.fog_owner if self.fog_flag == flag else None,
            mud=self.mud_owner if self.mud_flag == flag else None,
            claimed_by=self.claimed_by(flag),
        )

    def observation(self, player: int) -> Observation:
        """What ``player`` knows, and nothing more (see :class:`Observation`).

        >>> o = Game(seed=1).observation(0)
        >>> len(o.hand), o.opponent_hand_size, o.deck_sizes
        (7, 7, (46, 10))
        """
        if player not in (0, 1):
            raise ValueError(f"player must be 0 (north) or 1 (south), not {shorten(player)}")
        known = []
        for d in (0, 1):
            deck = self.decks[d]
            for depth, c in enumerate(reversed(deck)):
                if self.known_deck[player] >> c & 1:
                    known.append(("troop" if d == 0 else "tactic", depth, c))
        opp = 1 - player
        return Observation(
            seat=player,
            rules=self.rules,
            to_move=self.to_move,
            phase=self.phase,
            scout_left=self.scout_left,
            hand=tuple(self.hands[player]),
            opponent_hand_size=len(self.hands[opp]),
            opponent_hand_tactics=sum(1 for c in self.hands[opp] if c >= 60),
            opponent_known=tuple(c for c in self.hands[opp] if self.opponent_known[player] >> c & 1),
            flags=tuple(self.flag_view(f) for f in FLAGS),
            discards=(tuple(self.discard_piles[0]), tuple(self.discard_piles[1])),
            deck_sizes=(len(self.decks[0]), len(self.decks[1])),
            known_deck=tuple(known),
            tactics_played=(self.tactics_counts[0], self.tactics_counts[1]),
            leader_played=(self.leader_played[0], self.leader_played[1]),
            idle_turns=self.idle_turns,
            turn_active=self.turn_active,
            outcome=self._outcome,
        )

    # --------------------------------------------------------------- notation
    def position(self) -> str:
        """The complete position as text (see ``docs/notation.md``).

        >>> Game(seed=1, first=1).position().splitlines()[:3]
        ['battleline position 1', 'rules standard', 'turn south play']
        """
        from .notation import write_position
        return write_position(self)

    @classmethod
    def from_position(cls, text: str) -> "Game":
        """A game from position text; raises :class:`PositionError` when it is malformed
        or impossible.

        >>> g = Game(seed=1)
        >>> Game.from_position(g.position()).position() == g.position()
        True
        """
        from .notation import read_position
        return read_position(text)

    def record(self) -> str:
        """The game so far as JSON: the start position and every move.

        >>> g = Game(seed=1); g.play(g.legal_moves()[0])
        >>> Game.from_record(g.record()).position() == g.position()
        True
        """
        from .notation import write_record
        return write_record(self)

    @classmethod
    def from_record(cls, text: str | dict) -> "Game":
        """Replay a JSON record (its text, or the dict it holds) to the identical state."""
        from .notation import read_record
        return read_record(text)

    def copy(self) -> "Game":
        """An independent copy with the same position and history.

        >>> g = Game(seed=1); c = g.copy(); c.play(c.legal_moves()[0])
        >>> len(g.moves), len(c.moves)
        (0, 1)
        """
        from copy import deepcopy
        return deepcopy(self)

    def _repr_svg_(self) -> str:
        """A static picture for notebooks (no JavaScript needed)."""
        from .render import position_svg
        return position_svg(self)

    def __str__(self) -> str:
        from .notation import draw_text
        return draw_text(self)

    def __repr__(self) -> str:
        return f"<Game {self.rules} {PLAYER_NAMES[self.to_move]} {self.phase} after {len(self._moves)} moves>"


def _each_card_once(groups: Sequence[tuple[tuple[str, int], Sequence[Card]]]) -> list[int]:
    """The mask of each group's cards (``((place, number), cards)``); PositionError unless
    each of the 70 cards lies in exactly one group."""
    # A sum of distinct powers of two has one bit per term; a repeated card carries.
    masks = [sum(map((1).__lshift__, cs)) for _, cs in groups]
    total = sum(masks)
    if total.bit_count() != sum(len(cs) for _, cs in groups):
        found: dict[Card, str] = {}
        for place, cs in groups:
            for c in cs:
                if c in found:
                    where = f"in {found[c]}" if found[c] == _place_name(place) else \
                        f"({found[c]} and {_place_name(place)})"
                    raise PositionError(f"card {c} appears twice {where}", rule="card-twice", card=str(c))
                found[c] = _place_name(place)
    if total != ALL_CARDS_MASK:
        missing = [c for c in ALL_CARDS if not total >> c & 1]
        raise PositionError(f"card {missing[0]} is missing: each of the 70 cards must be somewhere "
                            f"(a flag, a hand, a deck or a discard pile)"
                            + (f"; {len(missing)} are missing" if len(missing) > 1 else ""),
                            rule="card-missing", card=str(missing[0]))
    return masks


def _check_arguments(to_move, phase, flags, claimed, piles) -> None:
    """Clear errors for arguments of the wrong shape given to :meth:`Game.assemble`."""
    def bad(what: str) -> PositionError:
        return PositionError(what, rule="position-text")
    if to_move not in (0, 1):
        raise bad(f"to_move must be 0 (north) or 1 (south), not {shorten(to_move)}")
    if phase not in PHASES:
        raise bad(f"phase must be one of {', '.join(PHASES)}, not {shorten(phase)}")
    for f in list(flags) + list(claimed):
        if f not in FLAGS:
            raise bad(f"flags are numbered 1 to 9, not {shorten(f)}")
    if any(owner not in (0, 1) for owner in claimed.values()):
        raise bad("a claimed flag is held by 0 (north) or 1 (south)")
    cards = [c for entries in flags.values() for p, c in entries] + \
        [c for group in piles for pile in group for c in pile]
    if any(p not in (0, 1) for entries in flags.values() for p, _ in entries):
        raise bad("a card at a flag belongs to 0 (north) or 1 (south)")
    if not all(isinstance(c, Card) for c in cards):
        odd = next(c for c in cards if not isinstance(c, Card))
        raise bad(f"cards must be Card objects, not {shorten(odd)}")


def _place_name(place: tuple[str, int]) -> str:
    what, n = place
    if what == "flag":
        return f"flag {n}"
    if what == "deck":
        return ("the troop deck", "the tactic deck")[n]
    return f"{PLAYER_NAMES[n]}'s {'hand' if what == 'hand' else 'discards'}"


ALL_CARDS_MASK = (1 << len(ALL_CARDS)) - 1


