"""Practise: a review's mistakes and blunders turned into exercises, in both games.

After a review (:func:`battleline.review`), :func:`exercises` gives one :class:`Exercise` for
each decision of the learner's seat labelled ``mistake`` or ``blunder``: the position before
it as the learner knew it, "find a better move". The position is a world dealt from the
learner's **observation** at that moment with the review's seed (the judge's own first world):
the opponent's hidden cards, the deck's order and the future dice are dealt again from what the
learner could not see, never taken from the real game.

:meth:`Exercise.attempt` judges an answer with the review's own judge, budget and seed (the
same worlds): the answer is **accepted** when its chance of winning is at most 5 percentage
points below the best move's (:data:`~battleline.annotation.ACCEPT_WITHIN`), both measured on
the same play-outs. A Battle Line answer is one card move (or a pass); an Ancient Battles
answer is what the review judges there: a whole action step's plan (its actions joined by
``", "``, ending the step), or one shot, attack or end of a fight step.
:meth:`Exercise.line` plays out the line the search expects after an answer
(:meth:`battleline.analysis.Analysis.line`), and :meth:`Exercise.to_puzzle` saves the
position as a puzzle ("better" kind) for a teacher's own collection.

>>> from battleline import Game, review
>>> g = Game.from_position(WIN_IN_ONE_EXAMPLE); g.play("B1@4")
>>> (one,) = exercises(g, review(g, seat="south", budget=64), "south")
>>> one.played, one.decision.label
('B1@4', 'blunder')
>>> one.attempt("R10@3").accepted, one.attempt("B1@4").accepted
(True, False)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from .analysis import Analysis
from .annotation import ACCEPT_WITHIN, Decision, Review, check_seat, decision_seed, within_reach
from .errors import IllegalMoveError, shorten
from .interface import GameState
from .reviewing import game_kind

__all__ = ["Exercise", "Verdict", "exercises", "PRACTISED", "ACCEPT_WITHIN", "WIN_IN_ONE_EXAMPLE"]

PRACTISED = ("mistake", "blunder")      # the labels a practice turns into exercises
# South wins at once with R10 at flag 3 (a Wedge, three flags in a row); anything else loses.
WIN_IN_ONE_EXAMPLE = """battleline position 1
rules standard
turn south play
flag 1 claimed by south: north G1 | south Y8 Y9 Y10
flag 2 claimed by south: north G2 | south O8 O9 O10
flag 3: north G3 | south R8 R9
flag 7 claimed by north: north B5 B6 B7 | south Y1 Y2
flag 8 claimed by north: north R5 R6 R7 | south O1 O2
flag 9: north P8 P9 | south -
hand north: P10 G9 B9
hand south: R10 B1 B2
troop deck: -
tactic deck: rest seed 2
discard north: rest
discard south: -
"""


@dataclass(frozen=True)
class Verdict:
    """An answer judged: ``answer`` (its text), ``accepted``, its chance of winning and the
    best move's (``best``, ``chance_best``), both from the same play-outs; ``decision`` is the
    judge's whole :class:`~battleline.annotation.Decision` (its reason in words)."""

    answer: str
    accepted: bool
    chance: float
    best: str
    chance_best: float
    decision: Decision

    @property
    def points_behind(self) -> int:
        """How far the answer is below the best move: whole percentage points of win chance."""
        return max(0, math.ceil(round(100 * (self.chance_best - self.chance), 6)))


