"""The review's driver shared by both games (battleline.review_driver): the walk's decisions
judged in order, progress, cancellation, and the arguments checked before anything is walked."""

from __future__ import annotations

import pytest

from battleline.annotation import Decision
from battleline.review_driver import Judge, Point, Walk, iter_review, review


def toy(judged: list, walked: list, skip: tuple = ()) -> Judge:
    """A game of three decisions (indexes 0, 2, 4); ``skip``: those its judge declines."""
    def walk(game, seat):
        walked.append(seat)
        return Walk([Point(i, 0, f"m{i}", None) for i in (0, 2, 4)], [f"m{i}" for i in range(5)], [0, 1] * 2 + [0],
                    "north wins")

    def judge(obs, played, index, budget, seed):
        judged.append(index)
        if index in skip:
            return None
        return Decision(index, 0, played, played, 0.5, 0.5, 0.0, "best", "", "-", "-", playouts=budget)
    return Judge("toy", 64, walk, judge)


def test_progress_counts_the_decisions_judged_of_all_to_judge():
    seen = []
    r = review(toy([], []), "a game", progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert (r.game, r.result, r.budget, [d.playouts for d in r.decisions]) == ("toy", "north wins", 64, [64] * 3)


def test_a_point_its_judge_declines_is_left_out():
    judged = []
    r = review(toy(judged, [], skip=(2,)), "a game", budget=16)
    assert judged == [0, 2, 4] and [d.index for d in r.decisions] == [0, 4]


def test_closing_the_stream_stops_the_judging():
    judged = []
    stream = iter_review(toy(judged, []), "a game")
    assert next(stream).index == 0
    stream.close()
    assert judged == [0]


@pytest.mark.parametrize("args", [{"seat": "west"}, {"budget": 3}, {"seed": -1}])
def test_bad_arguments_are_refused_before_the_record_is_walked(args):
    walked = []
    with pytest.raises(ValueError):
        iter_review(toy([], walked), "a game", **args)
    assert walked == []
