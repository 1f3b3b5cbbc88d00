"""The analysis board in both games' widgets: the game-neutral controller.

:class:`BoardController` holds one :class:`battleline.analysis.Analysis` and turns the
browser's intents into its calls: open the board on what is on screen (a replay's move, the
live game's position), play a legal action for the side to move, choose a fight's result
(Ancient Battles), let the bot answer, go to a node of the tree, step along it, show the
line the search expects from a marked decision or from the board, and go back to the game.
The bot's answer, the line and the win chance run in the background as the review does
(:class:`.study.AnalysisRunner`), each on a copy of the board, so the kernel never waits
and the board on screen is never changed by another thread.

Each game's adapter (:mod:`.standard.board`, :mod:`.ancient.board`) supplies what differs:
the board drawn from the side to move's observation (with the live game's view builder),
the words of an action, the legal actions and their chance results, a decision's better
choice. The host (the widget) says what "Analyse" opens on and shows or hides the board.

>>> from battleline import Game
>>> shown = []
>>> class Words:
...     def say(self, key, **kw): return key
>>> class Adapter:
...     words = Words()
...     def draw(self, game, seat): return {"seat": seat}
...     def action_words(self, game, action): return str(action)
...     def legal(self, game): return [{"action": str(a), "text": str(a), "outcomes": []} for a in game.legal_actions()]
...     def side_name(self, seat): return ["North", "South"][seat]
...     def result_words(self, game): return "over"
...     def error_words(self, error): return str(error)
>>> class Host:
...     review_budget = 8
...     def board_start(self): return Game(seed=3), None, 1, "game"
...     def board_decision(self, index): raise ValueError("no review")
...     def board_shown(self, on): shown.append(on)
...     def refresh(self): pass
>>> board = BoardController(Host(), Adapter(), background=False)
>>> board.open_board(); board.analysis.dealt, shown
(True, [True])
>>> board.play(board.analysis.game().legal_actions()[0]); len(board.view()["board"]["rows"])
1
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable, Protocol

from ..analysis import MAX_LINE_TURNS, Analysis
from ..errors import IllegalMoveError, shorten
from .messages import Integer, MessageRouter, Text
from .practice import PracticeController
from .study import AnalysisRunner, analysis_module, percent, search_preparing

__all__ = ["BoardController", "BoardAdapter", "BoardHost", "LINE_TURNS", "board_words"]

LINE_TURNS = 2            # the line the search expects: this many turns after the better move
SEED_LIMIT = 10 ** 6      # a dealt world's seed: short enough to read and to type again
WORD_KEYS = ("analyse", "answer", "line", "back", "title", "variations", "start", "legal", "results",
             "previous", "next", "roll")


def board_words(say: Callable[..., str]) -> dict[str, str]:
    """The board panel's words, by short key.

    >>> board_words(lambda key, **kw: key)["line"]
    'board.line'
    """
    return {key: say(f"board.{key}") for key in WORD_KEYS}


class BoardAdapter(Protocol):
    """What one game supplies to the board."""

    words: Any   # its ``say(key, **params)`` speaks the language on screen

    def draw(self, game: Any, seat: int) -> dict:
        """The board's fields of the view: ``game`` as ``seat`` (the side to move) sees it."""

    def action_words(self, game: Any, action: Any) -> str:
        """``action`` of the side to move in ``game``, in words."""

    def legal(self, game: Any) -> list[dict]:
        """The legal actions: ``{"action", "text", "outcomes": [{"result", "text"}]}``."""

    def side_name(self, seat: int) -> str:
        """A seat's name on screen."""

    def result_words(self, game: Any) -> str:
        """How the finished ``game`` ended, in words."""

    def error_words(self, error: Any) -> str:
        """A refused intent (an error or a text) in words."""


class BoardHost(Protocol):
    """What the board uses of its widget."""

    review_budget: int | None

    def board_start(self) -> tuple[Any, int | None, int | None, str]:
        """What "Analyse" opens on now: ``(game, index, viewer, origin)`` (raises if nothing)."""

    def board_decision(self, index: int | None) -> tuple[Any, list[str]]:
        """The review's marked decision at move ``index`` (None: the one on screen), with its
        better choice as actions (raises if there is none)."""

    def board_shown(self, on: bool) -> None:
        """Show the board (True) or the game again (False)."""

    def refresh(self) -> None:
        """Publish the view."""


