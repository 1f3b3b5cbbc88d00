"""Replay, review, hints, and saving and loading, in both games' widgets (issue 32).

The analysis itself (``battleline.<game>.reviewing``) is replaced by a small fake with the
same API, so that these tests check the widget: positions rebuilt from the record, what the
view may show, the stream of a review and its cancelling, hints and the record.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from types import SimpleNamespace

import pytest
from util import run_async

from battleline import AncientBattlesWidget, BattleLineWidget, Game
from battleline.ancient import AncientGame
from battleline.widgets.study import AnalysisRunner, ReviewProgress


def decision(index, seat, played, best, label="good", mark="", chance=0.5):
    return SimpleNamespace(index=index, seat=seat, played=played, best=best, chance_played=chance,
                           chance_best=0.7, loss=0.7 - chance, label=label, mark=mark,
                           reason="It keeps flag 2 open.", reason_ja="フラッグ2を空けておけます。", flags=[2])


class FakeAnalysis:
    """``iter_review`` and ``hint`` as the analysis API gives them. ``delay``: seconds each
    decision takes; ``closed`` is set when the review's generator is closed (cancelled)."""

    def __init__(self, delay: float = 0.0):
        self.delay = delay
        self.closed = threading.Event()
        self.decided = 0
        self.hints = 0

    def iter_review(self, game, seat=None, *, budget=None, seed=0):
        try:
            moves = game.history() if isinstance(game, Game) else ancient_history(game)
            for i, (player, move) in enumerate(moves):
                if seat is not None and player != seat:
                    continue
                time.sleep(self.delay)
                self.decided += 1
                bad = i % 3 == 0
                yield decision(i, player, str(move), str(move),
                               label="mistake" if bad else "good", mark="?" if bad else "", chance=0.4)
        finally:
            self.closed.set()

    def hint(self, game, *, budget=None, seed=0):
        self.hints += 1
        time.sleep(self.delay)
        if isinstance(game, Game):
            best = str(next(m for m in game.legal_moves() if m.kind != "claim"))
        else:
            best = str(game.legal_actions()[0])
        return decision(0, None, None, best, label="best")


def ancient_history(game):
    """``(side, action)`` for every action of an Ancient battle."""
    g = AncientGame.from_record(game.record())
    actions = g.actions_played
    for _ in actions:
        g.undo()
    out = []
    for a in actions:
        out.append((g.to_act, a))
        g.play(a)
    return out


def finished_game(seed=4):
    """A Battle Line game played to its end by the widget (the human plays first moves)."""
    w = BattleLineWidget(opponent="easy", seed=seed, bot_seed=1)
    while not w.game.is_over():
        w.play(w.view["legal"][0]["text"])
    # every position the engine went through, in move order
    g = Game.from_record(w.game.record())
    moves = g.moves
    for _ in moves:
        g.undo()
    positions = [g.position()]
    for m in moves:
        g.play(m)
        positions.append(g.position())
    return w, positions


