"""The exact solver again, on the kernel: the same AND-OR search as :mod:`battleline.standard.solver`.

:func:`solve` and :class:`KernelSearch` answer exactly what ``battleline.standard.solver.solve`` and
its ``Search`` answer (a forced win by the player to move within so many of his turns, the
same line, the same count of positions), about a hundred times faster when compiled. The
puzzles' "Show next step" and their judging of moves use it; the engine's solver stays the
reference, and a test compares the two on every bundled puzzle and on many endgames.

The search mirrors the reference step by step:

- the moves are tried in :func:`battleline.standard.solver.ordered_moves`'s order (claims first, then
  cards that complete or build a side, high values first, then Tactics; ties by move number);
- the transposition table is keyed by what the reference's key holds (whose move, the phase,
  the turn's state, the claims, Fog and Mud, each card on the table with the flag, side and time
  it was placed, both hands, the decks in order, the discard piles' lengths), hashed to two
  independent 62-bit numbers, one to find an entry and one to check it;
- each entry keeps the fewest turns it was won in, the most it was lost in, and the line found
  last, as the reference keeps them.

The arrays a search works in (``Frames``): ``states[ply]`` the position at each depth of the
recursion, ``moves[ply]`` its ordered moves, ``lines[ply]``/``line_lens[ply]`` the line found
from it, ``discards[ply]`` the discard piles' lengths (the kernel state does not hold the piles).
``counters`` holds the positions searched, the limit on them, and why the search stopped.

>>> from battleline import Game
>>> from battleline.standard.puzzles import bundled
>>> g = next(p for p in bundled() if p.id == "win-in-two").game()
>>> sol = solve(g, 2)
>>> sol.wins, [str(m) for m in sol.line]
(True, ['R10@3', 'end', 'G5@3', 'end', 'R9@3', 'claim 3'])
"""

from __future__ import annotations

import threading
import time

import numpy as np

from pathlib import Path

from ...compiled import MODE, Preparation, kernel_function
from ...threads import start_thread
from ..encoding import ALL_MOVES
from ..game import Game
from ..moves import Move
from ..solver import DEFAULT_SECONDS, Solution, check_max_nodes, check_request, deepen
from .layout import (
    CLAIM_BASE, CLAIMED, DECK_LEN, DESERTER_BASE, DRAW_TROOP, END_MOVE, FOG_FLAG, FOG_OWNER,
    HAND_TACTICS, HAND_TROOPS, IDLE_TURNS, MAX_MOVES, MAX_SIDE, MUD_FLAG, MUD_OWNER, OVER,
    PASS_MOVE, PHASE, PLACED_AT, REDEPLOY_BASE, REDEPLOY_DISCARD, SCOUT_LEFT,
    SCOUT_MOVE, SIDE_CARDS, SIDE_LEN, STATE_SIZE, TACTIC_DECK, TO_MOVE, TRAITOR_BASE,
    TROOP_COUNT, TROOP_DECK, TURN_ACTIVE, WINNER, MOVE_COUNT,
)
from .rules import apply_move, cards_needed, legal_moves

__all__ = ["KernelSearch", "solve", "prepare_solver", "solver_ready"]

# ------------------------------------------------------------------ results of a node
NO_WIN, WIN, STOPPED = 0, 1, 2
# ------------------------------------------------------------------ the counters
NODES, NODE_LIMIT, STOP_REASON, STOP_ASKED = range(4)
NOT_STOPPED, GAVE_UP, OUT_OF_TIME, TOO_DEEP, TABLE_FULL = range(5)
# ------------------------------------------------------------------ sizes
MAX_PLY = 240                 # plies in one line: far beyond any puzzle's turns
TABLE_LIMIT = 3_000_000       # transposition entries (about 0.5 GB with their lines)
BUDGET_CHECK = 1024           # positions between two looks at the stop flag, as the reference
# ------------------------------------------------------------------ the two hashes (31-bit primes)
HASH_PRIME_A, HASH_BASE_A = 2147483647, 1000003
HASH_PRIME_B, HASH_BASE_B = 2147483629, 999983
HASH_PRIME_C, HASH_BASE_C = 2147483587, 1000033
HASH_PRIME_D, HASH_BASE_D = 2147483579, 999979
# ------------------------------------------------------------------ the table's entries
CHECK, WON_AT, LOST_AT, LINE_START, LINE_LEN = range(5)
NEVER = -1                    # no turn count recorded


@kernel_function
def mix(h, base, prime, value):
    """One step of a polynomial hash modulo a 31-bit prime (no overflow in 64 bits)."""
    return (h * base + value) % prime


