"""The Ancient Battles arena: its statistics on known inputs, saving and combining, and a
tiny real match (quick)."""

import json

import pytest

from battleline.arena import main
from battleline.arena.ancient import (AncientResult, combine_ancient, play_battle, report, run_ancient_arena,
                                      scenario_for, split_deals, summarize)


def result(deal, a_seat, winner, reason="casualties", scenario="issus", turns=10):
    return AncientResult(deal, a_seat, winner, reason, scenario, turns, [0.1, 0.3], [0.2], [0.4], [0.2, 0.6])


def test_summary_of_known_results():
    results = [result(0, 0, "a"), result(0, 1, "a", "terrain", turns=20),
               result(1, 0, "b", "leader", "marathon", 4), result(1, 1, None, "draw", "marathon", 30)]
    s = summarize(results, "x", "y")
    assert (s["games"], s["wins_a"], s["wins_b"], s["draws"]) == (4, 2, 1, 1)
    assert s["score_a"] == 0.625
    assert s["ci95_a"] == [0.15, 0.85]                 # Wilson 2 of 4
    assert s["elo_a_minus_b"] == 88.7                  # -400 log10(1/0.625 - 1)
    assert s["ends"] == {"casualties": 1, "draw": 1, "leader": 1, "terrain": 1}
    assert s["turns"] == {"mean": 16.0, "median": 15.0, "max": 30,
                          "by_end": {"casualties": 10.0, "draw": 30.0, "leader": 4.0, "terrain": 20.0}}
    # south: deal 0 seat 0 (A south, A won), deal 0 seat 1 (A north won), deal 1 seat 0 (B north won)
    assert s["scenarios"]["issus"]["south_wins"] == 1 and s["scenarios"]["issus"]["north_wins"] == 1
    assert s["scenarios"]["marathon"] == {"games": 2, "wins_a": 0, "wins_b": 1, "draws": 1, "south_wins": 0,
                                          "north_wins": 1, "south_rate": 0.0, "south_ci95": [0.0, 0.6576]}
    assert s["south_win_rate"] == 0.25
    assert s["decision_s_a"] == {"median": 0.2, "max": 0.3, "n": 8}
    assert s["player_turn_s_b"] == {"median": 0.4, "max": 0.6, "n": 8}


def test_split_deals_count_the_deals_one_bot_won_from_both_sides():
    results = ([result(d, 0, "a") for d in range(3)] + [result(d, 1, "a") for d in range(3)]   # A won 0-2 twice
               + [result(3, 0, "b"), result(3, 1, "b")]                  # B won deal 3 from both sides
               + [result(4, 0, "a"), result(4, 1, "b")]                  # the same seat (south) won both
               + [result(5, 0, None, "draw"), result(5, 1, "b")]          # a draw: not split
               + [result(6, 1, "a")])                                     # its other battle missing
    d = split_deals(results)
    assert (d["deals"], d["wins_a"], d["wins_b"]) == (4, 3, 1)
    assert d["rate_a"] == 0.75 and d["ci95_a"] == [0.3006, 0.9544]       # Wilson 3 of 4
    assert (d["same_side"], d["with_draw"], d["unpaired"]) == (1, 1, 1)
    s = summarize(results, "x", "y")
    assert s["split_deals"] == d
    text = report(s)
    assert "won with both armies: x 3, y 1 (x 75.0% of those, 95% CI 30.1%-95.4%)" in text
    assert "the same army won both battles (the deal favoured it): 1; a draw in one: 1; deals with one battle only: 1" in text
    none = summarize([result(0, 0, "a"), result(0, 1, "b")], "x", "y")
    assert none["split_deals"]["deals"] == 0 and none["split_deals"]["ci95_a"] == [0.0, 1.0]
    assert ("won with both armies: x 0, y 0; the same army won both battles (the deal favoured it): 1"
            in report(none))


