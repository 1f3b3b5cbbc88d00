"""The status line of both games' views: the bot's preparing note goes when the preparation
ends (issue 33 items 2-4), and who acts is worded "You" and "Bot" (items 10-11)."""

from __future__ import annotations

from util import run_async, at_screen

from battleline.ancient import AncientGame
from battleline.widgets import AncientBattlesWidget


# ---------------------------------------------------------------- items 2-4: Battle Line's status
def status_after_preparation(make, monkeypatch) -> tuple[str, str]:
    """The status line while the bot prepares, and once the preparation has ended (no move
    made, nothing refreshed by hand), in a kernel's event loop."""
    import asyncio
    from battleline.compiled import Preparation
    from battleline.widgets import turns
    state = {"preparing": True}
    monkeypatch.setattr(Preparation, "preparing", lambda self: state["preparing"])
    monkeypatch.setattr(turns, "PREPARATION_POLL", 0.01, raising=False)

    async def run():
        w = make()
        before = w.view["status"]
        state["preparing"] = False
        await asyncio.sleep(0.1)
        return before, w.view["status"]

    return run_async(run, timeout=180)


def test_battle_line_the_preparing_note_goes_when_the_preparation_ends(monkeypatch):
    """Issue 33 item 2."""
    from battleline.standard.bots import PlannerBot
    from battleline.widgets import BattleLineWidget
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: None)
    before, after = status_after_preparation(lambda: BattleLineWidget(opponent="hard", seed=3), monkeypatch)
    assert "preparing" in before and "preparing" not in after and after.startswith("Your turn")


def test_ancient_the_preparing_note_goes_when_the_preparation_ends(monkeypatch):
    from battleline.ancient.bots.planner import PlannerBot
    monkeypatch.setattr(PlannerBot, "prepare_in_background", lambda self: None)
    before, after = status_after_preparation(
        lambda: AncientBattlesWidget(scenario="marathon", opponent="hard", seed=3, background_bot=False),
        monkeypatch)
    assert "preparing" in before and "preparing" not in after


# ---------------------------------------------------------------- items 10-11: who acts
def test_ancient_against_a_bot_says_you_and_bot():
    """Issue 33 item 10: as in Battle Line, "You" and "Bot" where a person plays a bot (the
    log and the result), the sides at one screen."""
    from battleline.ancient.bots import RandomBot as RandomAncientBot
    g = AncientGame.empty(seed=1, dice=[6, 1])
    g.put("c2", "Elephants", "south")
    g.put("c3", "Skirmishers", "north", disrupted=True)
    w = AncientBattlesWidget(g, opponent=RandomAncientBot(1))
    w.play("end actions")
    w.play("attack c2-c3")
    assert w.view["status"] == "You win: casualties." == w.view["log"][-1]
    assert w.view["log"][0].startswith("You: Elephants (R10) on c2 attacks")
    w = AncientBattlesWidget(scenario="marathon", opponent=RandomAncientBot(1), seed=5)
    w.play("deploy R1@a1")
    assert w.view["log"][0] == "You placed a card face down on a1."
    while w.game.phase == "deploy":
        w.play(w.game.legal_actions()[0])
    assert "Bot placed a card face down" in " ".join(w.view["log"])
    ja = AncientBattlesWidget(g.__class__.scenario("marathon", seed=5), opponent=RandomAncientBot(1), lang="ja")
    ja.play("deploy R1@a1")
    assert ja.view["log"][0] == "あなた：a1にカードを裏向きに置きました。"
    hot = at_screen(AncientBattlesWidget(scenario="marathon", opponent=None, seed=5))
    hot.play("deploy R1@a1")
    assert hot.view["log"][0] == "South placed a card face down on a1."
    assert hot.view["status"].startswith("Turn 1. South's move — deploy face down")


def test_ancient_the_bots_turn_is_worded_as_the_bots():
    """Issue 33 item 11: while the bot deploys, the status line neither addresses its phase
    to you ("… your Back Row") nor names your side as the one playing."""
    import asyncio
    from battleline.ancient.bots import RandomBot as RandomAncientBot

    async def run():
        w = AncientBattlesWidget(scenario="marathon", side="north", opponent=RandomAncientBot(2), seed=5,
                                 background_bot=True, step_delay=0.001)
        statuses = [w.view["status"]]
        w.observe(lambda change: statuses.append(change["new"]["status"]), names="view")
        for _ in range(400):
            await asyncio.sleep(0.005)
            if w.game.to_act == "north" and not w.view["thinking"]:
                break
        return w, statuses

    w, statuses = run_async(run, timeout=180)
    bots = [s for s in statuses if "your Back Row" not in s or s.startswith("Turn 1. Your move")]
    assert bots == statuses, [s for s in statuses if s not in bots][:3]
    assert not [s for s in statuses if "South is" in s or "North is" in s]
    assert "The bot is playing its turn…" in statuses
    assert w.view["status"].startswith("Turn 1. Your move — deploy face down")
    # the bot's move before it begins (or after it failed) is worded as the bot's too
    assert w.words.say("bot_to_act", turn=1) == "Turn 1. The bot's move."
