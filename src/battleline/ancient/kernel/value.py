"""A value of Ancient Battles positions learned from self-play by TD(lambda), as TD-Gammon learned.

The value is the chance that ``me`` wins from a kernel state, ``sigmoid(w . x)``, where ``x``
holds the active features out of :data:`FEATURE_COUNT`, all from ``me``'s view. Rows are
counted from ``me``'s Back Row (0) to the enemy's (3); "mine"/"theirs" is a unit's side.

* ``UNITS``: per troop card on the field, one entry of a table shared by every column:
  (mine/theirs, row, troop value 1-10, disrupted); a stack's second card counts too;
* ``ENGAGED``: per unit with an enemy unit on the square in front of it: (mine/theirs, its
  primary card's value, disrupted);
* ``LOSSES``: each side's eliminated points over its break point (half its army, as the
  casualty victory counts them), one-hot in fifths; ``SHAKEN``: each side's disrupted cards'
  points on the field, halved, over the break point;
* ``SHORT``: each side's undisrupted ground-holding units on the enemy Back Row, as the
  squares still short of the terrain victory (``width // 2 + 1``), one-hot 0 .. 4 or more;
  ``NEAR``: such units one step in front of an empty square of that row, over the need;
* ``EXPOSED`` (an enemy unit in front of the side's leader: 1, beyond an empty square: ½),
  ``RALLY_LEFT`` (a scenario leader on the field with its rally unspent), ``RESERVE``
  (cards / 10), ``HAND`` (Tactics cards / 4), for each side; the Tactics deck / 10, who
  acts next (``MY_MOVE``), the draw counter (quiet turns over the limit) and a bias.

:func:`train` plays self-play battles in the kernel, the arena's points mirror every other
battle and the seven scenarios in turn between (:func:`training_templates`): the
deployment (and the scenario leader's choice) uniformly at random, then both sides by the
play-out policy (:mod:`~battleline.ancient.kernel.policy`, with the evaluation's weights
the planner's play-outs use, passed in), each action-step decision random with chance ``epsilon``. At the start of
every player turn (as :class:`~battleline.ancient.bots.planner.TurnSearch` stops its
play-outs) both views are recorded; after the battle TD(lambda)
(:func:`battleline.compiled.td.td_learn`, shared with Battle Line's value) moves
each view's values toward the next one's and the last toward the result (1, ½, 0). The value
thus predicts a play-out's result, which is what the planner's play-outs measure;
:func:`leaf_value` scores a play-out's end with it. Everything is seeded.

    python -m battleline.ancient.kernel.value_training train --games 20000 --seed 1 \\
        --out src/battleline/ancient/kernel/value_weights.json

(:mod:`~battleline.ancient.kernel.value_training` passes the planner's play-out policy: the
kernel does not import the bots.)

>>> import numpy as np
>>> from battleline.ancient import AncientGame
>>> from battleline.ancient.kernel import state_of
>>> x = feature_vector(state_of(AncientGame.scenario("issus", seed=2)), 0)
>>> x.shape == (FEATURE_COUNT,), float(x[BIAS])
(True, 1.0)
>>> position_value(state_of(AncientGame.scenario("issus", seed=2)), 0, np.zeros(FEATURE_COUNT))
0.5
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from ...compiled import kernel_function
from ...compiled.bits import lowest_bit, popcount
from ...compiled.randomness import random_below, seed_stream, shuffle, xorshift
from ...errors import shorten
from ...compiled.td import outcome_error, put, sparse_value, td_learn
from ..armies import Army
from ..game import AncientGame
from .effects import apply, cost, settle
from .evaluation import N_TERMS, SWITCHES
from .layout import (
    ARMY_POINTS, CELLS, DECK, DECK_LEN, DICE_COUNT, DICE_POS, DICE_RNG, DICE_SHORT, DISRUPTED,
    DRAW_AFTER, DRAWN, HALF, HAND, LEADER_CARD, LEADER_OF, LEADER_RALLIED, LOST_POINTS, MAX_ACTIONS,
    MAX_SQUARES, NOBODY, OCCUPIED, OWNER, P_ACTIONS, P_DEPLOY, P_LEADER, P_MELEE, P_TACTICS, PHASE,
    QUIET_TURNS, RESERVE, ROWS, SIDE_SQUARES, STACKED, STATE_SIZE, TO_ACT, TURN, WHERE, WIDTH, WINNER,
    state_of,
)
from .policy import leader_exposure, quick_reply
from .rules import HOLDS_GROUND, forward, has, value_of

__all__ = ["FEATURE_COUNT", "MAX_ACTIVE", "features", "feature_vector", "position_value", "train",
           "leaf_value", "state_value", "player_turn_started", "load_weights", "WEIGHTS_PATH",
           "TRAINING_SCENARIOS"]

SIDES, TYPES, DISRUPTION = 2, 10, 2          # mine/theirs; troop values 1-10; steady/disrupted
UNITS = 0                                    # (side, row, value, disrupted) per troop card
UNITS_SIZE = SIDES * ROWS * TYPES * DISRUPTION
ENGAGED = UNITS + UNITS_SIZE                 # (side, value, disrupted) per unit facing an enemy
ENGAGED_SIZE = SIDES * TYPES * DISRUPTION
LOSS_STEPS = 5                               # eliminated points over the break point, in fifths
LOSSES = ENGAGED + ENGAGED_SIZE              # one-hot per side: mine 0-4, theirs 5-9
SHORT_STEPS = 5                              # Back Row squares short of the terrain victory: 0 .. 4+
SHORT = LOSSES + SIDES * LOSS_STEPS          # one-hot per side
SHAKEN = SHORT + SIDES * SHORT_STEPS         # per side: disrupted points, halved, over the break point
NEAR = SHAKEN + SIDES                        # per side: units a step from an empty enemy Back Row square
EXPOSED = NEAR + SIDES                       # per side: enemy in front of the leader (1, ½)
RALLY_LEFT = EXPOSED + SIDES                 # per side: a scenario leader with its rally unspent
RESERVE_SIZE = RALLY_LEFT + SIDES            # per side: reserve cards / 10
HAND_SIZE = RESERVE_SIZE + SIDES             # per side: Tactics in hand / 4
TACTIC_DECK = HAND_SIZE + SIDES              # the Tactics deck / 10
MY_MOVE = TACTIC_DECK + 1                    # 1 when me acts next
DRAW_CLOCK = MY_MOVE + 1                     # quiet turns over the draw limit
BIAS = DRAW_CLOCK + 1
FEATURE_COUNT = BIAS + 1
MAX_ACTIVE = 3 * MAX_SQUARES + 32            # two cards and an engagement a square, the rest
MAX_BATTLE_TURNS = 400                       # player turns recorded (the draw rule ends battles well before)
MAX_BATTLE_ACTIONS = 20_000                  # a guard: a battle by the policy takes a few hundred
DICE_ROOM = 1 << 16
TRAINING_SCENARIOS = ("cunaxa", "issus", "gaugamela", "indus", "marathon", "sicily", "raphia")
# The points battle of the arena's mirror: the armies ``medium`` and ``hard`` build for its seats
# (south's colours ROY, north's GBP; a test holds them to the bots'). It is every other
# battle of the self-play, the seven scenarios in turn between.
POINTS_SOUTH = "R1 R3* R4 R5 R7* R8 R10 O1 O3* O4 O5 O7* O8 O10 Y4 Y5 Y8"
POINTS_NORTH = "G1 G3* G4 G5 G7* G8 G10 B1 B3* B4 B5 B7* B8 B10 P4 P5 P8"
WEIGHTS_PATH = Path(__file__).with_name("value_weights.json")


@kernel_function
def row_from(s, me, sq):
    """The row of ``sq`` counted from ``me``'s Back Row (0) to the enemy's (3)."""
    row = sq // s[WIDTH]
    return row if me == 1 else ROWS - 1 - row


@kernel_function
def unit_entry(me, owner, row, card, disrupted):
    """The ``UNITS`` index of one troop card."""
    side = 0 if owner == me else 1
    return UNITS + ((side * ROWS + row) * TYPES + value_of(card) - 1) * DISRUPTION + (1 if disrupted else 0)


@kernel_function
def field_features(s, me, index, value, n):
    """The ``UNITS`` and ``ENGAGED`` entries of every unit on the field; returns the new count."""
    m = s[OCCUPIED]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        c = s[CELLS + sq]
        q = s[OWNER + c]
        dis = has(s[DISRUPTED], c)
        row = row_from(s, me, sq)
        n = put(index, value, n, unit_entry(me, q, row, c, dis), 1.0)
        other = s[STACKED + sq]
        if other >= 0:
            n = put(index, value, n, unit_entry(me, q, row, other, has(s[DISRUPTED], other)), 1.0)
        f = forward(s, q, sq)
        if f >= 0 and has(s[SIDE_SQUARES + 1 - q], f):
            side = 0 if q == me else 1
            n = put(index, value, n, ENGAGED + (side * TYPES + value_of(c) - 1) * DISRUPTION + (1 if dis else 0), 1.0)
    return n


@kernel_function
def shaken_points(s, q):
    """Half the points of side ``q``'s disrupted cards on the field."""
    total = 0.0
    m = s[SIDE_SQUARES + q]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        for c in (s[CELLS + sq], s[STACKED + sq]):
            if c >= 0 and has(s[DISRUPTED], c):
                total += 0.5 * cost(s, c)
    return total


