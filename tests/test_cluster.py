"""The arena on a real Ray cluster of two nodes on this machine: a head and a worker node,
separate processes (``ray.cluster_utils.Cluster``), started once for this module. A match of
each game through ``--cluster`` is compared game by game with the same match played locally;
a worker node is killed in the middle of a run; a stopped run is resumed on the cluster."""

from __future__ import annotations

import importlib.util
import json
import os
import threading
import time

import pytest

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


def start_two_nodes(attempts: int = 3):
    """A head node and one worker node, one CPU each (the machine has two cores), as a
    ``ray.cluster_utils.Cluster``. A raylet gives its agents 15 s to start, which a busy
    machine can miss: then try again."""
    from ray.cluster_utils import Cluster
    for attempt in range(attempts):
        try:
            two = Cluster(initialize_head=True, head_node_args={
                "num_cpus": 1, "include_dashboard": False,
                "_system_config": {"agent_register_timeout_ms": 120000}})
            two.worker = two.add_node(num_cpus=1)
            two.wait_for_nodes()
            return two
        except Exception:
            if attempt == attempts - 1:
                raise
            time.sleep(5)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, ray):
    """The two nodes. Every Python process of a Ray node imports jsonschema, which loads the
    optional ``rfc3987_syntax`` grammar when it is installed (as Jupyter's packages install
    it): 2.5 s of CPU in each of the cluster's seven Python processes, enough on two busy
    cores to miss the raylet's start-up deadline. The nodes' processes get a stand-in that
    declines to import, so jsonschema goes without it (Ray does not check IRIs)."""
    stand_in = tmp_path_factory.mktemp("ray-path")
    (stand_in / "rfc3987_syntax.py").write_text('raise ImportError("not needed by Ray")\n')
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(stand_in), before) if p)
    try:
        two = start_two_nodes()
        yield two
        if ray.is_initialized():
            ray.shutdown()
        two.shutdown()
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
    assert len(remote["nodes"]) == 2 and sum(remote["nodes"].values()) == local["games"]   # both nodes played
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


def test_a_worker_node_killed_mid_run_loses_no_game(cluster, ray, tmp_path):
    """The worker node dies while the run goes on: its tasks are run again on the head, and
    every game is counted once, with the results of a local run. One connection for both
    runs (as a notebook keeps it), so that the worker node's processes are warm when killed."""
    path = tmp_path / "killed.jsonl"
    saved_when_killed = []

    def kill_when_started():
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            lines = len(path.read_text().splitlines()) if path.exists() else 0
            if lines >= 10:
                cluster.remove_node(cluster.worker, allow_graceful=False)
                saved_when_killed.append(lines)
                return
            time.sleep(0.02)

    ray.init(address=cluster.address, log_to_driver=False)
    try:
        warm = run("easy", "easy", games=40, seed=700, cluster=cluster.address)
        assert len(warm["nodes"]) == 2
        killer = threading.Thread(target=kill_when_started, daemon=True)
        killer.start()
        try:
            s = run("easy", "easy", games=400, seed=500, save=str(path), cluster=cluster.address)
        finally:
            killer.join(timeout=300)
            cluster.worker = cluster.add_node(num_cpus=1)    # for any test after this one
    finally:
        ray.shutdown()
    assert saved_when_killed and saved_when_killed[0] < 400     # killed in the middle of the run
    assert s["games"] == 400 and sum(s["nodes"].values()) == 400
    run("easy", "easy", games=400, seed=500, save=str(tmp_path / "local.jsonl"), jobs=2)
    assert games(path) == games(tmp_path / "local.jsonl")
