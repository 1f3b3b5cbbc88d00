"""The arena's statistics, checked against values computed by hand."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import time

import pytest

from battleline.arena import GameResult, elo_difference, run_arena, summarize, wilson
from battleline.arena import standard as arena_standard


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


# ------------------------------------------------------------------ every saved line checked
GOOD = {"a": "medium", "b": "easy", "move_time": None, "rules": "standard", "deal": 50, "a_seat": 0, "winner": "a",
        "reason": "breakthrough", "first": 0, "times_a": [0.1], "times_b": [0.2], "moves": 30}
BAD_LINES = {
    "a list": ("[1, 2]", "is not a game"),
    "a number": ("5", "is not a game"),
    "null": ("null", "is not a game"),
    "no deal": (json.dumps({k: v for k, v in GOOD.items() if k != "deal"}), "has no 'deal'"),
    "no setting": (json.dumps({k: v for k, v in GOOD.items() if k != "rules"}), "has no 'rules'"),
    "a string deal": (json.dumps({**GOOD, "deal": "50"}), 'deal must be a whole number, not "50"'),
    "an unknown field": (json.dumps({**GOOD, "zzz": 1}), "unknown field 'zzz'"),
    "nested too deep": ("[" * 100000 + "]" * 100000, "is not JSON"),
    "not JSON": ("{oops", "is not JSON"),
    "not UTF-8": (b'{"a": "\xff"}', "is not JSON"),
    # the line: accepted, it made the summary of --games 20 say 21 games
    "a seat 7 and a winner zzz": (json.dumps({**GOOD, "deal": 9, "a_seat": 7, "winner": "zzz"}), "must be"),
    "a winner zzz": (json.dumps({**GOOD, "winner": "zzz"}), 'winner must be "a" or "b" or null, not "zzz"'),
    "a NaN time": (json.dumps({**GOOD, "times_a": [float("nan")]}), "times_a must be a list of (a finite number)"),
    "true for a number": (json.dumps({**GOOD, "moves": True}), "moves must be a whole number, not true"),
    "a first player 2": (json.dumps({**GOOD, "first": 2}), "first must be 0 or 1, not 2"),
    "another match": (json.dumps({**GOOD, "b": "hard"}), "is another match"),
}


def with_bad_line(tmp_path, bad) -> tuple:
    """A save file of 20 games with ``bad`` as its third line, ended by a stopped run's cut line."""
    path = tmp_path / "m.jsonl"
    lines = saved_games(path, 10, 10) and path.read_bytes().splitlines(keepends=True)
    bad = bad if isinstance(bad, bytes) else bad.encode()
    path.write_bytes(b"".join(lines[:2]) + bad + b"\n" + b"".join(lines[2:]) + lines[2][:25])
    return path, path.read_bytes()


@pytest.mark.parametrize("case", BAD_LINES)
def test_a_bad_saved_line_is_refused_naming_its_file_and_line(tmp_path, case):
    bad, says = BAD_LINES[case]
    path, before = with_bad_line(tmp_path, bad)
    from battleline.arena import combine
    with pytest.raises(ValueError, match=r"m\.jsonl' line 3") as refused:
        run_arena("medium", "easy", 20, seed=0, save=str(path), resume=True)
    assert says in str(refused.value)
    assert path.read_bytes() == before                    # refused without changing the file
    with pytest.raises(ValueError, match=r"m\.jsonl' line 3"):
        combine([str(path)])


def test_the_command_refuses_a_bad_save_file_without_a_traceback(tmp_path, capsys):
    from battleline.arena import main
    path, before = with_bad_line(tmp_path, BAD_LINES["a seat 7 and a winner zzz"][0])
    for extra in (["--save", str(path), "--resume"], ["--combine", str(path)]):
        with pytest.raises(SystemExit) as exit_:
            main(["medium", "easy", "--games", "20", *extra])
        err = capsys.readouterr().err
        assert exit_.value.code == 2 and "Traceback" not in err
        assert re.search(r"error: '.*m\.jsonl' line 3: winner must be \"a\" or \"b\" or null, not \"zzz\"", err), err
    assert path.read_bytes() == before
    for extra in (["--save", str(tmp_path)], ["--combine", str(tmp_path / "none.jsonl")]):
        with pytest.raises(SystemExit) as exit_:
            main(["medium", "easy", "--games", "20", *extra])
        err = capsys.readouterr().err
        assert exit_.value.code == 2 and "Traceback" not in err and ("folder" in err or "cannot read" in err)


def test_ctrl_c_in_the_command_says_what_is_saved_without_a_traceback(tmp_path, capsys, monkeypatch):
    import battleline.arena as arena
    real = arena_standard.play_from_settings

    def pressed_at_deal_2(settings, deal, a_seat):
        if deal == 2:
            raise KeyboardInterrupt
        return real(settings, deal, a_seat)

    monkeypatch.setattr(arena_standard, "play_from_settings", pressed_at_deal_2)
    path = tmp_path / "run.jsonl"
    try:
        with pytest.raises(SystemExit) as exit_:
            arena.main(["easy", "easy", "--games", "8", "--save", str(path), "--json"])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C came out as a KeyboardInterrupt")
    out, err = capsys.readouterr()
    saved = len(path.read_text().splitlines())
    assert exit_.value.code == 130 and out == "" and "Traceback" not in err
    assert f"stopped by Ctrl-C. {saved} of the 8 games are saved in" in err and "--resume" in err