@kernel_function
def back_row_counts(s, q):
    """(held, near): side ``q``'s undisrupted ground-holding units on the enemy Back Row, and
    those one step in front of an empty square of it."""
    w = s[WIDTH]
    enemy_back = 0 if q == 0 else (ROWS - 1) * w       # north's enemy is south, whose Back Row is row 0
    held = 0
    near = 0
    m = s[SIDE_SQUARES + q]
    while m:
        sq = lowest_bit(m)
        m &= m - 1
        c = s[CELLS + sq]
        if has(s[DISRUPTED], c) or not HOLDS_GROUND[value_of(c)]:
            continue
        if enemy_back <= sq < enemy_back + w:
            held += 1
        else:
            f = forward(s, q, sq)
            if f >= 0 and enemy_back <= f < enemy_back + w and not has(s[OCCUPIED], f):
                near += 1
    return held, near


@kernel_function
def side_features(s, me, q, index, value, n):
    """The per-side entries of side ``q`` (slot 0 if it is ``me``'s, 1 if the enemy's)."""
    k = 0 if q == me else 1
    brk = max(1.0, s[ARMY_POINTS + q] / 2.0)
    n = put(index, value, n, LOSSES + k * LOSS_STEPS + min(LOSS_STEPS - 1, int(s[LOST_POINTS + q] / brk * LOSS_STEPS)), 1.0)
    held, near = back_row_counts(s, q)
    need = s[WIDTH] // 2 + 1
    n = put(index, value, n, SHORT + k * SHORT_STEPS + min(SHORT_STEPS - 1, max(0, need - held)), 1.0)
    n = put(index, value, n, SHAKEN + k, shaken_points(s, q) / brk)
    n = put(index, value, n, NEAR + k, near / need)
    n = put(index, value, n, EXPOSED + k, leader_exposure(s, q))
    leader = s[LEADER_OF + q]
    alive = s[LEADER_CARD + q] >= 0 and leader >= 0 and s[WHERE + leader] >= 0
    n = put(index, value, n, RALLY_LEFT + k, 1.0 if alive and s[LEADER_RALLIED + q] == 0 else 0.0)
    n = put(index, value, n, RESERVE_SIZE + k, popcount(s[RESERVE + q]) / 10.0)
    return put(index, value, n, HAND_SIZE + k, popcount(s[HAND + q]) / 4.0)