@kernel_function
def key_values(s, discards, out):
    """Write the reference key's contents into ``out`` in a fixed order; returns how many."""
    n = 0
    for field in (TO_MOVE, PHASE, SCOUT_LEFT, TURN_ACTIVE, IDLE_TURNS, FOG_FLAG, FOG_OWNER,
                  MUD_FLAG, MUD_OWNER):
        out[n] = s[field]
        n += 1
    for f in range(1, 10):
        out[n] = s[CLAIMED + f]
        n += 1
    # Each formation card on the table: where (flag and side) and when it was placed.
    where = np.zeros(64, dtype=np.int64)
    for p in range(2):
        for f in range(1, 10):
            for i in range(s[SIDE_LEN + 10 * p + f]):
                where[s[SIDE_CARDS + MAX_SIDE * (10 * p + f) + i]] = 2 * f + p + 1
    for c in range(64):
        out[n] = where[c]
        out[n + 1] = s[PLACED_AT + c] if where[c] else 0
        n += 2
    for p in range(2):
        out[n] = s[HAND_TROOPS + p]
        out[n + 1] = s[HAND_TACTICS + p]
        out[n + 2] = discards[p]
        n += 3
    for d, base in ((0, TROOP_DECK), (1, TACTIC_DECK)):
        out[n] = s[DECK_LEN + d]
        n += 1
        for i in range(s[DECK_LEN + d]):
            out[n] = s[base + i]
            n += 1
    return n


@kernel_function
def key_hashes(s, discards, scratch):
    """The position's two keys: one finds its table entry, the other checks it (62 bits each)."""
    n = key_values(s, discards, scratch)
    a = b = c = d = 0
    for i in range(n):
        v = scratch[i] + 2          # small negatives (-1 for nobody) become positive
        low = v & 0x3FFFFFFF
        high = v >> 30
        a = mix(mix(a, HASH_BASE_A, HASH_PRIME_A, low), HASH_BASE_A, HASH_PRIME_A, high)
        b = mix(mix(b, HASH_BASE_B, HASH_PRIME_B, low), HASH_BASE_B, HASH_PRIME_B, high)
        c = mix(mix(c, HASH_BASE_C, HASH_PRIME_C, low), HASH_BASE_C, HASH_PRIME_C, high)
        d = mix(mix(d, HASH_BASE_D, HASH_PRIME_D, low), HASH_BASE_D, HASH_PRIME_D, high)
    return (a << 31) | b, (c << 31) | d


@kernel_function
def move_rank(s, move):
    """The reference ordering's rank of a move (smaller first), ties broken by move number."""
    player = s[TO_MOVE]
    if CLAIM_BASE <= move < DRAW_TROOP:
        first, second = 0, 0
    elif move < SCOUT_MOVE:
        card, flag = move // 9, move % 9 + 1
        completes = s[SIDE_LEN + 10 * player + flag] + 1 >= cards_needed(s, flag)
        value = card % 10 + 1 if card < TROOP_COUNT else 5
        first, second = (1 if completes else 2), -value
    elif move == END_MOVE or DRAW_TROOP <= move < PASS_MOVE:
        first, second = 1, 0            # draws, Scout's returns, the end of a turn
    else:
        first, second = 3, 0            # Scout, Redeploy, Deserter, Traitor, a pass
    return (first * 32 + second + 16) * MOVE_COUNT + move


@kernel_function
def ordered_moves(s, out):
    """The legal moves (claims included) in the reference solver's order; returns how many."""
    n = legal_moves(s, out, True)
    ranks = np.empty(n, dtype=np.int64)
    for i in range(n):
        ranks[i] = move_rank(s, out[i])
    order = np.argsort(ranks)
    moves = out[:n].copy()
    for i in range(n):
        out[i] = moves[order[i]]
    return n


@kernel_function
def discards_after(s, move, before, after):
    """The discard piles' lengths after ``move`` (its player is still ``s[TO_MOVE]``): each
    Guile card goes to its player's pile, with a card Redeployed off the table, and a card
    taken by a Deserter goes to its owner's pile."""
    player = s[TO_MOVE]
    after[0] = before[0]
    after[1] = before[1]
    if SCOUT_MOVE <= move < CLAIM_BASE:
        after[player] += 1
        if REDEPLOY_BASE <= move < DESERTER_BASE and (move - REDEPLOY_BASE) % 10 == REDEPLOY_DISCARD:
            after[player] += 1
        elif DESERTER_BASE <= move < TRAITOR_BASE:
            after[1 - player] += 1


