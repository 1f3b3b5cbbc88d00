"""Trying a puzzle: moves are judged as they are made, and the solution is shown step by step.

A :class:`PuzzleSession` is what the widget's puzzle mode runs, and it works as
well from plain Python:

>>> from battleline.standard.puzzles import bundled
>>> s = PuzzleSession(next(p for p in bundled() if p.kind == "move"))
>>> s.status
'solving'
>>> s.step(); s.status, s.feedback["kind"]
('revealed', 'info')

A wrong move is taken back at once, with the reason; the right one solves the
puzzle. In a ``win`` puzzle the opponent answers each of your turns with its
longest defence, found by the exact solver.
"""

from __future__ import annotations

import time

from ..game import Game
from ...errors import InvalidMoveError, shorten
from ..moves import IllegalMoveError, Move
from .. import solver
from ...compiled import compiled
from ... import texts
from . import Puzzle

__all__ = ["PuzzleSession"]


def kernel_solver():
    """The kernel's solver module, loaded when first used: it needs NumPy, which a browser's
    Pyodide may lack (there the engine's solver judges the moves)."""
    from ..kernel import solver as module
    return module

SOLVER_SECONDS = 30.0  # judging a move
STEP_SECONDS = 5.0     # working out the next step of a solution: the kernel waits for it


