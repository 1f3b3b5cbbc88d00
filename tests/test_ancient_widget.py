"""The Ancient Battles notebook view, Python side: every message kind, good and bad; the
affordances and odds; the bot's turn shown step by step; undo; and that the synced view
never holds what the side on screen may not know, over whole battles."""

from __future__ import annotations

import json
import random
import re

import pytest

from battleline import AncientBattlesWidget
from battleline.ancient import SCENARIOS, AncientGame
from battleline.ancient.bots import RandomBot
from battleline.widgets.ancient.battle import opponent_bot
from util import run_async, at_screen


def send(w, content):
    w._on_msg(None, content, None)


def skirmish(**kw) -> AncientBattlesWidget:
    """South to act in its action step: Hoplites c2 facing Light Cavalry c3, Skirmishers e2,
    Chariots g3."""
    g = AncientGame.empty(seed=4, dice=[6, 4, 2, 5, 5, 1])
    g.put("c2", "Javalineers", "south")
    g.put("e2", "Skirmishers", "south")
    g.put("d1", "Hoplites", "south")
    g.put("c3", "Light Cavalry", "north")
    g.put("g4", "Chariots", "north")
    return at_screen(AncientBattlesWidget(g, opponent=None, **kw))


def same_but_message(a: dict, b: dict) -> bool:
    strip = lambda v: {k: x for k, x in v.items() if k != "message"}  # noqa: E731
    return strip(a) == strip(b)


# ---------------------------------------------------------------- construction

def test_defaults_build_issus_against_a_bot():
    w = AncientBattlesWidget(seed=1, opponent="easy")
    v = w.view
    assert v["scenario"]["name"] == "issus" and v["width"] == 9 and len(v["rows"]) == 4
    assert all(len(r) == 9 for r in v["rows"])
    # the bot (north) attached its leader; south deploys now
    assert v["phase"] == "deploy" and v["to_act"] == "south" and v["my_turn"]
    assert v["log"] == [line for line in v["log"] if "leader goes with" in line]
    assert json.dumps(v)  # plain JSON


@pytest.mark.parametrize("kw, word", [
    ({"side": "east"}, "side"), ({"lang": "fr"}, "lang"), ({"names": "scifi"}, "names"),
    ({"opponent": "grandmaster"}, "opponent"), ({"scenario": "troy"}, "scenario"),
    ({"game": "not a game"}, "game")])
def test_bad_arguments_are_refused_by_name(kw, word):
    with pytest.raises(ValueError, match=word):
        AncientBattlesWidget(**kw)


def test_opponent_specs():
    assert opponent_bot(None) is None
    bot = RandomBot(seed=1)
    assert opponent_bot(bot) is bot
    assert hasattr(opponent_bot("medium", seed=1), "choose")


@pytest.mark.parametrize("width, scenario", [(7, "marathon"), (9, "sicily"), (11, "raphia")])
def test_widths(width, scenario):
    v = at_screen(AncientBattlesWidget(scenario=scenario, opponent=None, seed=2)).view
    assert v["width"] == width and [len(r) for r in v["rows"]] == [width] * 4
    # south sees north's Back Row at the top and its own at the bottom
    assert v["rows"][0][0]["square"] == "a4" and v["rows"][3][0]["square"] == "a1"
    assert v["rows"][3][0]["back_row"] == "south"


def test_north_sees_the_field_turned_round():
    w = AncientBattlesWidget(scenario="marathon", side="north", opponent="easy", seed=2)
    rows = w.view["rows"]
    assert rows[0][0]["square"] == "g1" and rows[3][0]["square"] == "g4" and rows[3][-1]["square"] == "a4"


# ---------------------------------------------------------------- select

def test_select_a_square_lights_its_moves_fire_and_melee_with_exact_odds():
    w = skirmish()
    # moves of a selected card: its reachable squares, from the engine's query
    send(w, {"type": "select", "square": "e2"})
    assert w.view["selected"] == "e2" and w.view["message"] is None
    moves = {c["square"] for c in w.view["choices"] if c["kind"] == "move"}
    assert moves == w.game.moves_from("e2") and moves
    send(w, {"type": "act", "action": "end actions"})
    send(w, {"type": "select", "square": "c2"})
    fire = {c["action"]: c for c in w.view["choices"]}["fire c2-c3"]
    odds = w.game.odds("fire c2-c3")
    assert fire["square"] == "c3" and fire["kind"] == "fire"
    assert fire["odds"]["disrupted"]["fraction"] == "1/6" == f"{odds.disrupted.numerator}/{odds.disrupted.denominator}"
    assert fire["odds"]["no_effect"]["percent"] == round(float(odds.no_effect) * 100, 1) == 83.3
    assert "disrupted 1/6" in fire["label"]
    send(w, {"type": "act", "action": "end fire"})
    send(w, {"type": "select", "square": "c2"})
    attack = {c["action"]: c for c in w.view["choices"]}["attack c2-c3"]["odds"]
    o = w.game.odds("attack c2-c3")
    assert attack["eliminated"]["fraction"] == str(o.eliminated) and attack["disrupted"]["fraction"] == str(o.disrupted)
    total = sum(attack[k]["percent"] for k in ("no_effect", "disrupted", "eliminated"))
    assert abs(total - 100) < 0.2