@kernel_function
def look_up(table, h, check):
    """The table slot of a position: (its entry key, found). Keys that collide on ``h`` but not
    on ``check`` take the next free number."""
    while h in table:
        if table[h][CHECK] == check:
            return h, True
        h += 1
    return h, False


@kernel_function
def copy_line(lines, line_lens, ply, move, source):
    """lines[ply] becomes ``move`` followed by lines[source]."""
    lines[ply, 0] = move
    for i in range(line_lens[source]):
        lines[ply, i + 1] = lines[source, i]
    line_lens[ply] = line_lens[source] + 1


@kernel_function
def count_node(counters, stop_flag):
    """The reference's budget check; True when the search must stop."""
    counters[NODES] += 1
    if counters[NODE_LIMIT] >= 0 and counters[NODES] > counters[NODE_LIMIT]:
        counters[STOP_REASON] = GAVE_UP
        return True
    if counters[NODES] % BUDGET_CHECK == 0 and stop_flag[0]:
        counters[STOP_REASON] = OUT_OF_TIME
        return True
    return False


# ------------------------------------------------------------------ a frame of the search
# numba cannot cache recursive functions (a process that loads them crashes), so the search
# keeps its own stack: frames[ply] holds what the recursion would keep in locals.
TURNS, ATTACKING, SLOT, FOUND, F_WON_AT, F_LOST_AT, F_LINE_START, F_LINE_LEN, F_CHECK, LONGEST, \
    CURSOR, COUNT = range(12)
FRAME_FIELDS = 12
PENDING = 3                   # a node whose moves are being tried
GO_ON = 4                     # a child's answer did not decide its parent


@kernel_function
def enter(ply, turns, attacker, states, moves, lines, line_lens, discards, frames, table, pool,
          counters, stop_flag, scratch):
    """Open the node states[ply]: answered at once (WIN, NO_WIN, STOPPED) when the game is
    over, the attacker's turns are spent or the table knows it; else PENDING, with its frame
    and its ordered moves set up."""
    s = states[ply]
    if s[PHASE] == OVER:
        line_lens[ply] = 0
        return WIN if s[WINNER] == attacker else NO_WIN
    attacking = s[TO_MOVE] == attacker
    if attacking and turns <= 0:
        return NO_WIN
    if count_node(counters, stop_flag):
        return STOPPED
    if ply + 1 >= MAX_PLY:
        counters[STOP_REASON] = TOO_DEEP
        return STOPPED
    h, check = key_hashes(s, discards[ply], scratch)
    slot, found = look_up(table, h, check)
    won_at, lost_at, start, length = NEVER, NEVER, 0, 0
    if found:
        entry = table[slot]
        won_at, lost_at, start, length = entry[WON_AT], entry[LOST_AT], entry[LINE_START], entry[LINE_LEN]
        if won_at != NEVER and won_at <= turns:
            for i in range(length):
                lines[ply, i] = pool[start + i]
            line_lens[ply] = length
            return WIN
        if lost_at != NEVER and lost_at >= turns:
            return NO_WIN
    frame = frames[ply]
    frame[TURNS] = turns
    frame[ATTACKING] = attacking
    frame[SLOT] = slot
    frame[FOUND] = found
    frame[F_WON_AT] = won_at
    frame[F_LOST_AT] = lost_at
    frame[F_LINE_START] = start
    frame[F_LINE_LEN] = length
    frame[F_CHECK] = check
    frame[LONGEST] = -1
    frame[CURSOR] = 0
    frame[COUNT] = ordered_moves(s, moves[ply])
    return PENDING


@kernel_function
def close(ply, result, line_lens, frames, table, pool, lines, counters):
    """Record the answer of node ``ply`` in the table, as the reference does; returns it (or
    STOPPED when the table is full)."""
    frame = frames[ply]
    if not frame[FOUND] and len(table) >= TABLE_LIMIT:
        counters[STOP_REASON] = TABLE_FULL
        return STOPPED
    won_at, lost_at = frame[F_WON_AT], frame[F_LOST_AT]
    start, length = frame[F_LINE_START], frame[F_LINE_LEN]
    turns = frame[TURNS]
    if result == NO_WIN:
        lost_at = turns if lost_at == NEVER else max(lost_at, turns)
    else:
        won_at = turns if won_at == NEVER else min(won_at, turns)
        start, length = len(pool), line_lens[ply]
        for i in range(length):
            pool.append(lines[ply, i])
    table[frame[SLOT]] = (frame[F_CHECK], won_at, lost_at, start, length)
    return result


