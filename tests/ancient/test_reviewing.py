"""The review and hints of Ancient Battles (battleline.ancient.reviewing): planted mistakes found,
the winning choice labelled best, fairness, reasons, the generator, the record forms, bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import battleline
from battleline.ancient import AncientGame, reviewing
from battleline.annotation import LABELS

# South to act in the melee step. North has lost 9 of its 21 points: Hoplites c2 against the
# disrupted Peltasts c3 eliminate them with chance 5/6, and that is more than half. Otherwise
# North's Elephants on e3 eliminate South's disrupted Skirmishers on e2 next turn, and South
# (5 of 10 points lost) loses.
WIN_BY_ATTACK = """ancient position
width 7
turn 1 first south half 0
phase melee south
c2 south R4
e2 south R1 disrupted
c3 north B2 disrupted
e3 north B10
eliminated north B9
eliminated south Y5
hand north Fog Scout
dice seed 11 position 0
"""
# South to act in the action step, three Hoplites on North's Back Row: d3-d4 makes four of
# seven, a terrain victory at the end of the player turn. North's four on South's Back Row win
# at the end of North's turn otherwise.
WIN_ON_THE_BACK_ROW = """ancient position
width 7
turn 3 first south half 0
phase actions south
a4 south R4
b4 south O4
c4 south Y4
d3 south R6
a1 north G4
b1 north B4
c1 north P4
d1 north G6
"""
# As WIN_BY_ATTACK a step earlier, the Peltasts whole: the attack rarely wins at once, and
# North's Elephants on e3 then attack the Skirmishers on e2 unless they step aside to f2.
SKIRMISHERS_EXPOSED = """ancient position
width 7
turn 3 first south half 0
phase actions south
c2 south R4
e2 south R1
c3 north B2
e3 north B10
eliminated north B9
eliminated south Y5
"""
BUDGET = 64


def battle(position: str, *actions: str) -> AncientGame:
    g = AncientGame.from_position(position)
    for a in actions:
        g.play(a)
    return g


def test_a_planted_mistake_is_found_and_the_winning_attack_is_best():
    missed = reviewing.review(battle(WIN_BY_ATTACK, "end melee"), "south", budget=BUDGET).decisions
    assert [(d.index, d.played) for d in missed] == [(0, "end melee")]
    d = missed[0]
    assert d.best == "attack c2-c3" and d.loss > 0.5 and d.label == "blunder" and d.mark == "??"
    assert d.chance_best > d.chance_played and d.loss == pytest.approx(d.chance_best - d.chance_played, abs=1e-4)
    assert d.reason.startswith("The attack from c2 (Hoplites) on c3") and "c2の重装歩兵によるc3" in d.reason_ja
    assert "c3" in d.flags and "attack_odds" in d.motifs    # the attack missed, and its odds

    made = reviewing.review(battle(WIN_BY_ATTACK, "attack c2-c3"), "south", budget=BUDGET).decisions[0]
    assert (made.played, made.best, made.label, made.loss) == ("attack c2-c3", "attack c2-c3", "best", 0.0)
    assert made.chance_played > 0.7 and "this turn" in made.reason


def test_a_plan_that_misses_the_back_row_win_is_a_blunder_and_the_winning_plan_best():
    missed = reviewing.review(battle(WIN_ON_THE_BACK_ROW, "end actions"), "south", budget=BUDGET).decisions[0]
    assert missed.label == "blunder" and missed.best.startswith("d3-d4") and missed.chance_best == 1.0
    assert "Back Row" in missed.reason and "d4" in missed.flags
    plan = reviewing.review(battle(WIN_ON_THE_BACK_ROW, "d3-d4", "end actions"), "south", budget=BUDGET)
    assert [(d.index, d.played, d.label) for d in plan.decisions] == [(0, "d3-d4, end actions", "best")]


def test_the_reason_names_the_troop_and_square_at_risk():
    d = reviewing.review(battle(SKIRMISHERS_EXPOSED, "end actions"), "south", budget=128).decisions[0]
    assert d.label in ("mistake", "blunder") and d.best.startswith("e2-f2")
    assert "your Skirmishers on e2" in d.reason and "e2の斥候" in d.reason_ja and d.flags[0] == "e2"
    assert d.reason.startswith("Your unit on e2 (Skirmishers) is left in danger: the Elephants on e3") and \
        "in_danger" in d.motifs                       # the idea first, then the chances
    # every square a reason names is on the field
    for square in re.findall(r"\b[a-k][1-4]\b", d.reason):
        assert AncientGame.from_position(SKIRMISHERS_EXPOSED).cell(square) is not None or square in d.best


def test_battles_that_looked_the_same_to_the_side_get_the_same_review():
    other = WIN_BY_ATTACK.replace("hand north Fog Scout", "hand north Mud Redeploy").replace("seed 11", "seed 97")
    a = reviewing.review(battle(WIN_BY_ATTACK, "end melee"), "south", budget=32, seed=5)
    b = reviewing.review(battle(other, "end melee"), "south", budget=32, seed=5)
    assert a.to_json() == b.to_json()
    c = reviewing.review(battle(WIN_BY_ATTACK, "end melee"), "south", budget=32, seed=6)
    assert c.decisions[0].playouts == a.decisions[0].playouts      # another seed: other worlds, same work


def test_decisions_are_plans_shots_attacks_and_step_ends():
    g = battle(SKIRMISHERS_EXPOSED, "e2-f2", "end actions", "end fire", "attack c2-c3")
    points, actions, movers = reviewing.decision_points(g)
    assert actions == ["e2-f2", "end actions", "end fire", "attack c2-c3"] and movers == [1, 1, 1, 1]
    assert [(p.index, p.kind, p.played) for p in points] == [
        (0, "actions", ("e2-f2", "end actions")), (2, "fire", ("end fire",)), (3, "melee", ("attack c2-c3",))]
    assert all(len(p.observation.legal_actions) > 1 and p.observation.side == "south" for p in points)
    assert reviewing.decision_points(g, "north")[0] == []
    # an action step that draws a Tactics card is not judged (the play-outs never play one)
    drew = battle(SKIRMISHERS_EXPOSED, "draw", "e2-f2", "end fire")
    assert [(p.index, p.kind) for p in reviewing.decision_points(drew)[0]] == [(2, "fire")]


def test_the_generator_judges_one_decision_at_a_time_and_can_be_stopped(monkeypatch):
    judged = []
    real = reviewing.judge

    def counting(*args):
        judged.append(args[2])
        return real(*args)
    monkeypatch.setattr(reviewing, "judge", counting)
    g = battle(SKIRMISHERS_EXPOSED, "e2-f2", "end actions", "end fire", "attack c2-c3")
    stream = reviewing.iter_review(g, budget=16)
    first = next(stream)
    assert first.index == 0 and judged == [0]
    stream.close()
    with pytest.raises(StopIteration):
        next(stream)
    assert judged == [0]


def test_the_review_as_an_annotated_record_and_as_json():
    progress = []
    finished = battle(WIN_BY_ATTACK, "end melee", "end tactics", "end actions", "attack e3-e2")
    r = battleline.review(finished.record(), budget=32, progress=lambda done, total: progress.append((done, total)))
    assert r.game == "ancient" and r.moves == ["end melee", "end tactics", "end actions", "attack e3-e2"]
    assert r.movers == [1, 0, 0, 0] and r.result == finished.outcome.describe()
    # south's melee, north's action step and attack (its Tactics step is not judged)
    assert [(d.index, d.seat) for d in r.decisions] == [(0, 1), (2, 0), (3, 0)]
    assert progress == [(1, 3), (2, 3), (3, 3)] and all(d.label in LABELS for d in r.decisions)
    text = r.to_text()
    assert '[Game "ancient"]' in text and "1. south end melee??" in text and "4. north attack e3-e2" in text
    data = json.loads(json.dumps(r.to_json()))
    assert data["moves"] == r.moves and data["movers"] == ["south", "north", "north", "north"]
    assert data["decisions"][0]["best"] == "attack c2-c3" and data["decisions"][0]["seat"] == "south"
    assert "c2の" in r.to_text("ja") and "「attack" not in r.to_text("ja")   # the reasons in words


def test_a_hint_for_the_side_to_act():
    h = battleline.ancient.hint(battle(WIN_BY_ATTACK), budget=32)
    assert h.is_hint and h.best == "attack c2-c3" and h.label == "best" and h.chance_best > 0.7
    back_row = reviewing.hint(battle(WIN_ON_THE_BACK_ROW), budget=32)
    assert back_row.best.startswith("d3-d4") and back_row.chance_best == 1.0
    # outside the steps the search judges, hard's choice, unsearched
    setup = reviewing.hint(AncientGame.scenario("marathon", seed=3))
    assert setup.chance_best is None and setup.best in AncientGame.scenario("marathon", seed=3).observation(
        "south").legal_actions and "hard" in setup.reason


@pytest.mark.parametrize("call, message", [
    (lambda: reviewing.review(battle(WIN_BY_ATTACK), "east"), "seat is 0"),
    (lambda: reviewing.review(battle(WIN_BY_ATTACK), budget=3), "budget is a whole number"),
    (lambda: reviewing.review(battle(WIN_BY_ATTACK), seed=-1), "seed is a whole number"),
    (lambda: reviewing.review(42), "takes an AncientGame"),
    (lambda: reviewing.review("{not json"), "JSON"),
    (lambda: reviewing.hint("attack c2-c3"), "hint takes an AncientGame"),
    (lambda: reviewing.hint(_over()), "battle is over"),
])
def test_bad_input_is_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def _over() -> AncientGame:
    g = battle(WIN_ON_THE_BACK_ROW, "d3-d4", "end actions")
    assert g.outcome is not None
    return g


def test_importing_the_game_stays_light():
    code = ("import sys, battleline.ancient as a; assert 'numpy' not in sys.modules; "
            "assert callable(a.review) and callable(a.hint) and callable(a.iter_review)")
    subprocess.run([sys.executable, "-c", code], check=True)
