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


@pytest.mark.slow
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


def saved_games(path, wins_a, wins_b):
    """A save file of ``wins_a + wins_b`` games of easy against medium, as the arena writes."""
    rows = []
    for i in range(wins_a + wins_b):
        r = GameResult(i // 2, i % 2, "a" if i < wins_a else "b", "breakthrough", 0, [0.1], [0.2], 30)
        rows.append(json.dumps({"a": "medium", "b": "easy", "move_time": None, "rules": "standard", **r.__dict__}))
    path.write_text("\n".join(rows) + "\n")
    return str(path)


def test_the_report_says_1_win_not_1_wins(tmp_path, capsys):
    from battleline.arena import main
    main(["medium", "easy", "--combine", saved_games(tmp_path / "m.jsonl", 19, 1)])
    out = capsys.readouterr().out
    assert "easy: 1 win, 5.0%" in out and "medium: 19 wins" in out


def test_a_clean_sweep_reports_an_elo_bound_not_infinity(tmp_path, capsys):
    from battleline.arena import main
    path = saved_games(tmp_path / "m.jsonl", 20, 0)
    main(["medium", "easy", "--combine", path])
    out = capsys.readouterr().out
    # 20 of 20: the score's 95% Wilson interval starts at 0.8389, an Elo of 286.6
    assert "Elo medium - easy: at least 286.6 (the lower end of the 95% interval: easy won no game)" in out
    assert "inf" not in out
    main(["medium", "easy", "--combine", path, "--json"])
    s = json.loads(capsys.readouterr().out)
    assert (s["elo_a_minus_b"], s["elo_a_minus_b_is"]) == (286.6, "lower bound")
    assert s["elo_a_minus_b"] == round(elo_difference(wilson(20, 20)[0]), 1)


README_ANCIENT = "python -m battleline.arena medium easy --game ancient --scenario issus --games 10"


def test_the_readme_shows_the_ancient_arena():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("## Bots and the arena", 1)[1].split("\n## ", 1)[0]
    assert README_ANCIENT in section


@pytest.mark.slow
def test_the_readmes_ancient_arena_command_runs(capsys):
    from battleline.arena import main
    main(README_ANCIENT.split()[3:-1] + ["2", "--json"])
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 2 and list(s["scenarios"]) == ["issus"]


def test_json_reports_the_games_each_node_played():
    s = run_arena("easy", "easy", 4, seed=2, jobs=2)
    assert list(s["nodes"].values()) == [4] and s["resumed"] == 0


def test_a_stopped_run_resumes_from_its_save_file(tmp_path):
    whole = run_arena("easy", "easy", 10, seed=40, save=str(tmp_path / "whole.jsonl"))
    lines = (tmp_path / "whole.jsonl").read_text().splitlines()
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(lines[:5]) + "\n" + lines[5][:30])    # stopped while writing game 6
    resumed = run_arena("easy", "easy", 10, seed=40, save=str(part), resume=True)
    assert resumed["resumed"] == 5 and sum(resumed["nodes"].values()) == 5
    timing = {k for k in whole if "move_s" in k} | {"nodes", "resumed"}
    assert {k: v for k, v in resumed.items() if k not in timing} == \
        {k: v for k, v in whole.items() if k not in timing}

    def games(path):
        return sorted(tuple(v for k, v in json.loads(line).items() if not k.startswith("times"))
                      for line in path.read_text().splitlines())
    assert games(part) == games(tmp_path / "whole.jsonl")        # every game once, none skipped
    with pytest.raises(ValueError, match="another match"):
        run_arena("easy", "medium", 10, seed=40, save=str(part), resume=True)
