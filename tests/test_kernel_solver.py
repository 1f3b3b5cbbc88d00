"""The kernel's exact solver against the engine's: the same answers, lines and node counts.

The kernel runs compiled here when numba is installed; ``test_plain_python_mode`` runs a
comparison again in a process with ``BATTLELINE_KERNEL=python``.
"""

from __future__ import annotations

import threading
import time

import pytest

from battleline import Game
from battleline.standard import kernel, solver
from battleline.standard.kernel import solver as kernel_solver
from battleline.standard.kernel.check import compare_solvers, solver_endgames
from battleline.standard.puzzles import bundled
from battleline.standard.puzzles.session import PuzzleSession
from util import run_in_plain_python

WIN_PUZZLES = [p for p in bundled() if p.kind == "win"]
HEAVY_PUZZLES = ("win-who-gets-the-elephant",)     # about a second each: the slow tier solves them


def _same(a: solver.Solution, b: solver.Solution) -> bool:
    return (a.wins, a.turns_needed, [str(m) for m in a.line], a.nodes) == \
        (b.wins, b.turns_needed, [str(m) for m in b.line], b.nodes)


@pytest.mark.parametrize("puzzle", [pytest.param(p, marks=pytest.mark.slow) if p.id in HEAVY_PUZZLES else p
                                    for p in WIN_PUZZLES], ids=lambda p: p.id)
def test_every_bundled_puzzle_solves_the_same(puzzle):
    g = puzzle.game()
    before = g.position()
    turns = int(puzzle.answer["turns"])
    want, got = solver.solve(g, turns), kernel_solver.solve(g, turns)
    assert got.wins and _same(want, got)
    assert g.position() == before


@pytest.mark.parametrize("games", [range(1), pytest.param(range(1, 2), marks=pytest.mark.slow)], ids=["quick", "more"])
def test_endgames_of_random_games_solve_the_same(games):
    report = compare_solvers(solver_endgames(games), turns=(1, 2), max_nodes=3000)
    assert report["disagreements"] == 0, report["problems"]
    assert report["wins"] > 0 and report["searches"] > 10 * len(games)


@pytest.mark.slow
def test_endgames_of_many_random_games_solve_the_same():
    report = compare_solvers(solver_endgames(range(6, 16)), turns=(1, 2, 3), max_nodes=3000)
    assert report["disagreements"] == 0, report["problems"]
    assert report["wins"] > 10 and report["gave_up"] > 0


