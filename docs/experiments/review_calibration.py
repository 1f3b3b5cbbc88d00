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

import numpy as np

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
    from battleline.arena.ancient import ARMY_COLOURS
    from battleline.sides import side_index
    bots = {"south": ancient_bot(players[0], seed=2 * deal), "north": ancient_bot(players[1], seed=2 * deal + 1)}
    armies = [bots[side].build_army(ARMY_COLOURS[side_index(side)]) for side in ("south", "north")]
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


def load_games(paths: list[str]) -> list[dict]:
    games = []
    for path in paths:
        with gzip.open(path, "rt") as f:
            games += [json.loads(line) for line in f if line.strip()]
    return games


def bucket_of(p: float) -> int:
    return min(BUCKETS - 1, int(p * BUCKETS))


def table(games: list[dict]) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Per bucket: decisions, the sum of the chances given, the sum of the results; and the
    Brier score over all decisions."""
    count, given, won = np.zeros(BUCKETS), np.zeros(BUCKETS), np.zeros(BUCKETS)
    squares, n = 0.0, 0
    for doc in games:
        for _, p, y in doc["decisions"]:
            b = bucket_of(p)
            count[b] += 1
            given[b] += p
            won[b] += y
            squares += (p - y) ** 2
            n += 1
    return count, given, won, squares / max(1, n)


def logit_map(p: float, seat: int, slope: float, north_shift: float = 0.0) -> float:
    """A chance mapped on the log-odds scale: ``slope`` times its log-odds, plus
    ``north_shift`` for north (seat 0) and minus it for south; 0 and 1 stay as they are."""
    if p <= 0.0 or p >= 1.0:
        return p
    z = slope * np.log(p / (1 - p)) + (north_shift if seat == 0 else -north_shift)
    return float(1 / (1 + np.exp(-z)))


def mapped(games: list[dict], slope: float, north_shift: float = 0.0) -> list[dict]:
    """``games`` with every chance passed through :func:`logit_map`."""
    return [{**doc, "decisions": [[seat, logit_map(p, seat, slope, north_shift), y]
                                  for seat, p, y in doc["decisions"]]} for doc in games]


def fit_map(games: list[dict], with_shift: bool) -> tuple[float, float]:
    """The slope (and the north shift) of :func:`logit_map` with the least Brier score on
    ``games``, found on a grid (0.01 apart)."""
    rows = np.array([d for doc in games for d in doc["decisions"]], dtype=float)
    inner = (rows[:, 1] > 0) & (rows[:, 1] < 1)
    seat, p, y = rows[inner, 0], rows[inner, 1], rows[inner, 2]
    z, side = np.log(p / (1 - p)), np.where(seat == 0, 1.0, -1.0)
    best = (np.inf, 1.0, 0.0)
    for slope in np.arange(0.30, 1.51, 0.01):
        for shift in (np.arange(-1.0, 1.01, 0.01) if with_shift else [0.0]):
            q = 1 / (1 + np.exp(-(slope * z + shift * side)))
            best = min(best, (float(((q - y) ** 2).sum()), round(float(slope), 2), round(float(shift), 2)))
    return best[1], best[2]


def report(paths: list[str], resamples: int = 1000, chance_map: tuple[float, float] | None = None) -> str:
    """The reliability table with each share's 95% interval from resampling whole games (the
    decisions of one game share its result, so the game, not the decision, is the sample).
    With ``chance_map`` (slope, north shift) every chance is first mapped by :func:`logit_map`,
    and the Brier score's change is given with its interval."""
    games = load_games(paths)
    raw = games
    if chance_map is not None:
        games = mapped(games, *chance_map)
    if not games:
        return "no decisions"
    count, given, won, brier = table(games)
    cpu = sorted(doc["cpu"] / max(1, len(doc["decisions"])) for doc in games)
    rng = np.random.default_rng(0)
    shares, briers = [], []
    for _ in range(resamples):
        c, _, w, b = table([games[i] for i in rng.integers(0, len(games), len(games))])
        shares.append(np.divide(w, c, out=np.full(BUCKETS, np.nan), where=c > 0))
        briers.append(b)
    shares = np.array(shares)
    low, high = np.zeros(BUCKETS), np.ones(BUCKETS)
    for b in np.flatnonzero(count):       # a bucket a resample left empty says nothing of it
        seen = shares[:, b][~np.isnan(shares[:, b])]
        low[b], high[b] = np.percentile(seen, [2.5, 97.5])
    lines = [f"{len(games)} games, {int(count.sum())} decisions; CPU a decision: median {cpu[len(cpu) // 2]:.3f} s",
             "chance given | decisions | mean chance | won | won, 95% by game"]
    for b in range(BUCKETS):
        if count[b]:
            lines.append(f"{b / BUCKETS:.1f}-{(b + 1) / BUCKETS:.1f} | {int(count[b])} | {given[b] / count[b]:.3f} | "
                         f"{won[b] / count[b]:.3f} | {low[b]:.3f}-{high[b]:.3f}")
    lo, hi = np.percentile(briers, [2.5, 97.5])
    lines.append(f"Brier score {brier:.4f} (95% by game {lo:.4f}-{hi:.4f}; a coin: 0.2500)")
    if chance_map is not None:
        changes = []
        for _ in range(resamples):
            pick = rng.integers(0, len(games), len(games))
            changes.append(table([games[i] for i in pick])[3] - table([raw[i] for i in pick])[3])
        lo, hi = np.percentile(changes, [2.5, 97.5])
        lines.append(f"mapped by slope {chance_map[0]}, north shift {chance_map[1]}: Brier change "
                     f"{brier - table(raw)[3]:+.4f} (95% by game {lo:+.4f} to {hi:+.4f})")
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
    ap.add_argument("--map", default="", metavar="SLOPE[,SHIFT]",
                    help="--report: map every chance on the log-odds scale first (logit_map)")
    ap.add_argument("--fit", nargs="*", help="fit logit_map's slope, and with --shift its north shift, on saved runs")
    ap.add_argument("--shift", action="store_true")
    args = ap.parse_args(argv)
    if args.fit:
        print("slope %s, north shift %s" % fit_map(load_games(args.fit), args.shift))
        return
    if args.report:
        chance_map = None
        if args.map:
            values = [float(v) for v in args.map.split(",")]
            chance_map = (values[0], values[1] if len(values) > 1 else 0.0)
        print(report(args.report, chance_map=chance_map))
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
