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

from ..errors import IllegalMoveError
from ..interface import ChanceOutcome, check_distribution
from ..sides import NORTH, PLAYER_NAMES, SOUTH
from .actions import Action
from .observation import unseen_tactics
from .odds import action_odds

__all__ = ["chance_outcomes"]


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
