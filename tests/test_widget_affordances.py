"""What the widget's view offers besides the legal moves, decided in Python so that the
front end decides no rule: the claim buttons (with the move text to send) and whether flags
may be explained (docs/widget.md)."""

from __future__ import annotations

from battleline import Game
from battleline.standard.puzzles import bundled
from battleline.widgets import BattleLineWidget, PuzzleWidget
from util import at_screen


def position(rules: str = "standard", turn: str = "south play") -> str:
    return f"""battleline position 1
rules {rules}
turn {turn}
flag 1: north B8 | south R1 Y2 G4
flag 2: north - | south R3 R4
hand north: R5 R6 O5 O6 Y5 Y6 G5
hand south: B1 B2 B3 P1 P2 P3 G9
troop deck: rest seed 5
tactic deck: rest seed 6
"""


def widget(text: str, **kw) -> BattleLineWidget:
    return BattleLineWidget(Game.from_position(text), opponent=kw.pop("opponent", "easy"), bot_seed=1, **kw)


def test_a_claim_button_on_each_open_complete_side_with_python_move_text():
    w = widget(position())
    assert w.view["claim_buttons"] == [{"flag": 1, "enabled": True, "text": "claim 1"}]
    assert w.view["explainable"] is True


def test_claims_may_be_tried_in_the_draw_phase_only_under_the_standard_rules():
    for rules, enabled in (("standard", True), ("advanced", False)):
        w = widget(position(rules))
        w.play("P1@3")
        assert w.game.phase == "draw"
        assert w.view["claim_buttons"] == [{"flag": 1, "enabled": enabled, "text": "claim 1"}], rules


def test_no_claim_button_under_the_cover_or_after_the_game():
    w = at_screen(widget(position(), opponent=None))
    w.play("P1@3")
    w.play("draw troop")
    assert w.view["cover"] is True
    assert w.view["claim_buttons"] == [] and w.view["explainable"] is False
    text = position().replace("flag 2: north - | south R3 R4\n", (
        "flag 2 claimed by south: north Y7 Y8 P9 | south R3 R4 R2\n"
        "flag 3 claimed by south: north B7 G7 P7 | south O3 O4 O2\n"
        "flag 4: north P4 P5 B6 | south O8 O9 O10\n"))
    w = widget(text)
    w.play("claim 4")
    assert w.game.is_over()
    assert w.view["claim_buttons"] == []


def test_puzzles_claim_buttons_and_explanations():
    puzzles = bundled()
    claims = next(p for p in puzzles if p.kind == "claims")
    pw = PuzzleWidget(claims)
    assert pw.view["claim_buttons"] == [], "a claims puzzle is answered by picking flags"
    assert pw.view["explainable"] is False, "not while it is being solved"
    pw._on_msg(None, {"type": "puzzle_answer", "flags": claims.answer["flags"]})
    assert pw.view["puzzle"]["status"] == "solved"
    assert pw.view["explainable"] is True