@kernel_function
def absorb(ply, move, result, frames, lines, line_lens):
    """Node ``ply`` learns its child's answer after ``move``: the attacker wins with one
    winning move; the defender loses only if every move loses (its line the longest)."""
    frame = frames[ply]
    if frame[ATTACKING]:
        if result == WIN:
            copy_line(lines, line_lens, ply, move, ply + 1)
            return WIN
        return GO_ON
    if result == NO_WIN:
        return NO_WIN                    # a defence that holds
    if line_lens[ply + 1] + 1 > frame[LONGEST]:
        copy_line(lines, line_lens, ply, move, ply + 1)
        frame[LONGEST] = line_lens[ply]
    return GO_ON


@kernel_function
def search(turns, attacker, states, moves, lines, line_lens, discards, frames, table, pool,
           counters, stop_flag, scratch):
    """Whether the attacker forces a win within ``turns`` of his turns from states[0]: WIN
    (the line in lines[0]), NO_WIN, or STOPPED. A depth-first AND-OR search on an explicit
    stack of frames."""
    result = enter(0, turns, attacker, states, moves, lines, line_lens, discards, frames, table,
                   pool, counters, stop_flag, scratch)
    if result != PENDING:
        return result
    ply = 0
    while True:
        frame = frames[ply]
        if frame[CURSOR] < frame[COUNT]:
            move = moves[ply, frame[CURSOR]]
            frame[CURSOR] += 1
            s = states[ply]
            child = states[ply + 1]
            child[:] = s
            discards_after(s, move, discards[ply], discards[ply + 1])
            apply_move(child, move)
            left = frame[TURNS]
            if frame[ATTACKING] and child[TO_MOVE] != s[TO_MOVE] and child[PHASE] != OVER:
                left -= 1
            result = enter(ply + 1, left, attacker, states, moves, lines, line_lens, discards,
                           frames, table, pool, counters, stop_flag, scratch)
            if result == STOPPED:
                return STOPPED
            if result == PENDING:
                ply += 1
                continue
            # The child answered ``result`` after ``move``: what it tells node ``ply``.
            verdict = absorb(ply, move, result, frames, lines, line_lens)
        else:
            # Every move tried: the attacker found no win, or the defender no escape.
            verdict = NO_WIN if frame[ATTACKING] or frame[LONGEST] < 0 else WIN
        # Close each node its verdict decides, handing the answer up to the parent.
        while verdict != GO_ON:
            result = close(ply, verdict, line_lens, frames, table, pool, lines, counters)
            if result == STOPPED or ply == 0:
                return result
            ply -= 1
            move = moves[ply, frames[ply, CURSOR] - 1]
            verdict = absorb(ply, move, result, frames, lines, line_lens)


class DeadlineFlag:
    """The search's stop flag where no timer thread can set it (a browser's Pyodide): reads
    as 1 once ``deadline`` (``time.perf_counter()``) is past. Only the plain-Python search can
    use it (compiled code takes an array).

    >>> DeadlineFlag(0.0)[0], DeadlineFlag(time.perf_counter() + 60)[0]
    (1, 0)
    """

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline

    def __getitem__(self, index: int) -> int:
        return int(time.perf_counter() > self.deadline)


def _new_table():
    """An empty transposition table: a numba typed dict when compiled, else a plain dict."""
    if MODE != "numba":
        return {}, []
    from numba import types
    from numba.typed import Dict, List
    return (Dict.empty(key_type=types.int64, value_type=types.UniTuple(types.int64, 5)),
            List.empty_list(types.int64))


def discard_lengths(game: Game) -> np.ndarray:
    """The two discard piles' lengths (the one part of the solver's key the state lacks)."""
    return np.array([len(game.discard_piles[0]), len(game.discard_piles[1])], dtype=np.int64)


