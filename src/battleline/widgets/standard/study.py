"""Replay, review, hints, and saving and loading, in Battle Line's widget.

- :class:`Replay`: a game's record stepped through; each position is rebuilt from the
  record's start by replaying its moves (never read from a live game's hidden state).
- :class:`ReplayController`: the widget's ``replay`` mode: the position of the move on
  screen from the reviewing seat (drawn by :func:`.table.table_view`, as in play), the move
  list, the switch that opens both hands once the game is over, and the review streaming in.
- :class:`StudyTools`: what play and replay modes offer besides: a hint, the record shown
  to save once the game is over, a pasted record or position loaded, replay and review.

The analysis is ``battleline.standard.reviewing`` (``iter_review``, ``hint``), run in the
background as the bot is (:class:`..study.AnalysisRunner`).

>>> from battleline import Game
>>> g = Game(seed=3)
>>> for _ in range(4): g.play(g.legal_moves(claims=False)[0])
>>> r = Replay(g.record())
>>> r.total, r.position(2).position() == Game.from_record(r.truncated(2)).position()
(4, True)
"""

from __future__ import annotations

import json
import warnings
from typing import Any, Protocol

from ... import texts
from ...standard.game import PLAYER_NAMES, Game
from ...standard.moves import IllegalMoveError, Move
from ..messages import MessageRouter
from ..pieces import move_json, public_move_json
from ..study import AnalysisRunner, Cursor, HintDesk, ReviewProgress, analysis_ready, decision_view, hint_line
from ..study_panel import (MARKED, HintFlow, RecordFlow, ReplayFlow, ReviewFlow, SteppedRecord, load_pasted,
                           replay_routes, study_routes)
from .table import Seat, table_view

__all__ = ["Replay", "ReplayController", "StudyTools", "StudyHost", "load_text", "position_key"]

SEATS = {"north": 0, "south": 1}
RECORD_FILE = "battleline-record.json"


class StudyHost(Protocol):
    """What replay and the study tools use of the widget that holds them
    (:class:`~.shell.BattleLineWidget` is one; this module never imports the shell)."""

    wording: Any            # the words of the language and name set on screen
    mode: str               # the mode on screen
    play_mode: Any          # the PlayController
    replay_mode: Any        # the ReplayController, or None
    study: Any              # the StudyTools
    review_budget: int | None

    def refresh(self) -> None:
        """Send the view of the mode on screen to the browser."""

    def replay_game(self, game: Game) -> None:
        """Replay mode on a finished game."""

    def open_replay(self, replay: "Replay", loaded: bool) -> None:
        """Replay mode on ``replay``."""

    def leave_replay(self, refresh: bool = True) -> None:
        """Back to play mode."""

    def play_loaded(self, game: Game) -> None:
        """Play on from a loaded position."""


class Replay(SteppedRecord):
    """A Battle Line record (its JSON text) to step through. ``steps`` holds, per move, who
    played it, the move, a claim's proof and the card a draw took (for the move list, which
    names a card only to whoever may know it).

    >>> g = Game(seed=1); g.play(g.legal_moves(claims=False)[0])
    >>> Replay(g.record()).steps[0][1] == g.moves[0]
    True
    """

    def __init__(self, record: str):
        self.record = record
        self.final = Game.from_record(record)      # checks the whole record (PositionError)
        self.doc = json.loads(record)
        self.moves: list[Move] = self.final.moves
        self.record_actions = self.moves
        self.steps = self.replayed_steps()
        self.cursor_game: Game | None = None

    @property
    def total(self) -> int:
        return len(self.moves)

    def truncated(self, index: int) -> dict:
        """The record cut after ``index`` moves."""
        return {**self.doc, "moves": [str(m) for m in self.moves[:index]], "result": None}

    def start(self) -> Game:
        return Game.from_record(self.truncated(0))

    def judged(self, seat: int | None, is_judged=None) -> int:
        """How many decisions a review of ``seat`` (None: both) judges: the moves
        ``is_judged(position, move)`` says it judges (all of the seat's, without it)."""
        g = self.start()
        count = 0
        for m in self.moves:
            if seat is None or g.to_move == seat:
                count += bool(is_judged(g, m)) if callable(is_judged) else 1
            g.play(m)
        return count

    def replayed_steps(self) -> list[tuple[int, Move, Any, Any]]:
        g = self.start()
        out = []
        for m in self.moves:
            player = g.to_move
            proof = g.check_claim(m.flag) if m.kind == "claim" else None
            g.play(m)
            drawn = g.hand(player)[-1] if m.kind == "draw" and g.hand(player) else None
            out.append((player, m, proof, drawn))
        return out


