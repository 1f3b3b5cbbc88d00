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

    class NoDuel(Weights):
        duel = 0.0
    game = AncientGame.empty(seed=1)
    game.put("c2", "Phalangists", "south")
    game.put("c3", "Peltasts", "north")
    assert evaluation_terms(game, SOUTH, w=NoDuel)["duel"] == 0.0           # weight 0: not computed
    assert evaluation_terms(game, SOUTH, w=NoDuel, every=True)["duel"] > 0  # south strikes first


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
    from battleline.arena.ancient import play_battle
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
    assert len(names) == 20
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


def load_variants():
    path = Path(__file__).resolve().parents[2] / "docs" / "experiments" / "ancient_variants.py"
    spec = importlib.util.spec_from_file_location("ancient_variants", path)
    variants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(variants)
    return variants


@pytest.mark.parametrize("mine,theirs", [(0.5, 0.5), (0.3, 0.6), (0.8, 0.2), (1 / 36, 33 / 36)])
def test_duels_in_turn_order_match_the_chain_of_strikes(mine, theirs):
    duel_win_chance = load_variants().duel_win_chance
    # Value iteration over the chain: in each fresh turn either side strikes first, evenly.
    fresh = 0.0
    for _ in range(2000):
        us_first = mine + (1 - mine) * (1 - theirs) * fresh
        them_first = (1 - theirs) * (mine + (1 - mine) * fresh)
        fresh = (us_first + them_first) / 2
    expected = {"": fresh, "u": mine + (1 - mine) * fresh, "t": (1 - theirs) * fresh,
                "ut": us_first, "tu": them_first}
    for order, value in expected.items():
        assert duel_win_chance(mine, theirs, order) == pytest.approx(value, abs=1e-9), order
    assert duel_win_chance(mine, theirs, "alternate-us") == pytest.approx(mine / (mine + theirs - mine * theirs))


def test_a_duel_in_turn_order_favours_the_second_player():
    """The second player's strike is answered only if it loses the next initiative roll; the
    shipped evaluation (strikes alternating) ignores the turn order."""
    from battleline.ancient.bots.evaluation import duel_term
    from battleline.ancient.rules import Rules
    from battleline.sides import NORTH

    variants = load_variants()
    in_order, alternating, scores = {}, {}, {}
    for half in (0, 1):
        game = AncientGame.empty(seed=1)
        game.put("c2", "Hoplites", "south")
        game.put("c3", "Hoplites", "north")    # south to act, first or second player
        game.state.first, game.state.half = (SOUTH, NORTH)[half], half     # south first, or north first
        s, rules = game.state, Rules(game.state)
        in_order[half] = variants.turn_order_duels(s, rules, SOUTH, s.to_act)
        alternating[half] = duel_term(s, rules, SOUTH, s.to_act)
        bot = variants.InTurnOrder(seed=1)
        scores[half] = bot.score(game, SOUTH, rules) - evaluate(game, SOUTH, rules, bot.weights)
    assert in_order[1] > in_order[0] > 0
    assert alternating[0] == alternating[1] > 0
    for half in (0, 1):      # the variant's score swaps the one duel term for the other
        assert scores[half] == pytest.approx(Weights.duel * (in_order[half] - alternating[half]))


def test_the_looks_further_ahead_play_legal_whole_turns():
    """``hard``'s switched-off options, kept in the experiments: the opponent's answer and
    play-outs under the dice still plan legal action steps."""
    variants = load_variants()
    game = AncientGame.empty(seed=1)
    game.put("c1", "Phalangists", "south")
    game.put("c3", "Peltasts", "north")
    obs = game.observation("south")
    for bot in (variants.SearchBotLookahead(seed=1, replies=3, reply_actions=2),
                variants.SearchBotLookahead(seed=1, finalists=3, iterations=2)):
        plan = bot.plan_turn(obs)
        copy = AncientGame.empty(seed=1)
        copy.put("c1", "Phalangists", "south")
        copy.put("c3", "Peltasts", "north")
        for action in plan:
            assert action in [str(a) for a in copy.legal_actions()], (bot, plan)
            copy.play(action)


def test_the_race_one_unit_short_counts_only_with_race_near():
    from battleline.ancient.rules import Rules

    variants = load_variants()
    game = AncientGame.empty(7, seed=1)
    for sq in ("a4", "b4", "c3"):                # two on north's Back Row, a third a step away:
        game.put(sq, "Hoplites", "south")        # one short of the four a terrain victory needs
    game.put("g1", "Skirmishers", "north")
    rules = Rules(game.state)
    short = variants.race_one_short(game.state, rules, SOUTH)
    assert short == 1.0                          # south's own action step comes first
    plain, near = variants.SearchBotLookahead(seed=1), variants.SearchBotLookahead(seed=1, race_near=0.15)
    assert near.score(game, SOUTH, rules) == pytest.approx(plain.score(game, SOUTH, rules) + 500.0 * 0.15 * short)


def test_a_variant_weighing_a_term_the_evaluation_lacks_is_refused():
    with pytest.raises(ValueError, match="no weight reinforcements"):
        load_variants().medium_with("Reinf", reinforcements=0.6)


def test_the_learned_weights_load_and_the_retired_terms_are_left_unused():
    from util import load_experiment
    learned = load_experiment("ancient_learned")
    saved = json.loads(learned.PATH.read_text())
    assert set(saved) == set(TERMS) | set(learned.RETIRED)      # the fit of docs/experiments/LOG.md, 21 terms
    assert all(getattr(learned.LearnedWeights, k) == saved[k] for k in TERMS)
    assert not any(hasattr(learned.LearnedWeights, k) for k in learned.RETIRED)
