"""Practise a review's mistakes on the analysis board, in both games' widgets.

After a review, "Practise" opens the learner's first mistake or blunder
(:func:`battleline.practice.exercises`) on the analysis board (:class:`.board.BoardController`):
the position before it as the learner knew it, "find a better move than ...". The learner plays
an answer on the board (a Battle Line move; an Ancient Battles action step's whole plan, or one
fight action); once it is whole, the review's judge weighs it in the background
(:meth:`battleline.practice.Exercise.attempt`) and the view says whether it is accepted (within
5 points of win chance of the best), then the board plays out the line the search expects after
it. A refused answer may be tried again (the board goes back to the position) or the answer
shown; "Next" opens the next exercise, "Save puzzle" puts the position in the puzzle
collection's format in the view, "Back to the game" leaves the board (the game and its record
were never touched).

The host (the widget) supplies :meth:`PracticeHost.practice_review`: the reviewed game, the
review as a :class:`~battleline.annotation.Review` and the learner's seat.

>>> PRACTICE_WORDS[:3]
('start', 'again', 'show')
"""

from __future__ import annotations

from typing import Any, Protocol

from ..errors import IllegalMoveError, shorten
from ..practice import PRACTISED, Exercise, Verdict, exercises
from .study import AnalysisRunner, percent

__all__ = ["PracticeController", "PracticeHost", "PRACTICE_WORDS"]

PRACTICE_WORDS = ("start", "again", "show", "next", "save", "back", "line", "saved")


class PracticeHost(Protocol):
    def practice_review(self) -> tuple[Any, Any, int]:
        """``(game, review, seat)``: the finished game, its Review and the learner's seat
        (raises when there is no finished review)."""


