"""The Ancient Battles kernel against the engine: action numbers, perft, whole battles.

The kernel runs compiled here when numba is installed; ``test_plain_python_mode`` runs the
same checks again in a process with ``BATTLELINE_KERNEL=python``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from battleline.ancient import AncientGame
from battleline.ancient import kernel
from battleline.ancient.kernel import layout
from battleline.ancient.kernel.check import (
    RULE_SETS, SETTINGS, battle, compare_battles, compare_perft, reference_perft,
)
from battleline.ancient.kernel.rules import act, act5, field_of
from battleline.ancient.state import ADVANCED_RULES, PHASES


# ------------------------------------------------------------------ action numbers
def test_the_kernel_packs_action_numbers_as_the_layout_does():
    rng = random.Random(1)
    for _ in range(300):
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


def test_perft_equals_the_engine_on_sampled_positions_of_every_setting():
    picked: dict[str, list] = {name: [] for name in SETTINGS}
    compare_battles(range(40, 58), lambda g, setting: picked[setting].append(g), limit=200)
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


# ------------------------------------------------------------------ whole battles
def test_battles_agree_action_by_action_in_every_step():
    result = compare_battles(range(0, 360, 10), limit=300)    # every setting, every rule set
    assert result["disagreements"] == 0, result["problems"]
    assert result["positions"] > 5000
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
r = compare_battles(range(9), limit=120)
assert r["disagreements"] == 0, r
p = compare_perft([battle("issus", 1, "all"), battle("raphia", 2, ())], 2)
assert p["disagreements"] == 0, p
b = kernel.random_battles(2, seed=5)
assert b["battles"] == 2 and b["mode"] == "python", b
print("plain python ok", r["positions"])
"""


def test_plain_python_mode():
    env = {**os.environ, "BATTLELINE_KERNEL": "python"}
    out = subprocess.run([sys.executable, "-c", PLAIN_CHECK], capture_output=True, text=True, env=env,
                         timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "plain python ok" in out.stdout


def test_both_modes_play_the_same_random_battles():
    env = {**os.environ, "BATTLELINE_KERNEL": "python"}
    code = ("from battleline.ancient import kernel; import json; r = kernel.random_battles(3, seed=8); "
            "r.pop('cpu_seconds'); r.pop('mode'); print(json.dumps(r, sort_keys=True))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    here = kernel.random_battles(3, seed=8)
    here.pop("cpu_seconds"), here.pop("mode")
    assert json.loads(out.stdout) == json.loads(json.dumps(here, sort_keys=True))
