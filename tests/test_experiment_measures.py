"""The measuring scripts behind docs/bots.md's tables: the review's calibration report and the
paired comparison of two arena runs (docs/experiments/review_calibration.py, paired.py)."""

from __future__ import annotations

import gzip
import json

import pytest

from util import load_experiment


def saved(path, docs) -> str:
    with gzip.open(path, "wt") as f:
        for doc in docs:
            f.write(json.dumps(doc) + "\n")
    return str(path)


def test_the_calibration_report_counts_buckets_and_the_brier_score(tmp_path):
    calibration = load_experiment("review_calibration")
    games = [{"deal": 1, "cpu": 2.0, "decisions": [[1, 0.05, 0.0], [1, 0.95, 1.0], [0, 0.55, 0.0]]},
             {"deal": 2, "cpu": 4.0, "decisions": [[1, 0.95, 0.0], [0, 0.5, 0.5]]}]
    text = calibration.report([saved(tmp_path / "c.jsonl.gz", games)], resamples=50)
    assert text.startswith("2 games, 5 decisions")
    rows = {line.split(" | ")[0]: line.split(" | ") for line in text.splitlines() if " | " in line}
    assert rows["0.9-1.0"][1:4] == ["2", "0.950", "0.500"]          # two given 95%, one won
    assert rows["0.5-0.6"][1:4] == ["2", "0.525", "0.250"]          # a loss and a draw
    brier = (0.05 ** 2 + 0.05 ** 2 + 0.55 ** 2 + 0.95 ** 2 + 0.0 ** 2) / 5
    assert f"Brier score {brier:.4f}" in text


def test_the_calibration_resumes_past_the_deals_it_saved(tmp_path):
    calibration = load_experiment("review_calibration")
    path = saved(tmp_path / "c.jsonl.gz", [{"deal": 7, "cpu": 1, "decisions": []}])
    assert calibration.done_deals(path) == {7} and calibration.done_deals(str(tmp_path / "none")) == set()


def test_paired_runs_are_compared_game_by_game(tmp_path):
    paired = load_experiment("paired")
    a = [{"deal": d, "a_seat": s, "winner": w} for d, s, w in [(1, 0, "a"), (1, 1, "b"), (2, 0, "a"), (2, 1, None)]]
    b = [{"deal": d, "a_seat": s, "winner": w} for d, s, w in [(1, 0, "a"), (1, 1, "a"), (2, 0, "b"), (3, 0, "a")]]
    text = paired.compare(saved(tmp_path / "a.jsonl.gz", a), saved(tmp_path / "b.jsonl.gz", b))
    assert text.splitlines()[0] == "3 games in both (deals 1-2)"
    assert "2 of 3" in text.splitlines()[1] and "2 of 3" in text.splitlines()[2]
    assert "better in the first: 1; in the second: 1; sign test p = 1.000" in text


@pytest.mark.parametrize("a_only, b_only, p", [(0, 0, 1.0), (0, 6, 0.03125), (88, 72, 0.2357), (10, 0, 0.00195)])
def test_the_sign_test_is_the_two_sided_binomial(a_only, b_only, p):
    assert load_experiment("paired").sign_test(a_only, b_only) == pytest.approx(p, abs=5e-4)
