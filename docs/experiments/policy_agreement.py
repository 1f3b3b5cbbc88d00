"""How near is the play-outs' model of a player to `medium`? (docs/experiments/LOG.md, issue 34)

    python docs/experiments/policy_agreement.py --deals 9501-9540

Plays `medium` against `medium` and, at every troop `medium` plays, asks the play-out
policy's troop rules (the greedy rule, and with ``contest=True`` the contest rule, from
:mod:`battleline.standard.bots.playout`, which the kernel's play-outs equal move by move)
what they would play in its place: how often the same move, the same card, the same flag.
A play-out policy that seldom agrees with the opponent it stands for models it badly.

>>> counts = agreement(range(9501, 9502))
>>> counts["troops"] > 10 and 0 <= counts["greedy_same"] <= counts["troops"]
True
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from battleline import Game, Move
from battleline.standard.bots import HeuristicBot
from battleline.standard.bots.playout import greedy_play


def medium_troops(deals) -> Iterator[tuple[Game, int, Move]]:
    """`medium` against itself on ``deals`` (``Game(seed=deal)``): ``(game, player, move)`` at
    each troop it plays, before the move is played."""
    for deal in deals:
        g = Game(seed=deal)
        bots = (HeuristicBot(seed=deal), HeuristicBot(seed=deal + 1))
        while not g.is_over():
            player = g.to_move
            move = bots[player].choose(g.observation(player))
            if g.phase == "play" and move.kind == "play" and move.card < 60:
                yield g, player, move
            g.play(move)


def agreement(deals) -> dict[str, int]:
    counts = dict.fromkeys(("troops", "greedy_same", "contest_same", "greedy_card", "greedy_flag", "rules_differ"), 0)
    for g, player, move in medium_troops(deals):
        greedy, contest = greedy_play(g, player), greedy_play(g, player, True)
        counts["troops"] += 1
        counts["greedy_same"] += greedy == move
        counts["contest_same"] += contest == move
        counts["greedy_card"] += greedy.card == move.card
        counts["greedy_flag"] += greedy.flag == move.flag
        counts["rules_differ"] += greedy != contest
    return counts


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="9501-9540", help="FIRST-LAST")
    args = ap.parse_args(argv)
    first, last = (int(x) for x in args.deals.split("-"))
    c = agreement(range(first, last + 1))
    n = max(1, c["troops"])
    print(f"medium's troops: {c['troops']}; the greedy rule plays the same troop {c['greedy_same'] / n:.1%} "
          f"(the same card {c['greedy_card'] / n:.1%}, the same flag {c['greedy_flag'] / n:.1%}); "
          f"the contest rule {c['contest_same'] / n:.1%}; the two rules differ on {c['rules_differ'] / n:.1%}")


if __name__ == "__main__":
    main()
