"""``python -m battleline.standard.puzzles check [FILES]``: verify puzzles; exit 1 on any failure."""

from __future__ import annotations

import argparse
import sys

from . import PuzzleError, bundled, lesson, load, verify


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m battleline.standard.puzzles",
        description="Battle Line puzzles: a position, a question and its answer, checked by the "
                    "engine.")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND",
                            help="check: verify puzzles (the only command)")
    check = sub.add_parser(
        "check", help="verify the bundled puzzles, or the files given",
        description="Verify that each puzzle's stated answer is the engine's, and the only one; "
                    "exit with status 1 if any is wrong.")
    check.add_argument("files", nargs="*", metavar="FILE",
                       help="puzzle JSON files (default: the puzzles bundled with the package)")
    args = ap.parse_args(argv)
    failures = 0
    try:
        puzzles = [load(f) for f in args.files] if args.files else bundled() + lesson()
    except PuzzleError as e:
        print(f"FAILED {e}")
        return 1
    ok = 0
    for p in puzzles:
        try:
            print(verify(p))
            ok += 1
        except (PuzzleError, TimeoutError, ValueError) as e:
            print(f"FAILED {e}")
            failures += 1
    print(f"{ok} puzzles verified" + (f", {failures} failed" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
