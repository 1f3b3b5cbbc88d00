"""The anywidget shell: the traits the browser syncs, the mode on screen, and the messages
every mode answers (``explain``, ``language``).

The work of each mode is its controller's (:mod:`.play`, :mod:`.edit`,
:mod:`.puzzle`); this class only holds them, routes each message to the typed
handler of the mode on screen (:mod:`..messages`) and publishes the mode's view.
``docs/widget.md`` describes the protocol.

>>> w = BattleLineWidget(opponent="easy", seed=3)
>>> w.view["phase"] in ("play", "draw"), w.mode
(True, 'play')
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ... import texts
from ...standard.bots import LEVELS
from ...standard.editor import PositionDraft
from ...errors import shorten
from ...standard.game import Game
from ...standard.moves import IllegalMoveError, Move
from ...names import load as load_names
from ..kernel import in_kernel
from ..messages import Choice, Integer, MessageRouter, answer_safely, dispatch
from ..wording import Wording
from .edit import EditController
from .play import PlayController
from .puzzle import PuzzleController
from .study import Replay, ReplayController, StudyTools
from ..board import BoardController
from .board import TableAdapter
from .board_host import BoardHosting

__all__ = ["BattleLineWidget", "PositionEditor", "PuzzleWidget"]

STATIC = pathlib.Path(__file__).parents[2] / "static"
MODES = ("play", "edit", "puzzle", "replay", "board")


class BattleLineWidget(BoardHosting, anywidget.AnyWidget):
    """Battle Line in a notebook cell.

    ``BattleLineWidget(game=None, *, opponent="hard", seat=1, rules="standard", seed=None,
    lang="en", names="ancient")``: ``opponent`` is a bot level (``"easy"``, ``"medium"``,
    ``"hard"``), a bot object, or ``None`` for two people at one screen; ``game`` shows and
    plays on from a scripted or puzzle position; ``seat`` is the human's player (0 north,
    1 south); ``lang`` is ``"en"`` or ``"ja"``; ``names`` is ``"ancient"`` (the rulebook's
    names), ``"scifi"``, or a name set of one's own (a dict or a JSON file: see
    :mod:`battleline.names`). Both can be changed while the widget runs (``w.lang = "ja"``,
    ``w.names = "scifi"``): the whole view is worded again. :class:`PositionEditor` and
    :class:`PuzzleWidget` open the same widget in its edit and puzzle modes. A finished game
    can be replayed and reviewed, a hint asked for on your turn (``review_budget``: the
    play-outs a decision of both, None for the analysis' default; ``docs/widget.md``).
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    """``"en"`` or ``"ja"``; setting it re-words the whole view (labels, log, status, messages)."""
    names = traitlets.Any("ancient")
    """The name set: ``"ancient"``, ``"scifi"``, a dict or the path of a JSON file (see
    ``battleline.names``; a file is read once, when set). Not synced: the browser may ask only
    for a built-in set (the ``language`` message), never for a file of the kernel's machine."""

    shared = MessageRouter("every mode")

    def __init__(self, game: Game | None = None, *, opponent: Any = "hard", seat: int = 1,
                 rules: str = "standard", seed: int | None = None, bot_seed: int | None = None,
                 background_bot: bool | None = None, lang: str = "en", names: str = "ancient",
                 mode: str = "play", draft: PositionDraft | None = None, puzzles=None,
                 review_budget: int | None = None, **kwargs):
        super().__init__(**kwargs)
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 (north) or 1 (south), not {shorten(seat)}")
        if game is not None and not isinstance(game, Game):
            raise ValueError(f"game must be a battleline.Game, not {type(game).__name__}")
        if mode not in MODES or mode in ("replay", "board"):
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {shorten(mode)}")
        self._ready = False
        self.review_budget = review_budget   # play-outs a decision for reviews and hints (None: the default)
        self.lang = lang
        self.names = names
        self.wording = Wording(self.lang, self.names)
        self.mode = mode
        # The bot thinks in a worker thread on the kernel's event loop; outside a kernel
        # (scripts, tests) it moves at once unless asked otherwise.
        self.play_mode = PlayController(self, game=game, opponent=opponent, seat=seat, rules=rules, seed=seed,
                                     bot_seed=bot_seed,
                                     background_bot=in_kernel() if background_bot is None else background_bot)
        self.edit_mode = EditController(self, draft)
        self.puzzle_mode = PuzzleController(self, puzzles) if mode == "puzzle" else None
        self.replay_mode: ReplayController | None = None   # replay: a finished or loaded game
        self.study = StudyTools(self, self.play_mode.background_bot)
        self.board = BoardController(self, TableAdapter(self.wording, self.seat_name), self.play_mode.background_bot)
        self.on_msg(self._on_msg)
        self._ready = True
        if mode == "play":
            self.play_mode.start_game()
        else:
            self.refresh()

    # --------------------------------------------------------------- public
    @property
    def controller(self) -> PlayController | EditController | PuzzleController | ReplayController:
        """The controller of the mode on screen."""
        return {"play": self.play_mode, "edit": self.edit_mode, "puzzle": self.puzzle_mode,
                "replay": self.replay_mode, "board": self.board}[self.mode]

    @property
    def game(self) -> Game:
        """The live engine game (in puzzle mode, the puzzle's)."""
        if self.mode == "puzzle":
            return self.puzzle_mode.session.game
        return self.play_mode.game

    @property
    def hot_seat(self) -> bool:
        return self.play_mode.hot_seat

    @property
    def seat(self) -> int:
        return self.play_mode.seat

    @property
    def bot(self):
        return self.play_mode.bot

    @property
    def match(self):
        return self.play_mode.match

    @property
    def rules(self) -> str:
        return self.play_mode.rules

    @property
    def background_bot(self) -> bool:
        """Whether the bot thinks in a worker thread (in a kernel) or moves at once."""
        return self.play_mode.background_bot

    @background_bot.setter
    def background_bot(self, value: bool) -> None:
        self.play_mode.background_bot = bool(value)

    @property
    def options(self) -> dict:
        return self.play_mode.options

    @property
    def draft(self) -> PositionDraft:
        return self.edit_mode.draft

    @property
    def puzzles(self) -> list:
        """The puzzles of puzzle mode (empty in the other modes)."""
        return self.puzzle_mode.puzzles if self.puzzle_mode is not None else []

    @property
    def session(self):
        """The puzzle being tried (puzzle mode), else None."""
        return self.puzzle_mode.session if self.puzzle_mode is not None else None

    def play(self, move: Move | str) -> None:
        """Play a move for the player to move, as if clicked (raises on an illegal move)."""
        if self.mode == "puzzle":
            self.puzzle_mode.play(move)
            return
        self._need_mode("play", "playing a move")
        self.play_mode.play(move, raise_errors=True)

    def new_game(self) -> None:
        """Start a new match."""
        self._need_mode("play", "a new game")
        self.play_mode.new_game()

    def next_game(self) -> None:
        """Start the next game of the match once this one is over."""
        self._need_mode("play", "the next game")
        self.play_mode.next_game()

    def undo(self) -> None:
        """Take back your last turn (against a bot) or the last move (hot-seat)."""
        self._need_mode("play", "undo")
        self.play_mode.undo()

    def reveal(self) -> None:
        """Lift the screen cover between two people's turns (hot-seat), as the next player's
        click on it does; :meth:`play` and :meth:`undo` are refused while it is down.

        >>> w = BattleLineWidget(opponent=None, seed=2)
        >>> w.view["status"]
        'Pass the screen to North.'
        >>> w.reveal(); w.view["cover"], len(w.view["hand"])
        (False, 7)
        """
        self._need_mode("play", "reveal")
        self.play_mode.reveal()

    def set_option(self, name: str, value: bool) -> None:
        """Turn a learner option (``highlight_claimable``, ``auto_claim``) on or off."""
        self._need_mode("play", "an option")
        self.play_mode.set_option(name, value)

    def explain(self, flag: int | None) -> dict | None:
        """Explain ``flag`` from the seat on screen (None closes the explanation);
        returns what the view shows."""
        if flag is not None:
            if isinstance(flag, bool) or not isinstance(flag, int) or not 1 <= flag <= 9:
                raise ValueError(f"flags are numbered 1 to 9, not {shorten(flag)}")
            if self.mode == "edit":
                raise IllegalMoveError("explanations are for a game or a puzzle, not the editor",
                                       rule="explain-editor")
        if self.mode != "edit":
            self.controller.check_explain(flag)
            self.controller.explain = flag
        self.refresh()
        return self.view.get("explain")

    def edit(self) -> None:
        """Go (back) to the position editor, with the draft as it was."""
        self.leave_replay(refresh=False)
        if self.mode == "puzzle":
            raise ValueError("a puzzle cannot be edited here: open it with PositionEditor(puzzle.position)")
        self.play_mode.stop()
        self.mode = "edit"
        self.edit_mode.message = None
        self.refresh()

    def play_from_editor(self, opponent: Any = "hard") -> None:
        """Start a game at the editor's position: you take the side to move against
        ``opponent`` (a level), or two people play at one screen (None)."""
        self._need_mode("edit", "playing from the editor")
        if opponent is not None and (not isinstance(opponent, str) or opponent not in LEVELS):
            raise ValueError(f"opponent must be one of {', '.join(LEVELS)} or null, not {shorten(opponent)}")
        game = self.edit_mode.draft.game()
        self.mode = "play"
        self.play_mode.restart_from(game, opponent)

    # --------------------------------------------------------------- replay, review, hints
    def replay(self, review: bool = False) -> None:
        """Step through the finished game (replay mode; ``review``: judge it too)."""
        self.study.open_replay(review)

    def goto(self, index: int) -> None:
        """In replay mode, show the position after ``index`` moves."""
        self._need_mode("replay", "stepping through a game")
        self.replay_mode.goto(index)

    def hint(self) -> dict | None:
        """Ask for a hint for your turn; returns what the view shows (in a kernel it comes
        in the background: the view is updated when it is found)."""
        self.study.ask_hint()
        return self.view["study"]["hint"]

    def record(self) -> str:
        """The game's record (JSON text): the replay's, or the game being played."""
        if self.mode == "replay":
            return self.replay_mode.replay.record
        return self.game.record()

    def load(self, text: str) -> None:
        """Load a pasted record (replay mode) or position (play on from it)."""
        self.study.load(text)

    def replay_game(self, game: Game) -> None:
        """Show ``game`` (over) in replay mode from your seat (a replay of the same record
        is kept, with its review)."""
        record = game.record()
        r = self.replay_mode
        if r is not None and not r.loaded and r.replay.record == record:
            self.mode = "replay"
            return
        self.open_replay(Replay(record), loaded=False)

    def open_replay(self, replay: Replay, loaded: bool) -> None:
        """Replay mode on ``replay`` (``loaded``: a record pasted here)."""
        if self.replay_mode is not None:
            self.replay_mode.stop()
        play = self.play_mode
        own = not loaded and not play.hot_seat
        self.play_mode.stop()
        self.replay_mode = ReplayController(
            self, replay, seat=play.seat if own else 1, fixed_seat=own, loaded=loaded,
            who=play.who if own else texts.Player, background=play.background_bot)
        self.mode = "replay"

    def leave_replay(self, refresh: bool = True) -> None:
        """Back from replay mode to the game (a review still running stops); a bot whose
        turn was left for the replay (a record loaded while it thought) plays on."""
        if self.mode != "replay":
            return
        self.replay_mode.stop()
        self.mode = "play"
        if refresh:
            self.refresh()
            self.play_mode.maybe_bot()

    def play_loaded(self, game: Game) -> None:
        """Play on from a loaded position: you take the side to move."""
        self.leave_replay(refresh=False)
        self.mode = "play"
        self.play_mode.restart_from(game, self.play_mode.opponent_spec, from_editor=False)

    def set_language(self, lang: str | None = None, names=None) -> None:
        """Switch the language and/or the name set while the widget runs (as setting
        ``w.lang`` / ``w.names`` does); a bad value changes nothing."""
        self.wording.check(lang, names)
        with self.hold_trait_notifications():
            if lang is not None:
                self.lang = lang
            if names is not None:
                self.names = names

    def handle_message(self, content: Any) -> None:
        """Answer one message from the browser (``docs/widget.md``); raises a ``ValueError``
        for a bad one, which changes nothing. The browser's messages go through
        :meth:`_on_msg`, which shows such an error in the view instead."""
        others = [c.messages for c in (PlayController, EditController, PuzzleController, ReplayController)]
        dispatch(content, (self.shared, self), (StudyTools.messages, self.study), (BoardController.entry, self.board),
                 (self.controller.messages, self.controller), elsewhere=[*others, BoardController.messages])

    # --------------------------------------------------------------- messages for every mode
    @shared.on("explain", flag=Integer(nullable=True))
    def on_explain(self, flag: int | None) -> None:
        self.explain(flag)

    @shared.on("language", lang=Choice(texts.LANGS, optional=True),
               names=Choice(texts.NAME_SETS, optional=True))
    def on_language(self, lang: str | None = None, names: str | None = None) -> None:
        self.set_language(lang, names)

    # --------------------------------------------------------------- plumbing
    def _need_mode(self, mode: str, what: str) -> None:
        if self.mode != mode:
            raise ValueError(f"{what} is not available in {self.mode} mode")

    def _on_msg(self, _widget, content, _buffers=None) -> None:
        answer_safely(lambda: self.handle_message(content), self._show_error)

    def _show_error(self, error) -> None:
        """Show a refused intent: an exception (said by its rule in the language on screen,
        now and after a switch of language) or a text."""
        self.controller.show_error(error)
        self.refresh()

    def refresh(self) -> None:
        """Publish the view of the mode on screen."""
        if not getattr(self, "_ready", False):
            return
        common = {"version": 1, "mode": self.mode, "lang": self.wording.lang, "names": self.wording.nameset.name}
        study = {"study": self.study.view()} if self.mode in ("play", "replay") else {}
        entry = {"board_entry": self.board_entry()} if self.mode != "board" else {}
        self.view = {**common, **self.controller.view(), **study, **entry}

    # ------------------------------------------------------------ language
    @traitlets.validate("lang")
    def _valid_lang(self, proposal):
        texts.check(proposal["value"])
        return proposal["value"]

    @traitlets.validate("names")
    def _valid_names(self, proposal):
        value = proposal["value"]
        if isinstance(value, pathlib.Path) or (isinstance(value, str) and value not in texts.NAME_SETS):
            value = load_names(value) if str(value).lower().endswith(".json") else value  # read once
        elif isinstance(value, texts.NameSet):
            value = value.to_dict()
        texts.names_of(value, self.lang)  # a ValueError naming the bad key
        return value

    @traitlets.observe("lang", "names")
    def _reword(self, _change=None) -> None:
        if not getattr(self, "_ready", False):
            return
        self.wording.switch(self.lang, self.names)
        if self.puzzle_mode is not None:
            self.puzzle_mode.reword()
        self.refresh()


class PositionEditor(BattleLineWidget):
    """The widget in edit mode: build a position card by card, check it, export it, and
    play from it.

    ``PositionEditor(position=None, *, lang="en", names="ancient")``: ``position`` is a
    :class:`~battleline.standard.editor.PositionDraft` (a scripted setup), a position text, or a
    :class:`~battleline.standard.game.Game`; None gives an empty board.

    >>> from battleline.standard.editor import PositionDraft
    >>> d = PositionDraft(to_move=1); d.place("R8", flag=3, side=1)
    >>> ed = PositionEditor(d)
    >>> ed.view["editor"]["flags"][2]["south"][0]["id"]
    'R8'
    """

    def __init__(self, position: PositionDraft | str | Game | None = None, **kwargs):
        if isinstance(position, str):
            draft, _ = PositionDraft.from_text(position)
        elif isinstance(position, Game):
            draft = PositionDraft.from_game(position)
        elif position is None or isinstance(position, PositionDraft):
            draft = position
        else:
            raise ValueError("position must be a PositionDraft, a position text or a Game, "
                             f"not {type(position).__name__}")
        kwargs.setdefault("opponent", None)
        super().__init__(mode="edit", draft=draft, **kwargs)


class PuzzleWidget(BattleLineWidget):
    """The widget in puzzle mode: the question, your tries judged as you play, and the
    solution step by step.

    ``PuzzleWidget(puzzles=None, *, lang="en", names="ancient")``: one
    :class:`~battleline.standard.puzzles.Puzzle`, a list of them, or None for every bundled puzzle.

    >>> w = PuzzleWidget()
    >>> w.view["puzzle"]["number"], w.view["puzzle"]["total"] >= 20
    (1, True)
    """

    def __init__(self, puzzles=None, **kwargs):
        from ...standard.puzzles import Puzzle, bundled
        if puzzles is None:
            puzzles = bundled()
        elif isinstance(puzzles, Puzzle):
            puzzles = [puzzles]
        puzzles = list(puzzles)
        if not puzzles or not all(isinstance(p, Puzzle) for p in puzzles):
            raise ValueError("puzzles must be a Puzzle or a non-empty list of them")
        kwargs.setdefault("opponent", None)
        super().__init__(mode="puzzle", puzzles=puzzles, **kwargs)


class LessonWidget(PuzzleWidget):
    """The click-through lesson for a new player: nine small positions, each solved by
    clicking and checked by the engine, with what to learn in the question (place a card,
    a tie, build a formation, the order of formations, prove a claim, use a Tactics card,
    the Tactics limit, win the game, a whole turn). Once the last is solved, the panel points
    to a real game.

    ``LessonWidget(*, lang="en", names="ancient")``.

    >>> w = LessonWidget(lang="ja")
    >>> w.view["puzzle"]["total"], w.view["puzzle"]["title"]
    (9, 'レッスン1：カードを出す')
    """

    def __init__(self, **kwargs):
        from ...standard.puzzles import lesson
        super().__init__(lesson(), **kwargs)
        self.puzzle_mode.finale = "pz_lesson_done"
        self.refresh()