def test_select_a_reserve_card_lights_the_back_row():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=5)
    card = w.view["reserve"][0]["id"]
    send(w, {"type": "select", "card": card})
    squares = sorted(c["square"] for c in w.view["choices"])
    assert squares == [f"{c}1" for c in "abcdefg"]
    assert all(c["action"].startswith(f"deploy {card}@") for c in w.view["choices"])
    send(w, {"type": "select"})
    assert w.view["selected"] is None and w.view["choices"] == []


@pytest.mark.parametrize("content, words", [
    ({"type": "select", "square": "c3"}, "nothing of yours"),        # the enemy's card
    ({"type": "select", "square": "c2"}, "nothing of yours"),        # cannot move: blocked
    ({"type": "select", "square": "z9"}, "nothing of yours"),
    ({"type": "select", "square": 3}, "text"),
    ({"type": "select", "square": "c2", "card": "R3"}, "not both"),
    ({"type": "select", "card": "Fog"}, "nothing of yours"),
    ({"type": "select", "square": "x" * 500}, "nothing of yours"),
])
def test_bad_select_changes_nothing(content, words):
    w = skirmish()
    send(w, {"type": "select", "square": "e2"})
    before, position = w.view, w.game.position()
    send(w, content)
    assert w.view["message"]["kind"] == "error" and words in w.view["message"]["text"]
    assert len(w.view["message"]["text"]) < 200
    assert w.game.position() == position and same_but_message(before, w.view)


# ---------------------------------------------------------------- act

def test_act_plays_an_offered_action_and_logs_it_in_words():
    w = skirmish()
    send(w, {"type": "act", "action": "e2-e3"})
    assert w.game.cell("e3") is not None and w.view["message"] is None
    assert w.view["log"][-1] == "South moved Skirmishers (R1) on e2 to e3."
    assert w.view["actions_left"] == 5
    send(w, {"type": "act", "action": "end actions"})
    send(w, {"type": "act", "action": "fire c2-c3"})      # the scripted 6
    assert w.view["dice"]["rolls"] == [6]
    assert "c3 disrupted" in w.view["log"][-1]


@pytest.mark.parametrize("content, words", [
    ({"type": "act", "action": "c2-b2"}, "move forward only"),
    ({"type": "act", "action": "fire c2-c3"}, "fire step"),
    ({"type": "act", "action": "gibberish!!"}, ""),
    ({"type": "act"}, "field 'action' is missing"),
    ({"type": "act", "action": ["c2-c3"]}, "'action' must be a text"),
    ({"type": "act", "action": "c2-c3" * 200}, ""),
])
def test_bad_act_changes_nothing(content, words):
    w = skirmish()
    before, position = w.view, w.game.position()
    send(w, content)
    msg = w.view["message"]
    assert msg["kind"] == "error" and words in msg["text"] and len(msg["text"]) < 300
    assert w.game.position() == position and same_but_message(before, w.view)


def test_play_from_python_shows_at_once():
    w = skirmish()
    w.play("c2-c3") if "c2-c3" in [str(a) for a in w.game.legal_actions()] else w.play("e2-e3")
    assert w.view["actions_left"] == 5
    with pytest.raises(ValueError, match="forward only"):
        w.play("d1-c1")


def test_not_your_turn_is_refused():
    w = AncientBattlesWidget(scenario="marathon", opponent=RandomBot(1), seed=2)
    w.battle.bot_turns.thinking = True  # as while the bot's turn is being shown
    position = w.game.position()
    send(w, {"type": "act", "action": w.game.legal_actions()[0].__str__()})
    assert "opponent" in w.view["message"]["text"] and w.game.position() == position


# ---------------------------------------------------------------- other messages

@pytest.mark.parametrize("content, words", [
    ("not a dict", "JSON object"), ({}, "JSON object"), ({"type": 5}, "JSON object"),
    ({"type": "explode"}, "unknown message type"), ({"type": "undo"}, "none of your turns"),
])
def test_bad_messages_change_nothing(content, words):
    w = skirmish()
    before, position = w.view, w.game.position()
    send(w, content)
    assert words in w.view["message"]["text"]
    assert w.game.position() == position and same_but_message(before, w.view)


def test_dismiss_clears_the_message():
    w = skirmish()
    send(w, {"type": "explode"})
    assert w.view["message"]
    send(w, {"type": "dismiss"})
    assert w.view["message"] is None


