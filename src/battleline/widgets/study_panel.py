"""The study panel's flows, written once for both games' widgets: a hint asked for, the record
saved and a pasted one loaded, the replay stepped through, and the review started, streamed
in and stopped.

Each flow is a mixin whose message handlers call a few hooks of the game's own panel
(:class:`~.standard.study.StudyTools` and :class:`~.standard.study.ReplayController` in
Battle Line, :class:`~.ancient.study.AncientStudy` in Ancient Battles): the live game and
whether it is over, a copy for the analysis, the record's source, what a pasted record or
position opens. What differs stays there: the board, the words, the plan's steps.
:func:`study_routes` and :func:`replay_routes` register the shared handlers in a panel's
:class:`~.messages.MessageRouter` (a feature of its own, e.g. practise, adds its routes to the
same router beside them).

>>> load_pasted("  ", str, str)
Traceback (most recent call last):
...
ValueError: paste a record or a position first
>>> load_pasted('{"moves": []}', len, str), load_pasted("position", len, str)
(('record', 13), ('position', 'position'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import IllegalMoveError, PositionError, check_record_length, shorten
from .messages import Boolean, Choice, Integer, MessageRouter, Text
from .study import ReviewProgress, analysis_module, analysis_ready, search_preparing, study_words

__all__ = ["load_pasted", "SteppedRecord", "HintFlow", "RecordFlow", "ReplayFlow", "ReviewFlow", "study_routes", "replay_routes",
           "MARKED"]

#: The labels whose better move a replay shows.
MARKED = ("inaccuracy", "mistake", "blunder")


def load_pasted(text: Any, record: Callable[[str], Any], position: Callable[[str], Any]) -> tuple[str, Any]:
    """A pasted text read as a record (``("record", record(text))``) or a position
    (``("position", position(text))``); a ValueError names what is wrong with it as either."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("paste a record or a position first")
    check_record_length(text)      # before reading it: megabytes of JSON take many times that
    if text.lstrip().startswith("{"):
        return "record", record(text)
    try:
        return "position", position(text)
    except PositionError as e:
        raise ValueError(f"neither a record nor a position: {shorten(str(e), 120)}") from None


class SteppedRecord:
    """A record stepped through, for either game (a :class:`~battleline.interface.GameState`):
    ``start()`` gives its first position and ``record_actions`` its actions; each position is
    rebuilt from the start by replaying them, never read from a live game's hidden state."""

    record_actions: list
    cursor_game: Any = None

    def position(self, index: int) -> Any:
        """The game after ``index`` actions, replayed from the record's start (the same game
        object is stepped forward; going back replays from the start). Do not change it."""
        g = self.cursor_game
        if g is None or len(g.actions_taken) > index:
            g = self.start()
        while len(g.actions_taken) < index:
            g.play(self.record_actions[len(g.actions_taken)])
        self.cursor_game = g
        return g


class Refusals:
    """A panel's refusals, by key: ``(message, rule)`` (the rule None where the game's widget
    words none)."""

    refusals: Mapping[str, tuple[str, str | None]] = {}

    def refuse(self, key: str) -> IllegalMoveError:
        message, rule = self.refusals[key]
        return IllegalMoveError(message, rule=rule)