@kernel_function
def features(s, me, index, value):
    """Write the active features of ``s`` from ``me``'s view into ``index``/``value``
    (each at least :data:`MAX_ACTIVE` long); returns how many."""
    n = field_features(s, me, index, value, 0)
    n = side_features(s, me, me, index, value, n)
    n = side_features(s, me, 1 - me, index, value, n)
    n = put(index, value, n, TACTIC_DECK, s[DECK_LEN] / 10.0)
    n = put(index, value, n, MY_MOVE, 1.0 if s[TO_ACT] == me else 0.0)
    if s[DRAW_AFTER] > 0:
        n = put(index, value, n, DRAW_CLOCK, s[QUIET_TURNS] / s[DRAW_AFTER])
    return put(index, value, n, BIAS, 1.0)


@kernel_function
def state_value(s, me, weights):
    """The learned chance that ``me`` wins from ``s`` (a battle still going)."""
    index = np.empty(MAX_ACTIVE, dtype=np.int64)
    value = np.empty(MAX_ACTIVE, dtype=np.float64)
    n = features(s, me, index, value)
    return sparse_value(weights, index, value, n)


@kernel_function
def outcome_for(s, me):
    """1, ½ or 0: the battle's result for ``me`` (½ for a draw or a battle not finished)."""
    if s[WINNER] == me:
        return 1.0
    return 0.5 if s[WINNER] == DRAWN or s[WINNER] == NOBODY else 0.0


