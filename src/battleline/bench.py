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
- ``solver``: every bundled ``win`` puzzle solved by :func:`battleline.solve` at its
  stated number of turns (iterative deepening, as ``python -m battleline.puzzles
  check`` does): per puzzle the positions searched (``nodes``), ``seconds`` and
  ``nodes_per_s``, then the totals.

Options: ``--games N`` (random games, default 2000), ``--cases N`` (claim cases,
default 400), ``--seed S``, ``--only SECTION`` (``claims``, ``games``, ``moves`` or
``solver``; may be repeated; default all four).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

from .cards import ALL_CARDS, TROOP_MASK
from .claims import can_claim, claim_holds
from .game import Game
from .moves import CLAIM_MOVES
from .puzzles import bundled
from .solver import solve


def hard_claim_cases(n: int, seed: int = 1) -> list[dict]:
    """Claims that hold against an empty or Leader-only side with few cards seen."""
    rng = random.Random(seed)
    cases = []
    troops = list(range(60))
    while len(cases) < n:
        mud = rng.random() < 0.25
        fog = rng.random() < 0.15
        need = 4 if mud else 3
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


def _time_each(fn, cases, repeat: int) -> list[float]:
    out = []
    clock = time.perf_counter_ns
    for case in cases:
        t0 = clock()
        for _ in range(repeat):
            fn(case)
        out.append((clock() - t0) / repeat / 1000)
    return out


def bench_claims(n_cases: int, seed: int) -> dict:
    cases = hard_claim_cases(n_cases, seed)

    def public(cs):
        return can_claim(cs["mine"], cs["theirs"], seen=cs["seen"], fog=cs["fog"], mud=cs["mud"])

    for cs in cases:
        visible = 0
        for x in cs["mine"] + cs["theirs"] + cs["seen"]:
            visible |= 1 << x
        cs["unseen"] = TROOP_MASK & ~visible
        cs["need"] = 4 if cs["mud"] else 3
        cs["mine_i"] = [int(x) for x in cs["mine"]]
        cs["theirs_i"] = [int(x) for x in cs["theirs"]]

    def core(cs):
        return claim_holds(cs["mine_i"], cs["theirs_i"], cs["unseen"], cs["fog"], cs["need"], False)

    public_us = _time_each(public, cases, 20)
    core_us = _time_each(core, cases, 50)
    return {
        "claim_cases": len(cases),
        "can_claim_hard_median_us": round(statistics.median(public_us), 2),
        "can_claim_hard_p90_us": round(sorted(public_us)[int(0.9 * len(public_us))], 2),
        "can_claim_hard_max_us": round(max(public_us), 2),
        "claim_core_hard_median_us": round(statistics.median(core_us), 2),
        "claim_core_hard_max_us": round(max(core_us), 2),
    }


def random_game(seed: int, rules: str = "standard") -> Game:
    """One random game: a random card move each turn, every provable flag claimed,
    a random deck for the draw."""
    rng = random.Random(seed)
    g = Game(seed=seed, rules=rules)
    choice = rng.choice
    advanced = rules == "advanced"
    while g._outcome is None:
        phase = g._phase
        if phase == "play":
            if advanced:
                for f in g.provable_flags():
                    g.push(CLAIM_MOVES[f])
                    if g._outcome is not None:
                        return g
            g.push(choice(g.legal_moves(claims=False)))
        elif phase == "draw":
            if not advanced:
                for f in g.provable_flags():
                    g.push(CLAIM_MOVES[f])
                    if g._outcome is not None:
                        return g
            g.push(choice(g.legal_moves(claims=False)))
        else:
            g.push(choice(g.legal_moves(claims=False)))
    return g


def bench_games(n_games: int, seed: int) -> dict:
    t0 = time.perf_counter()
    moves = 0
    ends: dict[str, int] = {}
    for i in range(n_games):
        g = random_game(seed + i, "standard" if i % 2 == 0 else "advanced")
        moves += len(g._moves)
        reason = g.outcome().reason
        ends[reason] = ends.get(reason, 0) + 1
    dt = time.perf_counter() - t0
    return {
        "random_games": n_games,
        "random_games_per_s": round(n_games / dt, 1),
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
    t0 = time.perf_counter()
    count = 0
    per = max(1, n // len(samples))
    for game, _ in samples:
        ms = game.legal_moves(claims=False)
        m = ms[0]
        for _ in range(per):
            game.push(m)
            game.undo()
        count += per
    dt = time.perf_counter() - t0
    t1 = time.perf_counter()
    k = 0
    for game, _ in samples:
        for _ in range(10):
            game.legal_moves()
            k += 1
    dt2 = time.perf_counter() - t1
    return {"push_undo_per_s": round(count / dt), "legal_moves_per_s": round(k / dt2)}


def bench_solver(puzzles=None) -> dict:
    """Solve each ``win`` puzzle (default: the bundled ones) at its stated number of
    turns; the figures per puzzle and in total.

    >>> from battleline.puzzles import bundled
    >>> r = bench_solver([p for p in bundled() if p.id == "win-in-two"])
    >>> [(row["id"], row["turns"], row["nodes"]) for row in r["puzzles"]]
    [('win-in-two', 2, 130)]
    >>> sorted(r["total"])
    ['nodes', 'nodes_per_s', 'puzzles', 'seconds']
    """
    if puzzles is None:
        puzzles = bundled()
    rows = []
    seconds = 0.0
    for p in puzzles:
        if p.kind != "win":
            continue
        turns = int(p.answer["turns"])
        sol = solve(p.game(), turns)
        if sol.turns_needed != turns:
            raise ValueError(f"{p.id}: the solver finds {sol.describe()}, not a win in {turns}")
        seconds += sol.seconds
        rows.append({"id": p.id, "turns": turns, "nodes": sol.nodes, "seconds": round(sol.seconds, 4),
                     "nodes_per_s": round(sol.nodes / sol.seconds) if sol.seconds else None})
    nodes = sum(r["nodes"] for r in rows)
    return {"puzzles": rows, "total": {"puzzles": len(rows), "nodes": nodes, "seconds": round(seconds, 3),
                                       "nodes_per_s": round(nodes / seconds) if seconds else None}}


SECTIONS = ("claims", "games", "moves", "solver")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m battleline.bench",
        description="Measure the engine's speed on one core and print one JSON object of figures: "
                    "claim proofs (median microseconds), random games per second, moves applied "
                    "and taken back per second, and the exact solver on the bundled puzzles.",
        epilog="docs/benchmarks.md explains each figure and how to compare runs.")
    ap.add_argument("--games", type=int, default=2000,
                    help="complete random games to time, both rules (default 2000)")
    ap.add_argument("--cases", type=int, default=400,
                    help="hard claim proofs to time (default 400)")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the random games and claim cases, for repeatable runs (default 1)")
    ap.add_argument("--only", action="append", choices=SECTIONS, metavar="SECTION",
                    help=f"run only this section ({', '.join(SECTIONS)}); may be repeated")
    args = ap.parse_args(argv)
    sections = args.only or SECTIONS
    out = {"machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
           "python": platform.python_version()}
    if "claims" in sections:
        out.update(bench_claims(args.cases, args.seed))
    if "games" in sections:
        out.update(bench_games(args.games, args.seed))
    if "moves" in sections:
        out.update(bench_push_undo(args.seed))
    if "solver" in sections:
        out["solver"] = bench_solver()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
