"""Regression tests for the defects found by attacking the package as a user or a hostile
browser would (issue 10). Each failed before its fix."""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time

import pytest

from battleline import Game, IllegalMoveError, Move, PositionError, solve
from battleline.arena import main as arena_main, run_arena
from battleline.standard.bots import RandomBot
from battleline.cards import ALL_CARDS
from battleline.standard.puzzles import Puzzle, PuzzleError, bundled
from battleline.standard.puzzles import parse as parse_puzzle
from battleline.standard.puzzles import session as session_module
from battleline.standard.puzzles.session import PuzzleSession
from battleline.widgets import BattleLineWidget, PuzzleWidget
from test_widget import until_idle
from util import run_async, at_screen


def send(w, content) -> None:
    """Deliver a message as the front end would."""
    w._on_msg(w, content, [])


def puzzle(pid: str):
    return next(p for p in bundled() if p.id == pid)


def snapshot(g: Game):
    return g.position(), g.moves, [g.hand(0), g.hand(1)]


# ------------------------------------------- 1. puzzle moves are checked for legality
def every_move_shape() -> list[Move]:
    """Every move that can be written, legal or not anywhere."""
    out = [Move.scout(), Move("pass"), Move("end"), Move.draw("troop"), Move.draw("tactic")]
    out += [Move.claim(f) for f in range(1, 10)]
    for c in ALL_CARDS:
        if not c.is_guile:
            out += [Move.play(c, f) for f in range(1, 10)]
        out += [Move.traitor(c, f) for f in range(1, 10)]
        out += [Move.redeploy(c, f) for f in [None, *range(1, 10)]]
        out += [Move.deserter(c), Move.return_card(c)]
    return out


def test_puzzle_traitor_on_fog_is_refused_and_later_messages_still_work():
    w = PuzzleWidget(puzzle("move-traitor"))
    before = snapshot(w.game)
    send(w, {"type": "move", "move": "Traitor Fog@6"})
    assert w.view["puzzle"]["feedback"]["kind"] == "wrong"
    assert snapshot(w.game) == before
    send(w, {"type": "move", "move": "Traitor Y10@6"})
    assert w.view["puzzle"]["status"] == "solved"


def test_puzzle_refused_traitor_keeps_the_traitor_in_hand():
    s = PuzzleSession(puzzle("move-traitor"))
    before = snapshot(s.game)
    with pytest.raises(IllegalMoveError):
        s.try_move("Traitor B1@6")
    assert snapshot(s.game) == before
    assert "Traitor" in [str(c) for c in s.game.hand(s.seat)]


def test_win_puzzle_refuses_a_return_in_the_play_phase():
    s = PuzzleSession(puzzle("win-breakthrough"))
    before = snapshot(s.game)
    with pytest.raises(IllegalMoveError):
        s.try_move("return B1")
    assert snapshot(s.game) == before
    assert s.try_move("R10@3") and s.try_move("claim 3")
    assert s.status == "solved" and "B1" in [str(c) for c in s.game.hand(s.seat)]


@pytest.mark.parametrize("p", [p for p in bundled() if p.kind != "claims"], ids=lambda p: p.id)
def test_no_refused_puzzle_move_changes_the_game(p):
    s = PuzzleSession(p)
    g = s.game
    legal = set(g.legal_moves())
    start = snapshot(g)
    quick = (len(g.moves), g.hand(0), g.hand(1), g.phase)   # checked after every move
    for m in every_move_shape():
        if m in legal or m.kind == "claim":
            continue
        with pytest.raises(IllegalMoveError):
            s.try_move(m)
        assert (len(g.moves), g.hand(0), g.hand(1), g.phase) == quick, m
        assert s.status == "solving"
    assert snapshot(g) == start


# ------------------------------------------- 2. hot-seat undo keeps the other hand hidden
def test_hot_seat_undo_covers_the_screen_before_showing_the_other_hand():
    w = at_screen(BattleLineWidget(opponent=None, seed=4))
    north_first = w.game.to_move
    play = next(m for m in w.view["legal"] if m["kind"] == "play")
    send(w, {"type": "move", "move": play["text"]})
    send(w, {"type": "move", "move": "draw troop"})
    send(w, {"type": "reveal"})
    assert w.view["seat"] == 1 - north_first and not w.view["cover"]
    send(w, {"type": "undo"})
    v = w.view
    assert w.game.to_move == north_first
    assert v["cover"] and v["hand"] == [] and v["legal"] == [], "the other player's hand is shown"
    send(w, {"type": "reveal"})
    assert w.view["seat"] == north_first and w.view["phase"] == "draw" and len(w.view["hand"]) == 6


