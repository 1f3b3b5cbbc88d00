"""The Ancient Battles engine: set-ups, queries, the turn flow, combat, Tactics, scenarios,
Advanced rules, undo and errors (the reference and invariant tests live beside this file)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from battleline.ancient import AncientGame, Army, Action, melee_odds
from battleline.errors import IllegalMoveError, InvalidMoveError, PositionError


def strs(actions):
    return [str(a) for a in actions]


# --- scripted set-ups and queries -------------------------------------------------------

def test_empty_game_starts_with_south_in_its_action_step():
    g = AncientGame.empty(seed=1)
    assert (g.phase, g.to_act, g.turn) == ("actions", "south", 1)
    g.state.card_places()


def test_put_by_type_name_and_by_card():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    g.put("d3", "B7", "north", bow=True)
    assert g.cell("c2")["cards"] == ["R4"] and g.cell("c2")["side"] == "south"
    assert g.cell("d3")["bows"] == ["B7"]
    with pytest.raises(PositionError, match="occupied"):
        g.put("c2", "Peltasts", "north")
    with pytest.raises(PositionError, match="bow"):
        g.put("a2", "Hoplites", "south", bow=True)
    with pytest.raises(PositionError, match="already in use"):
        g.put("a2", "B7", "south")
    with pytest.raises(ValueError):
        g.put("z9", "Hoplites", "south")


def test_moves_of_each_kind():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    g.put("e2", "Hypaspists", "south")
    g.put("g2", "Chariots", "south")
    g.put("g3", "Peltasts", "north")
    g.put("c4", "Elephants", "north")
    assert g.moves_from("c2") == {"c3"}
    assert g.moves_from("e2") == {"d2", "f2", "e3"}
    # Chariots: two steps; g3 blocks forward; around it via f2 or h2
    assert g.moves_from("g2") == {"f2", "h2", "i2", "f3", "h3"}
    # north moves toward row 1; elephants forward only
    assert g.moves_from("c4") == {"c3"}
    assert g.moves_from("g3") == {"f3", "h3"}   # g2 is occupied


def test_cavalry_never_enters_or_passes_bad_terrain():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Light Cavalry", "south")
    g.put_terrain("c3", "mud")
    assert "c3" not in g.moves_from("c2") and "c4" not in g.moves_from("c2")
    assert "b3" in g.moves_from("c2")   # via b2
    g.put("e2", "Hoplites", "south")
    g.put_terrain("e3", "fog")
    assert g.moves_from("e2") == {"e3"}
    with pytest.raises(PositionError, match="bad terrain"):
        g.put("e3", "Heavy Cavalry", "north")


def test_fire_ranges_and_lines():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Skirmishers", "south")
    g.put("c4", "Hoplites", "north")
    g.put("b3", "Hoplites", "north")
    g.put("d3", "Hoplites", "north", disrupted=True)
    g.put("e2", "Peltasts", "south")
    g.put("e4", "Hoplites", "north")
    assert g.fire_targets("c2") == {"c4", "b3"}          # d3 is disrupted already
    assert g.fire_targets("e2") == set()                  # a javelin reaches one position only
    g.put("c3", "Peltasts", "south")
    assert g.fire_targets("c2") == {"b3"}                 # c3 blocks c4; b2 is empty for b3
    assert g.fire_targets("c3") == {"c4"}


def test_javalineer_with_bow_and_cavalry_without():
    g = AncientGame.empty(seed=1)
    g.put("a2", "Javalineers", "south", bow=True)
    g.put("a4", "Skirmishers", "north")
    g.put("c2", "Light Cavalry", "south")
    g.put("c3", "Skirmishers", "north")
    assert g.fire_targets("a2") == {"a4"}
    assert g.fire_targets("c2") == set()


def test_melee_restrictions():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Heavy Cavalry", "south")
    g.put("c3", "Phalangists", "north")
    g.put("d2", "Heavy Cavalry", "south")
    g.put("d3", "Hypaspists", "north")
    g.put("e2", "Skirmishers", "south", disrupted=True)
    g.put("e3", "Hypaspists", "north")
    assert g.melee_targets("c2") == set()       # cavalry never melee Phalangists frontally
    assert g.melee_targets("d2") == {"d3"}
    assert g.melee_targets("e2") == set()       # disrupted cards do not attack
    g2 = AncientGame.empty(seed=1)
    g2.put("c3", "Phalangists", "north")
    g2.put("c2", "Heavy Cavalry", "south")
    assert g2.melee_targets("c3") == {"c2"}


# --- the seed's first worked example -----------------------------------------------------

def test_worked_example_javelin_then_melee_eliminates_light_cavalry():
    g = AncientGame.empty(seed=1, dice=[6, 4, 2])
    g.put("c2", "Javalineers", "south")
    g.put("c3", "Light Cavalry", "north")
    g.play("end actions")
    assert strs(g.legal_actions()) == ["fire c2-c3", "end fire"]
    g.play("fire c2-c3")
    assert g.cell("c3")["disrupted"]
    assert g.phase == "melee"
    odds = g.odds("attack c2-c3")
    assert odds.eliminated == melee_odds(3, 7, defender_disrupted=True).eliminated
    g.play("attack c2-c3")
    assert g.cell("c3") is None
    assert g.state.eliminated[1] == [int(__import__("battleline").cards.Card("R7"))]
    assert g.rolls == [6, 4, 2]


def test_missile_hits_chariots_on_five():
    g = AncientGame.empty(seed=1, dice=[5])
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Chariots", "north")
    g.play("end actions")
    g.play("fire c2-c3")
    assert g.cell("c3")["disrupted"]


def test_missile_six_only_against_cavalry():
    g = AncientGame.empty(seed=1, dice=[5])
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Light Cavalry", "north")
    g.play("end actions")
    g.play("fire c2-c3")
    assert not g.cell("c3")["disrupted"]


def test_melee_difference_six_eliminates_and_terrain_and_quality_count():
    g = AncientGame.empty(seed=1, dice=[6, 1])
    g.put("c2", "Elephants", "south")
    g.put("c3", "Skirmishers", "north")
    g.play("end actions")
    g.play("attack c2-c3")          # 10+6 - (1+1) = 14
    assert g.cell("c3") is None
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hypaspists", "south")
    g.put("c3", "Hypaspists", "north")
    g.put_terrain("c3", "mud")
    odds = g.odds("attack c2-c3")
    expected = melee_odds(6, 6, defence_modifier=-2)
    assert (odds.no_effect, odds.disrupted, odds.eliminated) == (
        expected.no_effect, expected.disrupted, expected.eliminated)


# --- the turn flow -------------------------------------------------------------------

def test_six_actions_then_fire_then_melee_then_the_other_side():
    g = AncientGame.empty(seed=3)
    for col in "abcdefg":
        g.put(f"{col}1", "Hypaspists" if col < "g" else "Peltasts", "south")
    g.put("a4", "Hoplites", "north")
    for col in "abcdef":
        g.play(f"{col}1-{col}2")
    # six actions used, nothing to fire at or attack: north's turn begins at once
    assert (g.to_act, g.phase) == ("north", "actions")
    assert "a4-a3" in strs(g.legal_actions())


def test_each_card_moves_once_and_reinforcements_do_not_move():
    g = AncientGame.empty(seed=3)
    g.put("c1", "Hypaspists", "south")
    g.put("a4", "Hoplites", "north")
    g.play("c1-c2")
    assert g.moves_from("c2") == set()
    with pytest.raises(IllegalMoveError, match="once"):
        g.play("c2-c3")


def test_undo_restores_and_replays_the_same_roll():
    g = AncientGame.empty(seed=11)
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Hoplites", "north")
    g.play("end actions")
    before = g.position()
    g.play("fire c2-c3")
    first = g.rolls
    g.undo()
    assert g.position() == before
    g.play("fire c2-c3")
    assert g.rolls == first


def test_illegal_play_changes_nothing():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    before = g.position()
    for bad in ("c2-b2", "c2-c4", "fire c2-c3", "reinforce R5@a1", "end melee"):
        with pytest.raises(IllegalMoveError):
            g.play(bad)
        assert g.position() == before
    with pytest.raises(InvalidMoveError):
        g.play("c2--c3")
    with pytest.raises(InvalidMoveError):
        g.play("x" * 500)


def test_action_text_round_trip():
    for text in ("c2-c3", "reinforce R4@c1", "draw", "end actions", "fire c2-c4", "attack b3+c2-c3",
                 "deploy O5@a1", "leader R4", "scout first", "roll", "play Fog@d3", "play Shield@c2",
                 "play Alexander b2 c2 d2", "play Darius", "play Redeploy c3-b1", "play Traitor",
                 "remove c2", "remove R2", "withdraw", "stand", "rally c2", "rally none"):
        a = Action.parse(text)
        assert str(a) == text and Action.parse(str(a)) == a and hash(a) == hash(Action.parse(text))


# --- victory --------------------------------------------------------------------------

def test_terrain_victory_needs_five_undisrupted_heavy_holders():
    g = AncientGame.empty(seed=1)
    for col in "abcd":
        g.put(f"{col}4", "Hypaspists", "south")
    g.put("e3", "Hypaspists", "south")
    g.put("i4", "Light Cavalry", "south")
    g.put("a1", "Skirmishers", "north")
    g.play("e3-e4")
    g.play("end actions")
    assert g.outcome is not None and g.outcome.winner == "south" and g.outcome.reason == "terrain"


def test_casualties_victory():
    g = AncientGame.empty(seed=1, dice=[6, 1])
    g.put("c2", "Elephants", "south")
    g.put("c3", "Peltasts", "north")
    g.put("h4", "Skirmishers", "north")
    g.play("end actions")
    g.play("attack c2-c3")
    assert g.outcome == ("south", "casualties")


def test_draw_after_quiet_turns():
    g = AncientGame.empty(seed=5, draw_after=2)
    g.put("a1", "Hoplites", "south")
    g.put("i4", "Hoplites", "north")
    rng = random.Random(1)
    while g.outcome is None:
        acts = [a for a in g.legal_actions() if a.kind != "draw"]
        g.play([a for a in acts if a.kind == "end"][0] if any(a.kind == "end" for a in acts) else acts[0])
    assert g.outcome == (None, "draw")


# --- scenarios and whole battles ----------------------------------------------------------

@pytest.mark.parametrize("name", ["cunaxa", "issus", "gaugamela", "indus", "marathon", "sicily", "raphia"])
def test_random_battle_in_each_scenario_accounts_for_all_cards(name):
    for advanced in ((), "all"):
        g = AncientGame.scenario(name, seed=4, advanced=advanced)
        rng = random.Random(4)
        steps = 0
        while g.outcome is None and steps < 3000:
            g.play(rng.choice(g.legal_actions()))
            assert len(g.state.card_places()) == 70
            steps += 1
        assert g.outcome is not None
