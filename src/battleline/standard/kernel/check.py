"""Holding the kernel to the reference engine: perft and whole games compared move by move.

``python -m battleline.standard.kernel check --games 10000 --perft-positions 200 --depth 4`` plays
random games with the reference engine (:func:`battleline.standard.random_games.random_game`),
replays each in the kernel, and at every position compares the legal moves (claims included, so every claim
proof) and the whole state; it also compares :func:`battleline.standard.kernel.perft` with
:func:`reference_perft` on positions sampled from those games, and with ``--solver-games N``
the two exact solvers on the endgames of N games (:func:`compare_solvers`). It prints the
counts and exits non-zero on any disagreement.

>>> from battleline import Game
>>> reference_perft(Game(seed=1, first=0), 1)
63
>>> compare_games(range(2))["disagreements"]
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import numpy as np

from ...compiled.checks import compare_perft as shared_compare_perft
from ..random_games import random_game
from ...cards import ALL_CARDS
from ..encoding import ALL_MOVES, encode_move
from ..game import Game
from . import MODE, perft, state_of
from .layout import DECK_LEN, MAX_MOVES, TACTIC_DECK, TROOP_COUNT, TROOP_DECK
from .rules import apply_move, legal_moves

__all__ = ["reference_perft", "compare_games", "compare_perft", "compare_play_outs", "solver_endgames",
           "compare_solvers", "main"]


def reference_perft(game: Game, depth: int) -> int:
    """Perft by a plain recursion over ``legal_moves``/``push``/``undo`` of the reference."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(game.legal_moves())
    total = 0
    for move in game.legal_moves():
        game.push(move)
        total += reference_perft(game, depth - 1)
        game.undo()
    return total


def comparable_state(s: np.ndarray) -> np.ndarray:
    """The state without the deck slots above each deck's top (left over after draws)."""
    s = s.copy()
    s[TROOP_DECK + s[DECK_LEN]:TROOP_DECK + TROOP_COUNT] = 0
    s[TACTIC_DECK + s[DECK_LEN + 1]:TACTIC_DECK + 10] = 0
    return s


def _disagreement(game: Game, s: np.ndarray, buffer: np.ndarray) -> str | None:
    want = sorted(encode_move(m) for m in game.legal_moves())
    n = legal_moves(s, buffer, True)
    got = sorted(int(m) for m in buffer[:n])
    if want != got:
        return f"legal moves differ: reference {len(want)}, kernel {len(got)}"
    if not np.array_equal(comparable_state(s), comparable_state(state_of(game))):
        return "the kernel's state differs from the reference's"
    return None


def compare_games(seeds, sample=None, rng: random.Random | None = None) -> dict:
    """Replay the bench's random game of each seed (standard rules for even seeds, Advanced
    for odd) in the kernel, comparing every position; ``sample(game)`` is called on each
    position the ``rng`` picks (1 in 100), to collect positions for perft."""
    positions = 0
    problems: list[str] = []
    buffer = np.empty(MAX_MOVES, dtype=np.int64)
    for seed in seeds:
        rules = "standard" if seed % 2 == 0 else "advanced"
        moves = random_game(seed, rules).moves
        game = Game(seed=seed, rules=rules)
        s = state_of(game)
        for i in range(len(moves) + 1):
            positions += 1
            why = _disagreement(game, s, buffer)
            if why is not None:
                problems.append(f"seed {seed}, after {i} moves: {why}")
                break
            if sample is not None and rng is not None and rng.random() < 0.01:
                sample(game.copy())
            if i < len(moves):
                game.push(moves[i])
                apply_move(s, encode_move(moves[i]))
    return {"games": len(seeds), "positions": positions, "disagreements": len(problems),
            "problems": problems[:10]}


def compare_perft(games: list[Game], depth: int) -> dict:
    """Kernel perft against the reference's on each game's position."""
    return shared_compare_perft(games, depth, reference=reference_perft, kernel=perft,
                                describe=lambda g: f"{g.position()!r:.200}")


def compare_play_outs(seeds, every: int = 5, tactics: bool = True, contest: bool = False) -> dict:
    """The kernel's play-out policy against the Python reference's
    (:func:`battleline.standard.bots.playout.play_out`; with ``tactics`` the play-outs that
    play Tactics cards, with ``contest`` the contest rule's troops), from the turn starts
    of the bench's random games (standard rules, every ``every``-th move): at each card the
    reference plays, the kernel's ``policy_move`` must choose the same, and the kernel's
    whole play-out must reach the same final position in as many moves.
    ``tactics_played`` counts the Tactics cards the reference's play-outs played, by name;
    ``contest_changed`` the troops where the contest rule chose otherwise than the greedy
    rule would have (0 without ``contest``).

    >>> compare_play_outs(range(1), every=20)["disagreements"]
    0
    """
    from ..bots.playout import play_out as reference_play_out
    from .policy import POLICY_CONTEST, POLICY_GREEDY, POLICY_TACTICS
    policy = (POLICY_TACTICS if tactics else POLICY_GREEDY) | (POLICY_CONTEST if contest else POLICY_GREEDY)
    positions = 0
    problems: list[str] = []
    played: dict[str, int] = {}
    changed = 0
    for seed in seeds:
        moves = random_game(seed).moves
        game = Game(seed=seed)
        for i, move in enumerate(moves):
            if game.phase == "play" and not game.turn_active and i % every == 0:
                positions += 1
                why, n = _play_out_disagreement(game, policy, reference_play_out, played)
                changed += n
                if why is not None:
                    problems.append(f"seed {seed}, after {i} moves: {why}")
            game.push(move)
    return {"positions": positions, "disagreements": len(problems), "problems": problems[:10],
            "tactics_played": dict(sorted(played.items())), "contest_changed": changed}


