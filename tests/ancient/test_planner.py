"""PlannerBot for Ancient Battles: the search across turns on the kernel, its worlds, its
contract (legal actions, seeded, only the observation) and its fallback to SearchBot.
Strength is measured in the arena (docs/bots.md), never here."""

from __future__ import annotations

import dataclasses

import os
import random
import subprocess
import sys

import numpy as np
import pytest

from battleline import compiled
from battleline.ancient import SCENARIO_NAMES, AncientGame, kernel
from battleline.ancient.bots import HeuristicBot, PlannerBot, SearchBot, ancient_bot
from battleline.ancient.bots.planner import TurnSearch, halving_rounds
from battleline.ancient.kernel.layout import DECK, DECK_LEN, HAND, STATE_SIZE
from battleline.ancient.worlds import sample_world
from battleline.arena.ancient import MAX_TURNS


def quick_planner(seed):
    """A planner with a small budget (for speed); the clock never binds."""
    return PlannerBot(seed=seed, playouts=12, fight_playouts=6, move_time=60.0, turn_time=60.0, turn_budget=60.0)


def new_battle(name, seed, bots):
    if name == "points":
        return AncientGame.points(bots["south"].build_army("ROY"), bots["north"].build_army("GBP"), seed=seed)
    return AncientGame.scenario(name, seed=seed)


def play_battle(name, seed, planner_side="south", max_decisions=60000):
    bots = {"south": HeuristicBot(seed), "north": HeuristicBot(seed + 1)}
    bots[planner_side] = quick_planner(seed)
    game = new_battle(name, seed, bots)
    phases = set()
    for _ in range(max_decisions):
        if game.outcome is not None or game.turn > MAX_TURNS:
            return game, phases
        side = game.to_act
        obs = game.observation(side)
        action = bots[side].choose(obs)
        assert str(action) in obs.legal_actions, (name, seed, obs.phase, str(action))
        if side == planner_side:
            phases.add(obs.phase)
        game.play(action)
    raise AssertionError(f"{name} seed {seed}: no end after {max_decisions} decisions")


def in_battle(name, seed, phase="actions", decisions=40):
    """A battle played on by ``medium`` for both sides until ``decisions`` have been taken
    and the side to act has a choice in ``phase``."""
    game = AncientGame.scenario(name, seed=seed)
    bots = {"south": HeuristicBot(seed), "north": HeuristicBot(seed + 1)}
    for i in range(4000):
        if game.outcome is not None:
            break
        obs = game.observation(game.to_act)
        if i >= decisions and obs.phase == phase and len(obs.legal_actions) > 2:
            return game
        game.play(bots[game.to_act].choose(obs))
    raise AssertionError(f"no {phase} choice in {name} seed {seed}")


QUICK = ("marathon",)


@pytest.mark.parametrize("name", [n if n in QUICK else pytest.param(n, marks=pytest.mark.slow)
                                  for n in SCENARIO_NAMES + ("points",)])
def test_the_planner_plays_legal_actions_to_the_end(name):
    game, phases = play_battle(name, 5, "south" if name != "indus" else "north")
    assert game.outcome is not None or game.turn > MAX_TURNS
    assert "actions" in phases


def test_the_planner_searches_its_budget_on_the_kernel():
    game = in_battle("issus", 3)
    bot = PlannerBot(seed=2, playouts=60, fight_playouts=6, move_time=60.0, turn_budget=60.0)
    bot.choose(game.observation(game.to_act))
    assert bot.last_used_kernel == kernel.compiled()      # plain Python: SearchBot plays instead
    if kernel.compiled():
        assert 30 <= bot.last_playouts <= 60              # the halving rounds share the budget out


def test_the_planner_searches_fights_among_the_best_and_the_end():
    game = in_battle("gaugamela", 2, phase="melee", decisions=30)
    obs = game.observation(game.to_act)
    bot = PlannerBot(seed=1, fight_playouts=12, move_time=60.0, turn_budget=60.0)
    choice = str(bot.choose(obs))
    assert choice in obs.legal_actions and (choice.startswith("attack ") or choice == "end melee")
    assert bot.last_used_kernel == kernel.compiled()


