"""Ancient Battles' search kernel: the rules again, as flat arrays, compiled for speed.

The engine (:class:`battleline.ancient.AncientGame`) is the reference and the API; this kernel
is a second implementation of the same rules for the bots' searches, held to the engine as
chess engines hold a move generator: :func:`perft` must count exactly what a plain recursion
over ``legal_actions``/``push``/``undo`` counts, and random battles agree action by action.

A position is one ``int64`` array (:mod:`~battleline.ancient.kernel.layout` names its fields)
and the dice one more; :func:`state_of` reads a game's position. It shares the standard
kernel's compile route (:mod:`battleline.compiled`): numba when it loads, cached on disk;
plain Python without it or with ``BATTLELINE_KERNEL=python``.

>>> from battleline.ancient import AncientGame
>>> g = AncientGame.scenario("marathon", seed=3)
>>> perft(g, 2) == sum(len(_after(g, a).legal_actions()) for a in g.legal_actions())
True
>>> sorted(map(str, legal_actions(g))) == sorted(map(str, g.legal_actions()))
True
>>> random_battles(2, seed=1)["battles"]
2
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np

from ...compiled.checks import MAX_PERFT_DEPTH, MAX_PERFT_NODES, check_perft_request, perft_stopped
from ...compiled import MODE, Preparation, compiled
from ...errors import shorten
from ...compiled.randomness import seed_stream
from ..actions import Action
from ..game import AncientGame, advanced_options
from .evaluation import SWITCHES, TERMS, weights_array as _weights_array
from .layout import (
    DICE_RNG, DICE_SHORT, DRAWN, MAX_ACTIONS, REASONS, WIDTH, decode, dice_of, encode, read_number,
    state_of,
)
from .play import perft_count, random_battles_run
from .rules import legal_actions as _kernel_legal_actions

__all__ = ["MODE", "compiled", "state_of", "legal_actions", "perft", "random_battles", "encode",
           "decode", "weights_array", "prepare_kernel", "kernel_ready", "kernel_preparing", "kernel_usable",
           "seed_stream"]


def _after(game: AncientGame, action: Action) -> AncientGame:
    g = AncientGame.from_position(game.position())
    g.push(action)
    return g


def legal_actions(game: AncientGame) -> list[Action]:
    """The kernel's legal actions for a game's position, as engine :class:`Action` values, in
    the engine's order (but for reinforcements completing a stack, which the engine lists in
    the order of a set). It takes a game only: a state array made by hand could send the
    compiled kernel outside its arrays.

    >>> [str(a) for a in legal_actions(AncientGame.empty(seed=1))]
    ['draw', 'end actions']
    """
    s = state_of(game)
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    n = _kernel_legal_actions(s, buffer)
    return [read_number(int(a), int(s[WIDTH])) for a in buffer[:n]]


def weights_array(weights) -> np.ndarray:
    """The evaluation's weights as the kernel takes them (:mod:`.evaluation`), from a class
    with the attributes of :class:`battleline.ancient.bots.evaluation.Weights` (the bots pass
    theirs: the kernel does not import the bots).

    >>> from battleline.ancient.bots.evaluation import Weights
    >>> w = weights_array(Weights); float(w[0]), len(w)
    (60.0, 20)
    """
    for name in TERMS + SWITCHES:
        value = getattr(weights, name, None)
        if not isinstance(value, (int, float, np.integer, np.floating)) or not math.isfinite(value):
            raise ValueError(f"the weights need {name!r}, a finite number, not {shorten(value)}")
    return _weights_array(weights)


MAX_DEPTH = MAX_PERFT_DEPTH


def perft(game: AncientGame, depth: int, *, max_nodes: int = MAX_PERFT_NODES) -> int:
    """How many action sequences of length ``depth`` start from ``game``'s position: actions
    as ``game.legal_actions()`` lists them, the dice as the game's stream holds them (its
    script, then its seed's rolls). The game is left unchanged.

    ``max_nodes`` bounds the work: a ValueError once the walk has played that many actions
    (the last level's are counted without being played), since compiled code does not stop
    for Ctrl-C. The default, 50 million, is about 18 s of CPU compiled (docs/ancient.md) and
    still lets depth 5 from a Marathon deployment count its 605 million leaves.

    >>> perft(AncientGame.empty(seed=1), 1)
    2
    >>> perft(AncientGame.scenario("marathon", seed=3), 3, max_nodes=100)
    Traceback (most recent call last):
    ...
    ValueError: perft stopped after 100 positions (max_nodes): ask for less depth or more max_nodes
    """
    check_perft_request(depth, max_nodes)
    if not isinstance(game, AncientGame):
        raise ValueError(f"perft counts from an AncientGame, not {shorten(type(game).__name__)}")
    root = state_of(game)
    extra = 64 * (depth + 1)
    while True:
        dice = dice_of(game, extra)
        count = int(perft_count(root, dice, depth, max_nodes))
        if count < 0:
            raise perft_stopped(max_nodes)
        if not dice[DICE_SHORT]:
            return count
        extra *= 4                         # a path read past the rolls given: give more


MAX_RANDOM_BATTLES = 10_000_000


def random_battles(n: int, seed: int, scenario: str = "issus", advanced="all") -> dict:
    """Play ``n`` random battles in the kernel by the rule of
    :func:`battleline.bench.bench_ancient` (the scenario's set-up, each decision uniform over
    the legal actions) and say how they ended. Each battle's Tactics deck and dice come from
    the kernel's own seeded stream. ``cpu_seconds`` is the CPU time they took.

    >>> r = random_battles(5, seed=7, scenario="marathon")
    >>> r["battles"], sum(r["ends"].values()), r["actions_mean"] > 50
    (5, 5, True)
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_RANDOM_BATTLES:
        raise ValueError(f"the number of battles is a whole number from 1 to {MAX_RANDOM_BATTLES:,}, "
                         f"not {shorten(n)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed is a whole number, not {shorten(seed)}")
    template = state_of(AncientGame.scenario(scenario, seed=seed, advanced=advanced_options(advanced)))
    results = np.zeros((n, 4), dtype=np.int64)
    start = time.process_time()
    random_battles_run(template, n, seed_stream(seed), results)
    took = time.process_time() - start
    ends: dict[str, int] = {}
    wins = [0, 0, 0]
    for winner, reason, _, over in results:
        name = REASONS[reason] if over else "unfinished"
        ends[name] = ends.get(name, 0) + 1
        if over:
            wins[2 if winner == DRAWN else winner] += 1
    return {"battles": n, "scenario": scenario, "ends": ends, "south": wins[1], "north": wins[0],
            "drawn": wins[2], "actions_mean": round(float(results[:, 2].mean()), 1),
            "cpu_seconds": round(took, 4), "mode": MODE}


KERNEL_NAME = "battleline.ancient.kernel"


def _warm() -> None:
    from .effects import apply
    from .evaluation import N_TERMS, SWITCHES, evaluate, evaluation_terms
    from .policy import play_out
    g = AncientGame.scenario("issus", seed=1, advanced="all")
    s, dice = state_of(g), dice_of(g, 64)
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    perft_count(s, dice, 2, MAX_PERFT_NODES)
    random_battles_run(s, 1, seed_stream(1), np.zeros((1, 4), dtype=np.int64))
    apply(s.copy(), dice, buffer[_kernel_legal_actions(s, buffer) - 1], buffer)
    params, terms = np.ones(N_TERMS + len(SWITCHES)), np.zeros(N_TERMS)    # any weights compile it
    evaluation_terms(s, 0, params, terms)
    evaluate(s, 0, params, terms)
    dice[DICE_RNG] = seed_stream(1)
    play_out(s.copy(), dice, params, 5)
    from .worlds import TACTIC_COUNT, deal_world, fresh_dice
    stream = np.array([seed_stream(2)], dtype=np.int64)
    deal_world(s.copy(), s, 0, np.empty(TACTIC_COUNT, dtype=np.int64), stream)
    fresh_dice(dice, stream)


_KERNEL = Preparation(KERNEL_NAME, _warm, Path(__file__).parent)


prepare_kernel, kernel_ready, kernel_preparing, kernel_usable = _KERNEL.public_functions()
