"""Issue 33, "Polish, round 4": the log's dice, the views' statuses and words, the arena's
summary, the README's first commands (the browser checks are in tests/browser/)."""

from __future__ import annotations

import inspect
import random
import re

import pytest
from util import run_async, at_screen

from battleline.ancient import AncientGame
from battleline.ancient.dice import Dice
from battleline.widgets import AncientBattlesWidget

from test_ancient_widget import play_at_screen

DICE_IN_LINE = re.compile(r"(?:Dice:|initiative dice|ダイス：|主導権のダイス) ?(\d(?:, \d)*)")


def logged_dice(line: str) -> list[int]:
    return [int(x) for m in DICE_IN_LINE.finditer(line) for x in m.group(1).split(", ")]


@pytest.fixture
def roll_makers(monkeypatch):
    """Who rolled each die of the stream, by its position: the initiative roll or not (read
    from the caller, independently of the game's own bookkeeping)."""
    made: dict[int, bool] = {}
    plain_roll = Dice.roll

    def roll(self):
        position = self.position
        value = plain_roll(self)
        made.setdefault(position, inspect.currentframe().f_back.f_code.co_name == "roll_initiative")
        return value

    monkeypatch.setattr(Dice, "roll", roll)
    return made


@pytest.mark.parametrize("scenario,seed", [("issus", 0), ("issus", 3), ("marathon", 5), ("gaugamela", 8)])
def test_every_logged_die_belongs_to_its_event(roll_makers, scenario, seed):
    """Issue 33 item 1: whole battles played action by action, two people at one screen.
    Each log line shows exactly the dice of its own event: an attack's or a shot's line no
    initiative die, an initiative line only initiative dice; all the dice, each once."""
    w = at_screen(AncientBattlesWidget(scenario=scenario, opponent=None, seed=seed))
    rng = random.Random(seed)
    checked = 0
    while w.game.outcome is None and len(w.game.actions_played) < 4000:
        start, lines = len(w.game.rolls), len(w.battle.log)
        play_at_screen(w, rng.choice(w.game.legal_actions()))
        new = w.battle.log[lines:]
        rolled = w.game.rolls[start:]
        assert [d for line in new for d in logged_dice(line)] == rolled, new
        at = start
        for line in new:
            dice = logged_dice(line)
            initiative = "initiative" in line
            assert all(roll_makers[p] == initiative for p in range(at, at + len(dice))), (line, rolled)
            at += len(dice)
            checked += bool(dice)
    assert w.game.outcome is not None and checked > 20


def test_an_attack_ending_the_turn_keeps_the_tied_initiative_dice_apart():
    """The reported case (Issus, two people at one screen): the last attack of a turn, then
    the next turn's initiative tied twice. Found by playing (seed 2, action 211)."""
    w = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=2))
    rng = random.Random(2)
    while len(w.game.actions_played) < 211:
        play_at_screen(w, rng.choice(w.game.legal_actions()))
    assert str(w.game.actions_played[-1]) == "attack g3-g4"
    assert w.battle.log[-2].endswith("Dice: 3, 2. Result: g4 eliminated."), w.battle.log[-2:]
    assert w.battle.log[-1] == "Turn 13: initiative dice 4, 4, 5, 5, 2, 3. North moves first."
    assert w.view["dice"]["rolls"] == [4, 4, 5, 5, 2, 3]


# ---------------------------------------------------------------- item 6: the cover
def test_ancient_two_people_at_one_screen_pass_it_behind_a_cover():
    """Issue 33 item 6: when the side to act changes at one screen, the view sent holds
    neither side's secrets (the next side's reserve while deploying, its Tactics hand, the
    field) until the next player lifts the cover; play is refused meanwhile."""
    covers = hands_hidden = 0
    for seed in (4, 5, 6):
        covers, hands_hidden = pass_and_check(seed, covers, hands_hidden)
    assert covers > 20 and hands_hidden


