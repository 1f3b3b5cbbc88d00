"""Held-out error of Ancient Battles' learned value (battleline.ancient.kernel.value).

Self-play battles as the training plays them (the arena's points mirror every other battle,
the seven scenarios in turn between; random deployment) but from another seed and without
exploration. At each player turn's start, from one side's view (south in even battles,
north in odd), the squared error against the battle's result (1, ½, 0) of: the learned
value, a constant ½, and ``hard``'s evaluation squashed by a logistic curve
``1 / (1 + exp(-score / scale))`` whose scale is fitted (the best of a grid) on other
battles (``--fit-seed``). By stage: the player turn's number in the battle.

    python docs/experiments/td_value_ancient.py --games 2000 --seed 2 --fit-seed 3

``DiceFightValue`` is the candidate for ``hard`` judged by the rule fixed before its games
(``docs/experiments/td_value_ancient.md``): ``DiceFightValueBot`` with the wall-clock
backstops lifted, as ``ancient_dice_search.DiceSearchFightsFree`` (today's ``hard`` so
lifted) was played on the same deals:

    PYTHONPATH=docs/experiments python -m battleline.arena td_value_ancient:DiceFightValue medium \
        --game ancient --scenario points --games 200 --seed 60000 --jobs 1 \
        --save docs/arena/ancient-value-hard-vs-medium-points.jsonl.gz

``DiceFightMix`` is the next candidate, judged the same way: each play-out's end scored by the
mean of the value and ``hard``'s score squashed (``value_leaf="mix"``), backstops lifted:

    PYTHONPATH=docs/experiments python -m battleline.arena td_value_ancient:DiceFightMix medium \
        --game ancient --scenario points --games 200 --seed 60000 --jobs 1 \
        --save docs/arena/ancient-mix-hard-vs-medium-points.jsonl.gz
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from battleline.ancient import kernel
from battleline.ancient.bots.dice_search import DiceFightBot, DiceFightValueBot
from battleline.ancient.bots.search import HardWeights
from battleline.ancient.kernel.effects import apply, settle
from battleline.ancient.kernel.evaluation import N_TERMS, evaluate
from battleline.ancient.kernel.layout import MAX_ACTIONS, P_DEPLOY, P_LEADER, PHASE, STATE_SIZE, new_dice
from battleline.ancient.kernel.policy import quick_reply
from battleline.ancient.kernel.value import (
    fresh_battle, load_weights, outcome_for, player_turn_started, state_value, training_templates,
)
from battleline.ancient.kernel.value_training import planner_policy
from battleline.compiled.randomness import random_below, seed_stream

UNBOUNDED = 1000.0      # seconds: a backstop that never binds (as ancient_dice_search's)


class DiceFightValue(DiceFightValueBot):
    """``hard`` (``DiceFightBot``) scoring its play-outs' ends by the learned value, backstops lifted."""

    name = "dice-fight-value"

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, turn_time=UNBOUNDED, move_time=UNBOUNDED, turn_budget=UNBOUNDED)


class DiceFightMix(DiceFightBot):
    """``hard`` scoring its play-outs' ends by the mean of the learned value and its own score
    squashed (``value_leaf="mix"``), backstops lifted as ``DiceFightValue``'s."""

    name = "dice-fight-mix"

    def __init__(self, seed: int | None = None, turn_time: float = UNBOUNDED) -> None:
        super().__init__(seed, turn_time=UNBOUNDED, move_time=UNBOUNDED, turn_budget=UNBOUNDED,
                         value_leaf="mix")


STAGES = (("early (player turns 1-6)", 1, 6), ("middle (7-16)", 7, 16), ("late (17 on)", 17, 10_000))
SCALES = (10, 20, 30, 40, 60, 80, 120, 160, 240)


def battles(games: int, seed: int):
    """Each battle's rows (player turn, value, hard's score, result) from one side's view."""
    templates = training_templates(seed)
    policy, leaf, weights = planner_policy(), kernel.weights_array(HardWeights), load_weights()
    rng = np.array([seed_stream(seed)], dtype=np.int64)
    s = np.empty(STATE_SIZE, dtype=np.int64)
    dice = new_dice(1 << 16)
    actions, scratch = np.empty(MAX_ACTIONS, dtype=np.int64), np.empty(MAX_ACTIONS, dtype=np.int64)
    copy, terms = np.empty(STATE_SIZE, dtype=np.int64), np.empty(N_TERMS)
    for g in range(games):
        fresh_battle(s, templates[g % len(templates)], dice, rng)
        me = 1 - g % 2
        last = np.full(2, -1, dtype=np.int64)
        rows, turn = [], 0
        n = settle(s, dice, actions)
        while n > 0:
            if player_turn_started(s, last):
                turn += 1
                rows.append((turn, float(state_value(s, me, weights)), float(evaluate(s, me, leaf, terms))))
            if s[PHASE] in (P_LEADER, P_DEPLOY):
                a = actions[random_below(rng, n)]
            else:
                a = quick_reply(s, dice, policy, actions, n, copy, scratch, terms)
            n = apply(s, dice, a, actions)
        result = float(outcome_for(s, me))
        yield [(t, v, score, result) for t, v, score in rows]


def squash(score: np.ndarray, scale: float) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(score / scale, -60, 60)))


def table(games: int, seed: int, fit_seed: int) -> None:
    start = time.process_time()
    fit = np.array([row for rows in battles(games // 2, fit_seed) for row in rows])
    errors = {scale: float(np.mean((squash(fit[:, 2], scale) - fit[:, 3]) ** 2)) for scale in SCALES}
    scale = min(errors, key=errors.get)
    held = np.array([row for rows in battles(games, seed) for row in rows])
    print(f"logistic scale fitted on {games // 2} battles of seed {fit_seed}: {scale} points "
          f"(errors by scale: {', '.join(f'{k} {v:.4f}' for k, v in errors.items())})")
    print(f"| stage | turns | value | one half | hard's score, logistic (scale {scale}) |")
    print("| --- | --- | --- | --- | --- |")
    for name, low, high in STAGES + (("all", 1, 10_000),):
        part = held[(held[:, 0] >= low) & (held[:, 0] <= high)]
        value = np.mean((part[:, 1] - part[:, 3]) ** 2)
        half = np.mean((0.5 - part[:, 3]) ** 2)
        logistic = np.mean((squash(part[:, 2], scale) - part[:, 3]) ** 2)
        print(f"| {name} | {len(part):,} | {value:.4f} | {half:.4f} | {logistic:.4f} |")
    print(f"{games} held-out battles (seed {seed}); {time.process_time() - start:.0f} s of CPU")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--fit-seed", type=int, default=3)
    args = parser.parse_args()
    if not math.isfinite(args.games) or args.games < 2:
        raise SystemExit("--games is at least 2")
    table(args.games, args.seed, args.fit_seed)


if __name__ == "__main__":
    main()