def test_undo_takes_back_my_player_turn_and_renews_dice_and_deck():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=9, bot_seed=1)
    deck_before = w.game.position().split("deck ")[1].split("\n")[0]
    for _ in range(3):
        r = w.view["reserve"][0]["id"]
        send(w, {"type": "select", "card": r})
        send(w, {"type": "act", "action": w.view["choices"][0]["action"]})
    assert w.view["can_undo"] and len(w.game.actions_played) == 3
    send(w, {"type": "undo"})
    v = w.view
    assert v["message"] is None and w.game.phase == "deploy" and not w.game.actions_played
    assert len(v["reserve"]) == len(w.game.observation("south").armies["south"])
    assert v["log"][-1].startswith("Your last player turn")
    # the dice stream and the deck order are fresh (undo never shows a roll or card ahead)
    assert "position 0" in w.game.position() and "seed 9 " not in w.game.position()
    assert sorted(w.game.position().split("deck ")[1].split("\n")[0].split()) == sorted(deck_before.split())
    send(w, {"type": "undo"})
    assert "none of your turns" in w.view["message"]["text"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_header_names_each_sides_army_without_doubled_brackets(lang):
    """Issue 23 item 11: 'Macedonian army (Alexander) (south)' no more."""
    for name in SCENARIOS:
        w = AncientBattlesWidget(scenario=name, opponent=RandomBot(1), seed=1, lang=lang)
        sc = w.view["scenario"]
        heading = sc["heading"]
        assert sc["title"] in heading and sc["south"] in heading and sc["north"] in heading
        assert not re.search(r"[)）]\s*[(（]", heading), heading
    assert heading.index(sc["south"]) < heading.index(sc["north"])


def play_at_screen(w: AncientBattlesWidget, action) -> None:
    """Play ``action``, first lifting the cover between two people's turns if it is down."""
    if w.view.get("cover"):
        w.reveal()
    w.play(action)


def quiet_battle(opponent) -> AncientBattlesWidget:
    """Two Hoplites far apart, a draw after two quiet turns: turn 2's initiative dice are
    the last dice rolled before the battle ends."""
    g = AncientGame.empty(seed=1, draw_after=2)
    g.put("a2", "Hoplites", "south")
    g.put("i3", "Hoplites", "north")
    return AncientBattlesWidget(g, opponent=opponent)


@pytest.mark.parametrize("opponent", [None, "bot"])
def test_after_the_battle_ends_no_undo_no_stale_initiative_die_and_the_result_shown(opponent):
    """Issue 23 item 9."""
    w = quiet_battle(RandomBot(2) if opponent else None)
    seen_initiative = False
    while w.game.outcome is None:
        seen_initiative |= bool(w.view["dice"]) and "initiative" in w.view["dice"]["text"]
        play_at_screen(w, "end actions")
    assert seen_initiative                    # the turn's initiative dice were on screen
    v = w.view
    assert v["outcome"]["winner"] is None and v["status"].startswith("A draw")
    assert v["dice"] is None and not v["can_undo"] and not v["buttons"]
    send(w, {"type": "undo"})
    assert "the battle is over" in w.view["message"]["text"] and w.game.outcome is not None


def test_the_dice_of_the_fight_that_ended_the_battle_stay():
    g = AncientGame.empty(seed=1, dice=[6, 1])
    g.put("c2", "Elephants", "south")
    g.put("c3", "Skirmishers", "north", disrupted=True)
    w = at_screen(AncientBattlesWidget(g, opponent=None))
    w.play("end actions")
    w.play("attack c2-c3")
    assert w.view["outcome"]["reason"] == "casualties" and w.view["dice"]["rolls"] == [6, 1]
    assert not w.view["can_undo"]


def test_a_draw_is_worded_once():
    w = quiet_battle(None)
    while w.game.outcome is None:
        play_at_screen(w, "end actions")
    assert w.view["status"].lower().count("draw") == 1, w.view["status"]


def test_an_attack_shows_the_danger_it_exposes_its_card_to():
    """Issue 23 item 8: beside the defender's odds, the attacking card's danger next turn
    (worked by hand in tests/ancient/test_danger.py)."""
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    g.put("c3", "Peltasts", "north")
    g.put("d3", "Javalineers", "north", bow=True)
    g.play("end actions")
    w = at_screen(AncientBattlesWidget(g, opponent=None))
    w.select("c2")
    (choice,) = w.view["choices"]
    (danger,) = choice["danger"]
    assert danger["square"] == "c2"
    assert (danger["disrupted"]["fraction"], danger["eliminated"]["fraction"]) == ("1571/7776", "275/7776")
    assert danger["text"] == ("Your Hoplites (R4) on c2 next turn: disrupted 20.2%, eliminated 3.5% "
                              "(enemy cards that can hit it: c3, d3)")
    far = AncientGame.empty(seed=1)
    far.put("c2", "Hoplites", "south"); far.put("c3", "Hoplites", "north")
    far.play("end actions")
    w = at_screen(AncientBattlesWidget(far, opponent=None, lang="ja"))
    w.select("c2")
    assert w.view["choices"][0]["danger"][0]["text"].startswith("次のターンのあなたの")


# ---------------------------------------------------------------- the bot

def test_the_bots_turn_is_shown_step_by_step():
    views = []
    w = AncientBattlesWidget(scenario="marathon", opponent=RandomBot(3), seed=4)
    w.observe(lambda ch: views.append(ch["new"]), names="view")
    for _ in range(7):   # south deploys all seven: then north deploys, one card a view
        send(w, {"type": "select", "card": w.view["reserve"][0]["id"]})
        send(w, {"type": "act", "action": w.view["choices"][0]["action"]})
    hidden_counts = [sum(1 for row in v["rows"] for sq in row if sq["unit"] and sq["unit"]["side"] == "north")
                     for v in views if v["thinking"]]
    assert hidden_counts[:1] == [0] and max(hidden_counts) >= 6
    assert len(set(hidden_counts)) >= 6   # each card placed shows on its own
    assert not w.view["thinking"]


# ---------------------------------------------------------------- hidden information

def _twin_position(position: str, rng: random.Random, secret_side: str = "north") -> str:
    """The position with everything the other side may not know changed: the secret side's
    face-down cards (while deployment is hidden), its Tactics hand, the deck order and the
    dice still to come."""
    lines = position.splitlines()
    hidden = any(l.startswith("deployed") and l.endswith("hidden yes") for l in lines)
    leader_cards = {l.split()[3] for l in lines if l.startswith(f"leader {secret_side}") and len(l.split()) > 3}
    out = list(lines)
    if hidden:
        slots = []   # (line index, token index) of each secret card
        for i, l in enumerate(lines):
            parts = l.split()
            if re.match(r"^[a-k][1-4]$", parts[0]) and parts[1] == secret_side:
                slots += [(i, 2)] if "+" not in parts[2] else []
            if parts[:2] == ["reserve", secret_side]:
                slots += [(i, j) for j in range(2, len(parts))]
        tokens = [lines[i].split()[j] for i, j in slots]
        movable = [k for k, t in enumerate(tokens) if t.rstrip("*") not in leader_cards]
        shuffled = [tokens[k] for k in movable]
        rng.shuffle(shuffled)
        new = list(tokens)
        for k, t in zip(movable, shuffled):
            new[k] = t
        split = {i: out[i].split() for i, _ in slots}
        for (i, j), t in zip(slots, new):
            split[i][j] = t
        for i, parts in split.items():
            out[i] = " ".join(parts)
    hand_i = next((i for i, l in enumerate(out) if l.startswith(f"hand {secret_side}")), None)
    deck_i = next((i for i, l in enumerate(out) if l.startswith("deck ") and l != "deck empty"), None)
    if deck_i is not None:
        hand = out[hand_i].split()[2:] if hand_i is not None else []
        pool = hand + out[deck_i].split()[1:]
        rng.shuffle(pool)
        if hand_i is not None:
            out[hand_i] = f"hand {secret_side} " + " ".join(pool[:len(hand)])
        out[deck_i] = "deck " + " ".join(pool[len(hand):])
    out = [f"dice seed {rng.randrange(2 ** 32)} position {l.split()[4]}" if l.startswith("dice ") else l
           for l in out]
    return "\n".join(out) + "\n"


# built from the history, not the position (the twin has none)
PUBLIC = ("log", "dice", "message", "can_undo", "played")
# What the study panel offers depends on the battle's history (a twin read from a position has
# none to replay), not on any secret.
HISTORY = ("can_replay", "can_review")


def _structural(view: dict) -> dict:
    out = {k: v for k, v in view.items() if k not in PUBLIC}
    if isinstance(out.get("study"), dict):
        out["study"] = {k: v for k, v in out["study"].items() if k not in HISTORY}
    return out


def _secret_words(game: AncientGame, side: str) -> set[str]:
    """Names that may not appear anywhere in ``side``'s view: the opponent's hand (not
    public leaders) and, while deployment is hidden, the opponent's deployed and reserve
    cards other than the leader's card."""
    other = "north" if side == "south" else "south"
    s = game.state
    words = set()
    lines = game.position().splitlines()
    hand = next((l.split()[2:] for l in lines if l.startswith(f"hand {other}")), [])
    leaders = {l.split()[2] for l in lines if l.startswith("leader ")}
    # cards a scenario deals are public until played (then they are discards, public too)
    dealt = {str(c) for h in SCENARIOS[s.scenario].hands for c in h} if s.scenario else set()
    words |= {c for c in hand if c not in leaders and c not in dealt}
    if s.hidden_deployment:
        leader_cards = {l.split()[3] for l in lines if l.startswith(f"leader {other}") and len(l.split()) > 3}
        for l in lines:
            parts = l.split()
            if re.match(r"^[a-k][1-4]$", parts[0]) and parts[1] == other:
                words |= {c.rstrip("*") for c in parts[2].split("+")} - leader_cards
            if parts[:2] == ["reserve", other]:
                words |= {c.rstrip("*") for c in parts[2:]} - leader_cards
    return words


def _random_intent(w, rng):
    v = w.view
    attack = v.get("attack") or {}
    joined = [a["square"] for a in attack.get("attackers", []) if not a["chosen"]]
    if attack.get("joinable") and rng.random() < 0.5:      # build a combined flank attack
        return {"type": "join", "square": rng.choice(attack["joinable"])["square"]}
    if joined and rng.random() < 0.2:
        return {"type": "leave", "square": rng.choice(joined)}
    offered = v["choices"] + v["targets"] + v["buttons"]
    if v["selectable"] and (not offered or rng.random() < 0.5):
        pick = rng.choice(v["selectable"])
        return {"type": "select", ("square" if re.match(r"^[a-k][1-4]$", pick) else "card"): pick}
    return {"type": "act", "action": rng.choice(offered)["action"]}


@pytest.mark.slow
@pytest.mark.parametrize("scenario, seed, side", [("issus", 1, "south"), ("cunaxa", 2, "south"),
                                                  ("marathon", 3, "north"), ("gaugamela", 4, "north"),
                                                  ("raphia", 5, "north"), ("sicily", 6, "south")])
def test_the_view_never_holds_hidden_information_over_whole_battles(scenario, seed, side):
    """Every view published (the bot's steps included) holds no secret name, and a twin
    game differing only in the other side's secrets gives the same view."""
    rng = random.Random(seed)
    other = "north" if side == "south" else "south"
    w = AncientBattlesWidget(scenario=scenario, side=side, opponent=RandomBot(seed), seed=seed,
                             advanced="all")
    checked = []

    def check(change=None):
        view = w.build_view()
        text = json.dumps(change["new"] if change else view)
        for word in _secret_words(w.game, side):
            assert not re.search(rf"\b{re.escape(word)}\b", text), (word, scenario)
        original = w.game
        twin = AncientGame.from_position(_twin_position(original.position(), rng, secret_side=other))
        try:
            w.game = twin
            twin_view = w.build_view()
        finally:
            w.game = original
        assert _structural(twin_view) == _structural(view)
        checked.append(original.state.hidden_deployment)

    w.observe(check, names="view")
    for _ in range(4000):
        if w.game.outcome is not None:
            break
        send(w, _random_intent(w, rng))
        assert not (w.view["message"] or {}).get("kind") == "error", w.view["message"]
    assert w.game.outcome is not None and len(checked) > 50
    if side == "north":
        assert any(checked)   # views were checked while south's deployment was face down


# ---------------------------------------------------------------- the JS fixtures

def test_committed_js_fixtures_are_fresh(tmp_path):
    """The JS tests run on views this widget makes (js/tests/fixtures/ancient/); they must be
    what js/tests/fixtures/make_ancient_views.py writes today."""
    import importlib.util
    from pathlib import Path
    here = Path(__file__).resolve().parents[1] / "js" / "tests" / "fixtures"
    spec = importlib.util.spec_from_file_location("make_ancient_views", here / "make_ancient_views.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    made = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.json")}
    committed = {p.name: p.read_text(encoding="utf-8") for p in (here / "ancient").glob("*.json")}
    assert made and made == committed, ("stale Ancient Battles fixtures: run "
                                        "`python js/tests/fixtures/make_ancient_views.py` and commit them")


