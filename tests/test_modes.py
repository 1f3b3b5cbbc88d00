"""The widget's edit and puzzle modes, explain on demand, and the languages (Python side)."""

from __future__ import annotations

import pytest

from battleline import Game
from battleline.standard.claims import can_claim
from battleline.standard.editor import PositionDraft
from battleline.standard.puzzles import bundled
from battleline.standard.puzzles.session import PuzzleSession
from battleline.texts import claim_explanation, sentences
from battleline.widgets import BattleLineWidget, PositionEditor, PuzzleWidget

PUZZLES = bundled()


def first(kind: str):
    return next(p for p in PUZZLES if p.kind == kind)


def send(w, **msg):
    w._on_msg(None, msg)
    return w.view


# ------------------------------------------------------------------ editor

def test_editor_builds_a_position_by_intents_and_plays_it():
    ed = PositionEditor()
    send(ed, type="edit_place", card="R8", to="flag", flag=3, side="south")
    send(ed, type="edit_place", card="R9", to="flag", flag=3, side="south")
    send(ed, type="edit_place", card="R10", to="hand", player="south")
    send(ed, type="edit_place", card="Traitor", to="discard", player="north")
    v = send(ed, type="edit_place", card="B5", to="deck")
    e = v["editor"]
    assert e["message"] is None
    assert [c["id"] for c in e["flags"][2]["south"]] == ["R8", "R9"]
    assert [c["id"] for c in e["hands"]["south"]] == ["R10"]
    assert [c["id"] for c in e["deck_tops"]["troop"]] == ["B5"]
    assert e["tactics_played"] == {"north": 1, "south": 0}
    assert e["rest"] == {"troop": 56, "tactic": 9}
    placed = {x["card"]["id"]: x["placed"] for x in e["palette"]}
    assert len(placed) == 70 and placed["R8"] == "at flag 3 (south's side)" and placed["G1"] is None
    g = Game.from_position(e["text"])
    assert list(map(str, g.cards_at(3, 1))) == ["R8", "R9"] and str(g.deck("troop")[0]) == "B5"
    v = send(ed, type="edit_play", opponent=None)
    assert v["mode"] == "play" and v["can_edit"] and v["hot_seat"] and v["cover"]
    send(ed, type="reveal")
    send(ed, type="move", move="R10@3")
    assert list(map(str, ed.game.cards_at(3, 1))) == ["R8", "R9", "R10"]
    v = send(ed, type="edit")
    assert v["mode"] == "edit" and [c["id"] for c in v["editor"]["hands"]["south"]] == ["R10"]


@pytest.mark.parametrize("msg, words", [
    ({"type": "edit_place", "card": "G5", "to": "flag", "flag": 2, "side": "north"},
     "three is the most a side can hold without Mud"),
    ({"type": "edit_place", "card": "Q3", "to": "hand", "player": "north"}, "Q3"),
    ({"type": "edit_place", "card": "B1", "to": "flag", "flag": 11, "side": "north"}, "1 to 9"),
    ({"type": "edit_place", "card": "B1", "to": "table"}, "'to' must be"),
    ({"type": "edit_place", "card": "B1", "to": "hand", "player": "east"}, "north' or 'south"),
    ({"type": "edit_claim", "flag": 2, "player": "south"}, "not complete"),
    ({"type": "edit_set", "rules": "chess"}, "rules must be"),
    ({"type": "edit_load", "text": "battleline position 1\nturn south play\nflag 1: north R7 R7 | south -\n"}, "R7"),
    ({"type": "edit_play", "opponent": "grandmaster"}, "opponent must be"),
    ({"type": "move", "move": "R7@3"}, "not available in edit mode"),
    ({"type": "edit_place", "card": "G4", "to": "rest"}, ""),
])
def test_editor_refuses_bad_intents_and_changes_nothing(msg, words):
    d = PositionDraft()
    for c in ("G2", "G3", "G4"):
        d.place(c, flag=2, side=0)
    ed = PositionEditor(d)
    before = ed.draft.text()
    v = send(ed, **msg)
    if not words:  # the control: a good intent changes the draft
        assert v["editor"]["message"] is None and ed.draft.text() != before
        return
    assert v["editor"]["message"]["kind"] == "error"
    assert words in v["editor"]["message"]["text"]
    assert ed.draft.text() == before and v["mode"] == "edit"


