"""The arena for Battle Line: one game of a paired deal, a match's summary counted as games
come, a run, and saved runs combined (:mod:`battleline.arena` is the command for both games).

>>> s = run_arena("easy", "easy", 2, seed=1)
>>> s["games"], s["bot_a"]
(2, 'easy')
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Literal

from .runner import SavedRuns, check_games, check_jobs, play_match
from ..scoring import Durations, Tally, elo_phrase, nodes_lines, wins_phrase
from ..standard.bots import bot_from_spec
from ..standard.game import Game

__all__ = ["GameResult", "GameTally", "play_game", "play_from_settings", "summarize", "run_arena", "combine",
           "report", "SETTING_KEYS"]

SETTING_KEYS = ("a", "b", "move_time", "rules")     # a match's settings, on every saved line


@dataclass
class GameResult:
    deal: int
    a_seat: int                       # the seat bot A played
    winner: Literal["a", "b"] | None
    reason: str
    first: Literal[0, 1]              # the seat that moved first
    times_a: list[float]              # seconds per decision with a card to choose (has_card_choice)
    times_b: list[float]
    moves: int


def _make(spec: str, seed: int, move_time: float | None):
    bot = bot_from_spec(spec, seed=seed)
    if move_time is not None and hasattr(bot, "move_time"):
        bot.move_time = move_time
    return bot


def play_game(spec_a: str, spec_b: str, deal: int, a_seat: int, move_time: float | None = None,
              rules: str = "standard") -> GameResult:
    """One game of a paired deal: the deal's seed fixes the cards and who starts."""
    g = Game(seed=deal, rules=rules)
    first = g.to_move
    bots = [None, None]
    bots[a_seat] = _make(spec_a, deal * 2 + a_seat, move_time)
    bots[1 - a_seat] = _make(spec_b, deal * 2 + 1 - a_seat, move_time)
    times = ([], [])
    clock = time.perf_counter
    n = 0
    while not g.is_over():
        seat = g.to_move
        timed = has_card_choice(g)
        t0 = clock()
        move = bots[seat].choose(g.observation(seat))
        if timed:
            times[seat].append(clock() - t0)
        g.play(move)
        n += 1
        if n > 5000:
            raise RuntimeError(f"deal {deal}: the game did not end")
    o = g.outcome()
    winner = None if o.winner is None else ("a" if o.winner == a_seat else "b")
    return GameResult(deal, a_seat, winner, o.reason, first, times[a_seat], times[1 - a_seat], n)


def has_card_choice(g: Game) -> bool:
    """Whether the seat to move chooses a card to play (or to pass) among several: the
    decisions a bot thinks over. Draws, claims and moves with no alternative are not timed, so
    the arena's times are think times (runs saved before 2026-11-27 timed every move).

    >>> has_card_choice(Game(seed=1))
    True
    """
    return g.phase == "play" and len(g.legal_moves(claims=False)) > 1


def play_from_settings(settings: dict, deal: int, a_seat: int) -> GameResult:
    """One game of a match, for the runner: ``settings`` are the match's (as saved)."""
    return play_game(settings["a"], settings["b"], deal, a_seat, settings["move_time"], settings["rules"])


class GameTally:
    """A match's summary, counted game by game as results come: its memory stays bounded
    however long the match (see :class:`battleline.scoring.Durations` for the medians).

    >>> t = GameTally()
    >>> t.add(GameResult(0, 0, "a", "breakthrough", 0, [0.1, 0.3], [0.2], 10))
    >>> s = t.summary("x", "y")
    >>> s["wins_a"], s["first_player_win_rate"], s["median_move_s_a"], s["mean_moves_per_game"]
    (1, 1.0, 0.2, 10.0)
    """

    def __init__(self):
        self.outcomes = Tally()
        self.first_wins = 0
        self.moves = 0
        self.times_a = Durations()
        self.times_b = Durations()

    def add(self, r: GameResult) -> None:
        self.outcomes.add(r.winner, r.reason)
        self.first_wins += r.winner is not None and ((r.winner == "a") == (r.a_seat == r.first))
        self.moves += r.moves
        self.times_a.extend(r.times_a)
        self.times_b.extend(r.times_b)

    def summary(self, spec_a: str, spec_b: str) -> dict:
        n = self.outcomes.games
        ta, tb = self.times_a.figures(), self.times_b.figures()
        return {
            "bot_a": spec_a, "bot_b": spec_b,
            **self.outcomes.figures(),
            "first_player_win_rate": round(self.first_wins / n, 4) if n else 0.0,
            "median_move_s_a": ta["median"], "median_move_s_b": tb["median"],
            "max_move_s_a": ta["max"], "max_move_s_b": tb["max"],
            "mean_moves_per_game": round(self.moves / n, 1) if n else 0.0,
        }