def test_in_a_kernel_the_bots_turn_runs_in_the_background_step_by_step():
    import asyncio

    async def run():
        w = AncientBattlesWidget(scenario="marathon", opponent=RandomBot(2), seed=3,
                                 background_bot=True, step_delay=0.001)
        views = []
        w.observe(lambda ch: views.append(ch["new"]), names="view")
        for _ in range(7):
            w.play(w.game.legal_actions()[0])   # south deploys its seven cards
        assert w.view["thinking"]   # the bot's deployment has begun, not finished
        while w.view["thinking"]:
            await asyncio.sleep(0.001)
        return w, views

    w, views = run_async(run)
    during = [v for v in views if v["thinking"]]
    assert len(during) >= 7 and w.game.to_act in ("south", None)
    # nothing is clickable while the bot's steps are shown
    assert all(not v["selectable"] and not v["buttons"] and not v["my_turn"] for v in during)


def test_an_initiative_rolled_at_once_shows_its_dice_ties_included():
    g = AncientGame.empty(seed=1, dice=[3, 3, 5, 2])
    g.put("c2", "Hoplites", "south")
    g.put("c4", "Hoplites", "north")
    w = at_screen(AncientBattlesWidget(g, opponent=None))
    while w.game.turn == 1:
        play_at_screen(w, "end actions" if "end actions" in [str(a) for a in w.game.legal_actions()]
                       else w.game.legal_actions()[-1])
    assert w.view["log"][-1] == "Turn 2: initiative dice 3, 3, 5, 2. South moves first."
    assert w.view["dice"]["rolls"] == [3, 3, 5, 2]