class KernelSearch:
    """The reference ``Search`` on the kernel: a forced-win search for ``attacker`` with its
    transposition table, bounded by ``deadline`` (``time.perf_counter()``) and ``max_nodes``;
    :meth:`win` raises ``TimeoutError`` past them, as the reference does.

    >>> from battleline.standard.puzzles import bundled
    >>> g = next(p for p in bundled() if p.id == "win-breakthrough").game()
    >>> [str(m) for m in KernelSearch(g.to_move, None, None).win(g, 1)]
    ['R10@3', 'claim 3']
    """

    def __init__(self, attacker: int, deadline: float | None, max_nodes: int | None):
        check_max_nodes(max_nodes)       # as the reference: a negative limit would mean none here
        self.attacker = attacker
        self.deadline = deadline
        self.table, self.pool = _new_table()
        self.counters = np.zeros(4, dtype=np.int64)
        self.counters[NODE_LIMIT] = -1 if max_nodes is None else max_nodes
        self.max_nodes = max_nodes
        self.states = np.zeros((MAX_PLY + 1, STATE_SIZE), dtype=np.int64)
        self.moves = np.zeros((MAX_PLY + 1, MAX_MOVES), dtype=np.int64)
        self.lines = np.zeros((MAX_PLY + 1, MAX_PLY + 1), dtype=np.int64)
        self.line_lens = np.zeros(MAX_PLY + 1, dtype=np.int64)
        self.discards = np.zeros((MAX_PLY + 1, 2), dtype=np.int64)
        self.frames = np.zeros((MAX_PLY + 1, FRAME_FIELDS), dtype=np.int64)
        self.scratch = np.zeros(512, dtype=np.int64)

    @property
    def nodes(self) -> int:
        """Positions searched so far (counted as the reference counts them)."""
        return int(self.counters[NODES])

    def win(self, game: Game, turns: int) -> list[Move] | None:
        """A winning line for the attacker within ``turns`` of his turns from ``game``'s
        position (counting the one in progress when it is his move), or None. The game is
        not changed."""
        from . import state_of
        self.states[0] = state_of(game)
        self.discards[0] = discard_lengths(game)
        stop_flag = np.zeros(1, dtype=np.int64)
        timer = None
        if self.deadline is not None:
            left = self.deadline - time.perf_counter()
            if left <= 0:
                stop_flag[0] = 1
            elif left < threading.TIMEOUT_MAX:      # a later deadline is never reached: no timer
                timer = threading.Timer(left, stop_flag.fill, args=(1,))
                timer.daemon = True
                if not start_thread(timer):
                    timer = None
                    if MODE == "python":   # no threads (Pyodide): the plain-Python search reads the clock
                        stop_flag = DeadlineFlag(self.deadline)
        try:
            result = search(turns, self.attacker, self.states, self.moves, self.lines,
                            self.line_lens, self.discards, self.frames, self.table, self.pool,
                            self.counters, stop_flag, self.scratch)
        finally:
            if timer is not None:
                timer.cancel()
        if result == STOPPED:
            raise TimeoutError(self._why_stopped())
        if result == NO_WIN:
            return None
        return [ALL_MOVES[int(m)] for m in self.lines[0, :self.line_lens[0]]]

    def _why_stopped(self) -> str:
        reason = self.counters[STOP_REASON]
        self.counters[STOP_REASON] = NOT_STOPPED
        if reason == GAVE_UP:
            return f"the solver gave up after {self.max_nodes} positions"
        if reason == TABLE_FULL:
            return f"the solver gave up after {TABLE_LIMIT:,} positions in its table"
        if reason == TOO_DEEP:
            return f"the solver gave up on a line of over {MAX_PLY} moves"
        return "the solver ran out of time"


def solve(game: Game, turns: int, *, seconds: float | None = DEFAULT_SECONDS,
          max_nodes: int | None = None) -> Solution:
    """:func:`battleline.standard.solver.solve` on the kernel: the same answer, the same line, the same
    count of positions. ``seconds`` and ``max_nodes`` bound the work (``TimeoutError`` past
    them). The game is left as it was.

    >>> from battleline.standard.puzzles import bundled
    >>> solve(next(p for p in bundled() if p.id == "win-envelopment").game(), 1).describe()
    'forced win in 1 turn: G10@9 claim 9'
    """
    start = check_request(game, turns, seconds, max_nodes)
    search = KernelSearch(game.to_move, None if seconds is None else start + seconds, max_nodes)
    return deepen(search, game, turns, start)


# ------------------------------------------------------------------ its own compile
SOLVER_NAME = "battleline.standard.kernel.solver"


def _warm_solver() -> None:
    g = Game(seed=1)
    try:
        KernelSearch(g.to_move, None, 200).win(g, 1)
    except TimeoutError:
        pass


_SOLVER = Preparation(SOLVER_NAME, _warm_solver, Path(__file__).parent)


def prepare_solver(background: bool = False) -> float:
    """Compile (or load) the kernel's exact solver (this module), apart
    from the bots' functions: only the puzzles use it. Returns the seconds it took, 0 when
    already done; with ``background`` it starts in a thread and returns 0 at once.

    >>> prepare_solver() >= 0 and solver_ready()
    True
    """
    return _SOLVER.prepare(background)


def solver_ready() -> bool:
    """Whether the kernel's solver is compiled (or loaded) in this process."""
    return _SOLVER.ready()
