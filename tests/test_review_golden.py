"""Reviews and hints as they were before both games' reviews shared one driver: the same
record, seat, budget and seed give the same decisions, chances and reasons (recorded in
tests/data/review_golden.json from the code of before; both games). A deliberate change of
the words is recorded again, its chances and labels checked unchanged first: the Battle Line
case 0's two reasons gained the ideas `outranked` and `stronger_prospect` (issue 43)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

import battleline
from battleline import Game
from battleline.ancient import AncientGame

GOLDEN = json.loads((Path(__file__).parent / "data" / "review_golden.json").read_text(encoding="utf-8"))
CASES = [(kind, k) for kind in ("standard", "ancient") for k in range(len(GOLDEN[kind]))]


@pytest.mark.parametrize("kind,k", CASES)
def test_a_review_gives_the_decisions_and_chances_it_gave_before(kind, k):
    case = GOLDEN[kind][k]
    r = battleline.review(case["record"], case["seat"], budget=case["budget"], seed=case["seed"])
    assert r.to_json() == case["review"]


@pytest.mark.parametrize("kind,k", CASES)
def test_a_hint_gives_the_choice_and_chances_it_gave_before(kind, k):
    case = GOLDEN[kind][k]
    if case["hint"] is None:
        pytest.skip("the battle is over: no hint")
    game = (Game if kind == "standard" else AncientGame).from_record(case["record"])
    h = battleline.hint(game, budget=case["budget"], seed=case["seed"])
    assert json.loads(json.dumps(asdict(h))) == case["hint"]
