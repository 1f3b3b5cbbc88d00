"""Practise (issue 43, item 3) in Battle Line: a review's mistakes as exercises
(battleline.practice), answers judged by the review's judge and accepted within 5 points of win
chance, the exercise dealt from the learner's observation only, the line after an answer, and
the position saved as a "better" puzzle that the puzzle collection reads back and plays."""

from __future__ import annotations

import json
import random

import pytest

from battleline import Game, review
from battleline.annotation import within_reach
from battleline.practice import WIN_IN_ONE_EXAMPLE, Exercise, exercises
from battleline.standard import puzzles
from battleline.standard.bots import RandomBot
from battleline.standard.puzzles.session import PuzzleSession

BUDGET = 96


def blundered(position: str = WIN_IN_ONE_EXAMPLE) -> Game:
    g = Game.from_position(position)
    g.play("B1@4")                       # R10@3 wins at once
    return g


def one_exercise(g: Game | None = None) -> Exercise:
    g = blundered() if g is None else g
    (e,) = exercises(g, review(g, seat="south", budget=BUDGET), "south")
    return e


def test_the_exercises_are_the_learners_mistakes_and_blunders_only():
    g = blundered()
    r = review(g, seat="south", budget=BUDGET)
    (e,) = exercises(g, r, "south")
    assert (e.index, e.seat, e.played, e.decision.label, e.points_lost) == (0, 1, "B1@4", "blunder", 100)
    assert exercises(g, r, "north") == []                       # north made no judged decision
    good = Game.from_position(WIN_IN_ONE_EXAMPLE)
    good.play("R10@3")
    assert exercises(good, review(good, seat=1, budget=BUDGET), 1) == []
    # north's hand unknown (the rest in the deck): the same move is only an inaccuracy, not practised
    unsure = blundered(WIN_IN_ONE_EXAMPLE.replace("troop deck: -", "troop deck: rest seed 5").replace(
        "discard north: rest", "discard north: -"))
    r = review(unsure, seat=1, budget=BUDGET)
    assert [d.label for d in r.decisions] == ["inaccuracy"] and exercises(unsure, r, 1) == []


def test_the_winning_answer_is_accepted_and_the_blunder_refused():
    e = one_exercise()
    right, wrong = e.attempt("R10@3"), e.attempt("B1@4")
    assert right.accepted and right.chance == right.chance_best == 1.0 and right.points_behind == 0
    assert not wrong.accepted and wrong.points_behind == 100 and wrong.best == "R10@3"
    assert e.attempt("B2@9").accepted is False                  # any other move loses too


def test_an_answer_is_accepted_exactly_when_it_is_within_5_points_of_the_best():
    assert within_reach(0.60, 0.60) and within_reach(0.551, 0.60) and within_reach(0.7, 0.6)
    assert not within_reach(0.549, 0.60) and not within_reach(0.30, 0.60)
    # a real exercise: answers spread around the margin, each verdict by the margin
    g = Game(seed=3)
    bot = RandomBot(seed=3)
    for _ in range(24):
        g.play(bot.choose(g.observation(g.to_move)))
    (e,) = exercises(g, review(g, seat=1, budget=BUDGET), 1)
    verdicts = [e.attempt(m) for m in e.position().legal_moves(claims=False)[:12]]
    behind = [v.chance_best - v.chance for v in verdicts]
    assert all(v.accepted == (b <= 0.05 + 1e-9) for v, b in zip(verdicts, behind))
    assert any(v.accepted for v in verdicts)
    assert any(0.05 < b <= 0.5 for b in behind)                 # refused here, accepted at 50 points
    assert all(v.points_behind >= 6 for v in verdicts if not v.accepted)


