"""Two people at one screen (no bot): a cover hides the hand on screen before every turn,
the first one included, and undo belongs to the player at the screen, never to the one
waiting behind the cover (widget messages, no browser)."""

from __future__ import annotations

import re

from battleline import AncientBattlesWidget
from battleline.cards import Card
from battleline.widgets import BattleLineWidget


def send(w, content) -> None:
    """Deliver a message as the front end would."""
    w._on_msg(w, content, [])


def card_names(hand) -> set[str]:
    return {str(Card(c)) for c in hand}


def named_cards(text: str) -> set[str]:
    """The cards a log line names in notation (``R7``, ``B10``)."""
    return set(re.findall(r"\b[RGBYOP](?:10|[1-9])\b", text))


# ------------------------------------------------------------------ Battle Line
def test_the_first_hand_waits_behind_the_cover():
    w = BattleLineWidget(opponent=None, seed=4)
    v = w.view
    first = w.game.to_move
    assert v["cover"] and v["hand"] == [] and v["legal"] == []
    assert "Pass the screen" in v["status"] and not v["can_undo"]
    before = w.game.position()
    send(w, {"type": "move", "move": next(str(m) for m in w.game.legal_moves())})
    assert w.game.position() == before and "pass the screen" in w.view["message"]["text"]
    send(w, {"type": "reveal"})
    v = w.view
    assert not v["cover"] and v["seat"] == first and len(v["hand"]) == 7 and v["legal"]


def test_a_new_game_and_the_next_game_start_behind_the_cover():
    from battleline import Game
    from test_reviewing import WIN_IN_ONE
    w = BattleLineWidget(opponent=None, seed=4)
    send(w, {"type": "reveal"})
    send(w, {"type": "new_game"})
    assert w.view["cover"] and w.view["hand"] == []
    w = BattleLineWidget(Game.from_position(WIN_IN_ONE), opponent=None)
    assert w.view["cover"]
    send(w, {"type": "reveal"})
    send(w, {"type": "move", "move": "R10@3"})
    send(w, {"type": "move", "move": "claim 3"})
    assert w.game.is_over() and not w.view["cover"]       # the result is for both to see
    send(w, {"type": "next_game"})
    assert not w.game.is_over() and w.view["cover"] and w.view["hand"] == []


def test_undo_is_refused_under_the_cover_and_takes_back_nothing():
    w = BattleLineWidget(opponent=None, seed=4)
    send(w, {"type": "reveal"})
    first = w.game.to_move
    play = next(m for m in w.view["legal"] if m["kind"] == "play")
    send(w, {"type": "move", "move": play["text"]})
    send(w, {"type": "move", "move": "draw troop"})
    assert w.view["cover"] and not w.view["can_undo"]
    before = (w.game.position(), len(w.game.moves))
    send(w, {"type": "undo"})     # the waiting player would take back the other's draw
    assert (w.game.position(), len(w.game.moves)) == before
    assert w.view["cover"] and w.view["message"]["kind"] == "error"
    assert "pass the screen" in w.view["message"]["text"].lower()
    # once at the screen, the other player's draw may be taken back: the drawing
    # player's hand goes straight behind the cover, and no log line names a card of it
    send(w, {"type": "reveal"})
    assert w.view["can_undo"]
    send(w, {"type": "undo"})
    v = w.view
    assert w.game.to_move == first and v["cover"] and v["hand"] == [] and v["legal"] == []
    assert not v["can_undo"]
    hidden = card_names(w.game.hand(first)) | card_names(w.game.hand(1 - first))
    assert not any(named_cards(line) & hidden for line in map(str, v["log"])), v["log"]


# ------------------------------------------------------------------ Ancient Battles
def test_ancient_the_first_side_waits_behind_the_cover():
    w = AncientBattlesWidget(scenario="marathon", opponent=None, seed=5)
    v = w.view
    assert v["cover"] and v["hand"] == [] and v["rows"] == [] and v["reserve"] == []
    assert not v["can_undo"]
    before = w.game.position()
    send(w, {"type": "act", "action": str(w.game.legal_actions()[0])})
    assert w.game.position() == before and "pass the screen" in w.view["message"]["text"]
    send(w, {"type": "reveal"})
    assert w.view["cover"] is None and w.view["rows"]


def test_ancient_undo_is_refused_under_the_cover():
    w = AncientBattlesWidget(scenario="marathon", opponent=None, seed=5)
    send(w, {"type": "reveal"})
    first = w.game.to_act
    while w.game.to_act == first:
        w.play(w.game.legal_actions()[0])
    assert w.view["cover"] and not w.view["can_undo"]
    before = (w.game.position(), len(w.game.actions_played))
    send(w, {"type": "undo"})
    assert (w.game.position(), len(w.game.actions_played)) == before and w.view["cover"]
    assert "pass the screen" in w.view["message"]["text"]
    send(w, {"type": "reveal"})
    assert w.view["can_undo"]
    send(w, {"type": "undo"})      # at the screen: the other side's turn goes back behind the cover
    assert w.game.to_act == first and w.view["cover"] and w.view["hand"] == [] and w.view["rows"] == []