def test_editor_moves_a_placed_card_all_or_nothing():
    ed = PositionEditor()
    for c in ("R1", "R2", "R3"):
        send(ed, type="edit_place", card=c, to="flag", flag=1, side="north")
    send(ed, type="edit_place", card="R4", to="hand", player="north")
    v = send(ed, type="edit_place", card="R4", to="flag", flag=1, side="north")  # full: refused
    assert v["editor"]["message"]["kind"] == "error"
    assert [c["id"] for c in v["editor"]["hands"]["north"]] == ["R4"]
    v = send(ed, type="edit_place", card="R4", to="flag", flag=2, side="north")
    assert [c["id"] for c in v["editor"]["flags"][1]["north"]] == ["R4"] and not v["editor"]["hands"]["north"]
    v = send(ed, type="edit_place", card="R4", to="rest")
    assert all(x["placed"] is None for x in v["editor"]["palette"] if x["card"]["id"] == "R4")


def test_editor_loads_and_exports_text_round_trip():
    p = first("win")
    ed = PositionEditor(p.position)
    text = ed.view["editor"]["text"]
    assert Game.from_position(text).position() == Game.from_position(p.position).position()
    ed2 = PositionEditor()
    v = send(ed2, type="edit_load", text=text)
    assert v["editor"]["text"] == text and v["editor"]["message"]["kind"] == "info"


def test_editor_load_says_what_it_leaves_out():
    g = Game(seed=4)
    g.play(next(m for m in g.legal_moves() if m.kind == "play"))  # now in the draw phase
    ed = PositionEditor()
    v = send(ed, type="edit_load", text=g.position())
    assert "draw phase" in v["editor"]["message"]["text"]


def test_editor_from_python_shows_the_scripted_draft():
    d = PositionDraft(to_move=0, rules="advanced")
    d.place("Fog", flag=5, side=1)
    v = PositionEditor(d).view["editor"]
    assert v["to_move"] == "north" and v["rules"] == "advanced"
    assert v["flags"][4]["env"][0]["card"]["id"] == "Fog" and v["flags"][4]["env"][0]["side"] == "south"


# ------------------------------------------------------------------ puzzles

def test_puzzle_mode_claims_wrong_then_right():
    p = first("claims")
    w = PuzzleWidget(p)
    assert w.view["legal"] == [] and w.view["puzzle"]["kind"] == "claims"
    wrong = [f for f in range(1, 10) if f not in p.answer["flags"]][:1]
    v = send(w, type="puzzle_answer", flags=wrong)
    assert v["puzzle"]["feedback"]["kind"] == "wrong" and v["puzzle"]["status"] == "solving"
    v = send(w, type="puzzle_answer", flags=p.answer["flags"])
    assert v["puzzle"]["feedback"]["kind"] == "right" and v["puzzle"]["status"] == "solved"


def test_puzzle_mode_move_wrong_is_taken_back_then_right():
    p = first("move")
    w = PuzzleWidget(p)
    before = w.game.position()
    wrong = next(m["text"] for m in w.view["legal"] if m["text"] != p.answer["move"])
    v = send(w, type="move", move=wrong)
    assert v["puzzle"]["feedback"]["kind"] == "wrong" and w.game.position() == before
    v = send(w, type="move", move=p.answer["move"])
    assert v["puzzle"]["status"] == "solved" and v["legal"] == []
    flag = int(p.answer["flag"])
    assert flag in w.game.provable_flags(w.session.seat)


@pytest.mark.slow
def test_puzzle_mode_win_played_out_against_the_defence():
    from battleline.standard.solver import solve
    for p in (x for x in PUZZLES if x.kind == "win"):
        s = PuzzleSession(p)
        while s.status == "solving":
            assert s.try_move(solve(s.game, s.turns_left).line[0])
        assert s.status == "solved" and s.game.outcome().winner == s.seat


def test_puzzle_win_wrong_move_names_a_defence():
    p = next(x for x in PUZZLES if x.kind == "win" and x.answer["turns"] >= 2)
    s = PuzzleSession(p)
    before = s.game.position()
    from battleline.standard.solver import Search
    wrong = None
    for m in s.legal_moves():
        if m.kind == "claim":
            continue
        s.game.push(m)
        ok = Search(s.seat, None, None).win(s.game, s.turns_left) is not None
        s.game.undo()
        if not ok:
            wrong = m
            break
    assert wrong is not None
    assert not s.try_move(wrong)
    assert s.feedback["kind"] == "wrong" and s.game.position() == before


