"""DiceSearchBot: expectimax over the exact dice for Ancient Battles' fights and plans
(battleline.ancient.bots.dice_search), and the dice of each result (ancient.odds.outcome_dice).
Strength is measured in the arena (docs/bots.md), never here."""

from __future__ import annotations

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.actions import Action
from battleline.ancient.bots import HeuristicBot, PlannerBot, ancient_bot
from battleline.ancient.bots.dice_search import DiceSearchBot, FightTree
from battleline.ancient.bots.search import SearchBot
from battleline.ancient.odds import action_odds, outcome_dice
from battleline.expectimax import Expectimax
from battleline.sides import NORTH, SOUTH


def quick_bot(seed, **kwargs):
    """Small budgets, the clock never binding."""
    settings = {"playouts": 12, "fight_playouts": 6, "move_time": 60.0, "turn_time": 60.0, "turn_budget": 60.0}
    return DiceSearchBot(seed=seed, **{**settings, **kwargs})


def fight_positions(count=4, seed=5):
    """Points-battle positions (medium for both sides) where the side to act has two or more
    shots or attacks to choose from."""
    bots = [HeuristicBot(1), HeuristicBot(2)]
    game = AncientGame.points(bots[0].build_army("ROY"), bots[1].build_army("GBP"), seed=seed)
    found = []
    while game.outcome is None and len(found) < count:
        side = game.to_act
        if game.phase in ("fire", "melee"):
            if sum(a.kind in ("fire", "attack") for a in game.legal_actions()) >= 2:
                found.append(game.position())
        game.play(bots[side == "north"].choose(game.observation(side)))
    assert len(found) == count
    return [AncientGame.from_position(p) for p in found]


def changes(before, after):
    """The units a shot or attack changed, as the odds write them."""
    out = []
    for sq, cell in before.items():
        now = after[sq]
        if now is None or now["cards"] != cell["cards"]:
            out.append((sq, "eliminated"))
        elif now["disrupted"] and not cell["disrupted"]:
            out.append((sq, "disrupted"))
    return tuple(sorted(out))


def cells(game):
    squares = [f"{chr(ord('a') + i)}{row}" for i in range(game.width) for row in range(1, 5)]
    return {sq: game.cell(sq) for sq in squares if game.cell(sq) is not None}


def test_each_result_comes_with_its_exact_chance_and_dice_that_make_it():
    for game in fight_positions():
        for a in game.legal_actions():
            if a.kind not in ("fire", "attack"):
                continue
            results = outcome_dice(game.state, a)
            assert {r: p for r, (p, _) in results.items()} == action_odds(game.state, a).outcomes
            for result, (_, dice) in results.items():
                before = cells(game)
                game.state.dice.set_next(dice)
                game.push(a)
                assert changes(before, cells(game)) == result, (str(a), result, dice)
                game.undo()


class CheckedTree(FightTree):
    """A fight tree that checks each result it keeps against the engine's odds."""

    def results(self, a):
        kept = super().results(a)
        assert kept == outcome_dice(self.world.state, a), str(a)
        return kept


def test_results_kept_by_what_decides_them_are_those_of_the_engine():
    # Peltasts shoot, then attack the same Hoplites: hit by the shot or not
    g = AncientGame.empty(seed=1)
    g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    g.put("e2", "Phalangists", "south"); g.put("e3", "Hoplites", "north")
    g.play("end actions")
    assert g.phase == "fire"
    for game in [g] + fight_positions(3, seed=13):
        tree = CheckedTree(game, SOUTH if game.to_act == "south" else NORTH, hard_score)
        Expectimax(tree, depth=3, star1=False).best()
        assert tree.known


def test_a_shot_at_a_disrupted_target_is_told_apart():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Peltasts", "south"); g.put("c3", "Hoplites", "north")
    g.play("end actions")
    tree = CheckedTree(g, SOUTH, hard_score)
    shot = Action.parse("fire c2-c3")
    tree.results(shot)
    g.state.disrupted[g.state.cells[g.state.board.lookup["c3"]]] = True     # as a rally would undo
    tree.results(shot)


