"""A learned evaluation for Ancient Battles: the evaluation's weights fitted to the results of
many thousands of self-play battles played in the compiled kernel.

``ancient_tuning.py`` fitted the weights to a few hundred arena battles and overfitted. The
kernel plays a whole battle by its play-out policy (``quick_reply``: fights by expected gain,
the action step greedily by the evaluation) in about 10 ms, so this script can afford tens of
thousands. Each battle is set up by the engine (the scenario, or two points armies built by
``medium``), deployed by ``medium``, then played to its end in the kernel for both sides with
fresh dice; in the action step an action is random with chance ``--explore``, so that the
positions vary more than one policy's would. At the end of every action step the
evaluation's terms are recorded for the side that moved, with how the battle ended for it.

    python docs/experiments/ancient_learning.py collect --deals 0-19999 --out selfplay.npz
    python docs/experiments/ancient_learning.py fit selfplay.npz --save learned_weights.json
    python docs/experiments/ancient_learning.py collect-siblings --deals 1000-1039 --out siblings.npz
    python docs/experiments/ancient_learning.py fit-siblings siblings.npz

``collect-siblings`` and ``fit-siblings`` judge plans rather than positions: at some action
steps of self-play battles, up to ``--firsts`` first actions of the step are each continued
greedily to the step's end, and their terms there are recorded with the mean result of
``--rollouts`` play-outs to the battle's end (every candidate meeting the same dice in each);
the fit relates result to terms relative to each root's mean, and says how often the fitted
and ``hard``'s weights order two held-out candidates as their play-outs did.
``docs/experiments/LOG.md`` ("A learned evaluation") has the figures.

``fit`` fits a logistic regression of the result on the terms with a constant for each
battle (scenario or points) and side, scores it on held-out battles (the last fifth of the
deals) against the present ``hard`` weights (which get only a common scale and the same
constants), and prints the fitted weights in the evaluation's units (scaled so that
``casualty_race`` keeps ``hard``'s weight).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from battleline.ancient import AncientGame, kernel
from battleline.ancient.bots import ancient_bot
from battleline.ancient.bots.search import HardWeights
from battleline.ancient.kernel.effects import apply
from battleline.ancient.kernel.evaluation import N_TERMS, TERMS, evaluation_terms
from battleline.ancient.kernel.layout import (
    DICE_COUNT, DICE_POS, DICE_RNG, DICE_SHORT, MAX_ACTIONS, NOBODY, DRAWN, PHASE, P_ACTIONS,
    STATE_SIZE, TO_ACT, WINNER, new_dice, state_of,
)
from battleline.ancient.kernel.policy import greedy_action, play_out, quick_reply
from battleline.ancient.kernel.rules import legal_actions
from battleline.arena.ancient import ARMY_COLOURS, scenario_for
from battleline.sides import NORTH, SOUTH

sys.path.insert(0, str(Path(__file__).resolve().parent))    # the fitting is ancient_tuning's
from ancient_tuning import logloss, newton, print_weights  # noqa: E402

BATTLES = ("cunaxa", "issus", "gaugamela", "indus", "marathon", "sicily", "raphia", "points")
MAX_ACTIONS_PER_BATTLE = 20_000


class AllTerms(HardWeights):
    """Every term computed (a weight of 0 would skip an optional one); ``hard``'s switches."""


for _name in TERMS:
    setattr(AllTerms, _name, 1.0)


def deployed(deal: int) -> tuple[AncientGame, str]:
    """The deal's battle (scenarios in turn, every eighth a points battle), deployed by medium."""
    name = "points" if deal % 8 == 7 else scenario_for("all", deal)
    bots = [ancient_bot("medium", seed=deal * 2 + q) for q in (0, 1)]
    if name == "points":
        game = AncientGame.points(bots[0].build_army(ARMY_COLOURS[SOUTH]), bots[1].build_army(ARMY_COLOURS[NORTH]),
                                  seed=deal)
    else:
        game = AncientGame.scenario(name, seed=deal)
    while game.phase in ("leader", "deploy") and game.outcome is None:
        side = game.to_act
        game.play(bots[0 if side == "south" else 1].choose(game.observation(side)))
    return game, name


