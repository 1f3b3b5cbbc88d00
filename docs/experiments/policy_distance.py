"""How far the kernel's play-out policy is from `hard` (docs/bots.md, "The play-out policy's
distance from hard"; narrative in docs/experiments/policy_distance.md).

Three steps, each resumable and reproducible (fixed seeds, `hard`'s wall-clock backstops
lifted so that machine load changes nothing):

    python docs/experiments/policy_distance.py positions      # tests/data/ancient_positions.json
    python docs/experiments/policy_distance.py hard --k 10    # hard playing both sides
    python docs/experiments/policy_distance.py dicefight --k 10   # today's hard (DiceFightBot)
    python docs/experiments/policy_distance.py policy --k 10 --race 0   # the kernel policy, old
    python docs/experiments/policy_distance.py policy --k 10 --race 1   # the kernel policy, new
    python docs/experiments/policy_distance.py report
    (each with --set mid for the second set of positions, further from the battles' end)

``positions`` plays fixed-seed battles (`medium` vs `hard` and `hard` vs `hard`, over the
scenarios and points) and keeps positions at the start of a side's action step at spread
turns. For each position and each of K dice seeds the position is rebuilt with that dice
seed (``dice seed S position 0``: fresh dice, everything else as it stood) and played to the
end; the share is the side to act's wins (a draw half) over the K battles. The figures go to
docs/experiments/policy_distance.json, battle by battle.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "tests" / "data" / "ancient_positions.json"
FIGURES = ROOT / "docs" / "experiments" / "policy_distance.json"
UNBOUNDED = 1000.0          # seconds: a backstop that never binds
MAX_TURNS = 200             # as the arena: a battle still going counts as a draw
SIDES = ("south", "north")
# The battles the positions come from: (setting, deal, south's bot, north's bot).
BATTLES = [
    ("points", 60000, "medium", "hard"), ("issus", 60001, "hard", "hard"),
    ("gaugamela", 60002, "hard", "medium"), ("indus", 60003, "medium", "hard"),
    ("marathon", 60004, "hard", "hard"), ("sicily", 60005, "hard", "medium"),
    ("raphia", 60006, "medium", "hard"), ("points", 60008, "hard", "hard"),
]
# Positions kept per battle, two sets: "late", the starts of the 1st, 2nd, 4th and 6th action
# step counted back from the battle's end (cheap for hard to play out K times, but most of
# them nearly decided); "mid", the 8th, 10th, 13th and 16th (from turn 2).
SETS = {
    "late": (POSITIONS, FIGURES, (1, 2, 4, 6)),
    "mid": (ROOT / "tests" / "data" / "ancient_positions_mid.json",
            ROOT / "docs" / "experiments" / "policy_distance_mid.json", (8, 10, 13, 16)),
}
FROM_END = SETS["late"][2]
# A third set, "terrain": hard against hard in the scenarios where terrain victories are
# common, keeping only battles that ended by terrain (at most TERRAIN_BATTLES of them, from
# the deals tried in order), the 1st, 2nd, 3rd, 4th and 6th action step before the end.
SETS["terrain"] = (ROOT / "tests" / "data" / "ancient_positions_terrain.json",
                   ROOT / "docs" / "experiments" / "policy_distance_terrain.json", (1, 2, 3, 4, 6))
TERRAIN_TRIES = [(("issus", "cunaxa", "sicily")[i % 3], 61000 + i, "hard", "hard") for i in range(36)]
TERRAIN_BATTLES = 6


def make_bot(level: str, seed: int):
    """`medium`; `hard` as the positions were recorded (the planner); or `dicefight`, `hard`
    since 2026-11-29 (``DiceFightBot``); both with their backstops lifted."""
    from battleline.ancient.bots import ancient_bot
    from battleline.ancient.bots.dice_search import DiceFightBot
    from battleline.ancient.bots.planner import PlannerBot
    if level in ("hard", "dicefight"):
        kind = PlannerBot if level == "hard" else DiceFightBot
        bot = kind(seed=seed, turn_time=UNBOUNDED, move_time=UNBOUNDED, turn_budget=UNBOUNDED)
        bot.kernel_usable()
        return bot
    return ancient_bot(level, seed=seed)


def new_battle(setting: str, deal: int, bots):
    from battleline.ancient import AncientGame
    if setting == "points":
        armies = [bots[q].build_army(("ROY", "GBP")[q]) for q in (0, 1)]
        return AncientGame.points(armies[0], armies[1], seed=deal)
    return AncientGame.scenario(setting, seed=deal)


def play_to_end(game, bots) -> list[str]:
    """Play on; returns the positions at the start of each side's action step."""
    starts, last = [], None
    for _ in range(60000):
        if game.outcome is not None or game.turn > MAX_TURNS:
            break
        s = game.state
        if s.phase == "actions" and (s.turn, s.half) != last:
            last = (s.turn, s.half)
            starts.append((s.turn, game.to_act, game.position()))
        side = SIDES.index(game.to_act)
        game.play(bots[side].choose(game.observation(SIDES[side])))
    return starts