@kernel_function
def leaf_value(s, me, weights):
    """The finished battle's result for ``me``, or the learned value of the state it stands in."""
    if s[WINNER] != NOBODY:
        return outcome_for(s, me)
    return state_value(s, me, weights)


@kernel_function
def player_turn_started(s, last):
    """Whether ``s`` is in a player turn other than ``last`` (turn, half), which it then
    records: a new player turn has begun (as the planner's play-outs count them)."""
    if P_TACTICS <= s[PHASE] <= P_MELEE and (s[TURN] != last[0] or s[HALF] != last[1]):
        last[0] = s[TURN]
        last[1] = s[HALF]
        return True
    return False


# ------------------------------------------------------------------ self-play and TD(lambda)
@kernel_function
def self_play_battle(s, dice, rng, params, epsilon, index, value, counts, work):
    """Play the battle set up in ``s`` to its end: the leader's choice and the deployment
    uniformly at random, then the play-out policy (``params``), each action-step decision
    random with chance ``epsilon``. At each player turn's start both views are recorded
    (view p in ``index[p]``/``value[p]``/``counts[p]``). Returns the turns recorded."""
    actions, scratch = work[0], work[1]
    copy = np.empty(STATE_SIZE, dtype=np.int64)
    terms = np.empty(N_TERMS, dtype=np.float64)
    last = np.full(2, -1, dtype=np.int64)
    n = settle(s, dice, actions)
    turns = 0
    for _ in range(MAX_BATTLE_ACTIONS):
        if n == 0:
            break
        if player_turn_started(s, last) and turns < MAX_BATTLE_TURNS:
            for p in range(2):
                counts[p, turns] = features(s, p, index[p, turns], value[p, turns])
            turns += 1
        ph = s[PHASE]
        if ph == P_LEADER or ph == P_DEPLOY or (ph == P_ACTIONS and random_below(rng, 1_000_000) < epsilon * 1_000_000):
            a = actions[random_below(rng, n)]
        else:
            a = quick_reply(s, dice, params, actions, n, copy, scratch, terms)
        n = apply(s, dice, a, actions)
    return turns


@kernel_function
def fresh_battle(s, template, dice, rng):
    """``s`` becomes ``template`` with its Tactics deck shuffled and fresh dice from ``rng``."""
    s[:] = template
    shuffle(s[DECK:], s[DECK_LEN], rng)
    s[DICE_POS] = 0
    rng[0] = xorshift(rng[0])
    dice[DICE_COUNT] = 0
    dice[DICE_SHORT] = 0
    dice[DICE_RNG] = xorshift(rng[0] ^ 0x5DEECE66D) | 1


@kernel_function
def train_battles(weights, templates, first, n_games, rng, params, alpha, lam, epsilon, results):
    """Self-play ``n_games`` battles, battle g from template ``(first + g) % len(templates)``,
    learning from each by TD(lambda) for both views; ``results[g]`` gets (winner, turns, view
    0's squared error against the result before the battle is learned)."""
    s = np.empty(STATE_SIZE, dtype=np.int64)
    dice = np.zeros(3 + DICE_ROOM, dtype=np.int64)
    index = np.zeros((2, MAX_BATTLE_TURNS, MAX_ACTIVE), dtype=np.int64)
    value = np.zeros((2, MAX_BATTLE_TURNS, MAX_ACTIVE), dtype=np.float64)
    counts = np.zeros((2, MAX_BATTLE_TURNS), dtype=np.int64)
    work = np.empty((2, MAX_ACTIONS), dtype=np.int64)
    trace = np.zeros(len(weights), dtype=np.float64)
    for g in range(n_games):
        fresh_battle(s, templates[(first + g) % len(templates)], dice, rng)
        n = self_play_battle(s, dice, rng, params, epsilon, index, value, counts, work)
        results[g, 0] = s[WINNER]
        results[g, 1] = n
        results[g, 2] = outcome_error(weights, index[0], value[0], counts[0], n, outcome_for(s, 0))
        for p in range(2):
            td_learn(weights, index[p], value[p], counts[p], n, outcome_for(s, p), alpha, lam, trace)


