"""The faster reference engine keeps every result: undo by recorded changes puts back the
exact state, a player step is skipped exactly when it lists nothing but ``end STEP``, and
the lazily listed legal actions are those of a fresh game on the same position."""

import copy
import random

import pytest

from battleline.ancient import AncientGame
from battleline.ancient.armies import SCENARIOS
from battleline.ancient.journal import FIXED_IN_PLAY, JOURNALED, PLAY_FIELDS
from battleline.ancient.rules import Rules
from battleline.ancient.state import AncientState

SLOW_CASES = [(name, adv) for name in SCENARIOS for adv in ("all", ())]


def full_state(s: AncientState) -> dict:
    """Every field of the state, deep-copied (the dice as their read position)."""
    out = {name: copy.deepcopy(getattr(s, name)) for name in AncientState.__slots__
           if name not in ("board", "dice")}
    out["dice"] = s.dice.position
    return out


def test_the_journal_names_every_field_once():
    fields = PLAY_FIELDS + JOURNALED + FIXED_IN_PLAY
    assert sorted(fields) == sorted(AncientState.__slots__)


def random_battle(game: AncientGame, seed: int, check_every: int = 1, limit: int = 2000):
    """Play ``game`` at random; at every ``check_every``-th decision push and undo each legal
    action and check the state, the position text and the legal actions come back."""
    rand = random.Random(seed).random
    n = 0
    while game.outcome is None and n < limit:
        legal = game.legal_actions()
        if n % check_every == 0:
            before, text = full_state(game.state), game.position()
            for a in legal:
                game.push(a)
                game.undo()
                assert full_state(game.state) == before, (n, str(a))
                assert game.position() == text
                assert game.legal_actions() == legal
        game.push(legal[int(rand() * len(legal))])
        n += 1
    return n


@pytest.mark.parametrize("name", ["issus", pytest.param("raphia", marks=pytest.mark.slow),
                                  pytest.param("gaugamela", marks=pytest.mark.slow)])
def test_undo_restores_the_exact_state_after_every_action(name):
    g = AncientGame.scenario(name, seed=5, advanced="all")
    assert random_battle(g, seed=11, check_every=3) > 50


@pytest.mark.slow
@pytest.mark.parametrize("name,advanced", SLOW_CASES)
def test_undo_restores_the_exact_state_in_every_scenario(name, advanced):
    for seed in range(2):
        random_battle(AncientGame.scenario(name, seed=seed, advanced=advanced), seed=seed + 40)


def test_undo_of_a_whole_battle_returns_to_its_start():
    g = AncientGame.scenario("issus", seed=3, advanced="all")
    start, text = full_state(g.state), g.position()
    rand = random.Random(3).random
    while g.outcome is None:
        legal = g.legal_actions()
        g.push(legal[int(rand() * len(legal))])
    end = g.position()
    played = g.actions_played
    while g.actions_played:
        g.undo()
    assert full_state(g.state) == start and g.position() == text
    for a in played:          # the same rolls come again: taking back never re-rolls
        g.push(a)
    assert g.position() == end


def step_checks(s: AncientState):
    """For each player step, on a copy of ``s`` set to that step: (step, has_choice, what
    the full list says)."""
    for step in ("tactics", "actions", "fire", "melee"):
        c = s.copy()
        c.phase = step
        rules = Rules(c)
        listed = len(rules.legal()) > 1
        if step == "tactics":
            listed = listed or bool(c.hands[c.to_act])
        yield step, rules.has_choice(step, c.to_act), listed


@pytest.mark.parametrize("name,advanced", [("issus", "all"), ("raphia", "all"), ("cunaxa", ()),
                                           ("marathon", ("flank",))])
def test_a_step_is_skipped_exactly_when_it_lists_only_its_end(name, advanced):
    g = AncientGame.scenario(name, seed=8, advanced=advanced)
    rand = random.Random(8).random
    seen = {True: 0, False: 0}
    while g.outcome is None:
        if g.phase in ("tactics", "actions", "fire", "melee", "rally", "withdrawal", "loyalty"):
            for step, fast, listed in step_checks(g.state):
                assert fast == listed, (step, g.position())
                seen[fast] += 1
        legal = g.legal_actions()
        g.push(legal[int(rand() * len(legal))])
    assert seen[True] and seen[False]


def test_lazy_legal_actions_match_a_fresh_game_on_the_same_position():
    g = AncientGame.scenario("gaugamela", seed=4, advanced="all")
    rand = random.Random(4).random
    while g.outcome is None:
        fresh = AncientGame.from_position(g.position())
        legal = g.legal_actions()
        assert fresh.legal_actions() == legal
        g.push(legal[int(rand() * len(legal))])


def test_push_lists_nothing_until_asked(monkeypatch):
    g = AncientGame.scenario("issus", seed=2, advanced="all")
    calls = []
    original = Rules.legal
    monkeypatch.setattr(Rules, "legal", lambda self: calls.append(1) or original(self))
    a = g.legal_actions()[0]
    assert len(calls) == 1
    g.push(a)
    g.undo()
    g.push(a)
    assert len(calls) == 1          # push and undo listed nothing
    g.legal_actions()
    g.legal_actions()
    assert len(calls) == 2          # listed once when asked, then kept


def test_a_units_destinations_are_its_listed_moves():
    """Movement's two memos (moves as actions, destinations as squares) agree, warm or cold."""
    for seed in (6, 6, 9):            # the second battle finds both memos filled
        g = AncientGame.scenario("cunaxa", seed=seed, advanced="all")
        rand = random.Random(seed).random
        rules = Rules(g.state)
        checked = 0
        while g.outcome is None:
            legal = g.legal_actions()
            if g.phase == "actions":
                s, names = g.state, g.state.board.names
                for sq, c in rules.own_units(s.to_act):
                    listed = {a.squares[1] for a in legal if a.kind == "move" and a.squares[0] == names[sq]}
                    got = {names[d] for d in rules.destinations(c)} if s.actions_left > 0 else set()
                    assert got == listed, (names[sq], g.position())
                    checked += 1
            g.push(legal[int(rand() * len(legal))])
        assert checked > 100