def make_positions(terrain_only: bool = False) -> None:
    out = []
    kept = 0
    for setting, deal, south, north in TERRAIN_TRIES if terrain_only else BATTLES:
        if terrain_only and kept >= TERRAIN_BATTLES:
            break
        bots = [make_bot(south, deal * 2), make_bot(north, deal * 2 + 1)]
        game = new_battle(setting, deal, bots)
        starts = play_to_end(game, bots)
        if terrain_only and (game.outcome is None or game.outcome.reason != "terrain"):
            print(setting, deal, "not by terrain:", game.outcome, flush=True)
            continue
        kept += 1
        picks = sorted({len(starts) - b for b in FROM_END if len(starts) - b >= 0 and starts[len(starts) - b][0] >= 2})
        o = game.outcome
        for i in picks:
            turn, side, text = starts[i]
            out.append({"position": text, "to_act": side, "turn": turn, "setting": setting, "deal": deal,
                        "south": south, "north": north,
                        "battle_result": None if o is None else f"{o.winner_name or 'draw'} by {o.reason}"})
        print(setting, deal, len(starts), "starts, kept", len(picks), game.outcome, flush=True)
    POSITIONS.parent.mkdir(parents=True, exist_ok=True)
    name = next(k for k, v in SETS.items() if v[0] == POSITIONS)
    POSITIONS.write_text(json.dumps({"command": "python docs/experiments/policy_distance.py positions"
                                                + ("" if name == "late" else f" --set {name}"),
                                     "positions": out}, indent=1) + "\n")
    print(len(out), "positions ->", POSITIONS)


def reseeded(text: str, seed: int):
    """The position with fresh dice: the stream of ``seed`` from its start."""
    from battleline.ancient import AncientGame
    text, n = re.subn(r"^dice seed .*$", f"dice seed {seed} position 0", text, flags=re.M)
    assert n == 1
    return AncientGame.from_position(text)


def dice_seed(index: int, k: int) -> int:
    return 7_000_000 + 1000 * index + k


def result_of(winner, reason) -> dict:
    return {"winner": winner, "reason": reason}


def hard_battle(text: str, seed: int, level: str = "hard") -> dict:
    g = reseeded(text, seed)
    bots = [make_bot(level, seed * 2), make_bot(level, seed * 2 + 1)]
    play_to_end(g, bots)
    o = g.outcome
    if o is None:
        return result_of(None, "turn limit")
    return result_of(o.winner_name, o.reason)


def policy_battle(text: str, seed: int, race: int) -> dict:
    from battleline.ancient.bots.evaluation import Weights
    from battleline.ancient.kernel import state_of
    from battleline.ancient.kernel.layout import DICE_SHORT, DRAWN, P_OVER, PHASE, REASON, REASONS, WINNER, dice_of
    from battleline.ancient.kernel import policy
    g = reseeded(text, seed)
    s, dice = state_of(g), dice_of(g, 40000)
    params = policy_params(Weights, race)
    policy.play_out(s, dice, params, 200_000)
    assert not dice[DICE_SHORT]
    if s[PHASE] != P_OVER:
        return result_of(None, "turn limit")
    w = int(s[WINNER])
    return result_of(None if w == DRAWN else _side_name(w), REASONS[int(s[REASON])])


def _side_name(w: int) -> str:
    from battleline.ancient.board import NORTH, SOUTH
    return {NORTH: "north", SOUTH: "south"}[w]


def policy_params(weights, race: int):
    from battleline.ancient import kernel
    from battleline.ancient.kernel import policy
    maker = getattr(policy, "policy_params", None)
    if maker is None:
        assert race == 0, "this tree's policy has no race switch"
        return kernel.weights_array(weights)
    return maker(weights, race=bool(race))


def load_figures() -> dict:
    return json.loads(FIGURES.read_text()) if FIGURES.exists() else {"runs": {}}


def save_figures(fig: dict, name: str) -> None:
    """Write run ``name`` of ``fig`` into the figures file, keeping the other runs as the
    file has them now (another step may be writing its own)."""
    now = load_figures()
    now["runs"][name] = fig["runs"][name]
    FIGURES.write_text(json.dumps(now, indent=0) + "\n")


def run(name: str, k: int, battle, command: str) -> None:
    positions = json.loads(POSITIONS.read_text())["positions"]
    fig = load_figures()
    runs = fig["runs"].setdefault(name, {"command": command, "k": k, "results": {}})
    for j in range(k):                   # round by round: a run cut short has even samples
        start = time.process_time()
        for i, p in enumerate(positions):
            done = runs["results"].setdefault(str(i), [])
            if len(done) <= j:
                done.append(battle(p["position"], dice_seed(i, j)))
                save_figures(fig, name)
        print(name, "round", j, f"{time.process_time() - start:.1f}s cpu", time.strftime("%H:%M:%S"), flush=True)
    save_figures(fig, name)


