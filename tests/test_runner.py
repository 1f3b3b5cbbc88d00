"""The runner (battleline.arena.runner): streaming with a bounded number of games in flight,
saving as games end, resuming, a dead worker process replaced, the checks of jobs and games.
The Ray backend is tested against a real two-node cluster in tests/test_cluster.py."""

from __future__ import annotations

import errno
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

from battleline.arena.backends import MAX_CHUNK
from battleline.arena.runner import check_jobs, load_saved, max_jobs, play_match, run_games
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


# ------------------------------------------------------------------ faults of the save file and the run
def test_resume_counts_only_the_games_of_the_requested_deals(tmp_path):
    """Saved games of other deals (an earlier, longer run in the same file) are not the
    match's: they are neither counted nor played again."""
    path = tmp_path / "run.jsonl"
    play_match(echo, Echo, {"k": 3}, 0, 8, save=str(path))                  # deals 0-3
    match = play_match(echo, Echo, {"k": 3}, 2, 6, save=str(path), resume=True)   # deals 2-4
    assert match.resumed == 4 and sum(match.nodes.values()) == 2
    assert sorted((r.deal, r.a_seat) for r in match.results) == [(d, s) for d in (2, 3, 4) for s in (0, 1)]


def test_a_second_run_on_the_same_save_file_is_refused(tmp_path):
    from filelock import FileLock
    path = tmp_path / "run.jsonl"
    play_match(echo, Echo, {"k": 1}, 0, 4, save=str(path))
    before = path.read_bytes()
    with FileLock(str(path) + ".lock"):               # another run holds the file
        for resume in (False, True):
            with pytest.raises(ValueError, match=r"run\.jsonl' is in use by another run"):
                play_match(echo, Echo, {"k": 1}, 0, 8, save=str(path), resume=resume)
    assert path.read_bytes() == before
    assert play_match(echo, Echo, {"k": 1}, 0, 8, save=str(path), resume=True).resumed == 4   # free again


def test_a_folder_or_a_missing_folder_is_refused_before_any_game(tmp_path):
    with pytest.raises(ValueError, match="it is a folder, not a file"):
        play_match(echo, Echo, {"k": 1}, 0, 4, save=str(tmp_path))
    with pytest.raises(ValueError, match=r"the folder '.*missing' does not exist"):
        play_match(echo, Echo, {"k": 1}, 0, 4, save=str(tmp_path / "missing" / "run.jsonl"), resume=True)
    assert not (tmp_path / "missing").exists()


@pytest.fixture
def make_read_only():
    """Makes files and folders read-only, for root too (``chattr +i``); undone after the test."""
    made = []

    def make(path):
        os.chmod(path, 0o555 if path.is_dir() else 0o444)
        if os.geteuid() == 0:        # root writes through permissions
            if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(path)]).returncode != 0:
                pytest.skip("root cannot make a file read-only here (no chattr +i)")
        made.append(path)

    yield make
    for path in made:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)])
        os.chmod(path, 0o755 if path.is_dir() else 0o644)


def test_a_complete_read_only_save_file_resumes_and_an_unfinished_one_is_refused(tmp_path, make_read_only):
    done, part = tmp_path / "done.jsonl", tmp_path / "part.jsonl"
    play_match(echo, Echo, {"k": 1}, 0, 8, save=str(done))
    play_match(echo, Echo, {"k": 1}, 0, 4, save=str(part))
    part.write_bytes(part.read_bytes() + b'{"k": 1, "de')           # a stopped run's last line
    before = part.read_bytes()
    make_read_only(done)
    make_read_only(part)
    match = play_match(echo, Echo, {"k": 1}, 0, 8, save=str(done), resume=True)
    assert match.resumed == 8 and len(match.results) == 8
    with pytest.raises(ValueError, match=r"cannot write '.*part\.jsonl' \(.*\); no game was played"):
        play_match(echo, Echo, {"k": 1}, 0, 8, save=str(part), resume=True)
    assert part.read_bytes() == before


def test_a_complete_save_file_in_a_read_only_folder_resumes(tmp_path, make_read_only):
    folder = tmp_path / "results"
    folder.mkdir()
    path = folder / "run.jsonl"
    play_match(echo, Echo, {"k": 1}, 0, 6, save=str(path))
    (folder / "run.jsonl.lock").unlink()
    make_read_only(folder)                            # no lock file can be made there
    assert play_match(echo, Echo, {"k": 1}, 0, 6, save=str(path), resume=True).resumed == 6
    with pytest.raises(ValueError, match="cannot write .*no game was played"):
        play_match(echo, Echo, {"k": 1}, 0, 8, save=str(path), resume=True)


