"""A value of Battle Line positions learned from self-play by TD(lambda), as TD-Gammon learned.

The value is the chance that ``me`` wins from a kernel state, ``sigmoid(w . x)``, where ``x``
holds a few dozen active features out of :data:`FEATURE_COUNT`, all from ``me``'s view:

* for each unclaimed flag one entry of an n-tuple table shared by the nine flags: the joint
  of each side's *class* (the best formation it could still complete, with its own cards and
  the troops neither visible nor in the other hand: none, Host, Skirmish Line, Battalion
  Order, Phalanx, Wedge; under Fog any completion is a Host), each side's *fill* (empty,
  partly filled, complete; Mud asks four cards) and which side's strength is higher;
* for each three adjacent flags (1-3 ... 7-9) one entry of a table shared by the seven
  triples: each flag as held by me, held by them, or led by me, even, led by them (the
  breakthrough threats);
* global features: flags held by each side (one-hot), the decks' sizes, Tactics cards in
  each hand and played, whether ``me`` moves next, and a bias.

:func:`train` plays self-play games in the kernel: at the start of each turn the mover
claims what it can prove, the state is recorded from both sides' views, then the mover plays
the greedy play-out rule (:mod:`~battleline.standard.kernel.policy`), or with chance
``epsilon`` a random legal move; draws as the rule draws. After each game TD(lambda)
(:func:`td_learn`) moves each view's values toward the next one's and the last toward the
result (1, ½, 0). The value thus predicts a greedy play-out's result, which is what the
planner's play-outs measure; :func:`play_turns` and :func:`leaf_value` cut a play-out short
with it. Everything is seeded: a seed reproduces the weights exactly.

    python -m battleline.standard.kernel.value train --games 20000 --seed 1 \\
        --out src/battleline/standard/kernel/value_weights.json

>>> import numpy as np
>>> from battleline import Game
>>> from battleline.standard.kernel import state_of
>>> x = feature_vector(state_of(Game(seed=2)), 0)
>>> x.shape == (FEATURE_COUNT,), float(x[BIAS])
(True, 1.0)
>>> 0.0 < position_value(state_of(Game(seed=2)), 0, np.zeros(FEATURE_COUNT)) < 1.0
True
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from ...compiled import kernel_function
from ...errors import shorten
from ...compiled.bits import popcount
from ...compiled.randomness import random_below, seed_stream
from .layout import (
    CLAIMED, DECK_LEN, DRAWN, FOG_FLAG, HAND_TACTICS, HAND_TROOPS, MAX_MOVES, OVER, PHASE, PLAY,
    SIDE_LEN, STATE_SIZE, TACTICS_PLAYED, TO_MOVE, TROOPS_ALL, TURN_ACTIVE, VISIBLE, WINNER,
)
from .play import claim_all, deal
from .policy import POLICY_GREEDY, policy_step
from .rules import apply_move, cards_needed, claims_open, legal_moves, provable_flags, side_index, side_masks, strength_under
from .strength import NO_COMPLETION, RANK_STEP, completion_strength
from ...compiled.td import outcome_error, put, sparse_value, td_learn

__all__ = ["FEATURE_COUNT", "MAX_ACTIVE", "features", "feature_vector", "position_value", "td_learn",
           "train", "play_turns", "leaf_value", "load_weights", "WEIGHTS_PATH", "main"]

CLASSES, FILLS, ORDERS = 6, 3, 3            # none + five formations; empty/part/complete; lower/even/higher
FLAG_TABLE = CLASSES * FILLS * CLASSES * FILLS * ORDERS
FLAG_STATES = 5                              # held by me, by them; led by me, even, led by them
TRIPLE_BASE = FLAG_TABLE
TRIPLE_TABLE = FLAG_STATES ** 3
HELD_MINE = TRIPLE_BASE + TRIPLE_TABLE       # one-hot 0..4 flags held
HELD_THEIRS = HELD_MINE + 5
TROOP_DECK_SIZE = HELD_THEIRS + 5            # share of the 60 troops still in the deck
TACTIC_DECK_SIZE = TROOP_DECK_SIZE + 1       # share of the 10 Tactics still in the deck
TACTICS_MINE = TACTIC_DECK_SIZE + 1          # Tactics cards in my hand, / 4
TACTICS_THEIRS = TACTICS_MINE + 1
TACTICS_LEAD = TACTICS_THEIRS + 1            # Tactics played by me less by them
MY_MOVE = TACTICS_LEAD + 1                   # 1 when me moves next
BIAS = MY_MOVE + 1
FEATURE_COUNT = BIAS + 1
MAX_ACTIVE = 9 + 7 + 2 + 8                   # flags, triples, held one-hots, the scalars
MAX_GAME_TURNS = 400                         # a guard: the deadlock rule ends games well before
WEIGHTS_PATH = Path(__file__).with_name("value_weights.json")


@kernel_function
def side_potential(s, player, flag, available):
    """(strength, fill) of ``player``'s side at ``flag``: the strength of the complete side,
    or the strongest completion with troops of ``available`` (``NO_COMPLETION`` if none)."""
    need = cards_needed(s, flag)
    count = s[SIDE_LEN + side_index(player, flag)]
    fog = s[FOG_FLAG] == flag
    if count >= need:
        return strength_under(s, player, flag, fog), 2
    troops, wilds = side_masks(s, player, flag)
    return completion_strength(troops, wilds, available, need - count, fog), 1 if count > 0 else 0


@kernel_function
def strength_class(strength, fog):
    """0 for no completion; 1 (Host) .. 5 (Wedge); any completion under Fog is a Host."""
    if strength == NO_COMPLETION:
        return 0
    if fog:
        return 1
    return strength // RANK_STEP + 1


@kernel_function
def flag_entry(s, me, flag, unseen):
    """(index in the flag table, flag state 2-4) of the unclaimed ``flag`` from ``me``'s view."""
    them = 1 - me
    fog = s[FOG_FLAG] == flag
    mine, my_fill = side_potential(s, me, flag, unseen & ~s[HAND_TROOPS + them])
    theirs, their_fill = side_potential(s, them, flag, unseen & ~s[HAND_TROOPS + me])
    order = 2 if mine > theirs else (1 if mine == theirs else 0)
    index = (((strength_class(mine, fog) * FILLS + my_fill) * CLASSES + strength_class(theirs, fog)) * FILLS
             + their_fill) * ORDERS + order
    return index, 4 - order


