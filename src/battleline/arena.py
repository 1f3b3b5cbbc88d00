"""The arena: ``python -m battleline.arena BOT_A BOT_B --games N --seed S``.

Plays paired deals: every dealt game is played twice with the seats swapped, so
the luck of the deal cancels. Reports each side's win rate with a 95% Wilson
interval, the Elo difference, how games ended, the first player's win rate and
the time per move. Bots are named by level (``easy``, ``medium``, ``hard``), ``greedy``, by
class name in :mod:`battleline.bots`, or as ``module:Class``.

>>> wilson(50, 100)
(0.4038, 0.5962)
>>> round(elo_difference(0.75), 1)
190.8
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .bots import bot_from_spec
from .game import Game

__all__ = ["wilson", "elo_difference", "play_game", "run_arena"]


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (draws may count as halves)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def elo_difference(score: float) -> float:
    """Elo difference implied by an expected score (0..1); infinite at 0 or 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


@dataclass
class GameResult:
    deal: int
    a_seat: int           # the seat bot A played
    winner: str | None    # "a", "b" or None
    reason: str
    first: int
    times_a: list
    times_b: list
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


def _play_pair(args) -> list[GameResult]:
    spec_a, spec_b, deal, move_time, rules = args
    return [play_game(spec_a, spec_b, deal, seat, move_time, rules) for seat in (0, 1)]


def tally(results: list) -> dict:
    """The part of a summary both games share: games, wins, draws, their rates with 95%
    intervals, the score and Elo difference of bot A, and how games ended (``ends``).
    ``results`` have ``winner`` (``"a"``, ``"b"`` or None) and ``reason``.

    >>> from types import SimpleNamespace as R
    >>> t = tally([R(winner="a", reason="breakthrough"), R(winner=None, reason="deadlock")])
    >>> t["wins_a"], t["draws"], t["score_a"], t["ends"]
    (1, 1, 0.75, {'breakthrough': 1, 'deadlock': 1})
    """
    n = len(results)
    wins_a = sum(r.winner == "a" for r in results)
    wins_b = sum(r.winner == "b" for r in results)
    draws = n - wins_a - wins_b
    score_a = (wins_a + 0.5 * draws) / n if n else 0.0
    ends: dict[str, int] = {}
    for r in results:
        ends[r.reason] = ends.get(r.reason, 0) + 1
    elo = elo_difference(score_a)
    return {
        "games": n, "wins_a": wins_a, "wins_b": wins_b, "draws": draws,
        "win_rate_a": round(wins_a / n, 4) if n else 0.0,
        "win_rate_b": round(wins_b / n, 4) if n else 0.0,
        "ci95_a": list(wilson(wins_a, n)),
        "ci95_b": list(wilson(wins_b, n)),
        "score_a": round(score_a, 4),
        "elo_a_minus_b": round(elo, 1) if math.isfinite(elo) else ("inf" if elo > 0 else "-inf"),
        "ends": dict(sorted(ends.items())),
    }


def summarize(results: list[GameResult], spec_a: str, spec_b: str) -> dict:
    n = len(results)
    first_wins = sum(1 for r in results if r.winner is not None and
                     ((r.winner == "a") == (r.a_seat == r.first)))
    ta = [t for r in results for t in r.times_a]
    tb = [t for r in results for t in r.times_b]
    return {
        "bot_a": spec_a, "bot_b": spec_b,
        **tally(results),
        "first_player_win_rate": round(first_wins / n, 4) if n else 0.0,
        "median_move_s_a": round(statistics.median(ta), 4) if ta else 0.0,
        "median_move_s_b": round(statistics.median(tb), 4) if tb else 0.0,
        "max_move_s_a": round(max(ta), 4) if ta else 0.0,
        "max_move_s_b": round(max(tb), 4) if tb else 0.0,
        "mean_moves_per_game": round(sum(r.moves for r in results) / n, 1) if n else 0.0,
    }


