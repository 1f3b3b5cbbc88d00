"""What one side of an Ancient Battles game knows, and nothing more.

Hidden from a side: the opponent's face-down deployment (only that a square is occupied),
the opponent's reserve while deployment is hidden, the opponent's Tactics hand (only its
size), the order of the Tactics deck (only its size), the dice seed and every roll not yet
made. Everything else is public: army lists with bows, the field after the reveal, markers,
terrain, attachments, the leaders' cards, eliminated cards, discards and the rolls made.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.scenario("marathon", seed=3)
>>> g.play("deploy R4@a1")
>>> o = g.observation("north")
>>> o.field["a1"]
{'side': 'south', 'hidden': True}
>>> "seed" in repr(o)
False
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..errors import PositionError
from .board import SIDE_NAMES, SOUTH_FIRST
from .rules import SHORT

__all__ = ["Observation", "observe", "unseen_tactics"]


@dataclass(frozen=True)
class Observation:
    """One side's view. ``field`` maps occupied squares to ``{"side", "cards", "type",
    "disrupted", "bows", "attachment", "leader"}``, or ``{"side", "hidden": True}`` for a
    face-down opponent card. ``reserve`` is None for the opponent while deployment is
    hidden. ``legal_actions`` is empty unless this side is to act. ``flow`` holds the public
    flow lines of the position text (turn, step, actions left, cards that moved, fired or
    attacked, flank attacks, a pending decision, the draw counter, the leaders), so that a
    bot can rebuild a game that looks the same (:mod:`.worlds`)."""

    side: str
    width: int
    scenario: str | None
    advanced: tuple[str, ...]
    turn: int
    phase: str
    to_act: str | None
    first: str
    field: dict
    terrain: dict
    armies: dict
    reserve: dict
    reserve_sizes: dict
    eliminated: dict
    hand: list
    opponent_hand_size: int
    deck_size: int
    discards: list
    leaders: dict
    rolls: list
    actions_left: int
    moved: list
    fired: list
    attacked: list
    outcome: tuple | None
    legal_actions: list = field(default_factory=list)
    flow: tuple = ()


def observe(game, p: int) -> Observation:
    """The observation of side ``p`` (a side number, :mod:`battleline.sides`)."""
    from .troops import TROOP_TYPES
    s = game.state
    names = s.board.names
    o = 1 - p
    hidden = s.hidden_deployment
    cells = {}
    for sq in range(s.board.size):
        cards = s.unit_cards(sq)
        if not cards:
            continue
        q = s.owner[cards[0]]
        if hidden and q != p:
            cells[names[sq]] = {"side": SIDE_NAMES[q], "hidden": True}
            continue
        cells[names[sq]] = {
            "side": SIDE_NAMES[q], "cards": [SHORT[c] for c in cards],
            "type": TROOP_TYPES[cards[0] % 10 + 1].name, "disrupted": s.disrupted[cards[0]],
            "bows": [SHORT[c] for c in cards if c in s.bows],
            "attachment": SHORT[s.attachments[cards[0]]] if cards[0] in s.attachments else None,
            "leader": SHORT[s.leader_card[q]] if s.leader_of[q] in cards else None}

    def army(q):
        return [SHORT[c] + ("*" if c in s.bows else "") for c in s.army[q]]

    def on_table(cards):
        return [SHORT[c] for c in sorted(cards) if not hidden or s.owner[c] == p]

    outcome = game.outcome
    return Observation(
        side=SIDE_NAMES[p], width=s.width, scenario=s.scenario,
        advanced=tuple(sorted(s.options)), turn=s.turn, phase=s.phase, to_act=game.to_act,
        first=SIDE_NAMES[s.first], field=cells, terrain=game.terrain(),
        armies={SIDE_NAMES[q]: army(q) for q in SOUTH_FIRST},
        reserve={SIDE_NAMES[p]: [SHORT[c] for c in s.reserve[p]],
                 SIDE_NAMES[o]: None if hidden else [SHORT[c] for c in s.reserve[o]]},
        reserve_sizes={SIDE_NAMES[q]: len(s.reserve[q]) for q in SOUTH_FIRST},
        eliminated={SIDE_NAMES[q]: [SHORT[c] for c in s.eliminated[q]] for q in SOUTH_FIRST},
        hand=[SHORT[c] for c in s.hands[p]], opponent_hand_size=len(s.hands[o]),
        deck_size=len(s.deck), discards=[SHORT[c] for c in s.discards],
        leaders={SIDE_NAMES[q]: (SHORT[s.leader_card[q]], SHORT[s.leader_of[q]] if s.leader_of[q] >= 0 else None)
                 for q in SOUTH_FIRST if s.leader_card[q] >= 0},
        rolls=s.dice.public_rolls(), actions_left=s.actions_left,
        moved=on_table(s.moved), fired=on_table(s.fired), attacked=on_table(s.attacked),
        outcome=(outcome.winner_name, outcome.reason) if outcome else None,
        legal_actions=[str(a) for a in game.legal_actions()] if game.to_act == SIDE_NAMES[p] else [],
        flow=public_flow(s))


# Position-text lines that every side may see (the rest: field, reserves, hands, deck, dice).
_PUBLIC_FLOW = ("draw-after", "leader", "loyalty", "small-elephants", "turn", "phase", "actions-left",
                "moved", "placed", "fired", "attacked", "flank", "pending", "rally-order", "deployed",
                "quiet", "outcome")


def public_flow(s) -> tuple[str, ...]:
    """The public flow lines of state ``s``'s position text. While deployment is face down
    nothing has moved, fired or attacked, so these lines name no hidden card."""
    from .notation import write_position
    return tuple(line for line in write_position(s).splitlines() if line.split()[0] in _PUBLIC_FLOW)


def unseen_tactics(obs: Observation) -> list[str]:
    """The Tactics cards ``obs.side`` has not seen: each lies in the opponent's hand or the
    deck (PositionError if the counts do not add up).

    >>> from battleline.ancient import AncientGame
    >>> len(unseen_tactics(AncientGame.scenario("marathon", seed=3).observation("south")))
    10
    """
    seen = set(obs.hand) | set(obs.discards) | set(obs.terrain.values())
    seen |= {cell["attachment"] for cell in obs.field.values() if cell.get("attachment")}
    seen |= {card for card, _ in obs.leaders.values()}
    unseen = [str(Card(c)) for c in range(60, 70) if str(Card(c)) not in seen]
    if len(unseen) != obs.opponent_hand_size + obs.deck_size:
        raise PositionError("the observation's Tactics cards do not add up")
    return unseen
