"""The analysis board (battleline.analysis), the same checks on both games: variations kept
as a tree, the game analysed never changed, the line the search expects, a chosen result in
Ancient Battles, and a board from a game going on that holds none of the game's secrets."""

from __future__ import annotations

import random

import pytest

from battleline import Game
from battleline.analysis import MAX_LINE_TURNS, Analysis
from battleline.ancient import AncientGame


def finished_game(seed: int = 2) -> Game:
    rng = random.Random(seed)
    g = Game(seed=seed)
    while not g.is_over():
        g.play(rng.choice(g.legal_moves()))
    return g


def battle(turns: int = 3, seed: int = 2) -> AncientGame:
    rng = random.Random(seed)
    g = AncientGame.scenario("issus", seed=seed)
    while g.result is None and g.turn < turns:
        g.play(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("make", [finished_game, battle], ids=["standard", "ancient"])
def test_variations_form_a_tree_and_leave_the_game_alone(make):
    game = make()
    record = game.record()
    viewer = None if game.result is not None else 1
    index = len(game.actions_taken) // 2
    board = Analysis(game, index, viewer=viewer, seed=5)
    while len(board.game().legal_actions()) < 2:
        index += 1
        board = Analysis(game, index, viewer=viewer, seed=5)
    start = board.game().position()
    a, b = board.game().legal_actions()[:2]
    first = board.play(a)
    after_a = board.game().position()
    second = board.play(board.game().legal_actions()[0])
    board.go(0)
    assert board.game().position() == start
    other = board.play(b)
    assert board.children(0) == [first, other] and board.path(second) == [first, second]
    assert board.play is not None and board.node(other).action == str(b)
    board.go(first)
    assert board.game().position() == after_a
    board.go(0)
    assert board.play(a) == first                      # the same move again: the same node
    assert game.record() == record


def test_a_finished_game_is_analysed_from_its_real_position():
    game = finished_game()
    board = Analysis(game, 10)
    replay = Game.from_record(game.record())
    for _ in range(len(replay.moves) - 10):
        replay.undo()
    assert not board.dealt and board.game().position() == replay.position()


def test_a_game_going_on_is_dealt_again_from_the_viewers_knowledge():
    game = Game(seed=4)
    rng = random.Random(4)
    for _ in range(10):
        game.play(rng.choice(game.legal_moves()))
    viewer = game.to_move
    with pytest.raises(ValueError):
        Analysis(game)                                   # whose knowledge? refused
    boards = [Analysis(game, viewer=viewer, seed=s) for s in range(4)]
    assert all(b.dealt for b in boards)
    assert all(sorted(b.game().hand(viewer)) == sorted(game.hand(viewer)) for b in boards)
    assert all(b.game().observation(viewer) == game.observation(viewer) for b in boards)
    theirs = {tuple(sorted(b.game().hand(1 - viewer))) + tuple(b.game().deck("troop")) for b in boards}
    real = tuple(sorted(game.hand(1 - viewer))) + tuple(game.deck("troop"))
    assert len(theirs) > 1 and real not in theirs


def test_the_line_the_search_expects_and_a_bots_answer():
    game = finished_game()
    board = Analysis(game, 20)
    made = board.line(turns=2, level="medium")
    assert made and all(board.node(n).source == "line" for n in made)
    seats = [board.node(n).seat for n in made]
    changes = sum(1 for x, y in zip(seats, seats[1:]) if x != y)
    assert changes == 1 and board.cursor == made[-1]
    board.go(0)
    answer = board.answer("easy")
    assert board.node(answer).source == "bot"


def test_an_ancient_attack_with_its_result_chosen():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Chariots", "north")
    g.play("end actions")
    board = Analysis(g, viewer="south", seed=3)
    n = board.play_result("fire c2-c3", (("c3", "disrupted"),))
    assert board.game().cell("c3")["disrupted"]
    board.go(0)
    m = board.play_result("fire c2-c3", ())
    assert not board.game().cell("c3")["disrupted"] and m != n
    board.go(n)
    assert board.game().cell("c3")["disrupted"]


def test_bad_requests_are_refused_and_change_nothing():
    game = finished_game()
    with pytest.raises(ValueError):
        Analysis(game, 10 ** 6)
    with pytest.raises(ValueError):
        Analysis(game, seed="x")
    with pytest.raises(ValueError):
        Analysis("not a game")
    board = Analysis(game, 5)
    before = board.game().position()
    for bad in (lambda: board.go(99), lambda: board.play("R1@99"), lambda: board.answer("superhuman"),
                lambda: board.line(turns=MAX_LINE_TURNS + 1), lambda: board.play_result("R1@1", ())):
        with pytest.raises(ValueError):
            bad()
        assert board.game().position() == before and board.cursor == 0


@pytest.mark.parametrize("make", [finished_game, battle], ids=["standard", "ancient"])
def test_the_chance_is_judged_for_the_side_to_move(make):
    game = make()
    viewer = None if game.result is not None else 1
    board = Analysis(game, len(game.actions_taken) - 2, viewer=viewer, seed=1)
    decision = board.chance(budget=32)
    assert decision.seat == board.game().current_player
    assert 0.0 <= decision.chance_best <= 1.0