def pass_and_check(seed: int, covers: int, hands_hidden: int) -> tuple[int, int]:
    from battleline.errors import IllegalMoveError
    import json
    w = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=seed))
    rng = random.Random(seed)
    while w.game.outcome is None:
        acting = w.game.to_act
        w.play(rng.choice(w.game.legal_actions()))
        v = w.view
        if w.game.to_act in (None, acting):
            assert v["cover"] is None
            continue
        covers += 1
        nxt = w.game.to_act
        assert v["cover"]["text"] == f"Pass to {nxt.title()} — click when ready" == v["status"]
        assert v["rows"] == v["hand"] == v["reserve"] == v["choices"] == v["buttons"] == []
        text = json.dumps(v)
        obs = w.game.observation(nxt)
        leaders = {x["with"] for x in v["leaders"].values()}
        secrets = list(obs.hand) + ([c for c in obs.reserve[nxt] if c not in leaders]
                                    if obs.phase == "deploy" else [])
        assert not [c for c in secrets if f'"{c}"' in text], (secrets, text[:300])
        hands_hidden += bool(obs.hand)
        with pytest.raises(IllegalMoveError, match="pass the screen"):
            w.play(w.game.legal_actions()[0])
        w.handle_message({"type": "reveal"})
        assert w.view["cover"] is None and w.view["side"] == nxt and len(w.view["rows"]) == 4
        assert [c["id"] for c in w.view["hand"]] == list(obs.hand)
    return covers, hands_hidden


def test_ancient_no_cover_against_a_bot():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=1)
    for _ in range(10):
        w.play(w.game.legal_actions()[0])
        assert w.view["cover"] is None


def test_battle_line_two_people_at_one_screen_pass_it_behind_a_cover():
    """Issue 33 item 6, Battle Line: the same cover; the view sent while it is down holds
    no card of the next player's hand."""
    import json
    from battleline.widgets import BattleLineWidget
    w = at_screen(BattleLineWidget(opponent=None, seed=3))
    for _ in range(12):
        mover = w.game.to_move
        w.play(w.view["legal"][0]["text"])
        if w.game.to_move == mover:
            continue
        v = w.view
        assert v["cover"] and v["hand"] == [] and v["legal"] == []
        hand = w.game.observation(w.game.to_move).hand
        text = json.dumps(v)
        ids = [w.wording.card(c)["id"] for c in hand]
        assert not [i for i in ids if f'"{i}"' in text], ids
        w.handle_message({"type": "reveal"})
        assert [c["id"] for c in w.view["hand"]] == ids


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


# ---------------------------------------------------------------- item 8: words, not notation
NOTATION = re.compile(r"@|\b[a-k]\d-[a-k]\d\b|\b(play|deploy|reinforce|fire|attack|scout|remove|end) [A-Za-z]*\d|"
                      r"^(Play|Remove) [A-Z][a-z]+ [a-k]\d|\b[A-Z]\w+ [a-k]\d [a-k]\d")


@pytest.mark.parametrize("scenario,lang,seed", [("issus", "en", 1), ("gaugamela", "ja", 2), ("raphia", "en", 3)])
def test_ancient_buttons_and_log_use_words_not_notation(scenario, lang, seed):
    """Issue 33 item 8: no button, choice or log line shows action notation ("Play
    Companion@i1", "Play Alexander a1 g1", "South plays Companion@i1.")."""
    w = at_screen(AncientBattlesWidget(scenario=scenario, opponent=None, seed=seed, lang=lang, advanced="all"))
    rng = random.Random(seed)
    plays = 0
    while w.game.outcome is None and len(w.game.actions_played) < 2500:
        if w.view["cover"]:
            w.reveal()
        legal = w.game.legal_actions()
        for a in legal:
            origin = {"move": a.squares[:1], "fire": a.squares[:1], "attack": a.squares[:1]}.get(a.kind)
            if a.kind == "play":
                w.select(a.card)
                labels = [c["label"] for c in w.view["choices"] + w.view["buttons"] + w.view["targets"]]
                assert not [x for x in labels if NOTATION.search(x)], labels
                w.select(None)
                plays += 1
            elif origin is None:
                labels = [c["label"] for c in w.view["buttons"] + w.view["targets"]]
                assert not [x for x in labels if NOTATION.search(x)], labels
        w.play(rng.choice(legal))
    lines = w.battle.log
    assert not [x for x in lines if NOTATION.search(x)], [x for x in lines if NOTATION.search(x)][:5]
    assert plays


