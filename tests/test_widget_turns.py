"""The play machinery both games' widgets share (battleline.widgets.turns): one log with
undo's marks, one rule for the log's secrets, one runner for the bot's turn; and the old
module paths of the widgets, kept working."""

from __future__ import annotations


import pytest

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.standard.bots import RandomBot
from battleline.errors import IllegalMoveError
from battleline.widgets.turns import BotRunner, TurnLog, log_reader
from util import at_screen


class BrokenBot:
    def choose(self, observation):
        raise RuntimeError("no idea")


def test_both_controllers_use_the_shared_log_and_runner():
    standard = BattleLineWidget(opponent="easy", seed=1).play_mode
    ancient = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=1).battle
    for controller in (standard, ancient):
        assert isinstance(controller.turns, TurnLog) and isinstance(controller.bot_turns, BotRunner)


def test_the_log_is_cut_back_with_the_moves_and_marks_taken_back():
    log = TurnLog(marks=[0])
    log.note("first", 1)
    log.mark(2)
    log.note("second", 3)
    log.note("third", 4)
    assert log.undo_target(4) == 2 and log.undo_target(2) == 0
    log.cut(2)
    assert log.lines == ["first"] and log.marks == [0, 2]
    log.cut(0)
    assert log.lines == [] and log.marks == [0]
    with pytest.raises(IllegalMoveError, match="none of your turns") as e:
        log.undo_target(0)
    assert e.value.rule == "nothing-to-undo"


def test_undo_is_offered_only_once_a_turn_of_the_humans_has_a_move_in_it():
    """A turn that began just now (its mark at the moves played) has nothing to take back; the
    bot's opening moves are not the human's to undo."""
    log = TurnLog(marks=[2])
    assert not log.can_undo(2) and log.can_undo(3)
    w = BattleLineWidget(opponent="easy", seed=1)          # the bot moves first in this deal
    assert w.game.moves and not w.view["can_undo"]
    w.play(w.view["legal"][0]["text"])
    assert w.view["can_undo"]


@pytest.mark.parametrize("against_bot, screen_cover, reader", [
    (True, True, "south"), (True, False, "south"), (False, True, None), (False, False, "north")])
def test_the_log_names_secrets_of_its_reader_only(against_bot, screen_cover, reader):
    assert log_reader("south", "north", against_bot=against_bot, screen_cover=screen_cover) == reader


def test_hot_seat_log_names_no_drawn_card_and_against_a_bot_only_mine():
    """Battle Line covers the screen between turns: at one screen nobody's drawn card is
    named; against a bot only the human's own."""
    for opponent, named in ((None, False), (RandomBot(seed=1), True)):
        w = at_screen(BattleLineWidget(Game(seed=5, first=0), opponent=opponent, seat=0))
        play = next(m for m in w.game.legal_moves() if m.kind == "play")
        w.play(play)
        w.play("draw troop")
        drawn = w.game.hand(0)[-1]
        line = next(line for line in w.view["log"] if "drew" in line)
        assert (drawn.name in line) is named, line


@pytest.mark.parametrize("make", [
    lambda: BattleLineWidget(Game(seed=2, first=1), opponent=BrokenBot(), seat=0),
    lambda: AncientBattlesWidget(scenario="marathon", side="north", opponent=BrokenBot(), seed=2),
])
def test_a_failing_bot_ends_its_turn_with_a_message_in_both_games(make):
    w = make()
    assert not w.view["thinking"]
    text = w.view["message"]["text"]
    assert text.startswith("The bot failed: RuntimeError") and "no idea" in text