class Exercise:
    """One mistake to practise: ``decision`` (the review's), the learner's ``observation``
    before it, the review's ``budget`` and ``seed``. ``game`` is ``"standard"`` or
    ``"ancient"``."""

    def __init__(self, game: str, decision: Decision, observation: Any, budget: int, seed: int) -> None:
        self.game = game
        self.decision = decision
        self.observation = observation
        self.budget = budget
        self.seed = seed

    @property
    def index(self) -> int:
        return self.decision.index

    @property
    def seat(self) -> int:
        return self.decision.seat

    @property
    def played(self) -> str:
        return str(self.decision.played)

    @property
    def points_lost(self) -> int:
        """What the move played lost, in whole percentage points of win chance."""
        return round(100 * self.decision.loss)

    @property
    def world_seed(self) -> int:
        """The seed of the exercise's dealt world: the review's stream for this decision."""
        return decision_seed(self.seed, self.index)

    def position(self) -> GameState:
        """The position before the mistake, dealt from the learner's observation (a new game
        each call: play on it freely)."""
        if self.game == "ancient":
            from .ancient.worlds import sample_world
            return sample_world(self.observation, random.Random(self.world_seed))
        from .standard.reviewing import canonical
        from .standard.worlds import sample_world as deal
        return deal(canonical(self.observation), random.Random(self.world_seed))

    def answer_actions(self, answer: Any) -> list[str]:
        """``answer`` as the actions it plays from the position, checked: legal, and one whole
        answer (a Battle Line move; an Ancient plan that ends its step, or one fight action).
        A ValueError names what is wrong; nothing changes."""
        if self.game == "ancient":
            from .ancient.puzzles import answer_actions
            return answer_actions(self.position(), answer)
        from .standard.moves import Move
        if isinstance(answer, (list, tuple)) and not isinstance(answer, Move):
            if len(answer) != 1:
                raise ValueError(f"a Battle Line answer is one move, not {shorten(answer)}")
            answer = answer[0]
        return [_standard_answer(self.position(), answer)]

    def is_whole(self, actions: list[str]) -> bool:
        """Whether ``actions`` played from the position make one whole answer (a board's
        moves so far: the widget judges them once they do).

        >>> Exercise("standard", None, None, 64, 0).is_whole(["R10@3"])
        True
        """
        if self.game != "ancient":
            return len(actions) >= 1
        from .ancient.puzzles import is_whole
        return is_whole(self.position(), actions)

    def attempt(self, answer: Any) -> Verdict:
        """Judge ``answer`` with the review's judge, budget and seed (see the module)."""
        actions = self.answer_actions(answer)
        if self.game == "ancient":
            from .ancient import kernel
            from .ancient.reviewing import judge
            kernel.prepare_kernel()
            d = judge(self.observation, tuple(actions), self.index, self.budget, self.seed)
        else:
            from .standard import kernel
            from .standard.moves import Move
            from .standard.reviewing import judge
            kernel.prepare_kernel()
            d = judge(self.observation, Move.parse(actions[0]), self.index, self.budget, self.seed)
        chance = float(d.chance_played)
        return Verdict(str(d.played), within_reach(chance, float(d.chance_best)), chance, d.best,
                       float(d.chance_best), d)

    def best_actions(self) -> list[str]:
        """The review's better move as actions (an Ancient plan, action by action)."""
        return _actions_of(self.game, self.decision.best)

    def analysis(self, seed: int | None = None) -> Analysis:
        """An analysis board on the position, dealt from the learner's view."""
        return Analysis(self.position(), viewer=self.seat, seed=self.world_seed if seed is None else seed)

    def line(self, answer: Any = None, turns: int = 2, level: str = "hard") -> list[str]:
        """The answer (default: the review's better move) and the line the search expects
        after it, as action texts (:meth:`~battleline.analysis.Analysis.line`)."""
        actions = self.best_actions() if answer is None else self.answer_actions(answer)
        board = self.analysis()
        for action in actions:
            board.play(action, source="line")
        board.line(None, turns, level)
        return [board.node(n).action for n in board.path()]

    def to_puzzle(self, id: str | None = None, title: str = "", level: str = ""):
        """The position as a puzzle of the ``better`` kind: a Battle Line
        :class:`~battleline.standard.puzzles.Puzzle`, an Ancient Battles
        :class:`~battleline.ancient.puzzles.AncientPuzzle` (same shape). Its answer keeps the
        review's better move, the move played, the margin and the judge's budget and seed."""
        from .texts import say
        id = f"practice-{self.index + 1}" if id is None else id
        if not isinstance(id, str) or not id.strip() or len(id) > 80:
            raise ValueError(f"a puzzle's id is a short text, not {shorten(id)}")
        blanks = {"played": self.played, "n": self.points_lost}
        question = {"en": say("en", "practice.question_plain", **blanks), "ja": say("ja", "practice.question_plain", **blanks)}
        answer = {"move": self.decision.best, "played": self.played, "within": round(100 * ACCEPT_WITHIN),
                  "budget": self.budget, "seed": self.seed, "index": self.index}
        doc = {"id": id, "title": title or id, "level": level, "kind": "better", "question": question,
               "position": self.position().position(), "answer": answer}
        if self.game == "ancient":
            from .ancient.puzzles import parse as parse_ancient
            return parse_ancient({"format": "ancient-battles-puzzle", "version": 1, **doc})
        from .standard.puzzles import parse
        return parse({"format": "battleline-puzzle", "version": 1, **doc})


def exercises(game: Any, review: Review, seat: int | str | None = None) -> list[Exercise]:
    """The exercises of ``seat`` (default: the review's seat) in ``game`` (a Game, an
    AncientGame or a record's text) from its ``review``: one for each decision of that seat
    labelled mistake or blunder, in move order."""
    if not isinstance(review, Review):
        raise ValueError(f"a practice takes a Review (battleline.review), not {shorten(review)}")
    kind = game_kind(game)
    if kind != review.game:
        raise ValueError(f"the review is of a {review.game} game, the game given is {kind}")
    seat = check_seat(review.seat if seat is None else seat)
    if seat is None:
        raise ValueError("say whose mistakes to practise: seat is north or south")
    marked = [d for d in review.decisions if d.seat == seat and d.label in PRACTISED and d.played is not None]
    seen = (_ancient_observations if kind == "ancient" else _standard_observations)(game, review, seat)
    return [Exercise(kind, d, seen[d.index], review.budget, review.seed) for d in marked if d.index in seen]


# ------------------------------------------------------------------ Battle Line

def _standard_observations(game: Any, review: Review, seat: int) -> dict[int, Any]:
    from .standard.reviewing import judged, start_and_moves
    position, moves = start_and_moves(game)
    if [str(m) for m in moves] != list(review.moves):
        raise ValueError("the review is of another game: its moves are not this game's")
    out = {}
    for index, move in enumerate(moves):
        if position.to_move == seat and judged(position, move):
            out[index] = position.observation(seat)
        position.play(move)
    return out


def _standard_answer(world: Any, answer: Any) -> str:
    from .standard.moves import Move
    move = answer if isinstance(answer, Move) else Move.parse(answer if isinstance(answer, str) else str(answer))
    if move not in world.legal_moves(claims=False):
        raise IllegalMoveError(f"{shorten(str(move))} is not a legal card move in this position: "
                               f"an answer is a card to play (or a pass)", rule="practice-answer")
    return str(move)


# ------------------------------------------------------------------ Ancient Battles

def _ancient_observations(game: Any, review: Review, seat: int) -> dict[int, Any]:
    from .ancient.reviewing import decision_points
    points, actions, _ = decision_points(game, seat)
    if list(actions) != list(review.moves):
        raise ValueError("the review is of another battle: its actions are not this battle's")
    return {p.index: p.observation for p in points}


def _actions_of(game: str, text: str) -> list[str]:
    if game != "ancient":
        return [text]
    from .ancient.actions import parse_plan
    return [str(a) for a in parse_plan(text)]
