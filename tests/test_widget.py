"""The widget's Python side: messages, moves, bad input and hidden information (no browser)."""

from __future__ import annotations

import asyncio
import json
import random
import re

import pytest

from battleline import Card, Game
from battleline.standard.bots import RandomBot
from battleline.cards import ALL_CARDS
from battleline.widgets import BattleLineWidget
from util import run_async, at_screen


def send(w: BattleLineWidget, content) -> None:
    """Deliver a message as the front end would."""
    w._on_msg(w, content, [])


def position_of(w):
    return w.game.position()


def test_view_lists_legal_moves_for_the_human_only():
    w = BattleLineWidget(opponent="easy", seed=3, bot_seed=1)
    v = w.view
    assert v["my_turn"] and v["legal"]
    assert {m["text"] for m in v["legal"]} == {str(m) for m in w.game.legal_moves()}
    assert len(v["flags"]) == 9 and len(v["hand"]) == 7


def test_a_move_message_plays_and_the_bot_answers():
    w = BattleLineWidget(opponent="easy", seed=3, bot_seed=1)
    play = next(m for m in w.view["legal"] if m["kind"] == "play")
    send(w, {"type": "move", "move": play["text"]})
    assert w.view["phase"] == "draw"
    send(w, {"type": "move", "move": "draw troop"})
    # the bot moved synchronously (no running event loop) and it is our turn again
    assert w.game.to_move == w.seat and w.view["my_turn"]
    assert w.view["last"], "the bot's moves are marked"
    assert any(line.startswith("Bot played") for line in w.view["log"])


@pytest.mark.parametrize("content", [
    "not a dict",
    {"no": "type"},
    {"type": "fly"},
    {"type": "move"},
    {"type": "move", "move": 42},
    {"type": "move", "move": "R11@3"},
    {"type": "move", "move": "claim 12"},
    {"type": "move", "move": "X7@1"},
    {"type": "move", "move": "draw troop"},
    {"type": "option", "name": "cheat", "value": True},
    {"type": "option", "name": "auto_claim", "value": "yes"},
    {"type": "reveal"},
    {"type": "next_game"},
    {"type": "undo"},
])
def test_bad_messages_change_nothing_and_show_an_error(content):
    w = BattleLineWidget(opponent="easy", seed=5, bot_seed=1, seat=1)
    before = position_of(w)
    send(w, content)
    assert position_of(w) == before
    assert w.view["message"] is not None and w.view["message"]["kind"] == "error"
    assert w.view["message"]["text"]


def test_an_illegal_move_for_a_card_not_in_hand_is_refused():
    w = BattleLineWidget(opponent="easy", seed=5, bot_seed=1)
    not_mine = next(c for c in ALL_CARDS[:60] if c not in w.game.hand(w.seat))
    before = position_of(w)
    send(w, {"type": "move", "move": f"{not_mine}@1"})
    assert position_of(w) == before
    assert "not in" in w.view["message"]["text"]


def test_failed_claim_shows_counterexample_and_changes_nothing():
    text = Game(seed=1).position()
    g = Game.from_position(_with_side(text, 1, "south", "R1 Y2 G4", "north", "B8"))
    w = BattleLineWidget(g, opponent="easy", bot_seed=1)
    before = position_of(w)
    send(w, {"type": "move", "move": "claim 1"})
    assert position_of(w) == before
    claim = w.view["claim"]
    assert claim["flag"] == 1 and claim["holds"] is False
    assert claim["counterexample"] and claim["formation"]
    assert "could still add" in claim["explanation"]


def test_a_claim_won_by_rank_with_a_lower_total_says_why_in_both_languages():
    # issue 23 item 5: the beginner's puzzle "Wedge 3-4-5 (total 12) beats Phalanx 8-8-8 (total 24)"
    text = Game(seed=1).position()
    g = Game.from_position(_with_side(text, 1, "south", "R3 R4 R5", "north", "B8 G8"))
    w = BattleLineWidget(g, opponent="easy", bot_seed=1)
    send(w, {"type": "move", "move": "claim 1"})
    claim = w.view["claim"]
    assert claim["holds"] is True and "Phalanx 8-8-8 (total 24)" in claim["explanation"]
    assert claim["explanation"].endswith("Any Wedge outranks any Phalanx, whatever the totals.")
    w.lang = "ja"
    assert w.view["claim"]["explanation"].endswith("合計に関係なく、くさび形隊形は密集隊形より上の隊形です。")


