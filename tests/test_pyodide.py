"""The package as a browser's Pyodide runs it (the classroom site, ``python -m battleline site``):
no numba, no NumPy until it is fetched, and no threads (``Thread.start`` raises
``RuntimeError: can't start new thread``). Each test runs a fresh Python in which those imports
fail and no thread starts, and drives the widgets there by their messages."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

# What Pyodide lacks, made to fail in the child: the imports (as a missing package fails) and
# the start of any thread. asyncio's own loop starts none unless an executor is asked for.
PYODIDE_LIKE = """
import sys, threading
BLOCKED = {blocked!r}
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Missing())
def no_thread(self):
    raise RuntimeError("can't start new thread")
threading.Thread.start = no_thread
"""


def run_like_pyodide(code: str, blocked=("numpy", "numba"), timeout: float = 300) -> str:
    """Run ``code`` (after :data:`PLAY_A_TURN`) in a fresh Python without ``blocked`` imports
    or threads; its output."""
    env = {k: v for k, v in os.environ.items() if k != "BATTLELINE_KERNEL"}
    source = PYODIDE_LIKE.format(blocked=set(blocked)) + PLAY_A_TURN + textwrap.dedent(code)
    out = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, env=env, timeout=timeout)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    return out.stdout


# Plays the human's turn (a card, then a draw), then lets the kernel's loop run the bot's turn;
# records each view's "thinking" with the number of moves, to see the view say it first.
PLAY_A_TURN = """
import asyncio
def send(w, **msg):
    w._on_msg(None, msg)
    return w.view
async def settle(w, timeout=120):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while w.view["thinking"] or w.game.to_move != w.seat:
        assert loop.time() < deadline, "the bot never answered"
        await asyncio.sleep(0.01)
async def human_then_bot(w):
    await settle(w)                          # the bot's opening turn, if it moves first
    seen = []
    w.observe(lambda change: seen.append((change["new"].get("thinking"), len(w.game.moves))), names="view")
    start = len(w.game.moves)
    while w.game.to_move == w.seat and len(w.game.moves) < start + 2:
        send(w, type="move", move=w.view["legal"][0]["text"])
    await settle(w)
    assert w.view["message"] is None or w.view["message"]["kind"] != "error", w.view["message"]
    bot_moves = len(w.game.moves) - start - 2
    assert bot_moves >= 2, w.game.moves      # its card and its draw
    assert (True, start + 2) in seen, seen   # "thinking" shown before the bot played
    return bot_moves
