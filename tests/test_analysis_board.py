"""The analysis board in both widgets (issue 43, items 1 and 2), driven by the browser's
messages: branch from a review's marked move, play moves, let the bot answer, show the line
the search expects, go back: the game and its record unchanged; a fight's result chosen in
Ancient Battles; a board on a game going on holds none of its secrets; bad intents refused.

The review is a small fake (it marks moves and names a better one); the win chance is the
real hint's, with a tiny budget, and the bot that answers and plays the line is "easy".
"""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest
from util import at_screen

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.ancient import AncientGame
from battleline.sides import side_index

BUDGET = 16


def send(w, **content):
    w._on_msg(None, content, None)


class MarkingReview:
    """``iter_review`` marking every third move of the judged seat a blunder, its better move
    another legal one (the analysis API's shape, without the search)."""

    def iter_review(self, game, seat=None, *, budget=None, seed=0):
        seat = None if seat is None else side_index(seat)
        g = type(game).from_record(game.record())
        actions = list(g.actions_taken)
        for _ in actions:
            g.undo()
        for i, action in enumerate(actions):
            mover = g.current_player
            others = [str(a) for a in g.legal_actions() if str(a) != str(action)]
            if (seat is None or mover == seat) and others:
                bad = i % 3 == 0
                yield SimpleNamespace(index=i, seat=mover, played=str(action), best=others[0] if bad else str(action),
                                      chance_played=0.3, chance_best=0.6, loss=0.3, label="blunder" if bad else "good",
                                      mark="??" if bad else "", reason="", reason_ja="", flags=[])
            g.play(action)

    def hint(self, game, *, budget=None, seed=0):
        raise AssertionError("the board's chance is the real hint's")


def finished_game(seed: int = 4) -> BattleLineWidget:
    w = BattleLineWidget(opponent="easy", seed=seed, bot_seed=1, review_budget=BUDGET)
    rng = random.Random(seed)
    while not w.game.is_over():
        w.play(rng.choice([m["text"] for m in w.view["legal"]]))
    w.board.level = "easy"
    return w


def rows(w) -> list[dict]:
    return w.view["board"]["rows"]


def test_battle_line_branch_from_a_blunder_play_answer_line_and_back():
    w = finished_game()
    record = w.game.record()
    w.replay()
    w.replay_mode.analyst = MarkingReview()
    send(w, type="review_start")
    blunder = next(m["index"] for m in w.view["replay"]["moves"] if m["mark"] == "??")
    d = w.replay_mode.review.decisions[blunder]
    send(w, type="replay_goto", index=blunder + 1)
    assert w.view["board_entry"]["can_line"]
    send(w, type="board_line")                                  # the line from the marked move
    assert w.mode == "board" and w.view["board"]["message"] is None
    line = [r for r in rows(w) if r["source"] == "line"]
    assert line[0]["action"] == d.best and len(line) >= 3      # the better move, then the bot's
    assert w.view["board"]["cursor"] == line[0]["id"]            # stepped through from its start
    send(w, type="board_step", by=1)
    assert w.view["board"]["cursor"] == line[1]["id"]
    send(w, type="board_go", node=0)
    for _ in range(3):                                           # the learner's own moves
        send(w, type="board_play", action=w.view["board"]["legal"][-1]["action"])
    send(w, type="board_answer")
    sources = [r["source"] for r in rows(w) if r["on_path"]]
    assert sources == ["you", "you", "you", "bot"]
    assert len(w.board.analysis.children(0)) == 2                # two variations from the start
    chance = w.view["board"]["chance"]
    assert chance["percent"] is not None and f"{chance['percent']}%" in chance["text"]
    assert not w.view["board"]["dealt"] and w.view["board"]["seed"] is None   # the real deck
    send(w, type="board_close")
    assert w.mode == "replay" and w.view["replay"]["index"] == blunder + 1
    assert w.record() == record and w.game.record() == record


def test_battle_line_board_plays_a_clicked_move_and_refuses_bad_intents():
    w = finished_game(seed=6)
    w.replay()
    send(w, type="replay_goto", index=10)
    send(w, type="board_open")
    start = w.board.analysis.game().position()
    clicked = w.view["legal"][0]["text"]                         # the board's cards and flags
    send(w, type="move", move=clicked)
    assert rows(w)[0]["action"] == clicked
    send(w, type="board_go", node=0)
    for bad, words in ((dict(type="board_go", node=99), "no node 99"),
                       (dict(type="board_play", action="R1@99"), "R1@99"),
                       (dict(type="board_step", by=5), "'by' must be"),
                       (dict(type="board_result", action=clicked, result=0), "shot or attack only"),
                       (dict(type="board_play"), "missing")):
        send(w, **bad)
        assert words in w.view["board"]["message"]["text"]
        assert w.board.analysis.game().position() == start and len(rows(w)) == 1
    send(w, type="board_close")
    send(w, type="board_play", action=clicked)
    assert "not available" in w.view["message"]["text"]


def test_a_board_on_a_game_going_on_sends_no_real_hidden_card():
    w = BattleLineWidget(opponent="easy", seed=3, bot_seed=1, review_budget=BUDGET)
    for _ in range(3):
        w.play(w.view["legal"][0]["text"])
    g = w.game
    theirs = 1 - w.seat
    real = sorted(str(c) for c in g.hand(theirs))
    send(w, type="board_open", seed=11)
    board = w.view["board"]
    assert board["dealt"] and board["seed"] == 11 and "seed 11" in board["knowledge"]
    while w.board.analysis.game().to_move != theirs:            # play on to the other side's turn
        send(w, type="board_play", action=w.view["board"]["legal"][0]["action"])
    shown = sorted(c["id"] for c in w.view["hand"])
    assert shown == sorted(str(c) for c in w.board.analysis.game().hand(theirs))   # dealt cards
    assert shown != real
    text = json.dumps(w.view)
    assert not all(f'"{c}"' in text for c in real)             # the real hand is not in the view
    send(w, type="board_close")
    assert w.mode == "play" and w.game is g and sorted(str(c) for c in g.hand(theirs)) == real