def _with_side(text: str, flag: int, p: str, cards: str, q: str, qcards: str) -> str:
    """Move the given cards from wherever they are to flag ``flag`` in a position text."""
    moved = cards.split() + qcards.split()
    lines = []
    for line in text.splitlines():
        if ":" in line and not line.startswith("flag"):
            head, _, body = line.partition(":")
            toks = [t for t in body.split() if t.split("[")[0] not in moved]
            line = f"{head}: {' '.join(toks) if toks else '-'}"
        if line.startswith(f"flag {flag}:"):
            sides = {p: cards, q: qcards}
            line = f"flag {flag}: north {sides['north']} | south {sides['south']}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def test_undo_takes_back_the_whole_last_turn_against_the_bot():
    w = BattleLineWidget(opponent="easy", seed=11, bot_seed=2)
    start = position_of(w)
    play = next(m for m in w.view["legal"] if m["kind"] == "play")
    send(w, {"type": "move", "move": play["text"]})
    send(w, {"type": "move", "move": "draw troop"})
    assert w.view["can_undo"]
    send(w, {"type": "undo"})
    assert position_of(w) == start


def test_options_highlight_and_auto_claim():
    text = Game(seed=2).position()
    g = Game.from_position(_with_side(text, 4, "south", "R8 R9 R10", "north", "-"))
    w = BattleLineWidget(g, opponent="easy", bot_seed=1)
    assert not any(f["claimable"] for f in w.view["flags"])
    send(w, {"type": "option", "name": "highlight_claimable", "value": True})
    assert [f["number"] for f in w.view["flags"] if f["claimable"]] == [4]
    send(w, {"type": "option", "name": "auto_claim", "value": True})
    assert w.game.claimed_by(4) == 1
    assert w.view["flags"][3]["claimed"] == "mine"


def test_hot_seat_covers_the_screen_between_turns():
    w = at_screen(BattleLineWidget(opponent=None, seed=4))
    first = w.game.to_move
    play = next(m for m in w.view["legal"] if m["kind"] == "play")
    send(w, {"type": "move", "move": play["text"]})
    send(w, {"type": "move", "move": "draw troop"})
    v = w.view
    assert v["cover"] and v["hand"] == [] and v["legal"] == []
    send(w, {"type": "reveal"})
    v = w.view
    assert not v["cover"] and v["seat"] == 1 - first and len(v["hand"]) == 7


def test_python_moves_show_at_once():
    w = BattleLineWidget(opponent="easy", seed=3, bot_seed=1)
    m = next(m for m in w.game.legal_moves() if m.kind == "play")
    w.play(m)
    assert w.view["phase"] == "draw"
    assert any(str(m.card) == c["id"] for f in w.view["flags"] for c in f["mine"])


def test_new_game_and_next_game():
    w = BattleLineWidget(opponent="easy", seed=3, bot_seed=1)
    send(w, {"type": "new_game"})
    assert w.view["result"] is None and len(w.game.moves) <= 4
    _play_out(w)
    assert w.view["result"] is not None and w.view["can_next_game"]
    # This seeded game is won, not drawn: the winner scores 5, the loser one point per flag held.
    outcome, seat = w.game.outcome(), w.view["seat"]
    assert outcome.winner is not None
    mine = "mine" if outcome.winner == seat else "theirs"
    assert w.view["result"]["winner"] == mine
    points = {outcome.winner: 5, 1 - outcome.winner: outcome.flags[1 - outcome.winner]}
    score = w.view["score"]
    assert (score["mine"], score["theirs"]) == (points[seat], points[1 - seat])
    assert score["text"] == f"Match points: you {points[seat]}, bot {points[1 - seat]}"
    send(w, {"type": "next_game"})
    assert w.view["result"] is None and len(w.match.games) == 2


