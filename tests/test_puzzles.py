"""Bundled puzzles verify; wrong answers and broken files are refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from battleline.puzzles import PuzzleError, bundled, parse, verify


@pytest.mark.parametrize("puzzle", bundled(), ids=lambda p: p.id)
def test_bundled_puzzle_has_exactly_its_answer(puzzle):
    verify(puzzle)


def _altered(puzzle, **answer):
    doc = json.loads(puzzle.to_json())
    doc["answer"] = answer
    return parse(json.dumps(doc))


def test_wrong_answers_are_refused():
    by_kind = {p.kind: p for p in bundled()}
    with pytest.raises(PuzzleError, match="engine proves"):
        verify(_altered(by_kind["claims"], flags=[1]))
    with pytest.raises(PuzzleError, match="win flag"):
        verify(_altered(by_kind["move"], flag=5, move="B1@5"))
    win = by_kind["win"]
    with pytest.raises(PuzzleError, match="forced win"):
        verify(_altered(win, turns=win.answer["turns"] + 1))   # a win exists sooner


@pytest.mark.parametrize("text, words", [
    ("not json", "not JSON"),
    ('{"format": "other"}', "battleline-puzzle"),
    ('{"format": "battleline-puzzle", "id": "x"}', "missing"),
    ('{"format": "battleline-puzzle", "id": "x", "kind": "riddle", "question": "?", '
     '"position": "", "answer": {}}', "kind must be"),
    ('{"format": "battleline-puzzle", "id": "x", "kind": "claims", "question": "?", '
     '"position": "battleline position 1\\nturn north play\\n", "answer": {}}', "position is invalid"),
])
def test_broken_files_are_refused(text, words):
    with pytest.raises(PuzzleError, match=words):
        parse(text)


def test_check_command():
    out = subprocess.run([sys.executable, "-m", "battleline.puzzles", "check"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == f"{len(bundled())} puzzles verified"