def test_inspect_shows_a_cards_rules_and_why_it_cannot_act():
    w = skirmish()
    send(w, {"type": "inspect", "square": "c3"})            # the enemy's Light Cavalry
    help = w.view["help"]
    assert help["square"] == "c3" and "move 2 positions" in help["lines"][0]
    send(w, {"type": "inspect", "square": "c2"})            # blocked Javalineers, our own
    assert w.view["help"]["lines"][-1] == "It cannot act now: no position it may move to is free."
    assert "javelin" in w.view["help"]["lines"][1]
    send(w, {"type": "select", "square": "e2"})             # choosing a card shows its rules too
    assert w.view["help"]["square"] == "e2" and "Skirmishers" in w.view["help"]["title"]
    send(w, {"type": "inspect"})
    send(w, {"type": "select"})
    assert w.view["help"] is None


@pytest.mark.parametrize("square, words", [("a1", "no card you can see"), ("z9", "no card you can see"),
                                           (7, "'square' must be a text"), ("x" * 300, "no card you can see")])
def test_bad_inspect_changes_nothing(square, words):
    w = skirmish()
    before, position = w.view, w.game.position()
    send(w, {"type": "inspect", "square": square})
    assert words in w.view["message"]["text"] and len(w.view["message"]["text"]) < 200
    assert w.game.position() == position and same_but_message(before, w.view)


