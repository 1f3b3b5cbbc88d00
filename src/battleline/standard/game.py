"""The game: :class:`Game`, its state and the public interface of the engine.

Players are ``0`` (north) and ``1`` (south); flags are numbered 1 to 9.
A turn is a sequence of moves: in the ``play`` phase, claims (both rules)
then one card or ``pass``; in the ``draw`` phase, claims (standard rule) then
``draw troop``/``draw tactic`` (or ``end`` when no card can be drawn). Scout
adds the phases ``scout-draw`` and ``scout-return``.

:meth:`Game.play` checks a move and says which rule it breaks;
:meth:`Game.push` applies a move known to be legal (the bots' fast path) and
:meth:`Game.undo` takes the last move back exactly.

``Game`` is composed: its public state (the attributes listed in its docstring), two parts
with their own state (the :class:`~.journal.Journal`, through which every change is recorded
and undone, and the :class:`~.claiming.ClaimMemory` of claim verdicts), and one module per
concept whose rules are functions over that public state: :mod:`.assembly` (building a
position), :mod:`.legality` (the legal moves and why a move is illegal), :mod:`.claiming`
(claims, and the end flags bring), :mod:`.tactics` (Fog, Mud and the Guile cards) and
:mod:`.flow` (playing, drawing, the end of a turn). Here are the read access,
:meth:`~Game.play`, :meth:`~Game.push` and :meth:`~Game.undo`, the observations and the text
forms (:mod:`.notation`, :mod:`.render`).

>>> g = Game(seed=1, first=1)
>>> g.to_move, g.phase, len(g.hand(1))
(1, 'play', 7)
>>> m = g.legal_moves()[0]
>>> g.play(m); _ = g.undo(); g.phase
'play'
"""

from __future__ import annotations

import numbers
import random
from dataclasses import dataclass
from fractions import Fraction

from ..cards import ALL_CARDS, FOG, MUD, TROOP_MASK, Card
from ..errors import shorten
from ..interface import ChanceOutcome, check_distribution, returns_of
from ..sides import Outcome   # one Outcome for both games
from . import assembly, claiming, journal, legality, tactics
from .flow import draw, end_turn, play_card, return_card
from .formations import CARDS_NEEDED
from .moves import CLAIM_MOVES, IllegalMoveError, Move, flag_number
from .notation import draw_text, read_position, read_record, write_position, write_record
from .render import position_svg
from .claims import ClaimResult, failed
from .rules import FLAGS, HAND_SIZE, NORTH, PLAYER_NAMES, SOUTH, claim_phases, claim_timing_error
# The phases, imported from here by callers.
from .rules import DRAW, OVER, PHASES, PLAY, SCOUT_DRAW, SCOUT_RETURN  # noqa: F401

