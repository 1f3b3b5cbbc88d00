"""What chance decides in Ancient Battles, as the side to act knows it: the results of a shot
or an attack (their exact odds, :mod:`.odds`), the Tactics card a draw brings (any card that
side has not seen, alike), and who moves first when an action ends a turn with the initiative
roll (even: ties are rolled again).

The initiative roll that follows a shot or an attack ending the player turn is not listed
with it: whether it comes depends on the attack's own dice, so it would need a second level
of outcomes. A shot's or an attack's outcomes are its combat results alone.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import IllegalMoveError, shorten
from ..interface import ChanceOutcome, check_distribution
from ..sides import NORTH, PLAYER_NAMES, SOUTH
from .actions import Action
from .observation import unseen_tactics
from .odds import action_odds, dice_for

__all__ = ["chance_outcomes", "play_with_result"]


def chance_outcomes(game, action: Action) -> tuple[ChanceOutcome, ...]:
    """The chance outcomes of the legal ``action`` in ``game`` (an ``AncientGame``), each
    with its exact probability; empty when chance has no part in it. Nothing is changed."""
    if action not in game.legal_actions():
        raise IllegalMoveError(f"{action}: not a legal action now; chance outcomes are for legal actions")
    if action.kind in ("fire", "attack"):
        chances = action_odds(game.state, action).outcomes.items()
    elif action.kind == "draw":
        unseen = unseen_tactics(game.observation(game.current_player))
        chances = [(card, Fraction(1, len(unseen))) for card in unseen]
    elif rolls_initiative(game, action):
        chances = [(f"{PLAYER_NAMES[p]} first", Fraction(1, 2)) for p in (SOUTH, NORTH)]
    else:
        chances = []
    return check_distribution([ChanceOutcome(result, p) for result, p in chances])


def rolls_initiative(game, action: Action) -> bool:
    """Whether the legal, dice-free ``action`` ends a turn with the initiative roll (a
    Tactics holder is asked first instead): tried and taken back, the dice rewound."""
    game.push(action)
    rolled = bool(game.last_dice()[1])
    game.undo()
    return rolled


def play_with_result(game, action: Action | str, result) -> None:
    """Play the legal shot or attack ``action`` in ``game`` so that chance gives ``result``
    (one of its :func:`chance_outcomes`): the dice that make it are rolled. For an analysis's
    "what if this attack had won?"; the game's later dice come from its stream again.

    >>> from battleline.ancient import AncientGame
    >>> g = AncientGame.empty(seed=1)
    >>> g.put("c2", "Peltasts", "south"); g.put("c3", "Chariots", "north")
    >>> g.play("end actions")
    >>> play_with_result(g, "fire c2-c3", (("c3", "disrupted"),)); g.cell("c3")["disrupted"]
    True
    """
    action = Action.parse(action)
    if action.kind not in ("fire", "attack"):
        raise IllegalMoveError(f"{action}: a result is chosen for a shot or an attack only")
    if tuple(result) not in {o.result for o in chance_outcomes(game, action)}:
        raise IllegalMoveError(f"{action} cannot give {shorten(result)}")
    game.state.dice.set_next(dice_for(game.state, action, tuple(result)))
    game.play(action)
