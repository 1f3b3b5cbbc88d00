"""The engine facts the widgets and the puzzles need that the engine does not offer
publicly yet: the only reads of the engine's private names outside the engine.

Each function stands for one public engine function to be written (see its docstring);
when it exists, the function here calls it and this module goes.

>>> from battleline import Game
>>> claims_open(Game(seed=1))
True
>>> side_formation(["R8", "R9", "R10"], 3, False).describe()
'Wedge 8-9-10 (total 27)'
"""

from __future__ import annotations

import time
from typing import Sequence

from .cards import Card, CardLike
from .formations import Formation, side_best
from .game import Game
from . import solver

__all__ = ["claims_open", "side_formation", "bounded_search", "incomplete_side"]


def claims_open(game: Game) -> bool:
    """Whether the player to move may try a claim now (the claim-phase rule).

    Needed: a public ``Game.claims_open()`` (or the claim phases of the rules, public)."""
    return game.phase in game._claim_phases()


def side_formation(cards: Sequence[CardLike], need: int, fog: bool) -> Formation:
    """The formation a complete side makes: its best ``need`` cards (a side may keep four
    cards after Mud left its flag).

    Needed: a public ``formations.side_formation(cards, need, fog)`` (or a public
    ``Formation.from_result``)."""
    res = side_best([int(Card(c)) for c in cards], need, fog)
    return Formation._from_result(res, res[4])


def bounded_search(seat: int, seconds: float) -> "solver._Search":
    """The exact solver's search for ``seat``, stopped with a TimeoutError after ``seconds``:
    ``.win(game, turns)`` gives a forced win's line or None.

    Needed: a public ``solver.Search(seat, seconds=...)``."""
    return solver._Search(seat, time.perf_counter() + seconds, None)


def incomplete_side(result) -> tuple[int, int]:
    """For a claim refused because the claimer's side is incomplete (``result.case ==
    "incomplete"``): how many cards the side holds and how many a claim needs.

    Needed: public ``ClaimResult.count`` and ``ClaimResult.need`` (or a public ``details``)."""
    return result._get("count"), result._get("need")
