"""Languages: every error a player can meet has words in Japanese, the Japanese view holds
no English game text, and the language and name set switch while the widget runs."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from battleline import Game
from battleline.cards import ALL_CARDS
from battleline.standard.editor import PositionDraft
from battleline.errors import RuleError
from battleline.standard.moves import Move
from battleline.standard.puzzles import PuzzleError, bundled, parse
from battleline.texts import RULES, claim_explanation, error_text
from battleline.widgets import BattleLineWidget, PositionEditor, PuzzleWidget

SRC = Path(__file__).resolve().parents[1] / "src" / "battleline"
ERRORS = {"IllegalMoveError", "InvalidMoveError", "PositionError"}
LATIN = re.compile(r"[A-Za-z]{2,}")


def send(w, **msg):
    w._on_msg(None, msg)
    return w.view


def japanese(text: str) -> bool:
    return bool(text) and not LATIN.search(text)


# ------------------------------------------------------------------ every rule has words

def _raised_rules(path: Path) -> list[tuple[int, str | None]]:
    """(line, rule) of every ``raise X(...)`` of an engine error in a module; rule None when
    the raise names none (a rule held in a variable counts as named)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and \
                getattr(node.exc.func, "id", None) in ERRORS:
            kw = {k.arg: k.value for k in node.exc.keywords}
            rule = kw.get("rule")
            out.append((node.lineno, rule.value if isinstance(rule, ast.Constant) else
                        ("<variable>" if rule is not None else None)))
    return out


@pytest.mark.parametrize("module", ["standard/game.py", "standard/moves.py", "standard/notation.py", "standard/editor.py", "widgets/standard/shell.py",
                                    "widgets/standard/play.py", "widgets/standard/puzzle.py", "standard/puzzles/session.py"])
def test_every_engine_error_names_a_rule_with_japanese_words(module):
    raised = _raised_rules(SRC / module)
    assert raised, module
    for line, rule in raised:
        assert rule is not None, f"{module}:{line} raises without a rule"
        assert rule == "<variable>" or rule in RULES, f"{module}:{line}: {rule} has no Japanese words"


def test_every_reason_why_a_move_is_illegal_has_japanese_words():
    # Game's rules live in one module per concept: read them all.
    keys = set()
    for fn in (node for path in sorted((SRC / "standard").glob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))):
        if isinstance(fn, ast.FunctionDef) and (fn.name.lstrip("_").startswith("why_") or fn.name == "_claim_timing_error"):
            for node in ast.walk(fn):
                if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
                    first = node.value.elts[0]
                    assert isinstance(first, ast.Constant), ast.dump(node)
                    keys.add(first.value)
    assert len(keys) > 20 and keys <= RULES, keys - RULES


def _universe(g: Game) -> list[Move]:
    """Moves worth trying anywhere: every card at every flag, Guile moves, draws, claims."""
    moves = [Move.claim(f) for f in range(1, 10)] + [Move.draw("troop"), Move.draw("tactic"),
                                                      Move("pass"), Move("end"), Move.scout()]
    for c in ALL_CARDS:
        if not c.is_guile:
            moves += [Move.play(c, f) for f in (1, 5, 9)]
        moves += [Move.redeploy(c, 2), Move.redeploy(c, None), Move.deserter(c), Move.traitor(c, 4),
                  Move.return_card(c)]
    return moves


def test_illegal_moves_in_many_positions_are_said_in_japanese():
    rng = random.Random(7)
    seen: set[str] = set()
    for seed in range(4):
        g = Game(seed=seed, rules="advanced" if seed % 2 else "standard")
        for step in range(120):
            if g.is_over():
                break
            if step % 12 == 0:
                for m in _universe(g):
                    try:
                        g.play(m)        # a refused move leaves the game as it was
                        g.undo()
                    except RuleError as e:
                        assert e.rule in RULES or e.rule == "claim-failed", (str(e), e.rule)
                        ja = error_text(e, "ja")
                        assert japanese(ja), (str(e), ja)
                        assert error_text(e, "en") == str(e)
                        seen.add(e.rule)
            g.play(rng.choice(g.legal_moves()))
    for text in ("R7 at", "claim 10", "Fog@@", "x" * 5000):
        with pytest.raises(RuleError) as e:
            Game(seed=1).play(text)
        ja = error_text(e.value, "ja")   # the player's own text is quoted, cut short
        assert japanese(re.sub(r"「[^」]*」", "", ja)) and len(ja) < 80, ja
    # the common rules all showed up
    assert {"not-in-hand", "claim-failed", "play-first", "flag-claimed", "not-your-card",
            "not-their-card", "tactics-limit", "already-played"} <= seen, seen


