"""The play widget with the planning `hard` bot: the kernel is prepared in the background, and
the status line says so meanwhile."""

from __future__ import annotations

from battleline import BattleLineWidget
from battleline.standard.bots import PlannerBot
from battleline.compiled import Preparation


def test_a_planning_bot_prepares_its_kernel_when_the_widget_starts(monkeypatch):
    calls = []
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: calls.append(self))
    w = BattleLineWidget(opponent="hard", seed=3)
    assert isinstance(w.bot, PlannerBot)
    assert calls == [w.bot]


def test_the_status_line_says_the_bot_is_preparing_and_stops_saying_it(monkeypatch):
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: None)
    monkeypatch.setattr(Preparation, "preparing", lambda self: True)
    w = BattleLineWidget(opponent="hard", seed=3)
    w.refresh()
    assert "preparing" in w.view["status"] and w.view["status"].startswith("Your turn")
    monkeypatch.setattr(Preparation, "preparing", lambda self: False)
    w.refresh()
    assert "preparing" not in w.view["status"]


def test_the_easy_bot_prepares_nothing(monkeypatch):
    calls = []
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: calls.append(self))
    BattleLineWidget(opponent="easy", seed=3)
    assert calls == []