def test_ancient_a_played_tactics_card_in_words():
    from battleline.ancient import Action
    from battleline.widgets.ancient.words import AncientWords
    en, ja = AncientWords(), AncientWords("ja")
    cases = {"play Companion@i1": "Companion Cavalry on i1", "play Alexander a1 g1": "Alexander, rallying a1 and g1",
             "play Alexander a1 b1 g1": "Alexander, rallying a1, b1 and g1", "play Redeploy c3-b1": "Redeploy, c3 to b1",
             "play Fog@d3": "Fog on d3", "play Traitor": "Traitor", "play Darius": "Darius, rallying the card it leads"}
    assert {a: en.played(Action.parse(a)) for a in cases} == cases
    assert en.label(None, Action.parse("play Companion@i1")) == "Play Companion Cavalry on i1"
    assert ja.label(None, Action.parse("play Shield@c2")) == "c2に盾持ちを出す"
    assert en.label(None, Action.parse("remove R2")) == "Remove Peltasts (R2) from the reserve"


# ---------------------------------------------------------------- item 13: whole numbers
def test_ancient_score_in_the_rulebooks_whole_numbers():
    """Issue 33 item 13: "loses above 49.5" was a decimal; a side loses once its losses are
    more than half its army's points: with 99, at 50 (the engine agrees)."""
    from battleline.widgets.ancient.view import battle_view  # noqa: F401 (the view's own score)
    w = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=1))
    for side, score in w.view["score"].items():
        army = score["army"]
        assert score["loses_at"] == army // 2 + 1 and 2 * score["loses_at"] > army >= 2 * (score["loses_at"] - 1)
        assert f"the battle is lost at {score['loses_at']})" in score["text"] and "." not in score["text"]
        assert "loses_above" not in score
    ja = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=1, lang="ja")).view["score"]["south"]
    assert f"{ja['loses_at']} ポイントで敗北" in ja["text"]


# ---------------------------------------------------------------- item 12: the army builder
def test_the_army_builder_never_offers_a_bow_it_refuses():
    """Issue 33 item 12: "Bow on R8" was offered for Heavy Cavalry, then refused as "Not
    yet: …"; it is not offered, and a message asking for it is refused at once."""
    w = AncientBattlesWidget(scenario="points", opponent="easy", seed=1)
    w.handle_message({"type": "army", "op": "colour", "colour": "R"})
    for card in ("R8", "R7", "R3"):
        w.handle_message({"type": "army", "op": "add", "card": card})
    offered = {c["id"] for c in w.view["builder"]["army"] if c["can_bow"]}
    assert offered == {"R7", "R3"}
    for card in offered:    # every bow offered is accepted, and leaves no problem
        w.handle_message({"type": "army", "op": "bow", "card": card})
    assert w.view["builder"]["problem"] is None or "bow" not in w.view["builder"]["problem"]
    with pytest.raises(ValueError, match="Heavy Cavalry with bow exists only in scenarios"):
        w.handle_message({"type": "army", "op": "bow", "card": "R8"})
    assert "R8" not in w.builder.bows


# ---------------------------------------------------------------- items 16-18: the arena's words
def test_the_arena_names_the_machines_and_the_deals_in_words():
    """Issue 33 items 16-17: "games played on: vm 20" and "split deals (one bot won both
    battles): 4 … the same side won both: 1" said in words."""
    from battleline.arena.ancient import AncientResult, report, summarize
    from battleline.scoring import nodes_lines
    assert nodes_lines({"nodes": {"vm": 20}}) == ["  machines that played the games: vm (20 games)"]
    r = lambda deal, seat, winner: AncientResult(deal, seat, winner, "casualties", "issus", 5, [], [], [], [])  # noqa: E731
    text = report(summarize([r(0, 0, "a"), r(0, 1, "a"), r(1, 0, "a"), r(1, 1, "b")], "hard", "medium"))
    assert ("deals fought twice with the armies swapped: 2; won with both armies: hard 1, medium 0 "
            "(hard 100.0% of those, 95% CI 20.6%-100.0%); the same army won both battles (the deal favoured it): 1"
            in text), text
    assert "split deals" not in text and "same side" not in text


def test_without_a_terminal_progress_is_a_line_every_few_percent(capsys, monkeypatch):
    """Issue 33 item 18: piped or under `script`, a bar redrawn in place shows nothing."""
    import sys
    from battleline.runner import run_games
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    list(run_games(double, {}, [(d, 0) for d in range(40)], progress=True, total=40))
    lines = capsys.readouterr().err.splitlines()
    counts = [int(line.split("/")[0]) for line in lines]
    # a line whenever 5% more are done (the games come back in chunks), the last at the end
    assert len(lines) >= 4 and counts == sorted(set(counts)) and lines[-1].startswith("40/40 (100%) games")
    assert all(" games/s" in line for line in lines)


def double(settings, deal, a_seat):
    return deal * 2