def test_the_exercise_is_the_same_for_two_games_that_looked_the_same_to_the_learner():
    # as the review's fairness test: north's hand and the deck swapped (one holds P10, which wins
    # north the game next turn), south's view the same
    hidden = WIN_IN_ONE_EXAMPLE.replace("troop deck: -", "troop deck: G10 B3 R1")
    other = hidden.replace("hand north: P10 G9 B9", "hand north: G10 B3 R1").replace(
        "troop deck: G10 B3 R1", "troop deck: P10 G9 B9")
    a, b = blundered(hidden), blundered(other)
    assert a.observation(1) == b.observation(1) and a.position() != b.position()
    ea, eb = one_exercise(a), one_exercise(b)
    assert ea.position().position() == eb.position().position()
    assert ea.attempt("B2@9") == eb.attempt("B2@9") and ea.attempt("R10@3") == eb.attempt("R10@3")
    assert ea.line("R10@3", turns=1, level="easy") == eb.line("R10@3", turns=1, level="easy")
    # the dealt north hand is not the real one (from the cards south could not see)
    real = sorted(str(c) for c in a.hand(0))
    assert sorted(str(c) for c in ea.position().hand(0)) != real


def test_the_line_starts_with_the_answer():
    e = one_exercise()
    assert e.line("R10@3", turns=1, level="easy")[:2] == ["R10@3", "claim 3"]
    assert e.line(turns=1, level="easy")[0] == "R10@3"          # the review's better move
    assert e.is_whole(["R10@3"]) and not e.is_whole([])


@pytest.mark.parametrize("answer, words", [
    ("R1@99", "R1@99"), ("G7@4", "not a legal card move"), (["R10@3", "claim 3"], "one move"),
    (None, "None"), ("x" * 500, "xxx"),
])
def test_a_bad_answer_is_refused_by_name(answer, words):
    e = one_exercise()
    with pytest.raises(ValueError, match=words) as caught:
        e.attempt(answer)
    assert len(str(caught.value)) < 300


def test_bad_reviews_and_seats_are_refused():
    g = blundered()
    r = review(g, seat="south", budget=BUDGET)
    with pytest.raises(ValueError, match="Review"):
        exercises(g, "review")
    with pytest.raises(ValueError, match="another game"):
        exercises(Game(seed=1), r, "south")
    with pytest.raises(ValueError, match="seat"):
        exercises(g, review(g, budget=BUDGET))                  # a review of both seats: say whose
    with pytest.raises(ValueError, match="seat is 0"):
        exercises(g, r, "east")


def test_the_saved_puzzle_reads_back_and_plays_as_a_puzzle():
    e = one_exercise()
    p = e.to_puzzle(title="Win now")
    text = p.to_json()
    back = puzzles.parse(text)
    assert back.kind == "better" and back.title == "Win now" and back.position == e.position().position()
    assert back.answer == {"move": "R10@3", "played": "B1@4", "within": 5, "budget": BUDGET, "seed": 0, "index": 0}
    assert "B1@4" in back.question and back.text("question", "ja") != back.question
    assert "R10@3" in puzzles.verify(back)
    session = PuzzleSession(back)
    assert session.try_move("B1@4") is False and session.feedback["kind"] == "wrong"
    assert "100 points below" in session.feedback["text"] and len(session.game.moves) == 0
    assert session.try_move("R10@3") is True and session.status == "solved"
    fresh = PuzzleSession(back)
    fresh.step()
    assert fresh.status == "revealed" and "R10" in " ".join(fresh.steps) or "Red 10" in " ".join(fresh.steps)


@pytest.mark.parametrize("change, words", [
    (lambda d: d["answer"].update(within=0), "within"),
    (lambda d: d["answer"].update(budget=True), "budget"),
    (lambda d: d["answer"].update(move="R7@3"), "not a legal card move"),
    (lambda d: d["answer"].pop("played"), "played"),
    (lambda d: d["answer"].update(index=-1), "index"),
])
def test_a_bad_better_puzzle_is_refused_by_name(change, words):
    doc = json.loads(one_exercise().to_puzzle().to_json())
    change(doc)
    with pytest.raises(puzzles.PuzzleError, match=words):
        puzzles.parse(json.dumps(doc))


def test_a_bad_puzzle_id_is_refused():
    with pytest.raises(ValueError, match="id"):
        one_exercise().to_puzzle(id="")


def test_the_exercise_position_is_new_each_time():
    e = one_exercise()
    first = e.position()
    first.play("R10@3")
    assert len(e.position().moves) == 0 and random.Random(e.world_seed).random() == random.Random(e.world_seed).random()
