"""Building a position of Battle Line: :meth:`Assembly.assemble`, the one constructor that a
new deal, position text and sampled worlds all go through. It lays out the table, checks
that each of the 70 cards lies in one place, derives what follows (the visible cards, the
Tactics cards played, the placement times, the flags complete) and has the rules check the
whole position (:func:`.rules.check_position`). A mixin of :class:`~.game.Game`.

>>> from battleline import Game
>>> Game.assemble()
Traceback (most recent call last):
...
battleline.errors.PositionError: card R1 is missing: each of the 70 cards must be somewhere (a flag, a hand, a deck or a discard pile); 70 are missing
"""

from __future__ import annotations

from typing import Mapping, Sequence, TypeVar

from ..cards import ALL_CARDS, DARIUS, FOG, MUD, SCOUT, TROOP_MASK, Card
from ..errors import PositionError, shorten
from ..sides import Outcome
from .formations import CARDS_NEEDED, check_side
from .rules import FLAGS, NORTH, PHASES, PLAY, PLAYER_NAMES, check_position

__all__ = ["Assembly", "ALL_CARDS_MASK"]

ALL_CARDS_MASK = (1 << len(ALL_CARDS)) - 1
G = TypeVar("G", bound="Assembly")


class Assembly:
    """The constructor of a position, and what it derives."""

    __slots__ = ()

    @classmethod
    def assemble(cls: type[G], *, rules: str = "standard", to_move: int = NORTH, phase: str = PLAY,
                 flags: Mapping[int, Sequence[tuple[int, Card]]] | None = None,
                 claimed: Mapping[int, int] | None = None,
                 hands: Sequence[Sequence[Card]] = ((), ()),
                 decks: Sequence[Sequence[Card]] = ((), ()),
                 discards: Sequence[Sequence[Card]] = ((), ()),
                 known_deck: Sequence[int] = (0, 0), opponent_known: Sequence[int] = (0, 0),
                 scout_left: int = 0, idle_turns: int = 0, turn_active: bool = False,
                 result: tuple[int | None, str] | None = None, seed: int | None = None,
                 check: bool = True) -> G:
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

        >>> from battleline import Game
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
        # Undo (.journal): per move (the move, the single values before it, the journal's
        # length before it), and the journal of list changes.
        self._stack: list = []
        self._log: list = []
        # Each flag's version: a fresh number whenever its cards change (undo brings the old
        # one back with the old cards), from a clock that only goes forward.
        self._flag_versions = [0] * 10
        self._version_clock = 0
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
            need = CARDS_NEEDED[self.mud_flag == f]
            for p in (0, 1):
                if len(sides[p][f]) >= need:
                    self._complete[p] |= 1 << f

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
