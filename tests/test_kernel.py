"""The Battle Line kernel against the reference engine: strengths, legal moves, perft, games.

The kernel runs compiled here when numba is installed; ``test_plain_python_mode`` runs the
same checks again in a process with ``BATTLELINE_KERNEL=python``.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from battleline import Game
from battleline import compiled
from battleline.compiled import places as cache_places, randomness as kernel_random
from battleline.standard import kernel
from battleline.standard.random_games import random_game
from battleline.cards import TROOP_MASK
from battleline.standard.encoding import ALL_MOVES, MOVE_COUNT
from battleline.standard.formations import best, side_strength
from battleline.standard.kernel import layout
from battleline.standard.kernel.check import compare_games, compare_perft, reference_perft
from battleline.standard.kernel.strength import NO_COMPLETION, completion_strength
from util import run_in_plain_python


def test_move_numbers_are_the_encodings():
    assert layout.MOVE_COUNT == MOVE_COUNT
    assert str(ALL_MOVES[layout.SCOUT_MOVE]) == "Scout"
    assert str(ALL_MOVES[layout.REDEPLOY_BASE + 64 * 10 + 2]) == "Redeploy Fog@3"
    assert str(ALL_MOVES[layout.REDEPLOY_BASE + 5 * 10 + layout.REDEPLOY_DISCARD]) == "Redeploy R6@discard"
    assert str(ALL_MOVES[layout.DESERTER_BASE + 65]) == "Deserter Mud"
    assert str(ALL_MOVES[layout.TRAITOR_BASE + 59 * 9 + 8]) == "Traitor P10@9"
    assert str(ALL_MOVES[layout.DRAW_TACTIC]) == "draw tactic"
    assert str(ALL_MOVES[layout.RETURN_BASE + 69]) == "return Traitor"
    assert str(ALL_MOVES[layout.PASS_MOVE]) == "pass"


def _side(rng: random.Random, size: int, taken: set[int]) -> list[int]:
    """A random side: troops and at most one Leader, Companion and Shield."""
    wilds = [w for w in (rng.choice((60, 61)), 62, 63) if rng.random() < 0.25]
    troops = [c for c in rng.sample(range(60), 12) if c not in taken]
    cards = (wilds + troops)[:size]
    rng.shuffle(cards)
    return cards


def _masks(cards):
    troops = sum(1 << c for c in cards if c < 60)
    wilds = sum(1 << (c - 60) for c in cards if c >= 60)
    return troops, wilds


@pytest.mark.parametrize("seed", range(4))
def test_completion_strength_is_the_reference_best(seed):
    rng = random.Random(seed)
    for _ in range(1500):
        need = rng.choice((3, 4))
        fog = rng.random() < 0.2
        fixed = _side(rng, rng.randrange(need + 1), set())
        rest = [c for c in range(60) if c not in fixed]
        available = sum(1 << c for c in rng.sample(rest, rng.randrange(len(rest) + 1)))
        missing = need - len(fixed)
        found = best(fixed, available, missing, fog)
        want = NO_COMPLETION if found is None else found[0]
        assert completion_strength(*_masks(fixed), available, missing, fog) == want, (fixed, missing, fog)


def test_complete_sides_with_wild_cards_read_as_the_reference():
    rng = random.Random(9)
    for _ in range(2000):
        need = rng.choice((3, 4))
        fog = rng.random() < 0.2
        cards = _side(rng, need, set())
        assert completion_strength(*_masks(cards), 0, 0, fog) == side_strength(cards, need, fog)


# ----------------------------------------------------------------- positions
def _positions(feature, count: int, seeds=range(400)) -> list[Game]:
    """Positions from the bench's random games where ``feature(game)`` holds."""
    out = []
    for seed in seeds:
        rules = "standard" if seed % 2 == 0 else "advanced"
        moves = random_game(seed, rules).moves
        g = Game(seed=seed, rules=rules)
        for m in moves:
            if feature(g):
                out.append(g.copy())
                break
            g.push(m)
        if len(out) == count:
            break
    assert len(out) == count, f"only {len(out)} positions found"
    return out


