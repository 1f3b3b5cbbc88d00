"""The runner (battleline.runner): streaming with a bounded number of games in flight,
saving as games end, resuming, a dead worker process replaced, the checks of jobs and games.
The Ray backend is tested against a real two-node cluster in tests/test_cluster.py."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from battleline.runner import MAX_CHUNK, check_jobs, load_saved, max_jobs, play_match, run_games
from util import load_experiment


@dataclass
class Echo:
    deal: int
    a_seat: int
    value: int


def echo(settings: dict, deal: int, a_seat: int) -> Echo:
    """A game whose result is a function of its deal and seat only."""
    return Echo(deal, a_seat, settings["k"] * deal + a_seat)


def dies_once(settings: dict, deal: int, a_seat: int) -> Echo:
    """Kills its worker process the first time it meets deal 3, as a crash would."""
    marker = settings["marker"]
    if deal == 3 and not os.path.exists(marker):
        open(marker, "w").close()
        os._exit(1)
    return Echo(deal, a_seat, 10 * deal + a_seat)


def test_an_endless_stream_is_taken_only_as_workers_come_free():
    taken = itertools.count()

    def games():
        for deal in itertools.count():
            next(taken)
            yield deal, 0

    results = run_games(echo, {"k": 2}, games(), jobs=2)
    first = [r for r, _ in itertools.islice(results, 10)]
    results.close()
    assert len(first) == 10 and all(r.value == 2 * r.deal for r in first)
    # at most two tasks a worker in flight beyond what was yielded, each of at most MAX_CHUNK games
    assert next(taken) <= 10 + 2 * 2 * MAX_CHUNK


def test_results_come_with_their_node_and_are_saved_as_they_end(tmp_path):
    path = tmp_path / "run.jsonl"
    match = play_match(echo, Echo, {"k": 5}, 100, 6, jobs=2, save=str(path))
    assert sorted((r.deal, r.a_seat, r.value) for r in match.results) == \
        [(d, s, 5 * d + s) for d in (100, 101, 102) for s in (0, 1)]
    assert sum(match.nodes.values()) == 6 and len(match.nodes) == 1
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted((d["k"], d["deal"], d["a_seat"]) for d in lines) == [(5, d, s) for d in (100, 101, 102) for s in (0, 1)]


def test_resume_reads_back_the_saved_games_and_plays_only_the_rest(tmp_path):
    path = tmp_path / "run.jsonl"
    play_match(echo, Echo, {"k": 3}, 0, 4, save=str(path))
    with open(path, "a") as fh:
        fh.write('{"k": 3, "deal": 2, "a_se')           # the line a stopped run was writing
    match = play_match(echo, Echo, {"k": 3}, 0, 8, save=str(path), resume=True)
    assert match.resumed == 4 and sum(match.nodes.values()) == 4
    saved = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted((d["deal"], d["a_seat"]) for d in saved) == [(d, s) for d in range(4) for s in (0, 1)]
    with pytest.raises(ValueError, match="another match"):
        play_match(echo, Echo, {"k": 4}, 0, 8, save=str(path), resume=True)
    with pytest.raises(ValueError, match="resume needs"):
        play_match(echo, Echo, {"k": 3}, 0, 8, resume=True)
    with open(path, "a") as fh:
        fh.write(path.read_text().splitlines()[0] + "\n")
    with pytest.raises(ValueError, match="same game twice"):
        load_saved(str(path), {"k": 3}, Echo)


def test_a_dead_worker_process_is_replaced_and_its_games_played_again(tmp_path):
    settings = {"marker": str(tmp_path / "died")}
    match = play_match(dies_once, Echo, settings, 0, 12, jobs=2)
    assert (tmp_path / "died").exists()                 # a worker did die
    assert sorted((r.deal, r.a_seat, r.value) for r in match.results) == \
        [(d, s, 10 * d + s) for d in range(6) for s in (0, 1)]


@pytest.mark.parametrize("jobs", [0, -1, max_jobs() + 1, 2.0, "2", None])
def test_jobs_must_be_a_whole_number_from_1_to_the_ceiling(jobs):
    with pytest.raises(ValueError, match=f"from 1 to {max_jobs()}"):
        check_jobs(jobs)


def test_jobs_and_a_cluster_exclude_each_other():
    with pytest.raises(ValueError, match="exclude each other"):
        check_jobs(2, cluster="auto")


def test_the_arena_refuses_too_many_jobs_and_says_the_ceiling(capsys):
    from battleline.arena import main
    with pytest.raises(SystemExit):
        main(["easy", "easy", "--games", "2", "--jobs", "100000"])
    assert f"from 1 to {max_jobs()}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--help"])
    assert f"1 to {max_jobs()} (4 x its cores)" in " ".join(capsys.readouterr().out.split())


@pytest.mark.slow
def test_a_trillion_games_are_streamed_not_listed(tmp_path):
    """``--games 1000000000000`` used to build the whole list first and die of MemoryError."""
    path = tmp_path / "huge.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "battleline.arena", "easy", "easy", "--games",
                             "1000000000000", "--save", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if path.exists() and len(path.read_text().splitlines()) >= 4:
                break
            time.sleep(0.2)
        running = proc.poll() is None
    finally:
        proc.kill()
        err = proc.communicate()[1]
    assert running, err[-2000:]
    assert len(path.read_text().splitlines()) >= 4


@pytest.mark.slow
def test_without_a_cluster_ray_is_never_imported():
    code = ("import sys; from battleline.arena import main; "
            "main(['easy', 'easy', '--games', '2', '--jobs', '2', '--json']); "
            "main(['easy', 'easy', '--games', '2', '--game', 'ancient', '--scenario', 'issus']); "
            "sys.exit(3 if 'ray' in sys.modules else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]


@pytest.mark.slow
def test_the_clairvoyant_experiment_plays_its_games_through_the_runner(capsys):
    clairvoyant = load_experiment("clairvoyant")
    assert clairvoyant.main(["--deals", "9001-9001", "--candidates", "2"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(d["deal"], d["a_seat"]) for d in lines] == [(9001, 0), (9001, 1)]
    assert lines[0]["winner"] == clairvoyant.play(9001, 0, candidates=2)[0]


@pytest.mark.slow
def test_the_tuning_experiment_collects_through_the_runner(tmp_path):
    tuning = load_experiment("ancient_tuning")
    out = tmp_path / "rows.jsonl"
    tuning.collect("easy", "easy", range(50000, 50001), str(out), jobs=1)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert {(r["deal"], r["a_seat"]) for r in rows} == {(50000, 0), (50000, 1)}
    assert rows == tuning.battle(("easy", "easy", 50000, 0)) + tuning.battle(("easy", "easy", 50000, 1))