def _play_out(w, rng=None, views=None):
    """Play the human seat with random clicks until the game ends."""
    rng = rng or random.Random(0)
    steps = 0
    while w.view["result"] is None:
        v = w.view
        if views is not None:
            views.append(json.dumps(v))
        if v["cover"]:
            send(w, {"type": "reveal"})
            continue
        legal = v["legal"]
        assert legal, v["status"]
        claims = [m for m in legal if m["kind"] == "claim"]
        send(w, {"type": "move", "move": (claims[0] if claims else rng.choice(legal))["text"]})
        assert w.view["message"] is None or w.view["message"]["kind"] != "error", w.view["message"]
        steps += 1
        assert steps < 2000


CARD_ID = re.compile(r'"id": "([^"]+)"')


@pytest.mark.parametrize("seed", [1, *(pytest.param(s, marks=pytest.mark.slow) for s in (2, 3, 4))])
def test_the_browser_never_receives_hidden_cards(seed):
    """Every state the browser receives holds only what the human seat may know: its hand,
    the table and discards, and what its own Scout taught it. The log may also name cards
    the human knew earlier (a card it drew and put back)."""
    w = BattleLineWidget(opponent=RandomBot(seed=seed), seed=seed)
    states = []
    w.observe(lambda change: states.append((change["new"], w.game.copy())), names="view")
    sent = []
    w.send = lambda content, buffers=None: sent.append(content)  # custom messages, if any
    _play_out(w, random.Random(seed))
    assert states and not sent
    ever_known: set[str] = set()
    for view, game in states:
        obs = game.observation(w.seat)
        known = set(map(str, obs.hand)) | set(map(str, obs.opponent_known))
        known |= {str(c) for _, _, c in obs.known_deck}
        for fv in obs.flags:
            known |= {str(c) for side in fv.cards for c in side}
            known |= {name for name, owner in (("Fog", fv.fog), ("Mud", fv.mud)) if owner is not None}
        known |= {str(c) for pile in obs.discards for c in pile}
        if view["claim"]:
            # A counterexample names unseen troops, chosen from visible cards alone.
            named = {c["id"] for c in view["claim"]["counterexample"]}
            assert not named & {str(c) for c in ALL_CARDS if game.visible >> c & 1}
            known |= named
        ever_known |= known
        hidden = {str(c) for c in game.hand(1 - w.seat) + game.deck("troop") + game.deck("tactic")}
        text = json.dumps(view)
        assert not set(CARD_ID.findall(text)) & (hidden - known)
        for card_id in hidden - ever_known:
            name = Card(card_id).name
            assert not re.search(rf"\b{re.escape(name)}\b(?!\d)", text), name


async def until_idle(w):
    for _ in range(500):
        if not w.view["thinking"]:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bot never finished")


async def end_a_turn_against_a_thinking_bot() -> BattleLineWidget:
    """Play a card and draw; the bot then thinks in the background."""
    w = BattleLineWidget(opponent="easy", seed=3, bot_seed=1, background_bot=True)
    await until_idle(w)
    play = next(m for m in w.view["legal"] if m["kind"] == "play")
    send(w, {"type": "move", "move": play["text"]})
    send(w, {"type": "move", "move": "draw troop"})
    return w


def test_the_bot_thinks_without_blocking_the_event_loop():
    async def main():
        w = await end_a_turn_against_a_thinking_bot()
        assert w.view["thinking"] and w.view["status"] == "Bot is thinking…"
        assert w.view["legal"] == []
        await until_idle(w)
        assert w.view["my_turn"]
    run_async(main)


def test_moves_sent_while_the_bot_thinks_are_refused():
    async def main():
        w = await end_a_turn_against_a_thinking_bot()
        before = position_of(w)
        send(w, {"type": "move", "move": "pass"})
        assert "bot" in w.view["message"]["text"].lower()
        assert position_of(w) == before
        await until_idle(w)
    run_async(main)


def test_the_explanation_trusts_only_the_table_as_a_claim_proof_does():
    """The opponent's reach in ``Explain flag N`` assumes every troop not on a flag nor in a
    discard pile may still come: the same for both seats (no hand leaks in), and the same
    set the engine's claim proof assumes."""
    import random
    from battleline.widgets.standard.table import unseen_troops
    for seed in range(12):
        g = Game(seed=seed)
        rng = random.Random(seed)
        while not g.is_over():
            g.play(rng.choice(g.legal_moves()))
            north, south = (unseen_troops(g.observation(p)) for p in (0, 1))
            assert north == south
            if hasattr(g, "unseen_troops"):
                assert north == g.unseen_troops()
