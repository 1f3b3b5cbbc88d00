"""HeuristicBot: one move ahead with a card-counting evaluation.

Every legal move is tried and the position after it is valued by
:func:`battleline.standard.bots.evaluation.evaluate`: each flag's chance of being won,
from the formations each side could still complete and the exact number of
unseen cards that complete them, plus the Breakthrough chances of both sides.
A Tactics card is played only when what it gains beats the best troop move by
more than what it costs: the card itself, and the Tactics limit it spends
while the opponent has played fewer.
"""

from __future__ import annotations

import time

from ..game import Game, Observation
from ..moves import Move
from .base import Bot
from .evaluation import evaluate

__all__ = ["HeuristicBot", "rank_moves", "choose_draw", "TACTIC_COST"]

TACTIC_COST = 0.25       # what keeping a Tactics card in hand is worth, in flags
LIMIT_COST = 0.15        # extra when playing it leaves us ahead on the Tactics limit
VALUE_COST = 0.003       # per point of a troop's value: keep strong cards when it is a tie


def tactic_cost(world: Game, move: Move, me: int) -> float:
    """The price of playing a Tactics card now (0 for troops, pass and claims)."""
    if move.kind in ("pass", "claim") or (move.kind == "play" and move.card < 60):
        return 0.0
    cost = TACTIC_COST
    if world.tactics_played(me) >= world.tactics_played(1 - me):
        cost += LIMIT_COST
    return cost


def rank_moves(world: Game, moves: list[Move], me: int,
               deadline: float | None = None) -> list[tuple[float, Move]]:
    """Every move with its one-ply score, best first (ties keep the order of ``moves``).
    Past ``deadline`` (a ``time.perf_counter`` value) the moves not yet scored are
    ranked last, unscored.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> ranked = rank_moves(g, g.legal_moves(), g.to_move)
    >>> ranked[0][0] >= ranked[-1][0]
    True
    """
    scored = []
    for i, m in enumerate(moves):
        if deadline is not None and i and time.perf_counter() > deadline:
            scored.extend((-1e9, -j, moves[j]) for j in range(i, len(moves)))
            break
        world.push(m)
        s = evaluate(world, me)
        world.undo()
        s -= tactic_cost(world, m, me)
        if m.kind == "play" and m.card < 60:
            s -= VALUE_COST * (m.card % 10 + 1)
        scored.append((s, -i, m))
    scored.sort(key=lambda t: (-t[0], -t[1]))
    return [(s, m) for s, _, m in scored]


def choose_draw(world: Game, moves: list[Move], me: int, tactics: bool = True) -> Move:
    """The draw: a Tactics card while none is in hand and more than three are in the deck,
    otherwise a troop. With ``tactics=False`` always a troop while the troop deck lasts
    (a Tactics card in hand is a troop short, and the limit can lock it there).

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> g.play(g.legal_moves()[0])
    >>> g.phase, choose_draw(g, g.legal_moves(), g.to_move).deck
    ('draw', 'tactic')
    >>> choose_draw(g, g.legal_moves(), g.to_move, tactics=False).deck
    'troop'
    """
    kinds = {m.deck: m for m in moves if m.kind == "draw"}
    if not kinds:
        return moves[-1]
    tactics_in_hand = sum(1 for c in world.hand(me) if c >= 60)
    tactic_deck = len(world.deck("tactic"))
    wanted = tactics and tactics_in_hand == 0 and tactic_deck > 3
    if "tactic" in kinds and ("troop" not in kinds or wanted):
        return kinds["tactic"]
    return kinds.get("troop", moves[-1])


class HeuristicBot(Bot):
    """Claims whenever provable; otherwise the move that most improves its evaluation.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> HeuristicBot(seed=1).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "heuristic"

    def choose(self, obs: Observation) -> Move:
        world, moves, forced = self.world_and_choice(obs)
        if forced is not None:
            return forced
        phase = world.phase
        me = obs.seat
        if phase in ("draw", "scout-draw"):
            return self._draw(world, moves, me)
        if phase == "scout-return":
            return self._return(moves)
        return rank_moves(world, moves, me)[0][1]

    def _draw(self, world: Game, moves: list[Move], me: int) -> Move:
        return choose_draw(world, moves, me)

    def _return(self, moves: list[Move]) -> Move:
        def keep_value(m: Move) -> float:
            c = m.card
            return c % 10 + 1 if c < 60 else 6.5
        return min(moves, key=keep_value)