@pytest.mark.slow
def test_position_editor_refusals_are_said_in_japanese():
    rng = random.Random(3)
    cards = [str(c) for c in ALL_CARDS]
    seen = set()
    for trial in range(80):
        d = PositionDraft(to_move=1)
        for _ in range(40):
            card = rng.choice(cards)
            where = rng.choice([{"flag": rng.randint(1, 4), "side": rng.randint(0, 1)},
                                {"hand": rng.randint(0, 1)}, {"discard": rng.randint(0, 1)},
                                {"deck_top": True}])
            try:
                if rng.random() < 0.1:
                    d.claim(rng.randint(1, 9), rng.randint(0, 1))
                elif rng.random() < 0.05:
                    d.remove(card)
                else:
                    d.place(card, **where)
            except RuleError as e:
                assert e.rule in RULES, (str(e), e.rule)
                assert japanese(error_text(e, "ja")), (str(e), error_text(e, "ja"))
                seen.add(e.rule)
    assert {"already-placed", "side-full-three", "claim-incomplete", "hand-seven"} <= seen, seen


# ------------------------------------------------------------------ the Japanese view

SKIP_KEYS = {"id", "kind", "color", "phase", "rules", "mode", "lang", "names", "legal", "last",
             "reason", "level", "winner", "to_move", "side", "claimed", "opponents", "options",
             "default_opponent", "record", "record_file", "seat", "state"}
STATUS_ENUM = {"solving", "solved", "revealed"}


def shown_text(x, key=None) -> list[str]:
    """Every text of a view a player reads (not ids, enums, notation nor move texts)."""
    if isinstance(x, dict):
        out = []
        for k, v in x.items():
            if k in SKIP_KEYS or (k == "text" and key in ("editor", "claim_buttons")):  # notation
                continue
            out += shown_text(v, k)
        return out
    if isinstance(x, list):
        return [t for v in x for t in shown_text(v, key)]
    if isinstance(x, str) and not (key == "status" and x in STATUS_ENUM):
        return [x]
    return []


def assert_japanese(view):
    for text in shown_text(view):
        text = re.sub(r"「[^」]*」", "", text)   # the player's own input, quoted
        assert not LATIN.search(text), text


def test_the_japanese_play_view_holds_no_english_game_text():
    w = BattleLineWidget(opponent="easy", seed=4, bot_seed=4, lang="ja")
    rng = random.Random(1)
    for turn in range(25):
        if w.game.is_over():
            break
        send(w, type="move", move="claim 1")            # usually refused: a claim box
        assert_japanese(w.view)
        send(w, type="move", move="Traitor R1@3")       # refused: an error message
        assert_japanese(w.view)
        send(w, type="explain", flag=rng.randint(1, 9))
        assert_japanese(w.view)
        legal = [m["text"] for m in w.view["legal"]]
        send(w, type="move", move=rng.choice(legal))
        assert_japanese(w.view)
    send(w, type="undo")
    assert_japanese(w.view)
    assert any("あなた" in line for line in w.view["log"])


def test_the_japanese_editor_view_holds_no_english_game_text():
    ed = PositionEditor(lang="ja")
    for msg in [dict(type="edit_place", card="R8", to="flag", flag=3, side="south"),
                dict(type="edit_place", card="R9", to="deck"),
                dict(type="edit_place", card="R9", to="flag", flag=3, side="south"),
                dict(type="edit_place", card="R10", to="flag", flag=3, side="south"),
                dict(type="edit_place", card="R1", to="flag", flag=3, side="south"),  # side full
                dict(type="edit_claim", flag=3, player="south"),                  # incomplete
                dict(type="edit_place", card="Nope", to="hand", player="north"),  # no such card
                dict(type="edit_load", text="battleline position 1\nturn sideways\n")]:
        v = send(ed, **msg)
        assert_japanese(v)
    assert v["editor"]["message"]["kind"] == "error"


def test_what_the_editor_leaves_out_is_said_in_japanese():
    g = Game(seed=4)
    g.play(next(m for m in g.legal_moves() if m.kind == "play"))  # now in the draw phase
    v = send(PositionEditor(lang="ja"), type="edit_load", text=g.position())
    assert v["editor"]["message"]["kind"] == "info" and "カードを引く段階" in v["editor"]["message"]["text"]
    assert_japanese(v)
    from battleline.texts.standard import _DROPPED_JA
    phases = {"play", "draw", "scout-draw", "scout-return", "over"}
    assert {f"the {p} phase" for p in phases - {"play"}} | {"Scout marks", "the idle-turn count"} \
        == set(_DROPPED_JA)