def test_a_face_down_enemy_card_cannot_be_inspected():
    w = AncientBattlesWidget(scenario="marathon", side="north", opponent=RandomBot(1), seed=1)
    hidden = next(sq["square"] for row in w.view["rows"] for sq in row if sq["unit"] and sq["unit"]["hidden"])
    send(w, {"type": "inspect", "square": hidden})
    assert w.view["help"] is None and "no card you can see" in w.view["message"]["text"]


# ---------------------------------------------------------------- the army builder

def test_a_points_army_is_built_checked_live_and_refused_over_budget():
    w = AncientBattlesWidget(scenario="points", opponent=RandomBot(1), seed=1)
    assert w.view["mode"] == "builder" and not w.view["builder"]["can_confirm"]
    for colour in "ROY":
        send(w, {"type": "army", "op": "colour", "colour": colour})
    for card in ("R8", "O8", "Y8", "R7", "O7", "Y7", "R10", "O10", "Y10", "R9", "O9", "Y9", "R3"):
        send(w, {"type": "army", "op": "add", "card": card})
    b = w.view["builder"]
    assert b["points"] == 105 and b["left"] == -5 and not b["can_confirm"]
    assert b["problem"].startswith("points limit: the army costs 105 points")
    send(w, {"type": "army", "op": "confirm"})
    assert w.view["mode"] == "builder" and "cannot be confirmed: points limit" in w.view["message"]["text"]
    send(w, {"type": "army", "op": "add", "card": "R2"})
    send(w, {"type": "army", "op": "add", "card": "R1"})
    assert w.view["builder"]["problem"].startswith("points limit")
    for card in ("R9", "R2", "R1"):
        send(w, {"type": "army", "op": "remove", "card": card})
    send(w, {"type": "army", "op": "bow", "card": "R3"})
    b = w.view["builder"]
    assert b["points"] == 97 and b["can_confirm"] and b["problem"] is None
    send(w, {"type": "army", "op": "confirm"})          # 3 points unspent: asked again
    send(w, {"type": "army", "op": "confirm"})
    v = w.view
    assert "mode" not in v and v["phase"] == "deploy" and len(v["reserve"]) == 12
    assert w.game.observation("south").armies["south"].count("R3*") == 1
    assert "Points battle" in v["log"][0]


def test_confirming_an_army_with_points_unspent_says_how_many_and_asks_again():
    """Issue 23 item 10: a 58-point army confirmed once is not played yet."""
    armies = []
    w = AncientBattlesWidget(scenario="points", opponent=RandomBot(1), seed=1)
    w.builder.on_confirm = armies.append
    for colour in "RO":
        send(w, {"type": "army", "op": "colour", "colour": colour})
    for card in ("R10", "O10", "R9", "O9", "R8", "O8", "R4"):
        send(w, {"type": "army", "op": "add", "card": card})
    assert w.view["builder"]["points"] == 58 and w.view["builder"]["ask"] is None
    send(w, {"type": "army", "op": "confirm"})
    b = w.view["builder"]
    assert not armies and w.view["mode"] == "builder"
    assert b["ask"].startswith("Your army costs 58 of 100 points, 42 unspent")
    # a change of the army asks afresh; the same army confirmed again is played
    send(w, {"type": "army", "op": "add", "card": "R7"})
    assert w.view["builder"]["ask"] is None
    send(w, {"type": "army", "op": "confirm"})
    assert not armies and "65 of 100 points, 35 unspent" in w.view["builder"]["ask"]
    send(w, {"type": "army", "op": "confirm"})
    assert [a.points for a in armies] == [65]


def test_a_full_budget_army_is_confirmed_at_once():
    armies = []
    w = AncientBattlesWidget(scenario="points", opponent=RandomBot(1), seed=1)
    w.builder.on_confirm = armies.append
    for colour in "ROY":
        send(w, {"type": "army", "op": "colour", "colour": colour})
    for card in ("R10", "O10", "Y10", "R9", "O9", "Y9", "R8", "O8", "Y8", "R7", "O7", "R4", "R1"):
        send(w, {"type": "army", "op": "add", "card": card})
    assert w.view["builder"]["left"] == 0
    send(w, {"type": "army", "op": "confirm"})
    assert [a.points for a in armies] == [100]


