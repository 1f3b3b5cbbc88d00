"""docs/experiments/ancient_clairvoyant.py: the ceiling's bot searches the real battle, its
kernel meets the rolls the battle really rolls, and a battle runs through the runner."""

from __future__ import annotations

import numpy as np
import pytest

from battleline.ancient import AncientGame, kernel
from battleline.ancient.bots import ancient_bot
from battleline.ancient.kernel.layout import DICE_COUNT, DICE_POS, DICE_ROLLS
from util import load_experiment


def _battle(seed: int = 50003) -> AncientGame:
    bots = [ancient_bot("medium", seed=1), ancient_bot("medium", seed=2)]
    return AncientGame.points(bots[0].build_army("ROY"), bots[1].build_army("GBP"), seed=seed)


def test_the_clairvoyant_world_is_the_real_battle_and_its_dice_the_real_rolls():
    seer_module = load_experiment("ancient_clairvoyant")
    game = _battle()
    other = ancient_bot("medium", seed=3)
    seer = seer_module.ClairvoyantPlanner(seed=4)
    dice = kernel.dice_of(game, seer_module.DICE_AHEAD)
    checked = 0
    while game.outcome is None and game.turn < 40:
        seer.truth = game
        obs = game.observation(game.to_act)
        world = seer.world(obs)
        assert world.position() == game.position()
        search = seer_module.ClairvoyantSearch(kernel.state_of(world), dice, 2, seer.leaf)
        search.new_world()
        assert np.array_equal(search.world, kernel.state_of(game)) and search.world[DICE_POS] == game.state.dice.position
        checked += 1
        game.play(other.choose(obs))
    rolls = game.state.dice.rolls
    assert len(rolls) > 20 and checked > 20
    assert [int(x) for x in dice[DICE_ROLLS:DICE_ROLLS + len(rolls)]] == rolls   # every roll foreseen
    assert dice[DICE_COUNT] >= len(rolls)


def test_knowing_the_cards_only_keeps_the_hidden_cards_and_not_the_dice():
    seer = load_experiment("ancient_clairvoyant").ClairvoyantPlanner(seed=4, knows="cards")
    game = _battle()
    bot = ancient_bot("medium", seed=3)
    for _ in range(60):
        game.play(bot.choose(game.observation(game.to_act)))
    seer.truth = game
    world = seer.world(game.observation(game.to_act))
    assert world.state.hands == game.state.hands and world.state.deck == game.state.deck
    assert world.state.dice.position == game.state.dice.position and world.state.dice.seed != game.state.dice.seed
    with pytest.raises(ValueError, match="knows"):
        load_experiment("ancient_clairvoyant").ClairvoyantPlanner(knows="dice")


@pytest.mark.slow
def test_a_clairvoyant_battle_runs_through_the_runner(tmp_path):
    seer_module = load_experiment("ancient_clairvoyant")
    save = tmp_path / "c.jsonl"
    assert seer_module.main(["--games", "2", "--seed", "50000", "--save", str(save)]) == 0
    results, settings = seer_module.combine([str(save)])
    assert [(r.deal, r.a_seat) for r in results] == [(50000, 0), (50000, 1)]
    assert settings["a"] == "clairvoyant-planner" and settings["scenarios"] == "points"