class HintFlow(Refusals):
    """A hint of the live game's position. Hooks: ``game_name`` (``"standard"``, ``"ancient"``),
    ``hint_game()`` (the live game, after checking that a hint may be asked for), ``is_over(g)``,
    ``position_key(g)``, ``analysis_copy(g)``; ``host``, ``hints`` (a :class:`~.study.HintDesk`)
    and ``analyst`` (None: the game's analysis)."""

    game_name = ""

    def analysis(self) -> Any:
        return self.analyst or analysis_module(self.game_name)

    def ask_hint(self) -> None:
        """The move the search prefers for the player to move, with its reason (in the
        background); counted in the result line."""
        g = self.hint_game()
        analyst = self.analysis()
        copy = self.analysis_copy(g)
        budget = self.host.review_budget
        self.hints.ask(g, self.position_key(g), lambda: analyst.hint(copy, budget=budget))
        self.host.refresh()

    def current_hint(self) -> dict | None:
        g = self.live_game()
        return self.hints.current(g, self.position_key(g), self.is_over(g))

    def hint_standing(self) -> bool:
        """Whether the position on screen has its hint (shown, or on its way)."""
        g = self.live_game()
        return self.hints.standing(g, self.position_key(g), self.is_over(g))

    def search_preparing(self) -> bool:
        """Whether the hint waits for the search kernel to be prepared."""
        return search_preparing(self.analysis())

    def shown_hint(self, hint: dict, say: Callable[..., str], empty: dict) -> dict:
        """The hint for the view: ``empty``'s fields, then the hint desk's."""
        return {**empty, **self.hints.view(hint, say, self.hint_words, self.search_preparing)}


class RecordFlow(Refusals):
    """Save and load. Hooks: ``record_source()`` (the finished game or the replay on screen,
    else None), ``check_saving()``, ``read_pasted(text)`` (:func:`load_pasted`),
    ``open_loaded_record(replay)`` and ``play_loaded_position(game)``; ``host`` and ``hints``."""

    record_file = ""
    record_shown_for: Any = None

    def check_saving(self) -> None:
        """Refuse when saving and loading are not offered here (the default: they are)."""

    def show_record(self) -> None:
        """Put the record in the view, to download or copy: only once the game is over (it
        holds both hands and the decks)."""
        self.check_saving()
        source = self.record_source()
        if source is None:
            raise self.refuse("save")
        self.record_shown_for = source
        self.host.refresh()

    def record_text(self) -> str | None:
        """The record the view shows, once asked for (a replay's text, or the game's)."""
        source = self.record_source()
        if source is None or source is not self.record_shown_for:
            return None
        record = source.record
        return record if isinstance(record, str) else record()

    def load(self, text: str) -> None:
        """A pasted record opens in the replay; a pasted position is played on from."""
        self.check_saving()
        kind, loaded = self.read_pasted(text)
        self.hints.forget()
        if kind == "record":
            self.open_loaded_record(loaded)
        else:
            self.play_loaded_position(loaded)
        self.host.refresh()

    def open_finished(self, review: bool = False) -> None:
        """Step through the finished game (and review it)."""
        replay = self.replay_finished()
        if review and (replay.review is None or replay.review.state != "done"):
            replay.start_review()
        self.host.refresh()

    def study_view(self, **parts: Any) -> dict:
        """The study part of a view (the live game's, or a replay's): ``parts`` (``hint``,
        ``can_hint``, ``hints_used``, ``can_replay``, ``can_review``, ``analysis``,
        ``record_available``, in the game's order), then the record on offer and the words."""
        return {**parts, "record": self.record_text(), "record_file": self.record_file,
                "words": study_words(self.say)}


