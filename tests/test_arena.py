"""The arena's statistics, checked against values computed by hand."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from battleline.arena import GameResult, elo_difference, run_arena, summarize, wilson


def test_wilson_interval_by_hand():
    # p = 0.8, n = 100, z = 1.96: centre = (0.8 + 1.96^2/200) / (1 + 1.96^2/100) = 0.7859...
    lo, hi = wilson(80, 100)
    z = 1.959964
    denom = 1 + z * z / 100
    centre = (0.8 + z * z / 200) / denom
    half = z * math.sqrt(0.8 * 0.2 / 100 + z * z / 40000) / denom
    assert (lo, hi) == (round(centre - half, 4), round(centre + half, 4))
    assert (lo, hi) == (0.7112, 0.8666)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_elo_by_hand():
    assert elo_difference(0.5) == 0
    assert round(elo_difference(0.75), 1) == 190.8   # 400 * log10(3)
    assert round(elo_difference(0.25), 1) == -190.8
    assert elo_difference(1.0) == math.inf


def test_summary_counts():
    results = [
        GameResult(0, 0, "a", "breakthrough", 0, [0.1, 0.3], [0.2], 10),
        GameResult(0, 1, "a", "envelopment", 0, [0.5], [0.4, 0.6], 12),
        GameResult(1, 0, "b", "breakthrough", 1, [0.2], [0.1], 8),
        GameResult(1, 1, None, "deadlock", 1, [0.2], [0.3], 20),
    ]
    s = summarize(results, "x", "y")
    assert (s["games"], s["wins_a"], s["wins_b"], s["draws"]) == (4, 2, 1, 1)
    assert s["win_rate_a"] == 0.5 and s["score_a"] == 0.625
    assert s["ends"] == {"breakthrough": 2, "envelopment": 1, "deadlock": 1}
    # first player won: game 1 (a in seat 0, first 0, a won) yes; game 2 (a seat 1, first 0, a won) no;
    # game 3 (a seat 0, first 1, b won -> b is first) yes; game 4 draw: no.
    assert s["first_player_win_rate"] == 0.5
    assert s["median_move_s_a"] == 0.2 and s["max_move_s_a"] == 0.5
    assert s["median_move_s_b"] == 0.3 and s["max_move_s_b"] == 0.6
    assert s["elo_a_minus_b"] == round(elo_difference(0.625), 1)


@pytest.mark.slow
def test_arena_command_json():
    out = subprocess.run([sys.executable, "-m", "battleline.arena", "medium", "easy", "--games", "4",
                          "--seed", "3", "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    for key in ("games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95_a", "elo_a_minus_b",
                "median_move_s_a", "median_move_s_b", "max_move_s_a", "max_move_s_b"):
        assert key in s
    assert s["games"] == 4 and len(s["ci95_a"]) == 2


def test_arena_rejects_unknown_bots():
    out = subprocess.run([sys.executable, "-m", "battleline.arena", "nobody", "easy", "--games", "2"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "unknown bot" in out.stderr


def test_saved_parts_combine_into_one_summary(tmp_path):
    from battleline.arena import combine, run_arena
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    whole = run_arena("easy", "easy", 8, seed=5)
    run_arena("easy", "easy", 4, seed=5, save=str(first))
    run_arena("easy", "easy", 4, seed=7, save=str(second))
    combined = combine([str(first), str(second)])
    timing = {k for k in whole if "move_s" in k} | {"nodes", "resumed"}   # a run's, not the games' 
    assert {k: v for k, v in combined.items() if k not in timing} == \
        {k: v for k, v in whole.items() if k not in timing}
    with pytest.raises(ValueError, match="same game twice"):
        combine([str(first), str(first)])
    part = combine([str(first), str(second)], deals=(7, 8))
    assert part["games"] == 4 and part == combine([str(second)])
    with pytest.raises(ValueError, match="no saved game"):
        combine([str(first)], deals=(100, 200))


def test_the_arena_knows_greedy_by_name():
    s = run_arena("greedy", "easy", 2, seed=3)
    assert s["bot_a"] == "greedy" and s["games"] == 2 and s["wins_a"] + s["wins_b"] + s["draws"] == 2
