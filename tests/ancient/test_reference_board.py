"""Movement, lines of fire and front melee: the engine against the hand-written reference
(``tests/ancient/ancient_reference.py``) on hypothesis-generated fields of widths 7, 9 and 11, for
every card on the field. The first tests check the reference itself on hand-drawn cases."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from util import in_two_tiers


def _load_reference():
    # tests/reference.py (the standard game's) owns the plain name "reference"
    name = "ancient_reference"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("ancient_reference.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


ref = _load_reference()
Troop = ref.Troop
COLOURS = "ROYGBP"


# --- the reference on hand-drawn cases ---------------------------------------------------


def test_reference_moves_by_hand():
    field = {"c2": Troop(7, "south"), "c3": Troop(4, "north"), "b2": Troop(1, "south")}
    # Light Cavalry: two steps forward, left or right. c3 and b2 are taken, so the way north
    # and west is shut (b3 would need a path through c3 or b2); east: d2, e2, d3. Never back.
    assert ref.reachable_squares(field, set(), 9, "c2") == {"d2", "e2", "d3"}
    # Hoplites of north: forward only, that is to row 2; c2 is taken
    assert ref.reachable_squares(field, set(), 9, "c3") == set()
    # Skirmishers: one step forward, left or right
    assert ref.reachable_squares(field, set(), 9, "b2") == {"a2", "b3"}
    # bad terrain stops cavalry but not infantry
    assert ref.reachable_squares(field, {"d2"}, 9, "c2") == set()
    assert ref.reachable_squares(field, {"b3"}, 9, "b2") == {"a2", "b3"}
    # an elephant on the north edge facing north cannot move at all (forward is off the field)
    assert ref.reachable_squares({"a4": Troop(10, "south")}, set(), 7, "a4") == set()
    assert ref.reachable_squares({"a4": Troop(9, "north")}, set(), 7, "a4") == {"a3", "a2", "b4", "c4", "b3"}
    # disrupted: no move
    assert ref.reachable_squares({"a2": Troop(8, "south", disrupted=True)}, set(), 7, "a2") == set()


def test_reference_fire_by_hand():
    archer = Troop(1, "south")
    # targets all around the reach of a bow
    field = {"d2": archer, "d3": Troop(5, "north"), "c3": Troop(6, "north"), "e3": Troop(2, "north"),
             "d4": Troop(4, "north")}
    # d3 occupied blocks d4; diagonals: side squares c2, e2 are empty, so both diagonals open
    assert ref.missile_targets(field, set(), 9, "d2") == {"d3", "c3", "e3"}
    del field["d3"]
    assert ref.missile_targets(field, set(), 9, "d2") == {"c3", "e3", "d4"}
    # both the forward and the side square full: that diagonal is closed
    field = {"d2": archer, "d3": Troop(3, "south"), "c2": Troop(3, "south"), "c3": Troop(6, "north"),
             "e3": Troop(6, "north")}
    assert ref.missile_targets(field, set(), 9, "d2") == {"e3"}
    # javelins reach only straight ahead; never sideways
    field = {"d3": Troop(2, "north"), "d2": Troop(6, "south"), "c3": Troop(6, "south"), "c2": Troop(6, "south")}
    assert ref.missile_targets(field, set(), 9, "d3") == {"d2"}
    # cavalry fires only with a bow; Hoplites never
    assert ref.missile_targets({"a1": Troop(7, "south"), "a2": Troop(1, "north")}, set(), 7, "a1") == set()
    assert ref.missile_targets({"a1": Troop(7, "south", bow=True), "a2": Troop(1, "north")}, set(), 7, "a1") == {"a2"}
    assert ref.missile_targets({"a1": Troop(4, "south"), "a2": Troop(1, "north")}, set(), 7, "a1") == set()
    # friends are never targets; disrupted archers never shoot
    assert ref.missile_targets({"a1": Troop(1, "south"), "a2": Troop(1, "south")}, set(), 7, "a1") == set()
    shaken = {"a1": Troop(1, "south", disrupted=True), "a2": Troop(1, "north")}
    assert ref.missile_targets(shaken, set(), 7, "a1") == set()


def test_reference_melee_by_hand():
    field = {"b2": Troop(8, "south"), "b3": Troop(5, "north"), "c2": Troop(8, "south"), "c3": Troop(6, "north")}
    assert ref.front_melee_targets(field, set(), 7, "b2") == set()  # cavalry against Phalangists
    assert ref.front_melee_targets(field, set(), 7, "c2") == {"c3"}
    assert ref.front_melee_targets(field, set(), 7, "c3") == {"c2"}  # north attacks southward
    assert ref.front_melee_targets(field, set(), 7, "b3") == {"b2"}
    field["c2"] = Troop(8, "south", disrupted=True)
    assert ref.front_melee_targets(field, set(), 7, "c2") == set()


# --- the engine against the reference ----------------------------------------------------


@st.composite
def fields(draw, max_cards: int = 22):
    """A width, a field of single cards (at most six of a value: the deck has six) and bad
    terrain in the Front Rows (on empty squares, or under infantry, who may stand there)."""
    width = draw(st.sampled_from([7, 9, 11]))
    squares = ref.all_squares(width)
    chosen = draw(st.lists(st.sampled_from(squares), min_size=1, max_size=max_cards, unique=True))
    used = Counter()
    field, cards = {}, {}
    for square in chosen:
        value = draw(st.integers(1, 10))
        if used[value] == 6:
            continue
        side = draw(st.sampled_from([ref.SOUTH, ref.NORTH]))
        bow = value in ref.MAY_CARRY_BOW and draw(st.booleans())
        disrupted = draw(st.booleans()) if draw(st.integers(0, 3)) == 0 else False
        field[square] = Troop(value, side, bow, disrupted)
        cards[square] = f"{COLOURS[used[value]]}{value}"
        used[value] += 1
    front = [s for s in squares if s[1:] in ("2", "3")]
    open_for_terrain = [s for s in front if s not in field or field[s].value not in ref.KEEP_OFF_BAD_TERRAIN]
    terrain = draw(st.lists(st.sampled_from(open_for_terrain), max_size=2, unique=True)) if open_for_terrain else []
    return width, field, cards, dict(zip(terrain, ("fog", "mud")))


def engine():
    """The engine's game class."""
    from battleline.ancient import AncientGame
    return AncientGame


