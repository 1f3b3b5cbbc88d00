"""How far an Ancient hint's chance is from the battle: issue 42's review-distance measure.

    python docs/experiments/review_distance.py run --set late     # 32 positions
    python docs/experiments/review_distance.py run --set mid
    python docs/experiments/review_distance.py run --set terrain
    python docs/experiments/review_distance.py report
    python docs/experiments/review_distance.py report --against dicefight   # today's hard

The positions are those of ``policy_distance.py`` (tests/data/ancient_positions*.json: the
start of a side's action step in fixed-seed battles), and the reference is the share of
battles the side to act won when `hard` played both sides from there over 10 fresh dice
seeds (docs/experiments/policy_distance*.json, run "hard"; a draw counts half). For each
position the hint (``ancient.reviewing.hint``, what a review's best move is judged by) is
asked from the side to act's observation, at the hint's budget and seed 0; its
``chance_best`` is compared with the reference. The goal (issue 42): within 15 points on at
least 30 positions. Figures go to docs/experiments/review_distance.json, position by
position, so a stopped run resumes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from policy_distance import SETS, share  # noqa: E402

FIGURES = ROOT / "docs" / "experiments" / "review_distance.json"
WITHIN = 0.15


def load() -> dict:
    return json.loads(FIGURES.read_text()) if FIGURES.exists() else {}


def run(which: str, budget: int | None) -> None:
    from battleline.ancient import AncientGame
    from battleline.ancient.reviewing import hint
    positions_file, figures_file, _ = SETS[which]
    positions = json.loads(positions_file.read_text())["positions"]
    reference = json.loads(figures_file.read_text())["runs"]["hard"]["results"]
    figures = load()
    done = figures.setdefault(which, {})
    for i, p in enumerate(positions):
        if str(i) in done or str(i) not in reference:
            continue
        start = time.process_time()
        decision = hint(AncientGame.from_position(p["position"]), budget=budget, seed=0)
        done[str(i)] = {"to_act": p["to_act"], "hint": round(decision.chance_best, 4),
                        "hard": round(share(reference[str(i)], p["to_act"]), 4),
                        "cpu": round(time.process_time() - start, 2)}
        FIGURES.write_text(json.dumps(figures, indent=1) + "\n")
        print(which, i, done[str(i)], flush=True)


def reference_shares(against: str) -> dict[tuple[str, str], float]:
    """The reference share of each position: ``hard`` as recorded with the figures, or
    ``dicefight``, today's `hard`, from policy_distance's "hard-dicefight" run."""
    if against == "hard":
        return {(which, i): f["hard"] for which, per in load().items() for i, f in per.items()}
    shares = {}
    for which, (positions_file, figures_file, _) in SETS.items():
        runs = json.loads(figures_file.read_text())["runs"] if figures_file.exists() else {}
        positions = json.loads(positions_file.read_text())["positions"]
        for i, results in runs.get("hard-dicefight", {}).get("results", {}).items():
            shares[which, i] = share(results, positions[int(i)]["to_act"])
    return shares


def report(against: str = "hard") -> None:
    reference = reference_shares(against)
    rows = [(which, i, f) for which, per in load().items() for i, f in per.items() if (which, i) in reference]
    gaps = [abs(f["hint"] - reference[which, i]) for which, i, f in rows]
    if not gaps:
        print("no figures yet")
        return
    within = sum(g <= WITHIN for g in gaps)
    print(f"{len(gaps)} positions: {within} within {WITHIN:.0%} of {against}'s share "
          f"({within / len(gaps):.1%}); mean gap {sum(gaps) / len(gaps):.3f}")
    for which in load():
        part = [abs(f["hint"] - reference[w, i]) for w, i, f in rows if w == which]
        if part:
            print(f"  {which}: {len(part)} positions, {sum(g <= WITHIN for g in part)} within, "
                  f"mean gap {sum(part) / len(part):.3f}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("run", "report"))
    parser.add_argument("--set", default="late", choices=sorted(SETS))
    parser.add_argument("--budget", type=int, default=None, help="the hint's budget (its default if not given)")
    parser.add_argument("--against", default="hard", choices=("hard", "dicefight"),
                        help="the reference: hard as recorded (PlannerBot), or today's hard (DiceFightBot)")
    args = parser.parse_args(argv)
    run(args.set, args.budget) if args.step == "run" else report(args.against)


if __name__ == "__main__":
    main()
