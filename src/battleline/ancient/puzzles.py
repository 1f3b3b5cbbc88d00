"""Ancient Battles puzzles: a position and its goal, in the shape of Battle Line's puzzle
collection (:mod:`battleline.standard.puzzles`), so a teacher keeps both games' puzzles alike::

    {"format": "ancient-battles-puzzle", "version": 1, "id": "practice-3",
     "title": "A better attack", "level": "", "kind": "better",
     "question": {"en": "Find a better move than end melee …", "ja": "…"},
     "position": "ancient position\\nwidth 7\\n…",
     "answer": {"move": "attack c2-c3", "played": "end melee", "within": 5,
                "budget": 600, "seed": 0, "index": 0}}

The one kind is ``better`` (what :mod:`battleline.practice` saves from a review): ``move`` is
the search's better choice (a plan's actions joined by ``", "``), ``played`` the mistake, and an
answer is accepted when its chance of winning is at most ``within`` percentage points below the
best choice's, judged as the review judged the mistake (the review's ``budget``, ``seed`` and
the decision's ``index``: the same worlds, from the side to act's observation).

>>> p = parse(EXAMPLE)
>>> p.kind, p.game().phase, judge(p, "attack c2-c3")[0], judge(p, "end melee")[0]
('better', 'melee', True, False)
>>> parse(p.to_json()) == p
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..annotation import within_reach
from ..errors import IllegalMoveError, PositionError, shorten
from ..puzzle_form import PuzzleForm, read_form
from .actions import Action, parse_plan
from .game import AncientGame

__all__ = ["AncientPuzzle", "AncientPuzzleError", "parse", "judge", "answer_actions", "is_whole", "FORMAT", "EXAMPLE"]

FORMAT = "ancient-battles-puzzle"
KINDS = ("better",)
MAX_TEXT = 100_000
BOUNDS = {"within": (1, 50), "budget": (16, 1_000_000), "seed": (0, 2 ** 32 - 1), "index": (0, 100_000)}
EXAMPLE = json.dumps({
    "format": FORMAT, "version": 1, "id": "attack-now", "title": "Attack now", "level": "", "kind": "better",
    "question": {"en": "Find a better move than end melee.", "ja": "end melee より良い手を見つけてください。"},
    "position": "ancient position\nwidth 7\nturn 1 first south half 0\nphase melee south\nc2 south R4\n"
                "e2 south R1 disrupted\nc3 north B2 disrupted\ne3 north B10\neliminated north B9\n"
                "eliminated south Y5\nhand north Fog Scout\ndice seed 11 position 0\n",
    "answer": {"move": "attack c2-c3", "played": "end melee", "within": 5, "budget": 32, "seed": 0, "index": 0}})


class AncientPuzzleError(ValueError):
    """An Ancient Battles puzzle that is malformed, or whose position cannot be read."""


@dataclass
class AncientPuzzle(PuzzleForm):
    """One puzzle (see the module): the fields of :class:`~battleline.puzzle_form.PuzzleForm`,
    ``title`` and ``question`` in English, other languages' in ``translations``
    (``{"ja": {"title": …, "question": …}}``)."""

    FORMAT = FORMAT   # the module's document format

    def game(self) -> AncientGame:
        """A fresh battle at the puzzle's position."""
        return AncientGame.from_position(self.position)


def parse(text: str | dict, source: str = "puzzle") -> AncientPuzzle:
    """A puzzle from its JSON text (or the dict it holds); :class:`AncientPuzzleError` names
    what is wrong."""
    p = AncientPuzzle(**read_form(_document(text, source), source, FORMAT, KINDS, AncientPuzzleError))
    _check_answer(p, source)
    return p


def judge(p: AncientPuzzle, answer: Any):
    """An answer (a plan's text or its actions, or one fight action) judged as the review
    judged the mistake: ``(accepted, decision)``."""
    from . import kernel
    from .reviewing import judge as judge_decision
    game = p.game()
    a = p.answer
    actions = answer_actions(p.game(), answer)
    kernel.prepare_kernel()
    d = judge_decision(game.observation(game.to_act), tuple(actions), a["index"], a["budget"], a["seed"])
    return within_reach(d.chance_played, d.chance_best, a["within"] / 100), d


def _step_of(world: Any) -> tuple:
    return world.to_act, world.turn, world.state.half, world.phase


def is_whole(world: Any, actions: list[str]) -> bool:
    """Whether ``actions`` (legal, played in turn) end the decision's step or fight."""
    start = _step_of(world)
    for action in actions:
        world.play(action)
    if start[3] != "actions":
        return len(actions) >= 1
    return bool(actions) and (world.result is not None or _step_of(world) != start)


def answer_actions(world: Any, answer: Any) -> list[str]:
    """``answer`` (a plan's text, its actions, or one fight action) checked as one whole
    answer from ``world`` (played on it): legal, no Tactics card drawn, an action step's plan
    ending the step, a fight's one action. Returns its actions' texts."""
    if isinstance(answer, (list, tuple)):
        actions = [a if isinstance(a, Action) else Action.parse(str(a)) for a in answer]
    else:
        actions = parse_plan(answer)
    texts = [str(a) for a in actions]
    if not texts:
        raise ValueError("an answer is at least one action")
    if "draw" in texts:
        raise IllegalMoveError("a plan that draws a Tactics card is not judged (the play-outs never play one)",
                               rule="practice-draw")
    start = _step_of(world)
    for k, action in enumerate(texts):
        if k and (start[3] != "actions" or _step_of(world) != start or world.result is not None):
            raise IllegalMoveError(f"{shorten(action)}: the answer goes on after its step has ended",
                                   rule="practice-answer")
        world.play(action)                 # a ValueError names the rule broken
    if start[3] == "actions" and world.result is None and _step_of(world) == start:
        raise IllegalMoveError(f"{shorten(', '.join(texts))}: a plan ends its action step (with \"end actions\")",
                               rule="practice-answer")
    return texts


def _document(text: str | dict, source: str) -> dict:
    if isinstance(text, str):
        if len(text) > MAX_TEXT:
            raise AncientPuzzleError(f"{source}: a puzzle is at most {MAX_TEXT:,} characters, not {len(text):,}")
        try:
            text = json.loads(text)
        except (ValueError, RecursionError):
            raise AncientPuzzleError(f"{source}: not JSON: {shorten(text)}") from None
    return text


def _check_answer(p: AncientPuzzle, source: str) -> None:
    a = p.answer
    if not isinstance(a, dict):
        raise AncientPuzzleError(f"{source}: the answer must be a JSON object")
    for key, (low, high) in BOUNDS.items():
        value = a.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise AncientPuzzleError(f"{source}: the answer's \"{key}\" must be a whole number from {low} to "
                                     f"{high}, not {shorten(value)}")
    try:
        game = p.game()
    except PositionError as e:
        raise AncientPuzzleError(f"{source}: the position is invalid: {e}") from None
    if game.outcome is not None:
        raise AncientPuzzleError(f"{source}: the battle is already over in this position")
    for key in ("move", "played"):
        if not isinstance(a.get(key), str):
            raise AncientPuzzleError(f"{source}: the answer's \"{key}\" must be a plan's text, not {shorten(a.get(key))}")
        try:
            trial = p.game()
            for action in parse_plan(a[key]):
                trial.play(action)
        except (IllegalMoveError, ValueError) as e:
            raise AncientPuzzleError(f"{source}: the answer's \"{key}\" is not legal here: {e}") from None
