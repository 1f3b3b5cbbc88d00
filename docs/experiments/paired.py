"""Two arena runs of bot A on the same deals, compared game by game (docs/experiments/LOG.md).

    python docs/experiments/paired.py docs/arena/hard-vs-medium-v5.jsonl.gz RUN.jsonl.gz

Each game is keyed by its deal and A's seat; only the games both runs played are compared.
Prints each run's wins (a draw counts half) with its Wilson 95% interval, the games one run
won and the other did not, and the two-sided sign test on those: how often dice alone would
split them at least this unevenly.

>>> sign_test(88, 72) > 0.2
True
"""

from __future__ import annotations

import argparse
import gzip
import json
import math


def load(path: str) -> dict[tuple[int, int], float]:
    """A's score in each game of a saved run, by (deal, A's seat)."""
    out = {}
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for line in f:
            if line.strip():
                doc = json.loads(line)
                if "deal" in doc and "winner" in doc:
                    out[(doc["deal"], doc["a_seat"])] = {"a": 1.0, "b": 0.0}.get(doc["winner"], 0.5)
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def sign_test(a_only: int, b_only: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven if each
    discordant game were a fair coin."""
    n = a_only + b_only
    k = min(a_only, b_only)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(path_a: str, path_b: str) -> str:
    first, second = load(path_a), load(path_b)
    keys = sorted(set(first) & set(second))
    lines = [f"{len(keys)} games in both (deals {keys[0][0]}-{keys[-1][0]})" if keys else "no game in both"]
    for name, run in ((path_a, first), (path_b, second)):
        wins = sum(run[k] for k in keys)
        lo, hi = wilson(wins, len(keys))
        lines.append(f"{name}: {wins:g} of {len(keys)}, {wins / max(1, len(keys)):.1%} ({lo:.1%}-{hi:.1%})")
    only_a = sum(1 for k in keys if first[k] > second[k])
    only_b = sum(1 for k in keys if second[k] > first[k])
    lines.append(f"better in the first: {only_a}; in the second: {only_b}; sign test p = {sign_test(only_a, only_b):.3f}")
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first")
    ap.add_argument("second")
    args = ap.parse_args(argv)
    print(compare(args.first, args.second))


if __name__ == "__main__":
    main()
