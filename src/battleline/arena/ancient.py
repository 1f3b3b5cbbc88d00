"""The arena for Ancient Battles (its part of :mod:`battleline.arena`): ``python -m battleline.arena BOT_A BOT_B --game ancient
--scenario NAME|all|points [--advanced all] --games N --seed S``.

Every deal (a scenario, or two points armies, and a seed for the Tactics deck and the dice)
is played twice with the sides swapped, so that the luck of the deal and the scenario's
balance cancel. The summary gives each bot's win rate with a 95% Wilson interval, the Elo
difference, how battles ended (terrain, casualties, leader, draw), the turns they took, the
results per scenario (with each side's wins: a balance table), and the time each bot took
per decision and per whole player turn. A battle still going after 200 turns (possible only
with continuous rallying) is stopped and counted as a draw ending "turn limit". The arena is the referee: it alone reads the real
game; each bot gets only its side's observation.

The scenarios are lopsided: in most deals the favoured side wins both battles, one for each
bot, and says nothing about which bot is stronger. A deal *splits* when its two battles
were both won by the same bot (so south won one and north the other); ``split_deals`` counts
them and gives the share bot A won, with its 95% Wilson interval. Deals with a draw, the
same side winning both, or one battle not yet played are counted apart.

>>> s = summarize([AncientResult(1, 0, "a", "casualties", "issus", 7, [], [], [], []),
...                AncientResult(1, 1, "b", "terrain", "issus", 9, [], [], [], [])], "x", "y")
>>> s["wins_a"], s["ci95_a"], s["ends"], s["turns"]["mean"]
(1, [0.0945, 0.9055], {'casualties': 1, 'terrain': 1}, 8.0)
>>> s["scenarios"]["issus"]["south_wins"], s["scenarios"]["issus"]["north_wins"]
(2, 0)
>>> s["split_deals"]["deals"], s["split_deals"]["same_side"]
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..ancient import SCENARIO_NAMES, AncientGame, Outcome
from ..ancient.bots import ancient_bot
from ..scoring import Durations, median_of_counts, nodes_lines, wilson
from ..sides import NORTH, SOUTH
from .match import MatchTally, check_match, combine_saved, rate, result_lines, run_match
from .play import play_between, seat_bots, winner_of

__all__ = ["AncientResult", "play_battle", "play_from_settings", "run_ancient_arena", "combine_ancient",
           "summarize", "split_deals", "scenario_for", "report", "BattleTally", "SplitDeals", "seat_of_a",
           "battle_for", "fight", "player_turn", "past_turn_limit", "ARMY_COLOURS", "MAX_DECISIONS", "MAX_TURNS"]

SETTING_KEYS = ("a", "b", "game", "scenarios", "advanced", "turn_time")   # on every saved line

# A deal's two battles give bot A south first (a_seat 0), then north (a_seat 1): the runs
# saved in docs/arena were played so, and a saved a_seat keeps that meaning.
A_SEATS = (SOUTH, NORTH)
_PLAYER_STEPS = ("tactics", "actions", "fire", "melee")   # a timed player turn's steps
MAX_DECISIONS = 60000      # a battle that has not ended by then is a bug, not a draw
# With continuous rallying two armies can disrupt and rally for ever (the rules have no turn
# limit, so the engine adds none); the arena stops such a battle and scores it as a draw
# ending "turn limit", reported apart from the rules' draws.
MAX_TURNS = 200
ARMY_COLOURS = {SOUTH: "ROY", NORTH: "GBP"}   # the card colours of each seat's points army


@dataclass
class AncientResult:
    deal: int
    a_seat: int                       # 0: bot A played south, 1: north (see seat_of_a)
    winner: Literal["a", "b"] | None
    reason: str                       # terrain, casualties, leader, draw, or "turn limit" (the arena's)
    scenario: str                     # a scenario name or "points"
    turns: int
    times_a: list[float]              # seconds per decision
    times_b: list[float]
    turn_times_a: list[float]         # seconds per whole player turn (Tactics to melee)
    turn_times_b: list[float]


def seat_of_a(a_seat: int) -> int:
    """The seat (:mod:`battleline.sides`) bot A plays in the deal's battle ``a_seat``:
    south in the first, north in the second.

    >>> seat_of_a(0) == SOUTH, seat_of_a(1) == NORTH
    (True, True)
    """
    return A_SEATS[a_seat]


def scenario_for(spec: str, deal: int) -> str:
    """The battle a deal is fought on: the scenario named, ``points``, or with ``all`` the
    seven scenarios in turn.

    >>> [scenario_for("all", d) for d in (0, 1, 7)]
    ['cunaxa', 'issus', 'cunaxa']
    """
    if spec == "all":
        return SCENARIO_NAMES[deal % len(SCENARIO_NAMES)]
    return spec


def _check_spec(spec: str) -> None:
    if spec not in SCENARIO_NAMES + ("all", "points"):
        raise ValueError(f"unknown scenario {spec!r}: use one of {', '.join(SCENARIO_NAMES)}, all or points")


def _make(spec: str, seed: int, turn_time: float | None):
    bot = ancient_bot(spec, seed=seed)
    if turn_time is not None and hasattr(bot, "turn_time"):
        bot.turn_time = turn_time
    if hasattr(bot, "kernel_usable"):
        bot.kernel_usable()     # compile or load its kernel now, not in its first timed player turn
    return bot


def player_turn(game: AncientGame) -> tuple | None:
    """The player turn a decision belongs to, for its time (None: a decision outside the
    player steps).

    >>> player_turn(AncientGame.scenario("issus", seed=1)) is None     # deploying
    True
    """
    s = game.state
    return (s.turn, s.half, s.to_act) if s.phase in _PLAYER_STEPS else None


def past_turn_limit(game: AncientGame) -> bool:
    """Whether the arena stops the battle (see ``MAX_TURNS``).

    >>> past_turn_limit(AncientGame.scenario("issus", seed=1))
    False
    """
    return game.turn > MAX_TURNS


def battle_for(name: str, bots: list, deal: int, advanced=()) -> AncientGame:
    """The battle of a deal: scenario ``name`` or, for ``points``, the armies the seats'
    ``bots`` build (south's first), seeded by ``deal`` (Tactics deck and dice).

    >>> battle_for("issus", [None, None], deal=3).turn
    1
    """
    if name == "points":
        armies = {seat: bots[seat].build_army(ARMY_COLOURS[seat]) for seat in (SOUTH, NORTH)}
        return AncientGame.points(armies[SOUTH], armies[NORTH], seed=deal, advanced=advanced)
    return AncientGame.scenario(name, seed=deal, advanced=advanced)


def fight(game: AncientGame, bots: list, deal: int, a_seat: int, name: str) -> AncientResult:
    """Play the battle to its end (or the arena's turn limit) between ``bots`` (by seat),
    every decision timed and each whole player turn; its result for game ``a_seat`` of
    ``deal``.

    >>> bots = [ancient_bot("easy", seed=1), ancient_bot("easy", seed=2)]
    >>> r = fight(battle_for("issus", bots, deal=3), bots, deal=3, a_seat=0, name="issus")
    >>> r.winner in ("a", "b", None), len(r.turn_times_a) > 0
    (True, True)
    """
    played = play_between(game, bots, max_decisions=MAX_DECISIONS, turn_of=player_turn, stop=past_turn_limit,
                          label=f"deal {deal}: the battle")
    seat_a = seat_of_a(a_seat)
    o = game.result or Outcome(None, "turn limit")
    return AncientResult(deal, a_seat, winner_of(o, seat_a), o.reason, name, game.turn, played.times[seat_a],
                         played.times[1 - seat_a], played.turn_times[seat_a], played.turn_times[1 - seat_a])


def play_battle(spec_a: str, spec_b: str, deal: int, a_seat: int, scenario: str = "all",
                advanced=(), turn_time: float | None = None) -> AncientResult:
    """One battle of a paired deal: ``deal`` seeds the battle (Tactics deck and dice); bot A
    plays :func:`seat_of_a`."""
    name = scenario_for(scenario, deal)
    bots = seat_bots(lambda spec, seed: _make(spec, seed, turn_time), spec_a, spec_b, deal, a_seat, seat_of_a(a_seat))
    return fight(battle_for(name, bots, deal, advanced), bots, deal, a_seat, name)


def play_from_settings(settings: dict, deal: int, a_seat: int) -> AncientResult:
    """One battle of a match, for the runner: ``settings`` are the match's (as saved)."""
    return play_battle(settings["a"], settings["b"], deal, a_seat, settings["scenarios"],
                       tuple(settings["advanced"]), settings["turn_time"])


class SplitDeals:
    """The paired deals by how their two battles ended, counted as battles come: a deal
    waits here only until its other battle comes. See :func:`split_deals`."""

    def __init__(self):
        self.waiting: dict[int, str | None] = {}     # deal -> winner of its one battle so far
        self.counts = {"a": 0, "b": 0, "same_side": 0, "with_draw": 0}

    def add(self, deal: int, winner: str | None) -> None:
        if deal not in self.waiting:
            self.waiting[deal] = winner
            return
        other = self.waiting.pop(deal)
        if None in (winner, other):
            self.counts["with_draw"] += 1
        elif winner == other:
            self.counts[winner] += 1           # one bot won from both seats
        else:
            self.counts["same_side"] += 1      # each bot won once: the same seat won both

    def figures(self) -> dict:
        c = self.counts
        split = c["a"] + c["b"]
        return {"deals": split, "wins_a": c["a"], "wins_b": c["b"],
                "rate_a": round(c["a"] / split, 4) if split else 0.0, "ci95_a": list(wilson(c["a"], split)),
                "same_side": c["same_side"], "with_draw": c["with_draw"], "unpaired": len(self.waiting)}


def split_deals(results: list[AncientResult]) -> dict:
    """The paired deals by how their two battles ended: ``deals`` split (one bot won both,
    so each side won one), ``wins_a`` of them won by bot A, its ``rate_a`` and ``ci95_a``
    (Wilson); ``same_side`` (the same side won both), ``with_draw`` and ``unpaired`` (a
    battle of the deal missing, e.g. a run stopped half-way).

    >>> r = lambda deal, seat, winner: AncientResult(deal, seat, winner, "casualties", "issus", 5, [], [], [], [])
    >>> d = split_deals([r(0, 0, "a"), r(0, 1, "a"), r(1, 0, "b"), r(1, 1, "b"), r(2, 0, "a"), r(2, 1, "b"),
    ...                  r(3, 0, None), r(3, 1, "a"), r(4, 0, "a")])
    >>> d["deals"], d["wins_a"], d["rate_a"], d["same_side"], d["with_draw"], d["unpaired"]
    (2, 1, 0.5, 1, 1, 1)
    """
    deals = SplitDeals()
    for r in results:
        deals.add(r.deal, r.winner)
    return deals.figures()


class BattleTally(MatchTally):
    """The summary of battles between bots A and B (see the module docstring), counted
    battle by battle as results come: its memory stays bounded however long the match."""

    head = {"game": "ancient"}

    def __init__(self):
        super().__init__()
        self.turns: dict[int, int] = {}                 # turns -> battles
        self.turns_by_end: dict[str, list] = {}         # reason -> [turns summed, battles]
        self.scenarios: dict[str, dict] = {}
        self.south_wins = 0
        self.split = SplitDeals()
        self.times = {key: Durations() for key in ("decision_s_a", "decision_s_b", "player_turn_s_a",
                                                  "player_turn_s_b")}

    def count(self, r: AncientResult) -> None:
        self.turns[r.turns] = self.turns.get(r.turns, 0) + 1
        by_end = self.turns_by_end.setdefault(r.reason, [0, 0])
        by_end[0] += r.turns
        by_end[1] += 1
        d = self.scenarios.setdefault(r.scenario, {"games": 0, "wins_a": 0, "wins_b": 0, "draws": 0,
                                                   "south_wins": 0, "north_wins": 0})
        d["games"] += 1
        if r.winner is None:
            d["draws"] += 1
        else:
            d["wins_" + r.winner] += 1
            south_won = (r.winner == "a") == (seat_of_a(r.a_seat) == SOUTH)
            d["south_wins" if south_won else "north_wins"] += 1
            self.south_wins += south_won
        self.split.add(r.deal, r.winner)
        for key, values in (("decision_s_a", r.times_a), ("decision_s_b", r.times_b),
                            ("player_turn_s_a", r.turn_times_a), ("player_turn_s_b", r.turn_times_b)):
            self.times[key].extend(values)

    def figures(self) -> dict:
        n = self.outcomes.games
        scenarios = {}
        for name, counts in sorted(self.scenarios.items()):
            d = scenarios[name] = dict(counts)
            d["south_rate"] = rate(d["south_wins"], d["games"])
            d["south_ci95"] = list(wilson(d["south_wins"], d["games"]))
        turns_total = sum(t * c for t, c in self.turns.items())
        return {
            "turns": {"mean": round(turns_total / n, 2) if n else 0.0,
                      "median": median_of_counts(self.turns) if n else 0, "max": max(self.turns, default=0),
                      "by_end": {k: round(v[0] / v[1], 2) for k, v in sorted(self.turns_by_end.items())}},
            "south_win_rate": rate(self.south_wins, n),
            "scenarios": scenarios,
            "split_deals": self.split.figures(),
            **{key: d.figures() for key, d in self.times.items()},
        }


def summarize(results: list[AncientResult], spec_a: str, spec_b: str) -> dict:
    """The summary of a list of battles between bots A and B (:class:`BattleTally`)."""
    return BattleTally.of(results).summary(spec_a, spec_b)


def run_ancient_arena(spec_a: str, spec_b: str, games: int, seed: int = 0, scenario: str = "all",
                      advanced=(), turn_time: float | None = None, jobs: int = 1,
                      progress: bool = False, save: str | None = None, *, cluster: str | None = None,
                      resume: bool = False) -> dict:
    """Play ``games`` battles (rounded up to pairs) and return the summary, with ``nodes``
    (the battles each node played) and ``resumed``. ``save`` appends every battle to a
    JSON-lines file as it ends (see :func:`combine_ancient`); ``resume`` reads the battles
    already there instead of playing them again; ``cluster`` is a Ray address."""
    _check_spec(scenario)
    check_match(games, jobs, cluster, ("turn_time", turn_time), (spec_a, spec_b), ancient_bot)
    settings = {"a": spec_a, "b": spec_b, "game": "ancient", "scenarios": scenario,
                "advanced": sorted(advanced), "turn_time": turn_time}
    return run_match(play_from_settings, AncientResult, BattleTally(), settings, seed, games, jobs=jobs,
                     cluster=cluster, save=save, resume=resume, progress=progress, unit="battle")


def combine_ancient(paths: list[str], deals: tuple[int, int] | None = None) -> dict:
    """One summary of battles saved by several runs (``--save``). All must be between the
    same two bots with the same settings; no battle may appear twice. Every line is checked;
    a bad one is a ValueError naming the file and the line."""
    return combine_saved(AncientResult, SETTING_KEYS, BattleTally(), paths, deals, what="battle")


def _split_line(d: dict, a: str, b: str) -> str:
    """The deals in a wargamer's words: each deal is fought twice, the bots swapping armies;
    a bot that won both battles won with either army (the better general on that deal),
    while one army winning both battles says the deal favoured that army."""
    low, high = d["ci95_a"]
    deals = d["deals"] + d["same_side"] + d["with_draw"]
    line = (f"  deals fought twice with the armies swapped: {deals}; won with both armies: "
            f"{a} {d['wins_a']}, {b} {d['wins_b']}")
    if d["deals"]:
        line += f" ({a} {d['rate_a']:.1%} of those, 95% CI {low:.1%}-{high:.1%})"
    line += (f"; the same army won both battles (the deal favoured it): {d['same_side']}; "
             f"a draw in one: {d['with_draw']}")
    return line + (f"; deals with one battle only: {d['unpaired']}" if d["unpaired"] else "")


def report(s: dict) -> str:
    """The summary as readable text."""
    a, b = s["bot_a"], s["bot_b"]
    lines = [
        f"{a} vs {b} (Ancient Battles): {s['games']} battles ({s['games'] // 2} paired deals)",
        *result_lines(s),
        f"  turns: mean {s['turns']['mean']}, median {s['turns']['median']}, max {s['turns']['max']}; by end: "
        + ", ".join(f"{k} {v}" for k, v in s["turns"]["by_end"].items()),
        f"  south won {s['south_win_rate']:.1%}",
        _split_line(s["split_deals"], a, b),
        "  scenario     battles  A wins  B wins  draws  south wins (95% CI)",
    ]
    for name, d in s["scenarios"].items():
        lines.append(f"  {name:<12} {d['games']:>7} {d['wins_a']:>7} {d['wins_b']:>7} {d['draws']:>6}  "
                     f"{d['south_rate']:.0%} ({d['south_ci95'][0]:.0%}-{d['south_ci95'][1]:.0%})")
    for who, key in ((a, "a"), (b, "b")):
        dec, turn = s["decision_s_" + key], s["player_turn_s_" + key]
        lines.append(f"  {who}: per decision median {dec['median']}s max {dec['max']}s; "
                     f"per player turn median {turn['median']}s max {turn['max']}s")
    return "\n".join(lines + nodes_lines(s))