@pytest.mark.slow
def test_puzzle_steps_reveal_the_solution():
    for p in PUZZLES:
        s = PuzzleSession(p)
        n = 0
        while s.can_step:
            s.step()
            n += 1
            assert n < 20
        assert s.status == "revealed" and s.steps
        if p.kind == "win":
            assert s.game.outcome().winner == s.seat
        if p.kind == "move":
            assert int(p.answer["flag"]) in s.game.provable_flags(s.seat)


def test_puzzle_widget_refuses_play_mode_intents():
    w = PuzzleWidget(first("move"))
    before = w.game.position()
    for msg in ({"type": "undo"}, {"type": "new_game"}, {"type": "puzzle_goto", "number": 99},
                {"type": "explain", "flag": 3}, {"type": "puzzle_answer", "flags": [1]}):
        v = send(w, **msg)
        assert v["puzzle"]["feedback"]["kind"] == "wrong", msg
        assert w.game.position() == before


def test_puzzle_goto_and_reset():
    w = PuzzleWidget()
    v = send(w, type="puzzle_goto", number=2)
    assert v["puzzle"]["number"] == 2 and v["puzzle"]["id"] == PUZZLES[1].id
    send(w, type="puzzle_step")
    v = send(w, type="puzzle_reset")
    assert v["puzzle"]["status"] == "solving" and v["puzzle"]["steps"] == []


# ------------------------------------------------------------------ explain

EXPLAIN = """battleline position 1
turn south play
flag 3: north Y8 | south R8 R9 R10
flag 5: north B7 B8 | south G3 G4 G5
hand north: G1 G2 Y1 Y2 Y3 O1 O2
hand south: B9 B10 P8 P9 P10 Alexander Scout
troop deck: rest seed 1
tactic deck: rest seed 2
"""


def test_explain_a_flag_in_plain_words():
    w = BattleLineWidget(game=Game.from_position(EXPLAIN), opponent="easy")
    v = send(w, type="explain", flag=5)
    ex = v["explain"]
    assert ex["flag"] == 5 and ex["holds"] is False
    assert [c["id"] for c in ex["counterexample"]] == ["B9"]
    assert any("Wedge 3-4-5" in line for line in ex["lines"])
    assert ex["counter_formation"].startswith("Wedge 7-8-9")
    assert not can_claim("G3 G4 G5", "B7 B8")
    v = send(w, type="explain", flag=3)
    assert v["explain"]["holds"] is True
    assert send(w, type="explain", flag=None)["explain"] is None


def test_explain_uses_only_what_the_viewer_may_know():
    """Two games that differ only in hidden cards explain every flag alike."""
    a = Game.from_position(EXPLAIN)
    b = Game.from_position(EXPLAIN.replace("hand north: G1 G2 Y1 Y2 Y3 O1 O2",
                                           "hand north: B3 B4 R1 R2 R3 O3 O4"))
    for f in range(1, 10):
        wa = BattleLineWidget(game=a.copy(), opponent="easy")
        wb = BattleLineWidget(game=b.copy(), opponent="easy")
        assert send(wa, type="explain", flag=f)["explain"] == send(wb, type="explain", flag=f)["explain"]


def test_explain_refused_during_an_unsolved_puzzle():
    w = PuzzleWidget(first("claims"))
    v = send(w, type="explain", flag=1)
    assert v["explain"] is None and v["puzzle"]["feedback"]["kind"] == "wrong"


# ------------------------------------------------------------------ languages

def test_catalogs_have_the_same_sentences():
    english, japanese = sentences("en"), sentences("ja")
    assert set(english) == set(japanese)
    for key in english:
        blanks_en = {p.split("}")[0] for p in english[key].split("{")[1:]}
        blanks_ja = {p.split("}")[0] for p in japanese[key].split("{")[1:]}
        assert blanks_ja <= blanks_en | {"s"}, key


def test_japanese_view_has_no_english_game_text():
    w = BattleLineWidget(game=Game.from_position(EXPLAIN), opponent="easy", lang="ja")
    send(w, type="explain", flag=5)
    send(w, type="move", move="claim 5")
    v = w.view

    def words(x):  # every text shown, not the keys nor the card ids
        if isinstance(x, dict):
            return " ".join(words(val) for key, val in x.items() if key not in ("id", "kind", "color"))
        if isinstance(x, list):
            return " ".join(words(val) for val in x)
        return x if isinstance(x, str) else ""
    text = words({k: v[k] for k in ("status", "log", "claim", "explain", "hand", "flags")})
    for english in ("Your", "Wedge", "Red", "claimed", "turn", "Not proved", "Alexander", "Elephants"):
        assert english not in text, english
    assert "赤8" in text and "くさび形隊形" in text and "アレクサンダー" in text