class ReplayFlow(Refusals):
    """The replay's cursor, the open hands and the seat it is seen from. Hooks:
    ``need_replay()``, ``may_open_hands``, ``seat_of(name)`` (a seat's name as the panel keeps
    it); ``cursor``, ``seat``, ``fixed_seat``, ``hands_open``, ``message`` and ``host``."""

    def need_replay(self) -> None:
        """Refuse when no replay is on screen (the default: the panel is the replay's)."""

    def seat_of(self, name: str) -> Any:
        return name

    def goto(self, index: int) -> None:
        """Show the position after ``index`` moves."""
        self.need_replay()
        self.cursor.go(index)
        self.message = None
        self.host.refresh()

    def step(self, by: int) -> None:
        """One move on (``by`` 1) or back (-1), from the move on screen here: steps sent
        before the view came back each count."""
        self.need_replay()
        self.cursor.step(by)
        self.message = None
        self.host.refresh()

    def open_hands(self, open: bool) -> None:
        self.need_replay()
        if open and not self.may_open_hands:
            raise self.refuse("hands")
        self.hands_open = open
        self.host.refresh()

    def view_as(self, seat: str) -> None:
        self.need_replay()
        chosen = self.seat_of(seat)
        if self.fixed_seat and chosen != self.seat:
            raise self.refuse("seat")
        self.seat = chosen
        self.host.refresh()

    def move_list(self, rows: list[tuple[Any, str]]) -> list[dict]:
        """The replay's move list: per move, who made it and its words, with its mark."""
        marks = self.review.marks() if self.review else {}
        return [{"index": k, "number": k + 1, "text": text, "mine": actor == self.seat, "mark": marks.get(k, "")}
                for k, (actor, text) in enumerate(rows)]

    def panel(self, where: dict, moves: list[dict], decision: dict | None, better: dict | None, *,
              seat: str, seats: list[dict], who: str) -> dict:
        """The replay panel's view (``seat``: the seat on screen's name; ``who``: its words)."""
        review = self.review
        return {
            **where, "moves": moves, "seat": seat, "fixed_seat": self.fixed_seat, "seats": seats,
            "hands_open": self.hands_open, "may_open_hands": self.may_open_hands,
            "can_review": self.may_open_hands and self.replay.total > 0
            and analysis_ready(self.game_name, self.review_analyst()),
            "review": None if review is None else review.view(self.say, who),
            "decision": decision, "better": better, "loaded": self.loaded,
            "words": study_words(self.say),
        }


class ReviewFlow(Refusals):
    """The review of the replay on screen, streaming in. Hooks: ``review_analyst()`` (the
    widget's analysis, or None), ``review_progress(seat, analyst)`` (its
    :class:`~.study.ReviewProgress`, with how many decisions it judges), ``review_game()``
    (the game the analysis reads); ``review_runner``, ``review``, ``seat``, ``fixed_seat``."""

    game_name = ""
    review: ReviewProgress | None = None

    def start_review(self) -> None:
        """Judge the game's decisions in the background; each shows as it comes."""
        self.need_replay()
        if not self.may_open_hands:
            raise self.refuse("review")
        analyst = self.review_analyst() or analysis_module(self.game_name)
        seat = self.seat if self.fixed_seat else None
        self.review = self.review_progress(seat, analyst)
        game = self.review_game()
        budget = self.host.review_budget
        self.review_runner.start(lambda: analyst.iter_review(game, seat, budget=budget), self.judged,
                                 self.review_done)
        self.host.refresh()

    def stop_review(self) -> None:
        if self.review is None or self.review.state != "running":
            raise self.refuse("no-review")
        self.stop_review_quietly()
        self.host.refresh()

    def stop_review_quietly(self) -> None:
        if self.review is not None and self.review.state == "running":
            self.review_runner.cancel()
            self.review.finish(None, stopped=True)

    def judged(self, decision: Any) -> None:
        if self.review is not None:
            self.review.add(decision)
            self.host.refresh()

    def review_done(self, error: Exception | None) -> None:
        if self.review is not None and self.review.state == "running":
            self.review.finish(error)
            self.host.refresh()


def study_routes(router: MessageRouter, panel: type) -> MessageRouter:
    """``router`` with the study tools' messages (hint, save, load, into the replay) answered
    by ``panel``'s flows."""
    router.on("hint")(panel.ask_hint)
    router.on("save")(panel.show_record)
    router.on("load", text=Text())(panel.load)
    router.on("replay_open", review=Boolean(optional=True))(panel.open_finished)
    return router


def replay_routes(router: MessageRouter, panel: type, seats: Any) -> MessageRouter:
    """``router`` with the replay's messages (the cursor, the hands, the seat among ``seats``,
    the review) answered by ``panel``'s flows; closing the replay is the panel's own."""
    router.on("replay_goto", index=Integer(0))(panel.goto)
    router.on("replay_step", by=Integer(-1, 1))(panel.step)
    router.on("replay_hands", open=Boolean())(panel.open_hands)
    router.on("replay_seat", seat=Choice(seats))(panel.view_as)
    router.on("review_start")(panel.start_review)
    router.on("review_stop")(panel.stop_review)
    router.on("replay_close")(panel.close_replay)
    return router
