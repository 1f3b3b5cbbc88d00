"""The arena: ``python -m battleline.arena BOT_A BOT_B --games N --seed S``.

Plays paired deals: every dealt game is played twice with the seats swapped, so
the luck of the deal cancels. Reports each side's win rate with a 95% Wilson
interval, the Elo difference, how games ended, the first player's win rate and
the time per move. Bots are named by level (``easy``, ``medium``, ``hard``), ``greedy``, by
class name in :mod:`battleline.standard.bots`, or as ``module:Class``. ``--game ancient`` plays
Ancient Battles. One arena for both games: the command and :func:`run` here; one game between two bots
in :mod:`battleline.arena.play` and a match's tally, run and combined saved runs in
:mod:`battleline.arena.match`, both written against the game interface; what each game adds
in :mod:`battleline.arena.standard` and :mod:`battleline.arena.ancient` (loaded when that game
is asked for). The games are played through
:mod:`battleline.arena.runner`: in this process, on ``--jobs`` processes or on a Ray cluster
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

from ..errors import shorten
from .runner import RunStopped, check_games, check_jobs, max_jobs, read_saved
from ..scoring import elo_difference, tally, wilson
from .standard import GameResult, GameTally, combine, play_game, report, run_arena, summarize

__all__ = ["wilson", "elo_difference", "play_game", "run_arena", "run", "combine", "tally", "read_saved",
           "GameTally", "GameResult", "summarize", "report", "main"]

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
    from ..ancient import advanced_options
    from .ancient import run_ancient_arena
    if isinstance(scenario, str):
        scenario = scenario.lower()
    return run_ancient_arena(bot_a, bot_b, games, seed, scenario, tuple(sorted(advanced_options(list(advanced)))),
                             move_time, jobs, progress, save, cluster=cluster, resume=resume)


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
    ap.add_argument("--save", metavar="FILE",
                    help="save every game's result to FILE (JSON lines) as it ends: a new or empty file, "
                         "or with --resume one that an earlier run saved")
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
            from .ancient import combine_ancient
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
        from .ancient import report as battle_report
        print(battle_report(s))
    else:
        print(report(s))

