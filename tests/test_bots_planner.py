"""PlannerBot (``hard``): the search on the kernel, its determinizations, its contract."""

from __future__ import annotations

import random

import numpy as np
import pytest
from util import advance, run_in_plain_python

from battleline import Game
from battleline import compiled
from battleline.standard import kernel
from battleline.standard.bots import GreedyBot, PlannerBot, RandomBot
from battleline.standard.bots.planner import known_places
from battleline.standard.kernel import layout
from battleline.standard.kernel.search import determinize
from battleline.standard.worlds import sample_world


def scouted(seed: int) -> Game:
    """A game where the player to move has put cards back with Scout, and knows some of the
    opponent's cards: played on until both hold."""
    for s in range(seed, seed + 400):
        g = Game(seed=s)
        bot = RandomBot(seed=s)
        while not g.is_over():
            obs = g.observation(g.to_move)
            if obs.known_deck and obs.opponent_known and g.phase == "play":
                return g
            g.play(bot.choose(obs))
    raise AssertionError("no game with Scout knowledge found")


@pytest.mark.parametrize("seeds", [range(1), pytest.param(range(1, 3), marks=pytest.mark.slow)], ids=["quick", "more"])
def test_planner_plays_legal_moves_to_the_end_of_games(seeds):
    for seed in seeds:
        g = Game(seed=seed)
        bots = [PlannerBot(seed=seed, playouts=40, move_time=60.0), GreedyBot(seed=seed)]
        while not g.is_over():
            move = bots[g.to_move].choose(g.observation(g.to_move))
            assert move in g.legal_moves()
            g.play(move)
        assert g.outcome().reason in ("breakthrough", "envelopment", "deadlock")


def test_planner_never_reads_hidden_cards():
    """Two games that look the same to the seat, with different hidden cards: the same move."""
    checked = 0
    for seed in range(10):
        g = advance(seed, 8 + seed)
        if g.is_over() or g.phase != "play":
            continue
        obs = g.observation(g.to_move)
        other = sample_world(obs, random.Random(seed + 77))
        assert sorted(other.hand(1 - obs.seat)) != sorted(g.hand(1 - obs.seat)) \
            or other.deck("troop") != g.deck("troop")
        make = lambda: PlannerBot(seed=seed, playouts=60, move_time=60.0)   # noqa: E731
        assert make().choose(obs) == make().choose(other.observation(obs.seat))
        checked += 1
    assert checked >= 5


def test_planner_searches_its_budget_on_the_kernel():
    g = Game(seed=9)
    bot = PlannerBot(seed=2, playouts=300, move_time=60.0)
    bot.choose(g.observation(g.to_move))
    assert bot.last_used_kernel == kernel.compiled()     # plain Python: SearchBot plays instead
    if kernel.compiled():
        assert 270 <= bot.last_playouts <= 300     # the halving rounds share the budget out


def test_planner_claims_what_it_can_prove_at_once():
    from battleline.bench import random_game
    found = 0
    for seed in range(0, 20, 2):
        g = Game(seed=seed)
        for m in random_game(seed).moves:
            if m.kind == "claim" and g.phase == "draw":     # a claim is provable here
                move = PlannerBot(seed=1, playouts=20).choose(g.observation(g.to_move))
                assert move.kind == "claim" and move.flag in g.provable_flags()
                found += 1
                break
            g.push(m)
    assert found >= 5


@pytest.mark.parametrize("kwargs", [dict(playouts=0), dict(playouts=2.5), dict(move_time=0),
                                    dict(move_time=float("nan")), dict(move_time="1"),
                                    dict(candidates=0), dict(candidates=1.5), dict(playouts="x" * 5000)])
def test_planner_refuses_bad_budgets(kwargs):
    with pytest.raises(ValueError) as e:
        PlannerBot(**kwargs)
    assert len(str(e.value)) < 200


def test_determinizations_keep_what_the_seat_knows():
    g = scouted(1)
    obs = g.observation(g.to_move)
    me, opp = obs.seat, 1 - obs.seat
    world = sample_world(obs, random.Random(3))
    template = kernel.state_of(world)
    known_troops, known_tactics, troop_slots, tactic_slots = known_places(obs)
    rng = np.array([kernel.seed_stream(5)], dtype=np.int64)
    out = np.empty_like(template)
    pool = np.empty(layout.TROOP_COUNT, dtype=np.int64)
    hidden = lambda s: (int(s[layout.HAND_TROOPS + opp]) | sum(    # noqa: E731
        1 << int(c) for c in s[layout.TROOP_DECK:layout.TROOP_DECK + s[layout.DECK_LEN]]))
    seen_hands = set()
    for _ in range(30):
        determinize(template, out, rng, opp, known_troops, known_tactics, troop_slots, tactic_slots, pool)
        # What the seat sees is untouched: its hand, the table, the sizes.
        same = [layout.HAND_TROOPS + me, layout.HAND_TACTICS + me, layout.DECK_LEN, layout.DECK_LEN + 1]
        assert all(out[i] == template[i] for i in same)
        assert np.array_equal(out[layout.SIDE_LEN:layout.DECK_LEN], template[layout.SIDE_LEN:layout.DECK_LEN])
        # The opponent keeps the cards the seat saw, and as many troops and Tactics as before.
        assert int(out[layout.HAND_TROOPS + opp]) & known_troops == known_troops
        assert int(out[layout.HAND_TACTICS + opp]) & known_tactics == known_tactics
        for field in (layout.HAND_TROOPS + opp, layout.HAND_TACTICS + opp):
            assert bin(int(out[field])).count("1") == bin(int(template[field])).count("1")
        # A card put back with Scout stays where the seat put it.
        for i in np.nonzero(troop_slots)[0]:
            assert out[layout.TROOP_DECK + i] == template[layout.TROOP_DECK + i]
        assert hidden(out) == hidden(template)            # the same cards, dealt again
        seen_hands.add(int(out[layout.HAND_TROOPS + opp]))
    assert len(seen_hands) > 10


PLAIN = """
from battleline import Game
from battleline.standard import kernel
from battleline.standard.bots import PlannerBot, GreedyBot
assert not kernel.compiled()
g = Game(seed=4)
bots = [PlannerBot(seed=1, playouts=20), GreedyBot(seed=1)]
for _ in range(30):
    if g.is_over():
        break
    bot = bots[g.to_move]
    g.play(bot.choose(g.observation(g.to_move)))
assert not bots[0].last_used_kernel
print("fallback ok")
"""


@pytest.mark.slow
def test_without_the_compiled_kernel_the_planner_plays_as_search_bot():
    assert "fallback ok" in run_in_plain_python(PLAIN)


def test_while_the_kernel_prepares_in_the_background_the_planner_does_not_wait(monkeypatch):
    bot = PlannerBot(seed=1, playouts=50)
    monkeypatch.setattr(compiled, "compiled", lambda: True)           # as if a notebook had started it
    monkeypatch.setattr(compiled.Preparation, "ready", lambda self: False)
    monkeypatch.setattr(compiled.Preparation, "preparing", lambda self: True)
    g = Game(seed=3)
    assert bot.choose(g.observation(g.to_move)) in g.legal_moves()
    assert not bot.last_used_kernel and bot.preparing
