"""The motifs of Ancient Battles decisions (battleline.ancient.motifs) on hand-built battles:
each found where it holds, absent where it does not, and the game left as it was."""

from __future__ import annotations

import random
from fractions import Fraction

from battleline.ancient import AncientGame
from battleline.ancient.danger import attack_danger
from battleline.ancient.motifs import DANGER, find, missed, points_from_losing
from battleline.ancient.worlds import sample_world


def keyed(game, decision, key):
    return [m for m in find(game, decision) if m.key == key]


def test_a_back_row_square_open_to_a_unit_that_reaches_it():
    g = AncientGame.empty(7, seed=1)
    g.put("c1", "Hoplites", "south")
    g.put("b3", "Heavy Cavalry", "north")
    before = g.position()
    [m] = keyed(g, "end actions", "back_row_open")
    assert m.squares == ("b1", "b3") and m.detail == (False,)
    assert g.position() == before
    quiet = AncientGame.empty(7, seed=1)
    quiet.put("c1", "Hoplites", "south")
    quiet.put("b3", "Heavy Cavalry", "north", disrupted=True)      # a disrupted unit cannot move
    assert keyed(quiet, "end actions", "back_row_open") == []


def test_a_terrain_victory_in_reach():
    """Three north units already hold south's Back Row of seven: a fourth step wins."""
    g = AncientGame.empty(7, seed=1)
    for sq in ("e1", "f1", "g1"):
        g.put(sq, "Hoplites", "north")
    g.put("b2", "Hoplites", "north")
    g.put("d3", "Hoplites", "south")
    found = keyed(g, "end actions", "back_row_open")
    assert [m.squares[:2] for m in found] == [("b1", "b2")] and found[0].detail == (True,)