@pytest.mark.parametrize("phase, seeds", [("actions", range(2)),
                                         pytest.param("actions", range(2, 4), marks=pytest.mark.slow),
                                         pytest.param("melee", range(4), marks=pytest.mark.slow)],
                         ids=["actions", "actions-more", "melee"])
def test_same_observation_same_seed_same_choice(phase, seeds):
    """Two worlds that look the same to the side to act (the opponent's hand, the deck and
    the dice differ): the same choice, so the bot reads nothing but the observation."""
    checked = 0
    for seed in seeds:
        try:
            game = in_battle(("issus", "marathon", "raphia")[seed % 3], seed, phase, decisions=20 + 4 * seed)
        except AssertionError:
            continue
        side = game.to_act
        obs = game.observation(side)
        twin = sample_world(obs, random.Random(seed + 77))
        # Alike but for the rolls already made, which the rebuilt world does not replay.
        assert dataclasses.replace(twin.observation(side), rolls=obs.rolls) == obs
        assert twin.position() != game.position()
        choices = {str(quick_planner(seed).choose(o)) for o in (obs, twin.observation(side), obs)}
        assert len(choices) == 1
        checked += 1
    assert checked == len(seeds)


@pytest.mark.slow
def test_the_planner_leaves_the_real_game_alone():
    game = AncientGame.scenario("gaugamela", seed=6, advanced="all")
    bot = quick_planner(1)
    other = HeuristicBot(2)
    for _ in range(120):
        if game.outcome is not None:
            break
        side = game.to_act
        before, rolls = game.position(), list(game.rolls)
        action = (bot if side == "south" else other).choose(game.observation(side))
        assert game.position() == before and game.rolls == rolls
        game.play(action)


def test_worlds_deal_only_what_the_side_cannot_see():
    game = in_battle("cunaxa", 4, decisions=30)
    me = 1 if game.to_act == "south" else 0
    template = kernel.state_of(sample_world(game.observation(game.to_act), random.Random(1)))
    search = TurnSearch(template, seed=3)
    other = 1 - me
    hidden = lambda s: sorted([int(c) for c in s[DECK:DECK + s[DECK_LEN]]] + [      # noqa: E731
        60 + b for b in range(10) if int(s[HAND + other]) >> b & 1])
    dealt = set()
    for _ in range(20):
        search.new_world()
        w = search.world
        changed = [i for i in range(STATE_SIZE) if w[i] != search.template[i]]
        assert all(DECK <= i < DECK + 10 or i == HAND + other for i in changed)
        assert hidden(w) == hidden(search.template)        # the same cards, dealt again
        dealt.add((int(w[HAND + other]), tuple(w[DECK:DECK + w[DECK_LEN]])))
    assert len(dealt) > 5 or len(hidden(template)) < 3


def test_a_candidate_not_legal_in_a_world_is_worth_nothing():
    game = in_battle("marathon", 1)
    search = TurnSearch(kernel.state_of(game), seed=1)
    legal = search.encode([str(game.legal_actions()[0])])
    illegal = search.encode(["attack a1-a2"])
    search.new_world()
    assert search.play(illegal) == float("-inf") and search.play(legal) > float("-inf")
    assert search.best([legal, illegal], 8, float("inf")) == 0
    assert search.best([legal, illegal, legal], 8, float("inf")) in (0, 2)


def test_another_candidate_must_beat_the_default_by_the_confidence_asked():
    game = AncientGame.empty(seed=1)
    game.put("c2", "Phalangists", "south"); game.put("c3", "Peltasts", "north")
    game.play("end actions")
    search = TurnSearch(kernel.state_of(game), seed=4)
    wait, attack = search.encode(["end melee"]), search.encode(["attack c2-c3"])
    assert search.best([wait, attack], 32, float("inf"), confidence=1.0) == 1
    assert search.best([wait, attack], 32, float("inf"), confidence=1e9) == 0