def self_play(game: AncientGame, seed: int, policy: np.ndarray, every: np.ndarray, explore: float):
    """Play ``game`` to its end in the kernel; the terms at the end of each action step for
    the side that moved (rows), those sides, and the winner (0, 1, or -1 for none)."""
    rng = np.random.default_rng(seed)
    s = state_of(game)
    s[DICE_POS] = 0
    dice = new_dice()
    dice[DICE_COUNT] = 0
    dice[DICE_SHORT] = 0
    dice[DICE_RNG] = int(rng.integers(1, 2 ** 62))
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    scratch = np.empty(MAX_ACTIONS, dtype=np.int64)
    copy = np.empty(STATE_SIZE, dtype=np.int64)
    terms = np.empty(N_TERMS, dtype=np.float64)
    rows, sides = [], []
    n = legal_actions(s, actions)
    for _ in range(MAX_ACTIONS_PER_BATTLE):
        if n == 0:
            break
        mover, phase = int(s[TO_ACT]), int(s[PHASE])
        if phase == P_ACTIONS and rng.random() < explore:
            a = actions[int(rng.integers(n))]
        else:
            a = quick_reply(s, dice, policy, actions, n, copy, scratch, terms)
        n = apply(s, dice, a, actions)
        if phase == P_ACTIONS and s[WINNER] == NOBODY and (s[PHASE] != P_ACTIONS or s[TO_ACT] != mover):
            evaluation_terms(s, mover, every, terms)
            rows.append(terms.copy())
            sides.append(mover)
    w = int(s[WINNER])
    return rows, sides, (-1 if w in (NOBODY, DRAWN) else w)


def collect(deals: range, out: str, explore: float) -> None:
    kernel.prepare_kernel()
    policy = kernel.weights_array(HardWeights)
    every = kernel.weights_array(AllTerms)
    X, side, result, deal_of, battle_of = [], [], [], [], []
    start = time.process_time()
    for i, deal in enumerate(deals):
        game, name = deployed(deal)
        rows, sides, winner = self_play(game, deal, policy, every, explore)
        for r, q in zip(rows, sides):
            X.append(r)
            side.append(q)
            result.append(0.5 if winner < 0 else float(winner == q))
            deal_of.append(deal)
            battle_of.append(BATTLES.index(name))
        if (i + 1) % 500 == 0:
            print(f"{i + 1} battles, {len(X)} positions, {time.process_time() - start:.0f} s CPU",
                  file=sys.stderr, flush=True)
    np.savez_compressed(out, X=np.array(X), side=np.array(side), result=np.array(result),
                        deal=np.array(deal_of), battle=np.array(battle_of))


def plan_from(root: np.ndarray, first: int, dice: np.ndarray, policy: np.ndarray, work: dict) -> np.ndarray:
    """The position at the end of the action step that starts with ``first`` and goes on
    greedily (the policy's action step)."""
    s = root.copy()
    mover = int(s[TO_ACT])
    n = apply(s, dice, first, work["actions"])
    while n > 0 and s[PHASE] == P_ACTIONS and s[TO_ACT] == mover:
        a = greedy_action(s, dice, policy, work["actions"], n, work["copy"], work["scratch"], work["terms"])
        n = apply(s, dice, a, work["actions"])
    return s