class PuzzleSession:
    """One attempt at a puzzle. ``status`` is ``solving``, ``solved`` or ``revealed``;
    ``feedback`` is None or ``{"kind": "right" | "wrong" | "info", "text", "lines"}``;
    ``steps`` the solution steps shown so far."""

    def __init__(self, puzzle: Puzzle, lang: str = "en", names: str = "ancient"):
        texts.check(lang, names)
        if compiled():    # the kernel (NumPy) loads only where numba compiles it
            kernel_solver().prepare_solver(background=True)   # used once ready; nothing waits for it
        self.puzzle = puzzle
        self.lang = lang
        self.names = names
        self.reset()

    def reset(self) -> None:
        """Start again from the puzzle's position."""
        self.game: Game = self.puzzle.game()
        self.seat = self.game.to_move
        self.status = "solving"
        self._fb: tuple[str, list] | None = None   # (kind, lines) said in the language on screen
        self._steps: list[texts.Line] = []
        self.turns_left = int(self.puzzle.answer.get("turns", 0)) if self.puzzle.kind == "win" else 0
        self._claim_steps: list[int] | None = None
        self._hinted = False
        self.tries = 0          # wrong answers so far (a claims puzzle gives hints meanwhile)
        self._solution_shown = False

    # ------------------------------------------------------------- words
    # Feedback and steps are kept as texts.Line and said in ``lang`` and ``names`` when read,
    # so that switching the language re-words them.
    def _say(self, key: str, **kw) -> texts.Line:
        return texts.Line(key, **kw)

    @staticmethod
    def _why(result):
        return result  # a ClaimResult: explained in words when said

    def _feedback(self, kind: str, lines: list) -> None:
        self._fb = (kind, list(lines))

    @staticmethod
    def _move_words(m: Move) -> Move:
        return m  # said as in the log (``R7@3`` is ``Red 7 at flag 3``)

    @property
    def feedback(self) -> dict | None:
        """None or ``{"kind", "text", "lines"}`` in the session's language."""
        if self._fb is None:
            return None
        lines = [texts.render(line, self.lang, self.names) for line in self._fb[1]]
        return {"kind": self._fb[0], "text": " ".join(lines), "lines": lines}

    @feedback.setter
    def feedback(self, value: dict | None) -> None:
        self._fb = None if value is None else (value["kind"], list(value.get("lines") or [value["text"]]))

    def show_error(self, err: BaseException) -> None:
        """Show a refused answer or move (said in the session's language)."""
        self._fb = ("wrong", [err])

    @property
    def steps(self) -> list[str]:
        """The solution steps shown so far, in the session's language."""
        return [s.render(self.lang, self.names) for s in self._steps]

    @property
    def can_step(self) -> bool:
        """Whether another solution step can be shown."""
        if self.puzzle.kind == "claims":
            if self._solution_shown:
                return False
            return self.status == "solving" or (
                self.status == "revealed" and len(self._steps) <= len(self._claim_steps or []))
        return self.status == "solving" and not self.game.is_over()

    # ----------------------------------------------------------- answers
    def legal_moves(self) -> list[Move]:
        """The moves offered on the board now."""
        g = self.game
        if self.status != "solving" or self.puzzle.kind == "claims" or g.is_over():
            return []
        if g.to_move != self.seat:
            return []
        return g.legal_moves(claims=self.puzzle.kind == "win")

    def answer_claims(self, flags) -> bool:
        """Answer a ``claims`` puzzle with the flags picked; True when right."""
        if self.puzzle.kind != "claims":
            raise IllegalMoveError("this puzzle is answered by playing moves, not by picking flags",
                                   rule="pz-moves-kind")
        if self.status != "solving":
            raise IllegalMoveError(texts.say("en", "pz_done"), rule="pz-done")
        try:
            picked = sorted({int(f) for f in flags})
        except (TypeError, ValueError):
            raise InvalidMoveError(f"flags must be a list of flag numbers, not {shorten(flags)}",
                                   rule="pz-flags-list") from None
        bad = [f for f in picked if not 1 <= f <= 9]
        if bad:
            raise InvalidMoveError(f"flags are numbered 1 to 9, not {bad[0]}", rule="flag-range")
        g = self.game
        want = g.provable_flags(self.seat)
        if picked == want:
            lines = [self._say("pz_right_claims", flags=texts.Flags(want)) if want
                     else self._say("pz_right_none")]
            lines += [self._say("pz_flag_yes", flag=f, why=self._why(g.check_claim(f, self.seat)))
                      for f in want]
            self.status = "solved"
            self._feedback("right", lines)
            return True
        # A hint, not the answer: how many picks are wrong and how many flags are missing,
        # with the reason for one wrong pick; the missed flags stay unnamed. Another try
        # follows, and the solution only on request (show_solution).
        self.tries += 1
        wrong = [f for f in picked if f not in want]
        missed = [f for f in want if f not in picked]
        lines = [self._say("pz_hint_wrong", n=len(wrong)) if wrong else self._say("pz_wrong_claims")]
        if missed:
            n = len(missed)
            lines.append(self._say("pz_hint_missed", n=n, s="" if n == 1 else "s"))
        if wrong:
            f = wrong[(self.tries - 1) % len(wrong)]   # another wrong pick explained at each try
            lines.append(self._say("pz_flag_no", flag=f, why=self._why(g.check_claim(f, self.seat))))
        lines.append(self._say("pz_try_again"))
        self._feedback("wrong", lines)
        return False

    @property
    def can_show_solution(self) -> bool:
        """Whether the whole solution of a ``claims`` puzzle may be asked for now."""
        return self.puzzle.kind == "claims" and self.status == "solving"

    def show_solution(self) -> None:
        """The whole answer of a ``claims`` puzzle, every flag with its reason (on request:
        a wrong answer only gives a hint)."""
        if self.puzzle.kind != "claims":
            raise IllegalMoveError("this puzzle's solution is shown step by step", rule="pz-solution-steps")
        if self.status != "solving":
            raise IllegalMoveError(texts.say("en", "pz_done"), rule="pz-done")
        g = self.game
        want = g.provable_flags(self.seat)
        lines = [self._say("pz_solution_claims", flags=texts.Flags(want)) if want
                 else self._say("pz_solution_none")]
        for f in range(1, 10):
            if g.claimed_by(f) is None and len(g.cards_at(f, self.seat)) >= g.required(f):
                r = g.check_claim(f, self.seat)
                lines.append(self._say("pz_flag_yes" if r else "pz_flag_no", flag=f, why=self._why(r)))
        self.status = "revealed"
        self._hinted = True
        self._solution_shown = True   # nothing left to show step by step
        self._feedback("info", lines)

    def try_move(self, move: Move | str) -> bool:
        """Play one of your moves. A wrong one is taken back at once (``feedback`` says why);
        returns True when the move is right (or keeps a forced win)."""
        if self.status != "solving":
            raise IllegalMoveError(texts.say("en", "pz_done"), rule="pz-done")
        if self.puzzle.kind == "claims":
            raise IllegalMoveError(texts.say("en", "pz_not_move_kind"), rule="pz-claims-kind")
        g = self.game
        if g.to_move != self.seat:
            raise IllegalMoveError("wait for your opponent's answer", rule="pz-wait")
        m = g.parse_move(move)
        if self.puzzle.kind == "better":
            return self._try_better_move(m)
        if self.puzzle.kind == "move":
            if m.kind == "claim":
                raise IllegalMoveError("find the card to play; claims come after it", rule="pz-claim-later")
            return self._try_flag_move(m)
        return self._try_win_move(m)

    def _try_flag_move(self, m: Move) -> bool:
        g = self.game
        flag = int(self.puzzle.answer["flag"])
        g.play(m)  # the engine's check: an illegal move raises and changes nothing
        result = g.check_claim(flag, self.seat)
        words = self._move_words(m)
        if g.claimed_by(flag) is None and result:
            self.status = "solved"
            self._feedback("right", [self._say("pz_right_move", move=words, flag=flag, why=self._why(result))])
            return True
        g.undo()
        self._feedback("wrong", [self._say("pz_wrong_move", move=words, flag=flag, why=self._why(result))])
        return False

    def _try_better_move(self, m: Move) -> bool:
        """A ``better`` puzzle: the move judged by the search as the review judged the
        mistake; within the margin it solves the puzzle, else it is taken back."""
        from . import judge_better
        ok, d = judge_better(self.puzzle, m)      # an illegal move raises and changes nothing
        blanks = {"move": self._move_words(m), "chance": round(100 * d.chance_played),
                  "best": round(100 * d.chance_best)}
        if ok:
            self.game.play(m)
            self.status = "solved"
            self._feedback("right", [self._say("pz_better_right", within=self.puzzle.answer["within"], **blanks)])
            return True
        behind = max(0, round(100 * (d.chance_best - d.chance_played)))
        self._feedback("wrong", [self._say("pz_better_wrong", behind=behind, **blanks)])
        return False

    @staticmethod
    def _on_kernel() -> bool:
        """Whether the kernel's solver is compiled and ready. It finds what the engine's solver
        finds (the same lines), many times faster; until it is ready the engine's is used."""
        return compiled() and kernel_solver().solver_ready()

    def _search(self, seconds: float = SOLVER_SECONDS):
        """The exact search for the puzzle's side, bounded in time (a TimeoutError past it)."""
        search = kernel_solver().KernelSearch if self._on_kernel() else solver.Search
        return search(self.seat, time.perf_counter() + seconds, None)

    def _solve(self, turns: int, seconds: float):
        return (kernel_solver().solve if self._on_kernel() else solver.solve)(self.game, turns, seconds=seconds)

    def _try_win_move(self, m: Move) -> bool:
        g = self.game
        if m.kind == "claim":
            result = g.check_claim(m.flag, self.seat)
            if not result:
                self._feedback("wrong", [self._say("pz_flag_no", flag=m.flag, why=self._why(result))])
                return False
        before = len(g.moves)
        g.play(m)  # the engine's check: an illegal move raises and changes nothing
        try:
            return self._judge_win_move(m)
        except TimeoutError:
            while len(g.moves) > before:
                g.undo()
            raise IllegalMoveError(f"the solver could not judge {m} within {SOLVER_SECONDS:.0f} s; "
                                   "nothing was played", rule="pz-timeout", seconds=round(SOLVER_SECONDS)) from None

    def _judge_win_move(self, m: Move) -> bool:
        """Right after your move ``m``: keep it (and answer it) or take it back."""
        g = self.game
        words = self._move_words(m)
        if g.is_over():
            return self._finished()
        search = self._search()
        if g.to_move == self.seat:
            if search.win(g, self.turns_left) is None:
                g.undo()
                n = self.turns_left
                self._feedback("wrong", [self._say("pz_wrong_win_mid", move=words, n=n, s="" if n == 1 else "s")])
                return False
            self.feedback = None
            return True
        defence = self._defence(search)
        if defence is not None:
            g.undo()
            self._feedback("wrong", [self._say("pz_wrong_win", move=words, defence=defence)])
            return False
        answered = self._answer(search)
        if g.is_over():
            return self._finished()
        self.turns_left -= 1
        self._feedback("info", [self._say("pz_good", moves=answered),
                                self._say("pz_turns", n=self.turns_left, s="" if self.turns_left == 1 else "s")])
        return True

    def _defence(self, search) -> str | None:
        """With the opponent to move: one of their moves that escapes, in words, or None."""
        g = self.game
        for d in g.legal_moves():
            g.push(d)
            try:
                if search.win(g, self.turns_left - 1) is None:
                    return self._move_words(d)
            finally:
                g.undo()
        return None

    def _answer(self, search) -> list[str]:
        """The opponent plays out its turn along the longest defence."""
        g = self.game
        played = []
        while not g.is_over() and g.to_move != self.seat:
            line = search.win(g, self.turns_left - 1)
            d = line[0] if line else g.legal_moves()[0]
            g.push(d)
            played.append(self._move_words(d))
        return played

    def _finished(self) -> bool:
        o = self.game.outcome()
        if o.winner == self.seat:
            self.status = "revealed" if self._hinted else "solved"
            self._feedback("right", [self._say("pz_won", result=o)])
            return True
        m = self.game.undo()
        self._feedback("wrong", [self._say("pz_wrong_win_end", move=self._move_words(m))])
        return False

    # ------------------------------------------------------------ solution
    def step(self) -> None:
        """Show the next step of the solution (playing it on the board)."""
        if not self.can_step:
            raise IllegalMoveError("the whole solution is already shown", rule="pz-all-shown")
        kind = self.puzzle.kind
        self._hinted = True
        if kind == "claims":
            self._claims_step()
        elif kind in ("move", "better"):
            self._move_step()
        else:
            self._win_step()

    def _add_step(self, text: str) -> None:
        self._steps.append(self._say("pz_step", n=len(self._steps) + 1, text=text))
        self._feedback("info", [self._steps[-1]])

    def _claims_step(self) -> None:
        g = self.game
        if self._claim_steps is None:
            self._claim_steps = [f for f in range(1, 10) if g.claimed_by(f) is None
                                 and len(g.cards_at(f, self.seat)) >= g.required(f)]
        self.status = "revealed"
        i = len(self._steps)
        if i < len(self._claim_steps):
            f = self._claim_steps[i]
            r = g.check_claim(f, self.seat)
            self._add_step(self._say("pz_step_claims_yes" if r else "pz_step_claims_no", flag=f, why=self._why(r)))
        else:
            want = g.provable_flags(self.seat)
            self._add_step(self._say("pz_right_claims", flags=texts.Flags(want)) if want
                           else self._say("pz_no_claimable"))

    def _move_step(self) -> None:
        g = self.game
        m = g.parse_move(self.puzzle.answer["move"])
        g.play(m)
        self.status = "revealed"
        said = self._say("pz_step_move", who=self._who(self.seat), move=self._move_words(m))
        if self.puzzle.kind == "better":       # the search's better move: no flag to prove
            self._add_step(said)
            return
        r = g.check_claim(int(self.puzzle.answer["flag"]), self.seat)
        self._add_step(said + " " + self._why(r))

    @staticmethod
    def _who(player: int) -> texts.Player:
        return texts.Player(player)

    def _win_step(self) -> None:
        g = self.game
        before, turns_left = len(g.moves), self.turns_left
        try:
            self._win_step_bounded()
        except TimeoutError:
            while len(g.moves) > before:
                g.undo()
            self.turns_left = turns_left
            raise ValueError(f"the solver could not work out the next step within {STEP_SECONDS:.0f} s; "
                             "nothing was played: try a move yourself, or start again") from None

    def _win_step_bounded(self) -> None:
        g = self.game
        sol = self._solve(max(1, self.turns_left), STEP_SECONDS)
        if not sol.wins:
            raise IllegalMoveError("no forced win from here: start again", rule="pz-no-win")
        search = self._search(STEP_SECONDS)
        words = []
        for m in sol.line:
            if g.to_move != self.seat or g.is_over():
                break
            g.push(m)
            words.append(self._move_words(m))
        text = self._say("pz_step_move", who=self._who(self.seat), move=words)
        if not g.is_over() and g.to_move != self.seat:
            answered = self._answer(search)
            self.turns_left -= 1
            text += " " + self._say("pz_step_move", who=self._who(1 - self.seat), move=answered)
        if g.is_over():
            text += " " + texts.Line(None, parts=(g.outcome(),))
            self.status = "revealed"
        self._add_step(text)
        if g.is_over():
            self.status = "revealed"
