"""A match's figures, the same for both games: win rates with 95% Wilson intervals, the Elo
difference (a bound from the interval when one bot won or lost every game), how games
ended, and the words of the reports.

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> round(elo_difference(0.75), 1)
190.8
>>> from types import SimpleNamespace as R
>>> s = tally([R(winner="a", reason="breakthrough")] * 20)
>>> s["elo_a_minus_b"], s["elo_a_minus_b_is"]
(286.6, 'lower bound')
>>> elo_phrase(s, "medium", "easy")
'Elo medium - easy: at least 286.6 (the lower end of the 95% interval: easy won no game)'
"""

from __future__ import annotations

import math

__all__ = ["wilson", "elo_difference", "tally", "wins_phrase", "elo_phrase", "nodes_lines"]


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (draws may count as halves).

    >>> wilson(0, 10)
    (0.0, 0.2775)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def elo_difference(score: float) -> float:
    """Elo difference implied by an expected score (0..1); infinite at 0 or 1.

    >>> elo_difference(0.75) > 0, elo_difference(1.0)
    (True, inf)
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def _elo(wins_a: int, draws: int, n: int) -> tuple[float | None, str]:
    """Bot A's Elo advantage and what the figure is. A clean sweep has no finite estimate:
    then the figure is the Elo of the 95% interval's near end of the score."""
    if n == 0:
        return None, "no games"
    points = wins_a + 0.5 * draws
    elo = elo_difference(points / n)
    if math.isfinite(elo):
        return round(elo, 1) + 0.0, "estimate"     # + 0.0: an even match reads 0.0, not -0.0
    low, high = wilson(points, n)
    if elo > 0:
        return round(elo_difference(low), 1), "lower bound"
    return round(elo_difference(high), 1), "upper bound"


def tally(results: list) -> dict:
    """The part of a summary both games share: games, wins, draws, their rates with 95%
    intervals, the score and Elo difference of bot A (``elo_a_minus_b_is`` says whether it
    is an estimate or, after a clean sweep, a bound), and how games ended (``ends``).
    ``results`` have ``winner`` (``"a"``, ``"b"`` or None) and ``reason``.

    >>> from types import SimpleNamespace as R
    >>> t = tally([R(winner="a", reason="breakthrough"), R(winner=None, reason="deadlock")])
    >>> t["wins_a"], t["draws"], t["score_a"], t["ends"], t["elo_a_minus_b_is"]
    (1, 1, 0.75, {'breakthrough': 1, 'deadlock': 1}, 'estimate')
    """
    n = len(results)
    wins_a = sum(r.winner == "a" for r in results)
    wins_b = sum(r.winner == "b" for r in results)
    draws = n - wins_a - wins_b
    score_a = (wins_a + 0.5 * draws) / n if n else 0.0
    ends: dict[str, int] = {}
    for r in results:
        ends[r.reason] = ends.get(r.reason, 0) + 1
    elo, elo_is = _elo(wins_a, draws, n)
    return {
        "games": n, "wins_a": wins_a, "wins_b": wins_b, "draws": draws,
        "win_rate_a": round(wins_a / n, 4) if n else 0.0,
        "win_rate_b": round(wins_b / n, 4) if n else 0.0,
        "ci95_a": list(wilson(wins_a, n)),
        "ci95_b": list(wilson(wins_b, n)),
        "score_a": round(score_a, 4),
        "elo_a_minus_b": elo,
        "elo_a_minus_b_is": elo_is,
        "ends": dict(sorted(ends.items())),
    }


def wins_phrase(n: int) -> str:
    """``1 win``, ``2 wins``.

    >>> wins_phrase(1), wins_phrase(0)
    ('1 win', '0 wins')
    """
    return f"{n} win" if n == 1 else f"{n} wins"


def elo_phrase(s: dict, a: str, b: str) -> str:
    """The Elo line of a report, saying when the figure is a bound and why."""
    elo, what = s["elo_a_minus_b"], s.get("elo_a_minus_b_is", "estimate")
    head = f"Elo {a} - {b}: "
    if what == "lower bound":
        return head + f"at least {elo} (the lower end of the 95% interval: {b} won no game)"
    if what == "upper bound":
        return head + f"at most {elo} (the upper end of the 95% interval: {a} won no game)"
    return head + ("none (no games)" if elo is None else f"{elo}")


def nodes_lines(s: dict) -> list[str]:
    """The report's last line: which machines played the games (a machine is named by its
    host name, or on a Ray cluster by its address and node id), and how many each; none for
    a summary of saved games.

    >>> nodes_lines({"nodes": {"10.0.0.2/1f3a9c2e": 6, "10.0.0.3/77b0d1aa": 4}, "resumed": 2})
    ['  machines that played the games: 10.0.0.2/1f3a9c2e (6 games), 10.0.0.3/77b0d1aa (4 games); 2 games read back from the save file']
    >>> nodes_lines({"nodes": {"vm": 20}})
    ['  machines that played the games: vm (20 games)']
    """
    if "nodes" not in s:
        return []
    parts = [f"{node} ({n} game{'s' if n != 1 else ''})" for node, n in sorted(s["nodes"].items())]
    line = "  machines that played the games: " + (", ".join(parts) or "none")
    if s.get("resumed"):
        line += f"; {s['resumed']} game{'s' if s['resumed'] != 1 else ''} read back from the save file"
    return [line]
