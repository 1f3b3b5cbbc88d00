"""The typed message handlers: every kind is documented, and a bad field is refused whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from battleline.widgets import BattleLineWidget, PositionEditor, PuzzleWidget
from battleline.widgets.edit import EditController
from battleline.widgets.messages import MessageError, MessageRouter, Text, dispatch
from battleline.widgets.play import PlayController
from battleline.widgets.puzzle import PuzzleController

ROOT = Path(__file__).resolve().parents[1]
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


def test_a_kind_has_one_handler():
    router = MessageRouter("here")
    router.on("a", x=Text())(lambda x: x)
    with pytest.raises(ValueError, match="already has a handler"):
        router.on("a")(lambda: None)
