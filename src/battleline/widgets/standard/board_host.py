"""What Battle Line's widget tells its analysis board (:class:`..board.BoardController`):
what "Analyse" opens on in each mode, a review's marked decision and its better move, and
the mode to show while the board is open and after it.

A finished game (a replay of it, or the game just ended) is analysed from its real
position; a game going on, a loaded unfinished record, the editor's position and a puzzle
from the knowledge of one seat (the human's, the replay's, the side to move's), their
unseen cards dealt again.
"""

from __future__ import annotations

from typing import Any

from ... import texts
from ...annotation import Review, check_budget
from ...errors import IllegalMoveError
from .study import MARKED

__all__ = ["BoardHosting"]


class BoardHosting:
    """A mixin of :class:`~.shell.BattleLineWidget`: the board's host side."""

    board_origin = "play"     # the mode the board goes back to

    def seat_name(self, seat: int) -> str:
        return texts.player_name(seat, self.wording.lang)

    def board_start(self) -> tuple[Any, int | None, int | None, str]:
        """The game, move index, viewer and mode "Analyse" opens on now."""
        mode = self.mode
        if mode == "board":
            mode = self.board_origin
        if mode == "replay":
            r = self.replay_mode
            final = r.replay.final
            return final, r.cursor.index, None if final.is_over() else r.seat, "replay"
        if mode == "edit":
            game = self.edit_mode.draft.game()        # a ValueError names what the draft lacks
            return game, None, game.to_move, "edit"
        if mode == "puzzle":
            game = self.puzzle_mode.session.game
            return game, None, game.to_move, "puzzle"
        play = self.play_mode
        g = play.game
        if play.thinking or play.cover:
            raise IllegalMoveError("the board opens on your turn, or once the game is over")
        if g.is_over():
            return g, None, None, "play"
        return g, None, g.to_move if play.hot_seat else play.seat, "play"

    def board_decision(self, index: int | None) -> tuple[Any, list[str]]:
        """The review's marked decision at move ``index`` (None: the move on screen) and its
        better move."""
        r = self.replay_mode if self.mode in ("replay", "board") else None
        review = None if r is None else r.review
        if review is None:
            raise IllegalMoveError("the line is shown for a move the review marked: review the game first")
        i = r.cursor.index - 1 if index is None else index
        d = review.decisions.get(i)
        if d is None or d.label not in MARKED or d.best is None:
            raise IllegalMoveError(f"move {i + 1} has no better move marked by the review")
        return d, [str(d.best)]

    def practice_review(self) -> tuple[Any, Review, int]:
        """The replay's game, its finished review (as the widget ran it: its budget, seed 0)
        and the seat reviewed, for "Practise"."""
        r = self.replay_mode if self.mode in ("replay", "board") else None
        progress = None if r is None else r.review
        if progress is None or progress.state == "running":
            raise IllegalMoveError("practise once the review has finished", rule="practice-no-review")
        from ...standard.reviewing import BUDGET
        decisions = [progress.decisions[i] for i in sorted(progress.decisions)]
        review = Review("standard", [str(m) for m in r.replay.moves], [], decisions, seat=r.seat,
                        budget=check_budget(self.review_budget, BUDGET), seed=0)
        return r.replay.final, review, r.seat

    def board_shown(self, on: bool) -> None:
        """Show the board (its game on screen is left as it was), or the mode it came from."""
        if on:
            if self.mode != "board":
                self.board_origin = self.mode
            if self.mode == "play":
                self.play_mode.stop()
            self.mode = "board"
            return
        self.mode = self.board_origin
        if self.mode == "play":
            self.refresh()
            self.play_mode.maybe_bot()

    def board_entry(self) -> dict:
        """What the game's views offer of the board: "Analyse", and "Show the line" on a
        move the review marked."""
        mode = self.mode
        can = mode in ("replay", "edit", "puzzle") or (mode == "play" and not self.play_mode.thinking
                                                       and not self.play_mode.cover)
        line = False
        if mode == "replay" and self.replay_mode.review is not None:
            d = self.replay_mode.review.decisions.get(self.replay_mode.cursor.index - 1)
            line = d is not None and d.label in MARKED and d.best is not None
        return {"can_analyse": can, "can_line": line, "can_practise": mode == "replay" and self.board.practice.available(),
                "words": {"analyse": self.wording.say("board.analyse"), "line": self.wording.say("board.line"),
                          "practise": self.wording.say("practice.start")}}