FEATURES = {
    "fog": lambda g: g.fog_flag != 0 and g.phase == "play",
    "mud": lambda g: g.mud_flag != 0 and g.phase == "play",
    "scout-draw": lambda g: g.phase == "scout-draw",
    "scout-return": lambda g: g.phase == "scout-return",
    "tactics-limit": lambda g: g.phase == "play" and not g.can_play_tactic() and any(c >= 60 for c in g.hands[g.to_move]),
    "claimed": lambda g: sum(1 for f in range(1, 10) if g.claimed[f] >= 0) >= 2 and g.phase == "play",
    "claim-provable": lambda g: bool(g.provable_flags()) and g.phase in ("play", "draw"),
    "leader-held": lambda g: g.phase == "play" and any(c in (60, 61) for c in g.hands[g.to_move]),
    "guile-held": lambda g: g.phase == "play" and any(c >= 67 for c in g.hands[g.to_move]) and g.can_play_tactic(),
}


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_perft_equals_the_reference_on_special_positions(feature):
    games = _positions(FEATURES[feature], 3)
    result = compare_perft(games, 3)
    assert result["disagreements"] == 0, result["problems"]


# Mud leaves flag 1 (South's Deserter) while North holds four cards there: North keeps them,
# and the best three (the Wedge R7 R8 R9, not the Host with Y2) are what a claim reads.
MUD_LEFT_FOUR = """battleline position 1
rules standard
turn south play
flag 1: north Mud R7 R8 R9 Y2 | south O4 O5 O6
hand north: R1 B1
hand south: Deserter G1
troop deck: rest seed 1
tactic deck: rest seed 2
discard north: -
discard south: -
"""


@pytest.mark.parametrize("depth", [1, 3])
def test_a_side_mud_left_with_four_cards_reads_its_best_three_as_the_reference(depth):
    g = Game.from_position(MUD_LEFT_FOUR)
    g.play("Deserter Mud")
    g.play("draw troop")
    moves = sorted(map(str, kernel.legal_moves(g)))
    assert "claim 1" in moves and moves == sorted(map(str, g.legal_moves()))
    result = compare_perft([g], depth)
    assert result["disagreements"] == 0, result["problems"]


def test_perft_leaves_the_game_unchanged_and_counts_the_start():
    g = Game(seed=21)
    for m in g.legal_moves()[:3]:
        g.play(m) if g.phase == "play" else None
    before = g.position()
    assert kernel.perft(g, 0) == 1
    assert kernel.perft(g, 2) == reference_perft(g, 2)
    assert g.position() == before


def test_perft_at_the_end_of_a_game_is_zero():
    g = random_game(3)
    assert g.is_over()
    assert kernel.perft(g, 1) == 0 == reference_perft(g, 1)


@pytest.mark.parametrize("bad", [-1, 9, 2.0, "3", True, None])
def test_perft_refuses_a_bad_depth(bad):
    with pytest.raises(ValueError, match="depth"):
        kernel.perft(Game(seed=1), bad)


def test_perft_stops_at_its_node_budget():
    """Compiled code ignores Ctrl-C: a deep perft must stop at its budget with a ValueError.
    At depth 2 the walk plays each of the start's moves once (63 here), and no more."""
    g = Game(seed=1, first=0)
    assert kernel.perft(g, 2, max_nodes=63) == kernel.perft(g, 2)
    with pytest.raises(ValueError, match="stopped after 62 positions"):
        kernel.perft(g, 2, max_nodes=62)
    with pytest.raises(ValueError, match="max_nodes"):
        kernel.perft(g, 8, max_nodes=1000)


@pytest.mark.parametrize("bad", [0, -5, 1.5, True, "9", 2**63, None])
def test_perft_refuses_a_bad_node_budget(bad):
    with pytest.raises(ValueError, match="max_nodes") as e:
        kernel.perft(Game(seed=1), 1, max_nodes=bad)
    assert len(str(e.value)) < 200


