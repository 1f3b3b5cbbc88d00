"""The Ancient Battles kernel against the engine: action numbers, perft, whole battles.

The kernel runs compiled here when numba is installed; ``test_plain_python_mode`` runs the
same checks again in a process with ``BATTLELINE_KERNEL=python``.
"""

from __future__ import annotations

import functools
import json
import random

import numpy as np
import pytest

from battleline.ancient import AncientGame
from battleline.ancient import kernel
from battleline.ancient.bots.evaluation import TERMS as PYTHON_TERMS, Weights
from battleline.ancient.bots.evaluation import evaluate as python_evaluate, evaluation_terms as python_terms
from battleline.ancient.bots.search import HardWeights, quick_reply
from battleline.ancient.kernel import effects, evaluation, layout, policy
from battleline.ancient.kernel.check import (
    RULE_SETS, SETTINGS, battle, comparable_state, compare_battles, compare_perft, reference_perft,
)
from battleline.ancient.kernel.rules import act, act5, field_of, legal_actions
from battleline.ancient.rules import Rules
from battleline.ancient.state import ADVANCED_RULES, PHASES
from util import run_in_plain_python


# ------------------------------------------------------------------ action numbers
def test_the_kernel_packs_action_numbers_as_the_layout_does():
    rng = random.Random(1)
    for _ in range(60):
        kind = rng.randrange(layout.KINDS)
        fields = [rng.randrange(-1, 70) for _ in range(5)]
        number = layout.pack(kind, *fields)
        assert act5(kind, *fields) == number
        assert act(kind, fields[0], fields[1]) == layout.pack(kind, fields[0], fields[1])
        assert [field_of(number, i) for i in range(5)] == [layout.field(number, i) for i in range(5)] == fields


def test_every_action_of_random_battles_decodes_to_itself():
    kinds = set()
    for seed in range(9):
        game = battle(SETTINGS[seed], seed, "all")
        rng = random.Random(seed)
        for _ in range(250):
            actions = game.legal_actions()
            if not actions:
                break
            for a in actions:
                number = layout.encode(a, game.width)
                assert layout.decode(number, game.width) == a, str(a)
                kinds.add(number % layout.KINDS)
            game.push(rng.choice(actions))
    assert len(kinds) >= 15


def test_state_of_reads_the_public_state():
    g = AncientGame.scenario("issus", seed=4, advanced="all")
    s = kernel.state_of(g)
    assert layout.PHASES == PHASES
    assert layout.OPTION_NAMES == ADVANCED_RULES
    assert int(s[layout.OPTIONS]) == 31 and layout.PHASES[s[layout.PHASE]] == "leader"
    assert int(s[layout.LEADER_CARD + 0]) == layout.DARIUS
    assert int(s[layout.HAND + 1]) == (1 << (layout.ALEXANDER - 60)) | (1 << (layout.COMPANION - 60))
    assert [int(x) for x in s[layout.DECK:layout.DECK + s[layout.DECK_LEN]]] == g.state.deck
    assert bin(int(s[layout.RESERVE + 1])).count("1") == len(g.state.army[1])


# ------------------------------------------------------------------ perft
@pytest.mark.parametrize("setting", SETTINGS)
def test_perft_equals_the_engine_at_the_start_of_every_setting(setting):
    for rules in ((), "all"):
        g = battle(setting, 5, rules)
        assert kernel.perft(g, 2) == reference_perft(g, 2) > 0


FULL_SAMPLE = range(0, 90, 5)       # the seeds of 18 random battles, two of each setting
QUICK_SAMPLE = range(0, 90, 10)     # one of each setting (about 116 positions): the quick tier's


@functools.lru_cache(maxsize=None)
def _sampled(seeds: range = FULL_SAMPLE) -> dict:
    """Positions sampled from random battles (by default 18, two of each setting), by setting;
    the battles are replayed in the kernel on the way, and must agree action by action."""
    picked: dict[str, list] = {name: [] for name in SETTINGS}
    result = compare_battles(seeds, lambda g, setting: picked[setting].append(g), limit=400)
    assert result["disagreements"] == 0, result["problems"]
    return picked


