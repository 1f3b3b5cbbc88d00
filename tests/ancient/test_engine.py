"""The Ancient Battles engine: set-ups, queries, the turn flow, combat, Tactics, scenarios,
Advanced rules, undo and errors (the reference and invariant tests live beside this file)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from battleline.ancient import AncientGame, Army, Action, melee_odds
from battleline.cards import Card
from battleline.errors import IllegalMoveError, InvalidMoveError, PositionError
from battleline.sides import NORTH, SOUTH, Outcome


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
    assert g.state.eliminated[NORTH] == [int(Card("R7"))]
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
    # 6 against 6 - 2 for the mud: a margin of 2; of the 36 dice pairs 10 leave the defender,
    # 23 disrupt it (3 to 7) and 3 eliminate it (8 or more)
    assert (odds.no_effect, odds.disrupted, odds.eliminated) == (
        Fraction(10, 36), Fraction(23, 36), Fraction(3, 36))


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
    # Four heavy holders do not win, nor does a disrupted fifth, nor Light Cavalry.
    g = AncientGame.empty(seed=1)
    for col in "abcd":
        g.put(f"{col}4", "Hypaspists", "south")
    g.put("e4", "Hypaspists", "south", disrupted=True)
    g.put("i4", "Light Cavalry", "south")
    g.put("a1", "Skirmishers", "north")
    g.play("end actions")
    assert g.outcome is None and g.to_act == "north"
    # An undisrupted fifth does.
    g = AncientGame.empty(seed=1)
    for col in "abcd":
        g.put(f"{col}4", "Hypaspists", "south")
    g.put("e3", "Hypaspists", "south")
    g.put("i4", "Light Cavalry", "south")
    g.put("a1", "Skirmishers", "north")
    g.play("e3-e4")
    g.play("end actions")
    assert g.outcome is not None and g.outcome.winner == SOUTH and g.outcome.reason == "terrain"


def test_casualties_victory():
    g = AncientGame.empty(seed=1, dice=[6, 1])
    g.put("c2", "Elephants", "south")
    g.put("c3", "Peltasts", "north")
    g.put("h4", "Skirmishers", "north")
    g.play("end actions")
    g.play("attack c2-c3")
    assert g.outcome == Outcome(SOUTH, "casualties")


def test_draw_after_quiet_turns():
    g = AncientGame.empty(seed=5, draw_after=2)
    g.put("a1", "Hoplites", "south")
    g.put("i4", "Hoplites", "north")
    while g.outcome is None:
        acts = [a for a in g.legal_actions() if a.kind != "draw"]
        g.play([a for a in acts if a.kind == "end"][0] if any(a.kind == "end" for a in acts) else acts[0])
    assert g.outcome == Outcome(None, "draw")


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


# --- the seed's Advanced worked examples ------------------------------------------------

def test_worked_example_combined_flank_attack_eight_against_five():
    g = AncientGame.empty(seed=1, advanced=("flank",))
    g.put("d3", "Phalangists", "north")
    g.put("d2", "Javalineers", "south")
    g.put("c3", "Heavy Cavalry", "south")
    g.put("e3", "Skirmishers", "south")
    g.play("end actions")
    assert strs(g.legal_actions()) == ["fire d2-d3", "end fire"]    # the Javalineer's javelin
    g.play("end fire")
    assert g.phase == "melee"
    legal = strs(g.legal_actions())
    assert "attack c3+d2+e3-d3" in legal
    odds = g.odds("attack c3+d2+e3-d3")
    # 1 + 8 // 2 + 3 = 8 against 5, a margin of 3: 6, 24 and 6 of the 36 dice pairs
    assert (odds.no_effect, odds.disrupted, odds.eliminated) == (
        Fraction(6, 36), Fraction(24, 36), Fraction(6, 36))
    # without the Javalineer in front, the cavalry cannot join
    assert "attack c3+e3-d3" not in legal and "attack c3-d3" not in legal
    assert "attack e3-d3" in legal
    g2 = AncientGame.empty(seed=1, advanced=("flank",))
    g2.put("d3", "Phalangists", "north")
    g2.put("c3", "Heavy Cavalry", "south")
    g2.put("e3", "Skirmishers", "south")
    assert g2.melee_targets("c3") == set() and g2.melee_targets("e3") == {"d3"}


def test_worked_example_elephant_rampage_eliminates_disrupted_light_cavalry():
    g = AncientGame.empty(seed=1, advanced=("rampage",), dice=[6, 5, 4])
    g.put("d3", "Elephants", "north")
    g.put("d2", "Javalineers", "south")
    g.put("e3", "Skirmishers", "north")          # the Elephant's left, seen from north
    g.put("c3", "Light Cavalry", "north", disrupted=True)   # its right
    g.play("end actions")
    odds = g.odds("fire d2-d3")
    # 1/3 the javelin hits; then each of three victims 1/3; the Light Cavalry (strength 3)
    # falls on 4-6, the Skirmishers (1) on 2-6, the Javalineers (3) on 4-6
    assert odds.outcomes[()] == Fraction(2, 3)
    assert odds.outcomes[(("c3", "eliminated"), ("d3", "eliminated"))] == Fraction(1, 3) * Fraction(1, 3) * Fraction(1, 2)
    assert odds.outcomes[(("d3", "eliminated"), ("e3", "disrupted"))] == Fraction(1, 3) * Fraction(1, 3) * Fraction(5, 6)
    assert sum(odds.outcomes.values()) == 1
    g.play("fire d2-d3")
    assert g.cell("d3") is None and g.cell("c3") is None and g.cell("e3")["disrupted"] is False
    assert g.rolls == [6, 5, 4]


def test_withdrawal_before_melee():
    g = AncientGame.empty(seed=1, advanced=("withdrawal",))
    g.put("c2", "Hoplites", "south")
    g.put("c3", "Peltasts", "north")
    g.play("end actions")
    g.play("attack c2-c3")
    assert (g.phase, g.to_act) == ("withdrawal", "north")
    assert strs(g.legal_actions()) == ["withdraw", "stand"]
    g.play("withdraw")
    assert g.cell("c4")["type"] == "Peltasts" and g.cell("c3") is None
    assert g.rolls == []


def test_stacks_at_reinforcement_and_their_strength():
    # (the Hypaspists on e1 keep south's action step open: no draw in a turn that placed a card)
    g = AncientGame.from_position("ancient position\nadvanced stacks\nreserve south R5 O5\ne1 south R6\n"
                                  "c3 north B6\n")
    g.play("reinforce R5@c1")
    assert "reinforce O5@c1" in strs(g.legal_actions())
    g.play("reinforce O5@c1")
    assert g.cell("c1")["cards"] == ["R5", "O5"]
    assert g.moves_from("c1") == set()       # placed this turn
    assert g.state.value(g.state.cells[g.state.board.lookup["c1"]]) == 10


def test_continuous_rally_at_end_of_turn():
    g = AncientGame.empty(seed=2, advanced=("rally",))
    g.put("c2", "Hoplites", "south", disrupted=True)
    g.put("i4", "Hoplites", "north")
    g.play("end actions")
    # north's player turn
    g.play("end actions")
    assert (g.phase, g.to_act) == ("rally", "south")
    assert strs(g.legal_actions()) == ["rally c2", "rally none"]
    g.play("rally c2")
    assert g.cell("c2")["disrupted"] is False


# --- Tactics ---------------------------------------------------------------------------

def _with_hand(cards, extra=""):
    return AncientGame.from_position(
        "ancient position\nphase tactics south\nhand south " + cards + "\n" + extra)


def test_fog_becomes_bad_terrain():
    g = _with_hand("Fog", "c2 south R7\nb2 south R4\n")
    assert "play Fog@c3" in strs(g.legal_actions())
    assert "play Fog@c1" not in strs(g.legal_actions())
    g.play("play Fog@c3")
    assert g.terrain() == {"c3": "Fog"}
    assert "c3" not in g.moves_from("c2") and "c3" not in g.moves_from("b2") and "b3" in g.moves_from("b2")


def test_traitor_lets_the_opponent_choose():
    g = _with_hand("Traitor", "c2 south R4\nc3 north O2\nd3 north O7\ne3 north O8\n")
    g.play("play Traitor")
    assert (g.phase, g.to_act) == ("loyalty", "north")
    assert strs(g.legal_actions()) == ["remove c3", "remove d3"]
    g.play("remove d3")
    assert g.cell("d3") is None and (g.phase, g.to_act) == ("actions", "south")
    assert "Traitor" in g.observation("north").discards


def test_leader_rallies_three_and_shield_adds_two():
    g = _with_hand("Alexander Shield", "a2 south R4 disrupted\nb2 south R5 disrupted\nc2 south R6 disrupted\n"
                                    "d2 south O6 disrupted\nd3 north B6\n")
    plays = [a for a in strs(g.legal_actions()) if a.startswith("play Alexander")]
    assert len(plays) == 4 and all(len(p.split()) == 5 for p in plays)
    g.play("play Alexander a2 b2 d2")
    assert [g.cell(x)["disrupted"] for x in ("a2", "b2", "c2", "d2")] == [False, False, True, False]
    g.play("play Shield@d2")
    assert g.phase == "actions"       # nothing left to play: the Tactics step ends by itself
    g.play("end actions")
    odds = g.odds("attack d2-d3")
    # 6 + 2 for the Shield against 6, a margin of 2: 10, 23 and 3 of the 36 dice pairs
    assert (odds.no_effect, odds.disrupted, odds.eliminated) == (
        Fraction(10, 36), Fraction(23, 36), Fraction(3, 36))


def test_redeploy_and_scout():
    g = _with_hand("Redeploy Scout", "e3 south R6 disrupted\na3 north B4\n")
    assert "play Redeploy e3-a1" in strs(g.legal_actions())
    assert not any("Scout" in a for a in strs(g.legal_actions()))
    g.play("play Redeploy e3-a1")
    assert g.cell("a1")["disrupted"] is True
    # end both player turns; at the next initiative south holds Scout
    while g.phase != "initiative":
        g.play([a for a in g.legal_actions() if a.kind == "end"][0])
    assert strs(g.legal_actions()) == ["scout first", "scout second", "roll"]
    g.play("scout second")
    assert g.to_act == "north" and g.turn == 2


def test_draw_only_with_an_empty_reserve_and_once():
    g = AncientGame.from_position("ancient position\nc3 north B4\n")
    assert "draw" in strs(g.legal_actions())
    g.play("draw")
    # two actions left but nothing to do with them: north's turn
    assert len(g.observation("south").hand) == 1 and g.to_act == "north"
    assert "draw" not in strs(AncientGame.from_position(
        "ancient position\nreserve south R4\nc3 north B4\n").legal_actions())


def test_draw_starts_on_the_turn_after_the_last_reinforcement():
    # "Starting on the first turn after you have placed all your Troop cards": placing the
    # last reserve card does not open the draw in the same player turn.
    g = AncientGame.from_position("ancient position\nreserve south R4\ne1 south R6\ni4 north B4\n")
    g.play("reinforce R4@a1")
    assert (g.to_act, g.phase) == ("south", "actions")
    assert "draw" not in strs(g.legal_actions())
    # the record and the position keep that fact
    again = AncientGame.from_position(g.position())
    assert "draw" not in strs(again.legal_actions())
    g.play("end actions")
    while g.to_act != "south" or g.phase != "actions":
        g.play([a for a in g.legal_actions() if a.kind in ("end", "roll")][0])
    assert "draw" in strs(g.legal_actions())


# --- scenarios -------------------------------------------------------------------------

def test_issus_special_rules():
    g = AncientGame.scenario("issus", seed=1)
    assert (g.phase, g.to_act) == ("leader", "north")
    assert sorted(g.observation("south").hand) == ["Alexander", "Companion"]
    g.play("leader Y4")
    assert (g.phase, g.to_act) == ("deploy", "south")
    # Persian Hoplites are subject to Loyalty
    assert 4 in g.state.loyalty_extra[NORTH]


def test_cunaxa_both_leaders_and_marathon_width():
    g = AncientGame.scenario("cunaxa", seed=1)
    assert (g.phase, g.to_act) == ("leader", "south")
    assert sorted(g.observation("south").hand) == ["Companion", "Shield"]
    g.play("leader R4")
    assert g.to_act == "north"
    assert AncientGame.scenario("marathon", seed=1).width == 7
    r = AncientGame.scenario("raphia", seed=1)
    assert r.width == 11 and "stacks" in r.options


def test_deployment_is_face_down_until_both_have_deployed():
    g = AncientGame.scenario("marathon", seed=5)
    rng = random.Random(5)
    while g.phase == "deploy" and g.to_act == "south":
        g.play(rng.choice(g.legal_actions()))
    assert sum(1 for v in g.observation("south").field.values() if v["side"] == "south") == 7
    north_view = g.observation("north")
    assert all(v.get("hidden") for v in north_view.field.values())
    assert north_view.reserve["south"] is None
    while g.phase == "deploy":
        g.play(rng.choice(g.legal_actions()))
    assert not any(v.get("hidden") for v in g.observation("north").field.values())


def test_raphia_egyptian_elephants_fight_elephants_at_minus_two():
    g = AncientGame.from_position("ancient position\nwidth 11\nsmall-elephants south\n"
                                  "c2 south R10\nc3 north O10\n")
    odds = g.odds("attack c2-c3")
    assert odds.eliminated == melee_odds(10, 10, attack_modifier=-2).eliminated
    assert odds.disrupted == melee_odds(10, 10, attack_modifier=-2).disrupted


# --- notation, record, observation --------------------------------------------------------

@pytest.mark.parametrize("actions", [150, pytest.param(100_000, marks=pytest.mark.slow)], ids=["quick", "whole"])
def test_position_record_and_observation_through_a_battle(actions):
    g = AncientGame.scenario("issus", seed=9, advanced="all")
    rng = random.Random(9)
    for _ in range(actions):
        if g.outcome is not None:
            break
        text = g.position()
        assert AncientGame.from_position(text).position() == text
        for side in ("south", "north"):
            obs = repr(g.observation(side))
            assert "seed" not in obs
        g.play(rng.choice(g.legal_actions()))
    replay = AncientGame.from_record(g.record())
    assert replay.position() == g.position()


def test_points_armies_and_their_limits():
    south = Army("R8 O8 Y8 R7 O7 Y7 R6 O6 Y6 R5 O5 Y5 R4 O4 Y4")
    north = Army("G8 B8 P8 G7 B7 P7 G6 B6 P6 G5 B5 P5 G4 B4 P4")
    g = AncientGame.points(south, north, seed=1)
    assert g.phase == "deploy"
    with pytest.raises(PositionError, match="colour limit"):
        AncientGame.points(south, Army("R1"))
    with pytest.raises(PositionError, match="type limit"):
        AncientGame.points(Army("R1 O1 Y1 G1"), north)
    with pytest.raises(PositionError, match="points limit"):
        AncientGame.points(Army("R10 O10 Y10 R9 O9 Y9 R8 O8 Y8 R7 O7 Y7 R6"), north)
    with pytest.raises(PositionError, match="card limit"):
        AncientGame.points(Army("R1 O1 Y1 R2 O2 Y2 R3 O3 Y3 R4 O4 Y4 R5 O5 Y5 R6 O6 Y6 R7"), north)


@pytest.mark.parametrize("text", [
    "", "ancient position\nwidth 8\n", "ancient position\nc2 south R4\nc2 north B4\n",
    "ancient position\nc2 south R4\nd2 north R4\n", "ancient position\nterrain c1 Fog\n",
    "ancient position\nc3 north B7\nterrain c3 Mud\n", "ancient position\nc2 south R4+O4\n",
    "ancient position\nbogus line\n", "ancient position\nphase flying south\n",
    "ancient position\nc2 south R4*\n", "ancient position\ndeck Fog\n",
])
def test_bad_positions_are_refused(text):
    with pytest.raises(PositionError):
        AncientGame.from_position(text)


def test_bad_records_are_refused():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    g.play("c2-c3")
    import json
    data = json.loads(g.record())
    data["actions"] = ["c2-c4"]
    with pytest.raises(PositionError, match="does not replay"):
        AncientGame.from_record(json.dumps(data))
    with pytest.raises(PositionError):
        AncientGame.from_record("not json")


def test_remove_tells_a_blue_card_from_a_square():
    assert Action.parse("remove B4").card == "B4"
    assert Action.parse("remove b4").squares == ("b4",)
    assert str(Action.parse("remove G2")) == "remove G2"


# --- more rules, one by one -----------------------------------------------------------------

def test_scenario_leader_lost_ends_the_battle_at_once():
    g = AncientGame.from_position(
        "ancient position\nleader north Darius B2\nc2 south R10\nc3 north B2\nh4 north B4\n"
        "dice seed 1 position 0 script 6 1\n")
    g.play("end actions")
    g.play("attack c2-c3")
    assert g.outcome == Outcome(SOUTH, "leader")


def test_scenario_leader_rallies_its_card_once_and_blocks_draws_off_the_table():
    g = AncientGame.from_position(
        "ancient position\nphase tactics south\nleader south Alexander R4\nc2 south R4 disrupted\n"
        "a4 north B4\n")
    assert strs(g.legal_actions()) == ["play Alexander", "end tactics"]
    g.play("play Alexander")
    assert g.cell("c2")["disrupted"] is False and g.cell("c2")["leader"] == "Alexander"
    assert "leader south Alexander R4 rallied" in g.position()
    off = AncientGame.from_position("ancient position\nleader south Alexander R4\nreserve south R4\n"
                                    "c2 south R5\na4 north B4\n")
    g2 = AncientGame.from_position(off.position().replace("reserve south R4\n", "eliminated south R4\n"))
    assert "draw" not in strs(g2.legal_actions())


def test_loyalty_takes_from_reserve_when_none_is_on_the_table_and_may_do_nothing():
    g = _with_hand("Deserter Traitor", "c2 south R4\nc3 north O5\nreserve north O1 O6\n")
    g.play("play Deserter")
    assert strs(g.legal_actions()) == ["remove O1"]
    g.play("remove O1")
    assert g.state.eliminated[NORTH] == [int(Card("O1"))] and g.to_act == "south"
    g.play("play Traitor")                      # nothing left to take: no effect
    assert g.to_act == "south" and "Traitor" in g.observation("south").discards


def test_companion_only_on_cavalry_and_redeploy_only_away_from_enemies():
    g = _with_hand("Companion Redeploy", "c2 south R7\nd2 south R6\nd3 north B4\n")
    legal = strs(g.legal_actions())
    assert "play Companion@c2" in legal and "play Companion@d2" not in legal
    assert any(a.startswith("play Redeploy c2-") for a in legal)
    assert not any(a.startswith("play Redeploy d2-") for a in legal)   # an enemy in front


def test_cavalry_withdraws_from_infantry_but_not_from_cavalry():
    g = AncientGame.empty(seed=1, advanced=("withdrawal",))
    g.put("c2", "Hypaspists", "south")
    g.put("c3", "Light Cavalry", "north")
    g.put("d2", "Heavy Cavalry", "south")
    g.put("d3", "B7", "north")
    g.play("end actions")
    g.play("attack d2-d3")
    assert g.phase == "melee"                   # cavalry against cavalry: no withdrawal
    g.play("attack c2-c3")
    assert (g.phase, g.to_act) == ("withdrawal", "north")


def test_no_withdrawal_into_an_occupied_square_or_when_disrupted():
    g = AncientGame.empty(seed=1, advanced=("withdrawal",))
    g.put("c2", "Hoplites", "south")
    g.put("c3", "Skirmishers", "north")
    g.put("c4", "Hoplites", "north")
    g.put("d2", "Hoplites", "south")
    g.put("d3", "Peltasts", "north", disrupted=True)
    g.play("end actions")
    g.play("attack c2-c3")
    assert g.phase == "melee"
    g.play("attack d2-d3")
    assert g.phase != "withdrawal"


def test_rampage_without_neighbours_still_removes_the_elephant():
    g = AncientGame.empty(seed=1, advanced=("rampage",), dice=[6])
    g.put("d2", "Skirmishers", "south")
    g.put("d4", "Elephants", "north")
    g.play("end actions")
    g.play("fire d2-d4")
    assert g.cell("d4") is None and g.state.eliminated[NORTH] == [int(Card("R10"))]


def test_a_stack_on_bad_terrain_fights_at_half_strength():
    g = AncientGame.from_position("ancient position\nadvanced stacks\nc3 south R5+O5\nterrain c3 Mud\n"
                                  "c4 north B6\n")
    odds = g.odds("attack c3-c4")
    assert odds.disrupted == melee_odds(5, 6).disrupted and odds.eliminated == melee_odds(5, 6).eliminated


def test_a_disrupted_stack_is_eliminated_whole():
    g = AncientGame.from_position("ancient position\nadvanced stacks\nc3 north R5+O5 disrupted\n"
                                  "c2 south B10\nh4 north R4\ndice seed 1 position 0 script 6 1\n")
    g.play("end actions")
    g.play("attack c2-c3")
    assert g.cell("c3") is None and sorted(g.state.eliminated[NORTH]) == sorted([int(Card("R5")), int(Card("O5"))])


def test_a_hit_resets_the_draw_counter():
    g = AncientGame.from_position("ancient position\ndraw-after 3\nquiet 2 hit no\na1 south R4\ni4 north B4\n")
    g.play("end actions")
    g.play("end actions")
    assert g.outcome == Outcome(None, "draw")
    h = AncientGame.from_position("ancient position\ndraw-after 3\nquiet 2 hit yes\na1 south R4\ni4 north B4\n")
    h.play("end actions")
    h.play("end actions")
    assert h.outcome is None and h.state.quiet_turns == 0


def test_cards_drawn_are_played_from_the_next_turn_and_scout_waits_for_the_initiative():
    g = AncientGame.from_position("ancient position\nc2 south R4\ni4 north B4\ndeck Fog Scout\n"
                                  "discards Alexander Darius Companion Shield Mud Redeploy Deserter Traitor\n")
    g.play("draw")                   # the Scout (top of the deck)
    assert g.observation("south").hand == ["Scout"]
    g.play("end actions")
    g.play("end actions")            # north
    assert (g.phase, g.to_act) == ("initiative", "south")
