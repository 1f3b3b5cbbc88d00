"""Holding the Ancient kernel to the engine: perft and whole battles compared action by action.

``python -m battleline.ancient.kernel check --battles 140 --perft-positions 210 --depth 3``
plays random battles with the engine in every scenario and in points battles, under every
set of Advanced rules of :data:`RULE_SETS` (none, each alone, all, all but each), replays
each in the kernel, and at every position compares the legal actions (as sets, and their
order) and the whole state; then it compares :func:`battleline.ancient.kernel.perft` with :func:`reference_perft`
on positions sampled from those battles, the same number from each setting. It prints the
counts and exits non-zero on any disagreement.

>>> from battleline.ancient import AncientGame
>>> reference_perft(AncientGame.empty(seed=1), 1)
2
>>> compare_battles(range(2))["disagreements"]
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import numpy as np

from ...compiled.checks import compare_perft as shared_compare_perft
from ...errors import shorten
from ..armies import SCENARIO_NAMES, Army
from ..dice import MAX_SEED
from ..game import AncientGame
from ..state import ADVANCED_RULES
from . import MODE, perft
from .effects import apply
from .layout import (
    DECK, DECK_LEN, DICE_SHORT, FLANK, FLANK_LEN, MAX_ACTIONS, MAX_FLANK, PHASE, PHASES, P_OVER, RALLY,
    RALLY_LEN, TO_ACT, WIDTH, dice_of, encode, state_of,
)
from .play import MAX_BATTLE_ACTIONS
from .rules import legal_actions

__all__ = ["reference_perft", "compare_battles", "compare_perft", "battle", "SETTINGS", "RULE_SETS", "main"]

# Every set of Advanced rules the checks use: none, each alone, all, and all but each.
RULE_SETS: tuple[tuple[str, ...], ...] = (
    ((),) + tuple((r,) for r in ADVANCED_RULES) + (ADVANCED_RULES,)
    + tuple(tuple(x for x in ADVANCED_RULES if x != r) for r in ADVANCED_RULES))
# Two points battles beside the seven scenarios: a mirror of cavalry and heavy infantry, and
# armies with every troop type, bows, Chariots and Elephants.
POINTS_ARMIES = (
    ("R8 O8 Y8 R7* O7 Y7 R6 O6 Y6 R5 O5 Y5 R4 O4 Y4", "G8 B8 P8 G7* B7 P7 G6 B6 P6 G5 B5 P5 G4 B4 P4"),
    ("R1 O1 Y1 R2 O2 R3* O3* R9 O9 R10 O10 R4 O4 Y4 R5 O5", "G1 B2 G3 B3* P3 G6 B6 G7* B7 G8 P9 G10 B10 G5 B5 P5"),
)
SETTINGS: tuple[str, ...] = tuple(SCENARIO_NAMES) + tuple(f"points{i + 1}" for i in range(len(POINTS_ARMIES)))


def battle(setting: str, seed: int, advanced=()) -> AncientGame:
    """A new battle of a setting: a scenario's name, or ``points1``/``points2``."""
    if setting.startswith("points"):
        south, north = POINTS_ARMIES[int(setting[6:]) - 1]
        return AncientGame.points(Army.from_text(south), Army.from_text(north), seed=seed, advanced=advanced)
    return AncientGame.scenario(setting, seed=seed, advanced=advanced)


def reference_perft(game: AncientGame, depth: int) -> int:
    """Perft by a plain recursion over the engine's ``legal_actions``/``push``/``undo``."""
    if depth == 0:
        return 1
    actions = game.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for a in actions:
        game.push(a)
        total += reference_perft(game, depth - 1)
        game.undo()
    return total


def comparable_state(s: np.ndarray) -> np.ndarray:
    """The state with its free slots cleared and the flank attacks in order: the deck above
    its top, the rally order past its end, the flank list past its length."""
    s = s.copy()
    s[DECK + s[DECK_LEN]:DECK + 10] = 0
    s[RALLY + s[RALLY_LEN]:RALLY + 2] = -1
    n = int(s[FLANK_LEN])
    pairs = sorted(tuple(int(x) for x in s[FLANK + 4 * i:FLANK + 4 * i + 4]) for i in range(n))
    s[FLANK:FLANK + 4 * MAX_FLANK] = 0
    for i, pair in enumerate(pairs):
        s[FLANK + 4 * i:FLANK + 4 * i + 4] = pair
    if s[PHASE] == P_OVER:
        s[TO_ACT] = 0                       # who would act means nothing once it is over
    return s


def _disagreement(game: AncientGame, s: np.ndarray, n: int, buffer: np.ndarray) -> str | None:
    """What differs between the engine's position and the kernel's: the legal actions (as
    sets, then their order, which is the engine's but where a reinforcement completes a stack:
    the engine takes the partners in set order), the actions generated from the engine's
    state, the state itself."""
    width = int(s[WIDTH])
    want = sorted(encode(a, width) for a in game.legal_actions())
    got = sorted(int(a) for a in buffer[:n])
    if want != got:
        return f"legal actions differ: engine {len(want)}, kernel {len(got)}"
    if [int(a) for a in buffer[:n]] != [encode(a, width) for a in game.legal_actions()] and not any(
            a.kind == "reinforce" and game.state.cells[game.state.board.lookup[a.squares[0]]] >= 0
            for a in game.legal_actions()):
        return "the legal actions come in another order than the engine's"
    fresh = np.empty(MAX_ACTIONS, dtype=np.int64)
    if sorted(int(a) for a in fresh[:legal_actions(state_of(game), fresh)]) != want:
        return "the kernel's actions from the engine's state differ"
    if not np.array_equal(comparable_state(s), comparable_state(state_of(game))):
        diff = np.nonzero(comparable_state(s) != comparable_state(state_of(game)))[0]
        return f"the kernel's state differs from the engine's at fields {diff[:8].tolist()}"
    return None