def load_text(text: str) -> tuple[str, Any]:
    """A pasted text read as a record (``("record", Replay)``) or a position
    (``("position", Game)``); a ValueError names what is wrong with it as either.

    >>> load_text(Game(seed=2).position())[0]
    'position'
    """
    return load_pasted(text, Replay, Game.from_position)


class ReplayController(ReplayFlow, ReviewFlow):
    """The ``replay`` mode of one widget (``host``): ``replay`` seen from ``seat``.
    ``own_game``: the game was played here (the seat is the human's against a bot);
    else (a loaded record, two people at one screen) either seat may be chosen. Stepping,
    the hands, the seat and the review are the shared flows (:mod:`..study_panel`)."""

    messages = MessageRouter("replay mode", unavailable="go back to the game first")
    game_name = "standard"
    refusals = {"hands": ("the hands open once the game is over", "hands-closed"),
                "seat": ("you review this game from your own seat", "seat-fixed"),
                "review": ("a game is reviewed once it is over", "game-not-over"),
                "no-review": ("no review is running", "no-review")}

    def __init__(self, host: StudyHost, replay: Replay, *, seat: int, fixed_seat: bool,
                 who, loaded: bool, background: bool):
        self.host = host
        self.words = host.wording
        self.replay = replay
        self.seat = seat
        self.fixed_seat = fixed_seat
        self.who = who                      # player -> a Line or Player naming them
        self.loaded = loaded
        self.cursor = Cursor(replay.total)
        self.hands_open = False
        self.message: dict | None = None
        self.review: ReviewProgress | None = None
        self.runner = self.review_runner = AnalysisRunner(background)
        self.analyst = None                 # the analysis (None: the widget's study.analyst, else
        #                                     battleline.standard.reviewing)
        self.explain = None

    # ------------------------------------------------------------ state
    @property
    def game_over(self) -> bool:
        return self.replay.final.is_over()

    @property
    def may_open_hands(self) -> bool:
        """Hands open once the game is over, or in a record pasted here (it holds them all)."""
        return self.game_over or self.loaded

    def say(self, key: str, **params) -> str:
        return self.words.say(key, **params)

    def seat_of(self, name: str) -> int:
        return SEATS[name]

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": error}

    def check_explain(self, flag) -> None:
        raise IllegalMoveError("explanations are for a game being played", rule="explain-replay")

    def stop(self) -> None:
        """Leave replay mode: a review still running stops."""
        if self.review is not None and self.review.state == "running":
            self.stop_review()

    def close_replay(self) -> None:
        self.host.leave_replay()

    def close(self) -> None:
        """Deprecated: :meth:`close_replay` (the name both games' replays share)."""
        warnings.warn("ReplayController.close() is now close_replay()", DeprecationWarning, stacklevel=2)
        self.close_replay()

    # ------------------------------------------------------------ the review's hooks
    def review_analyst(self) -> Any:
        return self.analyst or self.host.study.analyst

    def review_progress(self, seat: int | None, analyst: Any) -> ReviewProgress:
        return ReviewProgress(self.replay.judged(seat, getattr(analyst, "judged", None)), self.seat)

    def review_game(self) -> Game:
        return self.replay.final.copy()

    # ------------------------------------------------------------ words
    def move_text(self, index: int) -> texts.Line:
        """Move ``index`` (0-based) as the move list says it: a drawn or returned card is
        named only to its owner, or to all once the hands are open."""
        player, m, proof, drawn = self.replay.steps[index]
        knows = self.hands_open or player == self.seat
        secret = (drawn if m.kind == "draw" else m.card if m.kind == "return" else None) if knows else None
        return texts.move_line(self.who(player), m, proof, secret)

    def move_words(self, m: Move) -> str:
        return texts.move_words(m, self.words.lang, self.words.nameset)

    def seat_name(self, player: int) -> str:
        return self.words.words(self.who(player))

    # ------------------------------------------------------------ the view
    def view(self) -> dict:
        words = self.words
        i = self.cursor.index
        g = self.replay.position(i)
        me, opp = self.seat, 1 - self.seat
        known = tuple(g.observation(opp).hand) if self.hands_open else None
        seat = Seat(viewer=me, my_turn=False, legal=(), claim_buttons=False, explainable=False,
                    opponent_known=known)
        last = []
        if i:
            player, m, _, _ = self.replay.steps[i - 1]
            last = [move_json(m) if self.hands_open or player == me else public_move_json(m)]
        o = g.outcome()
        result = None
        if o is not None:
            winner = None if o.winner is None else ("mine" if o.winner == me else "theirs")
            who = None if o.winner is None else self.who(o.winner)
            result = {"winner": winner, "reason": o.reason,
                      "text": words.words(texts.result_line(o, who))}
        where = self.cursor.view(words.say)
        status = where["where"] + (": " + words.words(self.move_text(i - 1)) if i else "")
        return {
            **table_view(g, seat, words),
            "me": self.seat_name(me), "opponent": self.seat_name(opp), "hot_seat": False, "thinking": False,
            "status": status, "last": last, "log": [], "claim": None, "message": words.message(self.message),
            "result": result, "score": {"mine": 0, "theirs": 0}, "options": {}, "option_labels": {},
            "can_undo": False, "can_next_game": False, "can_edit": False,
            "replay": self.replay_view(where),
        }

    def replay_view(self, where: dict) -> dict:
        words = self.words
        review = self.review
        moves = self.move_list([(self.replay.steps[k][0], words.words(self.move_text(k)))
                                for k in range(self.replay.total)])
        decision = None
        better = None
        if review is not None and where["index"] and (where["index"] - 1) in review.decisions:
            d = review.decisions[where["index"] - 1]
            best = Move.parse(d.best) if d.label in MARKED and d.best is not None else None
            decision = decision_view(d, self.say, words.lang, self.seat_name(d.seat),
                                     self.move_words(Move.parse(d.played)), None if best is None else self.move_words(best))
            better = None if best is None else move_json(best)
        seats = [{"id": name, "label": texts.player_name(p, words.lang)} for name, p in SEATS.items()]
        return self.panel(where, moves, decision, better, seat=PLAYER_NAMES[self.seat], seats=seats,
                          who=self.seat_name(self.seat))


