"""The arena on a real Ray cluster on this machine, in the usual layout: a head node with no
CPU for games and two worker nodes of one CPU each, separate processes
(``ray.cluster_utils.Cluster``), started once for this module. A match of each game through
``--cluster`` is compared game by game with the same match played locally; a stopped run is
resumed on the cluster; a worker node is killed in the middle of a run (the summary on stdout
stays valid JSON); the last test removes every worker node, so that no node can play, and
the run stops, saying so."""

from __future__ import annotations

import importlib.util
import json
import os
import threading
import time

import pytest

import battleline.arena.backends as backends
import battleline.arena.runner as runner
from battleline.arena import main, run

# Ray is imported by the fixtures, not here: importing it costs about 4 s of CPU, which the
# quick tier would pay at collection for tests it never runs.
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")]


@pytest.fixture(scope="module")
def ray():
    """The ``ray`` package."""
    import ray
    return ray


def start_nodes(attempts: int = 3):
    """A head node with no CPU (it runs Ray's services; games go to the workers) and two
    worker nodes with one CPU each (the machine has two cores), as a
    ``ray.cluster_utils.Cluster`` with its worker nodes in ``workers``. A raylet gives its
    agents 15 s to start, which a busy machine can miss: then try again."""
    from ray.cluster_utils import Cluster
    for attempt in range(attempts):
        try:
            nodes = Cluster(initialize_head=True, head_node_args={
                "num_cpus": 0, "include_dashboard": False,
                "_system_config": {"agent_register_timeout_ms": 120000}})
            nodes.workers = [nodes.add_node(num_cpus=1) for _ in range(2)]
            nodes.wait_for_nodes()
            return nodes
        except Exception:
            if attempt == attempts - 1:
                raise
            time.sleep(5)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, ray):
    """The three nodes. Every Python process of a Ray node imports jsonschema, which loads the
    optional ``rfc3987_syntax`` grammar when it is installed (as Jupyter's packages install
    it): 2.5 s of CPU in each of the cluster's Python processes, enough on two busy
    cores to miss the raylet's start-up deadline. The nodes' processes get a stand-in that
    declines to import, so jsonschema goes without it (Ray does not check IRIs)."""
    stand_in = tmp_path_factory.mktemp("ray-path")
    (stand_in / "rfc3987_syntax.py").write_text('raise ImportError("not needed by Ray")\n')
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(stand_in), before) if p)
    try:
        nodes = start_nodes()
        yield nodes
        if ray.is_initialized():
            ray.shutdown()
        nodes.shutdown()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def games(path) -> list:
    """Each saved game without its timings (the only figures that depend on the machine)."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted(tuple((k, v) for k, v in r.items() if "times" not in k) for r in rows)


@pytest.mark.parametrize("options", [["easy", "greedy", "--games", "16", "--seed", "300"],
                                     ["easy", "easy", "--games", "8", "--seed", "50", "--game", "ancient"]],
                         ids=["standard", "ancient"])
def test_a_match_on_the_cluster_is_the_local_match_game_by_game(cluster, options, tmp_path, capsys):
    main(options + ["--save", str(tmp_path / "local.jsonl"), "--json"])
    local = json.loads(capsys.readouterr().out)
    main(options + ["--cluster", cluster.address, "--save", str(tmp_path / "ray.jsonl"), "--json"])
    remote = json.loads(capsys.readouterr().out)
    assert games(tmp_path / "ray.jsonl") == games(tmp_path / "local.jsonl")
    assert len(games(tmp_path / "ray.jsonl")) == local["games"]
    assert (remote["wins_a"], remote["wins_b"], remote["ends"]) == (local["wins_a"], local["wins_b"], local["ends"])
    assert len(remote["nodes"]) == 2 and sum(remote["nodes"].values()) == local["games"]   # both workers played
    assert len(local["nodes"]) == 1


def test_a_stopped_run_resumes_on_the_cluster(cluster, tmp_path):
    whole = tmp_path / "whole.jsonl"
    run("easy", "easy", games=12, seed=900, save=str(whole))
    part = tmp_path / "part.jsonl"
    lines = whole.read_text().splitlines()
    part.write_text("\n".join(lines[:7]) + "\n" + lines[7][:20])
    s = run("easy", "easy", games=12, seed=900, save=str(part), resume=True, cluster=cluster.address)
    assert s["resumed"] == 7 and sum(s["nodes"].values()) == 5
    assert games(part) == games(whole)


def saved_lines(path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def when_saved(path, lines: int, action, timeout: float = 300) -> threading.Thread:
    """A thread that does ``action()`` once ``path`` holds ``lines`` lines."""
    def watch():
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if saved_lines(path) >= lines:
                action()
                return
            time.sleep(0.02)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


def test_a_worker_node_killed_mid_run_loses_no_game_and_stdout_stays_json(cluster, ray, tmp_path, capsys):
    """A worker node dies while the run goes on: its tasks are run again on the other one,
    and every game is counted once, with the results of a local run. Ray prints the dead
    node's report (about 8 KB) for the driver; it goes to stderr, and stdout holds the JSON
    summary alone. One connection for both runs (as a notebook keeps it), so that the worker
    node's processes are warm when killed."""
    path = tmp_path / "killed.jsonl"
    saved_when_killed = []

    def kill():
        saved_when_killed.append(saved_lines(path))
        cluster.remove_node(cluster.workers[0], allow_graceful=False)

    ray.init(address=cluster.address, log_to_driver=False)
    try:
        warm = run("easy", "easy", games=40, seed=700, cluster=cluster.address)
        assert len(warm["nodes"]) == 2
        killer = when_saved(path, 10, kill)
        try:
            main(["easy", "easy", "--games", "400", "--seed", "500", "--save", str(path), "--cluster",
                  cluster.address, "--json"])
        finally:
            killer.join(timeout=300)
            cluster.workers[0] = cluster.add_node(num_cpus=1)    # for the tests after this one
    finally:
        ray.shutdown()
    out, err = capsys.readouterr()
    s = json.loads(out)                             # stdout: the summary alone
    assert saved_when_killed and saved_when_killed[0] < 400     # killed in the middle of the run
    assert s["games"] == 400 and sum(s["nodes"].values()) == 400
    assert "Raylet is terminated" in err
    run("easy", "easy", games=400, seed=500, save=str(tmp_path / "local.jsonl"), jobs=2)
    assert games(path) == games(tmp_path / "local.jsonl")


