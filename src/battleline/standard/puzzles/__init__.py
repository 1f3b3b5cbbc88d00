"""Puzzles: a position, a question and its answer, checked by the engine.

A puzzle is a small JSON file::

    {"format": "battleline-puzzle", "version": 1, "id": "claims-01",
     "title": "Which flags?", "level": "easy", "kind": "claims",
     "question": "Which flags can south claim now?",
     "position": "battleline position 1\\n...",
     "answer": {"flags": [3, 5]}}

``title`` and ``question`` may also be given in several languages, as an object with an
``"en"`` text and others (``{"en": "Which flags?", "ja": "どのフラッグ？"}``); the widget
shows the one of its language, and English where a language is missing.

Kinds and answers:

- ``claims``: which flags can the player to move claim now; ``{"flags": [...]}``.
- ``move``: the one card move after which flag N can be claimed;
  ``{"flag": N, "move": "R7@3"}`` (it must be the only such move).
- ``win``: a forced win within N of your turns, both hands and the decks known;
  ``{"turns": N}`` (and no win in fewer turns).
- ``better``: a move within ``within`` percentage points of win chance of the best, as a
  review judges it (:mod:`battleline.practice` saves a reviewed mistake so):
  ``{"move": "R10@3", "played": "B1@4", "within": 5, "budget": 6000, "seed": 0, "index": 40}``
  (the search's better move, the mistake, the margin, and the judge's budget, seed and move
  index, so that an answer is judged on the same worlds; :func:`judge_better`).

``python -m battleline.standard.puzzles check [FILES]`` verifies the bundled puzzles and the
lesson's steps (or the files given) and ends with ``N puzzles verified``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..game import Game
from ...errors import read_text, shorten
from ...puzzle_form import PuzzleForm, read_form, read_texts
from ..moves import IllegalMoveError, Move, PositionError
from ..notation import json_document
from ..solver import solve

__all__ = ["Puzzle", "PuzzleError", "load", "bundled", "lesson", "verify", "create", "judge_better"]

KINDS = ("claims", "move", "win", "better")


class PuzzleError(ValueError):
    """A puzzle file that is malformed, or whose stated answer is wrong."""


@dataclass
class Puzzle(PuzzleForm):
    """One Battle Line puzzle (see the module): the fields of :class:`~battleline.puzzle_form.PuzzleForm`,
    its kind one of ``KINDS`` and its answer of that kind's shape.

    >>> p = bundled()[0]
    >>> p.text("question") == p.question, p.text("question", "ja") != p.question
    (True, True)
    """

    FORMAT = "battleline-puzzle"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise PuzzleError(f"kind must be one of {', '.join(KINDS)}, not {shorten(self.kind)}")
        check_answer(self.kind, self.answer)

    def game(self) -> Game:
        """A fresh game at the puzzle's position."""
        return Game.from_position(self.position)

    def save(self, path: str | Path) -> Path:
        """Write the puzzle as a JSON file (to share it, or to add it to a collection)."""
        path = Path(path)
        path.write_text(self.to_json() + "\n", encoding="utf-8")
        return path


MAX_TURNS = 20  # a "win" puzzle deeper than this is beyond the exact solver anyway


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_answer(kind: str, answer) -> None:
    """Raise :class:`PuzzleError` unless ``answer`` has the shape its ``kind`` needs:
    ``{"flags": [N, ...]}``, ``{"flag": N, "move": "TEXT"}`` or ``{"turns": N}``.

    >>> check_answer("win", {"turns": 0})
    Traceback (most recent call last):
    ...
    battleline.standard.puzzles.PuzzleError: the answer's "turns" must be a whole number from 1 to 20, not 0
    """
    if not isinstance(answer, dict):
        raise PuzzleError("the answer must be a JSON object")
    if kind == "claims":
        flags = answer.get("flags")
        if not isinstance(flags, list) or not all(_whole(f) and 1 <= f <= 9 for f in flags):
            raise PuzzleError(f"the answer's \"flags\" must be a list of flag numbers 1 to 9, "
                              f"not {shorten(flags)}")
    elif kind == "move":
        flag, move = answer.get("flag"), answer.get("move")
        if not (_whole(flag) and 1 <= flag <= 9):
            raise PuzzleError(f"the answer's \"flag\" must be a flag number 1 to 9, not {shorten(flag)}")
        read_text(move, Move.parse, PuzzleError, refused="the answer's \"move\"",
                  not_text=f"the answer's \"move\" must be move text, not {shorten(move)}")
    elif kind == "better":
        _check_better(answer)
    elif kind == "win":
        turns = answer.get("turns")
        if not (_whole(turns) and 1 <= turns <= MAX_TURNS):
            raise PuzzleError(f"the answer's \"turns\" must be a whole number from 1 to {MAX_TURNS}, "
                              f"not {shorten(turns)}")


