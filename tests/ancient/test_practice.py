"""Practise (issue 43, item 3) in Ancient Battles: a review's mistakes as exercises
(battleline.practice), an answer a whole plan or one fight action, judged by the review's judge
and accepted within 5 points, the exercise dealt from the side's observation only (the
opponent's Tactics hand and the dice never the real ones), and the position saved in the
Ancient Battles puzzle form (battleline.ancient.puzzles)."""

from __future__ import annotations

import json

import pytest

from battleline.ancient import AncientGame, puzzles, reviewing
from battleline.practice import exercises

from .test_reviewing import WIN_BY_ATTACK, WIN_ON_THE_BACK_ROW, battle

BUDGET = 64


def one_exercise(position: str, *actions: str, seed: int = 0):
    g = battle(position, *actions)
    (e,) = exercises(g, reviewing.review(g, "south", budget=BUDGET, seed=seed), "south")
    return e


def test_a_missed_attack_is_an_exercise_the_attack_accepted_the_end_refused():
    e = one_exercise(WIN_BY_ATTACK, "end melee")
    assert (e.game, e.index, e.played, e.decision.label) == ("ancient", 0, "end melee", "blunder")
    right, wrong = e.attempt("attack c2-c3"), e.attempt("end melee")
    assert right.accepted and right.points_behind <= 5
    assert not wrong.accepted and wrong.points_behind > 50 and wrong.best == "attack c2-c3"
    assert e.is_whole(["attack c2-c3"]) and not e.is_whole([])


def test_an_answer_in_the_action_step_is_a_whole_plan():
    e = one_exercise(WIN_ON_THE_BACK_ROW, "end actions")
    assert e.played == "end actions" and e.decision.best.startswith("d3-d4")
    assert e.attempt("d3-d4, end actions").accepted
    assert e.attempt(["d3-d4", "end actions"]).accepted           # its actions as a list
    assert not e.attempt("end actions").accepted
    assert not e.is_whole(["d3-d4"]) and e.is_whole(["d3-d4", "end actions"])
    with pytest.raises(ValueError, match="ends its action step"):
        e.attempt("d3-d4")
    with pytest.raises(ValueError, match="after its step has ended"):
        e.attempt("end actions, end actions")
    line = e.line("d3-d4, end actions", turns=1, level="easy")
    assert line[:2] == ["d3-d4", "end actions"]


def test_battles_that_looked_the_same_to_the_side_give_the_same_exercise():
    # as the review's fairness test: north's Tactics hand and the dice differ, south's view does not
    other = WIN_BY_ATTACK.replace("hand north Fog Scout", "hand north Mud Redeploy").replace("seed 11", "seed 97")
    a, b = battle(WIN_BY_ATTACK, "end melee"), battle(other, "end melee")
    ea = exercises(a, reviewing.review(a, "south", budget=32, seed=5), "south")[0]
    eb = exercises(b, reviewing.review(b, "south", budget=32, seed=5), "south")[0]
    assert ea.position().position() == eb.position().position()
    assert ea.attempt("attack c2-c3") == eb.attempt("attack c2-c3")
    dealt = ea.position().position()
    assert "Fog Scout" not in dealt and "seed 11 " not in dealt       # neither the real hand nor the dice


def test_the_saved_puzzle_reads_back_and_judges_an_answer():
    e = one_exercise(WIN_BY_ATTACK, "end melee")
    p = e.to_puzzle(title="Attack now")
    back = puzzles.parse(p.to_json())
    assert back == p and back.kind == "better" and back.game().position() == e.position().position()
    assert back.answer == {"move": "attack c2-c3", "played": "end melee", "within": 5, "budget": BUDGET, "seed": 0,
                           "index": 0}
    assert "end melee" in back.question or "melee" in back.question
    assert puzzles.judge(back, "attack c2-c3")[0] and not puzzles.judge(back, "end melee")[0]


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format="battleline-puzzle"), "ancient-battles-puzzle"),
    (lambda d: d.update(kind="win"), "kind"),
    (lambda d: d["answer"].update(within=99), "within"),
    (lambda d: d["answer"].update(move="attack c2-c9"), "not legal"),
    (lambda d: d.update(position="ancient position\nwidth 99\n"), "position"),
    (lambda d: d.pop("answer"), "missing answer"),
])
def test_a_bad_ancient_puzzle_is_refused_by_name(change, words):
    doc = json.loads(puzzles.EXAMPLE)
    change(doc)
    with pytest.raises(ValueError, match=words):
        puzzles.parse(json.dumps(doc))
    with pytest.raises(ValueError, match="not JSON"):
        puzzles.parse("{" * 10)


def test_a_review_of_another_battle_is_refused():
    g = battle(WIN_BY_ATTACK, "end melee")
    r = reviewing.review(g, "south", budget=BUDGET)
    with pytest.raises(ValueError, match="another battle"):
        exercises(battle(WIN_BY_ATTACK, "attack c2-c3"), r, "south")
    with pytest.raises(ValueError, match="standard game"):
        exercises(AncientGame.from_position(WIN_BY_ATTACK), r.__class__("standard", [], [], []), "south")