def test_a_clean_sweep_gives_an_elo_bound_not_infinity():
    s = summarize([result(0, 0, "a"), result(0, 1, "a")], "x", "y")
    # 2 of 2: the Wilson interval's lower end is 0.3424, an Elo of -400 log10(1/0.3424 - 1)
    assert (s["elo_a_minus_b"], s["elo_a_minus_b_is"]) == (-113.4, "lower bound") and s["ci95_a"][1] == 1.0
    lost = summarize([result(0, 0, "b"), result(0, 1, "b")], "x", "y")
    assert (lost["elo_a_minus_b"], lost["elo_a_minus_b_is"]) == (113.4, "upper bound")
    empty = summarize([], "x", "y")
    assert empty["games"] == 0 and empty["elo_a_minus_b"] is None


def test_scenarios_cycle():
    assert [scenario_for("all", d) for d in range(8)] == [
        "cunaxa", "issus", "gaugamela", "indus", "marathon", "sicily", "raphia", "cunaxa"]
    assert scenario_for("points", 3) == "points" and scenario_for("indus", 3) == "indus"


def test_paired_battle_swaps_sides_with_the_same_deal():
    one = play_battle("easy", "easy", 5, 0, "marathon")
    other = play_battle("easy", "easy", 5, 1, "marathon")
    assert one.scenario == other.scenario == "marathon"
    assert one.reason in ("terrain", "casualties", "leader", "draw") and one.turns >= 1
    again = play_battle("easy", "easy", 5, 0, "marathon")
    assert (again.winner, again.reason, again.turns) == (one.winner, one.reason, one.turns)


def test_save_combine_and_cli(tmp_path, capsys):
    path = tmp_path / "m.jsonl"
    s = run_ancient_arena("easy", "easy", 2, seed=3, scenario="points", save=str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[0])["scenario"] == "points"
    assert combine_ancient([str(path)]) == {k: v for k, v in s.items() if k not in ("nodes", "resumed")}
    with pytest.raises(ValueError, match="same battle twice"):
        combine_ancient([str(path), str(path)])
    main(["easy", "easy", "--game", "ancient", "--combine", str(path), "--json"])
    combined = json.loads(capsys.readouterr().out)
    assert combined["games"] == 2 and combined["split_deals"] == s["split_deals"]
    assert sum(combined["split_deals"][k] for k in ("deals", "same_side", "with_draw")) == 1
    main(["easy", "easy", "--game", "ancient", "--combine", str(path)])
    assert "deals fought twice with the armies swapped: 1; won with both armies: " in capsys.readouterr().out


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="unknown scenario"):
        run_ancient_arena("easy", "easy", 2, scenario="troy")
    with pytest.raises(ValueError, match="unknown Ancient Battles bot"):
        run_ancient_arena("easy", "nobody", 2)
    with pytest.raises(SystemExit):
        main(["easy", "easy", "--game", "ancient", "--advanced", "catapults"])


def test_a_battle_past_the_turn_limit_is_a_draw(monkeypatch):
    import battleline.arena.ancient as arena
    monkeypatch.setattr(arena, "MAX_TURNS", 1)
    r = arena.play_battle("medium", "medium", 2, 0, "marathon")
    assert (r.winner, r.reason, r.turns) == (None, "turn limit", 2)


def test_a_bad_saved_battle_is_refused_naming_its_file_and_line(tmp_path):
    """Each line of an Ancient Battles save file is checked as the standard game's are: here
    a battle bot A played from seat 7, which used to be counted."""
    settings = {"a": "easy", "b": "easy", "game": "ancient", "scenarios": "issus", "advanced": [], "turn_time": None}
    rows = [{**settings, **vars(result(d, s, "a"))} for d in range(2) for s in (0, 1)]
    rows[2]["a_seat"] = 7
    path = tmp_path / "battles.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    before = path.read_bytes()
    with pytest.raises(ValueError, match=r"battles\.jsonl' line 3: a_seat must be 0 or 1, not 7"):
        combine_ancient([str(path)])
    with pytest.raises(ValueError, match=r"battles\.jsonl' line 3: a_seat must be 0 or 1, not 7"):
        run_ancient_arena("easy", "easy", 4, seed=0, scenario="issus", save=str(path), resume=True)
    assert path.read_bytes() == before
