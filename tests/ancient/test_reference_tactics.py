"""Tactics cards as events, against a reference written from the rulings: with every Tactics
card in south's hand at the start of its turn, the plays the engine offers are exactly these:

- Alexander, Darius (from hand): rally three of your disrupted cards (all if fewer);
- Fog, Mud: an empty Front Row position (row 2 or 3) that is not bad terrain already;
- Shield Bearers: one of your infantry cards (values 1-6); Companion Cavalry: one of your
  Light or Heavy Cavalry cards;
- Redeploy: one of your cards with no enemy card in front, beside or behind it, to an empty
  position of your Back Row;
- Traitor, Deserter: always; the opponent then removes one of its Skirmishers, Peltasts,
  Javalineers or Light Cavalry on the table (from reserve if none is on the table);
- Scout: never in the Tactics step (only at the initiative).

And the effects: rallied markers go, terrain lies, a redeployed card keeps its marker.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from util import in_two_tiers

from battleline.ancient import Action, AncientGame

COLOURS = "ROYGBP"
LOYAL = {1, 2, 3, 7}


def name(column: int, row: int) -> str:
    return "abcdefghijk"[column] + str(row)


@st.composite
def tactic_fields(draw):
    """A field of single cards (value, side, disrupted) and up to two bad terrain squares."""
    width = draw(st.sampled_from([7, 9, 11]))
    squares = [name(c, r) for c in range(width) for r in range(1, 5)]
    chosen = draw(st.lists(st.sampled_from(squares), min_size=1, max_size=20, unique=True))
    used = {}
    field = {}
    for square in chosen:
        value = draw(st.integers(1, 10))
        if used.get(value, 0) == 6:
            continue
        card = f"{COLOURS[used.get(value, 0)]}{value}"
        used[value] = used.get(value, 0) + 1
        field[square] = (card, value, draw(st.sampled_from(["south", "north"])), draw(st.booleans()))
    front = [s for s in squares if s[1] in "23" and (s not in field or field[s][1] <= 6)]
    terrain = draw(st.lists(st.sampled_from(front), max_size=2, unique=True))
    return width, field, dict(zip(terrain, ("fog", "mud")))


def start_of_south_turn_with_every_tactic(width, field, terrain):
    game = AncientGame.empty(width, seed=1)
    for square, kind in terrain.items():
        game.put_terrain(square, kind)
    for square, (card, value, side, disrupted) in field.items():
        game.put(square, card, side, disrupted=disrupted)
    lines = []
    for line in game.position().splitlines():
        if line.startswith("deck "):
            hand = line.split()[1:]
            lines.append("hand south " + " ".join(hand))
            lines.append("deck empty")
        elif line.startswith("phase "):
            lines.append("phase tactics south")
        else:
            lines.append(line)
    return AncientGame.from_position("\n".join(lines) + "\n"), hand


def reference_plays(width, field, terrain, hand):
    own = {s: v for s, v in field.items() if v[2] == "south"}
    enemy = {s for s, v in field.items() if v[2] == "north"}
    plays = {"end tactics"}
    disrupted = sorted(s for s, v in own.items() if v[3])
    for leader in ("Alexander", "Darius"):
        if leader in hand and disrupted:
            for group in combinations(disrupted, min(3, len(disrupted))):
                plays.add(f"play {leader} " + " ".join(group))
    for kind in ("Fog", "Mud"):
        if kind in hand:
            for c in range(width):
                for r in (2, 3):
                    s = name(c, r)
                    if s not in field and s not in terrain:
                        plays.add(f"play {kind}@{s}")
    for s, (card, value, side, dis) in own.items():
        if "Shield" in hand and value <= 6:
            plays.add(f"play Shield@{s}")
        if "Companion" in hand and value in (7, 8):
            plays.add(f"play Companion@{s}")
    if "Redeploy" in hand:
        back = [name(c, 1) for c in range(width) if name(c, 1) not in field]
        for s in own:
            col, row = "abcdefghijk".index(s[0]), int(s[1:])
            around = {name(col + dc, row + dr) for dc, dr in ((0, 1), (0, -1), (-1, 0), (1, 0))
                      if 0 <= col + dc < width and 1 <= row + dr <= 4}
            if not around & enemy:
                plays |= {f"play Redeploy {s}-{b}" for b in back}
    for loyalty in ("Traitor", "Deserter"):
        if loyalty in hand:
            plays.add(f"play {loyalty}")
    return {str(Action.parse(p)) for p in plays}


def tactics_plays_match_the_reference(case):
    width, field, terrain = case
    game, hand = start_of_south_turn_with_every_tactic(width, field, terrain)
    assert game.phase == "tactics" and game.to_act == "south"
    assert {str(a) for a in game.legal_actions()} == reference_plays(width, field, terrain, hand)


test_tactics_plays_match_the_reference, test_tactics_plays_match_the_reference_at_length = in_two_tiers(
    15, given(tactic_fields()),
    settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(tactics_plays_match_the_reference)


def tactics_effects(case, choice):
    width, field, terrain = case
    game, hand = start_of_south_turn_with_every_tactic(width, field, terrain)
    plays = sorted(reference_plays(width, field, terrain, hand) - {"end tactics"})
    if not plays:
        return
    action = Action.parse(plays[choice % len(plays)])
    game.play(action)
    card = action.card
    if card in ("Alexander", "Darius"):
        for s in action.squares:
            assert game.cell(s)["disrupted"] is False
        rest = [s for s, v in field.items() if v[2] == "south" and v[3] and s not in action.squares]
        assert all(game.cell(s)["disrupted"] for s in rest)
    elif card in ("Fog", "Mud"):
        assert game.terrain()[action.squares[0]] == card
    elif card in ("Shield", "Companion"):
        assert game.cell(action.squares[0])["attachment"] == card
    elif card == "Redeploy":
        start, to = action.squares
        assert game.cell(start) is None
        moved = game.cell(to)
        assert moved["cards"] == [field[start][0]] and moved["disrupted"] == field[start][3]
    else:  # Loyalty: north chooses among its light troops and Javalineers on the table
        choices = {f"remove {s}" for s, v in field.items() if v[2] == "north" and v[1] in LOYAL}
        if choices:
            assert game.phase == "loyalty" and game.to_act == "north"
            assert {str(a) for a in game.legal_actions()} == choices
            pick = sorted(choices)[choice % len(choices)]
            game.play(pick)
            assert game.cell(pick.split()[1]) is None
            assert game.to_act == "south"
        else:
            assert game.to_act == "south"
    assert card not in game.observation("south").hand  # played: out of the hand


test_tactics_effects, test_tactics_effects_at_length = in_two_tiers(
    15, given(tactic_fields(), st.integers(0, 10 ** 6)),
    settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(tactics_effects)


# --- continuous rallying and scenario leaders ------------------------------------------------


def pass_player_turn(game):
    side = game.to_act
    while game.to_act == side and game.phase in ("tactics", "actions", "fire", "melee"):
        game.play(f"end {game.phase}")


def test_continuous_rallying_one_marker_each_first_player_first():
    game = AncientGame.empty(seed=1, advanced=["rally"], dice=[1, 6])  # north wins turn 2's roll
    game.put("a2", "Hoplites", "south", disrupted=True)
    game.put("b2", "Hoplites", "south", disrupted=True)
    game.put("h3", "Hoplites", "north", disrupted=True)
    game.put("i4", "Hoplites", "north")
    pass_player_turn(game)
    pass_player_turn(game)
    # turn 1 was south's first: south rallies first, one marker or none
    assert (game.phase, game.to_act) == ("rally", "south")
    assert {str(a) for a in game.legal_actions()} == {"rally a2", "rally b2", "rally none"}
    game.play("rally b2")
    assert game.cell("b2")["disrupted"] is False and game.cell("a2")["disrupted"] is True
    assert (game.phase, game.to_act) == ("rally", "north")
    assert {str(a) for a in game.legal_actions()} == {"rally h3", "rally none"}
    game.play("rally none")
    assert game.cell("h3")["disrupted"] is True
    assert game.turn == 2 and game.to_act == "north"


def leader_position(*, disrupted=False, rallied=False, phase="actions south", half=0, script=""):
    """North's Darius on its Hoplites (B4) at c3, facing south's Hypaspists at c2."""
    text = AncientGame.empty(seed=1).position()
    text = text.replace("advanced none", "advanced none\nleader north Darius B4" + (" rallied" if rallied else ""))
    lines = []
    for line in text.splitlines():
        if line.startswith("deck "):
            line = " ".join(w for w in line.split() if w != "Darius")
        elif line.startswith("phase "):
            line = f"phase {phase}"
        elif line.startswith("turn "):
            line = f"turn 1 first south half {half}"
        elif line.startswith("dice ") and script:
            line = f"{line} script {script}"
        lines.append(line)
        if line.startswith("quiet "):
            lines += [f"c3 north B4{' disrupted' if disrupted else ''}", "c2 south R6", "h4 north G4"]
    return "\n".join(lines) + "\n"


def test_losing_the_leaders_card_loses_the_battle_at_once():
    game = AncientGame.from_position(leader_position(script="6 1"))
    while game.phase != "melee":
        game.play(f"end {game.phase}")
    game.play("attack c2-c3")  # 6 + 6 against 4 + 1: eliminated
    assert game.cell("c3") is None
    assert (game.outcome.winner_name, game.outcome.reason) == ("south", "leader")  # not casualties: 4 of 8 points is not more than half


@pytest.mark.parametrize("disrupted, rallied, offered", [(True, False, True), (False, False, False),
                                                         (True, True, False)])
def test_the_leader_rallies_its_own_card_once(disrupted, rallied, offered):
    game = AncientGame.from_position(leader_position(disrupted=disrupted, rallied=rallied,
                                                     phase="tactics north", half=1))
    legal = {str(a) for a in game.legal_actions()} if game.to_act == "north" else set()
    assert ("play Darius" in legal) == offered
    if offered:
        game.play("play Darius")
        assert game.cell("c3")["disrupted"] is False
        assert "leader north Darius B4 rallied" in game.position()


@pytest.mark.parametrize("choice", ["scout first", "scout second", "roll"])
def test_scout_decides_the_initiative_instead_of_the_roll(choice):
    lines = []
    for line in AncientGame.empty(seed=1, dice=[2, 5]).position().splitlines():
        if line.startswith("deck "):
            lines.append("hand south Scout")
            line = " ".join(w for w in line.split() if w != "Scout")
        lines.append(line)
        if line.startswith("quiet "):
            lines += ["a2 south R4", "i3 north B4"]
    game = AncientGame.from_position("\n".join(lines) + "\n")
    pass_player_turn(game)
    pass_player_turn(game)
    assert (game.turn, game.phase, game.to_act) == (2, "initiative", "south")
    assert {"scout first", "scout second", "roll"} <= {str(a) for a in game.legal_actions()}
    game.play(choice)
    if choice == "roll":
        assert game.rolls == [2, 5] and game.to_act == "north"  # north's 5 beats south's 2
        assert "Scout" in game.observation("south").hand
    else:
        assert game.rolls == []  # the roll is cancelled
        assert game.to_act == ("south" if choice == "scout first" else "north")
        assert "Scout" not in game.observation("south").hand
        assert "Scout" in game.observation("north").discards
