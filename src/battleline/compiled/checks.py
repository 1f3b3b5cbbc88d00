"""What both kernels' checks against their engines share: perft compared position by position,
and the ``python -m battleline.<game>.kernel check`` command's front door.

A kernel is held to its engine as a chess engine's move generator is: the number of positions
``depth`` moves deep (perft) must be equal on every position tried.

>>> compare_perft(["a", "b"], 2, reference=lambda p, d: 3, kernel=lambda p, d: 3 if p == "a" else 4,
...               describe=str)["problems"]
['b: reference 3, kernel 4']
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import shorten

__all__ = ["compare_perft", "check_command", "check_perft_request", "perft_stopped", "MAX_PERFT_DEPTH",
           "MAX_PERFT_NODES"]

SHOWN_PROBLEMS = 10
MAX_PERFT_DEPTH = 8
MAX_PERFT_NODES = 50_000_000           # perft's default budget of positions played, in both kernels
MAX_INT64 = 2 ** 63 - 1


def check_perft_request(depth, max_nodes) -> None:
    """A perft's depth (0 to :data:`MAX_PERFT_DEPTH`) and budget (a positive whole number), or
    a ValueError naming the bad one.

    >>> check_perft_request(9, 100)
    Traceback (most recent call last):
    ...
    ValueError: perft depth is a whole number from 0 to 8, not 9
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_PERFT_DEPTH:
        raise ValueError(f"perft depth is a whole number from 0 to {MAX_PERFT_DEPTH}, not {shorten(depth)}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or not 1 <= max_nodes <= MAX_INT64:
        raise ValueError(f"max_nodes is a whole number from 1 to 2**63 - 1, not {shorten(max_nodes)}")


def perft_stopped(max_nodes: int) -> ValueError:
    """The error of a perft that reached its budget (compiled code ignores Ctrl-C, so a
    budget is what bounds it)."""
    return ValueError(f"perft stopped after {max_nodes:,} positions (max_nodes): ask for less depth or more max_nodes")


def compare_perft(positions: Sequence[Any], depth: int, *, reference: Callable[[Any, int], int],
                  kernel: Callable[[Any, int], int], describe: Callable[[Any], str]) -> dict:
    """``kernel``'s perft against ``reference``'s on each position; the disagreements named by
    ``describe`` (the first few)."""
    problems = []
    leaves = 0
    for position in positions:
        want, got = reference(position, depth), kernel(position, depth)
        leaves += want
        if want != got:
            problems.append(f"{describe(position)}: reference {want}, kernel {got}")
    return {"positions": len(positions), "depth": depth, "leaves": leaves,
            "disagreements": len(problems), "problems": problems[:SHOWN_PROBLEMS]}


def check_command(main: Callable[[list[str]], int], usage: str, argv: list[str] | None = None) -> int:
    """Run ``main`` on the arguments after ``check``; anything else prints ``usage`` (exit 2).

    >>> check_command(lambda args: len(args), "usage: …", ["check", "--games", "3"])
    2
    """
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] != ["check"]:
        print(usage, file=sys.stderr)
        return 2
    return main(args[1:])
