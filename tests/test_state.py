"""The engine's state seam: one constructor (Game.assemble) derives the same state that
play produces, whichever way a position is built."""

from __future__ import annotations

import random

import pytest

from battleline import Game
from battleline.cards import ALL_CARDS, Card
from battleline.errors import PositionError
from battleline.standard.worlds import sample_world

DERIVED = ("visible", "tactics_counts", "leader_played", "sides", "fog_flag", "fog_owner",
           "mud_flag", "mud_owner",
           "claimed", "decks", "discard_piles", "to_move", "phase", "idle_turns", "known_deck")


def played(seed: int, moves: int) -> Game:
    g, rng = Game(seed=seed), random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        g.push(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("seed", range(12))
def test_position_text_rebuilds_the_state_play_made(seed):
    g = played(seed, 30 + 7 * seed)
    r = Game.from_position(g.position())
    for name in DERIVED:
        assert getattr(r, name) == getattr(g, name), name
    assert [sorted(h) for h in r.hands] == [sorted(h) for h in g.hands]   # the text sorts hands
    for p in (0, 1):   # the mask may keep cards the opponent has played since: they do not count
        held = sum(1 << c for c in g.hands[1 - p])
        assert r.opponent_known[p] & held == g.opponent_known[p] & held
    assert r.outcome() == g.outcome()


@pytest.mark.parametrize("seed", range(12))
def test_a_sampled_world_derives_what_the_seat_sees(seed):
    g = played(seed, 25 + 9 * seed)
    me = g.to_move
    w = sample_world(g.observation(me), random.Random(seed))
    for name in ("visible", "tactics_counts", "leader_played", "sides", "claimed", "discard_piles"):
        assert getattr(w, name) == getattr(g, name), name
    assert w.hands[me] == g.hands[me] and w.observation(me) == g.observation(me)


def test_a_new_game_is_built_by_the_same_constructor():
    g = Game(seed=9, first=1)
    same = Game.assemble(to_move=1, hands=g.hands, decks=(g.deck("troop"), g.deck("tactic")), seed=9)
    assert same.position() == g.position() and same.legal_moves() == g.legal_moves()


@pytest.mark.parametrize("kwargs, words", [
    ({"to_move": 2}, "to_move"),
    ({"phase": "lunch"}, "phase"),
    ({"flags": {10: []}}, "1 to 9"),
    ({"claimed": {3: 7}}, "north"),
    ({"hands": ([5], [])}, "Card objects"),
    ({"hands": ([ALL_CARDS[5]], [ALL_CARDS[5]])}, "appears twice"),
    ({}, "is missing"),
    ({"flags": {2: [(0, Card("Scout"))]}}, "Guile"),
])
def test_assemble_refuses_a_malformed_position(kwargs, words):
    with pytest.raises(PositionError, match=words):
        Game.assemble(**kwargs)


def test_the_rule_checks_can_be_skipped_only_on_request():
    """A claim the table cannot prove is refused unless check=False (for trusted callers)."""
    table = [Card("R1"), Card("R2"), Card("Y4")]
    rest = [c for c in ALL_CARDS if c not in table]
    kw = dict(flags={1: [(0, c) for c in table]}, claimed={1: 0}, hands=(rest[:7], rest[7:14]),
              decks=([c for c in rest[14:] if c.is_troop], [c for c in rest[14:] if c.is_tactic]))
    with pytest.raises(PositionError, match="cannot be proved"):
        Game.assemble(**kw)
    assert Game.assemble(**kw, check=False).claimed[1] == 0


@pytest.mark.parametrize("seed", [s if s < 4 else pytest.param(s, marks=pytest.mark.slow) for s in range(16)])
def test_state_kept_by_push_and_undo_answers_as_a_rebuilt_game(seed):
    """push and undo keep flag masks and remembered claim verdicts up to date: after
    moves taken back and replayed, legal moves and provable flags are those of the same
    position built afresh."""
    g, rng = Game(seed=seed, rules="advanced" if seed % 2 else "standard"), random.Random(seed)
    while not g.is_over():
        moves = g.legal_moves()
        g.push(rng.choice(moves))
        if rng.random() < 0.3 and not g.is_over():
            g.undo()
            g.push(rng.choice(moves))
        if g.is_over():
            break
        r = Game.from_position(g.position())
        assert sorted(map(str, g.legal_moves())) == sorted(map(str, r.legal_moves()))
        for p in (0, 1):
            assert g.provable_flags(p) == r.provable_flags(p)
    while g.moves:   # and all the way back
        g.undo()
        if len(g.moves) % 10 == 0:
            r = Game.from_position(g.position())
            assert sorted(map(str, g.legal_moves())) == sorted(map(str, r.legal_moves()))
            assert [g.provable_flags(p) for p in (0, 1)] == [r.provable_flags(p) for p in (0, 1)]
