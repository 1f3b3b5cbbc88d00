"""The rules engine of Ancient Battles: what each side may do (the legal-action generators)
and what an action does (apply, in place), on an :class:`~.state.AncientState`.

:class:`Rules` is put together by composition: its public state is the state ``s`` with
its field ``b``, the journal ``log`` and two parts of precomputed tables, ``tables`` (the
field width's :class:`~.tables.WidthTables`) and ``army_tables`` (the armies'
:class:`~.tables.ArmyTables`). Each concept module owns its rules as functions over that
state: :mod:`.movement` (moves, placements, the Tactics draw), :mod:`.fire` (missiles),
:mod:`.melee` (attacks, withdrawal, hits and rampages), :mod:`.tactics` (the Tactics cards,
Loyalty, the rally) and :mod:`.flow` (set-up, initiative, player turns, victory); every
change goes through :mod:`.journal`. The functions are also the methods of :class:`Rules`
(``rules.destinations(card)`` is ``movement.destinations(rules, card)``). Here
:meth:`Rules.legal` picks the step's generator and :meth:`Rules.apply` the action's effect.
The fixed tables (card numbers, interned actions) live in :mod:`.tables`.

:class:`~.game.AncientGame` wraps this with validation, undo, queries and notation; bots that
need speed use ``AncientGame.push``, which lands here directly. Everything per troop type is
read from :mod:`.troops`; the dice arithmetic comes from :mod:`.combat`.

>>> from battleline.ancient.state import new_state
>>> s = new_state(9, seed=3)
>>> rules = Rules(s)
>>> [str(a) for a in rules.legal()]
['draw', 'end actions']
"""

from __future__ import annotations

from ..errors import PositionError
from . import fire, flow, journal, melee, movement, tactics
from .actions import Action
from .board import SIDE_NAMES, SOUTH_FIRST
from .state import AncientState
from .tables import (ALEXANDER, CARD_INDEX, COMPANION, DARIUS, DESERTER, FOG, LEADER_CARDS, LOYALTY_CARDS,
                     MUD, REDEPLOY, SCOUT, SHIELD, SHORT, TERRAIN_CARDS, TRAITOR, ArmyTables, width_tables)

__all__ = ["Rules", "check_position", "SCOUT", "REDEPLOY", "SHIELD", "COMPANION", "LOYALTY_CARDS", "LEADER_CARDS",
           "TERRAIN_CARDS", "SHORT", "CARD_INDEX", "ALEXANDER", "DARIUS", "FOG", "MUD", "DESERTER", "TRAITOR"]