def siblings(deal: int, policy: np.ndarray, every: np.ndarray, firsts: int, rollouts: int,
             chance: float) -> list[tuple[np.ndarray, np.ndarray]]:
    """Roots from one self-play battle (each action step's start, with ``chance``): for up
    to ``firsts`` first actions of the step, the terms at the step's end and the mover's
    mean result over ``rollouts`` play-outs to the battle's end, every candidate meeting
    the same dice in the same play-out."""
    rng = np.random.default_rng(deal)
    game, _ = deployed(deal)
    s = state_of(game)
    s[DICE_POS] = 0
    dice = new_dice()
    dice[DICE_RNG] = int(rng.integers(1, 2 ** 62))
    work = {"actions": np.empty(MAX_ACTIONS, dtype=np.int64), "scratch": np.empty(MAX_ACTIONS, dtype=np.int64),
            "copy": np.empty(STATE_SIZE, dtype=np.int64), "terms": np.empty(N_TERMS, dtype=np.float64)}
    roots = []
    n = legal_actions(s, work["actions"])
    for _ in range(MAX_ACTIONS_PER_BATTLE):
        if n == 0:
            break
        if s[PHASE] == P_ACTIONS and n > 1 and rng.random() < chance and \
                (len(roots) == 0 or roots[-1][0] is not None):
            roots.append((s.copy(), work["actions"][:n].copy()))
        a = quick_reply(s, dice, policy, work["actions"], n, work["copy"], work["scratch"], work["terms"])
        n = apply(s, dice, a, work["actions"])
    out = []
    play_dice = new_dice()
    terms = np.empty(N_TERMS, dtype=np.float64)
    for root, legal in roots:
        root = root.copy()
        root[DICE_POS] = 0
        mover = int(root[TO_ACT])
        picks = legal if len(legal) <= firsts else legal[rng.choice(len(legal), firsts, replace=False)]
        seeds = rng.integers(1, 2 ** 62, size=rollouts)
        feats, values = [], []
        for first in picks:
            play_dice[DICE_COUNT] = 0
            play_dice[DICE_SHORT] = 0
            play_dice[DICE_RNG] = int(seeds[0])
            end = plan_from(root, int(first), play_dice, policy, work)
            if end[WINNER] != NOBODY:
                continue
            evaluation_terms(end, mover, every, terms)
            total = 0.0
            for r in range(rollouts):
                play_dice[DICE_COUNT] = 0
                play_dice[DICE_SHORT] = 0
                play_dice[DICE_RNG] = int(seeds[r])
                x = end.copy()
                play_out(x, play_dice, policy, MAX_ACTIONS_PER_BATTLE)
                w = int(x[WINNER])
                total += 0.5 if w in (NOBODY, DRAWN) else float(w == mover)
            feats.append(terms.copy())
            values.append(total / rollouts)
        if len(values) > 1:
            out.append((np.array(feats), np.array(values)))
    return out


def collect_siblings(deals: range, out: str, firsts: int, rollouts: int, chance: float) -> None:
    kernel.prepare_kernel()
    policy = kernel.weights_array(HardWeights)
    every = kernel.weights_array(AllTerms)
    X, v, root_of, deal_of = [], [], [], []
    start = time.process_time()
    roots = 0
    for i, deal in enumerate(deals):
        for feats, values in siblings(deal, policy, every, firsts, rollouts, chance):
            X.extend(feats)
            v.extend(values)
            root_of.extend([roots] * len(values))
            deal_of.extend([deal] * len(values))
            roots += 1
        if (i + 1) % 20 == 0:
            print(f"{i + 1} battles, {roots} roots, {len(v)} candidates, {time.process_time() - start:.0f} s CPU",
                  file=sys.stderr, flush=True)
            np.savez_compressed(out, X=np.array(X), value=np.array(v), root=np.array(root_of), deal=np.array(deal_of))
    np.savez_compressed(out, X=np.array(X), value=np.array(v), root=np.array(root_of), deal=np.array(deal_of))


def fit_siblings(paths: list[str]) -> dict:
    """Least squares of each candidate's mean result on its terms, both taken relative to its
    root's mean (a constant per root), scored on held-out roots by how often the fitted and
    the present weights order two candidates as their results do."""
    data = [np.load(p) for p in paths]
    X = np.concatenate([d["X"] for d in data])
    v = np.concatenate([d["value"] for d in data])
    root = np.concatenate([d["root"] + 10_000_000 * i for i, d in enumerate(data)])
    deal = np.concatenate([d["deal"] for d in data])
    _, root = np.unique(root, return_inverse=True)
    counts = np.bincount(root)
    Xd = X - np.array([np.bincount(root, X[:, j]) / counts for j in range(X.shape[1])]).T[root]
    vd = v - (np.bincount(root, v) / counts)[root]
    test = deal > np.quantile(deal, 0.8)
    used = Xd[~test].std(axis=0) > 0
    scale = np.where(used, Xd[~test].std(axis=0), 1.0)
    A = Xd[~test][:, used] / scale[used]
    ridge = 1e-3 * len(A)
    w = np.linalg.solve(A.T @ A + ridge * np.eye(A.shape[1]), A.T @ vd[~test])
    fitted = np.zeros(X.shape[1])
    fitted[used] = w / scale[used]
    present = kernel.weights_array(HardWeights)[:N_TERMS]

    def pair_accuracy(weights):
        right = total = 0
        for r in np.unique(root[test]):
            idx = np.flatnonzero(root == r)
            s, val = X[idx] @ weights, v[idx]
            for a in range(len(idx)):
                for b in range(a + 1, len(idx)):
                    if val[a] != val[b]:
                        total += 1
                        agree = (s[a] - s[b]) * (val[a] - val[b])
                        right += 1.0 if agree > 0 else 0.5 if abs(s[a] - s[b]) < 1e-9 else 0.0
        return right / max(1, total), total

    # points as hard's weights count them: their own slope of result on evaluation
    base = Xd[~test] @ present
    units = float(base @ base) / float(base @ vd[~test])
    return {"candidates": len(v), "roots": int(root.max()) + 1,
            "weights": {name: float(x * units) for name, x in zip(TERMS, fitted)},
            "present": {name: float(x) for name, x in zip(TERMS, present)},
            "pairs": {"fitted": pair_accuracy(fitted), "present": pair_accuracy(present)}}


