"""Victory against a reference written from the rules: terrain (more than half of the
opponent's Back Row with undisrupted cards other than Skirmishers, Peltasts and Light
Cavalry), casualties (more than half of the enemy army's points eliminated; a bow costs one
more), and the draw after quiet turns."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from util import in_two_tiers

from battleline.ancient import AncientGame

COLOURS = "ROYGBP"
NOT_HOLDING = {1, 2, 7}  # Skirmishers, Peltasts, Light Cavalry cannot take ground


def end_player_turn(game):
    side = game.to_act
    while game.outcome is None and game.to_act == side:
        game.play(f"end {game.phase}")


@st.composite
def back_rows(draw):
    """A width and, per square of north's Back Row, nothing, a north card, or a south card
    (value, disrupted)."""
    width = draw(st.sampled_from([7, 9, 11]))
    row = []
    for _ in range(width):
        kind = draw(st.sampled_from(["empty", "south", "south", "south", "north"]))
        row.append((kind, draw(st.integers(1, 10)), draw(st.booleans()) and draw(st.booleans())))
    return width, row


def terrain_victory_matches_the_rule(case):
    width, row = case
    game = AncientGame.empty(width, seed=1)
    used = {}
    held = 0
    for column, (kind, value, disrupted) in enumerate(row):
        if kind == "empty":
            continue
        k = used.get(value, 0)
        if k == 6:
            continue
        used[value] = k + 1
        game.put(f"{'abcdefghijk'[column]}4", f"{COLOURS[k]}{value}", kind, disrupted=disrupted)
        if kind == "south" and not disrupted and value not in NOT_HOLDING:
            held += 1
    k = used.get(4, 0)
    if k < 6:
        game.put("a2", f"{COLOURS[k]}4", "north")  # north has an army either way
    end_player_turn(game)
    if held > width // 2:
        assert game.outcome is not None and (game.outcome.winner_name, game.outcome.reason) == ("south", "terrain")
    else:
        assert game.outcome is None


test_terrain_victory_matches_the_rule, test_terrain_victory_matches_the_rule_at_length = in_two_tiers(
    20, given(back_rows()),
    settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(terrain_victory_matches_the_rule)


def test_terrain_victory_thresholds_by_hand():
    for width, needed in ((7, 4), (9, 5), (11, 6)):
        for count in (needed - 1, needed):
            game = AncientGame.empty(width, seed=1)
            for column in range(count):
                game.put(f"{'abcdefghijk'[column]}4", "Hoplites" if column < 6 else "Hypaspists", "south")
            game.put("a2", "Phalangists", "north")
            end_player_turn(game)
            assert (game.outcome is not None) == (count == needed), (width, count)


@st.composite
def casualty_positions(draw):
    """Armies of a few cards each, some eliminated, some with bows, written as a position."""
    lines = []
    points = {"south": 0, "north": 0}
    lost = {"south": 0, "north": 0}
    free = {v: list(COLOURS) for v in range(1, 11)}
    # each side's own Back Row, apart: no fighting, no terrain victory
    squares = {"south": iter(f"{c}1" for c in "abcd"), "north": iter(f"{c}4" for c in "fghi")}
    for side in ("south", "north"):
        standing, gone = [], []
        for _ in range(draw(st.integers(1, 6))):
            value = draw(st.integers(1, 10))
            if not free[value]:
                continue
            card = f"{free[value].pop(0)}{value}"
            bow = value in (3, 7, 8) and draw(st.booleans())
            token = card + ("*" if bow else "")
            cost = value + bow
            points[side] += cost
            if draw(st.booleans()):
                gone.append(token)
                lost[side] += cost
            else:
                standing.append(token)
        if not standing:  # each side keeps a card on the field
            value = 6
            card = f"{free[value].pop(0)}{value}"
            standing.append(card)
            points[side] += value
        for token in standing[:4]:
            lines.append(f"{next(squares[side])} {side} {token}")
        if standing[4:]:
            lines.append(f"reserve {side} " + " ".join(standing[4:]))
        if gone:
            lines.append(f"eliminated {side} " + " ".join(gone))
    text = "ancient position\nwidth 9\n" + "\n".join(lines) + "\n"
    return text, points, lost


def casualty_victory_matches_the_rule(case):
    text, points, lost = case
    game = AncientGame.from_position(text)
    assert game.outcome is None
    end_player_turn(game)  # victory is checked after south's player turn, south first
    if 2 * lost["north"] > points["north"]:
        expected = ("south", "casualties")
    elif 2 * lost["south"] > points["south"]:
        expected = ("north", "casualties")
    else:
        expected = None
    assert ((game.outcome.winner_name, game.outcome.reason) if game.outcome else None) == expected


test_casualty_victory_matches_the_rule, test_casualty_victory_matches_the_rule_at_length = in_two_tiers(
    20, given(casualty_positions()),
    settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(casualty_victory_matches_the_rule)


@pytest.mark.parametrize("quiet", [1, 2, 3])
def test_draw_after_quiet_turns(quiet):
    game = AncientGame.empty(seed=3, draw_after=quiet)
    game.put("a2", "Hoplites", "south")
    game.put("i3", "Hoplites", "north")
    turns = 0
    while game.outcome is None:
        turn = game.turn
        while game.outcome is None and game.turn == turn:
            game.play(f"end {game.phase}" if game.phase in ("tactics", "actions", "fire", "melee") else
                      str(game.legal_actions()[0]))
        turns += 1
        assert turns <= quiet
    assert (game.outcome.winner_name, game.outcome.reason) == (None, "draw")
    assert turns == quiet