class Rules:
    """Legal actions and their effects for one state (mutated in place). ``log`` is the undo
    journal the array writes go to (:mod:`.journal`), or None. ``tables`` and
    ``army_tables`` are the precomputed tables of the field and of the armies (kept while
    the state bound has the same field and armies)."""

    __slots__ = ("s", "b", "names", "dice", "log", "initiative_from", "tables", "army_tables")

    def __init__(self, state: AncientState, log: list | None = None) -> None:
        self.log = log
        self.b = None
        # where in the dice stream the last initiative roll began (-1: none yet); the game
        # reads it to tell an action's own dice from the next turn's initiative dice
        self.initiative_from = -1
        self.army_tables = None
        self.bind(state)

    def bind(self, state: AncientState) -> None:
        """Work on another state object. Cheap when the field and the armies are those of the
        last state bound (the bots bind often): their tables are kept."""
        self.s = state
        self.dice = state.dice
        if state.board is not self.b:
            self.b = state.board
            self.names = state.board.names
            self.tables = width_tables(state.width)
        army_tables = self.army_tables
        if army_tables is None or not army_tables.fits(state):
            self.army_tables = ArmyTables(state)

    def legal(self) -> list[Action]:
        """The legal actions of the side to act, in a fixed order."""
        step = _STEPS.get(self.s.phase)
        return step(self, self.s.to_act) if step is not None else []

    def has_choice(self, step: str, p: int) -> bool:
        """Has side ``p`` a decision in the player step ``step`` (``tactics``, ``actions``,
        ``fire`` or ``melee``), or only ``end STEP``, which :meth:`advance` takes for it?

        >>> from battleline.ancient import AncientGame
        >>> g = AncientGame.empty(seed=1); g.put("c2", "Peltasts", "south"); g.put("c4", "Hoplites", "north")
        >>> r = Rules(g.state); r.has_choice("actions", g.state.to_act), r.has_choice("fire", g.state.to_act)
        (True, False)
        """
        return _CHOICES[step](self, p)

    def step_choice(self, step: str, p: int) -> bool | list[Action]:
        """:meth:`has_choice` for :meth:`advance`: False when the step holds only its end;
        otherwise its legal actions where listing them costs no more than deciding (fire and
        melee, whose lists are short), else True."""
        listing = _LISTED.get(step)
        if listing is None:
            return _CHOICES[step](self, p)
        legal = listing(self, p)
        return legal if len(legal) > 1 else False

    def apply(self, a: Action) -> None:
        """Do a legal action (unchecked), then the automatic steps after it."""
        effect = _EFFECTS.get(a.kind)
        if effect is None:  # pragma: no cover - validated before
            raise AssertionError(a.kind)
        effect(self, a, self.s.to_act)

    # The concept modules' functions, as methods (``rules.f(x)`` is ``module.f(rules, x)``).
    write = journal.write
    # flow
    leader_step = flow.leader_step
    deploy_step = flow.deploy_step
    initiative_step = flow.initiative_step
    withdrawal_step = flow.withdrawal_step
    apply_leader = flow.apply_leader
    apply_deploy = flow.apply_deploy
    apply_scout = flow.apply_scout
    apply_roll = flow.apply_roll
    apply_end = flow.apply_end
    begin_player_turn = flow.begin_player_turn
    roll_initiative = flow.roll_initiative
    start_turn = flow.start_turn
    acting_side = flow.acting_side
    check_victory = flow.check_victory
    end_player_turn = flow.end_player_turn
    close_turn = flow.close_turn
    settle = flow.settle
    advance = flow.advance
    # tactics
    disrupted_units = tactics.disrupted_units
    has_disrupted = tactics.has_disrupted
    loyalty_choices = tactics.loyalty_choices
    tactics_plays = tactics.tactics_plays
    leader_may_rally = tactics.leader_may_rally
    may_play = tactics.may_play
    play_refusal = tactics.play_refusal
    tactics_step = tactics.tactics_step
    rally_step = tactics.rally_step
    apply_play = tactics.apply_play
    apply_remove = tactics.apply_remove
    apply_rally = tactics.apply_rally
    # melee
    flank_pairs = melee.flank_pairs
    frontal_attacks = melee.frontal_attacks
    attack_groups = melee.attack_groups
    attack_refusal = melee.attack_refusal
    melee_step = melee.melee_step
    may_attack = melee.may_attack
    melee_numbers = melee.melee_numbers
    can_withdraw = melee.can_withdraw
    resolve_melee = melee.resolve_melee
    hit = melee.hit
    eliminate = melee.eliminate
    rampage = melee.rampage
    apply_attack = melee.apply_attack
    apply_withdrawal_choice = melee.apply_withdrawal_choice
    # fire
    weapon = fire.weapon
    fire_squares = fire.fire_squares
    fire_refusal = fire.fire_refusal
    fire_step = fire.fire_step
    may_fire = fire.may_fire
    resolve_fire = fire.resolve_fire
    apply_fire = fire.apply_fire
    # movement
    own_units = movement.own_units
    destinations = movement.destinations
    reach_within = movement.reach_within
    stack_squares = movement.stack_squares
    stack_bases = movement.stack_bases
    may_draw = movement.may_draw
    draw_refusal = movement.draw_refusal
    move_refusal = movement.move_refusal
    placement_refusal = movement.placement_refusal
    redeployable = movement.redeployable
    action_step = movement.action_step
    may_act = movement.may_act
    place = movement.place
    apply_move = movement.apply_move
    apply_reinforce = movement.apply_reinforce
    apply_draw = movement.apply_draw


