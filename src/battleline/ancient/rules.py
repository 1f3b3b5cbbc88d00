"""The rules engine of Ancient Battles: what each side may do (the legal-action generators)
and what an action does (apply, in place), on an :class:`~.state.AncientState`.

:class:`Rules` puts together one class per concept, each in its own module:
:class:`~.movement.Movement` (moves, placements, the Tactics draw), :class:`~.fire.Fire`
(missiles), :class:`~.melee.Melee` (attacks, withdrawal, hits and rampages),
:class:`~.tactics.Tactics` (the Tactics cards, Loyalty, the rally) and
:class:`~.flow.TurnFlow` (set-up, initiative, player turns, victory). Here :meth:`Rules.legal`
picks the step's generator and :meth:`Rules.apply` the action's effect. The fixed tables
(card numbers, interned actions) live in :mod:`.tables`.

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
from .actions import Action
from .board import SIDE_NAMES, SIDES, SOUTH_FIRST
from .fire import Fire
from .journal import Journal
from .flow import TurnFlow
from .melee import Melee
from .movement import Movement
from .state import AncientState
from .tables import (ALEXANDER, CARD_INDEX, COMPANION, DARIUS, DESERTER, FOG, LEADER_CARDS, LOYALTY_CARDS,
                     MUD, REDEPLOY, SCOUT, SHIELD, SHORT, TERRAIN_CARDS, TRAITOR, width_tables)
from .tactics import Tactics
from .troops import TROOP_TYPES

__all__ = ["Rules", "check_position", "SCOUT", "REDEPLOY", "SHIELD", "COMPANION", "LOYALTY_CARDS", "LEADER_CARDS",
           "TERRAIN_CARDS", "SHORT", "CARD_INDEX", "ALEXANDER", "DARIUS", "FOG", "MUD", "DESERTER", "TRAITOR"]


class Rules(TurnFlow, Tactics, Melee, Fire, Movement, Journal):
    """Legal actions and their effects for one state (mutated in place). ``log`` is the undo
    journal the array writes go to (:mod:`.journal`), or None."""

    __slots__ = ("s", "b", "names", "dice", "log", "initiative_from", "_moves", "_hoods", "_back_rows", "_acts", "_armed",
                 "_points", "_weapons", "_costs", "_reach", "_lines", "_flanks", "_columns", "_type_base",
                 "_mounted", "_army_of")

    def __init__(self, state: AncientState, log: list | None = None) -> None:
        self.log = log
        self.b = None
        # where in the dice stream the last initiative roll began (-1: none yet); the game
        # reads it to tell an action's own dice from the next turn's initiative dice
        self.initiative_from = -1
        self._army_of = (None, None)
        self.bind(state)

    def bind(self, state: AncientState) -> None:
        """Work on another state object. Cheap when the field and the armies are those of the
        last state bound (the bots bind often): their tables are kept."""
        self.s = state
        self.dice = state.dice
        if state.board is not self.b:
            self.b = state.board
            self.names = state.board.names
            t = width_tables(state.width)
            self._moves, self._hoods, self._acts = t.moves, t.hoods, t.acts
            self._type_base, self._mounted, self._back_rows = t.type_base, t.mounted, t.back_rows
            self._reach, self._lines, self._columns, self._flanks = t.reach, t.lines, t.columns, t.flanks
        if self._army_of[0] is not state.army or self._army_of[1] is not state.bows:
            # armies and bows are fixed in play (and replaced, never changed, when put() adds)
            self._army_of = (state.army, state.bows)
            # cards that may have a missile weapon (a stack is checked in weapon())
            self._weapons = [TROOP_TYPES[c % 10 + 1].weapon(c in state.bows) for c in range(60)]
            self._armed = [w is not None for w in self._weapons]
            self._points = [state.army_points(p) for p in SIDES]
            self._costs = [state.cost(c) if c < 60 else 0 for c in range(70)]

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


# The generator of each step and the effect of each kind of action, by concept.
_STEPS = {"actions": Movement.action_step, "fire": Fire.fire_step, "melee": Melee.melee_step,
          "tactics": Tactics.tactics_step, "withdrawal": TurnFlow.withdrawal_step,
          "loyalty": Tactics.loyalty_choices, "rally": Tactics.rally_step,
          "initiative": TurnFlow.initiative_step, "deploy": TurnFlow.deploy_step,
          "leader": TurnFlow.leader_step}
_CHOICES = {"tactics": Tactics.may_play, "actions": Movement.may_act, "fire": Fire.may_fire,
            "melee": Melee.may_attack}
_LISTED = {"fire": Fire.fire_step, "melee": Melee.melee_step}
_EFFECTS = {"move": Movement.apply_move, "reinforce": Movement.apply_reinforce, "draw": Movement.apply_draw,
            "fire": Fire.apply_fire, "attack": Melee.apply_attack, "withdraw": Melee.apply_withdrawal_choice,
            "stand": Melee.apply_withdrawal_choice, "play": Tactics.apply_play, "remove": Tactics.apply_remove,
            "rally": Tactics.apply_rally, "end": TurnFlow.apply_end, "deploy": TurnFlow.apply_deploy,
            "leader": TurnFlow.apply_leader, "scout": TurnFlow.apply_scout, "roll": TurnFlow.apply_roll}


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
