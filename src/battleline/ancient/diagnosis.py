"""Why an action is not legal now, in the words of the rule it breaks. The reasons come from
the rules' own modules (each concept's ``*_refusal`` beside its generator: :mod:`.movement`,
:mod:`.fire`, :mod:`.melee`, :mod:`.tactics`); this module only finds the step, reads the
squares and asks the concept the action belongs to. Also :func:`possible_this_turn`, the
fire and attack actions the queries accept ahead of their step.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.empty(seed=1); g.put("c2", "Hoplites", "south")
>>> why_illegal(g.state, Rules(g.state), Action.parse("c2-b2"))
'Hoplites move forward only'
>>> why_illegal(g.state, Rules(g.state), Action.parse("fire c2-c3"))
"it is south's actions step; 'fire' belongs to the fire step"
"""

from __future__ import annotations

from ..cards import Card
from ..errors import PositionError
from .actions import Action
from .board import SIDE_NAMES
from .rules import Rules
from .state import AncientState

__all__ = ["why_illegal", "possible_this_turn", "STEP_OF"]

# The step each kind of action belongs to (``end STEP`` belongs to STEP).
STEP_OF = {"move": "actions", "reinforce": "actions", "draw": "actions", "fire": "fire",
           "attack": "melee", "deploy": "deploy", "leader": "leader", "scout": "initiative",
           "roll": "initiative", "play": "tactics", "remove": "loyalty", "withdraw": "withdrawal",
           "stand": "withdrawal", "rally": "rally"}
_PLAYER_STEPS = ("tactics", "actions", "fire", "melee", "withdrawal", "loyalty")
_NOT_LEGAL = "not a legal action now"


def why_illegal(s: AncientState, rules: Rules, a: Action) -> str:
    """The reason ``a`` (not among the legal actions) is refused now. ``rules`` is bound to
    ``s``."""
    try:
        return _diagnose(s, rules, a) or _NOT_LEGAL
    except (IndexError, KeyError, TypeError, ValueError, AttributeError):
        # a hand-built Action with missing or odd fields: no rule to name
        return _NOT_LEGAL


def _diagnose(s: AncientState, rules: Rules, a: Action) -> str | None:
    p = s.to_act
    want = a.option if a.kind == "end" else STEP_OF.get(a.kind)
    if want != s.phase:
        return (f"it is {SIDE_NAMES[p]}'s {s.phase} step; "
                + (f"'{a.kind}' belongs to the {want} step" if want else "not an action of this step"))
    try:
        sqs = [s.board.index(x) for x in a.squares]
    except PositionError as e:
        return str(e)
    if a.kind in ("move", "fire", "attack"):
        refusal = _own_units_refusal(s, sqs[:-1], p)
        if refusal:
            return refusal
    reason = _BY_KIND.get(a.kind)
    return reason(s, rules, a, sqs, p) if reason else None


def _own_units_refusal(s: AncientState, squares: list[int], p: int) -> str | None:
    """Moving, firing and attacking need an own, undisrupted unit on each square."""
    for sq in squares:
        c = s.cells[sq]
        if c < 0:
            return f"no card on {s.board.names[sq]}"
        if s.owner[c] != p:
            return f"the card on {s.board.names[sq]} is not {SIDE_NAMES[p]}'s"
        if s.disrupted[c]:
            return "a disrupted card cannot move, fire or attack"
    return None


def _move(s, rules, a, sqs, p):
    return rules.move_refusal(s.cells[sqs[0]], sqs[1])


def _fire(s, rules, a, sqs, p):
    return rules.fire_refusal(s.cells[sqs[0]], sqs[1])


def _attack(s, rules, a, sqs, p):
    return rules.attack_refusal(tuple(s.cells[x] for x in sqs[:-1]), sqs[-1])


def _placement(s, rules, a, sqs, p):
    card = _card(a.card)
    if card is None:
        return f"unknown card {a.card}"
    return rules.placement_refusal(card, sqs[0], p, reinforce=a.kind == "reinforce")


def _draw(s, rules, a, sqs, p):
    return rules.draw_refusal(p)


def _play(s, rules, a, sqs, p):
    card = _card(a.card)
    if card is None:
        return f"unknown card {a.card}"
    return rules.play_refusal(card, p)


def _card(text) -> int | None:
    try:
        return int(Card(text))
    except ValueError:
        return None


_BY_KIND = {
    "move": _move, "fire": _fire, "attack": _attack, "reinforce": _placement, "deploy": _placement,
    "draw": _draw, "play": _play,
    "remove": lambda *_: ("remove one of your Skirmishers, Peltasts, Javalineers or Light Cavalry on the "
                          "table (from reserve only if none is on the table)"),
    "rally": lambda *_: "rally one of your disrupted cards, or none",
    "leader": lambda s, rules, a, sqs, p: f"the leader goes with a troop card of {SIDE_NAMES[p]}'s army",
}


def possible_this_turn(s: AncientState, rules: Rules, a: Action) -> bool:
    """Whether a ``fire`` or ``attack`` is one the queries allow ahead of its step: a shot or
    an attack group the rules give the acting unit's side this player turn (for the other
    side, the flank attacks the present position would give)."""
    try:
        sqs = [s.board.index(x) for x in a.squares]
    except PositionError:
        return False
    if any(s.cells[x] < 0 for x in sqs):
        return False
    if a.kind == "fire":
        return sqs[1] in rules.fire_squares(s.cells[sqs[0]])
    side = s.owner[s.cells[sqs[0]]]
    pairs = None
    if not (side == s.to_act and s.phase in _PLAYER_STEPS):
        pairs = rules.flank_pairs(side) if "flank" in s.options else frozenset()
    want = (tuple(sorted(s.cells[x] for x in sqs[:-1])), s.cells[sqs[-1]])
    return any((tuple(sorted(g)), t) == want for g, t in rules.attack_groups(side, flank_pairs=pairs))