@pytest.mark.parametrize("puzzle", bundled(), ids=lambda p: p.id)
def test_the_japanese_puzzle_view_holds_no_english_game_text(puzzle):
    w = PuzzleWidget(puzzle, lang="ja")
    assert_japanese(w.view)
    assert w.view["puzzle"]["question"] == puzzle.text("question", "ja") != puzzle.question
    if puzzle.kind == "claims":
        send(w, type="puzzle_answer", flags=[9])
    else:
        send(w, type="move", move="claim 9")
    assert_japanese(w.view)
    send(w, type="puzzle_step")
    assert_japanese(w.view)


# ------------------------------------------------------------------ switching

def _play(w, moves: int = 12, seed: int = 2):
    rng = random.Random(seed)
    for _ in range(moves):
        if w.game.is_over():
            break
        send(w, type="move", move="claim 4")
        send(w, type="move", move=rng.choice([m["text"] for m in w.view["legal"]]))
    send(w, type="move", move="Traitor R1@3")
    send(w, type="explain", flag=4)


def test_switching_the_language_rewords_the_whole_view():
    en = BattleLineWidget(opponent="medium", seed=6, bot_seed=1)
    ja = BattleLineWidget(opponent="medium", seed=6, bot_seed=1, lang="ja")
    _play(en)
    _play(ja)
    english = en.view
    assert english["lang"] == "en" and english["message"] and english["explain"]
    en.lang = "ja"
    assert en.view == ja.view
    en.lang = "en"
    assert en.view == english


def test_switching_the_language_in_puzzle_and_edit_modes():
    p = next(p for p in bundled() if p.kind == "claims")
    a, b = PuzzleWidget(p), PuzzleWidget(p, lang="ja")
    for w in (a, b):
        send(w, type="puzzle_answer", flags=[9])
        send(w, type="move", move="R1@1")   # refused in a claims puzzle
    a.lang = "ja"
    assert a.view == b.view
    a, b = PositionEditor(), PositionEditor(lang="ja")
    for w in (a, b):
        send(w, type="edit_place", card="R8", to="flag", flag=3, side="south")
        send(w, type="edit_claim", flag=3, player="south")
    a.lang = "ja"
    assert a.view == b.view and a.view["editor"]["message"]["text"].startswith("フラッグ3は南")


def test_the_browser_switches_language_and_name_set_by_message():
    w = BattleLineWidget(opponent="easy", seed=3)
    v = send(w, type="language", lang="ja")
    assert w.lang == "ja" and v["lang"] == "ja" and japanese(v["status"])
    v = send(w, type="language", names="scifi")
    assert w.names == "scifi" and v["names"] == "scifi"
    for bad in (dict(lang="fr"), dict(names="/etc/passwd.json"), dict(names={"troops": {}})):
        before = w.view
        v = send(w, type="language", **bad)
        assert v["message"]["kind"] == "error" and (w.lang, w.names) == ("ja", "scifi")
        assert {k: x for k, x in v.items() if k != "message"} == \
               {k: x for k, x in before.items() if k != "message"}


def test_a_bad_language_or_name_set_from_python_changes_nothing():
    w = BattleLineWidget(opponent="easy", seed=3)
    before = w.view
    with pytest.raises(ValueError, match="language"):
        w.lang = "fr"
    with pytest.raises(ValueError, match="'troop'"):
        w.names = {"troop": {}}
    with pytest.raises(ValueError):
        w.set_language("ja", names="klingon")
    assert (w.lang, w.names) == ("en", "ancient") and w.view == before


def test_a_teachers_name_set_names_every_card_formation_and_label():
    names = {"name": "forest", "troops": {str(v): f"Tree {v}" for v in range(1, 11)},
             "tactics": {t: f"{t}wood" for t in ("Alexander", "Darius", "Companion", "Shield", "Fog",
                                                 "Mud", "Scout", "Redeploy", "Deserter", "Traitor")},
             "labels": {"Alexander": "Alx"},
             "formations": {"wedge": "Arrow", "phalanx": "Wall", "battalion": "Clan",
                            "skirmish": "Line", "host": "Crowd"}}
    pos = Game(seed=9)
    w = BattleLineWidget(game=Game.from_position(pos.position()), opponent="easy", bot_seed=2, names=names)
    _play(w, 30, seed=5)
    v = w.view
    assert v["names"] == "forest"
    cards = [c for c in v["hand"]] + [c for f in v["flags"] for c in f["mine"] + f["theirs"]]
    for c in cards:
        if c["kind"] == "troop":
            assert c["title"].endswith(f"Tree {c['value']}")
        else:
            assert c["name"].endswith("wood") and (c["label"] == "Alx" or c["label"].endswith("wood"))
    forms = [f[k] for f in v["flags"] for k in ("my_formation", "their_formation") if f[k]]
    assert forms and all(f.split()[0] in {"Arrow", "Wall", "Clan", "Line", "Crowd", "total"} for f in forms)
    w.names = "ancient"
    assert w.view["names"] == "ancient"


