"""Hand-made mutants: does the quick tier notice a one-line break of a rule? Run on demand, not in CI.

Each mutant is a named (file, old text, new text) replacement, grouped by tier (engine, kernel,
bots, review, arena, widget), with the quick-tier tests that should notice it (a small named
subset, so a run is quick). For each mutant the script copies the tree (``src/``, ``tests/``,
``pyproject.toml``; the docs and the front end's sources are linked, read only) to a temporary
folder, makes the replacement there, runs the subset with ``pytest -m "not slow"`` and reports
``killed`` (a test failed) or ``SURVIVED``. The working tree is never touched.

The subset is first run on the unmutated copy (once per subset): a subset that fails without
the mutant kills nothing and is reported as ``baseline fails``. A mutant whose old text is not
in its file exactly once (the code moved on) is reported as ``stale``: update its texts.

The kernels run as plain Python (``BATTLELINE_KERNEL=python``) in every copy: numba's disk cache
is keyed by the source file's folder, so a copy would compile every kernel afresh (minutes a
mutant), and a mutated kernel must never reach the shared cache (``NUMBA_CACHE_DIR`` points into
the copy). ``--compiled`` runs them compiled instead (slow; the cache still stays in the copy).

    python tools/mutants.py --list
    python tools/mutants.py                      # every mutant
    python tools/mutants.py --tier review        # one tier
    python tools/mutants.py kernel-deadlock-winner review-tactics-price
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("src", "tests", "pyproject.toml")
LINKED = ("docs", "js", "examples", "README.md", "package.json", "node_modules")
TIMEOUT = 900            # seconds a subset may run before the mutant counts as killed by a hang


@dataclass(frozen=True)
class Mutant:
    name: str
    tier: str
    file: str            # under src/battleline/
    old: str
    new: str
    tests: tuple[str, ...]   # pytest arguments: files, node ids, -k expressions
    why: str = ""


MUTANTS = [
    # ---------------------------------------------------------------- engine
    Mutant("engine-deadlock-winner", "engine", "standard/rules.py",
           "(NORTH if n > s else SOUTH)", "(SOUTH if n > s else NORTH)",
           ("tests/test_game.py", "-k", "deadlock"), "the engine gives a deadlock to the seat with fewer flags"),
    Mutant("engine-tactics-limit", "engine", "standard/legality.py",
           "return self.tactics_counts[p] <= self.tactics_counts[1 - p]",
           "return self.tactics_counts[p] <= self.tactics_counts[1 - p] + 1",
           ("tests/test_game.py", "-k", "tactic"), "two Tactics cards ahead allowed"),
    Mutant("engine-envelopment", "engine", "standard/rules.py",
           "if m.bit_count() >= ENVELOPMENT_FLAGS:", "if m.bit_count() > ENVELOPMENT_FLAGS:",
           ("tests/test_game.py", "-k", "envelopment or win"), "five flags no longer win"),
    # ---------------------------------------------------------------- kernel
    Mutant("kernel-deadlock-winner", "kernel", "standard/kernel/rules.py",
           "(0 if north > south else 1)", "(1 if north > south else 0)",
           ("tests/test_kernel.py", "-k", "deadlock"), "round 4's survivor (a)"),
    Mutant("kernel-envelopment", "kernel", "standard/kernel/rules.py",
           "if popcount(held) >= ENVELOPMENT_FLAGS:", "if popcount(held) > ENVELOPMENT_FLAGS:",
           ("tests/test_kernel.py", "-k", "agree_move_by_move and not many"), "five flags no longer win in the kernel"),
    # ---------------------------------------------------------------- bots
    Mutant("planner-tactics-price", "bots", "standard/bots/planner.py",
           "scores = rewards / worlds - self.cost_scale * costs + favour",
           "scores = rewards / worlds + self.cost_scale * costs + favour",
           ("tests/test_bots_planner.py", "-k", "price"), "round 4's (e): the price added, not subtracted"),
    Mutant("planner-prior-ignored", "bots", "standard/bots/planner.py",
           "favour[0] = self.prior", "favour[0] = 0.0",
           ("tests/test_bots_planner.py", "-k", "prior"), "medium's first choice never favoured"),
    Mutant("heuristic-tactics-price", "bots", "standard/bots/heuristic.py",
           "        s -= tactic_cost(world, m, me)", "        s += tactic_cost(world, m, me)",
           ("tests/test_bots.py", "-k", "price"), "medium is paid for playing a Tactics card"),
    # ---------------------------------------------------------------- review
    Mutant("review-tactics-price", "review", "standard/reviewing.py",
           "scores = totals / worlds - self.prices", "scores = totals / worlds",
           ("tests/test_review_verdicts.py", "-k", "price or prefers"), "round 4's (b)"),
    Mutant("review-swing-flag", "review", "standard/reviewing.py",
           "flag = int(np.argmax(swing[1:]) + 1)", "flag = int(np.argmax(swing[1:]))",
           ("tests/test_review_verdicts.py", "-k", "flag"), "round 4's (c): the reason names the flag before"),
    Mutant("review-held-flag", "review", "standard/reviewing.py",
           "return (*say(\"holds\", p=pct[0], flag=flag, a=round(100 * held[0][flag])), [flag])",
           "return (*say(\"holds\", p=pct[0], flag=flag + 1, a=round(100 * held[0][flag])), [flag + 1])",
           ("tests/test_review_verdicts.py", "-k", "flag"), "the held flag named one off"),
    Mutant("review-mistake-cut", "review", "annotation.py",
           '"mistake": 0.10,', '"mistake": 0.12,',
           ("tests/test_review_verdicts.py", "-k", "threshold or labelled or cut"), "a mistake starts at 12 points"),
    Mutant("review-cut-inclusive", "review", "annotation.py",
           "if loss >= THRESHOLDS[name] - 1e-12:", "if loss > THRESHOLDS[name] + 1e-12:",
           ("tests/test_review_verdicts.py", "-k", "threshold"), "a loss at a cut-off gets the label below"),
    # ---------------------------------------------------------------- arena
    Mutant("arena-think-times-swapped", "arena", "arena/standard.py",
           "o.reason, first, times[a_seat], times[1 - a_seat], n)",
           "o.reason, first, times[1 - a_seat], times[a_seat], n)",
           ("tests/test_arena.py", "-k", "think_times"), "round 4's (d)"),
    Mutant("arena-first-player", "arena", "arena/standard.py",
           '((r.winner == "a") == (r.a_seat == r.first))', '((r.winner == "a") != (r.a_seat == r.first))',
           ("tests/test_arena.py", "-k", "summary"), "the first player's wins counted for the second"),
    # ---------------------------------------------------------------- widget
    Mutant("widget-undo-target", "widget", "widgets/turns.py",
           "        return earlier[-1]", "        return earlier[0]",
           ("tests/test_widget_turns.py",), "undo goes back to the human's first turn"),
    Mutant("widget-can-undo", "widget", "widgets/turns.py",
           "return any(m < moves for m in self.marks)", "return any(m <= moves for m in self.marks)",
           ("tests/test_widget_turns.py",), "undo offered before the human has played"),
]
TIERS = sorted({m.tier for m in MUTANTS})


def make_copy(where: Path) -> Path:
    """The tree's copy under ``where``: ``src/``, ``tests/`` and ``pyproject.toml`` copied, the rest linked."""
    tree = where / "tree"
    tree.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", ".pytest_cache", "*.pyc")
    for name in COPIED:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, tree / name, ignore=ignore, symlinks=True)
        elif path.exists():
            shutil.copy2(path, tree / name)
    for name in LINKED:
        if (ROOT / name).exists():
            (tree / name).symlink_to(ROOT / name)
    return tree


