"""Building a position of Battle Line: :func:`assemble` (``Game.assemble``), the one constructor that a
new deal, position text and sampled worlds all go through. It lays out the table, checks
that each of the 70 cards lies in one place, derives what follows (the visible cards, the
Tactics cards played, the placement times, the flags complete) and has the rules check the
whole position (:func:`.rules.check_position`). It gives the game its parts: the journal
(:class:`~.journal.Journal`) and the claim memory (:class:`~.claiming.ClaimMemory`).

>>> from battleline import Game
>>> Game.assemble()
Traceback (most recent call last):
...
battleline.errors.PositionError: card R1 is missing: each of the 70 cards must be somewhere (a flag, a hand, a deck or a discard pile); 70 are missing
"""

from __future__ import annotations

from typing import Mapping, Sequence, TypeVar

from ..deprecation import moved_names
from ..cards import ALL_CARDS, DARIUS, FOG, MUD, SCOUT, TROOP_MASK, Card
from ..errors import PositionError, shorten
from ..sides import Outcome
from .claiming import ClaimMemory, flag_counts
from .formations import CARDS_NEEDED, check_side
from .journal import Journal
from .rules import FLAGS, NORTH, PHASES, PLAY, PLAYER_NAMES, check_position
from .tactics import environment_cards, set_environment

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["assemble", "set_up", "ALL_CARDS_MASK"]

# Before issue 41 Game was put together from mixins; the mixin's name stands for Game now.
__getattr__ = moved_names(__name__, {
    "Assembly": ("battleline.standard.game", "Game", "assemble a position with Game.assemble (issue 41)")})

ALL_CARDS_MASK = (1 << len(ALL_CARDS)) - 1
G = TypeVar("G")


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
    set_up(g, rules=rules, to_move=to_move, phase=phase, flags=flags, claimed=claimed,
           hands=hands, decks=decks, discards=discards, known_deck=known_deck,
           opponent_known=opponent_known, scout_left=scout_left, idle_turns=idle_turns,
           turn_active=turn_active, result=result, seed=seed, check=check)
    return g


def set_up(g: "Game", *, rules: str, to_move: int, phase: str = PLAY, flags: Mapping | None = None,
           claimed: Mapping | None = None, hands=((), ()), decks=((), ()), discards=((), ()),
           known_deck=(0, 0), opponent_known=(0, 0), scout_left: int = 0, idle_turns: int = 0,
           turn_active: bool = False, result=None, seed=None, check: bool = True) -> None:
    """Lay out the position on ``g`` (a game made without ``__init__``): its public state
    and its parts (see :func:`assemble`).

    >>> from battleline import Game
    >>> g = Game.__new__(Game); set_up(g, rules="standard", to_move=0, check=False)
    Traceback (most recent call last):
    ...
    battleline.errors.PositionError: card R1 is missing: each of the 70 cards must be somewhere (a flag, a hand, a deck or a discard pile); 70 are missing
    """
    flags = {} if flags is None else flags
    claimed = {} if claimed is None else claimed
    if rules not in ("standard", "advanced"):
        raise PositionError(f"rules must be 'standard' or 'advanced', not {shorten(rules)}",
                            rule="position-text")
    if check:
        _check_arguments(to_move, phase, flags, claimed, (hands, decks, discards))
    g.rules, g.seed, g.first_player = rules, seed, to_move
    # The piles as lists of their own (a deck's top card last), the masks per player.
    g.hands = [list(hands[0]), list(hands[1])]
    g.decks = [list(reversed(decks[0])), list(reversed(decks[1]))]
    g.discard_piles = [list(discards[0]), list(discards[1])]
    g.known_deck, g.opponent_known = list(known_deck[:2]), list(opponent_known[:2])
    # The turn.
    g.to_move, g.phase, g.scout_left = to_move, phase, scout_left
    g.idle_turns, g.turn_active = idle_turns, turn_active
    # The parts: the record of every change (undo), and the claim verdicts remembered.
    g.journal = Journal()
    g.claim_memory = ClaimMemory(g.journal)
    _place_flags(g, flags, claimed)
    g.visible = _visible_cards(g, flags)
    if check:
        _check_sides(g, flags)
    _count_tactics(g)
    g.ending = None if result is None else Outcome(result[0], result[1], flag_counts(g))
    if check:
        check_position(g)


