"""The Tactics cards' effects in Battle Line: Fog and Mud at a flag, and the Guile cards
(Scout, Redeploy, Deserter, Traitor) that move cards about the table. Functions over the
game's public state; every list change goes through the game's journal (:mod:`.journal`).

>>> from battleline import Game
>>> g = Game(seed=1)
>>> g.environment(4), g.fog_flag, g.mud_owner
([], 0, -1)
"""

from __future__ import annotations

from ..deprecation import moved_names
from ..cards import ALL_CARDS, DESERTER, FOG, MUD, REDEPLOY, SCOUT, TRAITOR, Card
from .claiming import recount
from .moves import Move
from .rules import DRAW, FLAGS, SCOUT_DRAW

# ``g: "Game"`` below is battleline.standard.game.Game, named only: the game imports this
# module, so this module does not import the game.

__all__ = ["GUILE_CARD", "environment", "environment_cards", "set_environment", "play_guile"]

# Before issue 41 Game was put together from mixins; the mixin's name stands for Game now.
__getattr__ = moved_names(__name__, {
    "TacticsCards": ("battleline.standard.game", "Game", "use Game: it composes this module's rules (issue 41)")})

#: The Guile card each kind of Guile move plays.
GUILE_CARD = {"scout": SCOUT, "redeploy": REDEPLOY, "deserter": DESERTER, "traitor": TRAITOR}


# ------------------------------------------------------------------ Fog and Mud
def environment(g: "Game", flag: int) -> list[tuple[Card, int]]:
    """``(card, owner)`` for Fog and Mud at a flag."""
    return [(ALL_CARDS[c], owner) for c, f, owner in environment_cards(g) if f == flag]


def environment_cards(g: "Game") -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """``(card, flag, owner)`` for Fog, then Mud; flag 0 and owner -1 when not on the table.

    >>> from battleline import Game
    >>> environment_cards(Game(seed=1))
    ((64, 0, -1), (65, 0, -1))
    """
    return (FOG, g.fog_flag, g.fog_owner), (MUD, g.mud_flag, g.mud_owner)


def set_environment(g: "Game", card: int, flag: int, owner: int) -> None:
    """Put Fog or Mud (``card``) at ``flag`` for ``owner``; flag 0, owner -1 take it away.

    >>> from battleline import Game
    >>> g = Game(seed=1); set_environment(g, MUD, 5, 1); g.mud_flag, g.mud_owner, g.required(5)
    (5, 1, 4)
    """
    if card == FOG:
        g.fog_flag, g.fog_owner = flag, owner
    else:
        g.mud_flag, g.mud_owner = flag, owner


# ------------------------------------------------------------------------ Guile
def _discard_tactic(g: "Game", p: int, tactic: int) -> None:
    """The Guile card ``tactic`` from p's hand to p's discards, counted as played."""
    journal = g.journal
    hand = g.hands[p]
    journal.move(hand, hand.index(tactic), g.discard_piles[p])
    g.visible |= 1 << tactic
    journal.write(g.tactics_counts, p, g.tactics_counts[p] + 1)
    g.turn_active = True


def _remove_from_table(g: "Game", owner: int, card: int) -> int:
    """Take ``owner``'s ``card`` off the table; returns the flag it was at."""
    if card == FOG or card == MUD:
        f = g.fog_flag if card == FOG else g.mud_flag
        set_environment(g, card, 0, -1)
        return f
    for f in FLAGS:
        side = g.sides[owner][f]
        if card in side:
            g.journal.take(side, side.index(card))
            return f
    raise AssertionError(f"{card} is not on the table")


def _place(g: "Game", p: int, card: int, f: int) -> None:
    """``card`` on p's side of flag f, placed now."""
    journal = g.journal
    journal.append(g.sides[p][f], card)
    journal.write(g.placed_at, card, g.clock)
    g.clock += 1


def play_guile(g: "Game", p: int, move: Move) -> None:
    """Scout, Redeploy, Deserter or Traitor, as ``move`` says (a legal move of p's).

    >>> from battleline import Game
    >>> from battleline.standard.moves import SCOUT_MOVE
    >>> rest = [c for c in ALL_CARDS if c != SCOUT]
    >>> g = Game.assemble(hands=([ALL_CARDS[SCOUT]], []), decks=([c for c in rest if c.is_troop],
    ...                                                         [c for c in rest if c.is_tactic]))
    >>> play_guile(g, 0, SCOUT_MOVE); g.phase, g.scout_left, [str(c) for c in g.discards(0)]
    ('scout-draw', 3, ['Scout'])
    """
    kind = move.kind
    _discard_tactic(g, p, GUILE_CARD[kind])
    if kind == "scout":
        g.phase = SCOUT_DRAW
        g.scout_left = min(3, len(g.decks[0]) + len(g.decks[1]))
        return
    card, to = move.card, move.flag
    memory = g.claim_memory
    if to is not None:
        memory.touch(to)
    if kind == "redeploy":
        f = _remove_from_table(g, p, card)
        if to is None:
            g.journal.append(g.discard_piles[p], card)
        elif card == FOG or card == MUD:
            set_environment(g, card, to, p)
        else:
            _place(g, p, card, to)
    elif kind == "deserter":
        f = _remove_from_table(g, 1 - p, card)
        g.journal.append(g.discard_piles[1 - p], card)
    else:  # traitor
        f = _remove_from_table(g, 1 - p, card)
        _place(g, p, card, to)
    memory.touch(f)
    recount(g, f)
    if to is not None:
        recount(g, to)
    g.phase = DRAW