# ------------------------------------------------------------- bad input to the public API
# A hand-made state array could send the compiled kernel outside its arrays (a crash that
# takes a notebook's kernel with it): the public functions take a Game only.
@pytest.mark.parametrize("bad", [np.zeros(0, dtype=np.int64), np.full(layout.STATE_SIZE, 10**15),
                                 np.zeros(5, dtype=np.int64), np.zeros(layout.STATE_SIZE), object(), None,
                                 "x" * 5000], ids=["empty", "huge", "short", "float", "object", "none", "text"])
def test_legal_moves_and_state_of_take_a_game_only(bad):
    for call in (kernel.legal_moves, kernel.state_of):
        with pytest.raises(ValueError, match="Game") as e:
            call(bad)
        assert len(str(e.value)) < 200


@pytest.mark.parametrize("bad", ["x", 1, None, np.array([True])])
def test_legal_moves_refuses_claims_other_than_true_or_false(bad):
    with pytest.raises(ValueError, match="claims"):
        kernel.legal_moves(Game(seed=1), claims=bad)


def test_legal_moves_with_and_without_claims():
    g, rng = Game(seed=5), random.Random(5)
    for _ in range(30):
        g.play(rng.choice(g.legal_moves()))
    assert kernel.legal_moves(g, claims=np.bool_(False)) == sorted(g.legal_moves(claims=False), key=ALL_MOVES.index)
    assert kernel.legal_moves(g) == sorted(g.legal_moves(), key=ALL_MOVES.index)


@pytest.mark.parametrize("bad", [-1, MOVE_COUNT, 1.5, True, "3", None, 10**30])
def test_move_of_refuses_what_is_no_move_number(bad):
    with pytest.raises(ValueError, match="move number") as e:
        kernel.move_of(bad)
    assert len(str(e.value)) < 200


def test_move_of_reads_every_move_number():
    assert [kernel.move_of(i) for i in range(MOVE_COUNT)] == list(ALL_MOVES)
    assert kernel.move_of(np.int64(5)) == ALL_MOVES[5]


def test_games_agree_move_by_move():
    result = compare_games(range(12))          # 400 more in the slow tier
    assert result["disagreements"] == 0, result["problems"]
    assert result["positions"] > 900


@pytest.mark.parametrize("north_flags, south_flags", [((1, 3), (5,)), ((2,), (4, 6)), ((1,), (9,)), ((), ())])
def test_a_deadlock_goes_to_the_seat_holding_more_flags_in_the_kernel_as_in_the_engine(north_flags, south_flags):
    """Random games seldom end in a deadlock: these positions do (two idle turns in a row)."""
    from test_game import deadlock_game
    from battleline.standard.encoding import encode_move
    from battleline.standard.kernel.rules import apply_move
    g = deadlock_game(north_flags, south_flags)
    s = kernel.state_of(g)
    for move in ("pass", "end", "pass", "end"):
        g.play(move)
        apply_move(s, encode_move(g.moves[-1]))
    north, south = len(north_flags), len(south_flags)
    want = 0 if north > south else 1 if south > north else layout.DRAWN
    assert g.outcome().reason == "deadlock" and g.outcome().winner == (None if want == layout.DRAWN else want)
    assert (int(s[layout.WINNER]), layout.REASON_NAMES[s[layout.REASON]]) == (want, "deadlock")
    assert s[layout.PHASE] == layout.OVER


def test_a_broken_kernel_rule_is_caught(monkeypatch):
    """The comparison can fail: a kernel that forgets the Tactics limit disagrees."""
    from battleline.standard.kernel import check
    real = check.legal_moves

    def no_limit(s, buffer, claims):
        saved = s[layout.TACTICS_PLAYED:layout.TACTICS_PLAYED + 2].copy()
        s[layout.TACTICS_PLAYED:layout.TACTICS_PLAYED + 2] = 0
        n = real(s, buffer, claims)
        s[layout.TACTICS_PLAYED:layout.TACTICS_PLAYED + 2] = saved
        return n

    monkeypatch.setattr(check, "legal_moves", no_limit)
    assert compare_games(range(40))["disagreements"] > 0


@pytest.mark.slow
def test_perft_at_depth_four_on_sampled_positions():
    picked: list[Game] = []
    compare_games(range(200, 260), picked.append, random.Random(4))
    result = compare_perft(picked[:6], 4)
    assert result["disagreements"] == 0, result["problems"]