def finished_battle(seed: int = 3) -> AncientBattlesWidget:
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=seed, bot_seed=2, review_budget=BUDGET)
    rng = random.Random(seed)
    while w.game.outcome is None:
        w.play(rng.choice(w.game.legal_actions()))
    w.board.level = "easy"
    return w


def test_ancient_branch_from_a_blunder_and_back_leaves_the_battle_alone():
    w = finished_battle()
    record = w.game.record()
    w.study.analyst = MarkingReview()
    w.replay(review=True)
    blunder = next(m["index"] for m in w.view["replay"]["moves"] if m["mark"] == "??")
    send(w, type="replay_goto", index=blunder + 1)
    assert w.view["board_entry"]["can_line"]
    send(w, type="board_line")
    line = [r for r in rows(w) if r["source"] == "line"]
    assert line and line[0]["action"] == w.study.review.decisions[blunder].best
    send(w, type="board_go", node=0)
    for _ in range(3):
        send(w, type="board_play", action=w.view["board"]["legal"][0]["action"])
    send(w, type="board_answer")
    assert [r["source"] for r in rows(w) if r["on_path"]][-1] == "bot"
    send(w, type="board_close")
    assert "replay" in w.view and w.view["replay"]["index"] == blunder + 1
    assert w.record() == record and w.game.record() == record


def test_ancient_a_fights_result_is_chosen():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Chariots", "north")
    g.play("end actions")
    w = at_screen(AncientBattlesWidget(g, opponent=None, review_budget=BUDGET))
    send(w, type="board_open")
    fire = next(a for a in w.view["board"]["legal"] if a["action"] == "fire c2-c3")
    assert [o["text"] for o in fire["outcomes"]] == ["no effect (67%)", "c3 disrupted (33%)"]

    def c3():
        return next(sq for row in w.view["rows"] for sq in row if sq["square"] == "c3")["unit"]

    send(w, type="board_result", action="fire c2-c3", result=1)  # what if the shot had hit?
    assert c3()["disrupted"]
    send(w, type="board_go", node=0)
    send(w, type="board_result", action="fire c2-c3", result=0)
    assert not c3()["disrupted"] and len(w.board.analysis.children(0)) == 2
    send(w, type="board_go", node=0)
    send(w, type="board_result", action="fire c2-c3", result=2)
    assert "0 to 1" in w.view["board"]["message"]["text"] and len(w.board.analysis.children(0)) == 2
    send(w, type="board_close")
    assert w.game.record() == g.record() and not w.game.cell("c3")["disrupted"]


def test_the_board_speaks_japanese():
    w = at_screen(AncientBattlesWidget(scenario="issus", opponent=None, seed=1, lang="ja", review_budget=BUDGET))
    assert w.view["board_entry"]["words"]["analyse"] == "検討ボード"
    send(w, type="board_open", seed=5)
    assert "シード5" in w.view["board"]["knowledge"] and w.view["board"]["words"]["back"] == "対局に戻る"


def test_the_editor_and_a_puzzle_open_a_dealt_board_and_go_back():
    from battleline import PositionEditor, PuzzleWidget
    for w, mode in ((PositionEditor(Game(seed=5)), "edit"), (PuzzleWidget(), "puzzle")):
        assert w.view["board_entry"]["can_analyse"]
        before = w.game.record()
        send(w, type="board_open", seed=2)
        assert w.mode == "board" and w.view["board"]["dealt"] and w.view["board"]["origin"] == mode
        send(w, type="board_play", action=w.view["board"]["legal"][0]["action"])
        assert len(rows(w)) == 1
        send(w, type="board_close")
        assert w.mode == mode and w.game.record() == before


def test_a_deep_copy_of_a_battle_lists_its_legal_actions():
    # the board works on deep copies in the background: a copy must list the same actions
    import copy
    g = AncientGame.scenario("marathon", seed=3)
    rng = random.Random(1)
    for _ in range(40):
        g.play(rng.choice(g.legal_actions()))
    assert [str(a) for a in copy.deepcopy(g).legal_actions()] == [str(a) for a in g.legal_actions()]


def test_the_tree_speaks_the_language_switched_to():
    """Moves already in the tree are said again in the language switched to (issue 43), and
    back: each row's words are the legal move's words at its position in that language. (The
    Ancient Battles widget takes its language when made: it has no switch.)"""
    w = finished_game(seed=6)
    w.replay()
    send(w, type="replay_goto", index=10)
    send(w, type="board_open", seed=5)
    said = {}
    for lang in ("en", "ja"):
        send(w, type="language", lang=lang)
        send(w, type="board_go", node=0)
        said[lang] = {m["action"]: m["text"] for m in w.view["board"]["legal"]}
    send(w, type="language", lang="en")
    action = next(iter(said["en"]))
    send(w, type="board_play", action=action)
    assert rows(w)[0]["text"] == said["en"][action]
    send(w, type="language", lang="ja")
    assert said["ja"][action] != said["en"][action] and rows(w)[0]["text"] == said["ja"][action]
    send(w, type="language", lang="en")
    assert rows(w)[0]["text"] == said["en"][action]
