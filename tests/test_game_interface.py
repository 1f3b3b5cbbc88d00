"""The game interface (battleline.interface.GameState), checked the same way on both games:
random play to the end, chance outcomes that hold what chance gave, undo back to the start,
records that replay, and observations that hide what they must."""

from __future__ import annotations

import random

import pytest

from battleline import Game
from battleline.ancient import AncientGame
from battleline.ancient import worlds as ancient_worlds
from battleline.interface import GameState
from battleline.sides import NORTH, SOUTH
from battleline.standard import worlds as standard_worlds


class BattleLine:
    name = "standard"
    cls = Game
    sample_world = staticmethod(standard_worlds.sample_world)

    @staticmethod
    def new(seed: int) -> Game:
        return Game(seed=seed)

    @staticmethod
    def chance_gave(before: Game, after: Game, action) -> object:
        """The card the draw brought: the one in the hand now that was not before."""
        p = before.to_move
        new = set(after.hands[p]) - set(before.hands[p])
        return new.pop() if action.kind == "draw" else None

    @staticmethod
    def hidden_parts(game: Game, seat: int) -> tuple:
        return tuple(game.hands[1 - seat]), tuple(game.decks[0]), tuple(game.decks[1])


class AncientBattles:
    name = "ancient"
    cls = AncientGame
    sample_world = staticmethod(ancient_worlds.sample_world)
    SCENARIOS = ("issus", "marathon", "raphia")

    @classmethod
    def new(cls, seed: int) -> AncientGame:
        return AncientGame.scenario(cls.SCENARIOS[seed % len(cls.SCENARIOS)], seed=seed)

    @staticmethod
    def chance_gave(before: AncientGame, after: AncientGame, action) -> object:
        """What the dice or the deck decided, keyed as chance_outcomes keys it."""
        if action.kind in ("fire", "attack"):
            changes = []
            was, now = before.observation("south").field, after.observation("south").field
            for square, cell in was.items():
                if square not in now or now[square].get("cards") != cell.get("cards"):
                    changes.append((square, "eliminated"))
                elif now[square].get("disrupted") and not cell.get("disrupted"):
                    changes.append((square, "disrupted"))
            return tuple(sorted(changes))
        if action.kind == "draw":
            side = before.to_act
            new = list(after.observation(side).hand)
            for card in before.observation(side).hand:
                new.remove(card)
            return new[0]
        if after.last_dice()[1]:
            return f"{after.observation('south').first} first"
        return None

    @staticmethod
    def hidden_parts(game: AncientGame, seat: int) -> tuple:
        return (game.position(),)


GAMES = [BattleLine, AncientBattles]


def snapshot(game) -> str:
    return game.position()


@pytest.mark.parametrize("kind", GAMES, ids=lambda k: k.name)
def test_both_engines_implement_the_interface(kind):
    game = kind.new(1)
    assert isinstance(game, GameState)
    assert game.current_player in (NORTH, SOUTH)
    assert game.result is None and game.returns() == (0.0, 0.0)
    assert game.actions_taken == []