@pytest.mark.slow
def test_many_games_agree_move_by_move():
    result = compare_games(range(1000, 1400))
    assert result["disagreements"] == 0, result["problems"]


# ---------------------------------------------------------------- random games
def test_random_games_report_how_they_ended():
    r = kernel.random_games(50, seed=3, rules="both")
    assert r["games"] == 50 == r["north"] + r["south"] + r["drawn"] == sum(r["ends"].values())
    assert set(r["ends"]) <= {"envelopment", "breakthrough", "deadlock"}
    assert r["moves_mean"] > 40
    again = kernel.random_games(50, seed=3, rules="both")
    other = kernel.random_games(50, seed=4, rules="both")
    same = ("ends", "north", "south", "moves_mean")
    assert [again[k] for k in same] == [r[k] for k in same]     # the seed decides the games
    assert [other[k] for k in same] != [r[k] for k in same]


@pytest.mark.parametrize("n, seed, rules", [(0, 1, "standard"), (10**12, 1, "standard"), (1.5, 1, "standard"),
                                            (5, "x", "standard"), (5, 1, "chess"), (5, 1, "x" * 5000)])
def test_random_games_refuse_bad_input(n, seed, rules):
    with pytest.raises(ValueError) as e:
        kernel.random_games(n, seed, rules)
    assert len(str(e.value)) < 200


def test_state_of_reads_every_card_once():
    g = random_game(11)
    s = kernel.state_of(g)
    hands = [int(s[layout.HAND_TROOPS + p]) for p in (0, 1)]
    on_table = 0
    for p in (0, 1):
        for f in range(1, 10):
            for i in range(s[layout.SIDE_LEN + 10 * p + f]):
                on_table |= 1 << int(s[layout.SIDE_CARDS + 4 * (10 * p + f) + i])
    deck = sum(1 << int(c) for c in s[layout.TROOP_DECK:layout.TROOP_DECK + s[layout.DECK_LEN]])
    troops_on_table = on_table & TROOP_MASK
    assert hands[0] & hands[1] == 0 and (hands[0] | hands[1]) & deck == 0
    assert troops_on_table & ~int(s[layout.VISIBLE]) == 0


# ------------------------------------------------------ the shared random stream
# Drawn by the stream as kernel/play.py wrote it before both kernels shared one (commit
# 282ff54): sharing it must not change a single game.
SEED_9_STATE = -927973377059898154
SEED_9_DRAWS_BELOW_1000 = [910, 163, 257, 235, 388, 135, 121, 832]
THEN_SHUFFLED = [4, 1, 3, 8, 2, 5, 9, 0, 7, 6]


def test_the_shared_stream_draws_what_the_kernel_drew():
    rng = np.array([kernel.seed_stream(9)], dtype=np.int64)
    assert rng[0] == SEED_9_STATE
    assert [int(kernel_random.random_below(rng, 1000)) for _ in range(8)] == SEED_9_DRAWS_BELOW_1000
    values = np.arange(10, dtype=np.int64)
    kernel_random.shuffle(values, 10, rng)
    assert values.tolist() == THEN_SHUFFLED


def test_both_kernels_caches_follow_the_shared_stream(monkeypatch):
    """numba does not notice a change to a callee's file: each kernel package's cache folder is
    named by a fingerprint that covers the shared module, and the module's own functions cache
    in a folder of their own that follows only it (and the compile route's files)."""
    route = Path(compiled.__file__).resolve().parent
    package = route.parent
    places = [package / "standard" / "kernel", package / "ancient" / "kernel", route / "randomness.py"]
    for folder in places[:2]:
        assert route / "randomness.py" in compiled.kernel_sources(folder)
    assert [p.name for p in compiled.kernel_sources(places[2])] == ["__init__.py", "bits.py", "cache.py", "places.py",
                                                                   "randomness.py", "td.py", "walks.py"]
    before = [compiled.source_fingerprint(where) for where in places]
    assert len(set(before)) == 3
    monkeypatch.setattr(cache_places, "SHARED_KERNEL_FILES", (*cache_places.SHARED_KERNEL_FILES, "checks.py"))
    after = [compiled.source_fingerprint(where) for where in places]
    assert all(a != b for a, b in zip(after, before))