def environment(tree: Path, compiled: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"), NUMBA_CACHE_DIR=str(tree.parent / "numba-cache"),
               PYTHONDONTWRITEBYTECODE="1")
    if not compiled:
        env["BATTLELINE_KERNEL"] = "python"
    return env


def run_tests(tree: Path, tests: tuple[str, ...], compiled: bool) -> tuple[str, float, str]:
    """``passed``, ``failed``, ``error`` (pytest could not run them, or none was selected) or
    ``timeout``, the seconds taken and the first failing test's name."""
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow", *tests]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=tree, env=environment(tree, compiled), capture_output=True,
                              text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start, ""
    verdict = {0: "passed", 1: "failed"}.get(done.returncode, "error")
    if verdict == "error":
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n", file=sys.stderr)
    failing = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("FAILED ")]
    return verdict, time.monotonic() - start, failing[0].split("::", 1)[-1] if failing else ""


def mutate(tree: Path, mutant: Mutant) -> bool:
    """Make the replacement in the copy; False when the old text is not there exactly once."""
    path = tree / "src" / "battleline" / mutant.file
    text = path.read_text()
    if text.count(mutant.old) != 1:
        return False
    path.write_text(text.replace(mutant.old, mutant.new))
    return True


def check_copy_is_imported(tree: Path, compiled: bool) -> None:
    """The copy's package, not the installed one, is what the tests import."""
    out = subprocess.run([sys.executable, "-c", "import battleline; print(battleline.__file__)"], cwd=tree,
                         env=environment(tree, compiled), capture_output=True, text=True, check=True).stdout
    if not Path(out.strip()).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"the tests would import {out.strip()}, not the copy in {tree}")