def fit(paths: list[str]) -> dict:
    data = [np.load(p) for p in paths]
    X = np.concatenate([d["X"] for d in data])
    y = np.concatenate([d["result"] for d in data])
    deal = np.concatenate([d["deal"] for d in data])
    group = np.concatenate([d["battle"] * 2 + d["side"] for d in data])
    G = np.zeros((len(y), 2 * len(BATTLES)))
    G[np.arange(len(y)), group] = 1.0
    cut = np.quantile(deal, 0.8)
    test = deal > cut
    scale = X[~test].std(axis=0)
    scale[scale == 0] = 1.0
    used = X[~test].std(axis=0) > 0
    Z = np.hstack([X[:, used] / scale[used], G])
    w = newton(Z[~test], y[~test])
    fitted = np.zeros(N_TERMS)
    fitted[used] = w[:used.sum()] / scale[used]
    present = kernel.weights_array(HardWeights)[:N_TERMS]
    Zp = np.hstack([(X @ present)[:, None], G])
    wp = newton(Zp[~test], y[~test])
    units = HardWeights.casualty_race / fitted[TERMS.index("casualty_race")]
    return {
        "positions": len(y), "battles": len(np.unique(deal)),
        "weights": {name: float(v * units) for name, v in zip(TERMS, fitted)},
        "present": {name: float(v) for name, v in zip(TERMS, present)},
        "logloss": {"fitted": logloss(Z[test], y[test], w), "present": logloss(Zp[test], y[test], wp),
                    "constants only": logloss(G[test], y[test], newton(G[~test], y[~test]))},
    }


def save_weights(result: dict, path: str | None) -> None:
    """Write a fit's weights to ``path`` as JSON (nothing without a path)."""
    if path:
        with open(path, "w") as out:
            json.dump({name: round(v, 4) for name, v in result["weights"].items()}, out, indent=1)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--deals", required=True, help="FIRST-LAST")
    c.add_argument("--out", required=True)
    c.add_argument("--explore", type=float, default=0.05)
    c2 = sub.add_parser("collect-siblings")
    c2.add_argument("--deals", required=True, help="FIRST-LAST")
    c2.add_argument("--out", required=True)
    c2.add_argument("--firsts", type=int, default=8)
    c2.add_argument("--rollouts", type=int, default=16)
    c2.add_argument("--chance", type=float, default=0.2)
    f2 = sub.add_parser("fit-siblings")
    f2.add_argument("files", nargs="+")
    f2.add_argument("--save", help="write the fitted weights to this JSON file")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--save", help="write the fitted weights to this JSON file")
    args = ap.parse_args(argv)
    if args.command == "collect":
        first, last = (int(x) for x in args.deals.split("-"))
        collect(range(first, last + 1), args.out, args.explore)
    elif args.command == "collect-siblings":
        first, last = (int(x) for x in args.deals.split("-"))
        collect_siblings(range(first, last + 1), args.out, args.firsts, args.rollouts, args.chance)
    elif args.command == "fit-siblings":
        r = fit_siblings(args.files)
        print(f"{r['candidates']} candidates at {r['roots']} roots")
        print_weights(r, TERMS)
        for key, (acc, n) in r["pairs"].items():
            print(f"held-out pairs ordered as their results, {key}: {acc:.4f} of {n}")
        save_weights(r, args.save)
    else:
        r = fit(args.files)
        print(f"{r['positions']} positions from {r['battles']} battles")
        print_weights(r, TERMS)
        for key, v in r["logloss"].items():
            print(f"held-out log-loss, {key}: {v:.4f}")
        save_weights(r, args.save)


if __name__ == "__main__":
    main()
