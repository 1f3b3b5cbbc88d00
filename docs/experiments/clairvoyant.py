"""What hidden information costs `hard`: its search, given the real game, against `greedy` (or another bot).

A diagnostic, not a player. ``SearchBot`` normally searches worlds sampled from its
observation; here (``ClairvoyantSearch``) it searches a copy of the real game instead, so it knows
the opponent's hand and the order of both decks, and one world a move is enough (the
playouts are then exact for greedy play). Comparing it with the honest search on the same
paired deals separates what the search loses to hidden information from what it loses to
its own design (candidates, playout depth, the value of a playout's end).

    python docs/experiments/clairvoyant.py --deals 9001-9200
    python docs/experiments/clairvoyant.py --deals 9001-9050 --candidates 60 --depth 40 --leaf chance
    python docs/experiments/clairvoyant.py --deals 9001-9025 --honest 30 --candidates 15 --depth 6 --leaf chance
    python docs/experiments/clairvoyant.py --deals 9501-9700 --opponent medium

Each game is printed as one JSON line (``deal``, ``a_seat``, ``winner`` "a"/"b"/null,
``reason``) as it ends, the total on stderr. The games go through the arena's runner
(``battleline.arena.runner``): ``--jobs N`` plays them on N processes, ``--cluster ADDRESS`` on a
Ray cluster (docs/cluster.md); with either the lines come in the order the games end.
``--honest N`` searches N sampled worlds a move instead: the same settings without the clairvoyance. Moves are bounded by the budget of worlds, not
the clock, so the results do not depend on the machine's load. ``--leaf chance`` values the
end of a playout as v4 did (``search_v4.py`` beside this script); ``flags`` is ``hard``'s.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from battleline import Game
from battleline.standard.game import Observation
from battleline.standard.bots import bot_from_spec
from battleline.arena.runner import paired_games, run_games
from battleline.scoring import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))   # search_v4 lies beside this script
from search_v4 import SearchBotV4  # noqa: E402


class ClairvoyantSearch(SearchBotV4):
    """The search scoring its candidates in a copy of ``real``, the game being played, in
    place of worlds sampled from its observation (the rest of the bot is unchanged)."""

    def __init__(self, real: Game, **options) -> None:
        super().__init__(**options)
        self.real = real

    def searched_world(self, obs: Observation) -> Game:
        return self.real.copy()


def play(deal: int, a_seat: int, honest: int | None = None, opponent: str = "greedy",
         leaf: str = "flags", **settings) -> tuple[str | None, str]:
    """One game of the paired deal ``deal``: the search in ``a_seat``, ``opponent`` in the other.
    ``leaf="flags"`` is ``hard``'s search (``SearchBot``), ``"chance"`` v4's value of a playout."""
    g = Game(seed=deal)
    options = dict(seed=deal * 2 + a_seat, move_time=1000.0, iterations=honest or 1, leaf=leaf,
                   tactics="priced", **settings)
    search = ClairvoyantSearch(g, **options) if honest is None else SearchBotV4(**options)
    bots = {a_seat: search, 1 - a_seat: bot_from_spec(opponent, seed=deal * 2 + 1 - a_seat)}
    while not g.is_over():
        seat = g.to_move
        g.play(bots[seat].choose(g.observation(seat)))
    o = g.outcome()
    winner = None if o.winner is None else ("a" if o.winner == a_seat else "b")
    return winner, o.reason


def play_from_settings(settings: dict, deal: int, a_seat: int) -> dict:
    """One game for the runner: the line this script prints."""
    winner, reason = play(deal, a_seat, **settings)
    return {"deal": deal, "a_seat": a_seat, "winner": winner, "reason": reason}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", required=True, help="FIRST-LAST, both played from both seats")
    ap.add_argument("--honest", type=int, default=None, metavar="N", help="N sampled worlds a move instead")
    ap.add_argument("--candidates", type=int, default=5)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--leaf", choices=("flags", "chance"), default="flags")
    ap.add_argument("--opponent", default="greedy", help="the other seat's bot (default greedy)")
    ap.add_argument("--jobs", type=int, default=1, help="processes on this machine (default 1)")
    ap.add_argument("--cluster", metavar="ADDRESS", help="play on a Ray cluster instead (docs/cluster.md)")
    args = ap.parse_args(argv)
    first, _, last = args.deals.partition("-")
    settings = {"honest": args.honest, "candidates": args.candidates, "depth": args.depth, "leaf": args.leaf,
                "opponent": args.opponent}
    deals = int(last or first) - int(first) + 1
    wins = games = 0
    for line, _ in run_games(play_from_settings, settings, paired_games(int(first), 2 * deals),
                             jobs=args.jobs, cluster=args.cluster):
        games += 1
        wins += line["winner"] == "a"
        print(json.dumps(line), flush=True)
    low, high = wilson(wins, games)
    print(f"search won {wins} of {games} ({100 * wins / games:.1f}%, Wilson {100 * low:.1f}-{100 * high:.1f}%)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