def test_a_kernel_preparation_runs_its_warm_up_once():
    calls = []
    preparation = compiled.Preparation("test preparation", lambda: calls.append(1))
    assert not preparation.ready() and not preparation.preparing()
    assert preparation.prepare() >= 0 and preparation.prepare() == 0.0
    assert calls == [1] and preparation.ready() and not preparation.preparing()
    assert kernel.prepare_kernel() >= 0 and kernel.kernel_ready() and not kernel.kernel_preparing()


def test_a_preparation_is_usable_when_ready_and_never_waits_for_one_in_the_background(monkeypatch):
    monkeypatch.setattr(compiled, "compiled", lambda: True)           # the compiled mode, in any mode
    release = threading.Event()
    slow = compiled.Preparation("test usable background", lambda: release.wait(60))
    slow.prepare(background=True)
    assert slow.preparing() and not slow.usable()     # answered at once: the warm-up still waits
    release.set()
    for _ in range(1000):
        if slow.ready():
            break
        time.sleep(0.01)
    assert slow.usable() and not slow.preparing()
    calls = []
    now = compiled.Preparation("test usable here", lambda: calls.append(1))
    assert now.usable() and now.ready() and now.usable() and calls == [1]   # prepared here, once


def test_without_compiled_code_a_preparation_is_never_usable_and_never_warms(monkeypatch):
    monkeypatch.setattr(compiled, "compiled", lambda: False)
    calls = []
    plain = compiled.Preparation("test usable plain", lambda: calls.append(1))
    assert plain.prepare(background=True) == 0.0 and not plain.preparing()
    assert not plain.usable() and calls == []


# ------------------------------------------------------------ plain Python mode
PLAIN_CHECK = """
from battleline import Game
from battleline.standard import kernel
from battleline.standard.kernel.check import compare_games, compare_perft
assert kernel.MODE == "python", kernel.MODE
r = compare_games(range(6))
assert r["disagreements"] == 0, r
p = compare_perft([Game(seed=s) for s in range(3)], 2)
assert p["disagreements"] == 0, p
g = kernel.random_games(3, seed=5)
assert g["games"] == 3 and g["mode"] == "python", g
print("plain python ok", r["positions"])
"""


def test_plain_python_mode():
    assert "plain python ok" in run_in_plain_python(PLAIN_CHECK)


@pytest.mark.slow      # a process of its own; test_plain_python_mode is the quick tier's
def test_both_modes_draw_the_same_random_games():
    code = "from battleline.standard import kernel; import json; r = kernel.random_games(4, seed=8); r.pop('cpu_seconds'); r.pop('mode'); print(json.dumps(r, sort_keys=True))"
    there = run_in_plain_python(code, timeout=300)
    here = kernel.random_games(4, seed=8)
    here.pop("cpu_seconds"), here.pop("mode")
    import json
    assert json.loads(there) == json.loads(json.dumps(here, sort_keys=True))


# ------------------------------------------------------------------ play-outs
@pytest.mark.parametrize("games", [6, pytest.param(12, marks=pytest.mark.slow)])
def test_the_play_out_policy_is_the_reference_greedy_play_out(games):
    """From turn starts of random games (standard rules), the kernel's play-out reaches the
    same final position as :func:`battleline.standard.bots.playout.play_out`, move for move."""
    from battleline.standard.bots.playout import play_out as reference_play_out
    from battleline.standard.kernel.check import comparable_state
    from battleline.standard.kernel.policy import play_out
    checked = 0
    for seed in range(0, 2 * games, 2):
        moves = random_game(seed).moves
        g = Game(seed=seed)
        for i, m in enumerate(moves):
            if g.phase == "play" and not g.turn_active and i % 9 == 0:
                world = g.copy()
                made = reference_play_out(world)
                s = kernel.state_of(g)
                assert play_out(s, 10_000) == made, (seed, i)
                assert np.array_equal(comparable_state(s), comparable_state(kernel.state_of(world))), (seed, i)
                checked += 1
            g.push(m)
    assert checked > 50 * games // 12
