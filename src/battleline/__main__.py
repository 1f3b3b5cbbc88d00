"""``python -m battleline``: a short demonstration of the rules engine.

It reads formations, proves and refutes claims, then plays a seeded game
between two random players to its end, printing the battle line.
"""

from __future__ import annotations

import argparse
import random
import sys

from . import Game, can_claim, evaluate
from .standard.random_games import random_game


def demo(seed: int = 7) -> None:
    print("Formations, highest first:")
    for cards in ("R3 R4 R5", "Y8 R8 G8", "B2 B7 B4", "Y4 R6 G5", "Y5 B5 G3"):
        f = evaluate(cards)
        print(f"  {cards:10} -> {f.describe()}")
    f = evaluate("B8 Alexander B9")
    print(f"  B8 Alexander B9 -> {f.describe()}, Alexander as {f.identities[list(f.identities)[0]]}")
    print()
    print("Claims, proved from visible cards only:")
    for mine, theirs, seen in (("R4 R5 R3", "B8", ""), ("R4 R5 R3", "B8", "B7 B10"),
                               ("Y2 R2 G2", "R7 G6", "")):
        r = can_claim(mine, theirs, seen=seen)
        extra = f" (seen: {seen})" if seen else ""
        print(f"  {mine} against {theirs}{extra}: {'claim holds' if r else 'claim fails'}")
        print(f"    {r.explanation}")
    print()
    print(f"A random game (seed {seed}):")
    g = random_game(seed)
    print(g)
    print(f"Result: {g.outcome().describe()} after {len(g.moves)} moves.")
    replay = Game.from_record(g.record())
    print(f"Its record replays to the same position: {replay.position() == g.position()}")


def main(argv=None) -> None:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["review"]:
        from .reviewing import main as review_main
        raise SystemExit(review_main(argv[1:]))
    if argv[:1] == ["site"]:
        from .site import main as site_main
        raise SystemExit(site_main(argv[1:]))
    ap = argparse.ArgumentParser(
        prog="python -m battleline",
        description="Battle Line in the terminal: a short demonstration of the rules engine.",
        epilog="To play, open examples/play.ipynb in JupyterLab. Other commands: "
               "python -m battleline.arena (bots against each other), "
               "python -m battleline.bench (speed figures), "
               "python -m battleline.standard.puzzles check (verify puzzles), "
               "python -m battleline site OUT_DIR (the classroom site, docs/site.md).")
    ap.add_argument("command", nargs="?", default="demo", choices=["demo"], metavar="demo",
                    help="(the default) show formations ranked, claims proved and refused with "
                         "their reasons, then a random game played to its end")
    ap.add_argument("--seed", type=int, default=None,
                    help="deals and moves of the random game, to see the same game again "
                         "(default: a new random game each time)")
    args = ap.parse_args(argv)
    demo(random.randrange(1000) if args.seed is None else args.seed)


if __name__ == "__main__":
    main()