# ------------------------------------------- 3. undo while the bot thinks
class GatedBot(RandomBot):
    """A random bot whose ``hold``-th call waits for ``gate``, then moves (or fails)."""

    def __init__(self, hold: int, fail: bool = False):
        super().__init__(seed=1)
        self.calls, self.hold, self.fail = 0, hold, fail
        self.gate = threading.Event()

    def choose(self, obs):
        self.calls += 1
        if self.calls == self.hold:
            self.gate.wait(20)
            if self.fail:
                raise RuntimeError("the old game's bot broke")
        return super().choose(obs)


def test_undo_while_the_bot_thinks_on_its_first_turn_is_refused_and_the_bot_moves_on():
    async def main():
        bot = GatedBot(hold=2)
        w = BattleLineWidget(Game(seed=3, first=0), opponent=bot, seat=1, background_bot=True)
        for _ in range(500):
            if bot.calls == 2:
                break
            await asyncio.sleep(0.01)
        assert w.game.moves and w.view["thinking"]
        before = snapshot(w.game)
        send(w, {"type": "undo"})
        assert w.view["message"]["kind"] == "error"
        assert w.view["thinking"] and snapshot(w.game) == before
        bot.gate.set()
        await until_idle(w)
        assert w.game.to_move == 1 and w.view["my_turn"] and w.view["legal"]
    run_async(main)


def test_a_failure_of_the_last_games_bot_does_not_show_in_the_next_game():
    async def main():
        bot = GatedBot(hold=1, fail=True)
        w = BattleLineWidget(Game(seed=3, first=1), opponent=bot, seat=1, background_bot=True)
        play = next(m for m in w.view["legal"] if m["kind"] == "play")
        send(w, {"type": "move", "move": play["text"]})
        send(w, {"type": "move", "move": "draw troop"})
        assert w.view["thinking"]
        send(w, {"type": "new_game"})
        await until_idle(w)
        moves_then = w.game.moves
        bot.gate.set()
        await asyncio.sleep(0.3)
        await until_idle(w)
        assert w.view["message"] is None, w.view["message"]
        assert w.game.moves == moves_then
    run_async(main)


# ------------------------------------------- 4. the log follows the game after an undo
def test_undo_takes_the_turns_lines_out_of_the_log():
    w = BattleLineWidget(opponent="easy", seed=11, bot_seed=2)
    send(w, {"type": "move", "move": next(m["text"] for m in w.view["legal"] if m["kind"] == "play")})
    send(w, {"type": "move", "move": "draw troop"})
    log_at_turn = list(w.view["log"])
    drawn = w.game.hand(w.seat)[-1]
    send(w, {"type": "move", "move": next(m["text"] for m in w.view["legal"] if m["kind"] == "play")})
    send(w, {"type": "move", "move": "draw troop"})
    assert len(w.view["log"]) > len(log_at_turn) + 2
    send(w, {"type": "undo"})
    log = w.view["log"]
    assert log[:-1] == log_at_turn and len(log) == len(log_at_turn) + 1
    assert drawn in w.game.hand(w.seat)


def test_hot_seat_undo_forgets_the_card_that_went_back_to_the_hand():
    w = at_screen(BattleLineWidget(opponent=None, seed=4))
    log_before = list(w.view["log"])
    play = next(m for m in w.game.legal_moves() if m.kind == "play")
    send(w, {"type": "move", "move": str(play)})
    assert any(play.card.name in line for line in w.view["log"])
    send(w, {"type": "undo"})
    assert w.view["log"][:-1] == log_before
    assert not any(play.card.name in line for line in w.view["log"])


# ------------------------------------------- 5. dead positions are refused
DEAD_BASE = """battleline position 1
rules standard
turn south {turn}
hand north: Alexander Companion Fog Redeploy Traitor R1
hand south: {south}
troop deck: {troops}
tactic deck: {tactics}
discard north: rest
discard south: Scout
"""


@pytest.mark.parametrize("turn, south, troops, tactics, words", [
    ("scout-draw 3", "Darius Shield Mud Deserter R2", "-", "-", "deck"),
    ("scout-draw 1", "Darius Shield Mud Deserter R2", "-", "-", "deck"),
    ("scout-return 2", "R2", "-", "Darius Shield Mud Deserter", "hand"),
    ("scout-return 1", "-", "R2", "Darius Shield Mud Deserter", "hand"),
])
def test_a_position_with_no_legal_move_that_is_not_over_is_refused(turn, south, troops, tactics, words):
    text = DEAD_BASE.format(turn=turn, south=south, troops=troops, tactics=tactics)
    with pytest.raises(PositionError, match=words):
        Game.from_position(text)