__all__ = ["Game", "Outcome", "Observation", "FlagView", "NORTH", "SOUTH", "PLAYER_NAMES"]


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

    def top_card_chances(self, deck: str) -> tuple[ChanceOutcome, ...]:
        """The card on top of ``deck`` (``"troop"`` or ``"tactic"``) as this player knows it:
        a card Scout put back on top for certain, else each unseen card of that deck alike
        (none can be told from another); empty when the deck is empty.

        >>> o = Game(seed=1).observation(0)
        >>> chances = o.top_card_chances("tactic")
        >>> len(chances), chances[0].probability
        (10, Fraction(1, 10))
        """
        index = 0 if deck == "troop" else 1
        if not self.deck_sizes[index]:
            return ()
        for which, depth, card in self.known_deck:
            if which == deck and depth == 0:
                return (ChanceOutcome(card, Fraction(1)),)
        tactic = deck == "tactic"
        cards = [c for c in self.unseen if c.is_tactic == tactic]
        return tuple(ChanceOutcome(c, Fraction(1, len(cards))) for c in cards)



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
    methods change them (:meth:`play`, :meth:`push`, :meth:`undo`, :meth:`claim`), through
    the rules of its concept modules, each list change recorded in :attr:`journal`.
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
    - ``open_flags``: mask of the unclaimed flags (bit f for flag f);
      ``complete_flags[p]``: mask of the flags where p's side is complete.
    - ``ending``: how the game ended (an :class:`Outcome`), None while it goes on.
    - The parts: ``journal`` (:class:`~.journal.Journal`: the moves played and every change
      they made) and ``claim_memory`` (:class:`~.claiming.ClaimMemory`: claim verdicts).

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
        if first is not None and (isinstance(first, bool) or not isinstance(first, numbers.Integral)
                                  or first not in (0, 1)):
            raise ValueError(f"first must be 0 (north), 1 (south) or None (by lot), not {shorten(first)}")
        if seed is None:
            seed = random.randrange(2**32)
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise ValueError(f"seed must be a whole number or None, not {shorten(seed)}")
        seed = int(seed)
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
        assembly.set_up(self, rules=rules, to_move=first, hands=hands, decks=(troops[::-1], tactics[::-1]),
                        seed=seed, check=False)

    assemble = classmethod(assembly.assemble)

    # ---------------------------------------------------------- read access
    @property
    def moves(self) -> list[Move]:
        """The moves played so far (a copy)."""
        return self.journal.moves()

    def history(self) -> list[tuple[int, Move]]:
        """``(player, move)`` for every move played so far.

        >>> g = Game(seed=1, first=0)
        >>> g.play(g.legal_moves()[0]); g.history()
        [(0, Move('R9@1'))]
        """
        return self.journal.history()

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
        return self.ending

    def is_over(self) -> bool:
        return self.ending is not None

    def unseen_troops(self) -> int:
        """Mask of troops not visible: what a claim must assume the opponent can get."""
        return TROOP_MASK & ~self.visible

    # ------------------------------------------------------------- the rules
    # Each is its concept module's function over the public state, bound as a method.
    legal_moves = legality.legal_moves
    can_play_tactic = legality.can_play_tactic
    claims_open = claiming.claims_open
    completed_later = claiming.completed_later
    provable_flags = claiming.provable_flags
    check_claim = claiming.check_claim
    environment = tactics.environment

    def claim_phases(self) -> tuple[str, ...]:
        """The phases in which the player to move may claim, under this game's rules.

        >>> Game(seed=1, rules="advanced").claim_phases()
        ('play',)
        """
        return claim_phases(self.rules)

    def parse_move(self, move: Move | str) -> Move:
        """A move from its text (or a Move, unchanged); raises :class:`InvalidMoveError` for
        text that cannot be read, :class:`IllegalMoveError` for a move no rule allows.

        >>> Game(seed=1).parse_move("R7 @ 3")
        Move('R7@3')
        """
        if isinstance(move, Move):
            return move
        return Move.parse(move)

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
            rule, why, params = legality.why_illegal(self, m)
            raise IllegalMoveError(f"{m}: {why}", rule=rule, **params)
        self.push(m)

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

    def push(self, move: Move) -> None:
        """Apply a move that is known to be legal, without checking it.

        For bots and search, with :meth:`undo`. Use :meth:`play` for anything
        that might be illegal.
        """
        self.journal.begin(move, self)
        kind = move.kind
        if kind == "play":
            play_card(self, self.to_move, move.card, move.flag)
        elif kind == "draw":
            draw(self, self.to_move, 0 if move.deck == "troop" else 1)
        elif kind == "claim":
            claiming.take_flag(self, self.to_move, move.flag)
        elif kind == "end":
            end_turn(self)
        elif kind == "pass":
            self.phase = DRAW
        elif kind == "return":
            return_card(self, self.to_move, move.card)
        else:
            tactics.play_guile(self, self.to_move, move)

    undo = journal.undo     # take back the last move exactly (the journal rewound)

    # --------------------------------------------------- the game interface
    # (battleline.interface.GameState: the names both games share)
    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the game is over."""
        return None if self.ending is not None else self.to_move

    @property
    def result(self) -> Outcome | None:
        """None while the game goes on, then how it ended (as :meth:`outcome`)."""
        return self.ending

    @property
    def actions_taken(self) -> list[Move]:
        """The moves played so far (as :attr:`moves`)."""
        return self.moves

    def legal_actions(self) -> list[Move]:
        """The legal moves of the player to move, claims included (as :meth:`legal_moves`)."""
        return self.legal_moves()

    def returns(self) -> tuple[float, float]:
        """Each seat's score: 1 for a win, -1 for a loss, 0 for a draw or a game going on."""
        return returns_of(self.ending)

    def chance_outcomes(self, move: Move | str) -> tuple[ChanceOutcome, ...]:
        """The card a legal draw may bring, as the player drawing knows it (empty for any
        other move: only draws are left to chance).

        >>> g = Game(seed=1, first=0); g.play(g.legal_moves()[0])
        >>> g.chance_outcomes("draw troop")[0].probability    # 60 troops: 6 in hand, 1 on the table
        Fraction(1, 53)
        """
        m = self.parse_move(move)
        if m not in self.legal_moves():
            raise IllegalMoveError(f"{m}: not a legal move now; chance outcomes are for legal moves", rule="not-legal")
        if m.kind != "draw":
            return ()
        return check_distribution(self.observation(self.to_move).top_card_chances(m.deck))

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
            outcome=self.ending,
        )

    # --------------------------------------------------------------- notation
    def position(self) -> str:
        """The complete position as text (see ``docs/notation.md``).

        >>> Game(seed=1, first=1).position().splitlines()[:3]
        ['battleline position 1', 'rules standard', 'turn south play']
        """
        return write_position(self)

    @classmethod
    def from_position(cls, text: str) -> "Game":
        """A game from position text; raises :class:`PositionError` when it is malformed
        or impossible.

        >>> g = Game(seed=1)
        >>> Game.from_position(g.position()).position() == g.position()
        True
        """
        return read_position(text, cls)

    def record(self) -> str:
        """The game so far as JSON: the start position and every move.

        >>> g = Game(seed=1); g.play(g.legal_moves()[0])
        >>> Game.from_record(g.record()).position() == g.position()
        True
        """
        return write_record(self)

    @classmethod
    def from_record(cls, text: str | dict) -> "Game":
        """Replay a JSON record (its text, or the dict it holds) to the identical state."""
        return read_record(text, cls)

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
        return position_svg(self)

    def __str__(self) -> str:
        return draw_text(self)

    def __repr__(self) -> str:
        return f"<Game {self.rules} {PLAYER_NAMES[self.to_move]} {self.phase} after {len(self.journal.stack)} moves>"

