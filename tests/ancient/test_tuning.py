"""The evaluation as named terms, and docs/experiments/ancient_tuning.py that fits their weights."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.bots import ancient_bot
from battleline.ancient.bots.evaluation import TERMS, Weights, evaluate, evaluation_terms
from battleline.ancient.bots.search import HardWeights
from battleline.sides import SOUTH


def load_tuning():
    path = Path(__file__).resolve().parents[2] / "docs" / "experiments" / "ancient_tuning.py"
    spec = importlib.util.spec_from_file_location("ancient_tuning", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_evaluation_is_the_weighted_sum_of_its_terms():
    game = AncientGame.scenario("marathon", seed=5)
    bots = {"south": ancient_bot("easy", seed=1), "north": ancient_bot("easy", seed=2)}
    checked = 0
    while game.outcome is None and checked < 60:
        side = game.to_act
        game.play(bots[side].choose(game.observation(side)))
        for w in (Weights, HardWeights):
            terms = evaluation_terms(game, SOUTH, w=w)
            assert set(terms) == set(TERMS)
            assert math.isclose(evaluate(game, SOUTH, w=w), sum(getattr(w, k) * v for k, v in terms.items()),
                                abs_tol=1e-6)
        checked += 1
    assert checked == 60


def test_every_term_has_a_weight_and_optional_terms_appear_only_when_asked():
    assert all(isinstance(getattr(Weights, k), float) for k in TERMS)
    game = AncientGame.empty(seed=1)
    for sq in ("a2", "b2", "c2", "d2", "e2"):
        game.put(sq, "Hoplites", "north")
    game.put("i3", "Hoplites", "south")
    assert evaluation_terms(game, SOUTH)["home_guard"] == 0.0          # weight 0: not computed
    assert evaluation_terms(game, SOUTH, every=True)["home_guard"] < 0  # the open Back Row


@pytest.mark.slow
def test_tuning_collects_positions_and_fits_weights(tmp_path):
    tuning = load_tuning()
    out = tmp_path / "rows.jsonl"
    rows = tuning.battle(("medium", "easy", 50000, 0)) + tuning.battle(("easy", "medium", 50001, 1))
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert rows and all(r["result"] in (0.0, 0.5, 1.0) and set(r["terms"]) == set(tuning.FEATURES) for r in rows)
    assert {r["bot"] for r in rows} == {"medium", "easy"}
    result = tuning.fit([str(out)])
    assert result["positions"] == len(rows) and result["battles"] == 2
    assert set(result["weights"]) == set(tuning.FEATURES)
    assert all(math.isfinite(v) for v in result["weights"].values())


def test_loss_anatomy_replays_a_battle_and_counts_every_point_lost(tmp_path):
    path = Path(__file__).resolve().parents[2] / "docs" / "experiments" / "ancient_losses.py"
    spec = importlib.util.spec_from_file_location("ancient_losses", path)
    losses = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(losses)
    from battleline.arena_ancient import play_battle
    r = play_battle("easy", "easy", 7, 0)
    record = {"a": "easy", "b": "easy", "deal": 7, "a_seat": 0, "winner": r.winner, "turns": r.turns}
    outcome, by_how, by_type = losses.replay(record)
    assert outcome is not None and outcome["winner"] == r.winner
    assert set(by_how) <= {"moved", "placed", "standing", "missile"}
    assert sum(by_how.values()) == sum(by_type.values()) > 0
    wrong = dict(record, turns=r.turns + 1)
    assert losses.replay(wrong)[0] is None          # a replay that ends otherwise is flagged


@pytest.mark.slow
def test_every_measured_variant_makes_a_legal_choice():
    path = Path(__file__).resolve().parents[2] / "docs" / "experiments" / "ancient_variants.py"
    spec = importlib.util.spec_from_file_location("ancient_variants", path)
    variants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(variants)
    game = AncientGame.scenario("marathon", seed=3)
    bots = {"south": ancient_bot("easy", seed=1), "north": ancient_bot("easy", seed=2)}
    while game.phase != "actions":
        side = game.to_act
        game.play(bots[side].choose(game.observation(side)))
    obs = game.observation(game.to_act)
    names = [n for n, v in vars(variants).items() if isinstance(v, type) and n[0].isupper()
             and issubclass(v, variants.HeuristicBot) and v not in (variants.HeuristicBot, variants.SearchBot)]
    assert len(names) == 26
    for name in names:
        bot = getattr(variants, name)(seed=1)
        assert str(bot.choose(obs)) in obs.legal_actions, name
    # Each deployment variant deploys the cards its order puts first; the rest wait.
    for name in ("StrongestFirst", "MountedFirst", "MissilesFirst", "HeavyInfantryFirst"):
        game = AncientGame.scenario("indus", seed=3)
        bot = getattr(variants, name)(seed=1)
        army = [c.rstrip("*") for c in game.observation("south").armies["south"]]
        deployed = []
        while game.to_act == "south" and game.phase == "deploy":
            obs = game.observation("south")
            action = str(bot.choose(obs))
            assert action in obs.legal_actions, name
            game.play(action)
            deployed.append(action.split()[1].split("@")[0])
        order = bot.deployment_preference(game.observation("south"))
        ranked = sorted(army, key=lambda c: order.index(int(c[1:])))
        assert sorted(int(c[1:]) for c in deployed) == sorted(int(c[1:]) for c in ranked[:len(deployed)]), name