replay_routes(ReplayController.messages, ReplayController, SEATS)


def position_key(game: Game) -> tuple[str, ...]:
    """What a hint is asked for: the game's moves so far (undo and other moves give another
    position, even with as many moves).

    >>> g = Game(seed=1); g.play(g.legal_moves(claims=False)[0]); len(position_key(g))
    1
    """
    return tuple(str(m) for m in game.moves)


class StudyTools(HintFlow, RecordFlow):
    """Hints, saving and loading, and the way into replay, for one widget (``host``): the
    shared flows (:mod:`..study_panel`) on Battle Line's play and replay modes."""

    messages = MessageRouter("play and replay modes")
    game_name = "standard"
    record_file = RECORD_FILE
    refusals = {"save": ("the record can be saved once the game is over", "game-not-over")}

    def __init__(self, host: StudyHost, background: bool):
        self.host = host
        self.words = host.wording
        self.runner = AnalysisRunner(background)
        self.analyst = None            # the analysis module (None: battleline.standard.reviewing)
        self.hints = HintDesk(self.runner, host.refresh, arrived=self.count_hint)
        self.record_shown_for: Any = None   # the game (or replay) whose record the view shows

    @property
    def play(self):
        return self.host.play_mode

    def say(self, key: str, **params) -> str:
        return self.words.say(key, **params)

    def need(self, *modes: str) -> None:
        if self.host.mode not in modes:
            raise ValueError(f"not available in {self.host.mode} mode")

    # ------------------------------------------------------------ hints
    def hint_game(self) -> Game:
        self.need("play")
        play = self.play
        if not play.humans_turn() or play.cover:
            raise IllegalMoveError("a hint is for your turn", rule="hint-not-your-turn")
        return play.game

    def live_game(self) -> Game:
        return self.play.game

    @staticmethod
    def is_over(g: Game) -> bool:
        return g.is_over()

    @staticmethod
    def position_key(g: Game) -> tuple[str, ...]:
        return position_key(g)

    @staticmethod
    def analysis_copy(g: Game) -> Game:
        return g.copy()

    def count_hint(self) -> None:
        """A hint was shown: the result line counts it."""
        self.play.hints_used += 1

    def hint_view(self) -> dict | None:
        hint = self.current_hint()
        return None if hint is None else self.shown_hint(hint, self.words.say, {"move": None})

    def hint_words(self, d: Any) -> dict:
        move = Move.parse(d.best)
        text = hint_line(d, self.words.say, self.words.lang, texts.move_words(move, self.words.lang, self.words.nameset))
        return {"text": text, "move": move_json(move), "flags": list(d.flags or [])}

    # ------------------------------------------------------------ save, load, into replay
    def check_saving(self) -> None:
        self.need("play", "replay")

    def record_source(self) -> Any:
        """What the record on offer is of: the finished game, or the replay on screen."""
        if self.host.mode == "replay":
            return self.host.replay_mode.replay
        g = self.play.game
        return g if g.is_over() else None

    @staticmethod
    def read_pasted(text: str) -> tuple[str, Any]:
        return load_text(text)

    def open_loaded_record(self, replay: Replay) -> None:
        """A pasted record opens in replay mode (the message kept as words: a switch of
        language re-words it)."""
        self.host.open_replay(replay, loaded=True)
        self.host.replay_mode.message = {"kind": "info", "text": self.words.line("study.loaded_record", n=replay.total)}

    def play_loaded_position(self, game: Game) -> None:
        """A pasted position is played on from (you take the side to move, against the same
        opponent)."""
        self.host.play_loaded(game)
        self.play.message = {"kind": "info",
                             "text": self.words.line("study.loaded_position", side=texts.Player(game.to_move))}

    def replay_finished(self) -> ReplayController:
        self.need("play")
        g = self.play.game
        if not g.is_over():
            raise IllegalMoveError("a game is replayed once it is over", rule="game-not-over")
        self.host.replay_game(g)
        return self.host.replay_mode

    open_replay = RecordFlow.open_finished

    # ------------------------------------------------------------ the view
    def view(self) -> dict:
        """The study part of the play and replay views."""
        mode = self.host.mode
        g = self.play.game
        ready = analysis_ready("standard", self.analyst)
        return self.study_view(
            hint=self.hint_view() if mode == "play" else None,
            can_hint=ready and mode == "play" and self.play.humans_turn() and not self.play.cover
            and not self.hint_standing(),
            can_review=ready and mode == "play" and g.is_over() and bool(g.moves), analysis=ready,
            hints_used=self.play.hints_used if mode == "play" else 0,
            can_replay=mode == "play" and g.is_over() and bool(g.moves),
            record_available=mode == "replay" or g.is_over())


study_routes(StudyTools.messages, StudyTools)
