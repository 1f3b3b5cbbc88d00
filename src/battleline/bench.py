"""Engine benchmark: ``python -m battleline.bench`` prints one JSON object of figures.

- ``can_claim_hard_median_us``: median time of :func:`battleline.can_claim` (card
  objects in, full :class:`ClaimResult` out) over the hardest cases: the opponent's
  side empty or holding a Leader, few cards seen, and a claim that holds, so the
  proof must rule out every completion.
- ``claim_core_hard_median_us``: the same cases through the engine's hot path
  (what :meth:`Game.provable_flags` and the bots use), without building results.
- ``random_games_per_s``: complete random games on one core, full rules, Tactics
  included, every provable flag claimed each turn.
- ``push_undo_per_s``: apply and take back a legal move.
- ``ancient``: Ancient Battles. ``ancient_random_games_per_s`` is complete random battles
  (Issus, all five Advanced rules, each decision uniform over ``legal_actions()``, played with
  ``push``) per second of CPU time (``time.process_time``) on one core;
  ``ancient_actions_per_battle_mean`` and ``ancient_random_game_ends`` describe them;
  ``melee_odds_us`` is the mean time of one :func:`battleline.ancient.melee_odds` call over
  every attack, defence, disruption and modifier in play, and ``ancient_odds_us`` of
  ``AncientGame.odds`` on an attack. Beside them, by CPU time in the same run, the Ancient
  kernel (:mod:`battleline.ancient.kernel`): ``ancient_kernel_random_games_per_cpu_s`` (twenty
  times ``--battles`` random battles by the same rule, played in the kernel) and
  ``ancient_kernel_speedup``, its ratio to ``ancient_random_games_per_s``;
  ``ancient_kernel_mode`` says whether it ran compiled, ``ancient_kernel_prepare_s`` how long
  compiling or loading it took.
- Every rate and median is measured by the wall clock; the ``_cpu`` figures by CPU time
  (``time.process_time``), which means more on a busy machine. ``load_average_1min``
  says how busy the machine was when the run began.
- ``kernel``: the search kernel (:mod:`battleline.standard.kernel`) beside the reference engine in one
  run, by CPU time: ``kernel_random_games_per_cpu_s`` (ten times ``--games`` random games in
  the kernel) against ``reference_random_games_per_cpu_s`` (a quarter of ``--games`` in the engine), and
  greedy play-outs to the end of the game from the same turn starts
  (``kernel_playouts_per_cpu_s`` against ``reference_playouts_per_cpu_s``); the ``_speedup``
  figures are their ratios, ``kernel_mode`` says whether it ran compiled, ``kernel_prepare_s``
  how long compiling or loading it took.
- ``solver``: every bundled ``win`` puzzle solved by :func:`battleline.solve` at its
  stated number of turns (iterative deepening, as ``python -m battleline.standard.puzzles
  check`` does): per puzzle the positions searched (``nodes``), ``seconds`` and
  ``nodes_per_s``, then the totals.
- ``review``: south's side of three whole games (``medium`` against ``medium``) reviewed by
  :func:`battleline.review` at its default budget, by CPU time: a game's most
  (``review_cpu_s_per_game_seat_max``; the goal is at most 60 s), a decision's median and
  most, the first decision (``review_first_decision_cpu_s_max``: what a widget's review shows
  first), and :func:`battleline.hint` for south every tenth move (``hint_cpu_s_median`` and
  ``hint_cpu_s_max``; the goal is 2 s).
- ``ancient_review``: one side (south) of a whole Ancient battle (Issus, all Advanced rules,
  ``medium`` against ``medium``, dealt by ``--seed``) reviewed by
  :func:`battleline.ancient.review` at its default budget, by CPU time: the side's total
  (``ancient_review_cpu_s_side``; the goal is at most 180 s compiled), a decision's median and
  most, and the first decision (``ancient_review_first_decision_cpu_s``);
  ``ancient_hint_cpu_s_max`` is the longest of the hints at south's first three action steps.

Options: ``--games N`` (random games, default 2000), ``--cases N`` (claim cases,
default 400), ``--battles N`` (Ancient battles, default 300), ``--seed S``, ``--only SECTION``
(``claims``, ``games``, ``moves``, ``solver``, ``ancient``, ``kernel``, ``review`` or
``ancient_review``; may be repeated; default all).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time

from .cards import ALL_CARDS, TROOP_MASK
from .standard.claims import can_claim, claim_holds
from .standard.formations import cards_needed
from .standard.game import Game
from .standard.puzzles import bundled
from .standard.random_games import random_game  # noqa: F401 (the bench's random game, re-exported)
from .standard.solver import solve


def hard_claim_cases(n: int, seed: int = 1) -> list[dict]:
    """Claims that hold against an empty or Leader-only side with few cards seen."""
    rng = random.Random(seed)
    cases = []
    troops = list(range(60))
    while len(cases) < n:
        mud = rng.random() < 0.25
        fog = rng.random() < 0.15
        need = cards_needed(mud)
        kind = rng.random()
        c = rng.randrange(6)
        if kind < 0.6:  # a high wedge
            top = rng.randint(8, 10)
            mine = [10 * c + v - 1 for v in range(top - need + 1, top + 1)]
        elif kind < 0.8:  # a phalanx of high values
            v = rng.randint(8, 10)
            mine = [10 * k + v - 1 for k in rng.sample(range(6), need)]
        else:  # a high total (strong under Fog)
            mine = rng.sample([10 * k + v - 1 for k in range(6) for v in (9, 10)], need)
        theirs = [] if rng.random() < 0.5 else [ALL_CARDS[60 + rng.randrange(2)]]
        rest = [t for t in troops if t not in mine]
        seen = rng.sample(rest, rng.randint(0, 8))
        mine_c = [ALL_CARDS[x] for x in mine]
        seen_c = [ALL_CARDS[x] for x in seen]
        if can_claim(mine_c, theirs, seen=seen_c, fog=fog, mud=mud):
            cases.append(dict(mine=mine_c, theirs=theirs, seen=seen_c, fog=fog, mud=mud))
    return cases


def _time_each(fn, cases, repeat: int) -> tuple[list[float], list[float]]:
    """Microseconds per call for each case: (wall clock, CPU time)."""
    wall, cpu = [], []
    clock, cpu_clock = time.perf_counter_ns, time.process_time_ns
    for case in cases:
        t0, c0 = clock(), cpu_clock()
        for _ in range(repeat):
            fn(case)
        wall.append((clock() - t0) / repeat / 1000)
        cpu.append((cpu_clock() - c0) / repeat / 1000)
    return wall, cpu


def bench_claims(n_cases: int, seed: int) -> dict:
    cases = hard_claim_cases(n_cases, seed)

    def public(cs):
        return can_claim(cs["mine"], cs["theirs"], seen=cs["seen"], fog=cs["fog"], mud=cs["mud"])

    for cs in cases:
        visible = 0
        for x in cs["mine"] + cs["theirs"] + cs["seen"]:
            visible |= 1 << x
        cs["unseen"] = TROOP_MASK & ~visible
        cs["need"] = cards_needed(cs["mud"])
        cs["mine_i"] = [int(x) for x in cs["mine"]]
        cs["theirs_i"] = [int(x) for x in cs["theirs"]]

    def core(cs):
        return claim_holds(cs["mine_i"], cs["theirs_i"], cs["unseen"], cs["fog"], cs["need"], False)

    public_us, public_cpu = _time_each(public, cases, 20)
    core_us, core_cpu = _time_each(core, cases, 50)
    return {
        "claim_cases": len(cases),
        "can_claim_hard_median_us": round(statistics.median(public_us), 2),
        "can_claim_hard_p90_us": round(sorted(public_us)[int(0.9 * len(public_us))], 2),
        "can_claim_hard_max_us": round(max(public_us), 2),
        "can_claim_hard_median_cpu_us": round(statistics.median(public_cpu), 2),
        "claim_core_hard_median_us": round(statistics.median(core_us), 2),
        "claim_core_hard_max_us": round(max(core_us), 2),
        "claim_core_hard_median_cpu_us": round(statistics.median(core_cpu), 2),
    }


def bench_games(n_games: int, seed: int) -> dict:
    t0, c0 = time.perf_counter(), time.process_time()
    moves = 0
    ends: dict[str, int] = {}
    for i in range(n_games):
        g = random_game(seed + i, "standard" if i % 2 == 0 else "advanced")
        moves += len(g.moves)
        reason = g.outcome().reason
        ends[reason] = ends.get(reason, 0) + 1
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    return {
        "random_games": n_games,
        "random_games_per_s": round(n_games / dt, 1),
        "random_games_per_cpu_s": round(n_games / dc, 1),
        "random_game_moves_mean": round(moves / n_games, 1),
        "random_game_ends": ends,
    }


def bench_push_undo(seed: int, n: int = 20000) -> dict:
    g = Game(seed=seed)
    rng = random.Random(seed)
    samples = []
    while len(samples) < 400 and not g.is_over():
        samples.append((g.copy(), None))
        g.push(rng.choice(g.legal_moves(claims=False)))
    t0, c0 = time.perf_counter(), time.process_time()
    count = 0
    per = max(1, n // len(samples))
    for game, _ in samples:
        ms = game.legal_moves(claims=False)
        m = ms[0]
        for _ in range(per):
            game.push(m)
            game.undo()
        count += per
    dt, dc = time.perf_counter() - t0, time.process_time() - c0
    t1 = time.perf_counter()
    k = 0
    for game, _ in samples:
        for _ in range(10):
            game.legal_moves()
            k += 1
    dt2 = time.perf_counter() - t1
    return {"push_undo_per_s": round(count / dt), "push_undo_per_cpu_s": round(count / dc),
            "legal_moves_per_s": round(k / dt2)}


def bench_solver(puzzles=None) -> dict:
    """Solve each ``win`` puzzle (default: the bundled ones) at its stated number of
    turns, with the engine's solver and with the kernel's (which finds the same line through
    the same positions); the figures per puzzle and in total, wall-clock seconds.

    >>> from battleline.standard.puzzles import bundled
    >>> r = bench_solver([p for p in bundled() if p.id == "win-in-two"])
    >>> [(row["id"], row["turns"], row["nodes"]) for row in r["puzzles"]]
    [('win-in-two', 2, 130)]
    >>> sorted(r["total"])
    ['kernel_seconds', 'nodes', 'nodes_per_s', 'puzzles', 'seconds']
    """
    from .standard.kernel.solver import prepare_solver
    from .standard.kernel.solver import solve as kernel_solve
    if puzzles is None:
        puzzles = bundled()
    prepare_solver()
    rows = []
    seconds = kernel_seconds = 0.0
    for p in puzzles:
        if p.kind != "win":
            continue
        turns = int(p.answer["turns"])
        sol = solve(p.game(), turns)
        if sol.turns_needed != turns:
            raise ValueError(f"{p.id}: the solver finds {sol.describe()}, not a win in {turns}")
        fast = kernel_solve(p.game(), turns)
        if (fast.line, fast.nodes) != (sol.line, sol.nodes):
            raise ValueError(f"{p.id}: the kernel's solver finds {fast.describe()}, the engine's {sol.describe()}")
        seconds += sol.seconds
        kernel_seconds += fast.seconds
        rows.append({"id": p.id, "turns": turns, "nodes": sol.nodes, "seconds": round(sol.seconds, 4),
                     "nodes_per_s": round(sol.nodes / sol.seconds) if sol.seconds else None,
                     "kernel_seconds": round(fast.seconds, 5)})
    nodes = sum(r["nodes"] for r in rows)
    return {"puzzles": rows, "total": {"puzzles": len(rows), "nodes": nodes, "seconds": round(seconds, 3),
                                       "nodes_per_s": round(nodes / seconds) if seconds else None,
                                       "kernel_seconds": round(kernel_seconds, 4)}}


def bench_ancient(n_battles: int, seed: int) -> dict:
    """Random Ancient battles and the cost of the melee odds."""
    from .ancient import AncientGame, melee_odds

    actions = 0
    ends: dict[str, int] = {}
    t0 = time.process_time()
    for i in range(n_battles):
        g = AncientGame.scenario("issus", seed=seed + i, advanced="all")
        rng = random.Random(seed + i)
        rand = rng.random
        while g.outcome is None:
            legal = g.legal_actions()
            g.push(legal[int(rand() * len(legal))])
            actions += 1
        ends[g.outcome.reason] = ends.get(g.outcome.reason, 0) + 1
    dt = time.process_time() - t0
    cases = [(a, d, dis, am, dm) for a in range(1, 21) for d in range(1, 11) for dis in (False, True)
             for am in (-2, 0, 2) for dm in (-2, 0, 2)]
    t1 = time.process_time()
    repeat = 5
    for _ in range(repeat):
        for a, d, dis, am, dm in cases:
            melee_odds(a, d, defender_disrupted=dis, attack_modifier=am, defence_modifier=dm)
    odds_us = (time.process_time() - t1) / (repeat * len(cases)) * 1e6
    g = AncientGame.empty(seed=seed, advanced="all")
    g.put("d3", "Phalangists", "north")
    g.put("d2", "Javalineers", "south")
    g.put("c3", "Heavy Cavalry", "south")
    g.put("e3", "Skirmishers", "south")
    t2 = time.process_time()
    for _ in range(50):
        g.odds("attack c3+d2+e3-d3")
    game_odds_us = (time.process_time() - t2) / 50 * 1e6
    kernel_figures = bench_ancient_kernel(n_battles / dt, 20 * n_battles, seed)
    return {
        "ancient_random_games": n_battles,
        "ancient_random_games_per_s": round(n_battles / dt, 1),
        "ancient_actions_per_battle_mean": round(actions / n_battles, 1),
        "ancient_random_game_ends": ends,
        "melee_odds_us": round(odds_us, 3),
        "ancient_odds_us": round(game_odds_us, 1),
        **kernel_figures,
    }


def bench_ancient_kernel(reference_per_cpu_s: float, n_battles: int, seed: int) -> dict:
    """The Ancient kernel's random battles (the same rule: Issus, all Advanced rules, each
    decision uniform) beside the reference engine's rate measured in the same run."""
    from .ancient import kernel

    prepare_seconds = kernel.prepare_kernel()
    fast = kernel.random_battles(n_battles, seed, "issus", "all")
    per_cpu_s = fast["battles"] / fast["cpu_seconds"]
    return {
        "ancient_kernel_mode": fast["mode"],
        "ancient_kernel_prepare_s": round(prepare_seconds, 2),
        "ancient_kernel_random_games": fast["battles"],
        "ancient_kernel_random_games_per_cpu_s": round(per_cpu_s, 1),
        "ancient_kernel_actions_per_battle_mean": fast["actions_mean"],
        "ancient_kernel_random_game_ends": fast["ends"],
        "ancient_kernel_speedup": round(per_cpu_s / reference_per_cpu_s, 1),
    }