def share(results: list[dict], side: str) -> float:
    return sum(1.0 if r["winner"] == side else 0.5 if r["winner"] is None else 0.0 for r in results) / len(results)


def report() -> None:
    positions = json.loads(POSITIONS.read_text())["positions"]
    fig = load_figures()["runs"]
    hard = fig.get("hard")
    for name, r in fig.items():
        if name == "hard" or hard is None:
            continue
        diffs = []
        for i, p in enumerate(positions):
            a, b = hard["results"].get(str(i)), r["results"].get(str(i))
            if a and b:
                k = min(len(a), len(b))              # the same dice seeds: a run cut short compares its first k
                diffs.append(abs(share(a[:k], p["to_act"]) - share(b[:k], p["to_act"])))
                seeds = k
        print(f"{name}: {len(diffs)} positions, {seeds} dice seeds each, "
              f"mean |share - hard's share| = {np.mean(diffs):.3f}")
    print("position, setting, turn, to act, hard's share, " + ", ".join(n for n in fig if n != "hard"))
    for i, p in enumerate(positions):
        row = [f"{i:2d}", p["setting"], str(p["turn"]), p["to_act"]]
        for name in ["hard"] + [n for n in fig if n != "hard"]:
            res = fig.get(name, {}).get("results", {}).get(str(i))
            terrain = sum(1 for x in res if x["reason"] == "terrain") if res else 0
            row.append(f"{share(res, p['to_act']):.2f} (terrain {terrain})" if res else "-")
        print(", ".join(row))


def speed(rounds: int = 5) -> None:
    """Play-outs to the battle's end per CPU second, from every position (dice seeds as
    above) and from the start of each scenario (seeds 1-4), for the greedy and the race
    policy, alternated so that load hits both alike."""
    from battleline.ancient import AncientGame
    from battleline.ancient.bots.evaluation import Weights
    from battleline.ancient.kernel import state_of, policy
    from battleline.ancient.kernel.layout import dice_of
    from battleline.ancient import SCENARIO_NAMES
    positions = json.loads(POSITIONS.read_text())["positions"]
    games = [reseeded(p["position"], dice_seed(i, 0)) for i, p in enumerate(positions)]
    print("from the positions:")
    measure_speed([(state_of(g), dice_of(g, 40000)) for g in games], rounds)
    games = [AncientGame.scenario(name, seed=seed) for name in SCENARIO_NAMES for seed in range(1, 5)]
    print("from the scenarios' starts:")
    measure_speed([(state_of(g), dice_of(g, 40000)) for g in games], rounds)


def measure_speed(starts, rounds: int) -> None:
    from battleline.ancient.bots.evaluation import Weights
    from battleline.ancient.kernel import policy
    spent = {0: 0.0, 1: 0.0}
    actions = {0: 0, 1: 0}
    for race in (0, 1):                                   # compile or load first
        policy.play_out(starts[0][0].copy(), starts[0][1], policy_params(Weights, race), 10)
    for _ in range(rounds):
        for race in (0, 1):
            params = policy_params(Weights, race)
            t0 = time.process_time()
            for s, dice in starts:
                actions[race] += policy.play_out(s.copy(), dice, params, 200_000)
            spent[race] += time.process_time() - t0
    n = rounds * len(starts)
    for race in (0, 1):
        print(f"race={race}: {n} play-outs in {spent[race]:.2f} s CPU: {n / spent[race]:.0f} play-outs "
              f"per CPU second, {actions[race] / n:.0f} actions each")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("step", choices=["positions", "hard", "dicefight", "policy", "report", "speed"])
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--race", type=int, default=0)
    ap.add_argument("--set", choices=sorted(SETS), default="late")
    args = ap.parse_args(argv)
    global POSITIONS, FIGURES, FROM_END
    POSITIONS, FIGURES, FROM_END = SETS[args.set]
    command = "python docs/experiments/policy_distance.py " + " ".join(sys.argv[1:] if argv is None else argv)
    if args.step == "positions":
        make_positions(terrain_only=args.set == "terrain")
    elif args.step == "hard":
        run("hard", args.k, hard_battle, command)
    elif args.step == "dicefight":
        run("hard-dicefight", args.k, lambda t, s: hard_battle(t, s, "dicefight"), command)
    elif args.step == "policy":
        run(f"policy-race{args.race}", args.k, lambda t, s: policy_battle(t, s, args.race), command)
    elif args.step == "speed":
        speed()
    else:
        report()


if __name__ == "__main__":
    main()
