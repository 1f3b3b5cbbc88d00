"""``AncientGame``: a battle of Ancient Battles with validation, undo, queries, odds,
observations and notation. The rules themselves live in :mod:`.rules`.

>>> g = AncientGame.empty(seed=1)
>>> g.put("c2", "Javalineers", "south"); g.put("c3", "Light Cavalry", "north", disrupted=True)
>>> sorted(g.melee_targets("c2"))
['c3']
>>> print(g.odds("attack c2-c3"))
nothing 7/12, c3 eliminated 5/12
"""

from __future__ import annotations

from typing import Iterable

from ..errors import IllegalMoveError, PositionError, shorten
from ..interface import ChanceOutcome, returns_of
from ..sides import Outcome
from .actions import Action, read_action
from .armies import SCENARIOS, Army, check_points_armies
from .board import SIDE_NAMES, by_side, side_index
from .diagnosis import possible_this_turn, why_illegal
from .chance import chance_outcomes
from .odds import ActionOdds, MeleeNumbers, action_odds
from .rules import SHORT, Rules
from .journal import restore_fields, rewind, save_fields
from .scripted import put_bad_terrain, put_troop
from .state import ADVANCED_RULES, PLAYER_STEPS, AncientState, new_state
from .troops import TROOP_TYPES

__all__ = ["AncientGame", "Outcome", "ActionOdds", "MeleeNumbers", "advanced_options"]


def advanced_options(advanced) -> frozenset[str]:
    """The Advanced rules named by ``advanced``: names from :data:`ADVANCED_RULES` or ``"all"``.

    >>> sorted(advanced_options("all")) == sorted(ADVANCED_RULES)
    True
    """
    if isinstance(advanced, str):
        advanced = (advanced,)
    try:
        names = [str(a).strip().lower() for a in advanced]
    except TypeError:
        raise PositionError(f"advanced: expected names of Advanced rules, not {shorten(advanced)}") from None
    if "all" in names:
        return frozenset(ADVANCED_RULES)
    for n in names:
        if n not in ADVANCED_RULES:
            raise PositionError(f"unknown Advanced rule {shorten(n)}: expected 'all' or "
                                + ", ".join(ADVANCED_RULES))
    return frozenset(names)


def _draw_after(n) -> int:
    if type(n) is not int or n < 1:
        raise PositionError(f"draw_after is a positive number of turns, not {shorten(n)}")
    return n


class _NotListedYet:
    """The legal actions of a settled position not listed yet (listed when first asked for):
    one object, kept by copy and deepcopy (a copied game compares against it with ``is``)."""

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_NOT_YET = _NotListedYet()
# The squares a fire or an attack names, in order.