def test_the_casualty_race():
    g = AncientGame.empty(7, seed=1)
    g.put("c2", "Hoplites", "south")
    g.put("c3", "Skirmishers", "north")
    [race] = keyed(g, "end actions", "casualty_race")
    assert race.detail == (points_from_losing(g, 1), points_from_losing(g, 0))
    assert race.detail == (g.state.army_points(1) // 2 + 1, g.state.army_points(0) // 2 + 1)
    start = AncientGame.scenario("issus", seed=1)
    assert min(points_from_losing(start, 0), points_from_losing(start, 1)) > 6
    for _ in range(2):
        start.play(start.legal_actions()[0])
    assert all(m.key != "casualty_race" for m in find(start, start.legal_actions()[0]))


def test_an_attacks_odds_and_what_failure_costs():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    g.put("c3", "Peltasts", "north")
    g.put("d3", "Javalineers", "north", bow=True)
    g.play("end actions")
    [m] = keyed(g, "attack c2-c3", "attack_odds")
    odds = g.odds("attack c2-c3")
    danger = attack_danger(g.observation("south"), "attack c2-c3")[0]
    assert m.squares == ("c2", "c3")
    assert m.detail == (odds.eliminated, odds.disrupted, danger.eliminated)


def test_a_unit_left_in_danger():
    g = AncientGame.empty(7, seed=1)
    g.put("c2", "Skirmishers", "south")
    g.put("c3", "Heavy Cavalry", "north")
    [m] = keyed(g, "end actions", "in_danger")
    assert m.squares == ("c2", "c3") and m.detail[0] >= DANGER
    safe = AncientGame.empty(7, seed=1)
    safe.put("c2", "Phalangists", "south")
    safe.put("c3", "Skirmishers", "north")
    assert keyed(safe, "end actions", "in_danger") == []


def test_a_reinforcement_or_a_rally_missed():
    assert [m.key for m in missed("c2-c3, end actions", "reinforce R4@c1, end actions")] == ["reinforcement_missed"]
    assert missed("reinforce R4@c1, end actions", "reinforce R5@d1, end actions") == []
    assert [(m.key, m.squares) for m in missed(["rally none"], ["rally c2"])] == [("rally_missed", ("c2",))]
    assert missed(["rally c2"], ["rally none"]) == []


def test_motifs_read_only_what_the_side_sees():
    """Worlds dealt from the side's observation give the same motifs as the real battle."""
    g = AncientGame.scenario("marathon", seed=4)
    rng = random.Random(4)
    while g.phase != "actions" or g.turn < 2:
        g.play(rng.choice(g.legal_actions()))
    side = g.to_act
    decisions = [a for a in g.legal_actions()][:6]
    real = {str(a): find(g, a) for a in decisions}
    for k in range(3):
        w = sample_world(g.observation(side), random.Random(k))
        assert {str(a): find(w, a) for a in decisions} == real


def test_a_plan_that_opens_the_terrain_race():
    """Light Cavalry stepping off c1 opens it to north's Hoplites on c3, two steps away."""
    from battleline.ancient.motifs import back_row_reach, race_opened
    g = AncientGame.empty(7, seed=1)
    g.put("c1", "Light Cavalry", "south")
    g.put("c3", "Hoplites", "north")
    before = g.position()
    assert back_row_reach(g, 1) == (0, [])
    [m] = race_opened(g, ["c1-d1", "end actions"], ["end actions"])
    assert m.squares == ("c1",) and m.detail == (0, 1, 0, 4)
    assert race_opened(g, ["end actions"], ["c1-d1", "end actions"]) == []
    assert race_opened(g, ["c1-d1", "end actions"], ["c1-e1", "end actions"]) == []     # as open after both
    assert g.position() == before


def test_a_unit_left_exposed_to_fire_and_attack_where_the_enemy_stands():
    """Skirmishers beside Hoplites are disrupted or eliminated 5/6 of the time (eliminated 1/6:
    not in danger); stepping aside leaves them whole. Hoplites under three bows are hit 91/216
    of the time by the shots alone; a unit in danger is said as such, not twice."""
    g = AncientGame.empty(7, seed=1)
    g.put("c2", "Skirmishers", "south")
    g.put("c3", "Hoplites", "north")
    [m] = keyed(g, "end actions", "exposed")
    assert m.squares == ("c2", "c3") and m.detail == (Fraction(5, 6), Fraction(1, 6)) and m.troops[0] == 1
    assert keyed(g, "end actions", "in_danger") == []
    assert keyed(g, "c2-b2", "exposed") == []
    shot = AncientGame.empty(7, seed=1)
    shot.put("c2", "Hoplites", "south")
    for sq in ("b3", "c4", "d3"):
        shot.put(sq, "Javalineers", "north", bow=True)
    [m] = keyed(shot, "end actions", "exposed")
    assert m.squares == ("c2", "b3", "c4", "d3") and m.detail == (Fraction(91, 216), Fraction(0))
    one_bow = AncientGame.empty(7, seed=1)
    one_bow.put("c2", "Hoplites", "south")
    one_bow.put("c4", "Javalineers", "north", bow=True)
    assert keyed(one_bow, "end actions", "exposed") == []              # hit 1/6: under a third
    danger = AncientGame.empty(7, seed=1)
    danger.put("c2", "Skirmishers", "south")
    danger.put("c3", "Heavy Cavalry", "north")
    assert keyed(danger, "end actions", "exposed") == [] and keyed(danger, "end actions", "in_danger")


def test_a_plan_that_leaves_a_unit_exposed_says_so_against_one_that_does_not():
    from battleline.ancient.reviewing import ideas_of
    g = AncientGame.empty(7, seed=1)
    g.put("c2", "Skirmishers", "south")
    g.put("c3", "Hoplites", "north")
    ideas = ideas_of(g, ("end actions",), ("c2-b2", "end actions"))
    assert ideas[0][3] == "exposed" and ideas[0][0].startswith("Your unit on c2 (Skirmishers) is left exposed")
    assert "exposed" not in [i[3] for i in ideas_of(g, ("c2-b2", "end actions"), ("c2-d2", "end actions"))]