@pytest.mark.parametrize("content, words", [
    ({"type": "army", "op": "colour", "colour": "Z"}, "'colour' must be one of"),
    ({"type": "army", "op": "add", "card": "G8"}, "not a troop card of the colours chosen"),
    ({"type": "army", "op": "add", "card": "R8"}, "in the army already"),
    ({"type": "army", "op": "remove", "card": "R7"}, "not in the army"),
    ({"type": "army", "op": "bow", "card": "R7"}, "not in the army"),
    ({"type": "army", "op": "bow", "card": "R8"}, "Heavy Cavalry with bow exists only in scenarios"),  # at once
    ({"type": "army", "op": "explode"}, "'op' must be one of"),
    ({"type": "act", "action": "deploy R8@a1"}, "build and confirm your army first"),
    ({"type": "undo"}, "build and confirm your army first"),
])
def test_bad_builder_messages_change_nothing(content, words):
    w = AncientBattlesWidget(scenario="points", opponent=RandomBot(1), seed=1)
    send(w, {"type": "army", "op": "colour", "colour": "R"})
    send(w, {"type": "army", "op": "add", "card": "R8"})
    send(w, {"type": "army", "op": "add", "card": "R4"})
    before = w.view
    send(w, content)
    if words:
        assert words in w.view["message"]["text"] and same_but_message(before, w.view)
    else:
        assert w.view["builder"]["problem"].startswith("bow on R8: Heavy Cavalry with bow exists only in scenarios")


def test_a_bow_the_type_cannot_carry_is_refused_in_the_engines_words():
    w = AncientBattlesWidget(scenario="points", opponent=RandomBot(1), seed=1)
    send(w, {"type": "army", "op": "colour", "colour": "R"})
    send(w, {"type": "army", "op": "add", "card": "R4"})
    before = w.view
    send(w, {"type": "army", "op": "bow", "card": "R4"})
    assert "only Javalineers, Light Cavalry and Heavy Cavalry" in w.view["message"]["text"]
    assert same_but_message(before, w.view)


@pytest.mark.parametrize("kw", [{"scenario": "points"}, {"scenario": "raphia"}])
def test_static_html_picture(kw):
    w = AncientBattlesWidget(opponent=RandomBot(1), seed=1, **kw)
    text = w._repr_html_()
    assert text.startswith("<div>") and html_escaped(w.view["status"]) in text
    if kw["scenario"] == "raphia":
        assert text.count("<tr>") == 4 and text.count("<td") == 44


def html_escaped(text: str) -> str:
    import html
    return html.escape(text)


# ---------------------------------------------------------------- combined flank attacks

def flank(**kw) -> AncientBattlesWidget:
    """The seed's combined attack, south in its melee step: Javalineers d2 in front of the
    Phalangists d3, Heavy Cavalry c3 and Skirmishers e3 on their flanks."""
    g = AncientGame.empty(seed=2, advanced=("flank",), dice=[3, 2])
    g.put("d3", "Phalangists", "north")
    g.put("d2", "Javalineers", "south")
    g.put("c3", "Heavy Cavalry", "south")
    g.put("e3", "Skirmishers", "south")
    g.play("end actions")
    g.play("end fire")
    return at_screen(AncientBattlesWidget(g, opponent=None, **kw))


def test_a_flank_attack_is_built_by_choosing_its_attackers_with_strength_and_exact_odds():
    from battleline.ancient import melee_odds
    w = flank()
    send(w, {"type": "select", "square": "d2"})
    v = w.view
    assert [c["action"] for c in v["choices"]] == ["attack d2-d3"]
    assert [j["square"] for j in v["attack"]["joinable"]] == ["c3", "e3"]
    assert v["choices"][0]["strength"]["attack"] == 3 and v["choices"][0]["strength"]["defence"] == 5
    send(w, {"type": "join", "square": "c3"})
    assert [c["action"] for c in w.view["choices"]] == ["attack c3+d2-d3"]
    assert w.view["choices"][0]["strength"]["attack"] == 7      # 8 halved on the flank + 3
    send(w, {"type": "join", "square": "e3"})
    (choice,) = w.view["choices"]
    assert choice["action"] == "attack c3+d2+e3-d3"
    assert choice["strength"]["attack"] == 8 and "strength 8 against 5" in w.view["attack"]["text"]
    assert choice["odds"]["eliminated"]["fraction"] == str(melee_odds(8, 5).eliminated)
    assert choice["odds"]["disrupted"]["fraction"] == str(w.game.odds("attack c3+d2+e3-d3").disrupted)
    send(w, {"type": "leave", "square": "e3"})
    assert [c["action"] for c in w.view["choices"]] == ["attack c3+d2-d3"]
    assert w.view["message"] is None
    send(w, {"type": "act", "action": "attack c3+d2-d3"})
    assert str(w.game.actions_played[-1]) == "attack c3+d2-d3" and w.game.rolls[-2:] == [3, 2]
    assert "Heavy Cavalry (R8) on c3 and Javalineers (R3) on d2 attack" in " ".join(w.view["log"])


def test_cavalry_alone_makes_no_attack_on_phalangists_and_the_view_says_who_may_join():
    w = flank()
    w.select("c3")
    assert w.view["choices"] == [] and [j["square"] for j in w.view["attack"]["joinable"]] == ["d2", "e3"]
    assert "no attack with these cards alone" in w.view["attack"]["text"]
    w.join("d2")
    assert [c["action"] for c in w.view["choices"]] == ["attack c3+d2-d3"]