"""


def test_the_widgets_lesson_puzzles_editor_and_bots_run_without_numpy_numba_or_threads():
    out = run_like_pyodide("""
        from battleline import AncientBattlesWidget, BattleLineWidget, LessonWidget, PositionEditor, PuzzleWidget
        from battleline.standard.puzzles import bundled, lesson

        first = lesson()[0]
        w = LessonWidget()
        assert send(w, type="move", move=first.answer["move"])["puzzle"]["status"] == "solved"

        w = PuzzleWidget()
        for number, puzzle in enumerate(bundled(), 1):      # each solution shown by the engine's solver
            v = send(w, type="puzzle_goto", number=number)
            while v["puzzle"]["status"] == "solving":
                v = send(w, type="puzzle_step")
            assert v["puzzle"]["status"] == "revealed", (puzzle.id, v["puzzle"]["feedback"])

        e = send(PositionEditor(), type="edit_place", card="R8", to="flag", flag=3, side="south")
        assert e["editor"]["message"] is None

        async def games():
            for level in ("easy", "medium", "hard"):
                w = BattleLineWidget(opponent=level, seed=3, first=1, background_bot=True)
                assert not w.view["study"]["analysis"]       # no review or hints offered without NumPy
                print(level, await human_then_bot(w))
            for level in ("medium", "hard"):
                a = AncientBattlesWidget(seed=1, opponent=level, background_bot=True)
                for _ in range(2):                                # the bot's deployment, then ours
                    while a.view["thinking"] or a.game.to_act != "south":
                        await asyncio.sleep(0.01)
                    if _ == 0:
                        a.play(str(a.game.legal_actions()[0]))
                assert not a.view["study"]["analysis"]
                print("ancient", level, type(a.battle.bot).__name__, a.view["phase"], a.view["log"][-1])
        asyncio.run(games())
        print("loaded:", sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED))
        """)
    assert "easy " in out and "medium " in out and "hard " in out, out
    assert "ancient medium HeuristicBot deploy You placed a card face down" in out, out
    assert "ancient hard SearchBot deploy You placed a card face down" in out, out
    assert "loaded: []" in out, out


@pytest.mark.slow    # the plain-Python kernels search for seconds
def test_with_numpy_hard_hints_and_the_review_run_on_the_plain_python_kernels_without_threads():
    out = run_like_pyodide("""
        from battleline import AncientBattlesWidget, BattleLineWidget, Game
        from battleline.compiled import MODE
        assert MODE == "python", MODE

        async def games():
            w = BattleLineWidget(Game(seed=8, first=1), opponent="hard", bot_seed=1, review_budget=16,
                                 background_bot=True)
            assert w.view["study"]["analysis"]
            print("hard", type(w.play_mode.bot).__name__, await human_then_bot(w))
            w.hint()
            while w.view["study"]["hint"] is None or w.view["study"]["hint"].get("move") is None:
                await asyncio.sleep(0.01)
            print("hint", w.view["study"]["hint"]["text"][:5])
            g = Game(seed=8, first=1)
            for _ in range(6):
                g.play(next(m for m in g.legal_moves() if m.kind != "claim"))
            w.load(g.record())
            send(w, type="replay_hands", open=True)
            send(w, type="review_start")
            while w.view["replay"]["review"]["state"] != "done":
                await asyncio.sleep(0.05)
            print("review", w.view["replay"]["review"]["done"])
        asyncio.run(games())
        """, blocked=("numba",), timeout=600)
    assert "hard PlannerBot" in out and "hint Hint:" in out and "review " in out, out


def test_without_threads_the_analysis_goes_item_by_item_and_the_solver_and_warm_up_need_no_thread():
    """The analysis runner hands the loop back between items (a cancel stops it there); the
    kernel's solver keeps its deadline by the clock; a background warm-up is left to the
    first use. NumPy is there (the kernels need it), numba is not unless installed."""
    out = run_like_pyodide("""
        from battleline.widgets.study import AnalysisRunner

        async def analysis():
            runner, seen, ended = AnalysisRunner(background=True), [], []
            runner.start(lambda: iter(range(5)), seen.append, ended.append)
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            first = list(seen)
            while not ended:
                await asyncio.sleep(0)
            stopped, cut = AnalysisRunner(background=True), []
            stopped.start(lambda: iter(range(100)), cut.append, cut.append)
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            stopped.cancel()
            for _ in range(20):
                await asyncio.sleep(0)
            print("analysis", first, seen, ended, len(cut) < 5)
        asyncio.run(analysis())

        from battleline.standard.kernel import solver
        from battleline.standard.puzzles import bundled
        heavy = next(p for p in bundled() if p.id == "win-who-gets-the-elephant").game()
        try:
            solver.solve(heavy, 20, seconds=0.2)
        except TimeoutError:
            print("solver stopped by the clock")

        from battleline.compiled import prepare, prepare_in_background, prepared, preparing
        prepare_in_background("no thread", lambda: print("warmed"))     # left to the first use
        print("warm-up", preparing("no thread"), prepared("no thread"), prepare("no thread", lambda: print("warmed")) >= 0)
        """, blocked=("numba",))
    assert "analysis [0] [0, 1, 2, 3, 4] [None] True" in out, out
    assert "solver stopped by the clock" in out, out
    assert "warm-up False False True" in out and out.count("warmed") == 1, out