def _check_better(answer: dict) -> None:
    """A ``better`` puzzle's answer: two move texts, the margin, and the judge's numbers."""
    for key in ("move", "played"):
        read_text(answer.get(key), Move.parse, PuzzleError, refused=f"the answer's \"{key}\"",
                  not_text=f"the answer's \"{key}\" must be move text, not {shorten(answer.get(key))}")
    bounds = {"within": (1, 50), "budget": (16, 1_000_000), "seed": (0, 2 ** 32 - 1), "index": (0, 10_000)}
    for key, (low, high) in bounds.items():
        value = answer.get(key)
        if not (_whole(value) and low <= value <= high):
            raise PuzzleError(f"the answer's \"{key}\" must be a whole number from {low} to {high}, "
                              f"not {shorten(value)}")


def parse(text: str | dict, source: str = "puzzle") -> Puzzle:
    """A puzzle from its JSON text (or the dict it holds); raises :class:`PuzzleError`
    naming the problem."""
    fields = read_form(json_document(text, source, PuzzleError), source, Puzzle.FORMAT, KINDS, PuzzleError)
    try:
        p = Puzzle(**fields)
    except PuzzleError as e:
        raise PuzzleError(f"{source}: {e}") from None
    try:
        g = p.game()
    except PositionError as e:
        raise PuzzleError(f"{source}: the position is invalid: {e}") from None
    if p.kind in ("move", "better"):
        for key in ("move", "played") if p.kind == "better" else ("move",):
            m = Move.parse(p.answer[key])
            if m not in g.legal_moves(claims=False):
                raise PuzzleError(f"{source}: the answer's \"{key}\" {m} is not a legal card move here")
    return p


def load(path: str | Path) -> Puzzle:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"{path}: {e}") from None
    return parse(text, str(path))


def bundled(folder: str = "data") -> list[Puzzle]:
    """The puzzles that ship with the package, in file order (``folder="lesson"``: the steps
    of the first lesson, :func:`lesson`)."""
    if folder not in ("data", "lesson"):
        raise ValueError(f"the bundled folders are data and lesson, not {shorten(folder)}")
    files = sorted(p for p in resources.files(__package__).joinpath(folder).iterdir()
                   if p.name.endswith(".json"))
    return [parse(f.read_text(encoding="utf-8"), f.name) for f in files]


def lesson() -> list[Puzzle]:
    """The click-through lesson for a new player, in order: place a card, a tie, build a
    formation, the order of formations, prove a claim, use a Tactics card, the Tactics limit,
    win the game, a whole turn (play, then draw). Each step is a small position solved by
    clicking in the widget and checked by the engine (``LessonWidget``).

    >>> [p.kind for p in lesson()]
    ['move', 'move', 'move', 'claims', 'claims', 'move', 'move', 'win', 'win']
    """
    return bundled("lesson")


def _move_wins_flag(g: Game, move: Move, flag: int) -> bool:
    p = g.to_move
    g.push(move)
    try:
        return g.claimed[flag] < 0 and flag in g.provable_flags(p)
    finally:
        g.undo()


def verify(p: Puzzle, seconds: float = 60.0) -> str:
    """Check that the stated answer is the engine's and, where asked, the only one.
    Returns a one-line summary; raises :class:`PuzzleError` when it is wrong."""
    g = p.game()
    a = p.answer
    if p.kind == "claims":
        want = sorted(int(f) for f in a.get("flags", []))
        got = g.provable_flags()
        if got != want:
            raise PuzzleError(f"{p.id}: the answer says flags {want}, the engine proves {got}")
        return f"{p.id}: claimable flags {got or 'none'}"
    if p.kind == "move":
        flag = int(a["flag"])
        try:
            stated = g.parse_move(a["move"])
        except ValueError as e:
            raise PuzzleError(f"{p.id}: {e}") from None
        winners = [m for m in g.legal_moves(claims=False) if _move_wins_flag(g, m, flag)]
        if winners != [stated]:
            raise PuzzleError(f"{p.id}: the moves that win flag {flag} are "
                              f"{[str(m) for m in winners] or 'none'}, not just {stated}")
        return f"{p.id}: {stated} is the only move that wins flag {flag}"
    if p.kind == "better":
        ok, d = judge_better(p, a["move"])
        if not ok:
            raise PuzzleError(f"{p.id}: the answer's move {a['move']} is {round(100 * d.loss)} points below "
                              f"the search's {d.best}, more than {a['within']}")
        return f"{p.id}: {a['move']} within {a['within']} points of the best ({d.chance_played:.0%})"
    turns = int(a["turns"])
    sol = solve(g, turns, seconds=seconds)
    if not sol.wins or sol.turns_needed != turns:
        found = sol.turns_needed if sol.wins else None
        raise PuzzleError(f"{p.id}: the answer says a forced win in {turns} turns; "
                          f"the solver finds {'a win in ' + str(found) if found else 'no forced win'}")
    return f"{p.id}: forced win in {turns} ({sol.nodes} positions, {sol.seconds:.2f} s)"