def test_with_no_node_left_that_can_play_the_run_stops_and_says_so(cluster, ray, tmp_path, monkeypatch):
    """Every worker node is removed mid-run; the head has no CPU, so no game can be played.
    The run used to wait for ever (still frozen after 130 s); now, once the cluster has had
    no CPU for NO_CPU_WAIT seconds (5 here), it stops, says so and what is saved, and the
    saved games resume elsewhere."""
    monkeypatch.setattr(backends, "NO_CPU_WAIT", 5.0)
    path = tmp_path / "stranded.jsonl"
    outcome = []

    def play():
        try:
            run("easy", "easy", games=400, seed=1500, save=str(path), cluster=cluster.address)
            outcome.append(None)
        except BaseException as e:          # the test's thread checks it
            outcome.append(e)

    def remove_workers():
        for node in cluster.workers:
            cluster.remove_node(node, allow_graceful=False)

    ray.init(address=cluster.address, log_to_driver=False)
    try:
        remover = when_saved(path, 10, remove_workers)
        player = threading.Thread(target=play, daemon=True)
        started = time.monotonic()
        player.start()
        player.join(timeout=240)
        remover.join(timeout=60)
        assert not player.is_alive(), "the run froze with no node left to play"
    finally:
        ray.shutdown()
    (stopped,) = outcome
    saved = saved_lines(path)
    assert isinstance(stopped, runner.RunStopped), repr(stopped)
    assert "no node of the cluster can play: it has had no CPU for 5 s" in str(stopped)
    assert f"{saved} of the 400 games are saved in" in str(stopped) and 10 <= saved < 400
    assert time.monotonic() - started < 240
    s = run("easy", "easy", games=400, seed=1500, save=str(path), resume=True, jobs=2)
    assert (s["games"], s["resumed"]) == (400, saved)
    run("easy", "easy", games=400, seed=1500, save=str(tmp_path / "local.jsonl"), jobs=2)
    assert games(path) == games(tmp_path / "local.jsonl")
