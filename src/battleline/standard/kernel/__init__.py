"""Battle Line's search kernel: the rules again, as flat arrays, compiled for speed.

The readable engine (:class:`battleline.Game`) is the reference and the API; this kernel is
a second implementation of the same rules for the bots' searches, held to the engine the way
chess engines hold a move generator: :func:`perft` must count exactly what a plain recursion
over ``legal_moves``/``push``/``undo`` counts, and whole random games agree move by move.

A position is one ``int64`` array (:mod:`battleline.standard.kernel.layout` names its fields);
:func:`state_of` reads it off a :class:`~battleline.Game`. With numba installed the kernel is
compiled on first use and cached on disk; otherwise, or with ``BATTLELINE_KERNEL=python``, the
same functions run as plain Python (:mod:`battleline.compiled`).

>>> from battleline import Game
>>> g = Game(seed=14)
>>> perft(g, 2) == sum(len(_after(g, m).legal_moves()) for m in g.legal_moves())
True
>>> [str(m) for m in legal_moves(g)] == [str(m) for m in sorted(g.legal_moves(), key=encode_move)]
True
>>> random_games(4, seed=1)["games"]
4
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from ...compiled.checks import MAX_PERFT_DEPTH, MAX_PERFT_NODES, check_perft_request, perft_stopped
from ...compiled import MODE, Preparation, compiled
from ..encoding import ALL_MOVES, MOVE_COUNT, encode_move
from ...errors import shorten
from ..game import Game
from ...compiled.randomness import seed_stream
from ..moves import Move
from .layout import (
    ADVANCED, CLAIMED, CLOCK, DECK_LEN, FOG_FLAG, FOG_OWNER, HAND_TACTICS, HAND_TROOPS,
    IDLE_TURNS, LEADER_PLAYED, MAX_MOVES, MAX_SIDE, MUD_FLAG, MUD_OWNER, NOBODY, OVER, PHASE,
    PHASE_NAMES, PLACED_AT, REASON, REASON_NAMES, SCOUT_LEFT, SIDE_CARDS, SIDE_LEN, STATE_SIZE,
    TACTIC_DECK, TACTICS_PLAYED, TO_MOVE, TROOP_COUNT, TROOP_DECK, TROOPS_ALL, TURN_ACTIVE,
    VISIBLE, WINNER, DRAWN,
)
from .play import perft_count, random_games_run
from .rules import apply_move, legal_moves as _kernel_legal_moves

__all__ = ["MODE", "compiled", "state_of", "legal_moves", "perft", "random_games", "prepare_kernel",
           "kernel_ready", "kernel_preparing", "kernel_usable", "move_of", "seed_stream"]

_REASONS = {name: i for i, name in enumerate(REASON_NAMES) if name}


def _after(game: Game, move: Move) -> Game:
    g = game.copy()
    g.push(move)
    return g


def state_of(game: Game) -> np.ndarray:
    """The kernel's state array for ``game``'s position (the whole position: both hands and
    the decks; a bot passes a sampled world, never the real game).

    >>> s = state_of(Game(seed=3, first=1))
    >>> int(s[TO_MOVE]), int(s[DECK_LEN]), int(s[DECK_LEN + 1])
    (1, 46, 10)
    """
    if not isinstance(game, Game):
        raise ValueError(f"the kernel reads a Game's position, not {shorten(type(game).__name__)}")
    s = np.zeros(STATE_SIZE, dtype=np.int64)
    s[TO_MOVE] = game.to_move
    s[PHASE] = PHASE_NAMES.index(game.phase)
    s[SCOUT_LEFT] = game.scout_left
    s[TURN_ACTIVE] = int(game.turn_active)
    s[IDLE_TURNS] = game.idle_turns
    s[ADVANCED] = int(game.rules == "advanced")
    s[CLOCK] = game.clock
    s[VISIBLE] = game.visible & TROOPS_ALL
    outcome = game.outcome()
    s[WINNER] = NOBODY if outcome is None else (DRAWN if outcome.winner is None else outcome.winner)
    s[REASON] = 0 if outcome is None else _REASONS[outcome.reason]
    for p in (0, 1):
        for c in game.hands[p]:
            if c < TROOP_COUNT:
                s[HAND_TROOPS + p] |= 1 << c
            else:
                s[HAND_TACTICS + p] |= 1 << (c - TROOP_COUNT)
        s[TACTICS_PLAYED + p] = game.tactics_counts[p]
        s[LEADER_PLAYED + p] = int(game.leader_played[p])
        for f in range(1, 10):
            side = game.sides[p][f]
            s[SIDE_LEN + 10 * p + f] = len(side)
            for i, c in enumerate(side):
                s[SIDE_CARDS + MAX_SIDE * (10 * p + f) + i] = c
    s[FOG_FLAG], s[FOG_OWNER] = game.fog_flag, game.fog_owner
    s[MUD_FLAG], s[MUD_OWNER] = game.mud_flag, game.mud_owner
    for f in range(1, 10):
        s[CLAIMED + f] = game.claimed[f]
    for c in range(64):
        s[PLACED_AT + c] = game.placed_at[c]
    for d, base in ((0, TROOP_DECK), (1, TACTIC_DECK)):
        deck = game.decks[d]                     # top card last, as in the kernel
        s[DECK_LEN + d] = len(deck)
        for i, c in enumerate(deck):
            s[base + i] = c
    return s


def move_of(number: int) -> Move:
    """The :class:`Move` of a kernel move number (the numbers of :mod:`battleline.standard.encoding`).

    >>> str(move_of(MOVE_COUNT - 1))
    'end'
    """
    if isinstance(number, bool) or not isinstance(number, (int, np.integer)) or not 0 <= number < MOVE_COUNT:
        raise ValueError(f"a kernel move number is a whole number from 0 to {MOVE_COUNT - 1}, not {shorten(number)}")
    return ALL_MOVES[number]


def legal_moves(game: Game, claims: bool = True) -> list[Move]:
    """The kernel's legal moves for a game's position, in move-number order (``claims``:
    with the provable claims). It takes a game only: a state array made by hand could send
    the compiled kernel outside its arrays (the searches call :mod:`.rules` on their own)."""
    if not isinstance(claims, (bool, np.bool_)):
        raise ValueError(f"claims is True or False, not {shorten(claims)}")
    s = state_of(game)
    buffer = np.empty(MAX_MOVES, dtype=np.int64)
    n = _kernel_legal_moves(s, buffer, bool(claims))
    return [ALL_MOVES[int(m)] for m in sorted(buffer[:n])]


MAX_DEPTH = MAX_PERFT_DEPTH


def perft(game: Game, depth: int, *, max_nodes: int = MAX_PERFT_NODES) -> int:
    """How many move sequences of length ``depth`` start from ``game``'s position: moves as
    ``game.legal_moves()`` lists them (claims included), the decks in the order the game holds
    them. The game is left unchanged.

    ``max_nodes`` bounds the work: a ValueError once the walk has played that many moves
    (the last level's are counted without being played), since compiled code does not stop
    for Ctrl-C. The default, 50 million, is about 4 s of CPU compiled.

    >>> perft(Game(seed=1, first=0), 1)
    63
    >>> perft(Game(seed=1), 3, max_nodes=100)
    Traceback (most recent call last):
    ...
    ValueError: perft stopped after 100 positions (max_nodes): ask for less depth or more max_nodes
    """
    check_perft_request(depth, max_nodes)
    if not isinstance(game, Game):
        raise ValueError(f"perft counts from a Game, not {shorten(type(game).__name__)}")
    count = int(perft_count(state_of(game), depth, max_nodes))
    if count < 0:
        raise perft_stopped(max_nodes)
    return count


MAX_RANDOM_GAMES = 10_000_000


def random_games(n: int, seed: int, rules: str = "standard") -> dict:
    """Play ``n`` random games in the kernel by the rule of :func:`battleline.standard.random_games.random_game`
    (every provable flag claimed, then a random legal move; random draws) and say how they
    ended. ``rules`` is ``"standard"``, ``"advanced"`` or ``"both"`` (alternating, as the
    bench does). ``cpu_seconds`` is the CPU time they took.

    >>> r = random_games(10, seed=7)
    >>> r["games"], sum(r["ends"].values()), r["moves_mean"] > 20
    (10, 10, True)
    """
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_RANDOM_GAMES:
        raise ValueError(f"the number of games is a whole number from 1 to {MAX_RANDOM_GAMES:,}, "
                         f"not {n!r:.40}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed is a whole number, not {seed!r:.40}")
    if rules not in ("standard", "advanced", "both"):
        raise ValueError(f"rules is 'standard', 'advanced' or 'both', not {rules!r:.40}")
    results = np.zeros((n, 3), dtype=np.int64)
    start = time.process_time()
    random_games_run(n, seed_stream(seed), ("standard", "advanced", "both").index(rules), results)
    took = time.process_time() - start
    ends: dict[str, int] = {}
    wins = [0, 0, 0]
    for winner, reason, _ in results:
        ends[REASON_NAMES[reason]] = ends.get(REASON_NAMES[reason], 0) + 1
        wins[2 if winner == DRAWN else winner] += 1
    return {"games": n, "rules": rules, "ends": ends, "north": wins[0], "south": wins[1],
            "drawn": wins[2], "moves_mean": round(float(results[:, 2].mean()), 1),
            "cpu_seconds": round(took, 4), "mode": MODE}


KERNEL_NAME = "battleline.standard.kernel"


def _warm() -> None:
    from .policy import POLICY_CONTEST, POLICY_TACTICS, play_out, play_out_tactics
    from .search import FLAG_SHARE, search_paired, search_paired_value, search_paired_with
    from .value import FEATURE_COUNT
    g = Game(seed=1)
    play_out(state_of(g), 10)
    play_out_tactics(state_of(g), 10)
    perft_count(state_of(g), 2, MAX_PERFT_NODES)
    random_games_run(2, seed_stream(1), 2, np.zeros((2, 3), dtype=np.int64))
    template = state_of(g)
    moves = np.array([encode_move(m) for m in g.legal_moves()[:2]], dtype=np.int64)
    slots = np.zeros(TROOP_COUNT, dtype=np.bool_)
    search_paired(template, 0, 0, slots, slots[:10], moves, np.ones(2, dtype=np.bool_), len(moves), 1,
                  np.array([seed_stream(1)], dtype=np.int64), np.zeros(2), FLAG_SHARE,
                  np.zeros((2, 10), dtype=np.int64))
    search_paired_with(template, 0, 0, slots, slots[:10], moves, np.ones(2, dtype=np.bool_), len(moves), 1,
                       np.array([seed_stream(1)], dtype=np.int64), np.zeros(2), FLAG_SHARE,
                       np.zeros((2, 10), dtype=np.int64), POLICY_TACTICS | POLICY_CONTEST)
    search_paired_value(template, 0, 0, slots, slots[:10], moves, np.ones(2, dtype=np.bool_), len(moves), 1,
                        np.array([seed_stream(1)], dtype=np.int64), np.zeros(2), FLAG_SHARE,
                        np.zeros((2, 10), dtype=np.int64), 0, np.zeros(FEATURE_COUNT), 4)


_KERNEL = Preparation(KERNEL_NAME, _warm, Path(__file__).parent)


prepare_kernel, kernel_ready, kernel_preparing, kernel_usable = _KERNEL.public_functions()