def summarize(results: list[GameResult], spec_a: str, spec_b: str) -> dict:
    """The summary of a list of games (:class:`GameTally`)."""
    t = GameTally()
    for r in results:
        t.add(r)
    return t.summary(spec_a, spec_b)


def _check_move_time(move_time) -> None:
    if move_time is not None and not (isinstance(move_time, (int, float)) and 0 < move_time < math.inf):
        raise ValueError(f"move_time must be a positive number of seconds, not {move_time!r}")


def run_arena(spec_a: str, spec_b: str, games: int, seed: int = 0, move_time: float | None = None,
              jobs: int = 1, rules: str = "standard", progress: bool = False,
              save: str | None = None, *, cluster: str | None = None, resume: bool = False) -> dict:
    """Play ``games`` games (rounded up to pairs) and return the summary dictionary, with
    ``nodes``: the games each node played (``resumed``: read back from ``save``).
    ``save`` appends every game's result to a JSON-lines file (see :func:`combine`) as it
    finishes; ``resume`` reads the games already there instead of playing them again.
    ``cluster`` is a Ray address (``auto``, ``HOST:PORT``, ``ray://HOST:PORT``)."""
    _check_move_time(move_time)
    check_games(games)
    check_jobs(jobs, cluster)
    for spec in (spec_a, spec_b):
        bot_from_spec(spec)  # fail early on a bad name
    settings = {"a": spec_a, "b": spec_b, "move_time": move_time, "rules": rules}
    counted = GameTally()
    match = play_match(play_from_settings, GameResult, settings, seed, games, jobs=jobs, cluster=cluster,
                       save=save, resume=resume, progress=progress, collect=counted.add)
    return {**counted.summary(spec_a, spec_b), "nodes": match.nodes, "resumed": match.resumed}


def combine(paths: list[str], deals: tuple[int, int] | None = None) -> dict:
    """One summary of games saved by several runs (``--save``), e.g. a long match played
    in parts. All games must be between the same two bots under the same settings.
    ``deals=(first, last)`` keeps only the games of those deals (a part of the run). Every
    line is checked; a bad one is a ValueError naming the file and the line."""
    reader = SavedRuns(GameResult, SETTING_KEYS)
    counted = GameTally()
    for result in reader.read(paths, deals):
        counted.add(result)
    return counted.summary(reader.settings["a"], reader.settings["b"])


def report(s: dict) -> str:
    """The summary as readable text."""
    lines = [
        f"{s['bot_a']} vs {s['bot_b']}: {s['games']} games ({s['games'] // 2} paired deals)",
        f"  {s['bot_a']}: {wins_phrase(s['wins_a'])}, {s['win_rate_a']:.1%} "
        f"(95% CI {s['ci95_a'][0]:.1%}-{s['ci95_a'][1]:.1%})",
        f"  {s['bot_b']}: {wins_phrase(s['wins_b'])}, {s['win_rate_b']:.1%} "
        f"(95% CI {s['ci95_b'][0]:.1%}-{s['ci95_b'][1]:.1%})",
        f"  draws: {s['draws']}; " + elo_phrase(s, s["bot_a"], s["bot_b"]),
        "  ends: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ends"].items())),
        f"  first player won {s['first_player_win_rate']:.1%}",
        f"  think time per decision (a card to choose): {s['bot_a']} median {s['median_move_s_a']}s max {s['max_move_s_a']}s; "
        f"{s['bot_b']} median {s['median_move_s_b']}s max {s['max_move_s_b']}s",
    ]
    return "\n".join(lines + nodes_lines(s))
