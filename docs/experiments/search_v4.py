"""v4 of ``hard`` (docs/experiments/LOG.md, "Measured strength"): ``SearchBot`` with two changes that
measured no stronger, kept here for their write-ups rather than in the shipped bot.

- ``leaf="chance"``: the end of a playout is valued as the chance of winning the game
  (:func:`battleline.standard.bots.evaluation.win_chance`, times ``CHANCE_SCALE``) instead of the
  evaluation's expected flags;
- ``tactics="win"``: it draws troops while the troop deck lasts and searches a Tactics card
  only when that wins at once.

``SearchBotV4()`` has both (the v4 of the write-up); ``leaf="flags"`` or ``tactics="priced"``
switch either back to ``hard``'s. Every other option is ``SearchBot``'s. Played by the arena
as ``module:Class`` with this folder on the path:

    PYTHONPATH=docs/experiments python -m battleline.arena search_v4:SearchBotV4 greedy \\
        --games 400 --seed 9001 --move-time 1.0 --jobs 1

``docs/experiments/clairvoyant.py --leaf chance`` uses it too.
"""

from __future__ import annotations

from battleline.standard.bots import SearchBot
from battleline.standard.bots.evaluation import flag_chances, win_chance
from battleline.standard.bots.greedy import wins_at_once
from battleline.standard.bots.heuristic import choose_draw, tactic_cost
from battleline.errors import shorten
from battleline.standard.game import Game, Observation
from battleline.standard.moves import Move

CHANCE_SCALE = 6.0     # a won game, in the flags of the one-ply score and the Tactics price


class SearchBotV4(SearchBot):
    """``hard``'s search with the v4 leaf value and Tactics rule (see the module's words).

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> SearchBotV4(seed=1, iterations=2).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    name = "search-v4"

    def __init__(self, seed: int | None = None, leaf: str = "chance", tactics: str = "win", **options):
        super().__init__(seed, **options)
        if leaf not in ("chance", "flags"):
            raise ValueError(f"a leaf value is 'chance' or 'flags', not {shorten(leaf)}")
        if tactics not in ("win", "priced"):
            raise ValueError(f"tactics is 'win' or 'priced', not {shorten(tactics)}")
        self.leaf = leaf
        self.tactics = tactics

    def unsearched_choice(self, obs: Observation, world: Game, moves: list[Move]) -> Move:
        if self.tactics == "win" and world.phase == "draw" and len(moves) > 1:
            return choose_draw(world, moves, obs.seat, tactics=False)
        return super().unsearched_choice(obs, world, moves)

    def searched_moves(self, world: Game, moves: list[Move], me: int) -> list[Move]:
        # A Tactics card is searched only when it wins at once: played early it spends the
        # limit and a card the playouts cannot value (they play troops).
        if self.tactics == "win":
            return [m for m in moves if tactic_cost(world, m, me) == 0 or wins_at_once(world, m, me)] or moves
        return moves

    def leaf_value(self, w: Game, me: int) -> float:
        if self.leaf == "flags":
            return super().leaf_value(w, me)
        o = w.outcome()
        if o is None:
            chance = win_chance(flag_chances(w, me, see_their_hand=True, hand_chance=self.hand_chance))
        else:
            chance = 1.0 if o.winner == me else 0.0 if o.winner is not None else 0.5
        return CHANCE_SCALE * chance