def run_arena(spec_a: str, spec_b: str, games: int, seed: int = 0, move_time: float | None = None,
              jobs: int = 1, rules: str = "standard", progress: bool = False,
              save: str | None = None) -> dict:
    """Play ``games`` games (rounded up to pairs) and return the summary dictionary.
    ``save`` appends every game's result to a JSON-lines file (see :func:`combine`)."""
    if move_time is not None and not (isinstance(move_time, (int, float)) and 0 < move_time < math.inf):
        raise ValueError(f"move_time must be a positive number of seconds, not {move_time!r}")
    for spec in (spec_a, spec_b):
        bot_from_spec(spec)  # fail early on a bad name
    pairs = (games + 1) // 2
    tasks = [(spec_a, spec_b, seed + i, move_time, rules) for i in range(pairs)]
    settings = {"a": spec_a, "b": spec_b, "move_time": move_time, "rules": rules}
    results = play_pairs(_play_pair, tasks, settings, jobs=jobs, progress=progress, save=save)
    return summarize(results, spec_a, spec_b)


def play_pairs(play_pair, tasks: list, settings: dict, *, jobs: int = 1, progress: bool = False,
               save: str | None = None, unit: str = "game") -> list:
    """Run ``play_pair`` (a picklable function: one task, one deal played from both seats,
    a list of two results) over ``tasks``, on ``jobs`` processes; shared by both games'
    arenas. ``save`` appends each result to a JSON-lines file with ``settings`` (the
    match's bots and options) on every line, for :func:`read_saved`."""
    results: list = []
    bar = None
    if progress:
        try:
            from tqdm import tqdm
            bar = tqdm(total=len(tasks) * 2, unit=unit, file=sys.stderr)
        except ImportError:
            bar = None
    out = open(save, "a") if save else None

    def record(pair):
        results.extend(pair)
        if out:
            for r in pair:
                out.write(json.dumps({**settings, **r.__dict__}) + "\n")
            out.flush()
        if bar:
            bar.update(2)

    try:
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for pair in pool.map(play_pair, tasks, chunksize=1):
                    record(pair)
        else:
            for t in tasks:
                record(play_pair(t))
    finally:
        if out:
            out.close()
        if bar:
            bar.close()
    return results


def read_saved(paths: list[str], setting_keys: tuple[str, ...], make, deals: tuple[int, int] | None = None,
               what: str = "game") -> tuple[list, dict]:
    """The results saved by :func:`play_pairs` in ``paths`` (``make(**fields)`` builds
    each), and the match's settings. All lines must share the same ``setting_keys``
    values; no deal may be played twice from the same seat. ``deals=(first, last)`` keeps
    only those deals."""
    results = []
    keys = set()
    for path in paths:
        with open(path) as fh:
            for line in fh:
                d = json.loads(line)
                keys.add(json.dumps({k: d.pop(k) for k in setting_keys}, sort_keys=True))
                if deals is None or deals[0] <= d["deal"] <= deals[1]:
                    results.append(make(**d))
    if not results:
        raise ValueError(f"no saved {what} in those files" + ("" if deals is None else " and deals"))
    if len(keys) != 1:
        raise ValueError(f"the files mix different matches: {sorted(keys)}")
    seen = [(r.deal, r.a_seat) for r in results]
    if len(set(seen)) != len(seen):
        raise ValueError(f"the files hold the same {what} twice")
    (key,) = keys
    return results, json.loads(key)


def combine(paths: list[str], deals: tuple[int, int] | None = None) -> dict:
    """One summary of games saved by several runs (``--save``), e.g. a long match played
    in parts. All games must be between the same two bots under the same settings.
    ``deals=(first, last)`` keeps only the games of those deals (a part of the run)."""
    results, settings = read_saved(paths, ("a", "b", "move_time", "rules"), GameResult, deals)
    return summarize(results, settings["a"], settings["b"])


