"""How often a review's marked decisions name an idea, not only percentages (issue 43).

Plays ``--games`` games of ``medium`` against ``hard`` (seats alternating, deals from
``--seed``), reviews the seats asked for at ``--budget`` play-outs a decision, and counts the
decisions marked an inaccuracy or worse whose ``Decision.motifs`` is not empty (their reason
names an idea found by exact code: ``battleline.standard.motifs``, ``battleline.ancient.motifs``).
Each game's result is written as one JSON line to ``--out`` as it ends, so a stopped run keeps
what it had; ``--resume`` skips the games already there.

    python docs/experiments/motif_share.py --game standard --games 20 --seed 1 --budget 300 \\
        --out docs/experiments/motif-share-standard.jsonl
    python docs/experiments/motif_share.py --game ancient --games 20 --seed 1 --budget 120 --seats medium \\
        --out docs/experiments/motif-share-ancient.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

MARKED = ("inaccuracy", "mistake", "blunder")


def play(game_kind: str, seed: int, medium_seat: int):
    """One game of medium against hard; ``medium_seat`` is medium's seat (0 north, 1 south)."""
    from battleline.plugins import LEVELS, named_class
    if game_kind == "ancient":
        from battleline.ancient import AncientGame, bots
        game = AncientGame.scenario(("issus", "gaugamela", "marathon", "raphia")[seed % 4], seed=seed)
    else:
        from battleline import Game
        from battleline.standard import bots
        game = Game(seed=seed)
    players = {medium_seat: named_class("medium", LEVELS, bots)(seed=seed),
               1 - medium_seat: named_class("hard", LEVELS, bots)(seed=seed + 1)}
    while game.result is None:
        seat = game.current_player
        game.play(players[seat].choose(game.observation(seat)))
    return game


def measure(game_kind: str, seed: int, budget: int, seats: str) -> dict:
    from battleline import review
    medium_seat = seed % 2
    start = time.process_time()
    game = play(game_kind, seed, medium_seat)
    reviewed = [medium_seat] if seats == "medium" else [0, 1]
    marked = []
    for seat in reviewed:
        for d in review(game, seat, budget=budget, seed=seed).decisions:
            if d.label in MARKED:
                marked.append({"index": d.index, "seat": seat, "label": d.label, "motifs": list(d.motifs),
                               "reason": d.reason})
    return {"seed": seed, "game": game_kind, "medium_seat": medium_seat, "budget": budget, "seats": seats,
            "marked": marked, "cpu_s": round(time.process_time() - start, 1)}


def report(lines: list[dict]) -> str:
    marked = [d for line in lines for d in line["marked"]]
    named = [d for d in marked if d["motifs"]]
    keys = Counter(k for d in named for k in d["motifs"])
    share = len(named) / len(marked) if marked else 0.0
    return (f"{len(lines)} games, {len(marked)} marked decisions, {len(named)} name an idea: {share:.1%}\n"
            f"ideas named: {dict(keys.most_common())}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("standard", "ancient"), default="standard")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=300)
    ap.add_argument("--seats", choices=("both", "medium"), default="both")
    ap.add_argument("--out", required=True)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--report", action="store_true", help="only report what --out holds")
    args = ap.parse_args(argv)
    if not 1 <= args.games <= 1000:
        ap.error("--games is 1 to 1000")
    out = Path(args.out)
    done = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    if args.report:
        print(report(done))
        return
    if done and not args.resume:
        ap.error(f"{out} holds games: --resume to go on, or another --out")
    seen = {line["seed"] for line in done}
    with out.open("a") as f:
        for seed in range(args.seed, args.seed + args.games):
            if seed in seen:
                continue
            line = measure(args.game, seed, args.budget, args.seats)
            f.write(json.dumps(line) + "\n")
            f.flush()
            done.append(line)
            print(f"seed {seed}: {len(line['marked'])} marked, {line['cpu_s']} s CPU", flush=True)
    print(report(done))


if __name__ == "__main__":
    main()