def build(width, field, cards, terrain):
    game = engine().empty(width)
    for square, kind in terrain.items():
        game.put_terrain(square, kind)
    for square, troop in field.items():
        game.put(square, cards[square], troop.side, bow=troop.bow, disrupted=troop.disrupted)
    return game


def check_against_reference(case):
    width, field, cards, terrain = case
    game = build(width, field, cards, terrain)
    bad = set(terrain)
    for square in field:
        # fire_targets leaves out disrupted enemies: missile fire cannot affect them
        assert set(game.moves_from(square)) == ref.reachable_squares(field, bad, width, square), square
        assert set(game.fire_targets(square)) == ref.missile_targets(
            field, bad, width, square, hit_disrupted=False), square
        assert set(game.melee_targets(square)) == ref.front_melee_targets(field, bad, width, square), square


def engine_queries_match_the_reference(case):
    engine()
    check_against_reference(case)


test_engine_queries_match_the_reference, test_engine_queries_match_the_reference_at_length = in_two_tiers(
    10, given(fields()),
    settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(engine_queries_match_the_reference)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(max_cards=40))
def test_engine_queries_match_the_reference_on_crowded_fields(case):
    engine()
    check_against_reference(case)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(max_cards=40))
def test_engine_queries_match_the_reference_many_fields(case):
    engine()
    check_against_reference(case)


# --- Advanced flank attacks ---------------------------------------------------------------


def test_reference_flanks_by_hand():
    # the seed's example: Heavy Cavalry right of enemy Phalangists, Skirmishers left of them,
    # a Javalineer in front
    field = {"d3": Troop(5, "north"), "e3": Troop(8, "south"), "c3": Troop(1, "south"), "d2": Troop(3, "south")}
    assert ref.melee_targets_with_flanks(field, set(), 9, "e3") == {"d3"}
    assert ref.melee_targets_with_flanks(field, set(), 9, "c3") == {"d3"}
    assert ref.melee_targets_with_flanks(field, set(), 9, "d2") == {"d3"}
    # the Phalangists themselves: enemy in front (d2), so no flank; front attack on d2
    assert ref.melee_targets_with_flanks(field, set(), 9, "d3") == {"d2"}
    del field["d2"]
    assert ref.melee_targets_with_flanks(field, set(), 9, "e3") == set()
    assert ref.melee_targets_with_flanks(field, set(), 9, "c3") == {"d3"}
    # an enemy in front forbids flanking
    field["e4"] = Troop(6, "north")
    assert ref.melee_targets_with_flanks(field, set(), 9, "e3") == {"e4"}


def build_with_flanks(width, field, cards, terrain):
    game = engine().empty(width, advanced=["flank"])
    for square, kind in terrain.items():
        game.put_terrain(square, kind)
    for square, troop in field.items():
        game.put(square, cards[square], troop.side, bow=troop.bow, disrupted=troop.disrupted)
    return game


def engine_flank_targets_match_the_reference(case):
    # A scripted set-up is the start of south's player turn; for north the present position
    # decides. Both therefore read the field as it stands.
    width, field, cards, terrain = case
    game = build_with_flanks(width, field, cards, terrain)
    bad = set(terrain)
    for square in field:
        expected = ref.melee_targets_with_flanks(field, bad, width, square)
        assert set(game.melee_targets(square)) == expected, square
        assert set(game.moves_from(square)) == ref.reachable_squares(field, bad, width, square), square


