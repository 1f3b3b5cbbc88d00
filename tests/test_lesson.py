"""The first lesson teaches what a new player needs for a real game (issue 40): the turn, the
tie rule, the Tactics limit and every formation's name, each in a step the engine checks, in
clean positions and in the board's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from battleline import texts
from battleline.names import name_set
from battleline.standard.puzzles import lesson, verify
from battleline.widgets import LessonWidget

STEPS = {p.id.split("-", 2)[2]: p for p in lesson()}
I18N_JS = Path(__file__).parents[1] / "js" / "i18n.js"


def send(w, **msg):
    w._on_msg(None, msg)
    return w.view


def open_step(slug: str, lang: str = "en") -> LessonWidget:
    w = LessonWidget(lang=lang)
    send(w, type="puzzle_goto", number=[p.id for p in lesson()].index(STEPS[slug].id) + 1)
    return w


def test_a_step_teaches_the_turn_play_a_card_then_draw():
    """A two-turn win: the card played leaves the learner to draw (the puzzle waits for it),
    the hand is seven again, the opponent answers, and the second card wins."""
    p = STEPS["a-whole-turn"]
    assert p.kind == "win" and p.answer == {"turns": 2}
    verify(p)
    for lang, words in (("en", ("play one card", "draw one")), ("ja", ("1枚出し", "1枚引いて"))):
        assert all(w in p.text("question", lang) for w in words), lang
    w = open_step("a-whole-turn")
    v = send(w, type="move", move="R9@3")
    assert v["puzzle"]["status"] == "solving" and w.game.phase == "draw" and w.game.to_move == 1
    assert {m["text"] for m in v["legal"]} >= {"draw troop", "draw tactic"}
    assert not any(m["text"].endswith("@3") for m in v["legal"]), "one card a turn"
    v = send(w, type="move", move="draw troop")
    assert len(w.game.hand(1)) == 7 and w.game.to_move == 1 and w.game.phase == "play", \
        "the opponent answered and it is the learner's turn again"
    send(w, type="move", move="R10@3")
    v = send(w, type="move", move="claim 3")
    assert v["puzzle"]["status"] == "solved", v["puzzle"]["feedback"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_step_teaches_the_tie_rule_that_steps_1_and_6_rely_on(lang):
    """Steps 1 and 6 are won by a tie ("a tie, and they would play the last card"); step 2
    teaches it, and its only winning card is the one that ties."""
    p = STEPS["a-tie"]
    assert verify(p).endswith("Y9@4 is the only move that wins flag 4")
    assert ("tie" if lang == "en" else "同点") in p.text("question", lang)
    assert "last" in p.text("question") and "後に" in p.text("question", "ja")
    w = open_step("a-tie", lang)
    v = send(w, type="move", move="Y9@4")
    assert v["puzzle"]["status"] == "solved"
    assert w.game.check_claim(4, 1).case == "reach-tie"
    ids = [q.id for q in lesson()]
    for later in ("place-a-card", "use-a-tactics-card"):
        g = STEPS[later].game()
        g.play(g.parse_move(STEPS[later].answer["move"]))
        assert g.check_claim(STEPS[later].answer["flag"], 1).case == "reach-tie", later
    assert ids.index(p.id) == 1, "taught right after the first step, whose explanation names the tie"


def test_a_step_teaches_the_tactics_limit():
    """South has played one Tactics card and North none: the Leader in hand may not be played,
    and the one winning move is a troop."""
    p = STEPS["the-tactics-limit"]
    assert verify(p).endswith("R7@1 is the only move that wins flag 1")
    g = p.game()
    assert "Alexander" in [str(c) for c in g.hand(1)] and not g.can_play_tactic(1)
    assert not any(m.card is not None and m.card.is_tactic for m in g.legal_moves(claims=False))
    assert "more Tactics cards than your opponent" in p.text("question")
    assert "相手より多く出していない" in p.text("question", "ja")
    w = open_step("the-tactics-limit")
    v = send(w, type="move", move="Alexander@1")
    assert v["puzzle"]["feedback"]["kind"] == "wrong" and v["puzzle"]["status"] == "solving"
    assert "Alexander" in [str(c) for c in w.game.hand(1)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lesson_names_every_formation_as_the_board_does(lang):
    """Battalion Order and Skirmish Line get a step of their own (a Battalion Order beats a
    Skirmish Line of a higher total); every formation is named in the lesson by the name the
    board uses (names.py), and no other name stands for one."""
    p = STEPS["the-order-of-formations"]
    assert verify(p) == "lesson-4-the-order-of-formations: claimable flags [2]"
    g = p.game()
    assert g.check_claim(2, 1) and not g.check_claim(8, 1)
    formations = name_set("ancient", lang).formations
    assert all(formations[k] in p.text("question", lang) for k in ("battalion", "skirmish"))
    words = " ".join(q.text("question", lang) for q in lesson())
    for kind in ("wedge", "phalanx", "battalion", "skirmish", "host"):
        assert formations[kind] in words, (lang, kind)
    assert not re.search("ファランクス|ホスト", words)


def test_the_lesson_says_tactics_cards_in_japanese_as_the_board_does():
    """The board (js/i18n.js) says 戦略カード; so does every Japanese text of the lesson."""
    board = I18N_JS.read_text(encoding="utf-8")
    assert "戦略カード" in board and "戦術カード" not in board
    ja = " ".join(q.text("title", "ja") + q.text("question", "ja") for q in lesson())
    assert "戦略カード" in ja and "戦術" not in ja


def test_the_lesson_positions_hold_only_the_cards_they_need():
    """No step fills a discard pile with the rest of the cards (the old last step showed 43
    discards): at most a few, and the win steps keep their decks."""
    for p in lesson():
        g = p.game()
        assert len(g.discards(0)) + len(g.discards(1)) <= 3, (p.id, len(g.discards(0)), len(g.discards(1)))


def test_the_last_step_points_to_a_real_game_in_both_languages():
    """Once the last step is solved the panel names a real game to play next; not before."""
    n = len(lesson())
    for lang in ("en", "ja"):
        w = LessonWidget(lang=lang)
        assert w.view["puzzle"]["finale"] is None
        v = send(w, type="puzzle_goto", number=n)
        assert v["puzzle"]["finale"] is None
        for move in ("R9@3", "draw troop", "R10@3", "claim 3"):
            v = send(w, type="move", move=move)
        assert v["puzzle"]["status"] == "solved"
        assert 'BattleLineWidget(opponent="easy")' in v["puzzle"]["finale"]
        assert v["puzzle"]["finale"] == texts.say(lang, "pz_lesson_done")
        v = send(w, type="puzzle_reset")
        assert v["puzzle"]["finale"] is None


def test_a_puzzle_collection_has_no_lesson_finale():
    from battleline.widgets import PuzzleWidget
    p = STEPS["win-the-game"]
    w = PuzzleWidget(p)
    send(w, type="move", move="R10@3")
    v = send(w, type="move", move="claim 3")
    assert v["puzzle"]["status"] == "solved" and v["puzzle"]["finale"] is None
