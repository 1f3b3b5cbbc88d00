"""The arena for Battle Line: one game of a paired deal, a match's summary counted as games
come, a run, and saved runs combined (:mod:`battleline.arena` is the command for both games).

>>> s = run_arena("easy", "easy", 2, seed=1)
>>> s["games"], s["bot_a"]
(2, 'easy')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..scoring import Durations, nodes_lines
from ..standard.bots import bot_from_spec
from ..standard.game import Game
from .match import MatchTally, check_match, combine_saved, rate, result_lines, run_match
from .play import play_between, seat_bots, winner_of

__all__ = ["GameResult", "GameTally", "play_game", "play_from_settings", "summarize", "run_arena", "combine",
           "report", "SETTING_KEYS"]

SETTING_KEYS = ("a", "b", "move_time", "rules")     # a match's settings, on every saved line
MAX_DECISIONS = 5000    # a game that has not ended by then is a bug


@dataclass
class GameResult:
    deal: int
    a_seat: int                       # the seat bot A played (battleline.sides: 0 north)
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
    """One game of a paired deal: the deal's seed fixes the cards and who starts; bot A
    plays seat ``a_seat``. Only the decisions with a card to choose are timed."""
    g = Game(seed=deal, rules=rules)
    first = g.to_move
    bots = seat_bots(lambda spec, seed: _make(spec, seed, move_time), spec_a, spec_b, deal, a_seat, seat_a=a_seat)
    played = play_between(g, bots, max_decisions=MAX_DECISIONS, timed=has_card_choice, label=f"deal {deal}: the game")
    o = g.result
    return GameResult(deal, a_seat, winner_of(o, a_seat), o.reason, first, played.times[a_seat],
                      played.times[1 - a_seat], played.decisions)


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


class GameTally(MatchTally):
    """A match's summary, counted game by game as results come: its memory stays bounded
    however long the match (see :class:`battleline.scoring.Durations` for the medians).

    >>> t = GameTally()
    >>> t.add(GameResult(0, 0, "a", "breakthrough", 0, [0.1, 0.3], [0.2], 10))
    >>> s = t.summary("x", "y")
    >>> s["wins_a"], s["first_player_win_rate"], s["median_move_s_a"], s["mean_moves_per_game"]
    (1, 1.0, 0.2, 10.0)
    """

    def __init__(self):
        super().__init__()
        self.first_wins = 0
        self.moves = 0
        self.times_a = Durations()
        self.times_b = Durations()

    def count(self, r: GameResult) -> None:
        self.first_wins += r.winner is not None and ((r.winner == "a") == (r.a_seat == r.first))
        self.moves += r.moves
        self.times_a.extend(r.times_a)
        self.times_b.extend(r.times_b)

    def figures(self) -> dict:
        n = self.outcomes.games
        ta, tb = self.times_a.figures(), self.times_b.figures()
        return {
            "first_player_win_rate": rate(self.first_wins, n),
            "median_move_s_a": ta["median"], "median_move_s_b": tb["median"],
            "max_move_s_a": ta["max"], "max_move_s_b": tb["max"],
            "mean_moves_per_game": round(self.moves / n, 1) if n else 0.0,
        }


def summarize(results: list[GameResult], spec_a: str, spec_b: str) -> dict:
    """The summary of a list of games (:class:`GameTally`)."""
    return GameTally.of(results).summary(spec_a, spec_b)


def run_arena(spec_a: str, spec_b: str, games: int, seed: int = 0, move_time: float | None = None,
              jobs: int = 1, rules: str = "standard", progress: bool = False,
              save: str | None = None, *, cluster: str | None = None, resume: bool = False) -> dict:
    """Play ``games`` games (rounded up to pairs) and return the summary dictionary, with
    ``nodes``: the games each node played (``resumed``: read back from ``save``).
    ``save`` appends every game's result to a JSON-lines file (see :func:`combine`) as it
    finishes; ``resume`` reads the games already there instead of playing them again.
    ``cluster`` is a Ray address (``auto``, ``HOST:PORT``, ``ray://HOST:PORT``)."""
    check_match(games, jobs, cluster, ("move_time", move_time), (spec_a, spec_b), bot_from_spec)
    settings = {"a": spec_a, "b": spec_b, "move_time": move_time, "rules": rules}
    return run_match(play_from_settings, GameResult, GameTally(), settings, seed, games, jobs=jobs,
                     cluster=cluster, save=save, resume=resume, progress=progress)


def combine(paths: list[str], deals: tuple[int, int] | None = None) -> dict:
    """One summary of games saved by several runs (``--save``), e.g. a long match played
    in parts. All games must be between the same two bots under the same settings.
    ``deals=(first, last)`` keeps only the games of those deals (a part of the run). Every
    line is checked; a bad one is a ValueError naming the file and the line."""
    return combine_saved(GameResult, SETTING_KEYS, GameTally(), paths, deals)


def report(s: dict) -> str:
    """The summary as readable text."""
    lines = [
        f"{s['bot_a']} vs {s['bot_b']}: {s['games']} games ({s['games'] // 2} paired deals)",
        *result_lines(s),
        f"  first player won {s['first_player_win_rate']:.1%}",
        f"  think time per decision (a card to choose): {s['bot_a']} median {s['median_move_s_a']}s max {s['max_move_s_a']}s; "
        f"{s['bot_b']} median {s['median_move_s_b']}s max {s['max_move_s_b']}s",
    ]
    return "\n".join(lines + nodes_lines(s))