class AncientGame:
    """One battle. Build it with :meth:`scenario`, :meth:`points`, :meth:`empty` (then
    :meth:`put`) or :meth:`from_position`; then :meth:`legal_actions` and :meth:`play`.

    >>> g = AncientGame.scenario("marathon", seed=7)
    >>> g.phase, g.to_act, g.width
    ('deploy', 'south', 7)
    """

    def __init__(self, state: AncientState) -> None:
        self.state = state
        self._log: list = []     # the undo journal of array writes (see .journal)
        self._rules = Rules(state, self._log)
        # per action played: (fields before it, journal length, dice position, legal actions,
        # the action)
        self._history: list[tuple[tuple, int, int, object, Action]] = []
        self._legal = self._settled()
        self._start = state.copy()
        self._start_roll = state.dice.position

    # ------------------------------------------------------------------ builders
    @classmethod
    def empty(cls, width: int = 9, *, seed: int | None = None, advanced=(), dice: Iterable[int] = (),
              draw_after: int = 10) -> "AncientGame":
        """An empty field for a scripted set-up: south to act in its action step of turn 1,
        nothing face down, no reserves, all ten Tactics in the deck (shuffled by ``seed``).
        ``dice`` is a scripted sequence of rolls used before the seeded stream.

        >>> AncientGame.empty(7).width
        7
        """
        from .board import WIDTHS, board
        if type(width) is not int:   # 9.0 would pass the cached board's check and fail later
            raise PositionError(f"the field's width is a whole number, {', '.join(map(str, WIDTHS[:-1]))} or {WIDTHS[-1]}, "
                                f"not {shorten(width)}")
        board(width)  # checks the width
        return cls(new_state(width, options=advanced_options(advanced), draw_after=_draw_after(draw_after),
                             seed=seed, script=dice))

    @classmethod
    def scenario(cls, name: str, *, seed: int | None = None, advanced=(), dice: Iterable[int] = (),
                 draw_after: int = 10) -> "AncientGame":
        """A historical battle: ``cunaxa``, ``issus``, ``gaugamela``, ``indus``, ``marathon``,
        ``sicily`` or ``raphia``. The army listed first in the seed is south.

        >>> AncientGame.scenario("issus", seed=1).phase
        'leader'
        """
        key = name.strip().lower() if isinstance(name, str) else None
        sc = SCENARIOS.get(key)
        if sc is None:
            raise PositionError(f"unknown scenario {shorten(name)}: expected one of {', '.join(SCENARIOS)}")
        options = advanced_options(advanced)
        if sc.stacks:
            options = options | {"stacks"}   # Raphia: heavy infantry stacking must be allowed
        state = new_state(sc.width, options=options, draw_after=_draw_after(draw_after), scenario=sc.name,
                          armies=by_side(sc.south.cards, sc.north.cards), bows=sc.south.bows | sc.north.bows,
                          seed=seed, script=dice, hands=sc.hands,
                          leaders=tuple(int(x) if x is not None else -1 for x in sc.leaders),
                          loyalty_extra=sc.loyalty_extra, small_elephants=sc.small_elephants,
                          scripted=False)
        return cls(state)

    @classmethod
    def points(cls, south: Army, north: Army, *, seed: int | None = None, advanced=(),
               dice: Iterable[int] = (), draw_after: int = 10) -> "AncientGame":
        """A points battle between two :class:`~.armies.Army` lists (each checked against
        every limit; a PositionError names the limit broken). Texts are read by
        :meth:`Army.from_text`.

        >>> south = Army("R8 O8 Y8 R7 O7 Y7 R6 O6 Y6 R5 O5 Y5 R4 O4 Y4")
        >>> north = Army("G8 B8 P8 G7 B7 P7 G6 B6 P6 G5 B5 P5 G4 B4 P4")
        >>> AncientGame.points(south, north, seed=2).phase
        'deploy'
        """
        south = Army.from_text(south) if isinstance(south, str) else south
        north = Army.from_text(north) if isinstance(north, str) else north
        if not isinstance(south, Army) or not isinstance(north, Army):
            raise PositionError("points armies are Army values or army texts")
        check_points_armies(south, north)
        state = new_state(9, options=advanced_options(advanced), draw_after=_draw_after(draw_after),
                          armies=by_side(south.cards, north.cards), bows=south.bows | north.bows,
                          seed=seed, script=dice, scripted=False)
        return cls(state)

    def _reset_history(self) -> None:
        self._history.clear()
        self._log.clear()
        self._rules.bind(self.state)
        s = self.state
        if "flank" in s.options and s.phase in ("tactics", "actions") and not s.moved:
            # a scripted set-up is the start of the acting side's player turn
            s.flank_pairs = self._rules.flank_pairs(s.to_act)
        self._legal = self._settled()
        self._start = self.state.copy()
        self._start_roll = self.state.dice.position

    def put(self, square: str, troop, side, *, bow: bool = False, disrupted: bool = False) -> None:
        """Place a troop for a scripted set-up. ``troop`` is a type name (the first free card
        of that value is used) or a card (``"R4"``); ``side`` is ``"south"`` or ``"north"``.
        Putting a heavy infantry card on an own card of the same type makes a stack when the
        stacks rule is on. The set-up becomes the start of the record (undo stops here).

        >>> g = AncientGame.empty(seed=1)
        >>> g.put("c2", "R4", "south"); g.put("d2", "Hoplites", "south", disrupted=True)
        >>> g.cell("d2")["cards"], g.cell("d2")["disrupted"]
        (['O4'], True)
        """
        put_troop(self.state, self._rules, square, troop, side, bow=bow, disrupted=disrupted)
        self._reset_history()

    def put_terrain(self, square: str, kind: str) -> None:
        """Bad terrain for a scripted set-up: ``"fog"`` or ``"mud"`` on a Front Row square
        (the card comes from the Tactics deck).

        >>> g = AncientGame.empty(seed=1); g.put_terrain("d3", "fog"); g.terrain()
        {'d3': 'Fog'}
        """
        put_bad_terrain(self.state, square, kind)
        self._reset_history()

    # ------------------------------------------------------------------ plain reads
    @property
    def width(self) -> int:
        return self.state.width

    @property
    def phase(self) -> str:
        """The step the battle is in (see :mod:`.state`)."""
        return self.state.phase

    @property
    def to_act(self) -> str | None:
        """``"south"`` or ``"north"``: who decides now (None when the battle is over)."""
        return None if self.state.outcome is not None else SIDE_NAMES[self.state.to_act]

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def options(self) -> frozenset[str]:
        """The Advanced rules in force."""
        return self.state.options

    @property
    def outcome(self) -> Outcome | None:
        """None while the battle goes on, then an :class:`~battleline.sides.Outcome` (shared
        with the standard game): ``winner`` a side number (``winner_name`` its text form) or
        None for a draw; ``reason`` ``terrain``, ``casualties``, ``leader`` or ``draw``."""
        o = self.state.outcome
        if o is None:
            return None
        return Outcome(o[0] if o[0] >= 0 else None, o[1])

    @property
    def rolls(self) -> list[int]:
        """Every die rolled so far, in order."""
        return self.state.dice.public_rolls()

    def terrain(self) -> dict[str, str]:
        """Bad terrain squares and their card."""
        s = self.state
        return {s.board.names[sq]: SHORT[c] for sq, c in sorted(s.terrain.items())}

    def cell(self, square: str) -> dict | None:
        """What stands on a square (the full truth, hidden deployment included): ``side``,
        ``cards``, ``type``, ``disrupted``, ``bows``, ``attachment``, ``leader``; None if empty."""
        s = self.state
        sq = s.board.index(square)
        cards = s.unit_cards(sq)
        if not cards:
            return None
        p = s.owner[cards[0]]
        return {"side": SIDE_NAMES[p], "cards": [SHORT[c] for c in cards],
                "type": TROOP_TYPES[cards[0] % 10 + 1].name, "disrupted": s.disrupted[cards[0]],
                "bows": [SHORT[c] for c in cards if c in s.bows],
                "attachment": SHORT[s.attachments[cards[0]]] if cards[0] in s.attachments else None,
                "leader": SHORT[s.leader_card[p]] if s.leader_of[p] in cards else None}

    # ------------------------------------------------------------------ queries
    def _card_on(self, square: str) -> int:
        s = self.state
        c = s.cells[s.board.index(square)]
        if c < 0:
            raise IllegalMoveError(f"no card on {square}")
        return c

    def _squares(self, sqs) -> set[str]:
        names = self.state.board.names
        return {names[x] for x in sqs}

    def moves_from(self, square: str) -> set[str]:
        """Where the card on ``square`` (either side) may move in its own player turn; empty
        if it is disrupted or has already moved or been placed this turn.

        >>> g = AncientGame.empty(seed=1); g.put("c2", "Light Cavalry", "south")
        >>> sorted(g.moves_from("c2"))
        ['a2', 'b2', 'b3', 'c3', 'c4', 'd2', 'd3', 'e2']
        """
        return self._squares(self._rules.destinations(self._card_on(square)))

    def fire_targets(self, square: str) -> set[str]:
        """The undisrupted enemy cards the card on ``square`` may fire at; empty if it has
        fired this turn, is disrupted or has no missile weapon."""
        return self._squares(self._rules.fire_squares(self._card_on(square)))

    def melee_targets(self, square: str) -> set[str]:
        """The enemy cards the card on ``square`` may attack, alone or in a combined flank
        attack; empty if it is disrupted or has attacked this turn. For the side in its
        player turn, flank attacks are those fixed at the start of that player turn; for the
        other side, those the present position would give."""
        s = self.state
        c = self._card_on(square)
        side = s.owner[c]
        pairs = None
        if not (side == s.to_act and s.phase in PLAYER_STEPS and s.outcome is None):
            pairs = self._rules.flank_pairs(side) if "flank" in s.options else frozenset()
        if c in s.attacked:
            return set()
        out = set()
        for group, t in self._rules.attack_groups(side, ignore_done=True, flank_pairs=pairs):
            if c in group and not any(x in s.attacked for x in group):
                out.add(s.board.names[s.where[t]])
        return out

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """The legal actions of the side to act (empty once the battle is over).

        >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south")
        >>> [str(a) for a in g.legal_actions()]
        ['c2-c3', 'draw', 'end actions']
        """
        legal = self._legal_now()
        return list(legal) if legal is not None else []

    def _settled(self):
        """Run the automatic steps. The legal actions: None once the battle is over, the list
        when settling made it anyway (fire, melee), else ``_NOT_YET`` (listed when asked)."""
        settled = self._rules.advance()
        return None if settled is False else _NOT_YET if settled is True else settled

    def _legal_now(self) -> list[Action] | None:
        legal = self._legal
        if legal is _NOT_YET:
            legal = self._legal = self._rules.legal()
        return legal

    def play(self, action: Action | str) -> None:
        """Play an action (or its text) after checking it; an illegal one raises
        IllegalMoveError naming the rule and changes nothing.

        >>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south")
        >>> g.play("c2-b2")
        Traceback (most recent call last):
        ...
        battleline.errors.IllegalMoveError: c2-b2: Hoplites move forward only
        """
        a = self._read(action)
        legal = self._legal_now()
        if legal is None:
            raise IllegalMoveError(f"{a}: the battle is over")
        if a not in legal:
            raise IllegalMoveError(f"{a}: {self._why_illegal(a)}")
        self.push(a)

    def push(self, action: Action) -> None:
        """Play a legal :class:`Action` without checking it (the fast path for bots). Its
        undo is recorded as changes (:mod:`.journal`), and the next legal actions are listed
        when asked for (or when settling lists them anyway: see :meth:`_settled`)."""
        s = self.state
        self._history.append((save_fields(s), len(self._log), s.dice.position, self._legal, action))
        self._rules.initiative_from = -1
        self._rules.apply(action)
        self._legal = self._settled()

    def undo(self) -> Action:
        """Take back the last action, dice included (the same rolls come again if it is
        replayed: taking back never re-rolls). Returns the action taken back."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        fields, mark, position, legal, action = self._history.pop()
        s = self.state
        restore_fields(s, fields)
        rewind(self._log, mark)
        s.dice.rewind(position)
        self._legal = legal
        return action

    @property
    def actions_played(self) -> list[Action]:
        """The actions played since the start (or the last scripted change)."""
        return [h[-1] for h in self._history]

    def last_dice(self) -> tuple[list[int], list[int]]:
        """The dice of the last action played: its own, and the initiative dice of the turn
        it began, rolled at once after it (ties re-rolled: every pair until one differs).
        A ``roll`` action's dice are all initiative dice.

        >>> g = AncientGame.empty(seed=1, dice=[6, 6, 2, 5])
        >>> g.put("c2", "Skirmishers", "south"); g.put("c3", "Hoplites", "north")
        >>> g.play("end actions"); g.play("fire c2-c3"); g.last_dice()
        ([6], [])
        """
        if not self._history:
            return [], []
        start, end = self._history[-1][2], self.state.dice.position
        rolls = self.state.dice.rolls
        split = self._rules.initiative_from
        if not start <= split < end:
            split = end
        return rolls[start:split], rolls[split:end]

    @property
    def start_state(self):
        """A copy of the state the actions played start from (for records)."""
        return self._start.copy()

    @property
    def start_roll(self) -> int:
        """How many dice rolls had been used at the start (for records)."""
        return self._start_roll

    # ------------------------------------------------------------------ odds
    def odds(self, action: Action | str) -> ActionOdds:
        """The exact distribution of a legal ``fire`` or ``attack`` action's results before
        its dice are rolled, Elephant rampages and combined attacks included. An attack the
        defender could withdraw from is counted as if it stands.

        >>> g = AncientGame.empty(seed=1)
        >>> g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
        >>> g.odds("fire c2-c3").disrupted
        Fraction(1, 3)
        """
        a = self._read(action)
        if a.kind not in ("fire", "attack"):
            raise IllegalMoveError(f"{a}: odds are for fire and attack actions")
        legal = self._legal_now()
        if legal is None or (a not in legal and not self._possible_this_turn(a)):
            raise IllegalMoveError(f"{a}: {self._why_illegal(a)}" if legal is not None
                                   else f"{a}: the battle is over")
        return action_odds(self.state, a)

    def melee_numbers(self, action: Action | str) -> "MeleeNumbers":
        """The numbers of a legal (or this player turn's possible) ``attack`` before its dice,
        as :func:`~.combat.melee_odds` takes them: the attackers' values added (cavalry and
        chariots on an infantry card's flank or rear at half), the defender's value, whether
        it is disrupted, and each side's modifier (terrain, Troop Quality, small Elephants).
        A read for views that show a combined attack's strength; it changes nothing.

        >>> g = AncientGame.empty(seed=2, advanced=("flank",))
        >>> g.put("d3", "Phalangists", "north"); g.put("d2", "Javalineers", "south")
        >>> g.put("c3", "Heavy Cavalry", "south")
        >>> g.melee_numbers("attack c3+d2-d3")
        MeleeNumbers(attack=7, defence=5, defender_disrupted=False, attack_modifier=0, defence_modifier=0)
        """
        a = self._read(action)
        if a.kind != "attack":
            raise IllegalMoveError(f"{a}: melee numbers are for attack actions")
        legal = self._legal_now()
        if legal is None or (a not in legal and not self._possible_this_turn(a)):
            raise IllegalMoveError(f"{a}: {self._why_illegal(a)}" if legal is not None
                                   else f"{a}: the battle is over")
        s = self.state
        lookup = s.board.lookup
        numbers = self._rules.melee_numbers(tuple(s.cells[lookup[x]] for x in a.squares[:-1]),
                                            s.cells[lookup[a.squares[-1]]])
        return MeleeNumbers(*numbers)

    def _read(self, action: Action | str) -> Action:
        """``action`` as an :class:`Action` (:func:`.actions.read_action`)."""
        return read_action(action, self._legal_now() if isinstance(action, Action) else None)

    def _possible_this_turn(self, a: Action) -> bool:
        # Odds may be asked ahead of the step: any fire or attack the queries allow.
        return possible_this_turn(self.state, self._rules, a)

    def _why_illegal(self, a: Action) -> str:
        return why_illegal(self.state, self._rules, a)

    # ------------------------------------------------------------------ the game interface
    # (battleline.interface.GameState: the names both games share)
    @property
    def current_player(self) -> int | None:
        """The side to act as a seat number (north 0, south 1), None once the battle is over."""
        return None if self.state.outcome is not None else self.state.to_act

    @property
    def result(self) -> Outcome | None:
        """None while the battle goes on, then how it ended (as :attr:`outcome`)."""
        return self.outcome

    @property
    def actions_taken(self) -> list[Action]:
        """The actions played since the start of the record (as :attr:`actions_played`)."""
        return self.actions_played

    def returns(self) -> tuple[float, float]:
        """Each seat's score: 1 for a win, -1 for a loss, 0 for a draw or a battle going on."""
        return returns_of(self.outcome)

    def chance_outcomes(self, action: Action | str) -> tuple[ChanceOutcome, ...]:
        """What the dice or the deck decide when the legal ``action`` is played, as the side
        to act knows it (:func:`.chance.chance_outcomes`).

        >>> g = AncientGame.empty(seed=1)
        >>> g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
        >>> g.play("end actions")
        >>> [(o.result, o.probability) for o in g.chance_outcomes("fire c2-c3")]
        [((), Fraction(2, 3)), ((('c3', 'disrupted'),), Fraction(1, 3))]
        """
        return chance_outcomes(self, self._read(action))

    # ------------------------------------------------------------------ notation and views
    def position(self) -> str:
        """The whole position as text (see ``docs/ancient.md``); :meth:`from_position`
        reads it back exactly."""
        from .notation import write_position
        return write_position(self.state)

    @classmethod
    def from_position(cls, text: str) -> "AncientGame":
        """A game from :meth:`position` text; PositionError if malformed or impossible."""
        from .notation import read_position
        return cls(read_position(text))

    def record(self) -> str:
        """The battle so far as JSON: the starting position, the actions and the rolls."""
        from .notation import write_record
        return write_record(self)

    @classmethod
    def from_record(cls, text: str | dict) -> "AncientGame":
        """Replay a :meth:`record` (its text, or the dict it holds) to the identical state
        (PositionError if it does not replay)."""
        from .notation import read_record
        return read_record(cls, text)

    def observation(self, side: str):
        """What ``side`` knows and nothing more (an :class:`~.observation.Observation`)."""
        from .observation import observe
        return observe(self, side_index(side))

    def __str__(self) -> str:
        from .notation import drawing
        return drawing(self)

    def __repr__(self) -> str:
        return f"<AncientGame turn {self.turn}, {self.phase}, {self.to_act} to act>"