def melee_game():
    """South's melee step: a Phalangist against a Peltast, a Light Cavalry against a Hoplite."""
    g = AncientGame.empty(seed=3)
    g.put("c2", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
    g.put("e2", "Light Cavalry", "south"); g.put("e3", "Hoplites", "north")
    g.play("end actions")
    assert g.phase == "melee"
    return g


def hard_score(world, me, rules):
    return SearchBot(seed=1).score(world, me, rules)


def test_an_attack_is_worth_the_mean_of_its_exact_results():
    g = melee_game()
    tree = FightTree(g, SOUTH, hard_score)
    attack = Action.parse("attack c2-c3")
    by_search = Expectimax(tree, depth=1, star1=False).option_value(attack, 1, 0, 0.0, 1.0)
    expected = 0.0
    for result, p in g.odds(attack).outcomes.items():
        copy = AncientGame.from_position(g.position())
        copy.state.dice.set_next(outcome_dice(copy.state, attack)[result][1])
        copy.play(attack)
        # one decision deep: the leaf is the position after the attack, South still to act
        expected += float(p) * tree.squash(hard_score(copy, SOUTH, tree.rules) - tree.centre)
    assert by_search == pytest.approx(expected, abs=1e-12)
    assert g.position() == AncientGame.from_position(g.position()).position()


def second_player_melee():
    """North's melee step in the second player turn of a turn, ending which rolls the
    initiative (no Tactics cards in hand)."""
    g = AncientGame.empty(seed=3)
    g.put("c2", "Phalangists", "south"); g.put("c3", "Hoplites", "north")
    g.put("e1", "Hoplites", "south"); g.put("e4", "Light Cavalry", "north")
    for text in ("end actions", "end melee", "end actions"):
        if text in [str(a) for a in g.legal_actions()]:
            g.play(text)
    assert g.to_act == "north" and g.phase == "melee" and not g.state.hands[NORTH] and not g.state.hands[SOUTH]
    return g


def test_after_the_initiative_roll_the_leaf_is_the_mean_of_both_sides_going_first():
    g = second_player_melee()
    tree = FightTree(g, NORTH, hard_score)
    end = Action.parse("end melee")
    tree.play(end, None)
    assert tree.rolled == [True]
    by_tree = tree.value()
    tree.undo()
    firsts = []
    for dice in ([2, 1], [1, 2]):
        g.state.dice.set_next(dice)
        g.push(end)
        firsts.append(tree.squash(hard_score(g, NORTH, tree.rules) - tree.centre))
        g.undo()
    assert firsts[0] != firsts[1]          # who goes first matters here
    assert by_tree == pytest.approx(sum(firsts) / 2, abs=1e-12)


def test_star1_chooses_as_plain_expectimax_in_battles():
    for game in fight_positions(3, seed=8):
        obs = game.observation(game.to_act)
        cut, plain = quick_bot(4, fight_playouts=0), quick_bot(4, fight_playouts=0, star1=False)
        assert str(cut.choose(obs)) == str(plain.choose(obs))
        assert cut.last_leaves <= plain.last_leaves


def test_a_plan_is_valued_by_its_fights_and_the_world_is_left_as_it_was():
    g = AncientGame.empty(seed=2)
    g.put("c1", "Phalangists", "south"); g.put("c3", "Peltasts", "north")
    bot = quick_bot(1)
    world = bot.world(g.observation("south"))
    before = world.position()
    tree = bot.fight_tree(world, SOUTH, bonus=False)
    value = bot.plan_value(tree, ["c1-c2", "end actions"])
    assert world.position() == before and tree.rolled == []
    world.play("c1-c2"); world.play("end actions")
    assert world.phase == "melee"
    assert value == pytest.approx(Expectimax(tree, bot.plan_depth).best()[1], abs=1e-12)


@pytest.mark.parametrize("turns", [3, pytest.param(200, marks=pytest.mark.slow)])
def test_the_bot_plays_legal_actions_and_leaves_the_real_game_alone(turns):
    bots = {"south": quick_bot(3), "north": HeuristicBot(4)}
    game = AncientGame.scenario("marathon", seed=3)
    for _ in range(4000):
        if game.outcome is not None or game.turn > turns:
            break
        side = game.to_act
        obs = game.observation(side)
        before = game.position()
        action = bots[side].choose(obs)
        assert game.position() == before
        assert str(action) in obs.legal_actions
        game.play(action)
    assert game.outcome is not None or game.turn > turns


def test_the_same_observation_and_seed_give_the_same_choice():
    for game in fight_positions(2, seed=11):
        obs = game.observation(game.to_act)
        assert str(quick_bot(9).choose(obs)) == str(quick_bot(9).choose(obs))


@pytest.mark.parametrize("kwargs", [{"depth": 0}, {"depth": 1.5}, {"plan_depth": -1}, {"breadth": 0},
                                    {"inner_breadth": "3"}, {"scale": 0}, {"scale": float("inf")}])
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(ValueError):
        DiceSearchBot(seed=1, **kwargs)


def test_the_bot_is_named_in_the_arena():
    assert isinstance(ancient_bot("DiceSearchBot", 1), DiceSearchBot)


def test_with_plan_depth_0_the_plans_are_the_planner_s(monkeypatch):
    g = AncientGame.empty(seed=2)
    g.put("c1", "Phalangists", "south"); g.put("c3", "Peltasts", "north"); g.put("e1", "Hoplites", "south")
    obs = g.observation("south")
    bot = quick_bot(5, plan_depth=0)
    monkeypatch.setattr(bot, "plan_value", lambda *args: pytest.fail("plans were searched"))
    planner = PlannerBot(seed=5, playouts=12, fight_playouts=6, move_time=60.0, turn_time=60.0, turn_budget=60.0)
    assert bot.plan_turn(obs) == planner.plan_turn(obs)


def test_the_leaves_may_be_judged_with_other_weights():
    from battleline.ancient.bots.evaluation import Weights, evaluate
    from battleline.ancient.bots.search import race_chances
    from battleline.ancient.rules import Rules

    g = melee_game()
    rules = Rules(g.state)
    bot = quick_bot(1, leaf_weights=Weights)
    expected = evaluate(g, SOUTH, rules, Weights) + bot.race * race_chances(g.state, rules, SOUTH)
    assert bot.leaf_score(g, SOUTH, rules) == pytest.approx(expected)
    assert bot.leaf_score(g, SOUTH, rules) != quick_bot(1).leaf_score(g, SOUTH, rules)   # duels weigh 2 in hard's


def test_a_fight_that_can_only_hurt_the_enemy_is_free_and_favourable():
    from battleline.ancient.bots.dice_search import free_favourable

    g = melee_game()
    s = g.state
    attack = outcome_dice(s, Action.parse("attack c2-c3"))
    assert free_favourable(s, SOUTH, attack)
    assert not free_favourable(s, NORTH, attack)                   # c3 is North's own unit
    assert not free_favourable(s, SOUTH, {(): (1, [1])})           # no result hurts anyone
    own_hit = {**attack, (("c2", "disrupted"),): (0, [1])}         # a result (a rampage) on an own unit
    assert not free_favourable(s, SOUTH, own_hit)


def test_with_free_fights_the_tree_never_offers_the_step_s_end_beside_a_free_fight():
    g = melee_game()
    plain = [str(o) for o in FightTree(g, SOUTH, hard_score).options(0)]
    guarded = [str(o) for o in FightTree(g, SOUTH, hard_score, free_fights=True).options(0)]
    assert "end melee" in plain
    assert "end melee" not in guarded and sorted(guarded) == sorted(o for o in plain if o != "end melee")


def declined_attack_position():
    """South's melee step of a medium-medium points battle (seed 5, its 97th decision): the
    one attack left, h2-h3 (Heavy Cavalry against disrupted Skirmishers), can only hurt North,
    yet hard's score as the leaf makes the search end the step (the log's 19 declines)."""
    bots = [HeuristicBot(1), HeuristicBot(2)]
    game = AncientGame.points(bots[0].build_army("ROY"), bots[1].build_army("GBP"), seed=5)
    for _ in range(96):
        side = game.to_act
        game.play(bots[side == "north"].choose(game.observation(side)))
    assert game.to_act == "south" and game.phase == "melee"
    assert [str(a) for a in game.legal_actions()] == ["attack h2-h3", "end melee"]
    return game


def test_the_search_with_free_fights_takes_the_attack_its_leaf_declined():
    obs = declined_attack_position().observation("south")
    assert str(quick_bot(1, plan_depth=0, fight_playouts=0).choose(obs)) == "end melee"
    assert str(quick_bot(1, plan_depth=0, fight_playouts=0, free_fights=True).choose(obs)) == "attack h2-h3"
