"""Replay, review and hints, for both games' widgets: the game-neutral machinery.

- :class:`AnalysisRunner`: runs the analysis (a review's stream of decisions, a hint) in a
  worker thread, as the bot thinks, and hands each result to the widget in the kernel's
  thread; :meth:`AnalysisRunner.cancel` stops a review after the decision being judged.
- :class:`ReviewProgress`: the decisions judged so far, worded for the view (the move
  list's marks, the win-chance graph, the comment on the move on screen).
- :class:`Cursor`: the move on screen in a replay, and the move keys.
- :class:`HintDesk`: the hint asked for on the live game's position, found in the background
  and kept until that position changes.
- :func:`study_words`: the panel's words (``study.*``) for the front end.

Each game's adapter (:mod:`.standard.study`, :mod:`.ancient.study`) rebuilds the position
of a replay from the game's record (never from a live game's hidden state) and draws it
with the view builder of the live game.

>>> runner = AnalysisRunner(background=False)
>>> seen = []
>>> runner.start(lambda: iter([1, 2, 3]), seen.append, lambda error: seen.append(error))
>>> seen, runner.running
([1, 2, 3, None], False)
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import threading
from typing import Any, Callable, Iterable, Iterator

from .. import texts
from ..errors import shorten
from ..threads import start_thread
from .kernel import kernel_loop

__all__ = ["AnalysisRunner", "ReviewProgress", "Cursor", "HintDesk", "study_words", "analysis_module", "MARK_LABELS",
           "percent", "decision_view", "hint_line", "hints_note", "analysis_ready", "search_preparing"]

#: The labels of a decision that a mark (?!, ?, ??) goes with, worst last.
MARK_LABELS = ("inaccuracy", "mistake", "blunder")
#: The words the front end shows in the panel (sent in the view: every word is Python's).
PANEL_KEYS = ("replay", "review", "hint", "first", "previous", "next", "last", "back", "move_list",
              "open_hands", "hand_open", "view_as", "keys", "stop", "save_load", "record", "show_record",
              "record_later", "download", "copy", "copied", "paste", "load")


def study_words(say: Callable[..., str]) -> dict[str, str]:
    """The panel's words, by short key, in the language ``say`` speaks.

    >>> study_words(lambda key, **kw: key)["first"]
    'study.first'
    """
    return {key: say(f"study.{key}") for key in PANEL_KEYS}


def percent(chance: float | None) -> int | None:
    """A win chance (0 to 1) as a whole percentage.

    >>> percent(0.456), percent(None)
    (46, None)
    """
    return None if chance is None else int(round(float(chance) * 100))


GAMES = ("standard", "ancient")


def analysis_ready(game: str, analyst: Any = None) -> bool:
    """Whether a review and hints can be offered: an analysis of the widget's own, or one of
    the two games' (``battleline.<game>.reviewing``).

    >>> analysis_ready("standard"), analysis_ready("nonesuch", analyst=object()), analysis_ready("nonesuch")
    (True, True, False)
    """
    return analyst is not None or (game in GAMES and numpy_available())


_numpy_found: list[bool] = []     # [True] once NumPy is found


def numpy_available() -> bool:
    """Whether NumPy can be imported: the analysis searches on the kernels, which need it (a
    browser's Pyodide has it only once fetched, ``%pip install numpy``, so the review and
    hints are offered from then on: only a yes is kept).

    >>> numpy_available()
    True
    """
    if not _numpy_found:
        try:
            found = importlib.util.find_spec("numpy") is not None
        except (ImportError, ValueError):
            found = False
        if found:
            _numpy_found.append(True)
    return bool(_numpy_found)



def analysis_module(game: str):
    """The analysis API of ``game`` (``"standard"`` or ``"ancient"``): the module with
    ``iter_review`` and ``hint``, loaded when first asked for (it loads the search kernel)."""
    if game not in GAMES:
        raise ValueError(f"the games are {' and '.join(GAMES)}, not {game!r}")
    return importlib.import_module(f"battleline.{game}.reviewing")


def close_items(items: Iterator | None) -> None:
    """Close a generator of work items (an analysis cancelled, or failed, stops there); other
    iterators have nothing to close.

    >>> def work():
    ...     try:
    ...         yield 1
    ...     finally:
    ...         print("stopped")
    >>> items = work(); next(items)
    1
    >>> close_items(items); close_items(iter([1])); close_items(None)
    stopped
    """
    close = getattr(items, "close", None)
    if callable(close):
        close()


class AnalysisRunner:
    """Runs analysis work in the background of a Jupyter kernel: ``work()`` gives an
    iterator (a review's generator, or one hint), iterated in a worker thread; each item
    goes to ``deliver`` and the end to ``done(error or None)``, both in the kernel's thread
    (its event loop). :meth:`cancel` stops the iteration after the item being computed and
    closes the generator (the analysis API stops there); results of a cancelled run are
    dropped. Outside a kernel (scripts, tests, ``background=False``) the work runs at once.
    """

    def __init__(self, background: bool) -> None:
        self.background = background
        self.generation = 0
        self.running = False
        self.thread: threading.Thread | None = None
        self.stop_flag: threading.Event | None = None

    def start(self, work: Callable[[], Iterable], deliver: Callable[[Any], None],
              done: Callable[[Exception | None], None]) -> None:
        """Run ``work`` (cancelling a run still going)."""
        self.cancel()
        self.running = True
        loop = kernel_loop() if self.background else None
        if loop is None:
            self.run_now(work, deliver, done)
            return
        generation = self.generation
        stop = self.stop_flag = threading.Event()

        def hand(callback: Callable, *args) -> None:
            # to the kernel's thread; dropped if the run was cancelled meanwhile
            def run() -> None:
                if generation == self.generation:
                    callback(*args)
            loop.call_soon_threadsafe(run)

        def worker() -> None:
            error = None
            items: Iterator | None = None
            try:
                items = iter(work())
                for item in items:
                    if stop.is_set():
                        break
                    hand(deliver, item)
                    if stop.is_set():
                        break
            except Exception as e:  # noqa: BLE001 (shown in the view, never a traceback)
                error = e
            finally:
                close_items(items)
            hand(self.finish, done, error)

        self.thread = threading.Thread(target=worker, name="battleline-analysis", daemon=True)
        if not start_thread(self.thread):
            # no threads here (a browser's Pyodide): one item at a time on the kernel's loop,
            # so that the view shows each before the next is worked out
            self.thread = None
            loop.create_task(self.run_stepwise(work, deliver, done, generation))

    async def run_stepwise(self, work: Callable[[], Iterable], deliver: Callable[[Any], None],
                           done: Callable[[Exception | None], None], generation: int) -> None:
        """The work in the kernel's thread where no worker thread can start, handing the
        loop back between items (a cancelled run stops there, its results dropped)."""
        error = None
        items: Iterator | None = None
        try:
            await asyncio.sleep(0)        # the view says "working" first
            items = iter(work())
            for item in items:
                if generation != self.generation:
                    break
                deliver(item)
                await asyncio.sleep(0)
                if generation != self.generation:
                    break
        except Exception as e:  # noqa: BLE001 (shown in the view, never a traceback)
            error = e
        finally:
            close_items(items)
        if generation == self.generation:
            self.finish(done, error)

    def run_now(self, work: Callable[[], Iterable], deliver: Callable[[Any], None],
                done: Callable[[Exception | None], None]) -> None:
        error = None
        try:
            for item in work():
                deliver(item)
        except Exception as e:  # noqa: BLE001
            error = e
        self.finish(done, error)

    def finish(self, done: Callable[[Exception | None], None], error: Exception | None) -> None:
        self.running = False
        done(error)

    def cancel(self) -> None:
        """Stop the run going (its later results are ignored)."""
        self.generation += 1
        if self.stop_flag is not None:
            self.stop_flag.set()
        self.stop_flag = None
        self.running = False


class HintDesk:
    """A widget's hint: asked for on one position of the live game (the game object and its
    moves so far), found in the background by the game's analysis, and standing until that
    position changes; then it is dropped and its analysis, if still running, cancelled (its
    answer ignored). ``refresh`` redraws the widget when the hint arrives or fails;
    ``arrived`` is called once for each hint shown (the widget counts those: a hint dropped
    on its way, or that failed, is not counted).

    >>> desk = HintDesk(AnalysisRunner(background=False), refresh=lambda: None)
    >>> game = object()
    >>> desk.ask(game, ("a", "b"), lambda: "R10@3"), desk.ask(game, ("a", "b"), lambda: "R10@3")
    (True, False)
    >>> desk.standing(game, ("a", "b"), over=False), desk.standing(game, ("a", "c"), over=False)
    (True, False)
    >>> desk.current(game, ("a", "b"), over=False) is None      # dropped with its position
    True
    """

    def __init__(self, runner: AnalysisRunner, refresh: Callable[[], None],
                 arrived: Callable[[], None] = lambda: None) -> None:
        self.runner = runner
        self.refresh = refresh
        self.arrived = arrived
        self.asked: dict | None = None   # {"game", "at", "decision" (None while looking), "error"}

    def ask(self, game: Any, at: Any, find: Callable[[], Any]) -> bool:
        """Look for the hint of ``game`` at the position ``at`` (its moves so far): ``find()``
        (run in the background) gives the decision. One hint a position: while it stands,
        asking again does nothing and gives False."""
        if self.standing(game, at, over=False):
            return False
        self.asked = {"game": game, "at": at, "decision": None, "error": None}
        self.runner.start(lambda: [find()], self.found, self.done)
        return True

    def current(self, game: Any, at: Any, over: bool) -> dict | None:
        """The hint asked for on this very position; once the position has changed it is
        dropped (None), and its analysis cancelled."""
        h = self.asked
        if h is not None and h["game"] is game and h["at"] == at and not over:
            return h
        if h is not None:
            self.forget()
        return None

    def standing(self, game: Any, at: Any, over: bool) -> bool:
        """Whether the position has its hint (shown, or on its way)."""
        h = self.current(game, at, over)
        return h is not None and h["error"] is None

    def found(self, decision: Any) -> None:
        if self.asked is not None:
            self.asked["decision"] = decision
            self.refresh()

    def done(self, error: Exception | None) -> None:
        if error is not None and self.asked is not None:
            self.asked["error"] = f"{type(error).__name__}: {shorten(str(error))}"
        self.refresh()

    def forget(self) -> None:
        """Drop the hint (its position is gone) and cancel its analysis if still running."""
        if self.asked is not None and self.asked["decision"] is None and self.asked["error"] is None:
            self.runner.cancel()
        self.asked = None

    def view(self, hint: dict, say: Callable[..., str], show: Callable[[Any], dict],
             preparing: Callable[[], bool] = lambda: False) -> dict:
        """The hint for the view: the wait (``preparing()``: whether the search kernel is still
        being compiled, asked only while waiting), why it failed, or ``show(decision)`` (its
        words and what it lights). An answer ``show`` cannot word is shown as the hint's
        failure: a refresh never raises."""
        if hint["decision"] is not None and hint["error"] is None:
            try:
                shown = {"pending": False, **show(hint["decision"])}
                if not hint.get("counted"):
                    hint["counted"] = True
                    self.arrived()
                return shown
            except Exception as e:  # noqa: BLE001 (the analysis' answer, shown as an error)
                hint["error"] = f"{type(e).__name__}: {shorten(str(e))}"
        return self.waiting_view(hint, say, hint["error"] is None and preparing())

    @staticmethod
    def waiting_view(hint: dict, say: Callable[..., str], preparing: bool = False) -> dict:
        """The view while the hint is looked for (``preparing``: while the search kernel is
        still being compiled, which comes first), or of why it could not be found.

        >>> say = lambda key, **kw: texts.say("en", key, **kw)
        >>> HintDesk.waiting_view({"error": None}, say, preparing=True)["text"]
        'Preparing the search (about a minute)…'
        """
        error = hint["error"]
        waiting = say("study.hint_preparing") if preparing else say("study.hint_wait")
        return {"pending": error is None, "text": say("study.hint_failed", text=error) if error else waiting}


def search_preparing(analyst: Any) -> bool:
    """Whether the analysis ``analyst`` (a game's ``reviewing`` module) still has to prepare
    its search kernel before a hint can be searched (its ``search_ready()``; an analysis
    without one has nothing to prepare).

    >>> from types import SimpleNamespace
    >>> search_preparing(SimpleNamespace(search_ready=lambda: False)), search_preparing(object())
    (True, False)
    """
    ready = getattr(analyst, "search_ready", None)
    return callable(ready) and not ready()


class Cursor:
    """The position on screen in a replay: ``index`` moves played, of ``total``.

    >>> c = Cursor(5); c.go(2); c.index
    2
    >>> c.go(9)
    Traceback (most recent call last):
    ...
    ValueError: a replay's move index is 0 to 5, not 9
    """

    def __init__(self, total: int, index: int | None = None) -> None:
        self.total = total
        self.index = total if index is None else index

    def go(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= self.total:
            raise ValueError(f"a replay's move index is 0 to {self.total}, not {shorten(index)}")
        self.index = index

    def step(self, by: int) -> None:
        """``by`` moves on (back when negative), stopping at the first and the last: steps
        sent quickly, before the view came back, each count.

        >>> c = Cursor(5, index=4); c.step(1); c.step(1); c.index
        5
        """
        self.index = min(max(self.index + by, 0), self.total)

    def view(self, say: Callable[..., str]) -> dict:
        """Where the replay stands, for the view."""
        i, n = self.index, self.total
        return {"index": i, "total": n,
                "where": say("study.at_start") if i == 0 else say("study.at_move", i=i, n=n)}


class ReviewProgress:
    """A review as it streams in: the decisions judged so far (by move index), whether it
    runs, and how it ended. ``total`` is how many decisions it judges (the moves of the
    reviewed seat), ``seat`` the side whose win chance the graph shows (``side`` turns a
    decision's seat into the form of ``seat``).

    >>> from types import SimpleNamespace as D
    >>> p = ReviewProgress(total=2, seat=1)
    >>> p.add(D(index=3, seat=1, mark="?", label="mistake", chance_played=0.4, chance_best=0.6))
    >>> p.marks(), p.points()
    ({3: '?'}, [{'index': 3, 'chance': 40, 'mark': '?'}])
    """

    def __init__(self, total: int, seat: Any, side: Callable[[Any], Any] = lambda s: s) -> None:
        self.total = total
        self.seat = seat
        self.side = side                # a decision's seat in the form of ``seat``
        self.decisions: dict[int, Any] = {}
        self.state = "running"          # running, done, stopped, failed
        self.error: str | None = None

    def add(self, decision: Any) -> None:
        self.decisions[int(decision.index)] = decision

    def finish(self, error: Exception | None, stopped: bool = False) -> None:
        if error is None and not stopped:
            self.total = len(self.decisions)   # what was judged in the end
        if error is not None:
            self.state, self.error = "failed", f"{type(error).__name__}: {shorten(str(error))}"
        else:
            self.state = "stopped" if stopped else "done"

    def marks(self) -> dict[int, str]:
        """The mark of each judged move that has one."""
        return {i: d.mark for i, d in self.decisions.items() if d.mark}

    def chance_for_seat(self, d: Any) -> float:
        """The graph's side's win chance after the decision ``d``."""
        chance = float(d.chance_played)
        return chance if self.seat is None or self.side(d.seat) == self.seat else 1.0 - chance

    def points(self) -> list[dict]:
        """The graph: the win chance of ``seat`` after each judged move, in move order."""
        return [{"index": i, "chance": percent(self.chance_for_seat(d)), "mark": d.mark}
                for i, d in sorted(self.decisions.items()) if d.chance_played is not None]

    def counts(self) -> dict[str, int]:
        out = {label: 0 for label in MARK_LABELS}
        for d in self.decisions.values():
            if d.label in out:
                out[d.label] += 1
        return out

    def status(self, say: Callable[..., str]) -> str:
        done = len(self.decisions)
        if self.state == "running":
            return say("study.reviewing", done=done, total=self.total)
        if self.state == "stopped":
            return say("study.review_stopped", done=done, total=self.total)
        if self.state == "failed":
            return say("study.review_failed", text=self.error)
        return say("study.reviewed", counts=texts.review_counts(say, self.counts()))

    def view(self, say: Callable[..., str], who: str) -> dict:
        """The review's part of the view: progress, the graph's points and its title."""
        return {"state": self.state, "done": len(self.decisions), "total": self.total,
                "status": self.status(say), "points": [
                    {**p, "label": say("study.graph_point", i=p["index"] + 1, mark=f"{p['mark']} " if p["mark"] else "",
                                       chance=p["chance"], who=who)} for p in self.points()],
                "graph_title": say("study.graph", who=who)}


def decision_view(d: Any, say: Callable[..., str], lang: str, who: str, played: str, best: str | None) -> dict:
    """One judged decision for the view: its mark and label, the move played and the better
    one (``best``, None when the played move was the best) with its reason, in words.

    >>> from types import SimpleNamespace as D
    >>> d = D(index=0, seat=1, mark="?", label="mistake", chance_played=0.3, chance_best=0.5,
    ...       reason="It leaves flag 3 open.", reason_ja="フラッグ3が空きます。", flags=[3])
    >>> decision_view(d, lambda k, **kw: texts.say("en", k, **kw), "en", "You", "Red 7 at flag 1",
    ...               "Red 8 at flag 3")["better"]
    'Better: Red 8 at flag 3 (win chance 50%). It leaves flag 3 open.'
    """
    label = say(f"study.label.{d.label}") if d.label else ""
    reason = (getattr(d, "reason_ja", None) if lang == "ja" else None) or getattr(d, "reason", "") or ""
    return {
        "index": int(d.index), "mark": d.mark or "", "kind": d.label, "label": label,
        "chance_played": percent(d.chance_played), "chance_best": percent(d.chance_best),
        "played": say("study.played", who=who, move=played, label=label, chance=percent(d.chance_played)),
        "better": None if best is None else say("study.better", move=best, chance=percent(d.chance_best),
                                                reason=reason),
        "reason": reason, "flags": list(getattr(d, "flags", None) or ()),
    }


def hint_line(d: Any, say: Callable[..., str], lang: str, move: str) -> str:
    """A hint in words: the move the search prefers, its win chance and its reason."""
    reason = (getattr(d, "reason_ja", None) if lang == "ja" else None) or getattr(d, "reason", "") or ""
    if d.chance_best is None:   # a claim to make, or the only move: nothing was searched
        return say("study.hint_plain", move=move, reason=reason).strip()
    return say("study.hint_line", move=move, chance=percent(d.chance_best), reason=reason).strip()


def hints_note(n: int) -> texts.Line | None:
    """What the result line adds when hints were used: `` (with 2 hints)``."""
    if not n:
        return None
    return texts.Line("study.with_hints", n=n, s="" if n == 1 else "s")