def test_a_long_match_holds_no_record_per_game(monkeypatch):
    """The summary is counted as games come: 5,000 more games take no more memory (the
    durations past the exact window go into bins). Before, each game stayed in a list."""
    import tracemalloc
    import battleline.arena as arena
    import battleline.scoring as scoring
    monkeypatch.setattr(scoring, "EXACT_DURATIONS", 500, raising=False)

    def quick_game(settings, deal, a_seat):
        times = [0.001 * (1 + (deal + i) % 7) for i in range(10)]
        return GameResult(deal, a_seat, "ab"[deal % 2], "breakthrough", deal % 2, times, times[:5], 20)

    monkeypatch.setattr(arena_standard, "play_from_settings", quick_game)

    def peak(games):
        tracemalloc.start()
        try:
            s = run_arena("easy", "easy", games)
            return tracemalloc.get_traced_memory()[1], s
        finally:
            tracemalloc.stop()

    # the least of two runs each: tracemalloc counts every thread, and another test's kernel
    # may still be compiling in the background while one of them runs
    small = min(peak(1000)[0] for _ in range(2))
    (large, s), (again, _) = peak(6000), peak(6000)
    large = min(large, again)
    assert (s["games"], s["wins_a"], s["median_move_s_a"], s["max_move_s_a"]) == (6000, 3000, 0.004, 0.007)
    assert large - small < 500_000, (small, large)


# ------------------------------------------------------------------ compressed save files
def test_a_gzip_save_file_is_written_resumed_and_combined_as_a_plain_one(tmp_path):
    import gzip
    from battleline.arena import combine
    plain = run_arena("easy", "easy", 8, seed=41, save=str(tmp_path / "plain.jsonl"))
    packed = tmp_path / "run.jsonl.gz"
    run_arena("easy", "easy", 4, seed=41, save=str(packed))
    resumed = run_arena("easy", "easy", 8, seed=41, save=str(packed), resume=True)
    assert resumed["resumed"] == 4
    lines = gzip.open(packed, "rt").read().splitlines()
    assert len(lines) == 8 and packed.read_bytes()[:2] == b"\x1f\x8b"          # gzip members, 8 games
    untimed = lambda s: {k: v for k, v in s.items() if "move_s" not in k and k not in ("nodes", "resumed")}  # noqa: E731
    assert untimed(combine([str(packed)])) == untimed(combine([str(tmp_path / "plain.jsonl")])) == untimed(plain)
    packed.write_bytes(packed.read_bytes()[:-7])                                  # damaged
    with pytest.raises(ValueError, match="run.jsonl.gz"):
        combine([str(packed)])


def test_the_arena_times_only_decisions_with_a_card_to_choose():
    from battleline.arena.standard import has_card_choice, play_game
    from battleline import Game
    r = play_game("easy", "easy", deal=3, a_seat=0)
    g, decisions = Game(seed=3), 0
    from battleline.standard.bots import RandomBot
    bots = [RandomBot(seed=6), RandomBot(seed=7)]       # the arena's seeds for deal 3, a_seat 0
    while not g.is_over():
        decisions += has_card_choice(g)
        g.play(bots[g.to_move].choose(g.observation(g.to_move)))
    assert len(r.times_a) + len(r.times_b) == decisions < r.moves
    draw = Game(seed=3)
    draw.play(draw.legal_moves(claims=False)[0])
    assert draw.phase == "draw" and not has_card_choice(draw)



@pytest.mark.parametrize("a_seat", [0, 1])
def test_each_bots_think_times_are_its_own(monkeypatch, a_seat):
    """Bot A thinks 1 s a decision and bot B 3 s on a stand-in clock: A's times are all 1 s,
    B's all 3 s, from either seat, and the summary's medians say so."""
    from battleline.standard.bots import RandomBot
    clock = [0.0]

    def make(spec, seed=None):
        bot = RandomBot(seed=seed)
        seconds = {"a": 1.0, "b": 3.0}[spec]
        real = bot.choose

        def choose(obs):
            clock[0] += seconds
            return real(obs)
        bot.choose = choose
        return bot
    monkeypatch.setattr(arena_standard, "bot_from_spec", make)
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])     # the referee's clock (arena.play)
    r = arena_standard.play_game("a", "b", deal=4, a_seat=a_seat)
    assert r.times_a and set(r.times_a) == {1.0}
    assert r.times_b and set(r.times_b) == {3.0}
    s = summarize([r], "a", "b")
    assert (s["median_move_s_a"], s["median_move_s_b"]) == (1.0, 3.0)