(test_engine_flank_targets_match_the_reference,
 test_engine_flank_targets_match_the_reference_at_length) = in_two_tiers(
    10, given(fields(max_cards=30)),
    settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(engine_flank_targets_match_the_reference)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(max_cards=36))
def test_engine_flank_targets_match_the_reference_many_fields(case):
    width, field, cards, terrain = case
    game = build_with_flanks(width, field, cards, terrain)
    bad = set(terrain)
    for square in field:
        assert set(game.melee_targets(square)) == ref.melee_targets_with_flanks(field, bad, width, square), square


# --- a whole player turn's legal actions ----------------------------------------------------


def reference_actions_step(field, bad, width, moved, actions_left, drew):
    """South's legal actions in its action step (no reserve, no hand): each card that has
    not moved may move if actions are left; drawing costs three actions, once a turn."""
    legal = {"end actions"}
    if actions_left >= 1:
        for square, troop in field.items():
            if troop.side == ref.SOUTH and square not in moved:
                legal |= {f"{square}-{to}" for to in ref.reachable_squares(field, bad, width, square)}
    if actions_left >= 3 and not drew:
        legal.add("draw")
    return legal


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(max_cards=26), st.lists(st.integers(0, 10 ** 6), min_size=8, max_size=8))
def test_legal_actions_of_a_player_turn_match_the_reference(case, choices):
    width, field, cards, terrain = case
    game = build(width, field, cards, terrain)
    field = dict(field)
    bad = set(terrain)
    moved, actions_left, drew = set(), 6, False
    for choice in choices:
        expected = reference_actions_step(field, bad, width, moved, actions_left, drew)
        if expected == {"end actions"}:
            break  # nothing left to do: the engine goes on by itself
        assert game.phase == "actions"
        assert {str(a) for a in game.legal_actions()} == expected
        action = sorted(expected)[choice % len(expected)]
        if action == "end actions":
            game.play(action)
            break
        game.play(action)
        if action == "draw":
            actions_left -= 3
            drew = True
        else:
            start, to = action.split("-")
            field[to] = field.pop(start)
            moved.add(to)
            actions_left -= 1
    else:
        game.play("end actions")
    if game.phase == "actions":
        game.play("end actions")
    shots = {f"fire {s}-{t}" for s, troop in field.items() if troop.side == ref.SOUTH
             for t in ref.missile_targets(field, bad, width, s, hit_disrupted=False)}
    attacks = {f"attack {s}-{t}" for s, troop in field.items() if troop.side == ref.SOUTH
               for t in ref.front_melee_targets(field, bad, width, s)}
    if shots:
        assert game.phase == "fire"
        assert {str(a) for a in game.legal_actions()} == shots | {"end fire"}
        game.play("end fire")
    if attacks:
        assert game.phase == "melee" and game.to_act == "south"
        assert {str(a) for a in game.legal_actions()} == attacks | {"end melee"}
    else:
        assert game.phase not in ("fire", "melee") or game.to_act == "north"


def brute_melee_target(attack, defence, disrupted, attack_modifier, defence_modifier):
    """(no effect, disrupted, eliminated) over the 36 dice pairs, one die each side."""
    strength = max(1, defence // 2) if disrupted else defence
    tally = [0, 0, 0]
    for mine in range(1, 7):
        for theirs in range(1, 7):
            difference = attack + mine + attack_modifier - strength - theirs - defence_modifier
            tally[0 if difference <= 0 else 2 if difference >= 6 or disrupted else 1] += 1
    return tuple(Fraction(n, 36) for n in tally)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fields(max_cards=30))
def test_combined_attack_odds_match_brute_force(case):
    # Every attack south may make at the start of its turn (front, flank, combined): its
    # attack number is the sum of the attackers' values, Cavalry and Chariots halved when
    # they attack infantry from the side or rear; -2 for each attacker on bad terrain and for
    # a defender on it; one die each side.
    width, field, cards, terrain = case
    game = build_with_flanks(width, field, cards, terrain)
    bad = set(terrain)
    while game.phase in ("tactics", "actions", "fire") and game.to_act == "south":
        game.play(f"end {game.phase}")
    if game.phase != "melee" or game.to_act != "south":
        return
    for action in game.legal_actions():
        if action.kind != "attack":
            continue
        *attackers, target = action.squares
        defender = field[target]
        attack, amod = 0, 0
        for square in attackers:
            troop = field[square]
            column, row = ref.square_at(square)
            frontal = ref.square_name(column, row + 1) == target
            value = troop.value
            if not frontal and value in (7, 8, 9) and defender.value <= 6:
                value = max(1, value // 2)
            attack += value
            amod -= 2 if square in bad else 0
        dmod = -2 if target in bad else 0
        odds = game.odds(action)
        assert (odds.no_effect, odds.disrupted, odds.eliminated) == brute_melee_target(
            attack, defender.value, defender.disrupted, amod, dmod), str(action)
        # and each attacker may indeed attack that target
        for square in attackers:
            assert target in ref.melee_targets_with_flanks(field, bad, width, square)