def test_scout_positions_that_can_go_on_still_read():
    g = Game.from_position(DEAD_BASE.format(turn="scout-return 2", south="Darius Shield Mud Deserter R2",
                                            troops="-", tactics="-"))
    assert len(g.legal_moves()) == 5
    g = Game.from_position(DEAD_BASE.format(turn="scout-draw 3", south="Darius Shield Mud Deserter",
                                            troops="R2", tactics="-"))
    assert [str(m) for m in g.legal_moves()] == ["draw troop"]
    w = BattleLineWidget(g, opponent="easy", seat=0, bot_seed=1)  # the bot (south) moves at once
    # Its Scout draws the last troop, R2, and gives back two cards (the decks are empty);
    # north then holds R1, which can go to a flag: the game goes on, north to play.
    assert [m.kind for m in w.game.moves] == ["draw", "return", "return"]
    assert str(w.game.moves[0]) == "draw troop"
    assert not w.game.is_over() and w.game.to_move == 0 and w.game.phase == "play"
    assert "R1@5" in [str(m) for m in w.game.legal_moves()]


# ------------------------------------------- 6. every bad input is a ValueError
@pytest.mark.parametrize("text", ["[" * 100000, '{"a":' * 100000, None, 42, b"\xff"],
                         ids=["deep-array", "deep-object", "None", "int", "bad-bytes"])
def test_bad_records_and_puzzles_raise_value_errors(text):
    with pytest.raises(PositionError):
        Game.from_record(text)
    with pytest.raises(PuzzleError):
        parse_puzzle(text)


def test_a_record_may_be_given_as_its_dict():
    g = Game(seed=5)
    for _ in range(12):
        g.play(g.legal_moves()[-1])
    doc = json.loads(g.record())
    assert Game.from_record(doc).position() == g.position()
    assert parse_puzzle(json.loads(puzzle("move-traitor").to_json())).id == "move-traitor"


# ------------------------------------------- 7. puzzle answers are checked on load
def with_answer(pid: str, answer) -> dict:
    doc = json.loads(puzzle(pid).to_json())
    doc["answer"] = answer
    return doc


@pytest.mark.parametrize("pid, answer", [
    ("move-traitor", {}),
    ("win-breakthrough", {}),
    ("claims-rulebook", {}),
    ("move-traitor", {"flag": 10, "move": "Traitor Y10@6"}),
    ("move-traitor", {"flag": 10**30, "move": "Traitor Y10@6"}),
    ("move-traitor", {"flag": "6", "move": "Traitor Y10@6"}),
    ("move-traitor", {"flag": 6, "move": "Traitor Y10@60"}),
    ("move-traitor", {"flag": 6, "move": "Traitor B1@6"}),
    ("move-traitor", {"flag": 6, "move": ["Traitor Y10@6"]}),
    ("win-breakthrough", {"turns": [1]}),
    ("win-breakthrough", {"turns": 0}),
    ("win-breakthrough", {"turns": True}),
    ("win-breakthrough", {"turns": 10**9}),
    ("claims-rulebook", {"flags": [1, 10]}),
    ("claims-rulebook", {"flags": "3"}),
    ("claims-rulebook", {"flags": [[3]]}),
])
def test_malformed_answers_are_refused_on_load(pid, answer):
    with pytest.raises(PuzzleError, match="answer"):
        parse_puzzle(json.dumps(with_answer(pid, answer)))


def test_a_puzzle_with_a_huge_flag_cannot_be_made_so_no_step_half_applies():
    p = puzzle("move-traitor")
    with pytest.raises(PuzzleError):
        Puzzle(p.id, p.title, p.level, p.kind, p.question, p.position, {"flag": 10**30, "move": "Traitor Y10@6"})
    s = PuzzleSession(p)
    s.step()
    assert s.status == "revealed" and s.game.moves == [Move.parse("Traitor Y10@6")]


# ------------------------------------------- 9. work is bounded by default
@pytest.fixture
def racing_clock(monkeypatch):
    """A clock on which every reading is 100 s after the last: any deadline passes at once."""
    ticks = itertools.count(step=100.0)
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))


def test_solve_has_a_time_limit_by_default(racing_clock):
    g = puzzle("win-who-gets-the-elephant").game()   # some 13,000 positions
    with pytest.raises(TimeoutError):
        solve(g, 3)


def test_show_next_step_gives_up_in_time_with_a_clear_message(racing_clock):
    w = PuzzleWidget(puzzle("win-who-gets-the-elephant"))
    before = snapshot(w.game)
    send(w, {"type": "puzzle_step"})
    feedback = w.view["puzzle"]["feedback"]
    assert "Something went wrong" not in feedback["text"]
    assert "could not" in feedback["text"] and "start again" in feedback["text"]
    assert snapshot(w.game) == before and w.view["puzzle"]["steps"] == []
    assert w.view["puzzle"]["status"] == "solving"


def test_a_step_budget_is_short_of_the_old_thirty_seconds():
    assert session_module.STEP_SECONDS <= 10


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "-inf"])
def test_arena_refuses_a_move_time_that_is_not_a_positive_number(value, capsys):
    with pytest.raises(SystemExit) as info:
        arena_main(["easy", "easy", "--games", "2", "--move-time", value])
    assert info.value.code == 2
    assert "move-time" in capsys.readouterr().err
    with pytest.raises(ValueError, match="move_time"):
        run_arena("easy", "easy", 2, move_time=float(value))
