"""How well the learned value (battleline.standard.kernel.value) predicts a greedy game's
result on games it was not trained on (docs/bots.md, "A value learned from self-play").

    python docs/experiments/td_value.py --games 2000 --seed 2

Plays ``games`` greedy self-play games (no exploration) from deals of its own seed and
prints the value's mean squared error against the result (1, ½, 0, for the side recorded)
by stage of the game (the troop deck's size at the turn's start), beside the error of
always saying one half (0.25) and of the flags-held rule (½ ± 0.1 per flag of margin).

>>> stage_of(44), stage_of(10)
(0, 2)
"""

from __future__ import annotations

import argparse

import numpy as np

from battleline.compiled.randomness import seed_stream
from battleline.standard.kernel.layout import MAX_MOVES, STATE_SIZE
from battleline.standard.kernel.play import deal
from battleline.standard.kernel.value import (
    FEATURE_COUNT, HELD_MINE, HELD_THEIRS, MAX_ACTIVE, MAX_GAME_TURNS, TROOP_DECK_SIZE, load_weights,
    outcome_for, self_play_game, sparse_value,
)

STAGES = ("early (deck 31-46)", "middle (deck 16-30)", "late (deck 0-15)")


def stage_of(deck: int) -> int:
    return 0 if deck > 30 else 1 if deck > 15 else 2


def held(index, value, n, base) -> int:
    return next(int(index[i]) - base for i in range(n) if base <= index[i] < base + 5)


def measure(games: int, seed: int) -> dict:
    weights = load_weights()
    rng = np.array([seed_stream(seed)], dtype=np.int64)
    s = np.empty(STATE_SIZE, dtype=np.int64)
    index = np.zeros((2, MAX_GAME_TURNS, MAX_ACTIVE), dtype=np.int64)
    value = np.zeros((2, MAX_GAME_TURNS, MAX_ACTIVE))
    counts = np.zeros((2, MAX_GAME_TURNS), dtype=np.int64)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    sums = np.zeros((3, 3))     # stage x (value, one half, flags held)
    seen = np.zeros(3)
    for _ in range(games):
        deal(s, rng, 0)
        n = self_play_game(s, rng, 0.0, index, value, counts, moves)
        z = outcome_for(s, 0)
        for t in range(n):
            ix, vx, k = index[0, t], value[0, t], counts[0, t]
            deck = int(round(next(vx[i] for i in range(k) if ix[i] == TROOP_DECK_SIZE) * 60)) if TROOP_DECK_SIZE in ix[:k] else 0
            margin = held(ix, vx, k, HELD_MINE) - held(ix, vx, k, HELD_THEIRS)
            st = stage_of(deck)
            guesses = (sparse_value(weights, ix, vx, k), 0.5, min(1.0, max(0.0, 0.5 + 0.1 * margin)))
            sums[st] += [(z - g) ** 2 for g in guesses]
            seen[st] += 1
    return {STAGES[i]: {"turns": int(seen[i]), "value": round(float(sums[i, 0] / seen[i]), 4),
                        "one half": round(float(sums[i, 1] / seen[i]), 4), "flags held": round(float(sums[i, 2] / seen[i]), 4)}
            for i in range(3)} | {"features": FEATURE_COUNT}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    for stage, row in measure(args.games, args.seed).items():
        print(stage, row)


if __name__ == "__main__":
    main()