def test_halving_rounds_share_the_budget():
    assert halving_rounds(1) == [1.0] and halving_rounds(5) == [1 / 3] * 3
    assert sum(halving_rounds(6)) == pytest.approx(1.0)


@pytest.mark.parametrize("kwargs", [dict(playouts=0), dict(playouts=2.5), dict(fight_playouts=-1),
                                    dict(candidates=0), dict(horizon=-1), dict(move_time=0),
                                    dict(move_time=float("nan")), dict(move_time="1"), dict(playouts="x" * 5000),
                                    dict(confidence=-1), dict(confidence=float("inf")), dict(turn_budget=0)])
def test_the_planner_refuses_bad_budgets(kwargs):
    with pytest.raises(ValueError) as e:
        PlannerBot(**kwargs)
    assert len(str(e.value)) < 200


def test_past_the_turn_budget_the_planner_plays_hard_s_choice():
    game = in_battle("issus", 3)
    obs = game.observation(game.to_act)
    late = PlannerBot(seed=2, playouts=60, move_time=60.0, turn_budget=1e-9)
    assert str(late.choose(obs)) == str(SearchBot(seed=2).choose(obs))
    assert late.last_playouts == 0


def test_the_planner_is_named_in_the_arena():
    assert type(ancient_bot("PlannerBot", seed=1)).__name__ == "PlannerBot"


@pytest.mark.parametrize("decisions", [60, pytest.param(90, marks=pytest.mark.slow)])   # 60: actions, fire, melee
def test_without_the_kernel_the_planner_plays_as_search_bot(monkeypatch, decisions):
    monkeypatch.setattr(compiled, "compiled", lambda: False)
    game = AncientGame.scenario("sicily", seed=2)
    planner, hard, other = quick_planner(7), SearchBot(seed=7, turn_time=60.0), HeuristicBot(8)
    for _ in range(decisions):
        if game.outcome is not None:
            break
        obs = game.observation(game.to_act)
        if game.to_act == "south":
            action = planner.choose(obs)
            assert str(action) == str(hard.choose(obs)) and not planner.last_used_kernel
        else:
            action = other.choose(obs)
        game.play(action)


def test_while_the_kernel_prepares_in_the_background_the_planner_does_not_wait(monkeypatch):
    bot = quick_planner(1)
    monkeypatch.setattr(compiled, "compiled", lambda: True)           # as if a notebook had started it
    monkeypatch.setattr(compiled.Preparation, "ready", lambda self: False)
    monkeypatch.setattr(compiled.Preparation, "preparing", lambda self: True)
    game = in_battle("issus", 3)
    assert str(bot.choose(game.observation(game.to_act))) in game.observation(game.to_act).legal_actions
    assert not bot.last_used_kernel and bot.preparing


PLAIN = """
from battleline.ancient import AncientGame, kernel
from battleline.ancient.bots import HeuristicBot, PlannerBot
from battleline.ancient.bots.planner import TurnSearch
assert not kernel.compiled()
g = AncientGame.scenario("marathon", seed=4)
bots = {"south": PlannerBot(seed=1, playouts=8, fight_playouts=4), "north": HeuristicBot(2)}
for _ in range(60):
    if g.outcome is not None:
        break
    g.play(bots[g.to_act].choose(g.observation(g.to_act)))
assert not bots["south"].last_used_kernel
g = AncientGame.empty(seed=1)
g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
g.play("end actions")
ts = TurnSearch(kernel.state_of(g), seed=4)
assert ts.best([ts.encode(["end melee"]), ts.encode(["attack c2-c3"])], 16, float("inf"), 1.0) == 1
print("plain ok")
"""