class PracticeController:
    """The practice of one widget's board (``board``): its exercises, the one on the board,
    and the verdict on the answer played."""

    def __init__(self, board: Any, background: bool) -> None:     # board: a .board.BoardController
        self.board = board
        self.runner = AnalysisRunner(background)
        self.exercises: list[Exercise] = []
        self.current = -1              # the exercise on the board (-1: no practice open)
        self.verdict: Verdict | None = None
        self.answer_node: int | None = None
        self.status = "answering"      # answering, judging, judged, shown
        self.failed: str | None = None
        self.saved: str | None = None
        self.position: Any = None      # the exercise's position (its words are read there)

    @property
    def active(self) -> bool:
        return self.current >= 0 and self.board.is_open

    @property
    def exercise(self) -> Exercise:
        if not self.active:
            raise IllegalMoveError("press Practise after a review first", rule="practice-closed")
        return self.exercises[self.current]

    def say(self, key: str, **blanks) -> str:
        return self.board.say(key, **blanks)

    # ------------------------------------------------------------ what the views offer
    def available(self) -> bool:
        """Whether "Practise" is offered: a finished review with a mistake of the learner's."""
        try:
            _, review, seat = self.board.host.practice_review()
        except (ValueError, AttributeError):
            return False
        return any(d.seat == seat and d.label in PRACTISED for d in review.decisions)

    # ------------------------------------------------------------ intents
    def start(self) -> None:
        """The learner's exercises from the review, the first on the board."""
        game, review, seat = self.board.host.practice_review()
        found = exercises(game, review, seat)
        if not found:
            raise IllegalMoveError("no mistakes or blunders of yours to practise in this review",
                                   rule="practice-none")
        self.exercises = found
        self.open(0)

    def open(self, k: int) -> None:
        e = self.exercises[k]
        self.runner.cancel()
        self.position = e.position()
        self.board.start(self.position, None, e.seat, "practice", e.world_seed)
        self.current, self.verdict, self.answer_node, self.status = k, None, None, "answering"
        self.failed = self.saved = None
        self.board.host.refresh()

    def again(self) -> None:
        """Back to the exercise's position, to answer again."""
        self.exercise
        self.runner.cancel()
        self.board.runner.cancel()
        self.board.thinking = None
        self.verdict, self.answer_node, self.status, self.failed = None, None, "answering", None
        self.board.go(0)

    def show(self) -> None:
        """The review's better move played on the board from the position, and its line."""
        e = self.exercise
        self.runner.cancel()
        board = self.board
        board.runner.cancel()
        board.thinking = None
        board.need().go(0)
        self.status = "shown"
        node = 0
        for action in e.best_actions():
            words = board.adapter.action_words(board.need().game(), action)
            node = board.need().play(action, source="line")
            board.words_of[(node, getattr(board.adapter.words, "lang", ""))] = words
        self.answer_node = node
        board.trail = board.need().path()
        if board.need().game().result is None:
            board.show_line()
        else:
            board.host.refresh()

    def next(self) -> None:
        if self.current + 1 >= len(self.exercises):
            raise IllegalMoveError("this was the last exercise", rule="practice-last")
        self.open(self.current + 1)

    def save(self) -> None:
        """The position as a puzzle of the collection format, shown to copy or download."""
        self.saved = self.exercise.to_puzzle().to_json()
        self.board.host.refresh()

    def closed(self) -> None:
        self.runner.cancel()
        self.current = -1
        self.status = "answering"

    # ------------------------------------------------------------ the answer
    def moved(self) -> None:
        """The board moved: once the moves from the position make a whole answer, judge it."""
        if not self.active or self.status != "answering":
            return
        board = self.board.need()
        path = board.path()
        actions = [board.node(n).action for n in path]
        e = self.exercise
        if not actions or not e.is_whole(actions):
            return
        try:
            e.answer_actions(actions)          # a plan that draws, or goes on past its step
        except ValueError as error:
            board.go(0)
            self.board.show_error(error)
            return
        self.answer_node = path[-1]
        self.status = "judging"
        self.runner.start(lambda: [e.attempt(actions)], self.judged, self.judged_done)

    def judged(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.status = "judged"

    def judged_done(self, error: Exception | None) -> None:
        if error is not None:
            self.failed = f"{type(error).__name__}: {shorten(str(error))}"
            self.status = "answering"
        elif self.verdict is not None and self.active and self.board.need().game().result is None:
            self.board.need().go(self.answer_node)
            self.board.show_line()       # the line the search expects after the answer
            return
        self.board.host.refresh()

    # ------------------------------------------------------------ the view
    def view(self) -> dict | None:
        if not self.active:
            return None
        e = self.exercise
        board = self.board.need()
        played = self.decision_words(e.played)
        question = self.say("practice.question", played=played, n=e.points_lost)
        words = {key: self.say(f"practice.{key}") for key in PRACTICE_WORDS}
        return {
            "n": self.current + 1, "total": len(self.exercises),
            "title": self.say("practice.title", n=self.current + 1, total=len(self.exercises)),
            "question": question, "status": self.status, "prompt": self.prompt(board),
            "verdict": self.verdict_view(), "answer": self.answer_view(),
            "line": self.line_words(board) if self.status in ("judged", "shown") else [],
            "failed": None if self.failed is None else self.say("practice.failed", text=self.failed),
            "can_again": self.status in ("judged", "shown") or (self.status == "answering" and board.cursor != 0),
            "can_show": self.status in ("answering", "judged") and not (self.verdict and self.verdict.accepted),
            "can_next": self.current + 1 < len(self.exercises), "can_save": True,
            "saved": self.saved, "words": words,
        }

    def prompt(self, board: Any) -> str:
        if self.status == "judging":
            return self.say("practice.judging")
        if self.status == "answering" and board.cursor:
            plan = ", ".join(self.board.words_of.get((n, getattr(self.board.adapter.words, "lang", "")),
                                                     board.node(n).action) for n in board.path())
            return self.say("practice.plan_going", plan=plan)
        return self.say("practice.your_turn") if self.status == "answering" else ""

    def decision_words(self, text: str) -> str:
        """A move or plan of the exercise's position in the words on screen."""
        words = getattr(self.board.adapter, "decision_words", None)
        return words(self.position, text) if words is not None else text

    def verdict_view(self) -> dict | None:
        v = self.verdict
        if v is None:
            return None
        blanks = {"answer": self.decision_words(v.answer), "chance": percent(v.chance),
                  "best_chance": percent(v.chance_best)}
        text = (self.say("practice.accepted", within=5, **blanks) if v.accepted
                else self.say("practice.refused", behind=v.points_behind, **blanks))
        return {"accepted": v.accepted, "text": text, "chance": percent(v.chance), "best": percent(v.chance_best)}

    def answer_view(self) -> str | None:
        if self.status != "shown":
            return None
        d = self.exercise.decision
        return self.say("practice.answer_is", best=self.decision_words(d.best), chance=percent(d.chance_best))

    def line_words(self, board: Any) -> list[str]:
        """The answer's line: the moves after the answer along the board's first variation."""
        if self.answer_node is None:
            return []
        lang = getattr(self.board.adapter.words, "lang", "")
        out, n = [], self.answer_node
        while board.children(n):
            n = board.children(n)[0]
            node = board.node(n)
            out.append(f"{self.board.adapter.side_name(node.seat)}: {self.board.words_of.get((n, lang), node.action)}")
        return out