def compare_battles(seeds, sample=None, limit: int = 400) -> dict:
    """Play a random battle with the engine for each seed (setting and Advanced rules chosen
    by the seed from :data:`SETTINGS` and :data:`RULE_SETS`, at most ``limit`` actions) and
    replay it in the kernel, comparing every position (``phases`` counts them by step);
    ``sample(game, setting)`` gets a copy of one position in 25 for perft."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_BATTLE_ACTIONS:
        raise ValueError(f"limit is a whole number of actions from 1 to {MAX_BATTLE_ACTIONS:,}, not {shorten(limit)}")
    positions = 0
    phases: dict[str, int] = {}
    problems: list[str] = []
    buffer = np.empty(MAX_ACTIONS, dtype=np.int64)
    for seed in seeds:
        setting = SETTINGS[seed % len(SETTINGS)]
        rules = RULE_SETS[(seed // len(SETTINGS)) % len(RULE_SETS)]
        game = battle(setting, seed, rules)
        rng = random.Random(seed)
        s = state_of(game)
        dice = dice_of(game, 8 * limit + 256)
        n = legal_actions(s, buffer)
        for i in range(limit + 1):
            positions += 1
            phases[PHASES[s[PHASE]]] = phases.get(PHASES[s[PHASE]], 0) + 1
            why = _disagreement(game, s, n, buffer)
            if why is None and dice[DICE_SHORT]:
                why = "the kernel ran out of dice"
            if why is not None:
                problems.append(f"{setting} {'+'.join(rules) or 'basic'} seed {seed}, after {i} actions: {why}")
                break
            if sample is not None and rng.random() < 0.04:
                sample(AncientGame.from_position(game.position()), setting)
            actions = game.legal_actions()
            if not actions or i == limit:
                break
            a = actions[int(rng.random() * len(actions))]
            game.push(a)
            n = apply(s, dice, encode(a, int(s[WIDTH])), buffer)
    return {"battles": len(seeds), "positions": positions, "phases": phases,
            "disagreements": len(problems), "problems": problems[:10]}


def compare_perft(games: list[AncientGame], depth: int) -> dict:
    """Kernel perft against the engine's on each game's position."""
    return shared_compare_perft(games, depth, reference=reference_perft, kernel=perft,
                                describe=lambda g: f"{g.position()!r:.300}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m battleline.ancient.kernel check",
                                     description="Compare the Ancient kernel with the engine.")
    parser.add_argument("--battles", type=int, default=108, help="random battles replayed (default 108)")
    parser.add_argument("--seed", type=int, default=0, help="first battle's seed (default 0)")
    parser.add_argument("--perft-positions", type=int, default=54,
                        help="positions sampled from those battles for perft, spread over the settings (default 54)")
    parser.add_argument("--depth", type=int, default=3, help="perft depth (default 3)")
    parser.add_argument("--limit", type=int, default=400, help="actions per battle at most (default 400)")
    args = parser.parse_args(argv)
    if not 1 <= args.battles <= 1_000_000 or not 0 <= args.perft_positions <= 100_000 or not 1 <= args.depth <= 5:
        parser.error("--battles from 1 to 1,000,000, --perft-positions from 0 to 100,000, --depth from 1 to 5")
    if not 1 <= args.limit <= MAX_BATTLE_ACTIONS:
        parser.error(f"--limit from 1 to {MAX_BATTLE_ACTIONS:,} actions (a random battle ends in a few hundred)")
    if not 0 <= args.seed <= args.seed + args.battles - 1 <= MAX_SEED:
        parser.error("--seed: the battles' seeds, --seed onwards, are dice seeds, from 0 to 2**64")
    start = time.process_time()
    picked: dict[str, list[AncientGame]] = {name: [] for name in SETTINGS}
    battles = compare_battles(range(args.seed, args.seed + args.battles),
                              lambda g, setting: picked[setting].append(g), args.limit)
    rng = random.Random(args.seed)
    per_setting = -(-args.perft_positions // len(SETTINGS))
    chosen: list[AncientGame] = []
    for name in SETTINGS:
        rng.shuffle(picked[name])
        chosen += picked[name][:per_setting]
    perfts = compare_perft(chosen[:args.perft_positions], args.depth)
    perfts["per_setting"] = {name: min(per_setting, len(picked[name])) for name in SETTINGS}
    report = {"mode": MODE, "battles": battles, "perft": perfts,
              "cpu_seconds": round(time.process_time() - start, 1)}
    print(json.dumps(report, indent=1))
    return 1 if battles["disagreements"] or perfts["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