def fail_writes(monkeypatch, path, after_lines: int) -> None:
    """Writes to ``path`` fail as on a full disk once it holds ``after_lines`` lines; the
    first failing write puts half its bytes in the file first, as a real one can."""
    real = os.write
    failing = []

    def write(fd, data):
        if path.exists() and os.path.samestat(os.fstat(fd), os.stat(path)) and \
                path.read_bytes().count(b"\n") >= after_lines:
            if not failing:
                failing.append(fd)
                return real(fd, bytes(data)[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(os, "write", write)


def test_a_full_disk_stops_the_run_and_leaves_only_whole_lines(tmp_path, monkeypatch):
    from battleline.arena.runner import RunStopped
    path = tmp_path / "run.jsonl"
    fail_writes(monkeypatch, path, after_lines=2)
    with pytest.raises(RunStopped) as stopped:
        play_match(echo, Echo, {"k": 2}, 0, 12, save=str(path))
    monkeypatch.undo()
    text = path.read_text()
    saved = len(text.splitlines())
    assert text.endswith("\n") and saved >= 2
    assert re.fullmatch(rf"cannot write '.*run\.jsonl' \(No space left on device\)\. {saved} of the 12 games are "
                        r"saved in '.*run\.jsonl'; the \d+ games of the last task could not be written \(a resumed "
                        r"run plays them again\); to play the rest, run the same command with --resume \(resume=True\)",
                        str(stopped.value)), str(stopped.value)
    match = play_match(echo, Echo, {"k": 2}, 0, 12, save=str(path), resume=True)
    assert match.resumed == saved and sum(match.nodes.values()) == 12 - saved
    assert sorted(tuple(json.loads(line).values()) for line in path.read_text().splitlines()) == \
        [(2, d, s, 2 * d + s) for d in range(6) for s in (0, 1)]


def stops_at_deal_3(settings: dict, deal: int, a_seat: int) -> Echo:
    """Ctrl-C pressed while deal 3 is played, until the file ``settings["marker"]`` exists."""
    if deal == 3 and not os.path.exists(settings["marker"]):
        raise KeyboardInterrupt
    return Echo(deal, a_seat, deal)


def test_ctrl_c_says_how_many_games_are_saved_and_how_to_resume(tmp_path):
    from battleline.arena.runner import MatchInterrupted
    path, settings = tmp_path / "run.jsonl", {"marker": str(tmp_path / "go-on")}
    with pytest.raises(KeyboardInterrupt) as stopped:
        play_match(stops_at_deal_3, Echo, settings, 0, 12, save=str(path))
    saved = len(path.read_text().splitlines())
    assert isinstance(stopped.value, MatchInterrupted) and 0 < saved < 12
    assert re.fullmatch(rf"stopped by Ctrl-C\. {saved} of the 12 games are saved in '.*run\.jsonl'; to play the "
                        r"rest, run the same command with --resume \(resume=True\)", str(stopped.value))
    with pytest.raises(KeyboardInterrupt, match=r"stopped by Ctrl-C after \d+ of 12 games; nothing was saved"):
        play_match(stops_at_deal_3, Echo, settings, 0, 12)
    (tmp_path / "go-on").touch()
    match = play_match(stops_at_deal_3, Echo, settings, 0, 12, save=str(path), resume=True)
    assert match.resumed == saved and len(path.read_text().splitlines()) == 12


@pytest.mark.slow
def test_ctrl_c_in_a_terminal_stops_the_workers_and_says_what_is_saved(tmp_path):
    """Ctrl-C reaches the arena and its worker processes (one process group): no traceback
    from any of them, the run ends at once, and the message gives the saved games."""
    path = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "battleline.arena", "easy", "easy", "--games", "2000", "--jobs", "2",
               "--save", str(path)]
    # As in a terminal, Ctrl-C at its default: a suite started as a background job (nohup, `&`)
    # ignores SIGINT, and a child would inherit that and never see the signal.
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if path.exists() and len(path.read_text().splitlines()) >= 4:
                break
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    saved = len(path.read_text().splitlines())
    assert proc.returncode == 130 and "Traceback" not in err, err[-3000:]
    assert time.monotonic() - sent < 20
    assert f"stopped by Ctrl-C. {saved} of the 2000 games are saved in" in err and "--resume" in err
    assert path.read_text().endswith("\n") and out == ""


@pytest.mark.slow
def test_a_full_disk_in_a_real_run_keeps_every_saved_game(tmp_path):
    """The arena with a file size limit (writes past it fail as on a full disk): a clear
    message, only whole lines in the file, and --resume plays the rest."""
    import resource
    path = tmp_path / "full.jsonl"
    command = [sys.executable, "-m", "battleline.arena", "easy", "easy", "--games", "40", "--save", str(path)]

    def limit_file_size():
        resource.setrlimit(resource.RLIMIT_FSIZE, (20000, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    out = subprocess.run(command, capture_output=True, text=True, timeout=300, preexec_fn=limit_file_size)
    text = path.read_text()
    saved = len(text.splitlines())
    assert out.returncode == 1 and "Traceback" not in out.stderr, out.stderr[-3000:]
    assert "(File too large)" in out.stderr and f"{saved} of the 40 games are saved in" in out.stderr
    assert text.endswith("\n") and 0 < saved < 40
    resumed = subprocess.run(command + ["--resume", "--json"], capture_output=True, text=True, timeout=300)
    s = json.loads(resumed.stdout)
    assert (s["games"], s["resumed"]) == (40, saved) and len(path.read_text().splitlines()) == 40


@pytest.mark.slow
def test_two_runs_at_once_on_one_save_file(tmp_path):
    """The second run is refused while the first one writes; the first saves every game once."""
    path = tmp_path / "run.jsonl"
    command = [sys.executable, "-m", "battleline.arena", "easy", "easy", "--games", "300", "--save", str(path),
               "--resume", "--json"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (path.exists() and path.read_text().count("\n") >= 1):
            time.sleep(0.05)
        second = subprocess.run(command, capture_output=True, text=True, timeout=120)
        out, err = first.communicate(timeout=300)
    finally:
        first.kill()
    assert second.returncode == 2 and "is in use by another run" in second.stderr and "Traceback" not in second.stderr
    assert json.loads(out)["games"] == 300 and len(path.read_text().splitlines()) == 300


def test_saving_to_a_file_that_holds_games_needs_resume(tmp_path, capsys):
    """Without --resume a second run on the same file appended the same games again."""
    from battleline import arena
    path = tmp_path / "run.jsonl"
    play_match(echo, Echo, {"k": 3}, 0, 4, save=str(path))
    before = path.read_bytes()
    with pytest.raises(ValueError, match="already holds saved games: run with --resume .* or save to another file"):
        play_match(echo, Echo, {"k": 3}, 0, 4, save=str(path))
    assert path.read_bytes() == before
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    assert len(play_match(echo, Echo, {"k": 3}, 0, 2, save=str(empty)).results) == 2   # an empty file is new
    saved = tmp_path / "arena.jsonl"
    arena.main(["easy", "easy", "--games", "2", "--save", str(saved), "--json"])
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        arena.main(["easy", "easy", "--games", "2", "--save", str(saved), "--json"])
    assert exit_.value.code == 2 and "--resume" in capsys.readouterr().err
    assert len(saved.read_text().splitlines()) == 2


# ------------------------------------------------------------------ the runner's old name
def test_the_old_name_battleline_runner_still_imports_and_warns():
    """The runner moved into the arena package; ``battleline.runner`` re-exports its names
    and says where they went."""
    import importlib
    import battleline.arena.runner as moved
    sys.modules.pop("battleline.runner", None)
    with pytest.warns(DeprecationWarning, match=r"battleline\.arena\.runner"):
        old = importlib.import_module("battleline.runner")
    assert old.play_match is moved.play_match and old.RunStopped is moved.RunStopped
    assert all(getattr(old, name) is not None for name in old.__all__)


def test_nothing_in_the_package_its_tests_or_experiments_imports_the_old_name():
    """Only users' code may meet the DeprecationWarning: every import inside the project
    names the new place."""
    from test_layout import SRC, imported_modules
    root = SRC.parents[1]
    files = [p for p in SRC.rglob("*.py") if p != SRC / "runner.py"]
    outside = sorted((root / "docs" / "experiments").glob("*.py")) + sorted((root / "tests").rglob("*.py"))
    found = [f"{p.relative_to(root)}:{line}: {name}" for p in files + outside
             for line, name in imported_modules(p, SRC.parent if p in files else p.parent)
             if name == "battleline.runner" or name.startswith("battleline.runner.")]
    assert not found, "\n".join(found)
