"""Puzzles: a position, a question and its answer, checked by the engine.

A puzzle is a small JSON file::

    {"format": "battleline-puzzle", "version": 1, "id": "claims-01",
     "title": "Which flags?", "level": "easy", "kind": "claims",
     "question": "Which flags can south claim now?",
     "position": "battleline position 1\\n...",
     "answer": {"flags": [3, 5]}}

Kinds and answers:

- ``claims``: which flags can the player to move claim now; ``{"flags": [...]}``.
- ``move``: the one card move after which flag N can be claimed;
  ``{"flag": N, "move": "R7@3"}`` (it must be the only such move).
- ``win``: a forced win within N of your turns, both hands and the decks known;
  ``{"turns": N}`` (and no win in fewer turns).

``python -m battleline.puzzles check [FILES]`` verifies the bundled puzzles (or the
files given) and ends with ``N puzzles verified``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..game import Game
from ..moves import IllegalMoveError, Move, PositionError
from ..solver import solve

__all__ = ["Puzzle", "PuzzleError", "load", "bundled", "verify"]

KINDS = ("claims", "move", "win")


class PuzzleError(ValueError):
    """A puzzle file that is malformed, or whose stated answer is wrong."""


@dataclass
class Puzzle:
    id: str
    title: str
    level: str
    kind: str
    question: str
    position: str
    answer: dict

    def game(self) -> Game:
        """A fresh game at the puzzle's position."""
        return Game.from_position(self.position)

    def to_json(self) -> str:
        return json.dumps({"format": "battleline-puzzle", "version": 1, "id": self.id,
                           "title": self.title, "level": self.level, "kind": self.kind,
                           "question": self.question, "position": self.position,
                           "answer": self.answer}, indent=1, ensure_ascii=False)


def parse(text: str, source: str = "puzzle") -> Puzzle:
    """A puzzle from its JSON text; raises :class:`PuzzleError` naming the problem."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleError(f"{source}: not JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != "battleline-puzzle":
        raise PuzzleError(f"{source}: expected a JSON object with \"format\": \"battleline-puzzle\"")
    missing = [k for k in ("id", "kind", "question", "position", "answer") if k not in doc]
    if missing:
        raise PuzzleError(f"{source}: missing {', '.join(missing)}")
    if doc["kind"] not in KINDS:
        raise PuzzleError(f"{source}: kind must be one of {', '.join(KINDS)}, not {doc['kind']!r}")
    if not isinstance(doc["answer"], dict):
        raise PuzzleError(f"{source}: the answer must be a JSON object")
    p = Puzzle(str(doc["id"]), str(doc.get("title", doc["id"])), str(doc.get("level", "")),
               doc["kind"], str(doc["question"]), str(doc["position"]), doc["answer"])
    try:
        p.game()
    except PositionError as e:
        raise PuzzleError(f"{source}: the position is invalid: {e}") from None
    return p


def load(path: str | Path) -> Puzzle:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PuzzleError(f"{path}: {e}") from None
    return parse(text, str(path))


def bundled() -> list[Puzzle]:
    """The puzzles that ship with the package, in file order."""
    files = sorted(p for p in resources.files(__package__).joinpath("data").iterdir()
                   if p.name.endswith(".json"))
    return [parse(f.read_text(encoding="utf-8"), f.name) for f in files]


def _move_wins_flag(g: Game, move: Move, flag: int) -> bool:
    p = g.to_move
    g.push(move)
    try:
        return g._claimed[flag] < 0 and flag in g.provable_flags(p)
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
        except IllegalMoveError as e:
            raise PuzzleError(f"{p.id}: {e}") from None
        winners = [m for m in g.legal_moves(claims=False) if _move_wins_flag(g, m, flag)]
        if winners != [stated]:
            raise PuzzleError(f"{p.id}: the moves that win flag {flag} are "
                              f"{[str(m) for m in winners] or 'none'}, not just {stated}")
        return f"{p.id}: {stated} is the only move that wins flag {flag}"
    turns = int(a["turns"])
    sol = solve(g, turns, seconds=seconds)
    if not sol.wins or sol.turns_needed != turns:
        found = sol.turns_needed if sol.wins else None
        raise PuzzleError(f"{p.id}: the answer says a forced win in {turns} turns; "
                          f"the solver finds {'a win in ' + str(found) if found else 'no forced win'}")
    return f"{p.id}: forced win in {turns} ({sol.nodes} positions, {sol.seconds:.2f} s)"
