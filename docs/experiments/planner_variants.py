"""Variants of ``hard`` v5 (``PlannerBot``) measured for docs/experiments/LOG.md ("`hard` v5"), kept here
for their write-ups rather than in the shipped bot. Each changes only the planner's budget:

- ``PlannerWide``: 7,500 play-outs a decision over ``medium``'s best twelve moves (the
  default: 2,500 over eight), about three times the work, still under 1 s at the median.
- ``PlannerAll``: every legal move a candidate (the widest root), the default 2,500
  play-outs a decision: the halving spends its first rounds on moves ``medium`` ranks low.
- ``PlannerTactics``: play-outs that play Tactics cards for both sides
  (``PlannerBot(playout_tactics=True)``), the same budget.
- ``PlannerTacticsFree``: the same without the constant price of a Tactics card played now
  (the play-outs now see what a held card is worth).
- ``PlannerContest``: play-outs whose troops follow the contest rule for both sides
  (``PlannerBot(playout_contest=True)``: no troop fed to a flag it can no longer win, the
  lowest troop thrown away when every flag is lost), the same budget.
- ``PlannerContestTactics``: the contest rule and Tactics cards in the play-outs.
- ``PlannerValue``: play-outs cut after four turns and scored by the value learned by
  TD(lambda) from self-play (``PlannerBot(value_turns=4)``), the same budget.

Played by the arena as ``module:Class`` with this folder on the path:

    PYTHONPATH=docs/experiments python -m battleline.arena planner_variants:PlannerWide greedy \\
        --games 400 --seed 9001 --move-time 10 --jobs 1
"""

from __future__ import annotations

from battleline.standard.bots.planner import CANDIDATES, PLAYOUTS, PlannerBot
from battleline.standard.encoding import MOVE_COUNT

EVERY_MOVE = MOVE_COUNT   # more than a position ever has: the ranking keeps them all


class PlannerWide(PlannerBot):
    """The planner with three times the play-outs and twelve candidates.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> PlannerWide(seed=1, playouts=40).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = 7500,
                 candidates: int = 12):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates)


class PlannerAll(PlannerBot):
    """The planner with every legal move a candidate, at the default budget.

    >>> PlannerAll(seed=1).candidates >= 70
    True
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = EVERY_MOVE):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates)


class PlannerTactics(PlannerBot):
    """The planner whose play-outs play Tactics cards for both sides.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> PlannerTactics(seed=1, playouts=40).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates,
                         playout_tactics=True)


class PlannerTacticsFree(PlannerTactics):
    """``PlannerTactics`` without the constant price of a Tactics card played now.

    >>> PlannerTacticsFree(seed=1).cost_scale
    0.0
    """

    cost_scale = 0.0


class PlannerContest(PlannerBot):
    """The planner whose play-outs choose troops by the contest rule, for both sides.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> PlannerContest(seed=1, playouts=40).choose(g.observation(g.to_move)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates,
                         playout_contest=True)


class PlannerContestTactics(PlannerBot):
    """The planner whose play-outs follow the contest rule and play Tactics cards.

    >>> from battleline import Game
    >>> g = Game(seed=5)
    >>> bot = PlannerContestTactics(seed=1, playouts=40)
    >>> bot.playout_contest and bot.playout_tactics, bot.choose(g.observation(g.to_move)) in g.legal_moves()
    (True, True)
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates,
                         playout_tactics=True, playout_contest=True)


class PlannerPrior(PlannerBot):
    """The planner that keeps ``medium``'s first choice unless another move beats it by
    3 points of a won game (``prior``).

    >>> PlannerPrior().prior
    0.03
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES, prior: float = 0.03):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates, prior=prior)


class PlannerPriorStrong(PlannerPrior):
    """The same with a margin of 8 points."""

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES, prior: float = 0.08):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates, prior=prior)


class PlannerValue(PlannerBot):
    """The planner whose play-outs stop after four turns and score the learned value.

    >>> PlannerValue(seed=1).value_turns
    4
    """

    def __init__(self, seed: int | None = None, move_time: float = 1.0, playouts: int = PLAYOUTS,
                 candidates: int = CANDIDATES, value_turns: int = 4):
        super().__init__(seed, move_time=move_time, playouts=playouts, candidates=candidates,
                         value_turns=value_turns)
