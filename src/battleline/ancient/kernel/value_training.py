"""Training Ancient Battles' learned value (:mod:`battleline.ancient.kernel.value`) from the
command line, with the planner's play-out policy.

The value predicts what the planner's play-outs reach, so its self-play uses their policy:
the kernel's ``quick_reply`` with the evaluation's :class:`~battleline.ancient.bots.evaluation.Weights`
(and the race policy when :data:`~battleline.ancient.kernel.policy.RACE_POLICY` is on), as
:class:`~battleline.ancient.bots.planner.TurnSearch` passes them. This module sits with the
bots (it reads their weights); the value itself is a kernel module.

    python -m battleline.ancient.kernel.value_training train --games 20000 --seed 1 \\
        --out src/battleline/ancient/kernel/value_weights.json

>>> len(planner_policy()) > 0
True
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from ..bots.evaluation import Weights
from .policy import RACE_POLICY, policy_params
from .value import FEATURE_COUNT, train

__all__ = ["planner_policy", "save", "main", "ALPHA", "LAMBDA", "EPSILON"]

ALPHA, LAMBDA, EPSILON = 0.01, 0.7, 0.05


def planner_policy() -> np.ndarray:
    """The play-out policy's parameters the planner's play-outs use."""
    return policy_params(Weights, race=RACE_POLICY)


def save(result: dict, path: str | Path) -> None:
    """Write a :func:`~battleline.ancient.kernel.value.train` result as the small JSON file
    the planner loads: the weights rounded to five places, the command, the settings and
    each batch's figures."""
    doc = {key: value for key, value in result.items() if key != "weights"}
    doc["features"] = FEATURE_COUNT
    doc["command"] = (f"python -m battleline.ancient.kernel.value_training train --games {result['games']} "
                      f"--seed {result['seed']} --alpha {result['alpha']} --lambda {result['lambda']} "
                      f"--epsilon {result['epsilon']}")
    doc["weights"] = [round(float(w), 5) for w in result["weights"]]
    Path(path).write_text(json.dumps(doc, separators=(",", ":")) + "\n")


def main(argv: list[str] | None = None) -> None:
    """``python -m battleline.ancient.kernel.value_training train --games N --seed S --out FILE``."""
    parser = argparse.ArgumentParser(prog="python -m battleline.ancient.kernel.value_training")
    parser.add_argument("command", choices=["train"])
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--alpha", type=float, default=ALPHA)
    parser.add_argument("--lambda", dest="lam", type=float, default=LAMBDA)
    parser.add_argument("--epsilon", type=float, default=EPSILON)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    result = train(args.games, args.seed, planner_policy(), args.alpha, args.lam, args.epsilon,
                   batch=args.batch, report=print)
    save(result, args.out)
    print(f"{args.games} battles in {result['cpu_seconds']} s of CPU; weights in {args.out}")


if __name__ == "__main__":
    main()
