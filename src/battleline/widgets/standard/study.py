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
from typing import Any, Protocol

from ... import texts
from ...errors import PositionError, check_record_length, shorten
from ...standard.game import PLAYER_NAMES, Game
from ...standard.moves import IllegalMoveError, Move
from ..messages import Boolean, Choice, Integer, MessageRouter, Text
from ..pieces import move_json, public_move_json
from ..study import (AnalysisRunner, Cursor, HintDesk, ReviewProgress, analysis_module, analysis_ready, decision_view,
                     hint_line, search_preparing, study_words)
from .table import Seat, table_view

__all__ = ["Replay", "ReplayController", "StudyTools", "StudyHost", "load_text", "position_key"]

SEATS = {"north": 0, "south": 1}
MARKED = ("inaccuracy", "mistake", "blunder")   # the labels whose better move is shown
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


class Replay:
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

    def position(self, index: int) -> Game:
        """The game after ``index`` moves, replayed from the record's start (the same game
        object is stepped forward; going back replays from the start). Do not change it."""
        g = self.cursor_game
        if g is None or len(g.moves) > index:
            g = self.start()
        while len(g.moves) < index:
            g.play(self.moves[len(g.moves)])
        self.cursor_game = g
        return g

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
    if not isinstance(text, str) or not text.strip():
        raise ValueError("paste a record or a position first")
    check_record_length(text)      # before reading it: megabytes of JSON take many times that
    if text.lstrip().startswith("{"):
        return "record", Replay(text)
    try:
        return "position", Game.from_position(text)
    except PositionError as e:
        raise ValueError(f"neither a record nor a position: {shorten(str(e), 120)}") from None


class ReplayController:
    """The ``replay`` mode of one widget (``host``): ``replay`` seen from ``seat``.
    ``own_game``: the game was played here (the seat is the human's against a bot);
    else (a loaded record, two people at one screen) either seat may be chosen."""

    messages = MessageRouter("replay mode", unavailable="go back to the game first")

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
        self.runner = AnalysisRunner(background)
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

    def show_error(self, error) -> None:
        self.message = {"kind": "error", "text": error}

    def check_explain(self, flag) -> None:
        raise IllegalMoveError("explanations are for a game being played", rule="explain-replay")

    def stop(self) -> None:
        """Leave replay mode: a review still running stops."""
        if self.review is not None and self.review.state == "running":
            self.stop_review()

    # ------------------------------------------------------------ messages
    @messages.on("replay_goto", index=Integer(0))
    def goto(self, index: int) -> None:
        """Show the position after ``index`` moves."""
        self.cursor.go(index)
        self.message = None
        self.host.refresh()

    @messages.on("replay_step", by=Integer(-1, 1))
    def step(self, by: int) -> None:
        """One move on (``by`` 1) or back (-1), from the move on screen here: steps sent
        before the view came back each count."""
        self.cursor.step(by)
        self.message = None
        self.host.refresh()

    @messages.on("replay_hands", open=Boolean())
    def open_hands(self, open: bool) -> None:
        if open and not self.may_open_hands:
            raise IllegalMoveError("the hands open once the game is over", rule="hands-closed")
        self.hands_open = open
        self.host.refresh()

    @messages.on("replay_seat", seat=Choice(SEATS))
    def view_as(self, seat: str) -> None:
        if self.fixed_seat and SEATS[seat] != self.seat:
            raise IllegalMoveError("you review this game from your own seat", rule="seat-fixed")
        self.seat = SEATS[seat]
        self.host.refresh()

    @messages.on("review_start")
    def start_review(self) -> None:
        """Judge the game's decisions in the background; each shows as it comes."""
        if not self.game_over and not self.loaded:
            raise IllegalMoveError("a game is reviewed once it is over", rule="game-not-over")
        analyst = self.analyst or self.host.study.analyst or analysis_module("standard")
        seat = self.seat if self.fixed_seat else None
        self.review = ReviewProgress(self.replay.judged(seat, getattr(analyst, "judged", None)), self.seat)
        game = self.replay.final.copy()
        budget = self.host.review_budget
        self.runner.start(lambda: analyst.iter_review(game, seat, budget=budget), self.judged, self.review_done)
        self.host.refresh()

    @messages.on("review_stop")
    def stop_review(self) -> None:
        if self.review is None or self.review.state != "running":
            raise IllegalMoveError("no review is running", rule="no-review")
        self.runner.cancel()
        self.review.finish(None, stopped=True)
        self.host.refresh()

    @messages.on("replay_close")
    def close(self) -> None:
        self.host.leave_replay()

    def judged(self, decision) -> None:
        if self.review is not None:
            self.review.add(decision)
            self.host.refresh()

    def review_done(self, error: Exception | None) -> None:
        if self.review is not None and self.review.state == "running":
            self.review.finish(error)
            self.host.refresh()

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
        say = words.say
        review = self.review
        marks = review.marks() if review else {}
        moves = [{"index": k, "number": k + 1, "text": words.words(self.move_text(k)),
                  "mine": self.replay.steps[k][0] == self.seat, "mark": marks.get(k, "")}
                 for k in range(self.replay.total)]
        decision = None
        better = None
        if review is not None and where["index"] and (where["index"] - 1) in review.decisions:
            d = review.decisions[where["index"] - 1]
            best = Move.parse(d.best) if d.label in MARKED and d.best is not None else None
            decision = decision_view(d, say, words.lang, self.seat_name(d.seat), self.move_words(Move.parse(d.played)),
                                     None if best is None else self.move_words(best))
            better = None if best is None else move_json(best)
        return {
            **where, "moves": moves, "seat": PLAYER_NAMES[self.seat], "fixed_seat": self.fixed_seat,
            "seats": [{"id": name, "label": texts.player_name(p, words.lang)} for name, p in SEATS.items()],
            "hands_open": self.hands_open, "may_open_hands": self.may_open_hands,
            "can_review": (self.game_over or self.loaded) and self.replay.total > 0
            and analysis_ready("standard", self.analyst or self.host.study.analyst),
            "review": None if review is None else review.view(say, self.seat_name(self.seat)),
            "decision": decision, "better": better, "loaded": self.loaded,
            "words": study_words(say),
        }


