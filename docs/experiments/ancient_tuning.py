"""Fitting the Ancient Battles evaluation's weights to the results of whole battles.

The evaluation (``battleline.ancient.bots.evaluation``) is a weighted sum of named terms.
The weights were first set by hand. This script measures how well each term predicts who
wins: it plays battles, records the terms at the end of every action step (the positions
the action-step search compares), for the side that just moved, with how the battle ended
for that side, and fits a logistic regression of the result on the terms. A constant for
each scenario, side and bot absorbs the armies' balance and the players' strength, which no
move can change, so that a term is not credited for merely telling the stronger bot's
positions apart.

    python docs/experiments/ancient_tuning.py collect medium easy --deals 50000-50149 --out m-e.jsonl
    python docs/experiments/ancient_tuning.py collect hard medium --deals 51000-51099 --out h-m.jsonl
    python docs/experiments/ancient_tuning.py fit m-e.jsonl h-m.jsonl

``collect`` plays each deal from both sides (as the arena does, through its runner), two
processes by default (``--cluster ADDRESS --jobs 1`` for a Ray cluster),
and appends one JSON line per recorded position to ``--out``. ``fit`` prints the fitted
weights in the evaluation's units (scaled so that ``casualty_race`` keeps its present
weight), next to the present ones, and the fit's log-loss against the present weights' on
held-out battles (the last fifth of the deals). The bots are bounded by their work budgets, not the clock.
"""

from __future__ import annotations

import argparse
import json

from battleline.ancient import AncientGame
from battleline.ancient.bots import ancient_bot
from battleline.ancient.bots.evaluation import TERMS, Weights, evaluation_terms
from battleline.ancient.bots.search import race_chances
from battleline.ancient.rules import Rules
from battleline.arena.ancient import scenario_for
from battleline.arena.runner import paired_games, run_games
from battleline.sides import side_index

SIDES = ("south", "north")          # the arena's seats: 0 south, 1 north
FEATURES = TERMS + ("race",)        # "race": hard's terrain race (``race_chances``)
MAX_DECISIONS = 20000


def battle(args) -> list[dict]:
    """One battle of the paired deal: (spec_a, spec_b, deal, a_seat). The positions at the
    end of each action step, for the side that moved, and the result for that side."""
    spec_a, spec_b, deal, a_seat = args
    name = scenario_for("all", deal)
    bots = [None, None]
    bots[a_seat] = ancient_bot(spec_a, seed=deal * 2 + a_seat)
    bots[1 - a_seat] = ancient_bot(spec_b, seed=deal * 2 + 1 - a_seat)
    game = AncientGame.scenario(name, seed=deal)
    rules = Rules(game.state)
    rows = []
    for _ in range(MAX_DECISIONS):
        if game.outcome is not None or game.turn > 200:
            break
        seat, side = SIDES.index(game.to_act), side_index(game.to_act)
        before = game.phase
        game.play(bots[seat].choose(game.observation(game.to_act)))
        s = game.state
        if before == "actions" and s.outcome is None and (s.phase != "actions" or s.to_act != side):
            terms = evaluation_terms(game, side, rules, every=True)
            terms["race"] = race_chances(s, rules, side)
            rows.append({"deal": deal, "a_seat": a_seat, "scenario": name, "side": side, "turn": s.turn,
                         "bot": spec_a if seat == a_seat else spec_b, "terms": terms})
    o = game.outcome
    for r in rows:
        r["result"] = 0.5 if o is None or o.winner is None else float(o.winner == r["side"])
    return rows


def battle_from_settings(settings: dict, deal: int, a_seat: int) -> list[dict]:
    """One battle for the runner (``battleline.arena.runner``)."""
    return battle((settings["a"], settings["b"], deal, a_seat))


def collect(spec_a: str, spec_b: str, deals: range, out: str, jobs: int, cluster: str | None = None) -> None:
    """Play ``deals`` from both sides through the arena's runner (``jobs`` processes, or a
    Ray cluster) and append each battle's rows to ``out`` as it ends."""
    games = paired_games(deals.start, 2 * len(deals))
    with open(out, "a") as f:
        for rows, _ in run_games(battle_from_settings, {"a": spec_a, "b": spec_b}, games, jobs=jobs,
                                 cluster=cluster, progress=True, total=2 * len(deals), unit="battle"):
            f.write("".join(json.dumps(r) + "\n" for r in rows))
            f.flush()