@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize("kind", GAMES, ids=lambda k: k.name)
def test_random_play_chance_undo_and_records(kind, seed):
    """Play random legal actions to the end. Before each, the chance outcomes listed must be
    a distribution that holds what chance then gave, and an action with none must leave chance
    untouched; at the end the returns are a win and a loss (or a draw), the record replays to
    the same position, and undo takes every action back to the start."""
    rng = random.Random(seed)
    game = kind.new(seed)
    start = snapshot(game)
    steps = 0
    while game.result is None and steps < 3000:
        assert game.current_player in (NORTH, SOUTH)
        actions = game.legal_actions()
        assert actions, "a game going on has legal actions"
        action = rng.choice(actions)
        chances = game.chance_outcomes(action)
        before = kind.cls.from_record(game.record()) if chances or steps % 7 == 0 else None
        game.play(action)
        if before is not None:
            given = kind.chance_gave(before, game, action)
            if chances:
                assert given in {c.result for c in chances}, (str(action), given, chances)
            else:
                assert given is None, (str(action), given)
        steps += 1
    assert game.result is not None, "a random game ends"
    assert game.current_player is None and game.legal_actions() == []
    assert sorted(game.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    if game.result.winner is not None:
        assert game.returns()[game.result.winner] == 1.0
    assert kind.cls.from_record(game.record()).position() == game.position()
    assert len(game.actions_taken) == steps
    for _ in range(steps):
        game.undo()
    assert snapshot(game) == start


@pytest.mark.parametrize("kind", GAMES, ids=lambda k: k.name)
def test_observations_hide_what_they_must(kind):
    """Worlds sampled from one seat's observation differ in what that seat cannot see, yet
    give that seat the same observation and the same legal actions as the real game."""
    rng = random.Random(5)
    game = kind.new(5)
    for _ in range(12):
        game.play(rng.choice(game.legal_actions()))
    seat = game.current_player
    seen = game.observation(seat)
    worlds = [kind.sample_world(seen, random.Random(k)) for k in range(4)]
    views = [w.observation(seat) for w in worlds]
    assert all(v == views[0] for v in views), "the observation must not depend on hidden parts"
    assert len({kind.hidden_parts(w, seat) for w in worlds}) > 1, "the worlds differ where the seat cannot see"
    assert all([str(a) for a in w.legal_actions()] == [str(a) for a in game.legal_actions()] for w in worlds)


@pytest.mark.parametrize("kind", GAMES, ids=lambda k: k.name)
def test_chance_outcomes_refuse_an_illegal_action(kind):
    game = kind.new(2)
    legal = {str(a) for a in game.legal_actions()}
    action = next(a for a in ("draw troop", "draw", "c2-c3", "R1@1") if a not in legal)
    before = game.position()
    with pytest.raises(ValueError):
        game.chance_outcomes(action)
    assert game.position() == before


def test_a_card_scout_put_back_on_top_is_drawn_for_certain():
    """Battle Line: after Scout's returns, the player who put a card back on top knows it is
    the next draw from that deck; the opponent does not."""
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        game = Game(seed=seed)
        while game.result is None and len(game.moves) < 60:
            moves = game.legal_moves()
            scouting = [m for m in moves if m.kind == "scout"]
            move = scouting[0] if scouting else rng.choice(moves)
            game.play(move)
            if move.kind == "return" and game.phase != "scout-return":
                p = 1 - game.to_move if game.phase == "play" else game.to_move
                deck = "tactic" if move.card.is_tactic else "troop"
                top = game.deck(deck)[0]
                mine = game.observation(p).top_card_chances(deck)
                theirs = game.observation(1 - p).top_card_chances(deck)
                assert [(o.result, o.probability) for o in mine] == [(top, 1)]
                assert len(theirs) > 1 and top in {o.result for o in theirs}
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3, "random play reached Scout's returns"


def test_an_ancient_draw_brings_a_card_the_drawer_has_not_seen():
    """Ancient Battles: a Tactics draw may bring any card the drawer has not seen, alike, and
    never one in the drawer's own hand."""
    from battleline.ancient.observation import unseen_tactics
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        game = AncientBattles.new(seed)
        while game.result is None and checked < 4:
            actions = game.legal_actions()
            draw = next((a for a in actions if a.kind == "draw"), None)
            obs = game.observation(game.current_player)
            if draw is not None and obs.hand:
                chances = game.chance_outcomes(draw)
                assert {o.result for o in chances} == set(unseen_tactics(obs))
                assert not {o.result for o in chances} & set(obs.hand)
                assert len({o.probability for o in chances}) == 1
                checked += 1
            game.play(rng.choice(actions))
        if checked >= 4:
            break
    assert checked >= 4, "random play reached draws with cards in hand"