class BoardController:
    """The analysis board of one widget (``host``), the game's words and drawing from
    ``adapter``. ``level``: the bot that answers and plays the line (``"hard"``, as the
    issue asks; a test may take a quicker one)."""

    entry = MessageRouter("the game and the replay")
    messages = MessageRouter("the analysis board", unavailable="go back to the game first")

    def __init__(self, host: BoardHost, adapter: BoardAdapter, background: bool, level: str = "hard"):
        self.host = host
        self.adapter = adapter
        self.level = level
        self.runner = AnalysisRunner(background)
        self.analysis: Analysis | None = None
        self.origin = "game"
        self.trail: list[int] = []          # the variation the cursor was last at the end of
        self.chances: dict[int, Any] = {}    # node -> its hint (the win chance), once judged
        self.words_of: dict[int, str] = {}   # node -> its action in words, in the wording of `worded`
        self.worded: tuple = ()
        self.thinking: str | None = None     # "chance", "bot", "line" while the background works
        self.failed: str | None = None
        self.message: dict | None = None
        self.practice = PracticeController(self, background)   # a review's mistakes as exercises

    @property
    def is_open(self) -> bool:
        return self.analysis is not None

    def say(self, key: str, **params) -> str:
        return self.adapter.words.say(key, **params)

    def show_error(self, error: Any) -> None:
        self.message = {"kind": "error", "text": error}

    # ------------------------------------------------------------ opening and leaving
    @entry.on("board_open", seed=Integer(0, SEED_LIMIT - 1, optional=True))
    def open_board(self, seed: int | None = None) -> None:
        """Open the board on what is on screen (a replay's move, the live position)."""
        game, index, viewer, origin = self.host.board_start()
        self.start(game, index, viewer, origin, seed)
        self.host.refresh()

    def start(self, game: Any, index: int | None, viewer: int | None, origin: str, seed: int | None = None) -> None:
        seed = random.randrange(SEED_LIMIT) if seed is None else seed
        analysis = Analysis(game, index, viewer=viewer, seed=seed)   # checked before anything changes
        self.runner.cancel()
        self.practice.closed()
        self.analysis, self.origin, self.trail = analysis, origin, []
        self.chances, self.words_of, self.thinking, self.failed, self.message = {}, {}, None, None, None
        self.host.board_shown(True)
        self.judge()

    @entry.on("board_line", index=Integer(0, optional=True))
    def show_line(self, index: int | None = None) -> None:
        """The line the search expects: from the review's marked decision at move ``index``
        (None: the one on screen) its better choice, then the bot's choices for both sides,
        in the background; on the board, from the cursor: the bot's choices."""
        if self.analysis is None or index is not None:
            decision, better = self.host.board_decision(index)
            game, _, viewer, origin = self.host.board_start()
            self.start(game, int(decision.index), viewer, origin)
        else:
            better = []
        if self.analysis.game().result is not None:
            raise IllegalMoveError("the game is over in this variation")
        level, turns = self.level, LINE_TURNS

        def line(board: Analysis) -> list:
            for action in better:
                board.play(action, source="line")
            board.line(None, min(turns, MAX_LINE_TURNS), level)
            return board.path()

        self.work("line", line)
        self.host.refresh()

    @messages.on("board_close")
    def close(self) -> None:
        """Back to the game: the board is dropped, the game was never touched."""
        self.runner.cancel()
        self.practice.closed()
        self.analysis = None
        self.thinking = None
        self.host.board_shown(False)
        self.host.refresh()

    # ------------------------------------------------------------ practice (.practice)
    @entry.on("practice_start")
    def start_practice(self) -> None:
        """After a review: the learner's first mistake on the board, to find a better move."""
        self.practice.start()

    @messages.on("practice_again")
    def practice_again(self) -> None:
        self.practice.again()

    @messages.on("practice_show")
    def practice_show(self) -> None:
        self.practice.show()

    @messages.on("practice_next")
    def practice_next(self) -> None:
        self.practice.next()

    @messages.on("practice_save")
    def practice_save(self) -> None:
        self.practice.save()

    explain = None      # the live game's "explain a flag" has no part on the board

    def check_explain(self, flag: Any) -> None:
        raise IllegalMoveError("explanations are for a game being played", rule="explain-replay")

    # ------------------------------------------------------------ playing
    @messages.on("board_play", action=Text())
    def play(self, action: Any) -> None:
        """Play a legal action for the side to move at the cursor."""
        board = self.need()
        words = self.adapter.action_words(board.game(), action) if self.is_legal(action) else None
        node = board.play(action)              # a ValueError names the rule; nothing changed
        self.moved(node, words)

    @messages.on("move", move=Text())
    def play_clicked(self, move: str) -> None:
        """A move clicked on the board (Battle Line's cards and flags), as ``board_play``."""
        self.play(move)

    @messages.on("board_result", action=Text(), result=Integer(0))
    def play_result(self, action: str, result: int) -> None:
        """Ancient Battles: play the shot or attack ``action`` with its ``result``-th outcome
        (of ``game.chance_outcomes(action)``) chosen."""
        board = self.need()
        outcomes = board.game().chance_outcomes(action) if self.is_legal(action) else ()
        if not outcomes:
            raise IllegalMoveError(f"{shorten(action)}: a result is chosen for a legal shot or attack only")
        if result >= len(outcomes):
            raise ValueError(f"{shorten(action)} has {len(outcomes)} results: 0 to {len(outcomes) - 1}, not {result}")
        words = self.adapter.action_words(board.game(), action)
        node = board.play_result(action, outcomes[result].result)
        self.moved(node, words)

    @messages.on("board_answer")
    def answer(self) -> None:
        """The bot answers for the side to move (in the background)."""
        board = self.need()
        if board.game().result is not None:
            raise IllegalMoveError("the game is over in this variation")
        level = self.level

        def answer(shadow: Analysis) -> list:
            shadow.answer(level)
            return shadow.path()

        self.work("bot", answer)
        self.host.refresh()

    @messages.on("board_go", node=Integer(0))
    def go(self, node: int) -> None:
        """The cursor to ``node`` of the tree."""
        self.need().go(node)
        self.moved(node, None)

    @messages.on("board_step", by=Integer(-1, 1))
    def step(self, by: int) -> None:
        """One move back (-1) or on (1) along the variation last followed."""
        board = self.need()
        here = board.cursor
        if by < 0:
            target = board.node(here).parent if here else 0
        elif here in self.trail[:-1] or (here == 0 and self.trail):
            target = self.trail[self.trail.index(here) + 1] if here else self.trail[0]
        else:
            kids = board.children(here)
            target = kids[0] if kids else here
        board.go(target)
        self.moved(target, None)

    # ------------------------------------------------------------ inside
    def need(self) -> Analysis:
        if self.analysis is None:
            raise IllegalMoveError("open the analysis board first")
        return self.analysis

    def is_legal(self, action: Any) -> bool:
        game = self.need().game()
        try:
            return any(str(a) == str(action) for a in game.legal_actions()) and game.result is None
        except Exception:  # noqa: BLE001 (an unreadable action: the board's play refuses it in words)
            return False

    def moved(self, node: int, words: str | None) -> None:
        """The cursor is on ``node``: its words kept, the trail followed, its chance judged."""
        if words is not None:
            self.keep_words(node, words)
        path = self.need().path(node)
        if node not in self.trail:
            self.trail = path
        self.message = None
        self.judge()
        self.practice.moved()
        self.host.refresh()

    def wording(self) -> tuple:
        """What the words on screen depend on: the language and the name set (by identity: a
        switch makes a new one)."""
        words = self.adapter.words
        return getattr(words, "lang", ""), id(getattr(words, "nameset", None))

    def keep_words(self, node: int, words: str) -> None:
        """``node``'s action in words of the wording on screen (the others are dropped)."""
        if self.worded != self.wording():
            self.words_of, self.worded = {}, self.wording()
        self.words_of[node] = words

    def node_words(self, board: Analysis, n: int) -> str:
        """Node ``n``'s action in the words on screen: said again from the position it was
        played in after a switch of language or name set."""
        if self.worded != self.wording():
            self.words_of, self.worded = {}, self.wording()
        if n not in self.words_of:
            node = board.node(n)
            self.words_of[n] = self.adapter.action_words(board.position(node.parent), node.action)
        return self.words_of[n]

    def work(self, kind: str, job: Callable[[Analysis], list]) -> None:
        """Run ``job`` on a copy of the board in the background; the moves it adds are then
        played on the board itself (so this thread alone changes the board)."""
        board = self.need()
        shadow = copy.deepcopy(board)
        start = board.cursor
        self.thinking, self.failed = kind, None
        self.runner.start(lambda: [job(shadow)], lambda path: self.follow(shadow, start, path), self.done)

    def follow(self, shadow: Analysis, start: int, path: list[int]) -> None:
        """Play the moves the background found (``path`` on ``shadow``) on the board."""
        board = self.need()
        board.go(start)
        first = None
        for n in path[len(shadow.path(start)):]:
            node = shadow.node(n)
            before = board.game()
            words = self.adapter.action_words(before, node.action)
            if node.result is not None:
                made = board.play_result(node.action, node.result)
            else:
                made = board.play(node.action, source=node.source)
            self.keep_words(made, words)
            first = made if first is None else first
        self.trail = board.path()
        if self.thinking == "line" and first is not None:
            board.go(first)        # the line is stepped through from its first move

    def done(self, error: Exception | None) -> None:
        kind, self.thinking = self.thinking, None
        if error is not None:     # the chance's failure shows in the bar, the bot's in the panel
            text = f"{type(error).__name__}: {shorten(str(error))}"
            if kind == "chance":
                self.failed = text
            else:
                self.message = {"kind": "error", "text": text}
        if kind in ("bot", "line") and error is None and self.analysis is not None:
            self.judge()
        self.host.refresh()

    def judge(self) -> None:
        """The win chance of the side to move at the cursor, in the background (once a node)."""
        board = self.need()
        node = board.cursor
        if node in self.chances or board.game().result is not None:
            self.runner.cancel()
            self.thinking = None
            return
        budget = self.host.review_budget
        shadow = copy.deepcopy(board)
        self.thinking, self.failed = "chance", None
        self.runner.start(lambda: [shadow.chance(budget)], lambda d: self.chances.__setitem__(node, d), self.done)

    # ------------------------------------------------------------ the view
    def view(self) -> dict:
        """The board drawn from the side to move's observation, and the board's panel."""
        board = self.need()
        game = board.game()
        mover = game.current_player
        seat = mover if mover is not None else (board.viewer if board.viewer is not None else 1)
        drawn = self.adapter.draw(game, seat)
        return {**drawn, "board": self.panel(board, game, seat), "practice": self.practice.view()}

    def panel(self, board: Analysis, game: Any, seat: int) -> dict:
        over = game.result is not None
        rows = self.rows(board)
        return {
            "cursor": board.cursor, "rows": rows, "at_start": board.cursor == 0,
            "at_end": not board.children(board.cursor),
            "chance": self.chance_view(board, game, seat), "dealt": board.dealt,
            "seed": board.seed if board.dealt else None,
            "knowledge": self.say("board.dealt", seed=board.seed) if board.dealt else self.say("board.real"),
            "thinking": {"bot": self.say("board.thinking_bot"), "line": self.say("board.thinking_line")}.get(
                self.thinking or ""),
            "legal": [] if over else self.adapter.legal(game),
            "can_answer": not over, "can_line": not over, "origin": self.origin,
            "message": None if self.message is None else {**self.message, "text": self.adapter.error_words(
                self.message["text"])},
            "words": board_words(self.say),
        }

    def chance_view(self, board: Analysis, game: Any, seat: int) -> dict:
        side = self.adapter.side_name(seat)
        if game.result is not None:
            return {"percent": None, "pending": False,
                    "text": self.say("board.over", text=self.adapter.result_words(game))}
        d = self.chances.get(board.cursor)
        if d is not None:
            chance = percent(d.chance_best)
            text = (self.say("board.chance_none", side=side) if chance is None
                    else self.say("board.chance", side=side, chance=chance))
            return {"percent": chance, "pending": False, "text": text}
        if self.failed and self.thinking is None:
            return {"percent": None, "pending": False, "text": self.say("board.chance_failed", text=self.failed)}
        pending = self.thinking == "chance"
        if pending and search_preparing(analysis_module(getattr(self.adapter, "game", "standard"))):
            return {"percent": None, "pending": True, "text": self.say("study.hint_preparing")}
        return {"percent": None, "pending": pending,
                "text": self.say("board.chance_wait" if pending else "board.to_move", side=side)}

    def rows(self, board: Analysis) -> list[dict]:
        """The tree as a move list: a variation's first move goes on, its others are
        branches (one level deeper) listed before it goes on."""
        out: list[dict] = []
        on_path = set(board.path())

        def row(n: int, depth: int, branch: bool) -> dict:
            node = board.node(n)
            return {"id": n, "text": self.node_words(board, n), "action": node.action,
                    "depth": depth, "branch": branch, "source": node.source,
                    "source_text": self.say(f"board.source.{node.source}"),
                    "side": self.adapter.side_name(node.seat), "current": n == board.cursor, "on_path": n in on_path}

        def walk(n: int, depth: int) -> None:
            while True:
                kids = board.children(n)
                if not kids:
                    return
                first, *others = kids
                out.append(row(first, depth, False))
                for k in others:
                    out.append(row(k, depth + 1, True))
                    walk(k, depth + 1)
                n = first

        walk(0, 0)
        return out
