"""The text form of every kind of action (Ancient Battles) and move (Battle Line): each kind's
text, written from its fields, read back to the same value."""

import pytest

from battleline.ancient.actions import Action
from battleline.cards import Card
from battleline.standard.moves import Move

ANCIENT = [
    (Action("leader", "R4"), "leader R4"),
    (Action("deploy", "R4", ("c1",)), "deploy R4@c1"),
    (Action("reinforce", "R4", ("c1",)), "reinforce R4@c1"),
    (Action("scout", option="second"), "scout second"),
    (Action("roll"), "roll"), (Action("draw"), "draw"), (Action("withdraw"), "withdraw"), (Action("stand"), "stand"),
    (Action("play", "Fog", ("d3",)), "play Fog@d3"),
    (Action("play", "Companion", ("c2",)), "play Companion@c2"),
    (Action("play", "Alexander", ("c2", "d2", "e2")), "play Alexander c2 d2 e2"),
    (Action("play", "Darius"), "play Darius"),
    (Action("play", "Redeploy", ("c3", "b1")), "play Redeploy c3-b1"),
    (Action("play", "Traitor"), "play Traitor"),
    (Action("remove", "R2"), "remove R2"), (Action("remove", squares=("c2",)), "remove c2"),
    (Action("end", option="melee"), "end melee"),
    (Action("move", squares=("c2", "c3")), "c2-c3"),
    (Action("fire", squares=("c2", "c4")), "fire c2-c4"),
    (Action("attack", squares=("c2", "c3")), "attack c2-c3"),
    (Action("attack", squares=("b3", "c2", "c3")), "attack b3+c2-c3"),
    (Action("rally", squares=("c2",)), "rally c2"), (Action("rally"), "rally none"),
]

STANDARD = [
    (Move("play", Card("R7"), 3), "R7@3"),
    (Move("scout", Card("Scout")), "Scout"),
    (Move("redeploy", Card("B2"), 5), "Redeploy B2@5"),
    (Move("redeploy", Card("B2"), None), "Redeploy B2@discard"),
    (Move("deserter", Card("G9")), "Deserter G9"),
    (Move("traitor", Card("Y4"), 1), "Traitor Y4@1"),
    (Move("claim", flag=9), "claim 9"),
    (Move("draw", deck="tactic"), "draw tactic"),
    (Move("return", Card("P1")), "return P1"),
    (Move("pass"), "pass"), (Move("end"), "end"),
]


@pytest.mark.parametrize("action, text", ANCIENT, ids=[t for _, t in ANCIENT])
def test_every_kind_of_ancient_action_has_its_text(action, text):
    assert str(action) == text
    assert Action.parse(text) == action


@pytest.mark.parametrize("move, text", STANDARD, ids=[t for _, t in STANDARD])
def test_every_kind_of_battle_line_move_has_its_text(move, text):
    assert str(move) == text
    assert Move.parse(text) == move


def test_a_hand_built_action_with_missing_fields_still_has_a_text():
    assert str(Action("fire", squares=("c2",))) == "\"fire  ('c2',) \""
    assert str(Action("zzz", "R1", ("a1",), "x")) == "zzz R1 a1 x"
