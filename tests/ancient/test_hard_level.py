"""Ancient Battles' ``hard`` level is the planning bot with its fights searched over the dice, and the widget prepares its kernel in
the background and says so meanwhile (as the standard game's play widget does)."""

from __future__ import annotations

from battleline import AncientBattlesWidget
from battleline.ancient.bots import DiceFightBot, PlannerBot, SearchBot, ancient_bot
from battleline.compiled import Preparation


def test_hard_is_the_planner_with_the_dice_search_of_its_fights_and_still_a_search_bot():
    bot = ancient_bot("hard", seed=1)
    assert type(bot) is DiceFightBot and isinstance(bot, PlannerBot) and isinstance(bot, SearchBot)
    assert bot.plan_depth == 0 and bot.free_fights       # as measured (docs/experiments/LOG.md)


def test_the_analysis_board_answers_with_ancient_s_own_hard(monkeypatch):
    from battleline.analysis import Analysis
    from battleline.ancient import AncientGame

    class Asked(Exception):
        pass

    def choose(self, obs):
        raise Asked(type(self).__name__)

    monkeypatch.setattr(DiceFightBot, "choose", choose)
    try:
        Analysis(AncientGame.scenario("marathon", seed=3), viewer="south").answer("hard")
    except Asked as e:
        assert str(e) == "DiceFightBot"
    else:
        raise AssertionError("hard was not DiceFightBot")


def test_the_widget_prepares_a_planning_bot_s_kernel_when_it_starts(monkeypatch):
    calls = []
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: calls.append(self))
    w = AncientBattlesWidget(scenario="marathon", opponent="hard", seed=3)
    assert calls == [w.battle.bot]
    calls.clear()
    AncientBattlesWidget(scenario="marathon", opponent="medium", seed=3)
    assert calls == []


def test_the_status_line_says_the_bot_is_preparing_and_stops_saying_it(monkeypatch):
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: None)
    monkeypatch.setattr(Preparation, "preparing", lambda self: True)
    w = AncientBattlesWidget(scenario="marathon", opponent="hard", seed=3, lang="ja")
    w.refresh()
    assert "準備中" in w.view["status"]
    monkeypatch.setattr(Preparation, "preparing", lambda self: False)
    w.refresh()
    assert "準備中" not in w.view["status"] and w.view["status"].startswith("ターン")
