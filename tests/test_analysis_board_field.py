"""The Ancient analysis board played by clicking the field (issue 43): the branch takes the
battle view's own intents (``select`` a unit, ``act`` on the square or button Python
offered, ``join``/``leave`` a combined attack, ``inspect``), Python deciding what is legal; a
fight chosen on the field offers its exact results to choose (``board_result``) besides the
roll; an illegal click is refused in words and changes nothing; the battle is never touched.
"""

from __future__ import annotations

from util import at_screen

from battleline import AncientBattlesWidget
from battleline.ancient import AncientGame

BUDGET = 16


def send(w, **content):
    w._on_msg(None, content, None)


def skirmish(advanced=()) -> AncientGame:
    """South's Peltasts (c2) and Heavy Cavalry (e2) against North's Chariots (c3)."""
    g = AncientGame.empty(seed=1, advanced=advanced)
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Chariots", "north")
    g.put("e2", "Heavy Cavalry", "south")
    return g


def on_board(g: AncientGame) -> AncientBattlesWidget:
    w = at_screen(AncientBattlesWidget(g, opponent=None, review_budget=BUDGET))
    send(w, type="board_open", seed=4)
    return w


def square(w, name: str) -> dict:
    return next(sq for row in w.view["rows"] for sq in row if sq["square"] == name)


def played(w) -> list[str]:
    return [r["action"] for r in w.view["board"]["rows"]]


def test_a_move_an_end_of_step_and_a_shot_are_played_by_clicking_the_field():
    g = skirmish()
    before = g.record()
    w = on_board(g)
    assert "e2" in w.view["selectable"] and w.view["my_turn"]
    send(w, type="select", square="e2")                       # click the unit
    assert w.view["selected"] == "e2" and "e2-e3" in [c["action"] for c in w.view["choices"]]
    send(w, type="act", action="e2-e3")                       # click the square it goes to
    assert played(w) == ["e2-e3"] and square(w, "e3")["unit"]["mine"] and w.view["selected"] is None
    assert "end actions" in [b["action"] for b in w.view["buttons"]]
    send(w, type="act", action="end actions")                 # the battle view's button
    send(w, type="select", square="c2")
    fire = next(c for c in w.view["choices"] if c["square"] == "c3")
    # the fight chosen: roll it ("act"), or choose one of its results, with their exact chances
    assert fire["action"] == "fire c2-c3"
    assert [o["text"] for o in fire["outcomes"]] == ["no effect (67%)", "c3 disrupted (33%)"]
    send(w, type="board_result", action="fire c2-c3", result=1)
    assert played(w) == ["e2-e3", "end actions", "fire c2-c3"] and square(w, "c3")["unit"]["disrupted"]
    chosen = w.board.analysis.cursor
    send(w, type="board_step", by=-1)
    send(w, type="select", square="c2")
    send(w, type="act", action="fire c2-c3")                  # rolled on the board's own dice
    board = w.board.analysis
    rolled = board.node(board.cursor)
    assert rolled.result is None and board.children(rolled.parent) == [chosen, board.cursor]
    send(w, type="board_close")
    assert w.game is g and g.record() == before and w.view.get("board") is None


def test_an_illegal_click_is_refused_in_words_and_changes_nothing():
    w = on_board(skirmish())
    send(w, type="select", square="e2")
    send(w, type="select", square="c3")                        # the enemy's card
    message = w.view["board"]["message"]["text"]
    assert "c3" in message and "nothing of yours" in message
    assert played(w) == [] and w.view["selected"] == "e2"
    send(w, type="act", action="e2-a1")                        # no such move
    assert "e2-a1" in w.view["board"]["message"]["text"] and played(w) == []
    send(w, type="undo")                                       # the battle's own undo: not here
    assert "go back to the game" in w.view["board"]["message"]["text"] and played(w) == []
    send(w, type="select", square="e2")
    assert w.view["board"]["message"] is None                  # a good click clears the refusal
    send(w, type="board_play", action="c2-b2")                 # the list's button, for the keyboard
    assert played(w) == ["c2-b2"] and w.view["selected"] is None   # a choice stays on its position


def test_a_combined_attack_is_built_by_clicking_its_cards():
    g = AncientGame.empty(seed=2, advanced=("flank",))
    g.put("d3", "Phalangists", "north")
    g.put("d2", "Javalineers", "south")
    g.put("c3", "Heavy Cavalry", "south")
    g.play("end actions")
    g.play("end fire")
    w = on_board(g)
    send(w, type="select", square="d2")
    send(w, type="join", square="c3")
    assert [c["action"] for c in w.view["choices"]] == ["attack c3+d2-d3"]
    send(w, type="join", square="e4")
    assert "'e4' cannot join" in w.view["board"]["message"]["text"] and played(w) == []
    send(w, type="act", action="attack c3+d2-d3")
    assert played(w) == ["attack c3+d2-d3"]


def test_a_fight_chosen_on_the_field_shows_nothing_of_the_dice_to_come():
    """Two boards on one battle whose dice will roll differently (seeds 1 and 2: the shot
    misses on one, hits on the other) send the same view while the shot is being chosen."""
    views, hits = [], []
    for seed in (1, 2):
        g = skirmish()
        g.play("end actions")
        w = at_screen(AncientBattlesWidget(g, opponent=None, review_budget=BUDGET))
        send(w, type="board_open", seed=seed)
        send(w, type="select", square="c2")
        views.append({k: v for k, v in w.view.items() if k != "board"})   # the panel names its seed
        assert w.view["dice"] is None
        send(w, type="act", action="fire c2-c3")
        hits.append(square(w, "c3")["unit"]["disrupted"])
    assert hits == [False, True] and views[0] == views[1]
