"""The study panel's flows written once for both games (battleline.widgets.study_panel): the
same messages answered in both widgets, each game's refusals kept, the old name of closing a
Battle Line replay still working."""

from __future__ import annotations

import pytest

from battleline import BattleLineWidget
from battleline.errors import IllegalMoveError
from battleline.widgets.ancient.study import AncientStudy
from battleline.widgets.standard.study import ReplayController, StudyTools

STUDY = {"hint", "save", "load", "replay_open"}
REPLAY = {"replay_goto", "replay_step", "replay_hands", "replay_seat", "review_start", "review_stop", "replay_close"}


def test_both_games_panels_answer_the_same_study_and_replay_messages():
    assert set(StudyTools.messages.kinds) == STUDY
    assert set(ReplayController.messages.kinds) == REPLAY
    assert set(AncientStudy.messages.kinds) == STUDY | REPLAY


def replay_of_unfinished(w: BattleLineWidget) -> ReplayController:
    """A replay of a record pasted mid-game (its hands may open; it is reviewed as loaded)."""
    for _ in range(4):
        w.play(w.view["legal"][0]["text"])
    w.load(w.game.record())
    return w.replay_mode


def test_a_battle_line_refusal_keeps_its_rule_and_an_ancient_one_its_words():
    w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1)
    replay = replay_of_unfinished(w)
    with pytest.raises(IllegalMoveError) as e:
        replay.stop_review()
    assert (str(e.value), e.value.rule) == ("no review is running", "no-review")
    ancient = AncientStudy.__new__(AncientStudy)
    ancient.review = None
    with pytest.raises(IllegalMoveError) as e:
        ancient.stop_review()
    assert (str(e.value), e.value.rule) == ("no review is running", None)


def test_closing_a_replay_by_its_old_name_warns_and_still_closes_it():
    w = BattleLineWidget(opponent="easy", seed=4, bot_seed=1)
    replay = replay_of_unfinished(w)
    assert w.mode == "replay"
    with pytest.warns(DeprecationWarning, match="close_replay"):
        replay.close()
    assert w.mode == "play"