def test_scifi_names():
    w = BattleLineWidget(game=Game.from_position(EXPLAIN), opponent="easy", names="scifi")
    hand = {c["id"]: c for c in w.view["hand"]}
    assert hand["Alexander"]["name"] == "Vader" and hand["B9"]["title"] == "Blue 9: AT-ATs"


def test_claim_explanations_in_japanese_cover_every_case():
    cases = {
        "incomplete": ("R1 R2", "B1"),
        "beats": ("R8 R9 R10", "B1 B2 B4"),
        "beaten": ("B1 B2 B4", "R8 R9 R10"),
        "counter": ("G3 G4 G5", "B7 B8"),
        "reach": ("R8 R9 R10", "B1 B2"),
    }
    for case, (mine, theirs) in cases.items():
        r = can_claim(mine, theirs)
        assert r.case == case
        ja = claim_explanation(r, "ja")
        assert ja and not any(ch.isascii() and ch.isalpha() for ch in ja), ja


def test_unknown_language_or_name_set_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        BattleLineWidget(opponent="easy", lang="fr")
    with pytest.raises(ValueError, match="unknown name set"):
        BattleLineWidget(opponent="easy", names="fantasy")


# ------------------------------------------------------------------ publishing

def test_create_works_out_and_checks_the_answer(tmp_path):
    from battleline.standard.puzzles import PuzzleError, create, load, verify
    claims = create(EXPLAIN, "claims", "Which flags can south claim?")
    assert claims.answer == {"flags": [3]}
    move = first("move")
    p = create(move.position, "move", move.question, flag=int(move.answer["flag"]))
    assert p.answer == move.answer
    saved = load(p.save(tmp_path / "mine.json"))
    assert saved.answer == p.answer and verify(saved)
    with pytest.raises(PuzzleError, match="exactly one move"):
        create(EXPLAIN, "move", "?", flag=5)
    win = first("win")
    with pytest.raises(PuzzleError, match="the solver finds"):
        create(win.position, "win", "?", turns=win.answer["turns"] + 1)
    with pytest.raises(PuzzleError, match="position is invalid"):
        create("battleline position 1\nturn south play\nflag 1: north R7 R7 | south -\n", "claims", "?")


# ------------------------------------------------------------------ the lesson

def test_the_lesson_is_clicked_through_step_by_step_in_both_languages():
    from battleline.widgets import LessonWidget
    from battleline.standard.puzzles import lesson
    steps = lesson()
    assert [p.id for p in steps] == ["lesson-1-place-a-card", "lesson-2-a-tie", "lesson-3-build-a-formation",
                                     "lesson-4-the-order-of-formations", "lesson-5-prove-a-claim",
                                     "lesson-6-use-a-tactics-card", "lesson-7-the-tactics-limit",
                                     "lesson-8-win-the-game", "lesson-9-a-whole-turn"]
    for lang in ("en", "ja"):
        w = LessonWidget(lang=lang)
        for number, p in enumerate(steps, 1):
            v = send(w, type="puzzle_goto", number=number)
            assert v["puzzle"]["number"] == number and v["puzzle"]["title"] == p.text("title", lang)
            if p.kind == "claims":
                v = send(w, type="puzzle_answer", flags=p.answer["flags"])
            elif p.kind == "move":
                v = send(w, type="move", move=p.answer["move"])
            else:
                first = ["R9@3", "draw troop"] if p.answer["turns"] == 2 else []
                for move in first + ["R10@3", "claim 3"]:
                    v = send(w, type="move", move=move)
            assert v["puzzle"]["status"] == "solved", (lang, p.id, v["puzzle"]["feedback"])


def test_a_wrong_click_in_the_lesson_is_judged_and_taken_back():
    from battleline.widgets import LessonWidget
    w = LessonWidget()
    before = w.game.position()
    v = send(w, type="move", move="B1@5")
    assert v["puzzle"]["feedback"]["kind"] == "wrong" and v["puzzle"]["status"] == "solving"
    assert w.game.position() == before


def test_every_lesson_step_is_verified_by_the_engine():
    from battleline.standard.puzzles import lesson, verify
    for p in lesson():
        verify(p)