@pytest.mark.slow
def test_a_reused_search_answers_as_the_reference_reused():
    """The puzzle session asks one search again and again as the game goes on; the tables
    must then answer alike too."""
    for g in solver_endgames(range(2), every=13)[:8]:
        ref = solver.Search(g.to_move, None, 50_000)
        ker = kernel_solver.KernelSearch(g.to_move, None, 50_000)
        for turns in (1, 2, 1):
            want, got = ref.win(g, turns), ker.win(g, turns)
            assert (None if want is None else [str(m) for m in want]) == \
                (None if got is None else [str(m) for m in got])
            assert ref.nodes == ker.nodes
            moves = g.legal_moves()
            if moves:
                g.push(moves[len(moves) // 2])


def test_a_node_limit_gives_up_as_the_reference_does():
    g = next(p for p in WIN_PUZZLES if p.id == "win-who-gets-the-elephant").game()
    with pytest.raises(TimeoutError, match="gave up after 500 positions"):
        kernel_solver.solve(g, 3, max_nodes=500)
    with pytest.raises(TimeoutError, match="gave up after 500 positions"):
        solver.solve(g, 3, max_nodes=500)


def test_a_spent_deadline_stops_the_search():
    g = next(p for p in WIN_PUZZLES if p.id == "win-who-gets-the-elephant").game()
    search = kernel_solver.KernelSearch(g.to_move, time.perf_counter() - 1, None)
    with pytest.raises(TimeoutError, match="ran out of time"):
        search.win(g, 3)
    assert search.nodes == 1024          # stopped at the first look at the clock


def test_a_deadline_reached_during_the_search_stops_it():
    """The clock is watched from another thread: the compiled search must see its flag."""
    if kernel.compiled():
        kernel_solver.prepare_solver()
    with pytest.raises(TimeoutError, match="ran out of time"):
        kernel_solver.solve(Game(seed=3), 3, seconds=0.3)


@pytest.mark.parametrize("bad, why", [(0, "turns must be"), (True, "turns must be"), ("2", "turns must be")])
def test_bad_turns_are_refused(bad, why):
    with pytest.raises(ValueError, match=why):
        kernel_solver.solve(Game(seed=1), bad)


def test_bad_seconds_are_refused():
    with pytest.raises(ValueError, match="seconds must be"):
        kernel_solver.solve(Game(seed=1), 1, seconds=-1)


@pytest.mark.parametrize("request_", [
    dict(max_nodes=-5), dict(max_nodes=0), dict(max_nodes=10**30), dict(max_nodes=1.5), dict(max_nodes=True),
    dict(seconds=1e300), dict(seconds=float("nan")), dict(seconds=True), dict(seconds="1"),
    dict(game="x" * 5000), dict(game=None)], ids=lambda r: repr(r)[:40])
def test_both_solvers_refuse_the_same_requests_in_the_same_words(request_):
    """A negative node limit meant no limit in the kernel, 10**30 overflowed its counters and
    1e300 seconds crashed its timer thread: each is refused before any search, as by the reference."""
    request_ = dict(request_)
    game = request_.pop("game", Game(seed=3))
    words = []
    for solve in (solver.solve, kernel_solver.solve):
        with pytest.raises(ValueError) as e:
            solve(game, 2, **request_)
        words.append(str(e.value))
    assert words[0] == words[1] and len(words[0]) < 200


@pytest.mark.parametrize("max_nodes", [-5, 0, 10**30])
def test_both_searches_refuse_a_bad_node_limit(max_nodes):
    for search in (solver.Search, kernel_solver.KernelSearch):
        with pytest.raises(ValueError, match="max_nodes"):
            search(0, None, max_nodes)


def test_a_deadline_beyond_the_timer_is_no_limit(monkeypatch):
    """threading.Timer cannot wait 1e300 seconds: its thread failed with a traceback."""
    failures = []
    monkeypatch.setattr(threading, "excepthook", failures.append)
    g = next(p for p in WIN_PUZZLES if p.id == "win-breakthrough").game()
    search = kernel_solver.KernelSearch(g.to_move, time.perf_counter() + 1e300, None)
    assert [str(m) for m in search.win(g, 1)] == ["R10@3", "claim 3"]
    time.sleep(0.05)
    assert failures == []


def test_the_puzzle_steps_use_the_kernel_when_ready_and_say_the_same(monkeypatch):
    puzzle = next(p for p in WIN_PUZZLES if p.id == "win-dig-for-the-elephant")
    if kernel.compiled():
        kernel_solver.prepare_solver()
    used = []
    real = kernel_solver.solve
    monkeypatch.setattr(kernel_solver, "solve", lambda *a, **k: used.append(1) or real(*a, **k))
    on_kernel = PuzzleSession(puzzle)
    on_kernel.step()
    assert used == ([1] if kernel.compiled() else [])
    monkeypatch.setattr(kernel_solver, "solver_ready", lambda: False)
    on_engine = PuzzleSession(puzzle)
    on_engine.step()
    assert len(used) <= 1
    assert on_kernel.feedback == on_engine.feedback
    assert on_kernel.game.position() == on_engine.game.position()


PLAIN_CHECK = """
from battleline.standard.kernel import MODE
from battleline.standard.kernel.check import compare_solvers, solver_endgames
from battleline.standard.puzzles import bundled
assert MODE == "python", MODE
report = compare_solvers([p.game() for p in bundled() if p.kind == "win"][:6] + solver_endgames(range(2), every=11),
                         turns=(1, 2), max_nodes=1500)
assert report["disagreements"] == 0, report
print("plain python ok", report["searches"])
"""


@pytest.mark.slow
def test_plain_python_mode():
    assert "plain python ok" in run_in_plain_python(PLAIN_CHECK)
