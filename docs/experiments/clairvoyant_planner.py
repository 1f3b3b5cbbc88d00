"""What hidden information costs `hard` v5: the planner given the real game, against `medium` (or another bot).

A diagnostic, not a player (as ``clairvoyant.py`` is for the previous search). The planner
(``PlannerBot``) ranks its candidates and plays them out in a copy of the real game: it knows
the opponent's hand and the order of both decks, so every world it plays is the real one and
the play-outs are exact for greedy play. The rest (candidates, budget, halving, the price of a
Tactics card) is v5's. Set beside v5 on the same paired deals, it tells how much of what `hard`
loses it loses to the cards it cannot see, and how much to its model of the opponent.

    python docs/experiments/clairvoyant_planner.py --deals 9501-9700 --opponent medium

Each game is printed as one JSON line as it ends (``deal``, ``a_seat``, ``winner`` "a"/"b"/null,
``reason``), the total on stderr; ``--jobs N`` plays on N processes.

>>> winner, reason = play(9501, 0, "easy", playouts=40)
>>> winner in ("a", "b", None)
True
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from battleline import Game
from battleline.arena.runner import paired_games, run_games
from battleline.scoring import wilson
from battleline.standard import kernel
from battleline.standard.bots import bot_from_spec
from battleline.standard.bots.planner import PlannerBot
from battleline.standard.kernel.layout import HAND_TACTICS, HAND_TROOPS, TO_MOVE, TROOP_COUNT


class ClairvoyantPlanner(PlannerBot):
    """The planner whose worlds are all the real game ``real``."""

    def __init__(self, real: Game, **options) -> None:
        super().__init__(**options)
        self.real = real

    def world_and_moves(self, obs):
        world = self.real.copy()
        moves = world.legal_moves()
        return world, moves, next((m for m in moves if m.kind == "claim"), None)

    def play_worlds(self, template, known, numbers, active, worlds, rng, rewards, held) -> int:
        opponent = 1 - int(template[TO_MOVE])
        everything = (int(template[HAND_TROOPS + opponent]), int(template[HAND_TACTICS + opponent]),
                      np.ones(TROOP_COUNT, dtype=np.bool_), np.ones(10, dtype=np.bool_))
        return super().play_worlds(template, everything, numbers, active, worlds, rng, rewards, held)


def play(deal: int, a_seat: int, opponent: str = "medium", playouts: int = 2500) -> tuple[str | None, str]:
    """One game of the paired deal ``deal``: the clairvoyant planner in ``a_seat``."""
    kernel.prepare_kernel()
    g = Game(seed=deal)
    bots = {a_seat: ClairvoyantPlanner(g, seed=deal * 2 + a_seat, move_time=1000.0, playouts=playouts),
            1 - a_seat: bot_from_spec(opponent, seed=deal * 2 + 1 - a_seat)}
    while not g.is_over():
        seat = g.to_move
        g.play(bots[seat].choose(g.observation(seat)))
    o = g.outcome()
    return (None if o.winner is None else ("a" if o.winner == a_seat else "b")), o.reason


def play_from_settings(settings: dict, deal: int, a_seat: int) -> dict:
    winner, reason = play(deal, a_seat, **settings)
    return {"deal": deal, "a_seat": a_seat, "winner": winner, "reason": reason}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", required=True, help="FIRST-LAST, both played from both seats")
    ap.add_argument("--opponent", default="medium")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    first, _, last = args.deals.partition("-")
    deals = int(last or first) - int(first) + 1
    wins = games = 0
    for line, _ in run_games(play_from_settings, {"opponent": args.opponent}, paired_games(int(first), 2 * deals),
                             jobs=args.jobs):
        games += 1
        wins += line["winner"] == "a"
        print(json.dumps(line), flush=True)
    low, high = wilson(wins, games)
    print(f"clairvoyant planner won {wins} of {games} ({100 * wins / games:.1f}%, "
          f"Wilson {100 * low:.1f}-{100 * high:.1f}%)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
