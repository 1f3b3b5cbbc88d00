"""docs/experiments/ancient_learning.py: the self-play data behind the learned evaluation
(docs/experiments/LOG.md) is reproducible, labelled from the mover's side, and fits."""

from __future__ import annotations

import numpy as np
import pytest

from util import load_experiment


@pytest.mark.slow
def test_self_play_collects_the_same_data_twice_and_fits(tmp_path):
    learning = load_experiment("ancient_learning")
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    learning.collect(range(5, 13), str(first), explore=0.05)       # 8 deals, a points battle among them
    learning.collect(range(5, 13), str(second), explore=0.05)
    a, b = np.load(first), np.load(second)
    for key in ("X", "side", "result", "deal", "battle"):
        assert np.array_equal(a[key], b[key])
    assert learning.BATTLES.index("points") in a["battle"] and len(np.unique(a["battle"])) >= 5
    assert set(np.unique(a["result"])) <= {0.0, 0.5, 1.0}
    for deal in np.unique(a["deal"]):                 # one result a battle, seen from each side
        rows = a["deal"] == deal
        by_side = {int(q): set(a["result"][rows & (a["side"] == q)]) for q in (0, 1)}
        assert all(len(r) == 1 for r in by_side.values())
        if {0.5} not in by_side.values():
            assert by_side[0] != by_side[1]
    fitted = learning.fit([str(first)])
    assert set(fitted["weights"]) == set(learning.TERMS) and fitted["positions"] == len(a["result"])


def test_siblings_share_a_root_and_their_results_are_shares_of_play_outs():
    learning = load_experiment("ancient_learning")
    from battleline.ancient import kernel
    from battleline.ancient.bots.search import HardWeights

    kernel.prepare_kernel()
    roots = learning.siblings(3, kernel.weights_array(HardWeights), kernel.weights_array(learning.AllTerms),
                              firsts=4, rollouts=4, chance=0.3)
    assert roots
    for feats, values in roots:
        assert 2 <= len(values) <= 4 and feats.shape == (len(values), len(learning.TERMS))
        assert np.all((values >= 0) & (values <= 1)) and np.all(values * 8 == np.round(values * 8))