@pytest.mark.slow      # a process of its own; the quick tier checks the fallback with the mode patched
def test_in_plain_python_the_planner_falls_back_and_the_search_still_runs():
    env = {**os.environ, "BATTLELINE_KERNEL": "python"}
    out = subprocess.run([sys.executable, "-c", PLAIN], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "plain ok" in out.stdout


def test_a_world_deals_only_what_the_side_cannot_see_again():
    from battleline.ancient.kernel.layout import DECK, DECK_LEN, DICE_POS, HAND
    from battleline.ancient.kernel.worlds import TACTIC_COUNT, deal_world
    from battleline.compiled.randomness import seed_stream
    g = AncientGame.scenario("marathon", seed=3)
    template = kernel.state_of(g)
    pool = np.empty(TACTIC_COUNT, dtype=np.int64)
    rng = np.array([seed_stream(11)], dtype=np.int64)
    deck_len = int(template[DECK_LEN])

    def hidden(s, other):
        hand = {60 + b for b in range(TACTIC_COUNT) if int(s[HAND + other]) >> b & 1}
        return hand, sorted(hand | {int(c) for c in s[DECK:DECK + deck_len]})

    deals = set()
    for other in (0, 1):
        for _ in range(40):
            world = np.empty_like(template)
            deal_world(world, template, other, pool, rng)
            hand, cards = hidden(world, other)
            assert cards == hidden(template, other)[1] and len(hand) == len(hidden(template, other)[0])
            assert int(world[HAND + 1 - other]) == int(template[HAND + 1 - other])   # what the side holds
            changed = np.flatnonzero(world != template)
            assert all(i in (HAND + other, ) or DECK <= i < DECK + deck_len or i == DICE_POS
                       for i in changed), changed
            deals.add((other, tuple(sorted(hand)), tuple(int(c) for c in world[DECK:DECK + deck_len])))
    assert len(deals) > 20          # the stream deals many different worlds


# ------------------------------------------------------------------ quality: one clearly best plan
def north_can_win_on_terrain():
    """Width 7 (four squares win on terrain): three north Hoplites on south's Back Row and
    north's Heavy Cavalry two steps from e1, the last square it can reach; north to act. A
    plan that takes e1 wins at the end of this player turn; any other does not."""
    game = AncientGame.empty(7, seed=1)
    for sq in ("a1", "b1", "c1"):
        game.put(sq, "Hoplites", "north")
    game.put("e3", "Heavy Cavalry", "north")
    game.put("f1", "Hypaspists", "south")
    game.put("g2", "Phalangists", "south")
    game.play("g2-g3")
    game.play("end actions")                 # south leaves e1 open
    assert game.to_act == "north" and game.phase == "actions"
    return game


def wins_on_terrain(bot) -> bool:
    """Whether ``bot``, playing north's player turn, wins the battle on terrain in it."""
    game = north_can_win_on_terrain()
    for _ in range(40):
        if game.outcome is not None or game.to_act != "north":
            break
        game.play(bot.choose(game.observation("north")))
    return game.outcome is not None and game.outcome.winner_name == "north" and game.outcome.reason == "terrain"


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_takes_the_terrain_victory_at_once(seed):
    """``hard``: the planner on the compiled kernel, or (plain Python) SearchBot in its place."""
    bot = PlannerBot(seed=seed, playouts=48, fight_playouts=12, move_time=60.0, turn_time=60.0, turn_budget=60.0)
    assert wins_on_terrain(bot)
    assert bot.last_used_kernel == kernel.compiled()


def test_the_planners_own_search_takes_the_terrain_victory_in_either_kernel_mode(monkeypatch):
    """The planner's search itself, also on the plain-Python kernel (where ``hard`` would
    otherwise play as SearchBot); with a confidence of 0 any other plan that seemed better
    in the play-outs would be played instead of hard's."""
    monkeypatch.setattr(PlannerBot, "kernel_usable", lambda self: True)
    for seed in (3, 4):
        bot = PlannerBot(seed=seed, playouts=24, fight_playouts=6, move_time=60.0, turn_time=60.0,
                         turn_budget=60.0, confidence=0.0)
        assert wins_on_terrain(bot), seed
        assert bot.last_playouts > 0