def position_key(game: Game) -> tuple[str, ...]:
    """What a hint is asked for: the game's moves so far (undo and other moves give another
    position, even with as many moves).

    >>> g = Game(seed=1); g.play(g.legal_moves(claims=False)[0]); len(position_key(g))
    1
    """
    return tuple(str(m) for m in game.moves)


class StudyTools:
    """Hints, saving and loading, and the way into replay, for one widget (``host``)."""

    messages = MessageRouter("play and replay modes")

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

    def need(self, *modes: str) -> None:
        if self.host.mode not in modes:
            raise ValueError(f"not available in {self.host.mode} mode")

    # ------------------------------------------------------------ hints
    @messages.on("hint")
    def ask_hint(self) -> None:
        """The move the search prefers for the player to move, with its reason (in the
        background); counted in the result line."""
        self.need("play")
        play = self.play
        g = play.game
        if not play.humans_turn() or play.cover:
            raise IllegalMoveError("a hint is for your turn", rule="hint-not-your-turn")
        analyst = self.analyst or analysis_module("standard")
        copy = g.copy()
        budget = self.host.review_budget
        self.hints.ask(g, position_key(g), lambda: analyst.hint(copy, budget=budget))
        self.host.refresh()

    def count_hint(self) -> None:
        """A hint was shown: the result line counts it."""
        self.play.hints_used += 1

    def current_hint(self) -> dict | None:
        g = self.play.game
        return self.hints.current(g, position_key(g), g.is_over())

    def hint_standing(self) -> bool:
        """Whether the position on screen has its hint (shown, or on its way)."""
        g = self.play.game
        return self.hints.standing(g, position_key(g), g.is_over())

    def hint_view(self) -> dict | None:
        hint = self.current_hint()
        if hint is None:
            return None
        return {"move": None, **self.hints.view(hint, self.words.say, self.hint_words, self.search_preparing)}

    def search_preparing(self) -> bool:
        """Whether the hint waits for the search kernel to be prepared."""
        return search_preparing(self.analyst or analysis_module("standard"))

    def hint_words(self, d: Any) -> dict:
        move = Move.parse(d.best)
        text = hint_line(d, self.words.say, self.words.lang, texts.move_words(move, self.words.lang, self.words.nameset))
        return {"text": text, "move": move_json(move), "flags": list(d.flags or [])}

    # ------------------------------------------------------------ save and load
    def record_source(self) -> Any:
        """What the record on offer is of: the finished game, or the replay on screen."""
        if self.host.mode == "replay":
            return self.host.replay_mode.replay
        g = self.play.game
        return g if g.is_over() else None

    @messages.on("save")
    def show_record(self) -> None:
        """Put the record in the view, to download or copy: only once the game is over (it
        holds both hands and the decks)."""
        self.need("play", "replay")
        source = self.record_source()
        if source is None:
            raise IllegalMoveError("the record can be saved once the game is over", rule="game-not-over")
        self.record_shown_for = source
        self.host.refresh()

    def record_text(self) -> str | None:
        source = self.record_source()
        if source is None or source is not self.record_shown_for:
            return None
        return source.record if isinstance(source, Replay) else source.record()

    @messages.on("load", text=Text())
    def load(self, text: str) -> None:
        """A pasted record opens in replay mode; a pasted position is played on from (you
        take the side to move, against the same opponent)."""
        self.need("play", "replay")
        kind, loaded = load_text(text)
        self.hints.forget()
        line = self.words.line   # kept as words: a switch of language re-words them
        if kind == "record":
            self.host.open_replay(loaded, loaded=True)
            self.host.replay_mode.message = {"kind": "info", "text": line("study.loaded_record", n=loaded.total)}
        else:
            self.host.play_loaded(loaded)
            self.play.message = {"kind": "info",
                                 "text": line("study.loaded_position", side=texts.Player(loaded.to_move))}
        self.host.refresh()

    # ------------------------------------------------------------ into replay
    @messages.on("replay_open", review=Boolean(optional=True))
    def open_replay(self, review: bool = False) -> None:
        """Step through the finished game (and review it)."""
        self.need("play")
        g = self.play.game
        if not g.is_over():
            raise IllegalMoveError("a game is replayed once it is over", rule="game-not-over")
        self.host.replay_game(g)
        if review and (self.host.replay_mode.review is None or self.host.replay_mode.review.state != "done"):
            self.host.replay_mode.start_review()
        self.host.refresh()

    # ------------------------------------------------------------ the view
    def view(self) -> dict:
        """The study part of the play and replay views."""
        say = self.words.say
        mode = self.host.mode
        g = self.play.game
        over = mode == "replay" or g.is_over()
        ready = analysis_ready("standard", self.analyst)
        return {
            "hint": self.hint_view() if mode == "play" else None,
            "can_hint": ready and mode == "play" and self.play.humans_turn() and not self.play.cover
            and not self.hint_standing(),
            "can_review": ready and mode == "play" and g.is_over() and bool(g.moves),
            "analysis": ready,
            "hints_used": self.play.hints_used if mode == "play" else 0,
            "can_replay": mode == "play" and g.is_over() and bool(g.moves),
            "record_available": over,
            "record": self.record_text(),
            "record_file": RECORD_FILE,
            "words": study_words(say),
        }
