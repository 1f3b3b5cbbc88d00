"""Puzzle mode: a list of puzzles, one :class:`~battleline.standard.puzzles.session.PuzzleSession`
at a time.

Every message kind of puzzle mode has one typed handler in
:data:`PuzzleController.messages`.

>>> from battleline.widgets import PuzzleWidget
>>> w = PuzzleWidget()
>>> w._on_msg(None, {"type": "puzzle_goto", "number": 2}); w.view["puzzle"]["number"]
2
"""

from __future__ import annotations

from ... import texts
from ...standard.moves import IllegalMoveError, Move
from ...standard.puzzles.session import PuzzleSession
from .host import Host
from ..messages import Integer, IntegerList, MessageRouter, Text
from .play import option_labels
from .table import Seat, table_view

__all__ = ["PuzzleController"]


class PuzzleController:
    """Puzzle mode of one widget (``host``): the puzzles and the one being tried."""

    messages = MessageRouter("puzzle mode")

    def __init__(self, host: Host, puzzles: list):
        if not puzzles:
            raise ValueError("puzzle mode needs at least one puzzle")
        self.host = host
        self.words = host.wording
        self.puzzles = list(puzzles)
        self.index = 0
        self.explain: int | None = None
        self.finale: str | None = None   # a text key said once the last puzzle is done (the lesson's)
        self.session = self.open(0, refresh=False)

    def open(self, index: int, refresh: bool = True) -> PuzzleSession:
        self.index = index
        self.session = PuzzleSession(self.puzzles[index], self.words.lang, self.words.nameset)
        self.explain = None
        if refresh:
            self.host.refresh()
        return self.session

    def reword(self) -> None:
        self.session.lang, self.session.names = self.words.lang, self.words.nameset

    def show_error(self, error) -> None:
        self.session.show_error(error)

    def check_explain(self, flag: int | None) -> None:
        if flag is not None and self.session.status == "solving":
            raise IllegalMoveError("explanations open once the puzzle is solved or shown",
                                   rule="explain-puzzle")

    def changed(self) -> None:
        if self.session.status == "solving":
            self.explain = None
        self.host.refresh()

    def play(self, move: Move | str) -> None:
        self.session.try_move(move)
        self.changed()

    # ------------------------------------------------------------ messages
    @messages.on("move", move=Text())
    def on_move(self, move: str) -> None:
        self.play(move)

    @messages.on("puzzle_answer", flags=IntegerList(most=9 * 9))
    def on_answer(self, flags: list[int]) -> None:
        self.session.answer_claims(flags)
        self.changed()

    @messages.on("puzzle_step")
    def on_step(self) -> None:
        self.session.step()
        self.changed()

    @messages.on("puzzle_solution")
    def on_solution(self) -> None:
        self.session.show_solution()
        self.changed()

    @messages.on("puzzle_reset")
    def on_reset(self) -> None:
        self.session.reset()
        self.explain = None
        self.host.refresh()

    @messages.on("puzzle_goto", number=Integer(1))
    def on_goto(self, number: int) -> None:
        if number > len(self.puzzles):
            raise ValueError(f"number must be a puzzle number from 1 to {len(self.puzzles)}, not {number}")
        self.open(number - 1)

    # ------------------------------------------------------------ the view
    def status(self) -> str:
        s = self.session
        if s.status != "solving":
            return s.feedback["text"] if s.feedback else ""
        if s.puzzle.kind == "claims":
            return self.words.say("pz_picks")
        if s.puzzle.kind == "win":
            n = s.turns_left
            return self.words.say("pz_turns", n=n, s="" if n == 1 else "s")
        return self.words.say("pz_solving")

    def finale_text(self) -> str | None:
        """What to do next, once the last puzzle is solved or shown (None before, or without one)."""
        last = self.index == len(self.puzzles) - 1
        if self.finale is None or not last or self.session.status == "solving":
            return None
        return self.words.say(self.finale)

    def view(self) -> dict:
        s = self.session
        p = s.puzzle
        g = s.game
        words = self.words
        legal = s.legal_moves()
        seat = Seat(viewer=s.seat, my_turn=bool(legal) or (p.kind == "claims" and s.status == "solving"),
                    legal=legal, claim_buttons=p.kind != "claims", explainable=s.status != "solving",
                    explain=self.explain,
                    opponent_known=tuple(g.hand(1 - s.seat)) if p.kind == "win" else None)
        return {
            **table_view(g, seat, words),
            "me": texts.player_name(s.seat, words.lang),
            "opponent": texts.player_name(1 - s.seat, words.lang),
            "hot_seat": self.host.hot_seat,   # as the widget was opened (no bot plays here)
            "thinking": False,
            "status": self.status(),
            "last": [],
            "log": list(s.steps),
            "claim": None,
            "message": None,
            "result": None,
            "score": {"mine": 0, "theirs": 0},
            "options": dict(self.host.options),  # shown only in play mode
            "option_labels": option_labels(words),
            "can_undo": False,
            "can_next_game": False,
            "can_edit": False,
            "puzzle": {
                "id": p.id, "title": p.text("title", words.lang), "level": p.level,
                "level_label": texts.level_name(p.level, words.lang),
                "kind": p.kind, "question": p.text("question", words.lang), "status": s.status,
                "feedback": s.feedback, "steps": list(s.steps), "can_step": s.can_step,
                "can_show_solution": s.can_show_solution, "tries": s.tries,
                "number": self.index + 1, "total": len(self.puzzles),
                "finale": self.finale_text(),
            },
        }