# ------------------------------------------------------------------ Python side
def check_side(me) -> int:
    if isinstance(me, bool) or me not in (0, 1):
        raise ValueError(f"me is the side 0 (north) or 1 (south), not {shorten(me)}")
    return int(me)


def feature_vector(state: np.ndarray, me: int) -> np.ndarray:
    """The dense feature vector (:data:`FEATURE_COUNT` floats) of a kernel state from ``me``'s view."""
    me = check_side(me)
    index = np.empty(MAX_ACTIVE, dtype=np.int64)
    value = np.empty(MAX_ACTIVE, dtype=np.float64)
    n = features(state, me, index, value)
    out = np.zeros(FEATURE_COUNT)
    np.add.at(out, index[:n], value[:n])
    return out


def position_value(state: np.ndarray, me: int, weights: np.ndarray) -> float:
    """The learned chance that ``me`` wins from a kernel state (the result if it is over)."""
    return float(leaf_value(state, check_side(me), np.asarray(weights, dtype=np.float64)))


def load_weights(path: str | Path = WEIGHTS_PATH) -> np.ndarray:
    """The weights saved by :func:`train` (the shipped file by default)."""
    doc = json.loads(Path(path).read_text())
    weights = np.array(doc["weights"], dtype=np.float64)
    if weights.shape != (FEATURE_COUNT,):
        raise ValueError(f"a value's weights are {FEATURE_COUNT} numbers, not {len(weights)}: "
                         f"{shorten(str(path))} was saved for other features")
    return weights


def training_templates(seed: int) -> np.ndarray:
    """The set-ups self-play starts from, in turn: the points mirror (:data:`POINTS_SOUTH`
    against :data:`POINTS_NORTH`) before each of :data:`TRAINING_SCENARIOS` (basic rules,
    before the leader's choice and the deployment), dealt with ``seed``."""
    points = state_of(AncientGame.points(Army.from_text(POINTS_SOUTH), Army.from_text(POINTS_NORTH), seed=seed))
    out = []
    for name in TRAINING_SCENARIOS:
        out += [points, state_of(AncientGame.scenario(name, seed=seed))]
    return np.array(out)


def check_training(games, seed, batch) -> None:
    for name, number in (("games", games), ("batch", batch)):
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ValueError(f"{name} is a whole number of at least 1, not {shorten(number)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed is a whole number, not {shorten(seed)}")


def train(games: int, seed: int, policy: np.ndarray, alpha: float = 0.01, lam: float = 0.7,
          epsilon: float = 0.05, batch: int = 1000, report=None) -> dict:
    """Train the weights from zero on ``games`` self-play battles (see the module docstring)
    played by the play-out ``policy`` (the evaluation's weights, :func:`kernel.weights_array`);
    returns the weights and how training went, batch by batch (``report`` is called with
    each batch's line)."""
    check_training(games, seed, batch)
    policy = np.asarray(policy, dtype=np.float64)
    if policy.shape != (N_TERMS + len(SWITCHES),):
        raise ValueError(f"the play-out policy is {N_TERMS + len(SWITCHES)} numbers, not {shorten(policy.shape)}")
    templates = training_templates(seed)
    weights = np.zeros(FEATURE_COUNT, dtype=np.float64)
    rng = np.array([seed_stream(seed)], dtype=np.int64)
    batches = []
    start = time.process_time()
    done = 0
    while done < games:
        n = min(batch, games - done)
        results = np.zeros((n, 3), dtype=np.float64)
        train_battles(weights, templates, done, n, rng, policy, alpha, lam, epsilon, results)
        done += n
        line = {"games": done, "turns_mean": round(float(results[:, 1].mean()), 1),
                "unfinished": int((results[:, 0] == NOBODY).sum()),
                "outcome_error_per_turn": round(float(results[:, 2].sum() / max(1.0, results[:, 1].sum())), 5)}
        batches.append(line)
        if report is not None:
            report(line)
    return {"weights": weights, "batches": batches, "cpu_seconds": round(time.process_time() - start, 1),
            "games": games, "seed": seed, "alpha": alpha, "lambda": lam, "epsilon": epsilon,
            "policy": [float(x) for x in policy]}
