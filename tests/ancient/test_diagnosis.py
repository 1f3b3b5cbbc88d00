"""Refusals name the rule broken, and each concept gives its own (issue 24: the reasons come
from the rules' modules, not a restatement in prose)."""

from __future__ import annotations

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.actions import Action
from battleline.ancient.diagnosis import STEP_OF, why_illegal
from battleline.ancient.rules import Rules
from battleline.errors import IllegalMoveError

RESERVE = """ancient position
width 9
c2 south R2
c3 north B4
e2 south R5
reserve south O4
"""


def refusal(game, action: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        game.play(action)
    return str(info.value)


def test_a_draw_in_the_turn_the_last_reserve_card_was_placed_names_that_rule():
    game = AncientGame.from_position(RESERVE)
    assert "a Tactics card is drawn only once the reserve is empty" in refusal(game, "draw")
    game.play("reinforce O4@a1")
    assert game.state.reserve[game.state.to_act] == []
    assert "after the last reserve card was placed" in refusal(game, "draw")
    assert "draw" not in {str(a) for a in game.legal_actions()}


def test_each_refusal_comes_from_the_concept_that_generates_the_action():
    game = AncientGame.from_position(RESERVE)
    s, rules = game.state, Rules(game.state)
    c2, e2 = s.cells[s.board.index("c2")], s.cells[s.board.index("e2")]
    assert why_illegal(s, rules, Action.parse("e2-d2")) == rules.move_refusal(e2, s.board.index("d2"))
    assert "Phalangists move forward only" in refusal(game, "e2-d2")
    assert why_illegal(s, rules, Action.parse("draw")) == rules.draw_refusal(s.to_act)
    assert rules.draw_refusal(s.to_act) is not None and not rules.may_draw(s.to_act)
    game.play("end actions")
    assert game.phase == "fire"
    assert why_illegal(s, rules, Action.parse("fire c2-d3")) == rules.fire_refusal(c2, s.board.index("d3"))
    assert "missile fire needs an enemy card as target" in refusal(game, "fire c2-d3")


def test_every_kind_of_action_belongs_to_a_step():
    kinds = {"move", "reinforce", "draw", "fire", "attack", "deploy", "leader", "scout", "roll", "play",
             "remove", "withdraw", "stand", "rally"}
    assert set(STEP_OF) == kinds
    game = AncientGame.from_position(RESERVE)
    assert refusal(game, "attack c2-c3").endswith("'attack' belongs to the melee step")
