"""A scripted set-up of Ancient Battles: troops and bad terrain put on the field by hand, for
examples, tests and puzzles (:meth:`AncientGame.put <.game.AncientGame.put>` and
:meth:`~.game.AncientGame.put_terrain`, which then start the record afresh). Each function
checks what it is asked against the rules of the field and refuses it by name, changing
nothing.

>>> from battleline.ancient.rules import Rules
>>> from battleline.ancient.state import new_state
>>> s = new_state(9, seed=1)
>>> put_troop(s, Rules(s), "c2", "Hoplites", "south"); put_bad_terrain(s, "d3", "mud")
>>> str(Card(s.cells[s.board.index("c2")])), [s.board.names[sq] for sq in s.terrain]
('R4', ['d3'])
"""

from __future__ import annotations

from ..cards import Card
from ..errors import PositionError, shorten
from .board import side_index
from .rules import Rules
from .state import PLAYER_STEPS, AncientState
from .troops import TROOP_TYPES, TYPE_NAMES, troop_type

__all__ = ["put_troop", "put_bad_terrain", "free_card"]


def put_troop(s: AncientState, rules: Rules, square: str, troop, side, *, bow: bool = False,
              disrupted: bool = False) -> None:
    """Place a troop (a type name: the first free card of that value; or a card such as
    ``"R4"``) for ``side`` on ``square``; a heavy infantry card on an own card of its type
    makes a stack when the stacks rule is on. ``rules`` is bound to ``s``."""
    sq = s.board.index(square)
    p = side_index(side)
    card = free_card(s, troop)
    t = TROOP_TYPES[card.value]
    if not isinstance(bow, bool) or not isinstance(disrupted, bool):
        raise PositionError("bow and disrupted are True or False")
    if bow and not t.may_carry_bow:
        raise PositionError(f"{t.name} cannot carry a bow (only Javalineers, Light and Heavy Cavalry)")
    if s.phase not in PLAYER_STEPS + ("initiative", "rally", "over") or s.hidden_deployment:
        raise PositionError("put is for scripted set-ups, not during leader choice or deployment")
    if t.mounted and s.bad >> sq & 1:
        raise PositionError(f"{t.name} can never stand on bad terrain ({square})")
    there = s.cells[sq]
    if there >= 0:
        if not ("stacks" in s.options and s.owner[there] == p and s.stacked[sq] < 0
                and there % 10 + 1 == card.value and t.heavy_infantry
                and s.disrupted[there] == disrupted):
            raise PositionError(f"{square} is occupied (a stack needs the stacks rule, two heavy "
                                "infantry cards of one type and one side, and the same marker)")
    s.owner[int(card)] = p
    army = list(s.army)      # armies and bows are replaced, never changed in place (Rules.bind)
    army[p] = sorted(army[p] + [int(card)])
    s.army = army
    if bow:
        s.bows = s.bows | {int(card)}
    rules.place(int(card), sq)
    if disrupted:
        s.disrupted[int(card)] = True


def put_bad_terrain(s: AncientState, square: str, kind: str) -> None:
    """Fog or Mud (``kind``, from the Tactics deck) on a Front Row ``square``."""
    sq = s.board.index(square)
    k = kind.strip().lower() if isinstance(kind, str) else ""
    if k not in ("fog", "mud"):
        raise PositionError(f"terrain is 'fog' or 'mud', not {shorten(kind)}")
    card = int(Card(k))
    if card not in s.deck:
        raise PositionError(f"the {Card(card)} card is not in the Tactics deck")
    if s.board.row(sq) not in (2, 3):
        raise PositionError("bad terrain lies only on a Front Row (rows 2 and 3)")
    if sq in s.terrain:
        raise PositionError(f"{square} is bad terrain already")
    c = s.cells[sq]
    if c >= 0 and TROOP_TYPES[c % 10 + 1].mounted:
        raise PositionError(f"{TROOP_TYPES[c % 10 + 1].name} can never stand on bad terrain")
    s.deck.remove(card)
    s.terrain[sq] = card
    s.bad |= 1 << sq


def free_card(s: AncientState, troop) -> Card:
    """The card :func:`put_troop` places: the first free card of a type name, or the card
    named (which must be a free troop card).

    >>> from battleline.ancient.state import new_state
    >>> str(free_card(new_state(9, seed=1), "Light Cavalry"))
    'R7'
    """
    if isinstance(troop, str) and troop.strip().lower() in TYPE_NAMES:
        v = troop_type(troop).value
        for colour in range(6):
            c = colour * 10 + v - 1
            if s.owner[c] < 0:
                return Card(c)
        raise PositionError(f"all six {troop_type(troop).name} cards are already in use")
    try:
        card = Card(troop)
    except ValueError:
        raise PositionError(f"unknown troop {shorten(troop)}: a type name such as 'Hoplites' "
                            "or a card such as 'R4'") from None
    if not card.is_troop:
        raise PositionError(f"{card} is a Tactics card, not a troop")
    if s.owner[int(card)] >= 0:
        raise PositionError(f"{card} is already in use")
    return card