# ------------------------------------------------------------------ Battle Line: replay
def test_replay_positions_are_the_engines_positions_at_every_index():
    w, positions = finished_game()
    w.replay()
    assert w.mode == "replay" and w.view["replay"]["total"] == len(positions) - 1
    replay = w.replay_mode.replay
    for i in (len(positions) - 1, 0, 7, 3, len(positions) // 2):   # forward, back, jumps
        w.goto(i)
        assert replay.position(i).position() == positions[i]
        g = Game.from_position(positions[i])
        hand = [c["id"] for c in w.view["hand"]]
        assert sorted(hand) == sorted(str(c) for c in g.hand(w.seat))   # the reviewing seat's hand
        assert w.view["replay"]["index"] == i


def test_replay_shows_no_hidden_card_until_the_hands_are_opened():
    w, positions = finished_game(seed=9)
    w.replay()
    opp = 1 - w.seat
    w.goto(10)
    g = Game.from_position(positions[10])
    secret = {str(c) for c in g.hand(opp)}
    board = json.dumps({k: v for k, v in w.view.items() if k != "replay"})   # the position on screen
    assert secret and not any(f'"{c}"' in board for c in secret)
    drew = [m["text"] for m in w.view["replay"]["moves"] if not m["mine"] and "drew" in m["text"]]
    assert drew and all("(" not in line for line in drew)       # the bot's draws stay unnamed
    w.handle_message({"type": "replay_hands", "open": True})
    assert {c["id"] for c in w.view["opponent_known"]} == {str(c) for c in g.hand(opp)}
    assert any("(" in m["text"] for m in w.view["replay"]["moves"] if not m["mine"] and "drew" in m["text"])


def test_hands_stay_closed_in_a_replay_of_an_unfinished_game_never_offered():
    w = BattleLineWidget(opponent="easy", seed=2)
    with pytest.raises(ValueError, match="once it is over"):
        w.replay()
    assert w.mode == "play" and "replay" not in w.view


def test_replay_keys_and_bad_indexes_are_refused_by_name():
    w, positions = finished_game()
    w.replay()
    w._on_msg(None, {"type": "replay_goto", "index": 9999})
    assert "0 to" in w.view["message"]["text"] and w.view["replay"]["index"] == len(positions) - 1
    w._on_msg(None, {"type": "move", "move": "R1@1"})
    assert "not available in replay mode" in w.view["message"]["text"]
    w._on_msg(None, {"type": "replay_close"})
    assert w.mode == "play" and w.game.is_over()


# ------------------------------------------------------------------ Battle Line: save and load
def test_save_then_load_round_trips_a_record_and_a_position():
    w, positions = finished_game()
    w._on_msg(None, {"type": "save"})
    text = w.view["study"]["record"]
    assert text == w.game.record()
    other = BattleLineWidget(opponent="easy", seed=1)
    other._on_msg(None, {"type": "load", "text": text})
    assert other.mode == "replay" and other.record() == text
    assert other.replay_mode.replay.position(len(positions) - 1).position() == positions[-1]
    assert other.view["message"]["kind"] == "info"
    # a position is played on from: you take the side to move
    start = Game(seed=12)
    other._on_msg(None, {"type": "load", "text": start.position()})
    assert other.mode == "play" and other.game.position() == start.position()
    assert other.seat == start.to_move and other.view["my_turn"]


def test_the_record_is_offered_only_once_the_game_is_over():
    w = BattleLineWidget(opponent="easy", seed=3)
    w._on_msg(None, {"type": "save"})
    assert w.view["study"]["record"] is None and w.view["message"]["kind"] == "error"
    assert not w.view["study"]["record_available"]


def test_a_bad_paste_changes_nothing():
    w = BattleLineWidget(opponent="easy", seed=3)
    before = w.game.position()
    for text in ("", "hello", '{"format": "battleline-record", "version": 1, "start": "x", "moves": []}'):
        w._on_msg(None, {"type": "load", "text": text})
        assert w.view["message"]["kind"] == "error" and w.mode == "play" and w.game.position() == before


# ------------------------------------------------------------------ Battle Line: hints
def test_a_hint_shows_the_preferred_move_and_is_counted_in_the_result():
    w = BattleLineWidget(opponent="easy", seed=6, bot_seed=2)
    w.study.analyst = FakeAnalysis()
    shown = w.hint()
    assert shown["move"]["kind"] == "play" and "Hint:" in shown["text"] and "flag 2" in shown["text"]
    w.play(shown["move"]["text"])
    assert w.view["study"]["hint"] is None            # a hint is for its own position only
    w.play(w.view["legal"][0]["text"])                # the draw
    w.hint()
    while not w.game.is_over():
        w.play(w.view["legal"][0]["text"])
    assert w.view["result"]["text"].endswith("(with 2 hints)")
    w.lang = "ja"
    assert "ヒント2回" in w.view["result"]["text"]


def test_no_hint_on_the_bots_turn_or_once_the_game_is_over():
    w, _ = finished_game()
    w.study.analyst = FakeAnalysis()
    w._on_msg(None, {"type": "hint"})
    assert w.view["message"]["kind"] == "error" and w.study.analyst.hints == 0


# ------------------------------------------------------------------ Battle Line: review
def test_a_review_marks_the_moves_and_shows_the_better_move():
    w, positions = finished_game()
    w.replay()
    w.replay_mode.analyst = FakeAnalysis()
    w._on_msg(None, {"type": "review_start"})
    review = w.view["replay"]["review"]
    assert review["state"] == "done" and review["done"] == review["total"] > 0
    marked = [m for m in w.view["replay"]["moves"] if m["mark"]]
    assert marked and all(m["mine"] for m in marked)        # the human's seat only, against a bot
    first = marked[0]["index"]
    w.goto(first + 1)
    d = w.view["replay"]["decision"]
    assert d["mark"] == "?" and d["better"].startswith("Better:") and w.view["replay"]["better"]["kind"]
    assert [p["index"] for p in review["points"]] == sorted(p["index"] for p in review["points"])
    w.lang = "ja"
    assert "より良い手" in w.view["replay"]["decision"]["better"]


def test_the_review_streams_in_the_background_and_can_be_cancelled():
    w, _ = finished_game()
    fake = FakeAnalysis(delay=0.05)

    async def run():
        w.play_mode.background_bot = True
        w.study.runner.background = True
        w.replay()
        w.replay_mode.runner.background = True
        w.replay_mode.analyst = fake
        w._on_msg(None, {"type": "review_start"})
        assert w.view["replay"]["review"]["state"] == "running"      # the kernel is free meanwhile
        for _ in range(200):
            await asyncio.sleep(0.02)
            if w.view["replay"]["review"]["done"] >= 2:
                break
        streamed = w.view["replay"]["review"]
        assert 2 <= streamed["done"] < streamed["total"] and streamed["state"] == "running"
        w._on_msg(None, {"type": "review_stop"})
        await asyncio.sleep(0.3)
        return streamed["total"]

    total = run_async(run, timeout=180)
    assert fake.closed.wait(2)                   # the analysis' generator was closed
    review = w.view["replay"]["review"]
    assert review["state"] == "stopped" and review["done"] < total and fake.decided < total
    assert "stopped" in review["status"]


def test_the_runner_drops_the_results_of_a_cancelled_run():
    seen = []

    async def run():
        runner = AnalysisRunner(background=True)
        runner.start(lambda: (time.sleep(0.1) or i for i in range(5)), seen.append, lambda e: seen.append("done"))
        runner.cancel()
        await asyncio.sleep(0.4)

    run_async(run, timeout=180)
    assert seen == []


def test_review_progress_counts_and_sides():
    p = ReviewProgress(total=3, seat=0)
    p.add(decision(0, 0, None, None, label="blunder", mark="??", chance=0.2))
    p.add(decision(1, 1, None, None, chance=0.9))
    assert p.points() == [{"index": 0, "chance": 20, "mark": "??"}, {"index": 1, "chance": 10, "mark": ""}]
    assert p.counts()["blunder"] == 1


# ------------------------------------------------------------------ Ancient Battles
def finished_battle():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    rng = random.Random(1)
    while w.game.outcome is None:
        w.play(rng.choice(w.game.legal_actions()))
    return w


def test_ancient_replay_positions_are_the_engines_positions_at_every_index():
    w = finished_battle()
    final = w.game
    g = AncientGame.from_record(final.record())
    actions = g.actions_played
    for _ in actions:
        g.undo()
    positions = [g.position()]
    for a in actions:
        g.play(a)
        positions.append(g.position())
    w.replay()
    replay = w.study.replay
    for i in (len(actions), 0, 30, 5, len(actions) // 2):
        w.goto(i)
        assert replay.position(i).position() == positions[i]
        obs = AncientGame.from_position(positions[i]).observation(w.human)
        assert sorted(c["id"] for c in w.view["hand"]) == sorted(obs.hand)
        assert w.view["side"] == w.human and w.view["choices"] == [] and w.view["selectable"] == []


def test_ancient_replay_opens_hands_only_when_asked_and_refuses_battle_intents():
    w = finished_battle()
    w.replay()
    w.goto(20)
    assert w.view["open_hands"] is None
    w._on_msg(None, {"type": "replay_hands", "open": True})
    assert w.view["open_hands"]["side"] != w.human
    w._on_msg(None, {"type": "act", "action": "end actions"})
    assert "go back to the battle" in w.view["message"]["text"]


def test_ancient_save_then_load_round_trips():
    w = finished_battle()
    w._on_msg(None, {"type": "save"})
    text = w.view["study"]["record"]
    assert text == w.game.record()
    other = AncientBattlesWidget(scenario="issus", opponent="easy", seed=1)
    other._on_msg(None, {"type": "save"})
    assert other.view["study"]["record"] is None            # not before the battle is over
    other._on_msg(None, {"type": "load", "text": text})
    assert other.view["replay"]["total"] == len(w.game.actions_played) and other.record() == text
    start = AncientGame.scenario("cunaxa", seed=5)
    other._on_msg(None, {"type": "load", "text": start.position()})
    assert "replay" not in other.view and other.game.position() == start.position() or other.bot is not None


def test_ancient_hint_and_review():
    w = AncientBattlesWidget(scenario="marathon", opponent="easy", seed=3, bot_seed=2)
    w.study.analyst = FakeAnalysis()
    shown = w.hint()
    assert shown["action"] and shown["text"].startswith("Hint:")
    rng = random.Random(1)
    while w.game.outcome is None:
        w.play(rng.choice(w.game.legal_actions()))
    assert "(with 1 hint)" in w.view["status"]
    w.replay(review=True)
    review = w.view["replay"]["review"]
    assert review["state"] == "done" and review["done"] == review["total"] > 0
    first = next(m["index"] for m in w.view["replay"]["moves"] if m["mark"])
    w.goto(first + 1)
    assert w.view["replay"]["decision"]["better"].startswith("Better:")


# ------------------------------------------------------------------ the real analysis
@pytest.mark.slow    # searches: seconds in the plain-Python kernel
def test_the_widget_runs_the_real_hint_and_review_of_a_loaded_record():
    """``battleline.standard.reviewing`` itself, at a small budget: a hint for your turn, and
    the review of a few moves of a record pasted in (a pasted record may be reviewed and
    its hands opened before its end: its text held them all)."""
    w = BattleLineWidget(Game(seed=8, first=1), opponent="easy", bot_seed=1, review_budget=16)
    shown = w.hint()
    assert shown["move"]["text"] in {m["text"] for m in w.view["legal"]} and shown["text"].startswith("Hint:")
    g = Game(seed=8, first=1)
    for _ in range(6):
        g.play(next(m for m in g.legal_moves() if m.kind != "claim"))
    w.load(g.record())
    w._on_msg(None, {"type": "replay_hands", "open": True})
    assert w.view["replay"]["hands_open"]
    w._on_msg(None, {"type": "review_start"})
    review = w.view["replay"]["review"]
    assert review["state"] == "done" and review["done"] >= 1, review
    judged = [m for m in w.view["replay"]["moves"] if m["index"] in {p["index"] for p in review["points"]}]
    assert judged and all(m["text"] for m in judged)




# ------------------------------------------------------------------ a hint before the search is ready
class UnpreparedAnalysis(FakeAnalysis):
    """An analysis whose search kernel is not yet compiled: a hint prepares it first; ``seen``
    is the hint on screen while the hint is being found."""

    def __init__(self, view):
        super().__init__()
        self.view = view
        self.seen = None

    def search_ready(self):
        return False

    def hint(self, game, *, budget=None, seed=0):
        self.seen = self.view()
        return super().hint(game, budget=budget, seed=seed)


@pytest.mark.parametrize("lang, words", [("en", "Preparing the search (about a minute)…"),
                                         ("ja", "探索の準備をしています（1分ほど）…")])
def test_a_hint_waiting_for_the_search_to_be_prepared_says_so(lang, words):
    w = BattleLineWidget(opponent="easy", seed=6, bot_seed=2, lang=lang)
    w.study.analyst = UnpreparedAnalysis(lambda: w.study.hint_view())
    w.hint()
    assert w.study.analyst.seen == {"pending": True, "text": words, "move": None}
    battle = AncientBattlesWidget(scenario="issus", seed=1, lang=lang)
    battle.study.analyst = UnpreparedAnalysis(lambda: battle.study.hint_view())
    battle.hint()
    assert battle.study.analyst.seen["text"] == words and battle.study.analyst.seen["pending"]


def test_a_hint_on_a_ready_search_is_looked_for():
    w = BattleLineWidget(opponent="easy", seed=6, bot_seed=2)
    w.study.analyst = UnpreparedAnalysis(lambda: w.study.hint_view())
    w.study.analyst.search_ready = lambda: True
    w.hint()
    assert w.study.analyst.seen["text"] == "Looking for a hint…"
