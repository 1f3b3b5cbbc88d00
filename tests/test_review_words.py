"""The words around reviews and matches, in English and Japanese: who made a reviewed
decision, Ancient decisions in words rather than notation, counts of marked decisions with
their plurals (the view and the annotated record's headers), and what the match's score
counts."""

from __future__ import annotations

import io
import random
import re
from contextlib import redirect_stdout

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.ancient import AncientGame
from battleline.ancient import reviewing as ancient_reviewing
from battleline.annotation import Decision, Review
from battleline.reviewing import main as review_command
from battleline.widgets.study import ReviewProgress
from test_reviewing import WIN_IN_ONE
from test_widget_study import FakeAnalysis

NOTATION = re.compile(r"\b(?:attack|fire|reinforce) [a-kROYGBP]\w*[-@]|\bend (?:actions|fire|melee)\b|"
                      r"[a-k][1-9]-[a-k][1-9]|[“「]")


# ------------------------------------------------------------------ who: You, as Battle Line says
def test_the_ancient_review_says_you_and_bot_in_your_own_battle():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    w.study.analyst = FakeAnalysis()
    rng = random.Random(1)
    while w.game.outcome is None:
        w.play(rng.choice(w.game.legal_actions()))
    w.replay(review=True)
    replay = w.view["replay"]
    assert replay["review"]["graph_title"] == "Win chance across the game (You)"
    sides = {m["index"]: m["mine"] for m in replay["moves"]}
    mine = next(i for i, m in sides.items() if m and i in w.study.review.decisions)
    w.goto(mine + 1)
    assert w.view["replay"]["decision"]["played"].startswith("You played ")


# ------------------------------------------------------------------ Ancient decisions in words
def test_ancient_reasons_word_the_decision_without_notation():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    g.put("c3", "Skirmishers", "north")
    g.play("end actions")
    h = ancient_reviewing.hint(g, budget=16)
    assert h.best == "attack c2-c3"
    assert "The attack from c2 (Hoplites) on c3 (Skirmishers): you win" in h.reason
    assert "c2の重装歩兵によるc3の斥候への攻撃" in h.reason_ja
    assert not NOTATION.search(h.reason) and not NOTATION.search(h.reason_ja), (h.reason, h.reason_ja)
    obs = g.observation("south")
    plan = ancient_reviewing.action_words(obs, "c2-d2, reinforce R3@c1, end actions", "en")
    assert plan == "moving the Hoplites from c2 to d2, and bringing up Javalineers (R3) to c1"
    assert ancient_reviewing.action_words(obs, "end melee", "ja") == "白兵戦を終えること"


def test_the_japanese_log_names_the_leaders_troop_first():
    w = AncientBattlesWidget(seed=1, opponent="easy", lang="ja")
    (line,) = [line for line in w.view["log"] if "リーダー" in line]
    assert re.search(r"リーダーは[^\sA-Z（]+（[ROYGBP]\d+）に付きます", line), line


# ------------------------------------------------------------------ counts and their plurals
def marked(*labels: str) -> Review:
    marks = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "good": ""}
    return Review("standard", [f"R{i + 1}@1" for i in range(len(labels))], [1] * len(labels),
                  [Decision(i, 1, f"R{i + 1}@1", "R9@1", 0.4, 0.6, 0.2, label, marks[label], "…", "…")
                   for i, label in enumerate(labels)], seat=None, budget=64)


def test_counts_of_marked_decisions_agree_in_number():
    text = marked("inaccuracy", "mistake").to_text()
    assert '[South "1 inaccuracy, 1 mistake, 0 blunders, average loss 20.0%"]' in text
    assert '[Reviewed "both seats"]' in text and '[Budget "64 play-outs a decision"]' in text
    text = marked("inaccuracy", "inaccuracy", "blunder").to_text("ja")
    assert '[South "疑問手2手、悪手0手、大悪手1手、平均損失20.0%"]' in text
    assert '[Reviewed "両者"]' in text and '[Budget "1手あたり64回のプレイアウト"]' in text
    progress = ReviewProgress(total=2, seat=1)
    for d in marked("inaccuracy", "mistake").decisions:
        progress.add(d)
    progress.finish(None)
    w = BattleLineWidget(opponent="easy", seed=1)
    assert progress.status(w.wording.say) == "Review done: 1 inaccuracy, 1 mistake, 0 blunders."
    w.lang = "ja"
    assert progress.status(w.wording.say) == "検討完了：疑問手1手、悪手1手、大悪手0手。"


def test_the_command_line_headers_in_japanese(tmp_path):
    g = Game.from_position(WIN_IN_ONE)
    g.play("B1@4")
    record = tmp_path / "game.json"
    record.write_text(g.record(), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        assert review_command([str(record), "--lang", "ja", "--budget", "32"]) == 0
    text = out.getvalue()
    assert '[Reviewed "両者"]' in text and "1手あたり32回のプレイアウト" in text
    assert "平均損失" in text and "inaccuracies" not in text


# ------------------------------------------------------------------ the match's score in words
def test_the_match_score_says_what_it_counts():
    w = BattleLineWidget(Game.from_position(WIN_IN_ONE), opponent="easy", seat=1)
    w.play("R10@3")
    w.play("claim 3")
    score = w.view["score"]
    assert (score["mine"], score["theirs"]) == (5, 2)
    assert score["text"] == "Match points: you 5, bot 2"
    assert "5 match points" in score["note"] and "1 per flag held" in score["note"]
    assert score["line"].startswith("Match points: you 5, bot 2. A game won")
    w.lang = "ja"
    score = w.view["score"]
    assert score["text"] == "マッチポイント：あなた 5、ボット 2" and "フラッグ1本につき1点" in score["note"]
    hot = BattleLineWidget(opponent=None, seed=2)
    assert hot.view["score"]["text"] == "Match points: North 0, South 0"


def test_the_reviews_japanese_names_the_decks_as_the_board_does():
    """The board calls them 軍勢 and 戦略 (the rulebook's Japanese); a review said 部隊 and 戦術."""
    from battleline.standard import reviewing
    said = {deck: reviewing.draw_deck_words(deck, "ja") for deck in ("troop", "tactic")}
    assert said == {"troop": "軍勢", "tactic": "戦略"}