def _play_out_disagreement(game: Game, policy: int, reference_play_out, played: dict) -> tuple[str | None, int]:
    """Why the kernel's play-out from ``game`` differs from the reference's (None: it does
    not), and how many of the reference's troops the contest rule changed."""
    from ..bots.playout import greedy_play
    from .policy import POLICY_CONTEST, POLICY_TACTICS, play_policy, policy_move
    tactics, contest = bool(policy & POLICY_TACTICS), bool(policy & POLICY_CONTEST)
    world = game.copy()
    start = len(world.moves)
    made = reference_play_out(world, play_tactics=tactics, contest=contest)
    line = world.moves[start:]
    replay = game.copy()
    changed = 0
    for k, move in enumerate(line):
        if replay.phase == "play" and move.kind != "claim":
            chosen = int(policy_move(state_of(replay), policy))
            if chosen != encode_move(move):
                return f"move {k} of the play-out: reference {move}, kernel {ALL_MOVES[chosen]}", changed
            if move.kind in ("scout", "redeploy", "deserter", "traitor"):
                played[move.kind] = played.get(move.kind, 0) + 1
            elif move.kind == "play" and move.card >= TROOP_COUNT:
                name = str(ALL_CARDS[move.card])
                played[name] = played.get(name, 0) + 1
            elif contest and move != greedy_play(replay, replay.to_move):
                changed += 1
        replay.push(move)
    s = state_of(game)
    if play_policy(s, 10_000, policy) != made:
        return "the play-outs made different numbers of moves", changed
    if not np.array_equal(comparable_state(s), comparable_state(state_of(world))):
        return "the play-outs ended in different positions", changed
    return None, changed


def solver_endgames(seeds, every: int = 7) -> list[Game]:
    """Positions from the second half of the bench's random games (every ``every``-th move;
    standard rules for even seeds, Advanced for odd): the solver's test ground."""
    found = []
    for seed in seeds:
        rules = "standard" if seed % 2 == 0 else "advanced"
        moves = random_game(seed, rules).moves
        game = Game(seed=seed, rules=rules)
        for i, move in enumerate(moves):
            if i >= len(moves) // 2 and i % every == 0:
                found.append(game.copy())
            game.push(move)
    return found


def _solution(solve, game: Game, turns: int, max_nodes: int):
    try:
        s = solve(game, turns, seconds=None, max_nodes=max_nodes)
    except TimeoutError as e:
        return ("gave up", str(e))
    return (s.wins, s.turns_needed, [str(m) for m in s.line], s.nodes)


def compare_solvers(games: list[Game], turns=(1, 2), max_nodes: int = 20_000) -> dict:
    """The kernel's solver against the engine's on each position and number of turns: the
    same answer, line and count of positions, or the same giving up at ``max_nodes``."""
    from ..solver import solve as reference_solve
    from .solver import solve as kernel_solve
    problems = []
    counts = {"searches": 0, "wins": 0, "gave_up": 0}
    cpu = [0.0, 0.0]
    for g in games:
        for t in turns:
            start = time.process_time()
            want = _solution(reference_solve, g, t, max_nodes)
            middle = time.process_time()
            got = _solution(kernel_solve, g, t, max_nodes)
            cpu[0] += middle - start
            cpu[1] += time.process_time() - middle
            counts["searches"] += 1
            counts["wins"] += want[0] is True
            counts["gave_up"] += want[0] == "gave up"
            if want != got:
                problems.append(f"{g.position()!r:.200}, {t} turns: reference {want}, kernel {got}")
    return {**counts, "positions": len(games), "disagreements": len(problems), "problems": problems[:10],
            "reference_cpu_s": round(cpu[0], 2), "kernel_cpu_s": round(cpu[1], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m battleline.standard.kernel check",
                                     description="Compare the kernel with the reference engine.")
    parser.add_argument("--games", type=int, default=1000, help="random games replayed (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    parser.add_argument("--perft-positions", type=int, default=50,
                        help="positions sampled from those games for perft (default 50)")
    parser.add_argument("--depth", type=int, default=3, help="perft depth (default 3)")
    parser.add_argument("--solver-games", type=int, default=0,
                        help="games whose endgames compare the two exact solvers (default 0)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1_000_000 or not 0 <= args.perft_positions <= 100_000 or not 1 <= args.depth <= 6 \
            or not 0 <= args.solver_games <= 100_000:
        parser.error("--games from 1 to 1,000,000, --perft-positions from 0 to 100,000, --depth from 1 to 6, "
                     "--solver-games from 0 to 100,000")
    start = time.process_time()
    picked: list[Game] = []
    games = compare_games(range(args.seed, args.seed + args.games), picked.append, random.Random(args.seed))
    random.Random(args.seed).shuffle(picked)
    perfts = compare_perft(picked[:args.perft_positions], args.depth)
    solvers = compare_solvers(solver_endgames(range(args.seed, args.seed + args.solver_games)))
    report = {"mode": MODE, "games": games, "perft": perfts, "solver": solvers,
              "cpu_seconds": round(time.process_time() - start, 1)}
    print(json.dumps(report, indent=1))
    return 1 if games["disagreements"] or perfts["disagreements"] or solvers["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