def _place_flags(g: "Game", flags: Mapping, claimed: Mapping) -> None:
    """The table: each flag's cards in the order placed, Fog and Mud, the claims, and the
    flag masks that push and undo keep up to date."""
    g.sides = [[[] for _ in range(10)], [[] for _ in range(10)]]
    g.fog_flag, g.fog_owner = 0, -1
    g.mud_flag, g.mud_owner = 0, -1
    g.claimed = [-1] * 10
    g.placed_at = [0] * 70
    sides, placed_at, clock = g.sides, g.placed_at, 1
    for f in sorted(flags):
        for p, c in flags[f]:
            if c == FOG or c == MUD:
                set_environment(g, c, f, p)
            elif c >= SCOUT:
                raise PositionError(f"flag {f}: {c} is a Guile card; it lies in a discard pile, "
                                    f"not at a flag", rule="guile-on-flag", card=str(c))
            else:
                sides[p][f].append(c)
                placed_at[c] = clock
                clock += 1
    g.clock = clock
    for f, owner in claimed.items():
        g.claimed[f] = owner
    # Flags as 10-bit masks (bit f): the unclaimed flags, and per player the flags where
    # his side is complete.
    g.open_flags = sum(1 << f for f in FLAGS if g.claimed[f] < 0)
    g.complete_flags = [0, 0]
    for f in FLAGS:
        need = CARDS_NEEDED[g.mud_flag == f]
        for p in (0, 1):
            if len(sides[p][f]) >= need:
                g.complete_flags[p] |= 1 << f


def _visible_cards(g: "Game", flags: Mapping) -> int:
    """The mask of the cards on the table or discarded, after checking that every card
    lies in one place and each deck holds only its kind."""
    groups = [(("flag", f), [c for _, c in flags[f]]) for f in sorted(flags)]
    groups += [(("discards", p), g.discard_piles[p]) for p in (0, 1)]
    seen = len(groups)
    groups += [(("hand", p), g.hands[p]) for p in (0, 1)]
    groups += [(("deck", d), g.decks[d]) for d in (0, 1)]
    masks = _each_card_once(groups)
    for d, name in enumerate(("troop", "tactic")):
        wrong = masks[d - 2] & (~TROOP_MASK if d == 0 else TROOP_MASK)
        if wrong:
            card = ALL_CARDS[(wrong & -wrong).bit_length() - 1]
            raise PositionError(f"{card} cannot lie in the {name} deck", rule="wrong-deck",
                                card=str(card), deck=name)
    return sum(masks[:seen])


def _check_sides(g: "Game", flags: Mapping) -> None:
    for f in sorted(flags):
        for p in (0, 1):
            try:
                check_side(g.sides[p][f], f"{PLAYER_NAMES[p]}'s side of flag {f}")
            except ValueError as e:
                raise PositionError(f"flag {f}: {e}", rule="side-invalid", flag=f, player=p) from None


def _count_tactics(g: "Game") -> None:
    """Tactics cards each player has played, and the Leaders: a played Tactics card only
    ever moves to its player's side or discards."""
    g.tactics_counts = [0, 0]
    g.leader_played = [False, False]
    if g.visible >> 60:
        for p in (0, 1):
            mine = [c for f in FLAGS for c in g.sides[p][f] if c >= 60]
            mine += [c for c in g.discard_piles[p] if c >= 60]
            mine += [c for c, f, owner in environment_cards(g) if f and owner == p]
            g.tactics_counts[p] = len(mine)
            g.leader_played[p] = any(c <= DARIUS for c in mine)


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
