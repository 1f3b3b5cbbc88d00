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
import statistics
from array import array

__all__ = ["wilson", "elo_difference", "tally", "Tally", "Durations", "median_of_counts", "wins_phrase",
           "elo_phrase", "nodes_lines", "EXACT_DURATIONS"]

# Durations kept whole for an exact median (8 bytes each); past this, bins 0.01% wide.
EXACT_DURATIONS = 1_000_000


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


class Tally:
    """The part of a summary both games share, counted as results come (a long match need
    not keep them): games, wins, draws, their rates with 95% intervals, the score and Elo
    difference of bot A (``elo_a_minus_b_is`` says whether it is an estimate or, after a
    clean sweep, a bound), and how games ended (``ends``).

    >>> t = Tally()
    >>> t.add("a", "breakthrough"); t.add(None, "deadlock")
    >>> s = t.figures()
    >>> s["wins_a"], s["draws"], s["score_a"], s["ends"], s["elo_a_minus_b_is"]
    (1, 1, 0.75, {'breakthrough': 1, 'deadlock': 1}, 'estimate')
    """

    def __init__(self):
        self.games = self.wins_a = self.wins_b = 0
        self.ends: dict[str, int] = {}

    def add(self, winner: str | None, reason: str) -> None:
        """One game: its ``winner`` (``"a"``, ``"b"`` or None) and how it ended."""
        self.games += 1
        self.wins_a += winner == "a"
        self.wins_b += winner == "b"
        self.ends[reason] = self.ends.get(reason, 0) + 1

    def figures(self) -> dict:
        n, wins_a, wins_b = self.games, self.wins_a, self.wins_b
        draws = n - wins_a - wins_b
        score_a = (wins_a + 0.5 * draws) / n if n else 0.0
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
            "ends": dict(sorted(self.ends.items())),
        }


def tally(results: list) -> dict:
    """:class:`Tally`'s figures for a list of ``results``, which have ``winner`` (``"a"``,
    ``"b"`` or None) and ``reason``.

    >>> from types import SimpleNamespace as R
    >>> tally([R(winner="b", reason="envelopment")])["wins_b"]
    1
    """
    t = Tally()
    for r in results:
        t.add(r.winner, r.reason)
    return t.figures()


class Durations:
    """The median and longest of many durations (seconds), in bounded memory. The first
    ``exact_limit`` (``EXACT_DURATIONS`` unless given) are kept, 8 bytes each, and their
    median is exact; past that all go into bins 0.01% wide, and the median is read from the
    middle bins' centres (off by at most 0.005%; at most about 23,000 bins a factor of ten of
    durations). The longest is always exact.

    >>> d = Durations()
    >>> for t in (0.3, 0.1, 0.2, 0.4):
    ...     d.add(t)
    >>> d.figures()
    {'median': 0.25, 'max': 0.4, 'n': 4}
    >>> small = Durations(exact_limit=2)
    >>> for t in (0.3, 0.1, 0.2, 0.4):
    ...     small.add(t)
    >>> small.figures()["median"], small.binned
    (0.25, True)
    """

    BIN_WIDTH = 1e-4          # relative: bin k holds [1.0001 ** k, 1.0001 ** (k + 1))
    ZERO = -(2 ** 62)          # the bin of durations of 0 (or less)

    def __init__(self, exact_limit: int | None = None):
        self.exact_limit = EXACT_DURATIONS if exact_limit is None else exact_limit
        self.values = array("d")
        self.bins: dict[int, int] = {}        # bin -> count, once binned
        self.n = 0
        self.longest = -math.inf
        self.binned = False

    def add(self, seconds: float) -> None:
        self.n += 1
        self.longest = max(self.longest, seconds)
        if not self.binned:
            self.values.append(seconds)
            if len(self.values) > self.exact_limit:
                for v in self.values:
                    self._bin(v)
                self.values = array("d")
                self.binned = True
        else:
            self._bin(seconds)

    def extend(self, seconds: list) -> None:
        for t in seconds:
            self.add(t)

    def _bin(self, seconds: float) -> None:
        key = math.floor(math.log(seconds) / math.log1p(self.BIN_WIDTH)) if seconds > 0 else self.ZERO
        self.bins[key] = self.bins.get(key, 0) + 1

    def _centre(self, key: int) -> float:
        return 0.0 if key == self.ZERO else (1 + self.BIN_WIDTH) ** (key + 0.5)

    def median(self) -> float:
        if not self.binned:
            return statistics.median(self.values)
        return median_of_counts({self._centre(k): c for k, c in self.bins.items()})

    def figures(self) -> dict:
        """``median`` and ``max`` rounded to 0.1 ms, and ``n``; zeros when empty."""
        if self.n == 0:
            return {"median": 0.0, "max": 0.0, "n": 0}
        return {"median": round(self.median(), 4), "max": round(self.longest, 4), "n": self.n}


def median_of_counts(counts: dict) -> float:
    """The median of values given with how often each occurs, as ``statistics.median`` of
    the whole list would give it (the mean of the middle two when their number is even).

    >>> median_of_counts({7: 1, 10: 2, 20: 1}), median_of_counts({3: 3})
    (10.0, 3)
    """
    n = sum(counts.values())
    if n == 0:
        raise statistics.StatisticsError("no median for empty data")
    middle = []                       # the values at (0-based) positions (n - 1) // 2 and n // 2
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        while len(middle) < 2 and seen > ((n - 1) // 2 if not middle else n // 2):
            middle.append(value)
        if len(middle) == 2:
            break
    return middle[0] if n % 2 else (middle[0] + middle[1]) / 2


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
