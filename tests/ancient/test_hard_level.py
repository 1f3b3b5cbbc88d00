"""Ancient Battles' ``hard`` level is the planning bot, and the widget prepares its kernel in
the background and says so meanwhile (as the standard game's play widget does)."""

from __future__ import annotations

from battleline import AncientBattlesWidget
from battleline.ancient.bots import PlannerBot, SearchBot, ancient_bot
from battleline.compiled import Preparation


def test_hard_is_the_planner_and_still_a_search_bot():
    bot = ancient_bot("hard", seed=1)
    assert type(bot) is PlannerBot and isinstance(bot, SearchBot)    # SearchBot: its fallback


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