def turn_starts(n: int, seed: int) -> list[Game]:
    """Positions at the start of a turn, taken from random games (standard rules)."""
    out: list[Game] = []
    i = 0
    while len(out) < n:
        moves = random_game(seed + i).moves
        g = Game(seed=seed + i)
        for k, m in enumerate(moves):
            if g.phase == "play" and not g.turn_active and k % 7 == 0:
                out.append(g.copy())
            g.push(m)
        i += 1
    return out[:n]


def bench_kernel(n_games: int, seed: int) -> dict:
    """The search kernel beside the reference engine, by CPU time in this one run: random games
    (the same rule; kernel games are dealt by the kernel) and greedy play-outs to the end of
    the game from the same turn starts (the kernel's play-out makes the same moves)."""
    from .standard import kernel
    from .standard.bots.playout import play_out as reference_play_out
    from .standard.kernel.policy import play_out as kernel_play_out

    prepare_seconds = kernel.prepare_kernel()
    reference = bench_games(max(50, n_games // 4), seed)["random_games_per_cpu_s"]
    fast = kernel.random_games(n_games * 10, seed, "both")
    starts = turn_starts(200, seed)
    states = [kernel.state_of(g) for g in starts]
    kernel_play_out(states[0].copy(), 10_000)         # loaded before the clock starts
    c0 = time.process_time()
    for g in starts[:50]:
        reference_play_out(g.copy())
    reference_playouts = 50 / (time.process_time() - c0)
    c1 = time.process_time()
    for s in states:
        kernel_play_out(s.copy(), 10_000)
    kernel_playouts = len(states) / (time.process_time() - c1)
    kernel_games = fast["games"] / fast["cpu_seconds"]
    return {
        "kernel_mode": kernel.MODE,
        "kernel_prepare_s": round(prepare_seconds, 2),
        "kernel_random_games_per_cpu_s": round(kernel_games, 1),
        "reference_random_games_per_cpu_s": reference,
        "kernel_random_games_speedup": round(kernel_games / reference, 1),
        "kernel_playouts_per_cpu_s": round(kernel_playouts, 1),
        "reference_playouts_per_cpu_s": round(reference_playouts, 1),
        "kernel_playout_speedup": round(kernel_playouts / reference_playouts, 1),
    }


HINT_EVERY = 10      # the review bench asks south for a hint every tenth move of the game


def bench_review(seed: int, games: int = 3) -> dict:
    """One seat of whole games (medium against medium) reviewed at the default budget: CPU
    seconds a game and a decision (the review's goal: at most 60 s a game of about 100 moves,
    a median of at most 0.5 s a decision), the first decision (what a widget's review shows
    first; the goal: about 3 s) and south's hints every tenth move (the goal: 2 s)."""
    from .standard import reviewing
    from .standard.bots import HeuristicBot
    from .standard.kernel import prepare_kernel
    prepare_kernel()
    per_game, per_decision, first, moves, hints = [], [], [], [], []
    for deal in range(seed, seed + games):
        g = Game(seed=deal)
        bots = (HeuristicBot(seed=deal), HeuristicBot(seed=deal + 1))
        while not g.is_over():
            if g.to_move == 1 and len(g.moves) % HINT_EVERY < 2:
                start = time.process_time()
                reviewing.hint(g, seed=deal)
                hints.append(time.process_time() - start)
            g.play(bots[g.to_move].choose(g.observation(g.to_move)))
        moves.append(len(g.moves))
        total = 0.0
        stream = reviewing.iter_review(g, seat=1, seed=deal)
        while True:
            start = time.process_time()
            if next(stream, None) is None:
                break
            took = time.process_time() - start
            if total == 0.0:
                first.append(took)
            per_decision.append(took)
            total += took
        per_game.append(total)
    return {"review_budget": reviewing.BUDGET, "review_games": games, "review_moves_mean": round(statistics.mean(moves), 1),
            "review_cpu_s_per_game_seat_max": round(max(per_game), 2),
            "review_cpu_s_per_decision_median": round(statistics.median(per_decision), 3),
            "review_cpu_s_per_decision_max": round(max(per_decision), 3),
            "review_first_decision_cpu_s_max": round(max(first), 3),
            "hints": len(hints), "hint_cpu_s_median": round(statistics.median(hints), 3),
            "hint_cpu_s_max": round(max(hints), 3)}


def bench_ancient_review(seed: int) -> dict:
    """One side of a whole Ancient battle (Issus, all Advanced rules, medium against medium)
    reviewed at the default budget, and hints at that side's first action steps: CPU seconds
    (the goals: at most 3 minutes of one core for a side's review, about 2 s a hint)."""
    from .ancient import AncientGame
    from .ancient import reviewing
    from .ancient.bots import ancient_bot
    from .ancient.kernel import prepare_kernel
    prepare_kernel()
    g = AncientGame.scenario("issus", seed=seed, advanced="all")
    bots = {"south": ancient_bot("medium", seed=seed), "north": ancient_bot("medium", seed=seed + 1)}
    hints = []
    while g.outcome is None:
        side = g.to_act
        if side == "south" and g.phase == "actions" and g.state.actions_left == 6 and len(hints) < 3:
            start = time.process_time()
            reviewing.hint(g, seed=seed)
            hints.append(time.process_time() - start)
        g.play(bots[side].choose(g.observation(side)))
    per_decision = []
    stream = reviewing.iter_review(g, "south", seed=seed)
    while True:
        start = time.process_time()
        if next(stream, None) is None:
            break
        per_decision.append(time.process_time() - start)
    return {"ancient_review_budget": reviewing.BUDGET, "ancient_review_actions": len(g.actions_played),
            "ancient_review_decisions": len(per_decision),
            "ancient_review_cpu_s_side": round(sum(per_decision), 1),
            "ancient_review_cpu_s_per_decision_median": round(statistics.median(per_decision), 3),
            "ancient_review_cpu_s_per_decision_max": round(max(per_decision), 3),
            "ancient_review_first_decision_cpu_s": round(per_decision[0], 3),
            "ancient_hint_budget": reviewing.HINT_BUDGET, "ancient_hint_cpu_s_max": round(max(hints), 2)}


SECTIONS = ("claims", "games", "moves", "solver", "ancient", "kernel", "review", "ancient_review")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m battleline.bench",
        description="Measure the engines' speed on one core and print one JSON object of figures: "
                    "claim proofs (median microseconds), random games per second, moves applied "
                    "and taken back per second, the exact solver on the bundled puzzles, and "
                    "Ancient Battles (random battles per second, melee odds), and the search kernel "
                    "beside the reference engine.",
        epilog="docs/benchmarks.md explains each figure and how to compare runs.")
    ap.add_argument("--games", type=int, default=2000,
                    help="complete random games to time, both rules (default 2000)")
    ap.add_argument("--cases", type=int, default=400,
                    help="hard claim proofs to time (default 400)")
    ap.add_argument("--battles", type=int, default=300,
                    help="complete random Ancient Battles to time (default 300)")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the random games and claim cases, for repeatable runs (default 1)")
    ap.add_argument("--only", action="append", choices=SECTIONS, metavar="SECTION",
                    help=f"run only this section ({', '.join(SECTIONS)}); may be repeated")
    args = ap.parse_args(argv)
    sections = args.only or SECTIONS
    out = {"machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
           "python": platform.python_version(),
           "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None}
    runs = {"claims": lambda: bench_claims(args.cases, args.seed),
            "games": lambda: bench_games(args.games, args.seed),
            "moves": lambda: bench_push_undo(args.seed),
            "solver": lambda: {"solver": bench_solver()},
            "ancient": lambda: bench_ancient(args.battles, args.seed),
            "kernel": lambda: bench_kernel(args.games, args.seed),
            "review": lambda: bench_review(args.seed),
            "ancient_review": lambda: bench_ancient_review(args.seed)}
    for section in SECTIONS:           # in this order, whatever the order asked
        if section in sections:
            out.update(runs[section]())
    print(json.dumps(out))


if __name__ == "__main__":
    main()
