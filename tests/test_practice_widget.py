"""Practise in both widgets (issue 43, item 3), driven by the browser's messages: after a real
review (a tiny budget) "Practise" opens the learner's first mistake on the analysis board, an
answer played there is judged and its line shown, a wrong one tried again or the answer shown,
the position saved as a puzzle, the next exercise, and back: the game and its record unchanged."""

from __future__ import annotations

import random

from battleline import AncientBattlesWidget, BattleLineWidget
from battleline.ancient import AncientGame
from battleline.ancient import puzzles as ancient_puzzles
from battleline.standard import puzzles

from ancient.test_reviewing import WIN_BY_ATTACK

BUDGET = 16


def send(w, **content):
    w._on_msg(None, content, None)


def reviewed_game(seed: int = 4) -> BattleLineWidget:
    w = BattleLineWidget(opponent="easy", seed=seed, bot_seed=1, review_budget=BUDGET)
    rng = random.Random(seed)
    while not w.game.is_over():
        w.play(rng.choice([m["text"] for m in w.view["legal"]]))
    w.board.level = "easy"
    w.replay()
    assert not w.view["board_entry"]["can_practise"]             # not before a review
    send(w, type="review_start")
    return w


def test_battle_line_practise_answer_verdict_line_save_next_and_back():
    w = reviewed_game()
    record = w.game.record()
    assert w.view["board_entry"]["can_practise"] and w.view["board_entry"]["words"]["practise"] == "Practise"
    send(w, type="practice_start")
    p = w.view["practice"]
    e = w.board.practice.exercise
    assert w.mode == "board" and p["n"] == 1 and p["total"] == len(w.board.practice.exercises) > 1
    assert e.decision.label in ("mistake", "blunder") and e.seat == w.replay_mode.seat
    assert p["question"].startswith("Find a better move than ") and f"(you lost {e.points_lost} points)" in p["question"]
    board = w.view["board"]
    assert board["dealt"] and board["seed"] == e.world_seed      # dealt from the learner's view
    assert w.board.analysis.game().position() == e.analysis().game().position()
    wrong = next(a["action"] for a in board["legal"] if not e.attempt(a["action"]).accepted)
    send(w, type="board_play", action=wrong)
    p = w.view["practice"]
    assert p["status"] == "judged" and not p["verdict"]["accepted"] and p["verdict"]["text"].startswith("Not yet")
    assert p["line"] and p["can_again"] and p["can_show"]
    assert [r["source"] for r in w.view["board"]["rows"]][:2] == ["you", "line"]   # the answer, then its line
    send(w, type="practice_again")
    assert w.view["practice"]["status"] == "answering" and w.view["board"]["cursor"] == 0
    send(w, type="practice_show")
    p = w.view["practice"]
    assert p["status"] == "shown" and p["answer"].startswith("The answer: ") and p["line"]
    send(w, type="practice_save")
    saved = puzzles.parse(w.view["practice"]["saved"])
    assert saved.kind == "better" and saved.answer["played"] == e.played and saved.answer["budget"] == BUDGET
    send(w, type="practice_next")
    assert w.view["practice"]["n"] == 2 and w.view["practice"]["saved"] is None
    send(w, type="board_close")
    assert w.mode == "replay" and w.view.get("practice") is None
    assert w.record() == record and w.game.record() == record


def test_an_accepted_answer_says_so_and_offers_no_answer_to_show():
    w = reviewed_game()
    send(w, type="practice_start")
    e = w.board.practice.exercise
    right = next(a["action"] for a in w.view["board"]["legal"] if e.attempt(a["action"]).accepted)
    send(w, type="board_play", action=right)
    p = w.view["practice"]
    assert p["verdict"]["accepted"] and p["verdict"]["text"].startswith("Accepted") and "within 5 points" in \
        p["verdict"]["text"] and not p["can_show"]


def test_practice_intents_are_refused_where_they_do_not_belong():
    w = reviewed_game()
    send(w, type="practice_again")
    assert "not available" in w.view["message"]["text"]
    w2 = BattleLineWidget(opponent="easy", seed=2, review_budget=BUDGET)
    send(w2, type="practice_start")
    assert "review" in w2.view["message"]["text"] and w2.mode == "play"
    send(w, type="practice_start")
    while w.view["practice"]["can_next"]:
        send(w, type="practice_next")
    send(w, type="practice_next")
    assert "last exercise" in w.view["board"]["message"]["text"]


def test_the_practice_speaks_japanese():
    w = reviewed_game()
    w.set_language("ja")
    assert w.view["board_entry"]["words"]["practise"] == "復習問題"
    send(w, type="practice_start")
    p = w.view["practice"]
    assert "より良い手を見つけてください" in p["question"] and p["words"]["save"] == "問題として保存"


def reviewed_battle() -> AncientBattlesWidget:
    g = AncientGame.from_position(WIN_BY_ATTACK)
    g.play("end melee")                       # the attack wins the battle more often than not
    rng = random.Random(1)
    while g.outcome is None:
        g.play(rng.choice(g.legal_actions()))
    w = AncientBattlesWidget(g, opponent=None, review_budget=BUDGET)
    w.board.level = "easy"
    w.replay(review=True)
    return w


def test_ancient_practise_the_missed_attack_and_back():
    w = reviewed_battle()
    record = w.game.record()
    assert w.view["board_entry"]["can_practise"]
    send(w, type="practice_start")
    p = w.view["practice"]
    assert p["total"] == 1 and "ending the melee step" in p["question"]
    assert [a["action"] for a in w.view["board"]["legal"]] == ["attack c2-c3", "end melee"]
    send(w, type="board_play", action="end melee")
    p = w.view["practice"]
    assert not p["verdict"]["accepted"] and p["line"]             # the battle goes on: its line
    send(w, type="practice_again")
    send(w, type="board_result", action="attack c2-c3", result=0)  # a chosen result: still the attack
    p = w.view["practice"]
    assert p["verdict"]["accepted"] and "the attack from c2" in p["verdict"]["text"]
    send(w, type="practice_save")
    saved = ancient_puzzles.parse(w.view["practice"]["saved"])
    assert saved.answer["move"] == "attack c2-c3" and saved.answer["played"] == "end melee"
    send(w, type="board_close")
    assert "replay" in w.view and w.view.get("practice") is None
    assert w.record() == record and w.game.record() == record