# The generator of each step and the effect of each kind of action, by concept.
_STEPS = {"actions": movement.action_step, "fire": fire.fire_step, "melee": melee.melee_step,
          "tactics": tactics.tactics_step, "withdrawal": flow.withdrawal_step,
          "loyalty": tactics.loyalty_choices, "rally": tactics.rally_step,
          "initiative": flow.initiative_step, "deploy": flow.deploy_step,
          "leader": flow.leader_step}
_CHOICES = {"tactics": tactics.may_play, "actions": movement.may_act, "fire": fire.may_fire,
            "melee": melee.may_attack}
_LISTED = {"fire": fire.fire_step, "melee": melee.melee_step}
_EFFECTS = {"move": movement.apply_move, "reinforce": movement.apply_reinforce, "draw": movement.apply_draw,
            "fire": fire.apply_fire, "attack": melee.apply_attack, "withdraw": melee.apply_withdrawal_choice,
            "stand": melee.apply_withdrawal_choice, "play": tactics.apply_play, "remove": tactics.apply_remove,
            "rally": tactics.apply_rally, "end": flow.apply_end, "deploy": flow.apply_deploy,
            "leader": flow.apply_leader, "scout": flow.apply_scout, "roll": flow.apply_roll}


def check_position(s: AncientState) -> None:
    """Raise PositionError naming the first rule a position breaks beyond its syntax (the
    step, who acts, pending decisions, face-down cards, leaders, every card in one place).
    Position text is read by :mod:`.notation`, then checked here."""
    if s.hidden_deployment and s.phase not in ("leader", "deploy"):
        raise PositionError("cards are face down only during leader choice and deployment (hidden no)")
    acting = s.first if s.half == 0 else 1 - s.first
    if s.phase in ("tactics", "actions", "fire", "melee") and s.to_act != acting:
        raise PositionError(f"in the {s.phase} step the side to act is the one whose player turn it is "
                            f"({SIDE_NAMES[acting]}, from the turn line)")
    if s.phase in ("withdrawal", "loyalty") and s.to_act == acting:
        raise PositionError(f"the {s.phase} decision belongs to the side whose player turn it is not")
    if s.phase in ("withdrawal",) and (s.pending is None or s.pending[0] != "withdrawal"):
        raise PositionError("the withdrawal step needs a pending withdrawal line")
    if s.phase == "loyalty" and (s.pending is None or s.pending[0] != "loyalty"):
        raise PositionError("the loyalty step needs a pending loyalty line")
    if s.pending is not None and s.phase not in ("withdrawal", "loyalty", "initiative"):
        raise PositionError("a pending decision belongs to the initiative, withdrawal or loyalty step")
    if s.phase == "initiative":
        if s.pending is None or s.pending[0] != "initiative":
            raise PositionError("the initiative step needs a 'pending initiative' line")
        if not s.hands[s.to_act]:
            raise PositionError("at the initiative only a player holding Tactics cards is asked")
    if s.pending is not None and s.pending[0] == "withdrawal":
        if any(s.where[c] < 0 for c in s.pending[1] + (s.pending[2],)):
            raise PositionError("a pending withdrawal names cards not on the field")
    if s.phase == "over" and s.outcome is None:
        raise PositionError("the step 'over' needs an outcome line")
    if s.outcome is not None and s.phase != "over":
        raise PositionError("a battle with an outcome is in step 'over'")
    if s.phase in ("leader", "deploy") and not s.hidden_deployment:
        raise PositionError("during leader choice and deployment the cards are face down (hidden yes)")
    if s.phase == "leader" and s.leader_card[s.to_act] < 0:
        raise PositionError(f"{SIDE_NAMES[s.to_act]} has no leader to attach")
    for p in SOUTH_FIRST:
        if s.leader_card[p] >= 0 and s.leader_of[p] < 0 and s.phase != "leader":
            raise PositionError(f"{SIDE_NAMES[p]}'s leader must be attached to a card after the leader step")
    try:
        s.card_places()
    except AssertionError as e:
        raise PositionError(f"the 70 cards: {e}") from None