def newton(Z, y, l2: float = 1e-3):
    """Logistic regression of ``y`` on the columns of ``Z`` by Newton's method (a small L2
    keeps it finite)."""
    import numpy as np

    w = np.zeros(Z.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-(Z @ w)))
        grad = Z.T @ (p - y) + l2 * w
        H = (Z * (p * (1 - p))[:, None]).T @ Z + l2 * np.eye(Z.shape[1])
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def logloss(Z, y, w) -> float:
    """The mean log-loss of the logistic model ``w`` on ``Z``, ``y``."""
    import numpy as np

    p = np.clip(1 / (1 + np.exp(-(Z @ w))), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def fit(paths: list[str], l2: float = 1e-3) -> dict:
    """The logistic fit: weights per feature (in the evaluation's units), and log-losses."""
    import numpy as np

    rows = [json.loads(line) for p in paths for line in open(p)]
    groups = sorted({(r["scenario"], r["side"], r["bot"]) for r in rows})
    deals = sorted({r["deal"] for r in rows})
    held = set(deals[len(deals) * 4 // 5:])
    X = np.array([[r["terms"][k] for k in FEATURES] for r in rows])
    G = np.zeros((len(rows), len(groups)))
    for i, r in enumerate(rows):
        G[i, groups.index((r["scenario"], r["side"], r["bot"]))] = 1.0
    y = np.array([r["result"] for r in rows])
    test = np.array([r["deal"] in held for r in rows])
    scale = X[~test].std(axis=0)
    scale[scale == 0] = 1.0
    Z = np.hstack([X / scale, G])

    w = newton(Z[~test], y[~test], l2)
    fitted = w[:len(FEATURES)] / scale
    # the present weights, with only a common scale and the group constants fitted
    present = np.array([getattr(Weights, k, 0.0) for k in TERMS] + [0.0])
    Zp = np.hstack([(X @ present)[:, None], G])
    wp = newton(Zp[~test], y[~test], l2)
    k = fitted[FEATURES.index("casualty_race")]
    units = Weights.casualty_race / k if k > 0 else 1.0
    return {
        "positions": len(rows), "battles": len({(r["deal"], r.get("a_seat")) for r in rows}),
        "weights": {name: round(float(v * units), 3) for name, v in zip(FEATURES, fitted)},
        "present": {name: float(present[i]) for i, name in enumerate(FEATURES)},
        "held_out_logloss_fitted": logloss(Z[test], y[test], w),
        "held_out_logloss_present": logloss(Zp[test], y[test], wp),
        "held_out_logloss_constants_only": logloss(G[test], y[test], newton(G[~test], y[~test], l2)),
    }


def print_weights(result: dict, names) -> None:
    """A fit's weights beside the present ones, a term a line."""
    print(f"{'term':16} {'fitted':>9} {'present':>9}")
    for name in names:
        print(f"{name:16} {result['weights'][name]:9.3f} {result['present'][name]:9.3f}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("bot_a")
    c.add_argument("bot_b")
    c.add_argument("--deals", required=True, help="FIRST-LAST")
    c.add_argument("--out", required=True)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--cluster", metavar="ADDRESS", help="play on a Ray cluster instead (docs/cluster.md); with --jobs 1")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    if args.command == "collect":
        first, last = (int(x) for x in args.deals.split("-"))
        collect(args.bot_a, args.bot_b, range(first, last + 1), args.out, args.jobs, args.cluster)
    else:
        result = fit(args.files)
        print(f"{result['positions']} positions from {result['battles']} battles")
        print_weights(result, FEATURES)
        for key in ("fitted", "present", "constants_only"):
            print(f"held-out log-loss, {key.replace('_', ' ')}: {result['held_out_logloss_' + key]:.4f}")


if __name__ == "__main__":
    main()