# ------------------------------------------------------------------ puzzle files

def test_puzzle_titles_and_questions_in_several_languages_round_trip():
    p = bundled()[0]
    again = parse(p.to_json())
    assert again.text("question", "ja") == p.text("question", "ja") and again.question == p.question
    old = p.to_json().replace('"ja"', '"xx"')   # a language the widget does not know: English
    assert parse(old).text("question", "ja") == p.question
    plain = re.sub(r'"question": \{[^}]*\}', '"question": "Which flags?"', p.to_json())
    assert parse(plain).question == "Which flags?" and parse(plain).text("question", "ja") == "Which flags?"
    for bad in ('{"ja": "どれ？"}', '{"en": 5}', '{"en": "x", "ja": ["y"]}', '{"en": "x", "e n": "y"}'):
        text = re.sub(r'"question": \{[^}]*\}', f'"question": {bad}', p.to_json())
        with pytest.raises(PuzzleError, match="question"):
            parse(text)


# ------------------------------------------------------------------ hints, not answers

CLAIMS = [p for p in bundled() if p.kind == "claims"]


@pytest.mark.parametrize("puzzle", CLAIMS, ids=lambda p: p.id)
def test_a_wrong_claims_answer_gives_a_hint_not_the_solution(puzzle):
    want = sorted(puzzle.answer["flags"])
    w = PuzzleWidget(puzzle)
    g = w.game
    full = [f for f in range(1, 10) if g.claimed_by(f) is None and len(g.cards_at(f, g.to_move)) >= g.required(f)]
    wrong = [f for f in full if f not in want]
    tries = [[], want[:-1] + wrong[:1], wrong] if want else [wrong[:1] or [9], wrong]
    for n, picks in enumerate(t for t in tries if sorted(t) != want):
        v = send(w, type="puzzle_answer", flags=picks)
        p = v["puzzle"]
        assert p["feedback"]["kind"] == "wrong" and p["status"] == "solving", p["feedback"]
        assert p["can_show_solution"] and p["tries"] == n + 1 and p["steps"] == []
        text = p["feedback"]["text"]
        for f in want:                                   # no flag of the answer is named
            assert f"flag {f}" not in text.lower() and f"Flag {f}" not in text, (f, text)
        missed = len([f for f in want if f not in picks])
        if missed:
            assert f"left out {missed} flag" in text
        if any(f not in want for f in picks):
            assert "cannot be claimed now" in text
    v = send(w, type="puzzle_solution")                  # only now, on request
    p = v["puzzle"]
    assert p["status"] == "revealed" and p["feedback"]["kind"] == "info"
    assert not p["can_show_solution"] and not p["can_step"]
    for f in want:
        assert f"Flag {f} can be claimed" in p["feedback"]["text"]
    again = send(w, type="puzzle_answer", flags=want)   # over: refused, nothing changes
    assert again["puzzle"]["status"] == "revealed"


def test_a_second_try_can_still_solve_it_and_the_hint_is_japanese_in_japanese():
    p = CLAIMS[0]
    w = PuzzleWidget(p, lang="ja")
    v = send(w, type="puzzle_answer", flags=[9])
    assert v["puzzle"]["feedback"]["kind"] == "wrong"
    assert_japanese(v)
    v = send(w, type="puzzle_answer", flags=p.answer["flags"])
    assert v["puzzle"]["status"] == "solved" and not v["puzzle"]["can_show_solution"]


def test_show_solution_is_for_claims_puzzles():
    move = next(p for p in bundled() if p.kind == "move")
    w = PuzzleWidget(move)
    v = send(w, type="puzzle_solution")
    assert v["puzzle"]["status"] == "solving" and v["puzzle"]["feedback"]["kind"] == "wrong"
    assert not v["puzzle"]["can_show_solution"]


@pytest.mark.parametrize("games", [4, pytest.param(8, marks=pytest.mark.slow)])
def test_english_claim_words_are_the_engines_own_for_the_rulebook_names(games):
    rng = random.Random(11)
    cases = set()
    for seed in range(games):
        g = Game(seed=seed)
        for _ in range(150):
            if g.is_over():
                break
            for f in range(1, 10):
                for p in (0, 1):
                    r = g.check_claim(f, p)
                    assert claim_explanation(r, "en") == r.explanation, (r.case, r.explanation)
                    cases.add(r.case)
            g.play(rng.choice(g.legal_moves()))
    assert {"incomplete", "beats", "beaten", "counter", "reach", None} <= cases, cases
