"""The measuring scripts behind docs/experiments/LOG.md's tables: the review's calibration report and the
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


def test_the_reply_level_scores_the_opponents_worst_reply_chosen_on_a_reshuffled_deal():
    """docs/experiments/planner_reply.py: the reply that leaves the searching seat the least on
    the reshuffled copy is the one scored in the world itself, and every reply costs one
    play-out (a reply chosen at best for the seat, or on the world's own deal, fails)."""
    import numpy as np
    from battleline import Game
    from battleline.standard import kernel
    from battleline.standard.encoding import encode_move
    from battleline.standard.kernel.layout import MAX_MOVES, STATE_SIZE
    from battleline.standard.kernel.rules import apply_move, legal_moves
    from battleline.standard.kernel.policy import play_policy
    from battleline.standard.kernel.search import FLAG_SHARE, MAX_PLAYOUT_MOVES, result_value
    reply = load_experiment("planner_reply")
    g = Game(seed=3)
    for _ in range(9):                        # a few turns in, flags contested
        g.play(g.legal_moves()[0])
    me = g.to_move
    world = kernel.state_of(g)
    apply_move(world, encode_move(g.legal_moves()[0]))
    reply.to_reply(world, 1 - me, 0)
    seed = kernel.seed_stream(11)
    scratch = [np.empty(STATE_SIZE, dtype=np.int64) for _ in range(3)]
    replies = np.empty(MAX_MOVES, dtype=np.int64)
    value, count = reply.reply_value(world, 1 - me, me, np.array([seed], dtype=np.int64), 0, replies, *scratch)
    # the same choice by hand: the same reshuffle, every reply played out, the least kept
    n = legal_moves(world, replies, False)
    base = world.copy()
    reply.shuffle_decks(base, np.array([seed], dtype=np.int64))
    probe_values = []
    for i in range(n):
        probe = base.copy()
        apply_move(probe, replies[i])
        play_policy(probe, MAX_PLAYOUT_MOVES, 0)
        probe_values.append(result_value(probe, me, FLAG_SHARE))
    chosen = world.copy()
    apply_move(chosen, replies[int(np.argmin(probe_values))])
    play_policy(chosen, MAX_PLAYOUT_MOVES, 0)
    assert count == n + 1 and n > 1
    assert value == result_value(chosen, me, FLAG_SHARE)
    assert len(set(probe_values)) > 1           # the replies differ, so the choice is tested


@pytest.mark.parametrize("seed", [2, 7])
def test_the_fitted_playout_rule_plays_the_troop_its_weights_score_highest(seed):
    """docs/experiments/fitted_policy.py: the kernel's fitted troop is the legal troop move
    whose features score highest under the weights (ties: the lower flag, then the lower card),
    at every troop of a game; a rule that took the lowest score, or skipped a flag, fails."""
    import numpy as np
    from battleline import Game
    from battleline.standard import kernel
    from battleline.standard.encoding import encode_move
    fitted = load_experiment("fitted_policy")
    weights = np.random.default_rng(seed).normal(size=fitted.N_FEATURES)
    g, checked = Game(seed=seed), 0
    while not g.is_over():
        options = [m for m in g.legal_moves() if m.kind == "play" and m.card < 60]
        if g.phase == "play" and len(options) > 1:
            player = g.to_move
            ordered = sorted(options, key=lambda m: (m.flag, m.card))
            scores = [float(fitted.features(g, player, m) @ weights) for m in ordered]
            expected = ordered[int(np.argmax(scores))]
            assert fitted.fitted_card(kernel.state_of(g), player, weights) == encode_move(expected)
            checked += 1
        g.play(g.legal_moves()[-1])
    assert checked > 5


def test_the_calibration_fit_finds_the_slope_that_made_the_results():
    """review_calibration.fit_map recovers the log-odds slope behind synthetic results, and
    logit_map keeps 0 and 1 (a fit that ignored the results, or a map that moved the ends,
    fails)."""
    import numpy as np
    calibration = load_experiment("review_calibration")
    rng = np.random.default_rng(3)
    shares = rng.uniform(0.02, 0.98, 20000)
    truth = [calibration.logit_map(p, 1, 0.5) for p in shares]
    games = [{"decisions": [[1, float(p), float(rng.random() < q)] for p, q in zip(shares, truth)]}]
    slope, shift = calibration.fit_map(games, with_shift=False)
    assert abs(slope - 0.5) <= 0.06 and shift == 0.0
    assert calibration.logit_map(1.0, 0, 0.5) == 1.0 and calibration.logit_map(0.0, 1, 0.5) == 0.0
    assert calibration.logit_map(0.8, 0, 1.0, 0.3) > 0.8 > calibration.logit_map(0.8, 1, 1.0, 0.3)


def test_the_clairvoyant_planner_plays_every_world_as_the_real_game():
    """docs/experiments/clairvoyant_planner.py: with every hidden card known, each world is the
    real game, so five worlds score each candidate exactly five times what one does (a planner
    that dealt the hidden cards again, as v5 does, fails)."""
    import numpy as np
    from battleline import Game
    from battleline.standard import kernel
    from battleline.standard.bots.planner import known_places
    from battleline.standard.encoding import encode_move
    clairvoyant = load_experiment("clairvoyant_planner")
    g = Game(seed=4)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    bot = clairvoyant.ClairvoyantPlanner(g, seed=1)
    obs = g.observation(g.to_move)
    numbers = np.array([encode_move(m) for m in g.legal_moves()[:4]], dtype=np.int64)
    sums = []
    for worlds in (1, 5):
        rewards, held = np.zeros(4), np.zeros((4, 10), dtype=np.int64)
        rng = np.array([kernel.seed_stream(worlds)], dtype=np.int64)
        bot.play_worlds(kernel.state_of(g), known_places(obs), numbers, np.ones(4, dtype=np.bool_), worlds, rng,
                        rewards, held)
        sums.append(rewards)
    assert np.allclose(sums[1], 5 * sums[0])


def test_the_terrain_rush_marches_onto_an_empty_back_row_square_first():
    from battleline.ancient import AncientGame
    rushers = load_experiment("ancient_rushers")
    g = AncientGame.empty(7, seed=1)
    g.put("c3", "Hoplites", "south")          # one step from north's Back Row, c4 empty
    g.put("e2", "Hoplites", "south")          # one step forward, two from it
    g.put("a2", "Light Cavalry", "south")     # fast, but holds no ground: never marched
    g.put("d4", "Skirmishers", "north")
    obs = g.observation("south")
    assert rushers.march_score(obs, "c3-c4") > rushers.march_score(obs, "e2-e3") > (False, 0, False)
    assert rushers.march_score(obs, "a2-a3") is None
    assert str(rushers.TerrainRush(seed=1).choose(obs)) == "c3-c4"


def test_the_race_two_moves_ahead_counts_the_threat_a_plug_removes():
    from battleline.ancient import AncientGame
    from battleline.ancient.board import NORTH, SOUTH
    from battleline.ancient.rules import Rules
    defence = load_experiment("ancient_defence")
    g = AncientGame.empty(7, seed=1)           # north needs 4 of south's Back Row
    for sq in ("a1", "b1"):
        g.put(sq, "Hoplites", "north")
    g.put("c3", "Hoplites", "north"); g.put("d3", "Hoplites", "north")   # two steps each
    g.put("g2", "Skirmishers", "south")
    s = g.state
    assert defence.race_approach(s, Rules(s), SOUTH) == -1.0 and defence.race_approach(s, Rules(s), NORTH) == 1.0
    g.put("c1", "Skirmishers", "south")        # a plug: north can reach only three squares
    assert defence.race_approach(g.state, Rules(g.state), SOUTH) == 0.0


def test_the_chance_of_enough_plugs_falling_is_counted_over_every_outcome():
    import itertools
    defence = load_experiment("ancient_defence")
    chances = [0.2, 0.5, 0.9]
    for base, need in ((0, 2), (1, 3), (2, 2), (0, 4)):
        brute = 0.0
        for falls in itertools.product((0, 1), repeat=len(chances)):
            p = 1.0
            for fell, c in zip(falls, chances):
                p *= c if fell else 1 - c
            brute += p if base + sum(falls) >= need else 0.0
        assert defence.chance_at_least(base, chances, need) == pytest.approx(brute)


def test_a_plug_that_will_fall_counts_as_a_square_half_open():
    from battleline.ancient import AncientGame
    from battleline.ancient.board import NORTH, SOUTH
    from battleline.ancient.bots.evaluation import melee_chances
    from battleline.ancient.rules import Rules
    defence = load_experiment("ancient_defence")
    g = AncientGame.empty(7, seed=1)            # north needs 4 of south's Back Row
    for sq in ("a1", "b1", "c1"):
        g.put(sq, "Hoplites", "north")
    g.put("d1", "Skirmishers", "south")        # the plug of the last square ...
    g.put("d2", "Phalangists", "north")        # ... with a Phalangist in front of it
    for sq in ("e1", "f1", "g1"):
        g.put(sq, "Hoplites", "south")
    s, rules = g.state, Rules(g.state)
    falls = melee_chances(*rules.melee_numbers((s.cells[s.board.index("d2")],), s.cells[s.board.index("d1")]))[1]
    assert defence.plug_losses(s, rules, NORTH) == [falls] and 0 < falls < 1
    assert defence.race_two_turns(s, rules, SOUTH) == pytest.approx(-falls)
