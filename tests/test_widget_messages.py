"""The typed message handlers: every kind is documented, and a bad field is refused whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from battleline import Game
from battleline.widgets import BattleLineWidget, PositionEditor, PuzzleWidget
from battleline.widgets.standard.edit import EditController
from battleline.widgets.messages import MessageError, MessageRouter, Text, answer_safely, dispatch
from battleline.widgets.standard.play import PlayController
from battleline.widgets.standard.puzzle import PuzzleController
from util import at_screen

ROOT = Path(__file__).resolve().parents[1]
DEEP: list = []                  # a message nested deeper than repr can go
for _ in range(20_000):
    DEEP = [DEEP]
ROUTERS = [BattleLineWidget.shared, PlayController.messages, EditController.messages,
           PuzzleController.messages]


@pytest.mark.parametrize("kind", sorted({k for r in ROUTERS for k in r.kinds}))
def test_every_message_kind_is_documented(kind):
    assert f'"type": "{kind}"' in (ROOT / "docs" / "widget.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("make, content", [
    (lambda: BattleLineWidget(opponent="easy", seed=5), {"type": "option", "name": "auto_claim", "value": "yes"}),
    (lambda: BattleLineWidget(opponent="easy", seed=5), {"type": "move", "move": "R7@3", "extra": 1}),
    (lambda: BattleLineWidget(opponent="easy", seed=5), {"type": "explain", "flag": "3"}),
    (lambda: PositionEditor(), {"type": "edit_place", "card": "R7", "to": "flag", "flag": "3", "side": "north"}),
    (lambda: PositionEditor(), {"type": "edit_set", "to_move": "north", "rules": "chess"}),
    (lambda: PuzzleWidget(), {"type": "puzzle_answer", "flags": [1, "2"]}),
    (lambda: PuzzleWidget(), {"type": "puzzle_goto"}),
    (lambda: PositionEditor(), {"type": "edit_load", "text": Game(seed=2).position() + "# x\n" * 100_000}),
    (lambda: BattleLineWidget(opponent="easy", seed=5), {"type": "move", "move": DEEP}),
])
def test_a_bad_field_is_refused_and_changes_nothing(make, content):
    w = make()
    before = {k: v for k, v in w.view.items() if k not in ("message", "editor", "puzzle")}
    text = w.game.position() if w.mode != "edit" else w.draft.text()
    with pytest.raises(ValueError):
        w.handle_message(content)
    w._on_msg(None, content)
    after = {k: v for k, v in w.view.items() if k not in ("message", "editor", "puzzle")}
    assert after == before
    assert (w.game.position() if w.mode != "edit" else w.draft.text()) == text
    shown = (w.view.get("message") or (w.view.get("editor") or {}).get("message")
             or (w.view.get("puzzle") or {}).get("feedback"))
    assert shown and shown["kind"] in ("error", "wrong") and "Something went wrong" not in shown["text"]


def test_a_kind_of_another_mode_is_named_as_such():
    router = MessageRouter("here")
    other = MessageRouter("there")
    other.on("elsewhere")(lambda: None)
    with pytest.raises(MessageError, match="not available in here"):
        dispatch({"type": "elsewhere"}, (router, None), elsewhere=[other])
    with pytest.raises(MessageError, match="unknown message type"):
        dispatch({"type": "nowhere"}, (router, None), elsewhere=[other])


def test_a_kind_of_another_mode_says_what_to_do_instead():
    router = MessageRouter("the builder", unavailable="finish the army first")
    other = MessageRouter("the battle")
    other.on("act")(lambda: None)
    with pytest.raises(MessageError, match="'act' is not available in the builder: finish the army first"):
        dispatch({"type": "act"}, (router, None), elsewhere=[other])


def test_answer_safely_words_an_unexpected_failure_as_asked():
    def broken():
        raise RuntimeError("x")
    said = []
    answer_safely(broken, said.append, went_wrong=lambda text: f"oops ({text})")
    answer_safely(broken, said.append)
    assert said == ["oops (RuntimeError: 'x')", "Something went wrong: RuntimeError: 'x'"]


def test_a_kind_has_one_handler():
    router = MessageRouter("here")
    router.on("a", x=Text())(lambda x: x)
    with pytest.raises(ValueError, match="already has a handler"):
        router.on("a")(lambda: None)


# ---------------------------------------------------------------- Ancient Battles

def _ancient_routers():
    from battleline.widgets.ancient.battle import BattleController
    from battleline.widgets.ancient.builder import ArmyBuilder
    return [BattleController.messages, ArmyBuilder.messages]


@pytest.mark.parametrize("kind", sorted({k for r in _ancient_routers() for k in r.kinds}))
def test_every_ancient_message_kind_is_documented(kind):
    text = (ROOT / "docs" / "widget.md").read_text(encoding="utf-8")
    ancient = text[text.index("## Ancient Battles"):]
    assert f'"type": "{kind}"' in ancient


def _battle():
    from battleline import AncientBattlesWidget
    from battleline.ancient import AncientGame
    g = AncientGame.empty(seed=4)
    g.put("c2", "Javalineers", "south")
    g.put("c3", "Light Cavalry", "north")
    return at_screen(AncientBattlesWidget(g, opponent=None))


def _builder():
    from battleline import AncientBattlesWidget
    w = AncientBattlesWidget(scenario="points", opponent="easy", seed=1)
    w.handle_message({"type": "army", "op": "colour", "colour": "R"})
    w.handle_message({"type": "army", "op": "add", "card": "R8"})
    return w


@pytest.mark.parametrize("make, content, words", [
    (_battle, {"type": "select", "square": "c2", "extra": 1}, "unknown field 'extra'"),
    (_battle, {"type": "select", "card": 4}, "'card' must be a text"),
    (_battle, {"type": "act", "action": 3}, "'action' must be a text"),
    (_battle, {"type": "act", "action": "c2-c3", "also": "c2-b2"}, "unknown field 'also'"),
    (_battle, {"type": "join"}, "field 'square' is missing"),
    (_battle, {"type": "leave", "square": None}, "'square' must be a text"),
    (_battle, {"type": "inspect", "square": ["c2"]}, "'square' must be a text"),
    (_battle, {"type": "undo", "turns": 2}, "unknown field 'turns'"),
    (_battle, {"type": "dismiss", "now": True}, "unknown field 'now'"),
    (_battle, {"type": "army", "op": "confirm"}, "not available in the battle"),
    (_builder, {"type": "army", "op": "add"}, "field 'card' is missing"),
    (_builder, {"type": "army", "op": "add", "card": "R7", "colour": "R"}, "takes no 'colour'"),
    (_builder, {"type": "army", "op": "bow", "card": 8}, "'card' must be a text"),
    (_builder, {"type": "army", "op": "paint", "card": "R7"}, "'op' must be one of"),
    (_builder, {"type": "army"}, "field 'op' is missing"),
    (_builder, {"type": "select", "square": "a1"}, "build and confirm your army first"),
    (_builder, {"type": "inspect"}, "not available in the army builder"),
])
def test_a_bad_ancient_message_is_refused_whole(make, content, words):
    w = make()
    before = {k: v for k, v in w.view.items() if k != "message"}
    position = w.game.position()
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        w.handle_message(content)
    w._on_msg(None, content)
    assert {k: v for k, v in w.view.items() if k != "message"} == before
    assert w.game.position() == position
    shown = w.view["message"]
    assert shown["kind"] == "error" and words in shown["text"] and len(shown["text"]) < 200
