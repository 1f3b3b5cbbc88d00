"""An analysis's "what if this attack had won?": every result a shot or an attack can give,
played by choice (battleline.ancient.chance.play_with_result), is the result the battle shows."""

from __future__ import annotations

import random

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.chance import play_with_result
from battleline.errors import IllegalMoveError


def changes(before: AncientGame, after: AncientGame) -> tuple:
    was, now = before.observation("south").field, after.observation("south").field
    out = []
    for square, cell in was.items():
        if square not in now or now[square].get("cards") != cell.get("cards"):
            out.append((square, "eliminated"))
        elif now[square].get("disrupted") and not cell.get("disrupted"):
            out.append((square, "disrupted"))
    return tuple(sorted(out))


def test_every_result_of_every_fight_can_be_chosen():
    tried = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = AncientGame.scenario(("issus", "raphia", "marathon")[seed % 3], seed=seed)
        while game.result is None and tried < 60:
            actions = game.legal_actions()
            for fight in [a for a in actions if a.kind in ("fire", "attack")][:2]:
                for outcome in game.chance_outcomes(fight):
                    branch = AncientGame.from_record(game.record())
                    play_with_result(branch, fight, outcome.result)
                    assert changes(game, branch) == outcome.result, (str(fight), outcome)
                    tried += 1
            game.play(rng.choice(actions))
    assert tried >= 30


def test_a_result_the_fight_cannot_give_is_refused():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Chariots", "north")
    g.play("end actions")
    before = g.position()
    with pytest.raises(IllegalMoveError):
        play_with_result(g, "fire c2-c3", (("c3", "eliminated"),))
    with pytest.raises(IllegalMoveError):
        play_with_result(g, "end fire", ())
    assert g.position() == before


def test_a_rampages_victim_can_be_chosen():
    """A disrupted Elephant rampages into a neighbour picked by the die: each victim can be
    chosen, and the die that picks it is rolled."""
    g = AncientGame.empty(seed=1, advanced=("rampage",))
    g.put("c2", "Javalineers", "south")
    g.put("c3", "Elephants", "north")
    for sq in ("b3", "d3"):          # with c2, three neighbours: faces 1-2, 3-4 and 5-6 pick them
        g.put(sq, "Skirmishers", "north")
    g.play("end actions")
    outcomes = [o.result for o in g.chance_outcomes("fire c2-c3")]
    victims = [r for r in outcomes if len(r) == 2]
    assert len(victims) == 3
    for result in victims:
        branch = AncientGame.from_record(g.record())
        play_with_result(branch, "fire c2-c3", result)
        assert changes(g, branch) == result