def _sampled_positions(seeds: range = FULL_SAMPLE) -> list:
    return [g for name in SETTINGS for g in _sampled(seeds)[name]]


SAMPLES = pytest.mark.parametrize("sample", [QUICK_SAMPLE, pytest.param(FULL_SAMPLE, marks=pytest.mark.slow)],
                                  ids=["quick", "full"])


def test_perft_equals_the_engine_on_sampled_positions_of_every_setting():
    # 2-4 s in either mode: in the quick tier, with the action-by-action check below
    picked = _sampled()
    games = [picked[name][len(picked[name]) // 2] for name in SETTINGS if picked[name]]
    assert len(games) == len(SETTINGS)
    result = compare_perft(games, 3)
    assert result["disagreements"] == 0, result["problems"]


def test_perft_follows_scripted_dice_and_leaves_the_game_unchanged():
    game = AncientGame.empty(seed=4, dice=[6, 4, 2], advanced=("rampage", "withdrawal"))
    game.put("c2", "Javalineers", "south")
    game.put("c3", "Elephants", "north")
    game.put("d3", "Light Cavalry", "north", disrupted=True)
    game.put("b2", "Peltasts", "south")
    game.play("end actions")
    before = game.position()
    for depth in range(4):
        assert kernel.perft(game, depth) == reference_perft(game, depth)
    assert game.position() == before and game.rolls == []


def test_perft_at_the_end_of_a_battle_is_zero():
    game = battle("marathon", 2, "all")
    rng = random.Random(2)
    while game.legal_actions():
        game.push(rng.choice(game.legal_actions()))
    assert kernel.perft(game, 1) == 0 == reference_perft(game, 1)
    assert kernel.perft(game, 0) == 1


@pytest.mark.parametrize("bad", [-1, 9, 2.0, "3", True, None])
def test_perft_refuses_a_bad_depth(bad):
    with pytest.raises(ValueError, match="depth") as e:
        kernel.perft(AncientGame.empty(seed=1), bad)
    assert len(str(e.value)) < 200


def test_perft_refuses_what_is_not_a_game():
    with pytest.raises(ValueError, match="AncientGame"):
        kernel.perft("x" * 5000, 1)


def test_perft_stops_at_its_node_budget():
    """Compiled code ignores Ctrl-C: a deep perft must stop at its budget with a ValueError.
    At depth 2 the walk plays each of the start's actions once (draw, end actions), no more."""
    game = AncientGame.empty(seed=1)
    assert kernel.perft(game, 2, max_nodes=2) == kernel.perft(game, 2) == reference_perft(game, 2)
    with pytest.raises(ValueError, match="stopped after 1 positions"):
        kernel.perft(game, 2, max_nodes=1)
    with pytest.raises(ValueError, match="max_nodes"):
        kernel.perft(battle("marathon", 3, "all"), 8, max_nodes=1000)


@pytest.mark.parametrize("bad", [0, -5, 1.5, True, "9", 2**63, None])
def test_perft_refuses_a_bad_node_budget(bad):
    with pytest.raises(ValueError, match="max_nodes") as e:
        kernel.perft(AncientGame.empty(seed=1), 1, max_nodes=bad)
    assert len(str(e.value)) < 200


# ------------------------------------------------------------- bad input to the public API
@pytest.mark.parametrize("bad", [object(), None, "x" * 5000, np.zeros(layout.STATE_SIZE, dtype=np.int64)],
                         ids=["object", "none", "text", "array"])
def test_state_of_and_legal_actions_take_a_game_only(bad):
    for call in (kernel.state_of, kernel.legal_actions):
        with pytest.raises(ValueError, match="AncientGame") as e:
            call(bad)
        assert len(str(e.value)) < 200


class MissingTerm:           # the second term, duel, is missing
    casualty_race = 1.0


class NotANumber(Weights):
    duel = "strong"


class Infinite(Weights):
    reach = float("inf")


@pytest.mark.parametrize("bad, words", [(object(), "casualty_race"), (MissingTerm, "duel"),
                                        (NotANumber, "duel"), (Infinite, "reach"), ("x" * 5000, "casualty_race")],
                         ids=["object", "missing", "text", "infinite", "long"])
def test_weights_array_names_a_missing_or_bad_weight(bad, words):
    with pytest.raises(ValueError, match=words) as e:
        kernel.weights_array(bad)
    assert len(str(e.value)) < 200


@pytest.mark.parametrize("number, width", [
    (1.5, 7), (-1, 9), (True, 9), ("3", 9), (None, 9), (10**40, 9),
    (layout.MOVE, 7),                                    # a move without its squares (g4-g4)
    (layout.pack(layout.MOVE, 40, 41), 7),               # squares off a field 7 wide
    (layout.pack(layout.END, 7), 9),                     # no such step
    (layout.pack(21 + 5), 9),                            # no such kind
    (layout.pack(layout.LEADER, 90), 9),                 # no such card
    (layout.pack(layout.MOVE, 11, 20), 8), (layout.pack(layout.MOVE, 11, 20), 9.0),
    (layout.pack(layout.MOVE, 11, 20), "x" * 5000),
], ids=lambda v: repr(v)[:20])
def test_decode_refuses_what_the_kernel_never_makes(number, width):
    with pytest.raises(ValueError) as e:
        kernel.decode(number, width)
    assert len(str(e.value)) < 200


def test_encode_refuses_what_is_no_action_on_the_field():
    from battleline.ancient.actions import Action
    move = Action.parse("c2-c3")
    for action, width in ((None, 9), ("c2-c3", 9), (Action.parse("k1-k2"), 7), (move, 8)):
        with pytest.raises(ValueError):
            kernel.encode(action, width)
    assert kernel.decode(kernel.encode(move, np.int64(9)), 9) == move


# ------------------------------------------------------------------ whole battles
def test_battles_agree_action_by_action_in_every_step():
    result = compare_battles(range(0, 144, 8), limit=300)     # every setting, most rule sets
    assert result["disagreements"] == 0, result["problems"]
    assert result["positions"] > 4000
    assert set(result["phases"]) == set(PHASES) - {"over"} | ({"over"} & set(result["phases"]))


def test_a_broken_kernel_rule_is_caught(monkeypatch):
    """The comparison can fail: a kernel that forgets that a card fires once disagrees."""
    from battleline.ancient.kernel import check
    real = check.legal_actions

    def fire_twice(s, buffer):
        saved = s[layout.FIRED]
        s[layout.FIRED] = 0
        n = real(s, buffer)
        s[layout.FIRED] = saved
        return n

    monkeypatch.setattr(check, "legal_actions", fire_twice)
    assert compare_battles(range(9), limit=300)["disagreements"] > 0


@pytest.mark.slow
def test_many_battles_agree_action_by_action_to_their_end():
    result = compare_battles(range(1000, 1000 + 2 * len(SETTINGS) * len(RULE_SETS)), limit=5000)
    assert result["disagreements"] == 0, result["problems"]


@pytest.mark.slow
def test_perft_at_depth_three_on_two_hundred_positions_in_every_setting():
    picked: dict[str, list] = {name: [] for name in SETTINGS}
    compare_battles(range(2000, 2000 + 6 * len(SETTINGS)), lambda g, setting: picked[setting].append(g),
                    limit=400)
    games = [g for name in SETTINGS for g in picked[name][:23]]
    assert len(games) >= 200
    result = compare_perft(games, 3)
    assert result["disagreements"] == 0, result["problems"]


@pytest.mark.parametrize("args, words", [
    (["--seed", "-7"], "--seed"), (["--seed", str(2**64), "--battles", "2"], "--seed"),
    (["--seed", str(2**64 + 1)], "--seed"),
    (["--limit", "100000000"], "--limit"), (["--limit", "-5"], "--limit"), (["--limit", "0"], "--limit")])
def test_the_check_command_refuses_a_bad_seed_or_limit(args, words, capsys):
    """--seed -7 crashed (the dice refuse it), --limit 100000000 asked for 6 GiB of dice."""
    from battleline.ancient.kernel import check
    with pytest.raises(SystemExit) as e:
        check.main(["--battles", "1", "--perft-positions", "0", *args])
    assert e.value.code == 2
    assert words in capsys.readouterr().err


def test_the_check_command_takes_the_largest_seed_and_limit(capsys):
    from battleline.ancient.kernel import check
    assert check.main(["--battles", "2", "--perft-positions", "0", "--seed", str(2**64 - 1), "--limit", "30"]) == 0
    assert json.loads(capsys.readouterr().out)["battles"]["battles"] == 2


@pytest.mark.parametrize("limit", [0, -5, 10**8, 2.5, True])
def test_compare_battles_refuses_a_bad_limit(limit):
    with pytest.raises(ValueError, match="limit"):
        compare_battles(range(1), limit=limit)


# ------------------------------------------------------------------ the dice
# Rolled by the kernel's own xorshift step before both kernels shared one stream (commit
# 282ff54): sharing it must not change a single roll.
SEED_4_ROLLS = [1, 6, 6, 5, 5, 6, 4, 3, 3, 6]
SEED_4_STATE_AFTER = -8547906144171990442


def test_the_dice_roll_what_they_rolled_before_the_stream_was_shared():
    s = np.zeros(layout.STATE_SIZE, dtype=np.int64)
    dice = np.zeros(layout.DICE_ROLLS + 16, dtype=np.int64)
    dice[layout.DICE_RNG] = kernel.seed_stream(4)
    assert [int(effects.roll(s, dice)) for _ in range(10)] == SEED_4_ROLLS
    assert dice[layout.DICE_RNG] == SEED_4_STATE_AFTER
    assert dice[layout.DICE_ROLLS:layout.DICE_ROLLS + 10].tolist() == SEED_4_ROLLS   # kept for copies
    s[layout.DICE_POS] = 3
    assert int(effects.roll(s, dice)) == SEED_4_ROLLS[3]                           # a known roll again


# ------------------------------------------------------------------ random battles
def test_random_battles_report_how_they_ended():
    r = kernel.random_battles(60, seed=3)
    assert r["battles"] == 60 == r["south"] + r["north"] + r["drawn"] == sum(r["ends"].values())
    assert set(r["ends"]) <= {"terrain", "casualties", "leader", "draw"}
    assert r["actions_mean"] > 100
    again = kernel.random_battles(60, seed=3)
    other = kernel.random_battles(60, seed=4)
    same = ("ends", "south", "north", "actions_mean")
    assert [again[k] for k in same] == [r[k] for k in same]     # the seed decides the battles
    assert [other[k] for k in same] != [r[k] for k in same]


@pytest.mark.parametrize("scenario", ["marathon", "raphia"])
def test_random_battles_in_other_scenarios_and_rules(scenario):
    r = kernel.random_battles(20, seed=1, scenario=scenario, advanced=())
    assert r["battles"] == 20 and "unfinished" not in r["ends"]


@pytest.mark.parametrize("n, seed, scenario, advanced", [
    (0, 1, "issus", "all"), (10**12, 1, "issus", "all"), (1.5, 1, "issus", "all"), (5, "x", "issus", "all"),
    (5, 1, "troy", "all"), (5, 1, "x" * 5000, "all"), (5, 1, "issus", "chess")])
def test_random_battles_refuse_bad_input(n, seed, scenario, advanced):
    with pytest.raises(ValueError) as e:
        kernel.random_battles(n, seed, scenario, advanced)
    assert len(str(e.value)) < 200


# ------------------------------------------------------------ plain Python mode
PLAIN_CHECK = """
from battleline.ancient import kernel
from battleline.ancient.kernel.check import battle, compare_battles, compare_perft
assert kernel.MODE == "python", kernel.MODE
r = compare_battles(range(0, 36, 4), limit=60)
assert r["disagreements"] == 0, r
p = compare_perft([battle("issus", 1, "all"), battle("raphia", 2, ())], 2)
assert p["disagreements"] == 0, p
b = kernel.random_battles(2, seed=5)
assert b["battles"] == 2 and b["mode"] == "python", b
print("plain python ok", r["positions"])
"""


@pytest.mark.slow
def test_plain_python_mode():
    assert "plain python ok" in run_in_plain_python(PLAIN_CHECK)


def test_both_modes_play_the_same_random_battles():
    code = ("from battleline.ancient import kernel; import json; r = kernel.random_battles(3, seed=8); "
            "r.pop('cpu_seconds'); r.pop('mode'); print(json.dumps(r, sort_keys=True))")
    there = run_in_plain_python(code, timeout=300)
    here = kernel.random_battles(3, seed=8)
    here.pop("cpu_seconds"), here.pop("mode")
    assert json.loads(there) == json.loads(json.dumps(here, sort_keys=True))


# ------------------------------------------------------- evaluation and play-out policy
class OptionalTerms(Weights):
    """Every switch turned the other way, and the terms computed only when weighed left out,
    to check them too."""

    army_scale, pull_mounted, reach, duel, stall_advance = 1.0, False, False, 0.0, 0.0


@SAMPLES
@pytest.mark.parametrize("weights", [Weights, HardWeights, OptionalTerms])
def test_the_evaluation_equals_the_python_evaluation(weights, sample):
    params = kernel.weights_array(weights)
    terms = np.zeros(len(evaluation.TERMS))
    checked = 0
    for g in _sampled_positions(sample):
        s = kernel.state_of(g)
        for side in (0, 1):
            if g.state.outcome is None:
                want = python_terms(g, side, w=weights)
                evaluation.evaluation_terms(s, side, params, terms)
                assert list(terms) == pytest.approx([want[name] for name in evaluation.TERMS], abs=1e-9)
            assert evaluation.evaluate(s, side, params, terms) == pytest.approx(python_evaluate(g, side, w=weights),
                                                                                 abs=1e-7)
            checked += 1
    assert checked > (400 if sample == FULL_SAMPLE else 200) and evaluation.TERMS == PYTHON_TERMS


RACE = (policy.RACE_WEIGHT, policy.GUARD_WEIGHT)        # the race policy's weights, in Python


@SAMPLES
@pytest.mark.parametrize("race", [None, RACE], ids=["greedy", "race"])
def test_the_play_out_policy_chooses_as_quick_reply(sample, race):
    params = policy.policy_params(Weights, race=race is not None)
    buffer, scratch = np.empty(layout.MAX_ACTIONS, dtype=np.int64), np.empty(layout.MAX_ACTIONS, dtype=np.int64)
    copy, terms = np.empty(layout.STATE_SIZE, dtype=np.int64), np.empty(len(evaluation.TERMS))
    phases = set()
    for g in _sampled_positions(sample)[::3]:
        if not g.legal_actions():
            continue
        s = kernel.state_of(g)
        n = legal_actions(s, buffer)
        got = policy.quick_reply(s, layout.dice_of(g, 400), params, buffer, n, copy, scratch, terms)
        assert layout.decode(got, g.width) == quick_reply(g, Rules(g.state), race=race), g.position()
        phases.add(g.phase)
    assert {"actions", "fire", "melee", "deploy"} <= phases


@pytest.mark.parametrize("race", [None, RACE], ids=["greedy", "race"])
def test_a_play_out_plays_as_quick_reply_for_both_sides(race):
    for seed, setting in ((3, "issus"), (4, "raphia"), (5, "points2")):
        g = battle(setting, seed, "all")
        rng = random.Random(seed)
        for _ in range(120):                     # into the battle
            g.push(rng.choice(g.legal_actions()))
        s, dice = kernel.state_of(g), layout.dice_of(g, 2000)
        played = policy.play_out(s, dice, policy.policy_params(Weights, race=race is not None), 40)
        for _ in range(played):
            g.push(quick_reply(g, Rules(g.state), race=race))
        assert played == 40 or not g.legal_actions()
        assert np.array_equal(comparable_state(s), comparable_state(kernel.state_of(g))), (setting, seed)