def run(mutants: list[Mutant], compiled: bool) -> list[tuple[Mutant, str, float, str]]:
    results = []
    baselines: dict[tuple[str, ...], str] = {}
    with tempfile.TemporaryDirectory(prefix="battleline-mutants-") as scratch:
        (Path(scratch) / "clean").mkdir()
        clean = make_copy(Path(scratch) / "clean")
        check_copy_is_imported(clean, compiled)
        for mutant in mutants:
            if mutant.tests not in baselines:
                baselines[mutant.tests] = run_tests(clean, mutant.tests, compiled)[0]
            if baselines[mutant.tests] != "passed":
                results.append((mutant, f"baseline {baselines[mutant.tests]}", 0.0, ""))
            else:
                where = Path(scratch) / mutant.name
                where.mkdir()
                tree = make_copy(where)
                if not mutate(tree, mutant):
                    results.append((mutant, "stale", 0.0, ""))
                else:
                    verdict, seconds, failing = run_tests(tree, mutant.tests, compiled)
                    results.append((mutant, {"failed": "killed", "passed": "SURVIVED"}.get(verdict, verdict),
                                    seconds, failing))
                shutil.rmtree(where, ignore_errors=True)
            m, verdict, seconds, failing = results[-1]
            print(f"{m.tier:7} {m.name:28} {verdict:10} {seconds:6.1f} s  {' '.join(m.tests)}"
                  + (f"  [{failing}]" if failing else ""), flush=True)
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="mutants to run (default: all, or those of --tier)")
    ap.add_argument("--tier", choices=TIERS, help="only this tier's mutants")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--compiled", action="store_true", help="run the kernels compiled (slow: they compile afresh)")
    args = ap.parse_args(argv)
    known = {m.name: m for m in MUTANTS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        ap.error(f"unknown mutant {', '.join(unknown)}; --list shows them")
    chosen = [known[n] for n in args.names] if args.names else MUTANTS
    chosen = [m for m in chosen if args.tier in (None, m.tier)]
    if args.list:
        for m in chosen:
            print(f"{m.tier:7} {m.name:28} src/battleline/{m.file}: {m.why}")
        return 0
    results = run(chosen, args.compiled)
    survived = [m.name for m, verdict, _, _ in results if verdict != "killed"]
    print(f"\n{len(results) - len(survived)} of {len(results)} killed" +
          (f"; not killed: {', '.join(survived)}" if survived else ""))
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