def _report(s: dict) -> str:
    lines = [
        f"{s['bot_a']} vs {s['bot_b']}: {s['games']} games ({s['games'] // 2} paired deals)",
        f"  {s['bot_a']}: {s['wins_a']} wins, {s['win_rate_a']:.1%} "
        f"(95% CI {s['ci95_a'][0]:.1%}-{s['ci95_a'][1]:.1%})",
        f"  {s['bot_b']}: {s['wins_b']} wins, {s['win_rate_b']:.1%} "
        f"(95% CI {s['ci95_b'][0]:.1%}-{s['ci95_b'][1]:.1%})",
        f"  draws: {s['draws']}; Elo {s['bot_a']} - {s['bot_b']}: {s['elo_a_minus_b']}",
        "  ends: " + ", ".join(f"{k} {v}" for k, v in sorted(s["ends"].items())),
        f"  first player won {s['first_player_win_rate']:.1%}",
        f"  time per move: {s['bot_a']} median {s['median_move_s_a']}s max {s['max_move_s_a']}s; "
        f"{s['bot_b']} median {s['median_move_s_b']}s max {s['max_move_s_b']}s",
    ]
    return "\n".join(lines)


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


BOTS_HELP = ("a bot: a level, easy, medium or hard (RandomBot, HeuristicBot and SearchBot), "
             "one of those class names, or module:Class for a bot of your own")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m battleline.arena",
        description="Play two bots against each other and report their strength. Every deal is "
                    "played twice with the seats swapped, so that the luck of the deal cancels; "
                    "the report gives each side's win rate with a 95% confidence interval, the "
                    "Elo difference, how games ended and the time per move.",
        epilog="example: python -m battleline.arena hard medium --games 200 --seed 1000 "
               "--move-time 1.0 --jobs 2")
    ap.add_argument("bot_a", help=BOTS_HELP)
    ap.add_argument("bot_b", help="the other bot, named the same way")
    ap.add_argument("--games", type=int, default=100, help="games to play (paired: rounded up to even)")
    ap.add_argument("--seed", type=int, default=0, help="first deal's seed")
    ap.add_argument("--move-time", type=_seconds, default=None, metavar="SECONDS",
                    help="thinking time per move for bots that search (hard: 1.0 by default)")
    ap.add_argument("--jobs", type=int, default=1, help="parallel processes")
    ap.add_argument("--rules", choices=["standard", "advanced"], default="standard",
                    help="when claims may be made (default standard)")
    ap.add_argument("--json", action="store_true",
                    help="print the summary as one JSON object on stdout (progress stays on stderr)")
    ap.add_argument("--save", metavar="FILE", help="append every game's result to FILE (JSON lines)")
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
    args = ap.parse_args(argv)
    if args.game == "ancient":
        _main_ancient(ap, args)
        return
    try:
        if args.combine:
            s = combine(args.combine, args.deals)
        else:
            s = run_arena(args.bot_a, args.bot_b, args.games, args.seed, args.move_time, args.jobs,
                          args.rules, progress=args.games >= 20, save=args.save)
    except ValueError as e:
        ap.error(str(e))
    print(json.dumps(s) if args.json else _report(s))


def _main_ancient(ap: argparse.ArgumentParser, args) -> None:
    """``--game ancient``: the same arena for Ancient Battles (see :mod:`.arena_ancient`)."""
    from .ancient import advanced_options
    from .arena_ancient import combine_ancient, report, run_ancient_arena
    try:
        if args.combine:
            s = combine_ancient(args.combine, args.deals)
        else:
            advanced = tuple(sorted(advanced_options(args.advanced)))
            s = run_ancient_arena(args.bot_a, args.bot_b, args.games, args.seed, args.scenario.lower(),
                                  advanced, args.move_time, args.jobs, progress=args.games >= 4,
                                  save=args.save)
    except ValueError as e:
        ap.error(str(e))
    print(json.dumps(s) if args.json else report(s))


if __name__ == "__main__":
    main()
