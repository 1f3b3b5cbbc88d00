"""The Ancient Battles ceiling: ``hard`` (``PlannerBot``) searching the real battle, against ``medium``.

A diagnostic, not a player. ``PlannerBot`` normally searches worlds sampled from its
observation: the opponent's Tactics hand and the deck dealt again, and fresh dice. Here
every world is the real battle: the bot is handed the real game before each decision, its
``world`` is an exact copy of it (the opponent's Tactics hand, the deck's order and the dice
stream, seed and read position, as the position text carries them), and its kernel search
(``TurnSearch``) is given the real state and the real coming rolls (``kernel.dice_of``: the
game's own stream from its seed, 20,000 rolls ahead, no generator beyond them). A battle
reads a few hundred rolls, so every play-out meets exactly the rolls the real battle will
roll next, in the order it rolls them. Each candidate is therefore played once (every world
would be the same), and the best value wins, ties to ``hard``'s own choice: no bar against
noise is needed because there is none.

What the clairvoyance covers, exactly: the bot knows the opponent's Tactics hand, the
deck's order and the whole future sequence of die rolls. It does not know what ``medium``
will do: its play-outs answer with the kernel's play-out policy (``quick_reply``), so once
the real opponent acts otherwise the rolls fall to other events than the play-out assumed.
Within its own player turn (its plan for the action step, then each shot and attack one at
a time) the rolls it meets are exactly the real ones until the turn passes to the
opponent. It searches only what ``hard`` searches (the beam's best 6 plans, the best 5
fights and the step's end) through two more player turns.

The battles go through the arena's runner with the arena's deals (the army of a points
battle built by each bot, seeded ``deal * 2 + seat``; the battle seeded by ``deal``), so
they pair with the arena's saved runs on the same deals. Each battle is saved as the arena
saves it, with the search's settings (``--save``, ``--resume``); ``--combine`` sums saved
files as the arena's ``--combine`` does::

    python docs/experiments/ancient_clairvoyant.py --scenario points --games 400 --seed 50000 \\
        --save docs/arena/ancient-clairvoyant-vs-medium-points.jsonl.gz --resume
    python docs/experiments/ancient_clairvoyant.py --combine docs/arena/ancient-clairvoyant-vs-medium-points.jsonl.gz

``--horizon`` and ``--candidates`` change the search as for ``PlannerBot``; the backstops
are lifted (1,000 s), so the work, not the machine's load, fixes every choice.

``--knows cards`` separates the two kinds of knowledge: the bot then knows the hidden cards
(the opponent's Tactics hand and the deck's order) but not the dice. Its world is the real
battle with its dice stream reseeded from the bot's own random stream, and its search is the
honest one (``PlannerBot``'s 192 and 48 play-outs, the bar of 1.5 standard errors) in worlds
that deal nothing again and draw fresh dice.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import re
import sys
import time

import numpy as np

from battleline.ancient import AncientGame
from battleline.ancient import kernel
from battleline.ancient.bots import ancient_bot
from battleline.ancient.bots.planner import CANDIDATES, HORIZON, PlannerBot, TurnSearch
from battleline.ancient.kernel.layout import DICE_COUNT, DICE_POS, DICE_RNG, DICE_SHORT
from battleline.arena.ancient import AncientResult, battle_for, fight, report, scenario_for, seat_of_a, summarize
from battleline.arena.runner import play_match

DICE_AHEAD = 20000          # rolls of the real stream given to the kernel (a battle reads hundreds)
BACKSTOP = 1000.0           # seconds: the wall-clock backstops, lifted


class ClairvoyantSearch(TurnSearch):
    """A :class:`TurnSearch` whose one world is the real position with the real coming
    rolls: ``template`` is the real state (dice position kept), ``dice`` the real stream."""

    def __init__(self, template: np.ndarray, dice: np.ndarray, horizon: int, leaf) -> None:
        super().__init__(template, seed=0, horizon=horizon, leaf=leaf)
        self.template[DICE_POS] = template[DICE_POS]     # the real read position, not 0
        self.dice = dice

    def new_world(self) -> None:
        """The real battle, every time (nothing is dealt again, no dice are drawn)."""
        self.world[:] = self.template

    def best(self, candidates: list[list[int]], playouts: int, deadline: float, confidence: float = 0.0) -> int:
        """The candidate whose one exact play-out is worth most; ties to the first
        (``hard``'s own choice)."""
        self.new_world()
        values = [self.play(c) for c in candidates]
        best = 0
        for i, v in enumerate(values):
            if v > values[best]:
                best = i
        self.last_values = values
        return best


class KnownCardsSearch(TurnSearch):
    """The honest :class:`TurnSearch`, but its worlds keep the template's hidden cards (the
    real ones): only the dice are drawn fresh."""

    def new_world(self) -> None:
        self.world[:] = self.template
        self.dice[DICE_COUNT] = 0
        self.dice[DICE_SHORT] = 0
        self.dice[DICE_RNG] = int(self.rng.integers(1, 2 ** 62))


class ClairvoyantPlanner(PlannerBot):
    """``PlannerBot`` that searches the real battle: set :attr:`truth` to the real game
    before each :meth:`choose` (the play function below does)."""

    name = "clairvoyant-planner"

    def __init__(self, seed: int | None = None, candidates: int = CANDIDATES, horizon: int = HORIZON,
                 knows: str = "all") -> None:
        super().__init__(seed, turn_time=BACKSTOP, candidates=candidates, horizon=horizon,
                         move_time=BACKSTOP, turn_budget=BACKSTOP)
        if knows not in ("all", "cards"):
            raise ValueError(f"knows is 'all' (cards and dice) or 'cards', not {knows!r}")
        self.knows = knows
        self.truth: AncientGame | None = None
        self._dice = None                # the real stream as a kernel dice array, made once
        self.searches = 0
        self.changed = 0                 # searches whose choice was not hard's own

    def world(self, obs):
        """An exact copy of the real battle (its dice stream included), not a sample."""
        if self.truth is None or self.truth.to_act != obs.side or self.truth.turn != obs.turn:
            raise RuntimeError("the clairvoyant planner needs the real game of this observation in .truth")
        text = self.truth.position()
        if self.knows == "cards":       # the same battle, other dice
            text = re.sub(r"dice seed \d+ position (\d+)( script[ \d]*)?",
                          lambda m: f"dice seed {self.rng.getrandbits(32)} position {m.group(1)}", text)
        return AncientGame.from_position(text)

    def _search(self, world, candidates: list[list[str]], playouts: int) -> int:
        if self.knows == "cards":
            search = KnownCardsSearch(kernel.state_of(world), self.rng.getrandbits(63), self.horizon, leaf=self.leaf)
            best = search.best([search.encode(c) for c in candidates], playouts, time.perf_counter() + BACKSTOP,
                               self.confidence)
            self.last_playouts = search.playouts
            self.searches += 1
            self.changed += best != 0
            return best
        if self._dice is None:
            self._dice = kernel.dice_of(self.truth, DICE_AHEAD)
        search = ClairvoyantSearch(kernel.state_of(world), self._dice, self.horizon, self.leaf)
        best = search.best([search.encode(c) for c in candidates], playouts, time.perf_counter() + BACKSTOP)
        self.last_playouts = search.playouts
        self.searches += 1
        self.changed += best != 0
        return best


class Sighted:
    """The clairvoyant planner as the arena's referee sees it: handed the real game for each
    of its decisions, and nothing else between them."""

    def __init__(self, seer: "ClairvoyantPlanner", game: AncientGame) -> None:
        self.seer, self.game = seer, game

    def choose(self, obs):
        self.seer.truth = self.game
        try:
            return self.seer.choose(obs)
        finally:
            self.seer.truth = None


def play_battle(settings: dict, deal: int, a_seat: int) -> AncientResult:
    """One battle of a paired deal, as the arena plays it (``battleline.arena.ancient.play_battle``),
    the clairvoyant planner in ``a_seat`` handed the real game before each decision."""
    name = scenario_for(settings["scenarios"], deal)
    seer = ClairvoyantPlanner(seed=deal * 2 + a_seat, candidates=settings["candidates"], horizon=settings["horizon"],
                              knows=settings.get("knows", "all"))
    seer.kernel_usable()             # load the kernel now, not in the first timed turn
    seat = seat_of_a(a_seat)
    bots = [None, None]
    bots[seat] = seer
    bots[1 - seat] = ancient_bot(settings["b"], seed=deal * 2 + 1 - a_seat)
    game = battle_for(name, bots, deal, tuple(settings["advanced"]))
    bots[seat] = Sighted(seer, game)
    return fight(game, bots, deal, a_seat, name)


def combine(paths: list[str]) -> tuple[list[AncientResult], dict]:
    """The battles saved in ``paths`` (plain or gzipped JSON lines) and their settings
    (every line's must agree; no battle twice)."""
    fields = {f.name for f in dataclasses.fields(AncientResult)}
    results, settings = {}, None
    for path in paths:
        with (gzip.open(path, "rt") if str(path).endswith(".gz") else open(path)) as fh:
            for line in fh:
                d = json.loads(line)
                these = {k: v for k, v in d.items() if k not in fields}
                if settings is not None and these != settings:
                    raise ValueError(f"{path} mixes matches: {these} and {settings}")
                settings = these
                r = AncientResult(**{k: v for k, v in d.items() if k in fields})
                if (r.deal, r.a_seat) in results:
                    raise ValueError(f"deal {r.deal}, seat {r.a_seat} is saved twice")
                results[(r.deal, r.a_seat)] = r
    if settings is None:
        raise ValueError("no saved battle in those files")
    return [results[k] for k in sorted(results)], settings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="medium")
    ap.add_argument("--scenario", default="points", help="a scenario, all or points (default points)")
    ap.add_argument("--games", type=int, help="battles (rounded up to pairs)")
    ap.add_argument("--seed", type=int, help="the first deal")
    ap.add_argument("--candidates", type=int, default=CANDIDATES)
    ap.add_argument("--horizon", type=int, default=HORIZON)
    ap.add_argument("--save", help="JSON-lines file, a battle a line (as the arena's --save)")
    ap.add_argument("--resume", action="store_true", help="play only the battles not yet in --save")
    ap.add_argument("--knows", choices=("all", "cards"), default="all",
                    help="all: the hidden cards and the dice (default); cards: the hidden cards only")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--combine", nargs="+", metavar="FILE", help="sum saved runs instead of playing")
    args = ap.parse_args(argv)
    if args.combine:
        results, saved = combine(args.combine)
        s = summarize(results, saved["a"], saved["b"])
        print(json.dumps(s, indent=1) if args.json else report(s))
        return 0
    if args.games is None or args.seed is None:
        ap.error("--games and --seed are needed to play (or --combine FILE to sum saved runs)")
    name = "clairvoyant-planner" + (f"-c{args.candidates}" if args.candidates != CANDIDATES else "") + \
        (f"-h{args.horizon}" if args.horizon != HORIZON else "") + ("-cards" if args.knows == "cards" else "")
    # The arena's settings keys, so that `python -m battleline.arena ... --combine` reads the file.
    settings = {"a": name, "b": args.opponent, "game": "ancient", "scenarios": args.scenario,
                "advanced": [], "turn_time": None, "candidates": args.candidates, "horizon": args.horizon}
    if args.knows != "all":            # absent for "all", as in the first saved runs
        settings["knows"] = args.knows
    match = play_match(play_battle, AncientResult, settings, args.seed, args.games, save=args.save,
                       resume=args.resume, progress=True, unit="battle")
    s = summarize(match.results, name, args.opponent)
    print(json.dumps(s, indent=1) if args.json else report(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
