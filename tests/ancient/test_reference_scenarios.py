"""The seven scenarios against the seed's army lists, transcribed here by hand (the army
listed first is south), with their widths and special rules; and deployment: each side
places min(width, army size) cards face down in its own Back Row, hidden until both have
deployed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from battleline.sides import NORTH, SOUTH

from battleline.ancient import AncientGame

SK, PE, JA, HO, PH, HY, LC, HC, CH, EL = range(1, 11)
BOW = True

# name: (width, south list, north list); a list is [(count, value, with bow)]
SEED = {
    "cunaxa": (9,
               [(2, HO, 0), (2, PE, 0), (2, JA, 0), (2, SK, 0), (2, LC, 0), (2, HC, 0)],
               [(2, JA, 0), (2, JA, BOW), (4, SK, 0), (2, LC, 0), (3, HC, 0)]),
    "issus": (9,
              [(6, PH, 0), (2, HO, 0), (4, HY, 0), (4, PE, 0), (2, SK, 0), (2, LC, 0), (2, HC, 0)],
              [(4, HO, 0), (4, JA, BOW), (4, SK, 0), (2, LC, 0), (2, HC, 0), (2, LC, BOW), (2, HC, BOW)]),
    "gaugamela": (9,
                  [(6, PH, 0), (2, HO, 0), (4, HY, 0), (4, PE, 0), (2, SK, 0), (2, LC, 0), (2, HC, 0)],
                  [(6, JA, BOW), (4, SK, 0), (2, CH, 0), (2, LC, 0), (2, HC, 0), (2, LC, BOW), (2, HC, BOW)]),
    "indus": (9,
              [(6, PH, 0), (2, HY, 0), (4, PE, 0), (2, SK, 0), (2, LC, 0), (2, LC, BOW), (3, HC, 0)],
              [(4, EL, 0), (4, CH, 0), (4, JA, BOW), (4, SK, 0), (2, LC, 0)]),
    "marathon": (7,
                 [(6, HO, 0), (4, PE, 0), (2, SK, 0), (2, LC, 0)],
                 [(2, JA, BOW), (2, JA, 0), (4, SK, 0), (2, LC, 0), (1, HC, 0), (1, HC, BOW)]),
    "sicily": (9,
               [(2, EL, 0), (6, PH, 0), (2, PE, 0), (2, SK, 0), (2, LC, 0), (2, HC, 0)],
               [(4, CH, 0), (4, HO, 0), (4, JA, 0), (4, SK, 0), (2, LC, 0), (2, HC, 0)]),
    "raphia": (11,
               [(3, EL, 0), (2, PH, 0), (4, HO, 0), (2, HY, 0), (4, JA, 0), (4, PE, 0), (2, LC, 0), (3, HC, 0)],
               [(3, EL, 0), (4, PH, 0), (2, HO, 0), (4, HY, 0), (2, JA, 0), (2, PE, 0), (2, LC, 0), (2, HC, 0)]),
}

# name: (south's starting hand, north's starting hand, south's leader, north's leader)
TACTICS = {
    "cunaxa": ({"Shield", "Companion"}, set(), "Alexander", "Darius"),
    "issus": ({"Companion", "Alexander"}, set(), None, "Darius"),
    "gaugamela": ({"Companion", "Alexander"}, set(), None, "Darius"),
    "indus": (set(), set(), None, None),
    "marathon": (set(), set(), None, None),
    "sicily": (set(), set(), None, None),
    "raphia": (set(), set(), None, None),
}
TACTICS_NUMBERS = {name: 60 + i for i, name in enumerate(
    ("Alexander", "Darius", "Companion", "Shield", "Fog", "Mud", "Scout", "Redeploy", "Deserter", "Traitor"))}


def army_counter(state, side: int) -> Counter:
    return Counter((c % 10 + 1, c in state.bows) for c in state.army[side])


@pytest.mark.parametrize("name", sorted(SEED))
def test_scenario_armies_are_the_seed_lists(name):
    width, south, north = SEED[name]
    game = AncientGame.scenario(name, seed=1)
    s = game.state
    assert game.width == width
    for side, listed in ((SOUTH, south), (NORTH, north)):
        expected = Counter()
        for count, value, bow in listed:
            expected[(value, bool(bow))] += count
        assert army_counter(s, side) == expected, (name, side)
        # a bow costs one point more
        assert s.army_points(side) == sum(count * (value + bool(bow)) for count, value, bow in listed)
    assert not set(s.army[0]) & set(s.army[1])


@pytest.mark.parametrize("name", sorted(SEED))
def test_scenario_special_rules(name):
    s = AncientGame.scenario(name, seed=1).state
    south_hand, north_hand, south_leader, north_leader = TACTICS[name]
    assert {c for c in s.hands[SOUTH]} == {TACTICS_NUMBERS[t] for t in south_hand}
    assert {c for c in s.hands[NORTH]} == {TACTICS_NUMBERS[t] for t in north_hand}
    for side, leader in ((SOUTH, south_leader), (NORTH, north_leader)):
        assert s.leader_card[side] == (TACTICS_NUMBERS[leader] if leader else -1)
    # every other Tactics card is in the deck
    given = set(s.hands[0]) | set(s.hands[1]) | {c for c in s.leader_card if c >= 0}
    assert sorted(s.deck) == sorted(set(range(60, 70)) - given)
    # Raphia: heavy infantry stacking must be allowed; Egyptian (south) elephants are smaller
    assert ("stacks" in s.options) == (name == "raphia")
    assert s.small_elephants == (SOUTH if name == "raphia" else None)
    # Issus and Gaugamela: Loyalty also reaches the Persian (north) Hoplites
    assert set(s.loyalty_extra[NORTH]) == ({HO} if name in ("issus", "gaugamela") else set())
    assert set(s.loyalty_extra[SOUTH]) == set()


@pytest.mark.parametrize("name", sorted(SEED))
@pytest.mark.parametrize("advanced", [(), "all"])
def test_deployment_is_face_down_then_revealed(name, advanced):
    game = AncientGame.scenario(name, seed=2, advanced=advanced)
    rng = random.Random(name)
    width = game.width
    sizes = [len(game.state.army[0]), len(game.state.army[1])]
    steps = 0
    while game.phase in ("leader", "deploy"):
        actions = game.legal_actions()
        for action in actions:
            if action.kind == "deploy":
                # only in one's own Back Row
                row = int(action.squares[0][1])
                assert row == (1 if game.to_act == "south" else 4), action
        if game.phase == "deploy":
            side = game.to_act
            other = "north" if side == "south" else "south"
            view = game.observation(other)
            for unit in view.field.values():
                if unit["side"] == side:
                    assert unit.get("hidden") is True and "cards" not in unit
        game.play(rng.choice(actions))
        steps += 1
        assert steps < 200
    s = game.state
    for side in (0, 1):
        on_field = sum(1 for sq in range(len(s.cells)) for c in s.unit_cards(sq) if s.owner[c] == side)
        assert on_field == min(width, sizes[side])
        assert len(s.reserve[side]) == sizes[side] - on_field
    # revealed: each side now sees the other's cards
    seen = game.observation("south")
    assert all("cards" in unit for unit in seen.field.values())
