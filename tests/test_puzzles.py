"""Bundled puzzles verify; wrong answers and broken files are refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from battleline import solve
from battleline.standard.puzzles import PuzzleError, bundled, lesson, parse, verify

WINS = [p for p in bundled() if p.kind == "win"]

# The hard "win" puzzles: forced wins in two or three turns against real defences.
HARD_WINS = {"win-your-own-hand": 2, "win-fill-then-drain": 2, "win-dig-for-the-elephant": 2,
             "win-no-room-for-a-traitor": 3, "win-who-gets-the-elephant": 3}
HEAVY = ("win-who-gets-the-elephant",)      # about a second to verify: the slow tier does it


@pytest.mark.parametrize("puzzle", [pytest.param(p, marks=pytest.mark.slow) if p.id in HEAVY else p
                                    for p in bundled()], ids=lambda p: p.id)
def test_bundled_puzzle_has_exactly_its_answer(puzzle):
    verify(puzzle)


def test_the_collection_runs_from_easy_to_hard():
    puzzles = bundled()
    ids = [p.id for p in puzzles]
    assert len(ids) == len(set(ids)) >= 25
    assert {p.level for p in puzzles} == {"easy", "medium", "hard"}
    hard = {p.id: p.answer["turns"] for p in puzzles if p.kind == "win" and p.level == "hard"}
    assert hard == HARD_WINS


@pytest.mark.slow
@pytest.mark.parametrize("puzzle", WINS, ids=lambda p: p.id)
def test_win_solution_is_legal_minimal_and_plays_out(puzzle):
    """The solver's line starts with a legal move, uses exactly the stated number of the
    winner's turns, plays out through the checked ``Game.play`` to his win, and no
    shorter win exists."""
    g = puzzle.game()
    turns = puzzle.answer["turns"]
    winner = g.to_move
    sol = solve(g, turns)
    assert sol.wins and sol.turns_needed == turns
    assert sol.line[0] in g.legal_moves()
    if turns > 1:
        assert not solve(g, turns - 1)
    turns_used, last = 0, None
    for m in sol.line:
        if g.to_move == winner and last != winner:
            turns_used += 1
        last = g.to_move
        g.play(m)
    assert g.outcome().winner == winner
    assert turns_used == turns


def _altered(puzzle, **answer):
    doc = json.loads(puzzle.to_json())
    doc["answer"] = answer
    return parse(json.dumps(doc))


@pytest.mark.parametrize("win_id", ["win-no-room-for-a-traitor", pytest.param(HEAVY[0], marks=pytest.mark.slow)])
def test_wrong_answers_are_refused(win_id):
    by_kind = {p.kind: p for p in bundled()}
    with pytest.raises(PuzzleError, match="engine proves"):
        verify(_altered(by_kind["claims"], flags=[1]))
    with pytest.raises(PuzzleError, match="win flag"):
        verify(_altered(by_kind["move"], flag=5, move="B1@5"))
    win = next(p for p in bundled() if p.id == win_id)      # three turns, as the heavy one
    with pytest.raises(PuzzleError, match="forced win"):
        verify(_altered(win, turns=win.answer["turns"] + 1))   # a win exists sooner


@pytest.mark.parametrize("text, words", [
    ("not json", "not JSON"),
    ('{"format": "other"}', "battleline-puzzle"),
    ('{"format": "battleline-puzzle", "id": "x"}', "missing"),
    ('{"format": "battleline-puzzle", "id": "x", "kind": "riddle", "question": "?", '
     '"position": "", "answer": {}}', "kind must be"),
    ('{"format": "battleline-puzzle", "id": "x", "kind": "claims", "question": "?", '
     '"position": "battleline position 1\\nturn north play\\n", "answer": {"flags": []}}',
     "position is invalid"),
])
def test_broken_files_are_refused(text, words):
    with pytest.raises(PuzzleError, match=words):
        parse(text)


@pytest.mark.slow
def test_check_command():
    out = subprocess.run([sys.executable, "-m", "battleline.standard.puzzles", "check"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == f"{len(bundled()) + len(lesson())} puzzles verified"