@kernel_function
def features(s, me, index, value):
    """Write the active features of ``s`` from ``me``'s view into ``index``/``value``
    (each at least :data:`MAX_ACTIVE` long); returns how many."""
    them = 1 - me
    unseen = TROOPS_ALL & ~s[VISIBLE]
    states = np.zeros(10, dtype=np.int64)
    n = 0
    held_mine = 0
    held_theirs = 0
    for f in range(1, 10):
        owner = s[CLAIMED + f]
        if owner == me:
            states[f] = 0
            held_mine += 1
        elif owner == them:
            states[f] = 1
            held_theirs += 1
        else:
            entry, state = flag_entry(s, me, f, unseen)
            states[f] = state
            index[n] = entry
            value[n] = 1.0
            n += 1
    for f in range(1, 8):
        index[n] = TRIPLE_BASE + (states[f] * FLAG_STATES + states[f + 1]) * FLAG_STATES + states[f + 2]
        value[n] = 1.0
        n += 1
    n = put(index, value, n, HELD_MINE + min(held_mine, 4), 1.0)
    n = put(index, value, n, HELD_THEIRS + min(held_theirs, 4), 1.0)
    n = put(index, value, n, TROOP_DECK_SIZE, s[DECK_LEN] / 60.0)
    n = put(index, value, n, TACTIC_DECK_SIZE, s[DECK_LEN + 1] / 10.0)
    n = put(index, value, n, TACTICS_MINE, popcount(s[HAND_TACTICS + me]) / 4.0)
    n = put(index, value, n, TACTICS_THEIRS, popcount(s[HAND_TACTICS + them]) / 4.0)
    n = put(index, value, n, TACTICS_LEAD, float(s[TACTICS_PLAYED + me] - s[TACTICS_PLAYED + them]))
    n = put(index, value, n, MY_MOVE, 1.0 if s[TO_MOVE] == me else 0.0)
    return put(index, value, n, BIAS, 1.0)


