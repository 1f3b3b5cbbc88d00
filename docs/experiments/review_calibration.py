"""How honest are a review's chances? Reliability by bucket and the Brier score.

    python docs/experiments/review_calibration.py --games 200 --budget 6000 --save docs/arena/review-calibration.jsonl.gz
    python docs/experiments/review_calibration.py --report docs/arena/review-calibration.jsonl.gz
    python docs/experiments/review_calibration.py --game ancient --games 60 --budget 600 --save docs/arena/ancient-review-calibration.jsonl.gz

Plays games between two bots (``--players medium:medium`` by default; deal ``d`` is
``Game(seed=d)``), reviews both seats of each, and records for every judged decision the
chance the review gave the move played and how that seat's game ended (1 won, 0.5 drawn,
0 lost). With ``--game ancient`` a deal is a battle of two points armies (each bot builds
its own, all Advanced rules, ``seed=d``), and one side is reviewed, south on even deals and
north on odd ones: a side's review costs a minute of CPU or more. Over many decisions, those given about 70% should be won about 70% of the time.
Each finished game is appended to ``--save`` (gzip JSON lines) at once, so a stopped run
resumes where it stopped. ``--report`` prints the reliability table and the Brier score
(against a coin's 0.25) of a saved run.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time

from battleline import Game
from battleline.standard.bots import bot_from_spec
from battleline.standard.reviewing import review

BUCKETS = 10


def play(deal: int, players: tuple[str, str]) -> Game:
    g = Game(seed=deal)
    bots = [bot_from_spec(players[0], seed=deal), bot_from_spec(players[1], seed=deal + 7)]
    while not g.is_over():
        g.play(bots[g.to_move].choose(g.observation(g.to_move)))
    return g


def play_battle(deal: int, players: tuple[str, str]):
    from battleline.ancient import AncientGame
    from battleline.ancient.bots import ancient_bot
    from battleline.arena.ancient import COLOURS
    bots = {"south": ancient_bot(players[0], seed=2 * deal), "north": ancient_bot(players[1], seed=2 * deal + 1)}
    armies = [bots[side].build_army(colours) for side, colours in zip(("south", "north"), COLOURS)]
    g = AncientGame.points(armies[0], armies[1], seed=deal, advanced="all")
    while g.outcome is None:
        g.play(bots[g.to_act].choose(g.observation(g.to_act)))
    return g


def measure(deal: int, players: tuple[str, str], budget: int, game: str = "standard") -> dict:
    if game == "ancient":
        from battleline.ancient import review as ancient_review
        g = play_battle(deal, players)
        seat, winner, moves = 1 - deal % 2, g.outcome.winner, len(g.actions_played)
        start = time.process_time()
        r = ancient_review(g, seat, budget=budget, seed=deal)
    else:
        g = play(deal, players)
        seat, winner, moves = None, g.outcome().winner, len(g.moves)
        start = time.process_time()
        r = review(g, budget=budget, seed=deal)
    cpu = time.process_time() - start
    rows = [[d.seat, d.chance_played, 0.5 if winner is None else float(winner == d.seat)] for d in r.decisions]
    return {"deal": deal, "game": game, "players": list(players), "budget": budget, "cpu": round(cpu, 3),
            "moves": moves, "decisions": rows}


def done_deals(path: str) -> set[int]:
    if not path or not os.path.exists(path):
        return set()
    with gzip.open(path, "rt") as f:
        return {json.loads(line)["deal"] for line in f if line.strip()}


def report(paths: list[str]) -> str:
    rows, cpu, games = [], [], 0
    for path in paths:
        with gzip.open(path, "rt") as f:
            for line in f:
                if line.strip():
                    doc = json.loads(line)
                    games += 1
                    cpu.append(doc["cpu"] / max(1, len(doc["decisions"])))
                    rows += [(p, y) for _, p, y in doc["decisions"]]
    if not rows:
        return "no decisions"
    lines = [f"{games} games, {len(rows)} decisions; CPU a decision: median {sorted(cpu)[len(cpu) // 2]:.3f} s",
             "chance given | decisions | mean chance | won"]
    for b in range(BUCKETS):
        lo, hi = b / BUCKETS, (b + 1) / BUCKETS
        inside = [(p, y) for p, y in rows if lo <= p < hi or (b == BUCKETS - 1 and p == 1.0)]
        if inside:
            mean_p = sum(p for p, _ in inside) / len(inside)
            won = sum(y for _, y in inside) / len(inside)
            lines.append(f"{lo:.1f}-{hi:.1f} | {len(inside)} | {mean_p:.3f} | {won:.3f}")
    brier = sum((p - y) ** 2 for p, y in rows) / len(rows)
    lines.append(f"Brier score {brier:.4f} (a coin: 0.2500)")
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("standard", "ancient"), default="standard")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-deal", type=int, default=70000)
    ap.add_argument("--players", default="medium:medium")
    ap.add_argument("--budget", type=int, default=6000)
    ap.add_argument("--save", default="")
    ap.add_argument("--playout-tactics", action="store_true",
                    help="Battle Line: review with play-outs that play Tactics cards (reviewing.PLAYOUT_TACTICS)")
    ap.add_argument("--report", nargs="*")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report))
        return
    players = tuple(args.players.split(":"))
    if args.playout_tactics:
        from battleline.standard import reviewing
        reviewing.PLAYOUT_TACTICS = True
    skip = done_deals(args.save)
    for deal in range(args.first_deal, args.first_deal + args.games):
        if deal in skip:
            continue
        doc = measure(deal, players, args.budget, args.game)
        if args.save:
            with gzip.open(args.save, "at") as f:
                f.write(json.dumps(doc) + "\n")
        print(deal, doc["cpu"], len(doc["decisions"]), file=sys.stderr, flush=True)
    if args.save:
        print(report([args.save]))


if __name__ == "__main__":
    main()