@pytest.mark.parametrize("content, words", [
    ({"type": "join", "square": "d3"}, "cannot join this attack (cards that may join: c3, e3)"),
    ({"type": "join", "square": "z9"}, "cannot join"),
    ({"type": "join"}, "field 'square' is missing"), ({"type": "join", "square": 3}, "'square' must be a text"),
    ({"type": "leave", "square": "c3"}, "not one of the cards joining"),
    ({"type": "leave"}, "field 'square' is missing"),
])
def test_bad_join_and_leave_change_nothing(content, words):
    w = flank()
    w.select("d2")
    before, position = w.view, w.game.position()
    send(w, content)
    assert words in w.view["message"]["text"]
    assert w.game.position() == position and same_but_message(before, w.view)


def test_join_without_a_chosen_attacker_is_refused():
    w = flank()
    before = w.view
    send(w, {"type": "join", "square": "c3"})
    assert "choose a card to attack with first" in w.view["message"]["text"]
    assert same_but_message(before, w.view)


def test_melee_numbers_agree_with_the_engines_odds():
    from battleline.ancient import melee_odds
    from battleline.errors import IllegalMoveError
    g = flank().game
    for a in g.legal_actions():
        if a.kind == "attack":
            n = g.melee_numbers(a)
            assert melee_odds(*n[:2], defender_disrupted=n.defender_disrupted, attack_modifier=n.attack_modifier,
                              defence_modifier=n.defence_modifier).eliminated == g.odds(a).eliminated
    with pytest.raises(IllegalMoveError):
        g.melee_numbers("fire d2-d3")
    with pytest.raises(IllegalMoveError):
        g.melee_numbers("attack c3-d3")       # cavalry alone on Phalangists


# ---------------------------------------------------------------- Japanese

def test_japanese_labels_troop_names_from_the_reference_card():
    w = at_screen(AncientBattlesWidget(scenario="marathon", opponent=None, seed=5, lang="ja"))
    v = w.view
    assert v["lang"] == "ja" and v["scenario"]["title"] == "マラトン"
    assert {c["type"] for c in v["reserve"]} <= {"斥候", "投擲兵", "投槍兵", "重装歩兵", "槍兵", "親衛歩兵",
                                                 "軽騎兵", "重騎兵", "戦車", "象兵"}
    assert v["status"].startswith("ターン1。南軍の番")      # two people at one screen: the side
    w.select(v["reserve"][0]["id"])
    assert all("に配置" in c["label"] for c in w.view["choices"])
    w.play(w.view["choices"][0]["action"])
    assert w.view["log"][-1] == "南軍：a1にカードを裏向きに置きました。"
    send(w, {"type": "act", "action": "c2-b2"})
    assert w.view["message"]["text"].startswith("できません：")


def test_japanese_help_melee_and_builder():
    w = flank(lang="ja")
    w.select("d2")
    w.join("c3")
    (choice,) = w.view["choices"]
    assert "効果なし" in choice["label"] and "戦力7" in choice["strength"]["text"]
    send(w, {"type": "inspect", "square": "d3"})
    assert w.view["help"]["title"] == "d3：槍兵"
    b = AncientBattlesWidget(scenario="points", opponent=RandomBot(1), seed=1, lang="ja")
    send(b, {"type": "army", "op": "colour", "colour": "R"})
    assert b.view["builder"]["palette"][0]["type"] == "斥候" and b.view["status"].startswith("ポイント軍")


def test_every_ancient_sentence_exists_in_both_languages():
    from battleline.texts import ANCIENT_CATALOG
    en, ja = ANCIENT_CATALOG["en"], ANCIENT_CATALOG["ja"]
    assert set(en) == set(ja)
    placeholders = lambda s: set(re.findall(r"\{(\w+)\}", s))  # noqa: E731
    for key in en:
        # Japanese needs no plural ending ({s}); every other blank is in both
        assert placeholders(ja[key]) == placeholders(en[key]) - {"s"}, key
        assert ja[key] != en[key] or key == "error", key


# ---------------------------------------------------------------- the withdrawal prompt

def test_the_withdrawal_prompt_names_the_attacked_card_and_the_odds_of_standing():
    from battleline.ancient import melee_odds
    g = AncientGame.empty(seed=3, advanced="withdrawal", dice=[1, 1])
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Hoplites", "north")
    g.put("f2", "Hoplites", "south")

    class Attacker:
        def choose(self, obs):
            return next((a for a in ("attack c3-c2", "end tactics", "end actions", "end fire")
                         if a in obs.legal_actions), obs.legal_actions[0])

    w = AncientBattlesWidget(g, opponent=Attacker())
    for end in ("end actions", "end fire", "end melee"):
        if end in [str(a) for a in w.game.legal_actions()]:
            w.play(end)
    v = w.view
    assert v["phase"] == "withdrawal" and v["to_act"] == "south"
    assert "your Peltasts (R2) on c2 is attacked: withdraw or stand" in v["status"]
    stand = {b["action"]: b for b in v["buttons"]}["stand"]
    assert stand["odds"]["eliminated"]["fraction"] == str(melee_odds(4, 2).eliminated)
    assert "Stand and fight: no effect" in stand["label"]
    send(w, {"type": "act", "action": "withdraw"})
    assert w.game.cell("c1") is not None and w.game.cell("c2") is None
    assert "withdraws" in " ".join(w.view["log"])
    assert all("odds" not in b for b in w.view["buttons"])
