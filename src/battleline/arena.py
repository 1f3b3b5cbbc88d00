"""The arena: ``python -m battleline.arena BOT_A BOT_B --games N --seed S``.

Plays paired deals: every dealt game is played twice with the seats swapped, so
the luck of the deal cancels. Reports each side's win rate with a 95% Wilson
interval, the Elo difference, how games ended, the first player's win rate and
the time per move. Bots are named by level (``easy``, ``medium``, ``hard``), ``greedy``, by
class name in :mod:`battleline.standard.bots`, or as ``module:Class``. ``--game ancient`` plays
Ancient Battles (:mod:`battleline.arena_ancient`). The games are played through
:mod:`battleline.runner`: in this process, on ``--jobs`` processes or on a Ray cluster
(``--cluster``), saved as they finish (``--save``) and resumed (``--resume``).

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> round(elo_difference(0.75), 1)
190.8
>>> run("easy", "easy", games=2, seed=1)["games"]
2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from dataclasses import dataclass
from typing import Literal

from .standard.bots import bot_from_spec
from .standard.game import Game
from .errors import shorten
from .runner import RunStopped, SavedRuns, check_games, check_jobs, max_jobs, play_match, read_saved
from .scoring import Durations, Tally, elo_difference, elo_phrase, nodes_lines, tally, wilson, wins_phrase

__all__ = ["wilson", "elo_difference", "play_game", "run_arena", "run", "combine", "tally", "read_saved",
           "GameTally", "summarize"]

SETTING_KEYS = ("a", "b", "move_time", "rules")     # a match's settings, on every saved line


@dataclass
class GameResult:
    deal: int
    a_seat: int                       # the seat bot A played
    winner: Literal["a", "b"] | None
    reason: str
    first: Literal[0, 1]              # the seat that moved first
    times_a: list[float]              # seconds per move
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
        t0 = clock()
        move = bots[seat].choose(g.observation(seat))
        times[seat].append(clock() - t0)
        g.play(move)
        n += 1
        if n > 5000:
            raise RuntimeError(f"deal {deal}: the game did not end")
    o = g.outcome()
    winner = None if o.winner is None else ("a" if o.winner == a_seat else "b")
    return GameResult(deal, a_seat, winner, o.reason, first, times[a_seat], times[1 - a_seat], n)


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


def run(bot_a: str, bot_b: str, games: int = 100, seed: int = 0, *, game: str = "standard",
        move_time: float | None = None, jobs: int = 1, cluster: str | None = None,
        save: str | None = None, resume: bool = False, progress: bool = False,
        rules: str = "standard", scenario: str = "all", advanced=()) -> dict:
    """The arena's command in Python, for either game: the options of
    ``python -m battleline.arena`` as keywords (``move_time`` is a search bot's time per
    move, or per player turn in Ancient Battles). ``cluster="auto"`` plays on the Ray
    cluster this machine belongs to.

    >>> s = run("easy", "easy", games=2, seed=3, game="ancient", scenario="issus")
    >>> s["games"], list(s["scenarios"]), sum(s["nodes"].values())
    (2, ['issus'], 2)
    """
    if game not in ("standard", "ancient"):
        raise ValueError(f"unknown game {shorten(game)}: standard or ancient")
    if game == "standard":
        if scenario != "all" or tuple(advanced):
            raise ValueError("scenario and advanced are options of the ancient game")
        return run_arena(bot_a, bot_b, games, seed, move_time, jobs, rules, progress, save,
                         cluster=cluster, resume=resume)
    if rules != "standard":
        raise ValueError("rules is an option of the standard game (Ancient Battles has advanced)")
    from .ancient import advanced_options
    from .arena_ancient import run_ancient_arena
    if isinstance(scenario, str):
        scenario = scenario.lower()
    return run_ancient_arena(bot_a, bot_b, games, seed, scenario, tuple(sorted(advanced_options(list(advanced)))),
                             move_time, jobs, progress, save, cluster=cluster, resume=resume)


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


def _report(s: dict) -> str:
    lines = [
        f"{s['bot_a']} vs {s['bot_b']}: {s['games']} games ({s['games'] // 2} paired deals)",
        f"  {s['bot_a']}: {wins_phrase(s['wins_a'])}, {s['win_rate_a']:.1%} "
        f"(95% CI {s['ci95_a'][0]:.1%}-{s['ci95_a'][1]:.1%})",
        f"  {s['bot_b']}: {wins_phrase(s['wins_b'])}, {s['win_rate_b']:.1%} "
        f"(95% CI {s['ci95_b'][0]:.1%}-{s['ci95_b'][1]:.1%})",
        f"  draws: {s['draws']}; " + elo_phrase(s, s["bot_a"], s["bot_b"]),
        "  ends: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ends"].items())),
        f"  first player won {s['first_player_win_rate']:.1%}",
        f"  time per move: {s['bot_a']} median {s['median_move_s_a']}s max {s['max_move_s_a']}s; "
        f"{s['bot_b']} median {s['median_move_s_b']}s max {s['max_move_s_b']}s",
    ]
    return "\n".join(lines + nodes_lines(s))


def _deal_range(text: str) -> tuple[int, int]:
    try:
        first, last = (int(x) for x in text.split("-"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected FIRST-LAST, e.g. 2119-2499, not {text!r}") from None
    if first > last:
        raise argparse.ArgumentTypeError(f"the first deal comes after the last in {text!r}")
    return first, last


def _seconds(text: str) -> float:
    """A move time: a positive, finite number of seconds (nan would never end a search)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, e.g. 1.0, not {text!r}")
    return value