def judge_better(p: Puzzle, move: Move | str):
    """A ``better`` puzzle's answer ``move`` judged as the review judged the mistake (its
    budget, seed and index, from the side to move's observation): ``(accepted, decision)``,
    accepted when its chance is within the answer's ``within`` points of the best move's.

    >>> from battleline.practice import WIN_IN_ONE_EXAMPLE
    >>> p = Puzzle("p", "p", "", "better", "?", WIN_IN_ONE_EXAMPLE,
    ...            {"move": "R10@3", "played": "B1@4", "within": 5, "budget": 64, "seed": 0, "index": 0})
    >>> judge_better(p, "R10@3")[0], judge_better(p, "B1@4")[0]
    (True, False)
    """
    from ...annotation import within_reach
    from .. import kernel
    from ..reviewing import canonical, judge
    if p.kind != "better":
        raise PuzzleError(f"{p.id}: only a \"better\" puzzle judges a move by the search, not {p.kind}")
    g = p.game()
    m = g.parse_move(move) if isinstance(move, str) else move
    if m not in g.legal_moves(claims=False):
        raise IllegalMoveError(f"{shorten(str(m))} is not a legal card move in this position", rule="practice-answer")
    a = p.answer
    kernel.prepare_kernel()
    d = judge(canonical(g.observation(g.to_move)), m, a["index"], a["budget"], a["seed"])
    return within_reach(d.chance_played, d.chance_best, a["within"] / 100), d


def create(position: str, kind: str, question: str, *, id: str = "my-puzzle", title: str = "",
           level: str = "", flag: int | None = None, turns: int | None = None,
           seconds: float = 60.0) -> Puzzle:
    """A puzzle whose answer the engine works out, refused unless the answer is sound:
    ``claims`` takes the flags provable now; ``move`` needs ``flag`` and exactly one move
    that wins it; ``win`` needs ``turns``, a forced win in exactly that many turns.

    >>> text = bundled()[1].position
    >>> p = create(text, "move", "Which card wins flag 5?", flag=5)
    >>> p.answer
    {'flag': 5, 'move': 'R10@5'}
    """
    try:
        g = Game.from_position(position)
    except PositionError as e:
        raise PuzzleError(f"the position is invalid: {e}") from None
    if kind not in KINDS:
        raise PuzzleError(f"kind must be one of {', '.join(KINDS)}, not {shorten(kind)}")
    if g.is_over():
        raise PuzzleError("the game is already over in this position")
    if kind == "claims":
        answer: dict = {"flags": g.provable_flags()}
    elif kind == "move":
        if isinstance(flag, bool) or not isinstance(flag, int) or not 1 <= flag <= 9:
            raise PuzzleError(f"a move puzzle needs flag=N (1 to 9), not {shorten(flag)}")
        winners = [m for m in g.legal_moves(claims=False) if _move_wins_flag(g, m, flag)]
        if len(winners) != 1:
            raise PuzzleError(f"a move puzzle needs exactly one move that wins flag {flag}; "
                              f"this position has {len(winners)}"
                              + (f": {', '.join(map(str, winners))}" if winners else ""))
        answer = {"flag": flag, "move": str(winners[0])}
    else:
        if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
            raise PuzzleError(f"a win puzzle needs turns=N (1 or more), not {shorten(turns)}")
        answer = {"turns": turns}
    translations: dict = {}
    p = Puzzle(id, read_texts(title or id, "title", "puzzle", translations, PuzzleError), level, kind,
               read_texts(question, "question", "puzzle", translations, PuzzleError), position, answer,
               translations)
    verify(p, seconds=seconds)
    return p
