"""Position text and game records: round trips, the special fields (``rest seed``,
``order``, Scout marks, phases), and refusal of malformed or impossible input
with a :class:`PositionError` that names the problem."""

from __future__ import annotations

import json
import random

import pytest

from util import norm
from hypothesis import given, settings, strategies as st

import battleline
from battleline import Card, Game, Move, PositionError

ALL = [Card(i) for i in range(70)]


def text(*flags: str, north: str = "-", south: str = "-", turn: str = "north play",
         troop: str = "rest seed 1", tactic: str = "rest seed 2", rules: str = "standard",
         discard_north: str = "-", discard_south: str = "-", extra: tuple[str, ...] = ()) -> str:
    lines = ["battleline position 1", f"rules {rules}", f"turn {turn}", *extra]
    lines += [f"flag {f}" for f in flags]
    lines += [f"hand north: {north}", f"hand south: {south}", f"troop deck: {troop}",
              f"tactic deck: {tactic}", f"discard north: {discard_north}",
              f"discard south: {discard_south}"]
    return "\n".join(lines) + "\n"


def make(*flags: str, **kw) -> Game:
    return Game.from_position(text(*flags, **kw))


def bad(position: str, *words: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        Game.from_position(position)
    msg = str(info.value)
    for w in words:
        assert w.lower() in msg.lower(), f"{w!r} not in {msg!r}"
    return info.value




def random_game(seed: int, rules: str = "standard", max_moves: int = 10_000):
    """Yield (game, move) along a seeded random game, before each move."""
    rng = random.Random(seed)
    g = Game(seed=seed, rules=rules)
    while not g.is_over() and len(g.moves) < max_moves:
        move = rng.choice(g.legal_moves())
        yield g, move
        g.play(move)
    yield g, None


# --------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------

def test_example_position_format():
    g = Game(seed=1)
    pos = g.position()
    lines = pos.splitlines()
    assert lines[0] == "battleline position 1"
    assert lines[1] == "rules standard"
    assert lines[2].startswith("turn ")
    assert sum(ln.startswith("flag ") for ln in lines) == 9
    assert any(ln.startswith("hand north: ") for ln in lines)
    assert any(ln.startswith("troop deck: ") for ln in lines)
    assert any(ln.startswith("discard south: ") for ln in lines)
    assert pos.endswith("\n")


def check_round_trip_game(seed: int, rules: str) -> None:
    for g, move in random_game(seed, rules):
        pos = g.position()
        h = Game.from_position(pos)
        assert h.position() == pos
        assert h.rules == g.rules and h.to_move == g.to_move and h.phase == g.phase
        assert norm(h.observation(0)) == norm(g.observation(0))
        assert norm(h.observation(1)) == norm(g.observation(1))
        assert sorted(map(str, h.legal_moves())) == sorted(map(str, g.legal_moves()))
        if move is not None:
            # The game read back goes on exactly like the original.
            h.play(move)
            g2 = g.copy()
            g2.play(move)
            assert h.position() == g2.position()


@pytest.mark.parametrize("seed", [s if s < 2 else pytest.param(s, marks=pytest.mark.slow) for s in range(8)])
def test_position_round_trip_every_step(seed):
    check_round_trip_game(1000 + seed, "standard" if seed % 2 else "advanced")


@pytest.mark.slow
@settings(max_examples=12, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(["standard", "advanced"]))
def test_position_round_trip_hypothesis(seed, rules):
    check_round_trip_game(seed, rules)


def test_position_text_is_lenient():
    # Comments, blank lines, case and commas are accepted.
    t = text("1: North r1, R2 | SOUTH b4", north="r7 alexander", south="g5")
    t = t.replace("rules standard", "rules standard   # the rule set\n\n")
    g = Game.from_position(t)
    assert g.cards_at(1, 0) == [Card("R1"), Card("R2")]
    assert sorted(g.hand(0)) == [Card("R7"), Card("Alexander")]
    assert Game.from_position(g.position()).position() == g.position()


def test_position_text_has_a_size_limit():
    """An 18 MB text took half a minute and a gigabyte to refuse; the cap is the Ancient
    reader's, one shared constant."""
    from battleline.ancient import AncientGame
    from battleline.errors import MAX_POSITION_TEXT
    g = Game(seed=4)
    at_limit = g.position() + "#" * (MAX_POSITION_TEXT - len(g.position()))
    assert Game.from_position(at_limit).position() == g.position()
    for reader in (Game.from_position, AncientGame.from_position):
        with pytest.raises(PositionError, match="at most 20,000 characters, not 20,001") as e:
            reader(at_limit + "#")
        assert len(str(e.value)) < 200


def test_missing_flag_lines_are_empty_flags():
    g = make(north="R1", south="B1")
    assert all(g.cards_at(f, p) == [] for f in range(1, 10) for p in (0, 1))


def test_over_position_round_trips():
    g = make("1 claimed by north: north R8 R9 R10 | south -", "2 claimed by north: north O8 O9 O10 | south -",
             "3: north Y1 Y2 Y3 | south B1 B2 B4", north="P5", south="G1")
    g.play("claim 3")
    pos = g.position()
    assert "result north breakthrough" in pos and "turn north over" in pos
    h = Game.from_position(pos)
    assert h.position() == pos and h.outcome() == g.outcome() and h.is_over()


def deadlocked_game() -> Game:
    troops = iter(ALL[:60])
    flags = []
    for f in range(1, 10):
        n = " ".join(str(next(troops)) for _ in range(3))
        s = " ".join(str(next(troops)) for _ in range(3))
        flags.append(f"{f}: north {n} | south {s}")
    g = make(*flags, north="P5 P6 P7 Alexander Companion Mud Scout", south="P8 P9 P10 Darius Shield Fog",
             troop="-", tactic="-", discard_north="Redeploy Deserter", discard_south="Traitor")
    for m in ("pass", "end", "pass", "end"):
        g.play(m)
    assert g.outcome().reason == "deadlock"
    return g


def test_deadlock_end_position_round_trips():
    # Regression: the end of a deadlock is written with 'idle 2', which the
    # reader once refused.
    g = deadlocked_game()
    pos = g.position()
    assert Game.from_position(pos).position() == pos


def test_deadlock_end_observation_round_trips():
    g = deadlocked_game()
    h = Game.from_position(g.position())
    for p in (0, 1):
        assert h.observation(p).turn_active == g.observation(p).turn_active


def test_deadlock_record_round_trips():
    g = deadlocked_game()
    h = Game.from_record(g.record())
    assert h.outcome() == g.outcome() and h.position() == g.position()


@pytest.mark.parametrize("turn", ["north play", "south play", "north play active", "north draw",
                                  "south draw idle", "north scout-draw 3", "north scout-draw 1",
                                  "north scout-return 2", "north scout-return 1"])
def test_turn_line_round_trips(turn):
    discard = "Scout" if "scout" in turn else "-"
    g = make(north="R1 R2", south="B1", turn=turn, discard_north=discard)
    pos = g.position()
    assert f"turn {turn}\n" in pos
    assert Game.from_position(pos).position() == pos


def test_idle_line():
    g = make(north="-", south="B1", extra=("idle 1",))
    assert "idle 1" in g.position()
    g.play("pass")
    g.play("draw troop")          # a draw: not an idle turn
    assert "idle" not in g.position().split("flag 1")[0]


# --------------------------------------------------------------------------
# 'rest seed N'
# --------------------------------------------------------------------------

def test_rest_seed_is_deterministic_and_complete():
    a = make("1: north R1 R2 | south B4", north="R7", south="G5", troop="rest seed 5", tactic="rest seed 6")
    b = make("1: north R1 R2 | south B4", north="R7", south="G5", troop="rest seed 5", tactic="rest seed 6")
    c = make("1: north R1 R2 | south B4", north="R7", south="G5", troop="rest seed 7", tactic="rest seed 6")
    assert a.position() == b.position()
    assert a.deck("troop") != c.deck("troop")
    assert sorted(a.deck("troop")) == sorted(c.deck("troop"))
    assert set(a.deck("troop")) == set(ALL[:60]) - {Card(x) for x in ("R1", "R2", "B4", "R7", "G5")}
    assert sorted(a.deck("tactic")) == ALL[60:]
    # Written back, the decks are listed card by card.
    assert "rest" not in a.position()
    assert Game.from_position(a.position()).position() == a.position()


def test_rest_seed_with_explicit_other_deck():
    g = make(north="Alexander Darius Companion Shield Fog", south="Mud Scout", tactic="Redeploy Deserter Traitor",
             troop="rest seed 3")
    assert g.deck("tactic") == [Card("Redeploy"), Card("Deserter"), Card("Traitor")]   # top first
    assert len(g.deck("troop")) == 60


def test_rest_needs_a_seed():
    bad(text(north="R1", troop="rest"), "needs a seed")


def test_new_game_and_rest_seed_are_consistent():
    # A position written out and read back with explicit decks matches the game.
    g = Game(seed=99)
    h = Game.from_position(g.position())
    assert h.deck("troop") == g.deck("troop") and h.deck("tactic") == g.deck("tactic")


# --------------------------------------------------------------------------
# The order field (ties)
# --------------------------------------------------------------------------

HOSTS = "north R7 B2 G1 | south Y3 B3 G4"


def test_order_field_default_and_written():
    g = make(f"1: {HOSTS}", north="R9", south="O9")
    assert "order" not in g.position()           # default: north's cards first
    assert g.check_claim(1, player=0)            # south completed last
    g = make(f"1: {HOSTS} | order SSSNNN", north="R9", south="O9")
    assert "flag 1: north R7 B2 G1 | south Y3 B3 G4 | order SSSNNN" in g.position()
    assert g.check_claim(1, player=1) and not g.check_claim(1, player=0)
    assert Game.from_position(g.position()).position() == g.position()
    g = make(f"1: {HOSTS} | order snsnsn", north="R9", south="O9")
    assert "order SNSNSN" in g.position()
    assert [p for p, _ in g.flag_view(1).placed] == [1, 0, 1, 0, 1, 0]


def test_order_field_written_after_play():
    g = make("1: north R7 B2 | south Y3 B3 G4", north="G1", south="O9")
    g.play("G1@1")
    assert "order NNSSSN" in g.position()
    h = Game.from_position(g.position())
    assert not h.check_claim(1, player=0) and h.check_claim(1, player=1)


@pytest.mark.parametrize("order", ["NNSS", "NNNSSSS", "NNNNSS", "NSX", "order"])
def test_order_field_must_match_the_cards(order):
    with pytest.raises(PositionError) as info:
        make(f"1: {HOSTS} | order {order}", north="R9", south="O9")
    assert "flag 1" in str(info.value) or "line" in str(info.value)


# --------------------------------------------------------------------------
# Scout marks
# --------------------------------------------------------------------------

def test_scout_marks_in_decks_and_hands():
    g = make(north="Scout R1 R2 R3 R4 R5 R6", south="B1 B2 B3 B4 B5 B6 B7")
    g.play("Scout")
    for _ in range(3):
        g.play("draw troop")
    g.play("return R1")
    g.play("return R2")
    g.play("B1@1")
    g.play("draw troop")              # south draws R2, which north put back
    pos = g.position()
    assert "R2[north]" in pos.split("hand south:")[1].split("\n")[0]
    assert "troop deck: R1[north] " in pos
    h = Game.from_position(pos)
    assert h.position() == pos
    assert h.observation(0).opponent_known == (Card("R2"),)
    assert h.observation(0).known_deck == (("troop", 0, Card("R1")),)
    assert h.observation(1).known_deck == () and h.observation(1).opponent_known == ()


def test_scout_marks_read():
    # Marks need an explicit deck: list the whole troop deck.
    troops = [c for c in ALL[:60] if str(c) not in ("R1", "R2", "B1", "B2")]
    deck = " ".join(f"{c}[south]" if str(c) in ("G7", "G9") else str(c) for c in troops)
    g = make(north="R1 R2", south="B1 B2[north]", troop=deck)
    assert g.observation(1).known_deck == (("troop", troops.index(Card("G7")), Card("G7")),
                                           ("troop", troops.index(Card("G9")), Card("G9")))
    assert g.observation(0).known_deck == ()
    assert g.observation(0).opponent_known == (Card("B2"),)
    assert Game.from_position(g.position()).position() == g.position()


def test_scout_mark_errors():
    bad(text(north="R1[north]", south="B1"), "mark names the opponent")
    bad(text(north="R1[east]", south="B1"), "[north] or [south]")


# --------------------------------------------------------------------------
# Records
# --------------------------------------------------------------------------

def test_record_replays_to_the_identical_position():
    for seed in (3, 4):
        steps = list(random_game(seed))
        g = steps[-1][0]
        rec = g.record()
        doc = json.loads(rec)
        assert doc["format"] == "battleline-record" and doc["version"] == 1
        assert doc["moves"] == [str(m) for m in g.moves]
        assert doc["result"] == g.outcome().describe()
        h = Game.from_record(rec)
        assert h.position() == g.position() and h.moves == g.moves and h.outcome() == g.outcome()
        assert Game.from_position(doc["start"]).position() == Game(seed=seed).position()


def test_record_mid_game_and_continue():
    g = Game(seed=8, rules="advanced")
    rng = random.Random(8)
    for _ in range(25):
        g.play(rng.choice(g.legal_moves()))
    h = Game.from_record(g.record())
    assert h.position() == g.position() and h.rules == "advanced"
    for _ in range(10):
        m = rng.choice(g.legal_moves())
        g.play(m)
        h.play(m)
    assert h.position() == g.position()
    h.undo()
    g.undo()
    assert h.position() == g.position()


def test_record_of_a_game_from_a_position():
    g = make("1: north R1 R2 | south B4", north="R3 R7", south="G5 G6")
    start = g.position()
    g.play("R3@1")
    g.play("draw troop")
    doc = json.loads(g.record())
    assert doc["start"] == start and doc["moves"] == ["R3@1", "draw troop"]
    assert Game.from_record(g.record()).position() == g.position()


def test_malformed_records():
    good = json.loads(Game(seed=1).record())
    with pytest.raises(PositionError, match="JSON"):
        Game.from_record("{not json")
    with pytest.raises(PositionError, match="battleline record"):
        Game.from_record("[1, 2]")
    with pytest.raises(PositionError, match="battleline record"):
        Game.from_record(json.dumps({**good, "format": "chess"}))
    with pytest.raises(PositionError, match="version"):
        Game.from_record(json.dumps({**good, "version": 7}))
    with pytest.raises(PositionError, match="start"):
        Game.from_record(json.dumps({k: v for k, v in good.items() if k != "start"}))
    with pytest.raises(PositionError, match="start"):
        Game.from_record(json.dumps({**good, "moves": "R1@1"}))
    with pytest.raises(PositionError):
        Game.from_record(json.dumps({**good, "start": "garbage"}))


def test_record_with_an_illegal_move_names_its_number():
    g = Game(seed=1)
    first = [str(m) for m in g.legal_moves() if m.kind == "play"][0]
    doc = json.loads(g.record())
    doc["moves"] = [first, "draw troop", "claim 4"]
    with pytest.raises(PositionError) as info:
        Game.from_record(json.dumps(doc))
    assert "move 3" in str(info.value) and "claim 4" in str(info.value)
    doc["moves"] = [first, "draw troop", "Q9@1"]
    with pytest.raises(PositionError, match="move 3"):
        Game.from_record(json.dumps(doc))
    doc["moves"] = [first, 17]
    with pytest.raises(PositionError, match="move 2"):
        Game.from_record(json.dumps(doc))
    doc["moves"] = [first, first]          # the same card twice: no longer in hand
    with pytest.raises(PositionError, match="move 2"):
        Game.from_record(json.dumps(doc))


# --------------------------------------------------------------------------
# Malformed and impossible positions
# --------------------------------------------------------------------------

def test_card_twice():
    bad(text("1: north R1 R2 | south B4", north="R1", south="G5"), "appears twice", "R1")
    bad(text("1: north R1 R1 | south B4", north="R3", south="G5"), "twice")
    bad(text(north="R1 Fog", south="G5", discard_north="Fog"), "appears twice", "Fog")
    bad(text(north="R1", south="G5", troop="R1 " + " ".join(
        str(c) for c in ALL[:60] if str(c) not in ("R1", "G5"))), "appears twice", "R1")


def test_card_missing():
    troops = " ".join(str(c) for c in ALL[:60] if str(c) not in ("R1", "G5", "P10"))
    bad(text(north="R1", south="G5", troop=troops), "missing", "P10")


def test_four_cards_without_mud():
    bad(text("1: north R1 R2 R3 R4 | south B4", north="R7", south="G5"), "4 cards", "Mud")
    # With Mud there, or Mud gone from the flag, four are fine.
    make("1: north Mud R1 R2 R3 R4 | south B4", north="R7", south="G5", discard_south="Scout")
    make("1: north R1 R2 R3 R4 | south B4", north="R7", south="G5", discard_north="Mud",
         discard_south="Deserter")
    bad(text("1: north Mud R1 R2 R3 R4 R5 | south B4", north="R7", south="G5", discard_south="Scout"),
        "5 cards")


def test_claimed_flag_that_should_have_ended_the_game():
    flags = ("1 claimed by north: north R8 R9 R10 | south -", "2 claimed by north: north O8 O9 O10 | south -",
             "3 claimed by north: north Y8 Y9 Y10 | south -")
    bad(text(*flags, north="P1", south="P2"), "already be over", "breakthrough")
    five = [f"{f} claimed by south: north - | south {c}8 {c}9 {c}10" for f, c in zip((1, 3, 5, 7, 9), "ROYGB")]
    bad(text(*five, north="P1", south="P2"), "already be over", "envelopment")
    # With the result line it is a finished game.
    g = Game.from_position(text(*flags, north="P1", south="P2", turn="north over",
                                extra=("result north breakthrough",)))
    assert g.outcome().winner == 0 and g.legal_moves() == []


def test_result_lines():
    flags = ("1 claimed by north: north R8 R9 R10 | south -", "2 claimed by north: north O8 O9 O10 | south -")
    bad(text(*flags, north="P1", south="P2", turn="north over", extra=("result north breakthrough",)),
        "breakthrough")
    bad(text(*flags, north="P1", south="P2", turn="north over", extra=("result draw deadlock",)),
        "deadlock")
    bad(text(*flags, north="P1", south="P2", turn="north over"), "result")
    bad(text(*flags, north="P1", south="P2", extra=("result north deadlock",)), "over")
    bad(text(north="R9", south="G9", turn="north over", extra=("result north sleeping",)), "cannot read")
    g = Game.from_position(text(*flags, north="P1", south="P2", turn="south over",
                                extra=("result north deadlock",)))
    assert g.outcome().reason == "deadlock" and g.outcome().winner == 0


def test_claimed_flag_needs_a_complete_side():
    bad(text("1 claimed by north: north R1 R2 | south -", north="R9", south="G9"), "not complete")
    bad(text("1 claimed by north: north Mud R1 R2 R3 | south -", north="R9", south="G9",
             discard_south="Scout"), "not complete")


def test_unknown_card_text():
    bad(text(north="R11", south="G9"), "unknown card", "R11")
    bad(text(north="X3", south="G9"), "unknown card")
    bad(text("1: north Joker | south -", north="R1", south="G9"), "unknown card", "Joker")
    bad(text(north="R1", south="G9", discard_north="Napoleon"), "unknown card")


def test_tactics_counts_more_than_one_apart():
    bad(text(north="R1", south="G9", discard_north="Scout Redeploy"), "more than one ahead")
    bad(text("1: north Alexander Companion | south -", north="R1", south="G9", discard_north="Scout",
             discard_south="Traitor"), "more than one ahead")
    make(north="R1", south="G9", discard_north="Scout")     # one ahead is fine


def test_both_leaders_by_one_player():
    bad(text("1: north Alexander | south -", "2: north Darius | south -", north="R1", south="G9",
             discard_south="Scout"), "both Leaders")
    bad(text("1: north Alexander Darius | south -", north="R1", south="G9", discard_south="Scout"),
        "both Leaders")
    bad(text("1: north Alexander | south -", north="R1", south="G9", discard_north="Darius",
             discard_south="Scout Deserter"), "both Leaders")
    make("1: north Alexander | south Darius", north="R1", south="G9")   # one each is fine


@pytest.mark.parametrize("turn", ["north", "east play", "north dance", "north play 3",
                                  "north scout-draw", "north scout-draw 4", "north scout-return 3",
                                  "north draw active", "play north"])
def test_bad_turn_line(turn):
    bad(text(north="R1", south="G9", turn=turn, discard_north="Scout"), "line 3")


def test_missing_lines():
    t = text(north="R1", south="G9")
    bad(t.replace("turn north play\n", ""), "turn")
    bad(t.replace("hand south: G9\n", ""), "hand south")
    bad(t.replace("troop deck: rest seed 1\n", ""), "troop deck")
    bad(t.replace("battleline position 1\n", ""), "battleline position 1")
    bad(t + "turn south play\n", "twice")


@pytest.mark.parametrize("garbage", ["", "hello", "battleline position 2\n", "\n\n\n",
                                     "battleline position 1\nturn north play\nfoo bar\n",
                                     "battleline position 1\nrules chess\nturn north play\n",
                                     "battleline position 1\nturn north play\nflag 10: north - | south -\n",
                                     "battleline position 1\nturn north play\nflag 1: north R1\n",
                                     "battleline position 1\nturn north play\nflag 1: south R1 | north -\n",
                                     "battleline position 1\nturn north play\nhand west: R1\n",
                                     "battleline position 1\nturn north play\nidle 5\n",
                                     "\x00\x01\x02", "{\"format\": \"battleline-record\"}"])
def test_garbage(garbage):
    with pytest.raises(PositionError) as info:
        Game.from_position(garbage)
    assert str(info.value)


def test_not_text():
    with pytest.raises(PositionError):
        Game.from_position(None)
    with pytest.raises(PositionError):
        Game.from_position(b"battleline position 1")


def test_other_impossible_positions():
    bad(text(north="R1 R2 R3 R4 R5 R6 R7 R8", south="G9"), "seven")
    bad(text("1: north Scout | south -", north="R1", south="G9"), "Guile")
    bad(text(north="R1", south="G9", troop="Fog " + " ".join(
        str(c) for c in ALL[:60] if str(c) not in ("R1", "G9")), tactic="rest seed 1"), "troop deck")
    bad(text(north="R1", south="G9", turn="north scout-draw 2"), "Scout")
    flags = [f"{f} claimed by north: north {c}8 {c}9 {c}10 | south -" for f, c in zip((1, 2, 3), "ROY")]
    flags += [f"{f} claimed by south: north - | south {c}8 {c}9 {c}10" for f, c in zip((4, 5, 6), "GBP")]
    bad(text(*flags, north="R1", south="G1", turn="north over", extra=("result north breakthrough",)),
        "both players")


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        Game.from_position("nonsense")
    with pytest.raises(ValueError):
        Game.from_record("nonsense")


# A claimed flag never changes afterwards, and the visible cards only grow, so a
# flag can only be claimed by a side that would still prove its claim with what
# is visible now. These positions could never arise in a game.
IMPOSSIBLE_CLAIMS = {
    "claimant-loses": "1 claimed by north: north R1 R2 R3 | south O8 O9 O10",
    "claimant-lost-the-tie": f"1 claimed by north: {HOSTS} | order SSSNNN",
    "opponent-can-still-win": "1 claimed by north: north R1 R2 R3 | south O8 O9",
}


@pytest.mark.parametrize("flag", list(IMPOSSIBLE_CLAIMS.values()), ids=list(IMPOSSIBLE_CLAIMS))
def test_impossible_claimed_flag(flag):
    bad(text(flag, north="P9", south="P10"), "flag 1")


def test_record_keeps_the_seed():
    # Regression: Game.__init__ once lost the seed (records carried "seed": null).
    g = Game(seed=3)
    assert g.seed == 3
    doc = json.loads(g.record())
    assert doc["seed"] == 3
    assert Game.from_record(g.record()).seed == 3


@pytest.mark.parametrize("text", ["R7@10", "X7@3", "claim", "draw deck", "Traitor R7", "R7@٣", 42])
def test_unreadable_move_text_is_an_invalid_move(text):
    with pytest.raises(battleline.InvalidMoveError, match="cannot read|not text|must be text"):
        Game(seed=1).parse_move(text)


@pytest.mark.parametrize("text, words", [("Scout@3", "not played at a flag"),
                                          ("Redeploy@4", "not played at a flag")])
def test_readable_text_for_a_move_no_rule_allows_is_an_illegal_move(text, words):
    with pytest.raises(battleline.IllegalMoveError, match=words):
        Move.parse(text)


def test_a_readable_move_against_the_rules_is_illegal_not_invalid():
    g = Game(seed=1, first=0)
    not_in_hand = next(c for c in ("R1", "R2", "R3") if c not in map(str, g.hand(0)))
    with pytest.raises(battleline.IllegalMoveError) as info:
        g.play(f"{not_in_hand}@3")
    assert not isinstance(info.value, battleline.InvalidMoveError)
    assert issubclass(battleline.InvalidMoveError, ValueError)