BOTS_HELP = ("a bot: a level, easy, medium or hard (RandomBot, HeuristicBot and PlannerBot), "
             "one of those class names, or module:Class for a bot of your own")


def _jobs(text: str) -> int:
    """``--jobs``: a whole number from 1 to the ceiling (four processes a core)."""
    try:
        return check_jobs(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {max_jobs()}, not {shorten(text)}") from None


def _games(text: str) -> int:
    try:
        return check_games(int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive whole number of games, not {shorten(text)}") from None


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m battleline.arena",
        description="Play two bots against each other and report their strength. Every deal is "
                    "played twice with the seats swapped, so that the luck of the deal cancels; "
                    "the report gives each side's win rate with a 95% confidence interval, the "
                    "Elo difference, how games ended and the time per move.",
        epilog="examples: python -m battleline.arena hard medium --games 200 --seed 1000 "
               "--move-time 1.0 --jobs 2; "
               "python -m battleline.arena medium easy --game ancient --scenario issus --games 10; "
               "on a Ray cluster: python -m battleline.arena hard medium --games 10000 --cluster auto "
               "--save hm.jsonl (docs/cluster.md)")
    ap.add_argument("bot_a", help=BOTS_HELP)
    ap.add_argument("bot_b", help="the other bot, named the same way")
    ap.add_argument("--games", type=_games, default=100,
                    help="games to play (paired: rounded up to even; played as a stream, never listed)")
    ap.add_argument("--seed", type=int, default=0, help="first deal's seed")
    ap.add_argument("--move-time", type=_seconds, default=None, metavar="SECONDS",
                    help="thinking time per move for bots that search (hard: 1.0 by default)")
    ap.add_argument("--jobs", type=_jobs, default=1,
                    help=f"parallel processes on this machine, 1 to {max_jobs()} (4 x its cores)")
    ap.add_argument("--cluster", metavar="ADDRESS",
                    help="play on a Ray cluster instead: auto, HOST:PORT or ray://HOST:PORT "
                         "(needs pip install 'battleline[cluster]'; see docs/cluster.md)")
    ap.add_argument("--rules", choices=["standard", "advanced"], default="standard",
                    help="when claims may be made (default standard)")
    ap.add_argument("--json", action="store_true",
                    help="print the summary as one JSON object on stdout (progress stays on stderr)")
    ap.add_argument("--save", metavar="FILE", help="append every game's result to FILE (JSON lines) as it ends")
    ap.add_argument("--resume", action="store_true",
                    help="with --save: read the games already in FILE (same bots and options) "
                         "instead of playing them again, and play the rest")
    ap.add_argument("--combine", metavar="FILE", nargs="+",
                    help="summarize games saved by earlier runs instead of playing")
    ap.add_argument("--deals", metavar="FIRST-LAST", type=_deal_range,
                    help="with --combine: only the games of these deals, e.g. 2119-2499")
    ap.add_argument("--game", choices=["standard", "ancient"], default="standard",
                    help="the game: Battle Line (standard) or Ancient Battles (ancient)")
    ap.add_argument("--scenario", default="all", metavar="NAME",
                    help="ancient: a scenario name, 'all' (the seven in turn) or 'points' (default all)")
    ap.add_argument("--advanced", nargs="*", default=[], metavar="RULE",
                    help="ancient: Advanced rules (withdrawal stacks rampage flank rally, or all)")
    return ap


def _summary(args) -> dict:
    """The summary the command asks for: of saved games (``--combine``) or of a run."""
    ancient = args.game == "ancient"
    if args.combine:
        if ancient:
            from .arena_ancient import combine_ancient
            return combine_ancient(args.combine, args.deals)
        return combine(args.combine, args.deals)
    options = {"scenario": args.scenario, "advanced": args.advanced} if ancient else {"rules": args.rules}
    # Ray prints what it hears from the cluster (a dead node's 8 KB report) on stdout, which
    # is the summary's: during a run on a cluster stdout goes to stderr.
    with contextlib.redirect_stdout(sys.stderr) if args.cluster else contextlib.nullcontext():
        return run(args.bot_a, args.bot_b, args.games, args.seed, game=args.game, move_time=args.move_time,
                   jobs=args.jobs, cluster=args.cluster, save=args.save, resume=args.resume,
                   progress=args.games >= (4 if ancient else 20), **options)


def main(argv=None) -> None:
    """``python -m battleline.arena``: see ``--help``. Bad input or a bad save file is a
    usage error (exit 2); a run that cannot go on (exit 1) or is stopped by Ctrl-C (exit
    130) says how many games are saved and how to play the rest."""
    ap = _parser()
    args = ap.parse_args(argv)
    try:
        s = _summary(args)
    except ValueError as e:
        ap.error(str(e))
    except RunStopped as e:
        print(f"{ap.prog}: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt as e:
        print(f"{ap.prog}: {str(e) or 'stopped by Ctrl-C'}", file=sys.stderr)
        sys.exit(130)
    if args.json:
        print(json.dumps(s))
    elif args.game == "ancient":
        from .arena_ancient import report
        print(report(s))
    else:
        print(_report(s))


if __name__ == "__main__":
    main()