@kernel_function
def state_value(s, me, weights):
    """The learned chance that ``me`` wins from ``s`` (not over)."""
    index = np.empty(MAX_ACTIVE, dtype=np.int64)
    value = np.empty(MAX_ACTIVE, dtype=np.float64)
    n = features(s, me, index, value)
    return sparse_value(weights, index, value, n)


@kernel_function
def outcome_for(s, me):
    """1, ½ or 0: the finished game's result for ``me``."""
    if s[WINNER] == me:
        return 1.0
    return 0.5 if s[WINNER] == DRAWN else 0.0


# ------------------------------------------------------------------ TD(lambda)
@kernel_function
def turn_start(s):
    """Whether ``s`` is the start of a turn (the play phase, nothing done yet)."""
    return s[PHASE] == PLAY and s[TURN_ACTIVE] == 0


@kernel_function
def self_play_game(s, rng, epsilon, index, value, counts, moves):
    """Play one dealt game (``s``) by the greedy rule with ``epsilon`` exploration, recording
    at each turn's start (after the mover's claims) both views' features: view p in
    ``index[p]``/``value[p]``/``counts[p]``. Returns the turns recorded."""
    n = 0
    while s[PHASE] != OVER:
        if turn_start(s):
            if provable_flags(s, s[TO_MOVE]):
                claim_all(s)
                if s[PHASE] == OVER:
                    break
            if n < MAX_GAME_TURNS:
                for p in range(2):
                    counts[p, n] = features(s, p, index[p, n], value[p, n])
                n += 1
            if random_below(rng, 1_000_000) < epsilon * 1_000_000:
                k = legal_moves(s, moves, False)
                apply_move(s, moves[random_below(rng, k)])
                continue
        policy_step(s, POLICY_GREEDY)
    return n


@kernel_function
def train_games(weights, n_games, rng, alpha, lam, epsilon, results):
    """Deal and self-play ``n_games`` games, learning from each by :func:`td_learn` for both
    views; ``results[g]`` gets (winner, turns, view 0's squared error against the result
    before the game is learned: :func:`outcome_error`)."""
    s = np.empty(STATE_SIZE, dtype=np.int64)
    index = np.zeros((2, MAX_GAME_TURNS, MAX_ACTIVE), dtype=np.int64)
    value = np.zeros((2, MAX_GAME_TURNS, MAX_ACTIVE), dtype=np.float64)
    counts = np.zeros((2, MAX_GAME_TURNS), dtype=np.int64)
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    trace = np.zeros(len(weights), dtype=np.float64)
    for g in range(n_games):
        deal(s, rng, 0)
        n = self_play_game(s, rng, epsilon, index, value, counts, moves)
        results[g, 0] = s[WINNER]
        results[g, 1] = n
        results[g, 2] = outcome_error(weights, index[0], value[0], counts[0], n, outcome_for(s, 0))
        for p in range(2):
            td_learn(weights, index[p], value[p], counts[p], n, outcome_for(s, p), alpha, lam, trace)


# ------------------------------------------------------------------ the leaf
@kernel_function
def play_turns(s, turns, policy, max_moves):
    """Play the ``policy`` for both sides until the game ends, or ``turns`` turns have started
    (then stop at the next turn's start, after the mover's claims); returns the turns begun."""
    begun = 0
    made = 0
    while s[PHASE] != OVER and made < max_moves:
        if turn_start(s):
            if claims_open(s) and provable_flags(s, s[TO_MOVE]):
                made += claim_all(s)
                if s[PHASE] == OVER:
                    break
            if begun == turns:
                break
            begun += 1
        made += policy_step(s, policy)
    return begun


@kernel_function
def leaf_value(s, me, weights):
    """The finished game's result for ``me``, or the learned value of the state it stands in."""
    if s[PHASE] == OVER:
        return outcome_for(s, me)
    return state_value(s, me, weights)


# ------------------------------------------------------------------ Python side
def feature_vector(state: np.ndarray, me: int) -> np.ndarray:
    """The dense feature vector (:data:`FEATURE_COUNT` floats) of a kernel state from ``me``'s view."""
    if me not in (0, 1):
        raise ValueError(f"me is the seat 0 or 1, not {shorten(me)}")
    index = np.empty(MAX_ACTIVE, dtype=np.int64)
    value = np.empty(MAX_ACTIVE, dtype=np.float64)
    n = features(state, me, index, value)
    out = np.zeros(FEATURE_COUNT)
    np.add.at(out, index[:n], value[:n])
    return out


def position_value(state: np.ndarray, me: int, weights: np.ndarray) -> float:
    """The learned chance that ``me`` wins from a kernel state (the result if it is over)."""
    if me not in (0, 1):
        raise ValueError(f"me is the seat 0 or 1, not {shorten(me)}")
    return float(leaf_value(state, me, np.asarray(weights, dtype=np.float64)))


def load_weights(path: str | Path = WEIGHTS_PATH) -> np.ndarray:
    """The weights saved by :func:`train` (the shipped file by default)."""
    doc = json.loads(Path(path).read_text())
    weights = np.array(doc["weights"], dtype=np.float64)
    if weights.shape != (FEATURE_COUNT,):
        raise ValueError(f"a value's weights are {FEATURE_COUNT} numbers, not {len(weights)}: "
                         f"{shorten(str(path))} was saved for other features")
    return weights


def train(games: int, seed: int, alpha: float = 0.02, lam: float = 0.7, epsilon: float = 0.1,
          batch: int = 1000, report=None) -> dict:
    """Train the weights from zero on ``games`` self-play games (see the module docstring);
    returns the weights and how training went, batch by batch (``report`` is called with
    each batch's line)."""
    for name, number in (("games", games), ("batch", batch)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ValueError(f"{name} is a whole number of at least 1, not {shorten(number)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed is a whole number, not {shorten(seed)}")
    weights = np.zeros(FEATURE_COUNT, dtype=np.float64)
    rng = np.array([seed_stream(seed)], dtype=np.int64)
    batches = []
    start = time.process_time()
    done = 0
    while done < games:
        n = min(batch, games - done)
        results = np.zeros((n, 3), dtype=np.float64)
        train_games(weights, n, rng, alpha, lam, epsilon, results)
        done += n
        line = {"games": done, "turns_mean": round(float(results[:, 1].mean()), 1),
                "outcome_error_per_turn": round(float(results[:, 2].sum() / max(1.0, results[:, 1].sum())), 5)}
        batches.append(line)
        if report is not None:
            report(line)
    return {"weights": weights, "batches": batches, "cpu_seconds": round(time.process_time() - start, 1),
            "games": games, "seed": seed, "alpha": alpha, "lambda": lam, "epsilon": epsilon}


def save(result: dict, path: str | Path) -> None:
    """Write a :func:`train` result as the small JSON file the planner loads."""
    doc = {key: value for key, value in result.items() if key != "weights"}
    doc["features"] = FEATURE_COUNT
    doc["command"] = (f"python -m battleline.standard.kernel.value train --games {result['games']} "
                      f"--seed {result['seed']} --alpha {result['alpha']} --lambda {result['lambda']} "
                      f"--epsilon {result['epsilon']}")
    doc["weights"] = [round(float(w), 5) for w in result["weights"]]
    Path(path).write_text(json.dumps(doc, separators=(",", ":")) + "\n")


def main(argv: list[str] | None = None) -> None:
    """``python -m battleline.standard.kernel.value train --games N --seed S --out FILE``."""
    parser = argparse.ArgumentParser(prog="python -m battleline.standard.kernel.value")
    parser.add_argument("command", choices=["train"])
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--alpha", type=float, default=0.02)
    parser.add_argument("--lambda", dest="lam", type=float, default=0.7)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    result = train(args.games, args.seed, args.alpha, args.lam, args.epsilon, report=print)
    save(result, args.out)
    print(f"{args.games} games in {result['cpu_seconds']} s of CPU; weights in {args.out}")


if __name__ == "__main__":
    main()
