"""Bad input: malformed and impossible positions, records, army lists and set-up calls each
raise a ValueError that names the rule or the (shortened) offending text, and change
nothing. Deep or huge input never raises RecursionError or hangs."""

from __future__ import annotations

import json

import pytest

from battleline.ancient import Action, AncientGame, Army

LONG = 300  # no message echoes a long input whole


def refused(call, *words):
    """The call raises a ValueError (not some other error) whose short message names one of
    ``words``."""
    with pytest.raises(ValueError) as info:
        call()
    message = str(info.value)
    assert len(message) < LONG, message
    if words:
        assert any(w.lower() in message.lower() for w in words), message
    return message


def base_game():
    game = AncientGame.empty(seed=5)
    game.put("c2", "R3", "south", bow=True)
    game.put("d2", "R7", "south")
    game.put("c3", "B4", "north")
    game.put("e3", "B8", "north", disrupted=True)
    game.put_terrain("f3", "mud")
    return game


def edited(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# --- positions ----------------------------------------------------------------------------


def test_a_good_position_reads_back():
    text = base_game().position()
    assert AncientGame.from_position(text).position() == text


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda t: "", ["ancient position"]),
        (lambda t: "hello", ["ancient position"]),
        (lambda t: t.replace("ancient position", "battle line position"), ["ancient position"]),
        (lambda t: edited(t, "width 9", "width 8"), ["wide", "width"]),
        (lambda t: edited(t, "width 9", "width nine"), ["number", "nine"]),
        (lambda t: t + "flags 9\n", ["unknown line", "flags"]),
        (lambda t: t + "c2 north G5\n", ["two", "c2"]),
        (lambda t: t + "z9 north G5\n", ["square", "z9"]),
        (lambda t: t + "a4 north R3\n", ["twice", "R3"]),
        (lambda t: t + "a4 north Fog\n", ["Tactics", "troop", "Fog", "twice"]),
        (lambda t: t + "a4 north XX9\n", ["unknown", "XX9"]),
        (lambda t: t + "a4 north G4+P4\n", ["stack"]),
        (lambda t: t + "a4 sideways G5\n", ["south or north", "sideways"]),
        (lambda t: edited(t, "c3 north B4", "c3 north B4*"), ["bow"]),
        (lambda t: t + "terrain a1 Fog\n", ["Front Row", "terrain"]),
        (lambda t: t + "terrain d2 Fog\n", ["never stand on bad terrain", "Cavalry"]),
        (lambda t: t + "terrain f3 Fog\n", ["two terrain", "f3", "twice", "Fog"]),
        (lambda t: edited(t, "deck ", "deck Mud "), ["twice", "Mud"]),
        (lambda t: t.replace(" Scout", "").replace("Scout ", ""), ["unaccounted", "Scout"]),
        (lambda t: edited(t, "phase actions south", "phase lunch south"), ["phase", "step"]),
        (lambda t: edited(t, "turn 1 ", "turn 0 "), ["range", "turn"]),
        (lambda t: edited(t, "actions-left 6", "actions-left 9"), ["range", "actions-left"]),
        (lambda t: edited(t, "dice seed 5", "dice seed 5 position 0 script 7 #"), ["range", "script", "dice"]),
        (lambda t: t + "outcome south terrain\n", ["over", "outcome"]),
        (lambda t: t + "leader south Alexander B4\n", ["own army", "leader"]),
        (lambda t: t + "hand south R5\n", ["troop", "Tactics", "R5"]),
    ],
)
def test_broken_positions_are_refused(change, words):
    text = change(base_game().position())
    refused(lambda: AncientGame.from_position(text), *words)


@pytest.mark.parametrize("value", [None, 42, b"ancient position", ["ancient position"]])
def test_a_position_must_be_text(value):
    refused(lambda: AncientGame.from_position(value))


def test_huge_and_deep_positions_are_refused_quickly():
    text = base_game().position()
    refused(lambda: AncientGame.from_position(text + "# " + "x" * 1_000_000 + "\n"))
    refused(lambda: AncientGame.from_position(text + "a4 north " + "+".join(["G5"] * 50_000) + "\n"))
    refused(lambda: AncientGame.from_position("ancient position\n" + "(" * 100_000 + "\n"))
    refused(lambda: AncientGame.from_position(text + "advanced " + "x" * 5000 + "\n"))


# --- records ------------------------------------------------------------------------------


def a_record():
    game = base_game()
    game.play("end actions")
    game.play("fire c2-c3")
    return game, json.loads(game.record())


def test_a_good_record_replays():
    game, data = a_record()
    assert AncientGame.from_record(json.dumps(data)).position() == game.position()


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda d: "not json", ["JSON"]),
        (lambda d: "[1, 2, 3]", ["record"]),
        (lambda d: json.dumps({**d, "game": "battle line"}), ["Ancient Battles", "record"]),
        (lambda d: json.dumps({**d, "version": 99}), ["version", "record"]),
        (lambda d: json.dumps({**d, "actions": "end actions"}), ["actions", "list"]),
        (lambda d: json.dumps({**d, "actions": [1, 2]}), ["text", "action"]),
        (lambda d: json.dumps({**d, "actions": d["actions"] + ["c2-c9"]}), ["replay", "c2-c9"]),
        (lambda d: json.dumps({**d, "actions": d["actions"] + ["attack c2-c3"] * 3}), ["replay"]),
        (lambda d: json.dumps({**d, "rolls": [7]}), ["rolls", "dice"]),
        (lambda d: json.dumps({**d, "start": "ancient position\nwidth 4\n"}), ["wide", "width"]),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "start"}), ["start"]),
    ],
)
def test_broken_records_are_refused(make, words):
    _, data = a_record()
    text = make(data)
    refused(lambda: AncientGame.from_record(text), *words)


@pytest.mark.parametrize("value", [None, 3, {"game": "ancient battles"}])
def test_a_record_must_be_text(value):
    refused(lambda: AncientGame.from_record(value))


@pytest.mark.parametrize("depth", [10_000, 200_000])
def test_deep_json_records_raise_value_error_not_recursion_error(depth):
    refused(lambda: AncientGame.from_record("[" * depth + "]" * depth))
    refused(lambda: AncientGame.from_record('{"a":' * depth + "1" + "}" * depth))
    _, data = a_record()
    nested = json.dumps(data)[:-1] + ', "extra": ' + "[" * depth + "]" * depth + "}"
    refused(lambda: AncientGame.from_record(nested))


def test_huge_records_are_refused():
    _, data = a_record()
    refused(lambda: AncientGame.from_record(json.dumps({**data, "actions": ["end actions"] * 2_000_000})))


# --- army lists ---------------------------------------------------------------------------

FAIR_NORTH = "G5 B5 P5 G4 B4 P4 G6 B6 P6"


def test_a_legal_points_game_starts():
    south = Army("R8 O8 Y8 R7 O7 Y7 R6 O6 Y6 R5 O5 Y5 R4 O4 Y4", bows="R7")
    assert south.points == 91
    AncientGame.points(south, Army(FAIR_NORTH), seed=1)


@pytest.mark.parametrize(
    "south, bows, words",
    [
        # 27 + 24 + 21 + 18 + 15 = 105 points
        ("R9 O9 Y9 R8 O8 Y8 R7 O7 Y7 R6 O6 Y6 R5 O5 Y5", "", ["points", "100"]),
        # exactly 100 points, legal; one bow more makes 101
        ("R10 O10 Y10 R9 O9 Y9 R8 O8 R7 O7 Y7 R6", "", []),
        ("R10 O10 Y10 R9 O9 Y9 R8 O8 R7 O7 Y7 R6", "R7", ["points", "100"]),
        ("R5 O5 Y5 R5", "", ["twice", "R5"]),
        ("R1 O1 Y1 R2 O2 Y2 R3 O3 Y3 R4 O4 Y4 R5 O5 Y5 R6 O6 Y6 R7", "", ["18", "card limit", "cards"]),
        ("R4 O4 Y4 G4", "", ["type", "three", "3", "colour"]),
        ("R4 O4 Y4 R5", "", []),  # legal: three of a type
        ("R1 O2 Y3 G4", "", ["colour", "3"]),
        ("R4 O5", "R4", ["bow", "Hoplites", "Javalineers"]),
        ("R8 O5", "R8", ["bow", "Heavy Cavalry", "scenario"]),
        ("R1 O1", "R1", ["bow", "Skirmishers", "Javalineers"]),
        ("R4 Fog", "", ["Tactics", "Fog"]),
        ("R4 Q4", "", ["Q4", "unknown", "army"]),
        ("", "", ["at least one", "army"]),
    ],
)
def test_points_army_limits(south, bows, words):
    north = Army(FAIR_NORTH)
    if not words:
        AncientGame.points(Army(south, bows=bows), north, seed=1)
        return
    refused(lambda: AncientGame.points(Army(south, bows=bows), north, seed=1), *words)


def test_overlapping_colours_and_a_fourth_card_of_a_type():
    # a type has one card per colour, so a fourth card of a type is also a fourth colour:
    # either limit may be named
    refused(lambda: AncientGame.points(Army("R4 O4 Y4 G4"), Army("B5 P5")), "type", "colour")
    refused(lambda: AncientGame.points(Army("R4 O4 Y4 R7 O7 Y7"), Army("R5 B5 P5")), "colour", "overlap")
    refused(lambda: AncientGame.points(Army("R4 O4 Y4"), Army("Y5 B5 P5")), "colour", "overlap")


@pytest.mark.parametrize("text", ["R3 R3", "Alexander R4", "R11", "R0"])
def test_army_texts_are_checked(text):
    refused(lambda: AncientGame.points(text, FAIR_NORTH))


def test_points_rejects_non_armies():
    refused(lambda: AncientGame.points(None, Army(FAIR_NORTH)))
    refused(lambda: AncientGame.points(Army("R4"), 42))


# --- set-up calls and actions change nothing when refused ----------------------------------


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda g: g.put("c2", "Hoplites", "south"), ["occupied", "c2"]),
        (lambda g: g.put("z2", "Hoplites", "south"), ["square", "z2"]),
        (lambda g: g.put("a1", "Hoplites", "west"), ["south", "west"]),
        (lambda g: g.put("a1", "Archers", "south"), ["Archers", "unknown"]),
        (lambda g: g.put("a1", "R3", "north"), ["in use", "R3"]),
        (lambda g: g.put("a1", "Fog", "north"), ["Tactics", "Fog"]),
        (lambda g: g.put("a1", "Hoplites", "south", bow=True), ["bow"]),
        (lambda g: g.put("a1", "Skirmishers", "south", bow=True), ["bow"]),
        (lambda g: g.put("f3", "Chariots", "south"), ["bad terrain"]),
        (lambda g: g.put("a1", "Hoplites", "south", disrupted="yes"), ["True or False", "disrupted"]),
        (lambda g: g.put_terrain("a1", "fog"), ["Front Row"]),
        (lambda g: g.put_terrain("d2", "fog"), ["bad terrain", "Cavalry", "Light Cavalry"]),
        (lambda g: g.put_terrain("f3", "fog"), ["already"]),
        (lambda g: g.put_terrain("g3", "mud"), ["Mud", "deck"]),
        (lambda g: g.put_terrain("g3", "swamp"), ["fog", "mud"]),
        (lambda g: g.play("c3-c2"), ["south", "not", "occupied"]),
        (lambda g: g.play("c2-b2"), ["forward"]),
        (lambda g: g.play("d2-c4"), ["through", "over"]),
        (lambda g: g.play("d2-d1"), ["backward"]),
        (lambda g: g.play("fire c2-c3"), ["fire", "step"]),
        (lambda g: g.play("launch the catapults"), ["cannot read"]),
        (lambda g: g.play("x" * 5000), ["cannot read", "characters"]),
        (lambda g: g.play(None), ["text"]),
        (lambda g: g.odds("c2-c3"), ["fire", "attack"]),
        (lambda g: g.odds("attack d2-e3"), ["front", "enemy", "flank", "step"]),
        (lambda g: g.moves_from("a1"), ["no card", "a1"]),
        (lambda g: g.moves_from("q7"), ["square", "q7"]),
    ],
)
def test_refused_calls_change_nothing(call, words):
    game = base_game()
    before = game.position()
    legal = [str(a) for a in game.legal_actions()]
    refused(lambda: call(game), *words)
    assert game.position() == before
    assert [str(a) for a in game.legal_actions()] == legal


def test_undo_with_nothing_to_undo_is_refused():
    game = base_game()
    before = game.position()
    refused(game.undo, "nothing to undo")
    assert game.position() == before


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: AncientGame.empty(8), ["7, 9 or 11", "wide"]),
        (lambda: AncientGame.empty(9, advanced=["cavalry charge"]), ["Advanced", "cavalry charge"]),
        (lambda: AncientGame.empty(9, dice=[1, 7]), ["roll", "7"]),
        (lambda: AncientGame.empty(9, seed="abc"), ["seed"]),
        (lambda: AncientGame.empty(9, seed=-1), ["seed", "2**64"]),
        (lambda: AncientGame.scenario("marathon", seed=-7), ["seed", "2**64"]),
        (lambda: AncientGame.scenario("marathon", seed=2**64 + 1), ["seed", "2**64"]),
        (lambda: AncientGame.scenario("marathon", seed=10**400), ["seed", "2**64"]),
        (lambda: AncientGame.scenario("waterloo"), ["scenario", "waterloo"]),
        (lambda: AncientGame.scenario("x" * 10_000), ["scenario", "characters"]),
        (lambda: AncientGame.scenario(None), ["scenario"]),
    ],
)
def test_bad_builders_are_refused(call, words):
    refused(call, *words)


@pytest.mark.parametrize("seed", [0, 7, 2**64])
def test_every_seed_a_game_takes_reads_back_from_its_position(seed):
    """A game made with seed -7 was accepted but its own position text was refused."""
    game = AncientGame.scenario("marathon", seed=seed)
    assert AncientGame.from_position(game.position()).position() == game.position()


@pytest.mark.parametrize("text", ["R3**", "R*3", "*", "R3* O4**"])
def test_army_text_with_a_stray_bow_mark_is_refused(text):
    # "R3**" used to read as a Javalineer with bow: a typo must not pass as a bow.
    refused(lambda: Army.from_text(text), "army list")


# --- values of the wrong type, hand-built actions, bot budgets (issue 23) ----------------------


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Army(7), ["army list", "7"]),
        (lambda: Army(None), ["army list", "None"]),
        (lambda: Army("R3 O3", bows=7), ["bows", "7"]),
        (lambda: AncientGame.scenario("issus", dice=7), ["dice", "rolls", "7"]),
        (lambda: AncientGame.scenario("cunaxa", dice=float("nan")), ["dice", "rolls", "nan"]),
        (lambda: AncientGame.points(Army("R4"), Army("B5"), dice=None), ["dice", "rolls", "None"]),
        (lambda: AncientGame.empty(9.0), ["width", "7, 9 or 11", "9.0"]),
        (lambda: AncientGame.empty(True), ["width", "True"]),
    ],
)
def test_values_of_the_wrong_type_are_refused(call, words):
    refused(call, *words)


def javalineers_against_hoplites():
    game = AncientGame.empty(seed=5)
    game.put("c2", "Javalineers", "south")
    game.put("c3", "Hoplites", "north")
    return game


@pytest.mark.parametrize("query", ["play", "odds", "melee_numbers"])
@pytest.mark.parametrize(
    "action, words",
    [
        (Action("reinforce", "x" * 5000, ("c1",)), ["cannot read", "characters"]),
        (Action("attack", "x" * 5000, ("c2", "c3")), ["read back", "attack c2-c3"]),
        (Action("fire", "R4", ("c2", "c3")), ["read back", "fire c2-c3"]),
        (Action("fire", squares=("c2",)), ["shooter", "target"]),
        (Action("fire", squares=("c2", "c3", "c4")), ["shooter", "target"]),
        (Action("attack"), ["attackers", "target"]),
        (Action("attack", squares=("c3",)), ["attackers", "target"]),
        (Action("attack", squares=None), ["attackers", "target"]),
        (Action("attack", squares=["c2", "c3"]), ["not an action"]),
    ],
)
def test_a_malformed_hand_built_action_is_refused_by_name(query, action, words):
    game = javalineers_against_hoplites()
    game.play("end actions")    # the fire step: odds and melee numbers may be asked
    before = game.position()
    legal = [str(a) for a in game.legal_actions()]
    refused(lambda: getattr(game, query)(action), *words)
    assert game.position() == before
    assert [str(a) for a in game.legal_actions()] == legal


def test_a_well_formed_hand_built_action_still_works():
    game = javalineers_against_hoplites()
    game.play("end actions")
    assert repr(game.odds(Action("fire", squares=("c2", "c3")))) == repr(game.odds("fire c2-c3"))
    assert game.melee_numbers(Action("attack", squares=("c2", "c3"))) == game.melee_numbers("attack c2-c3")
    game.play(Action("fire", squares=("c2", "c3")))
    assert [str(a) for a in game.actions_played] == ["end actions", "fire c2-c3"]


@pytest.mark.parametrize(
    "options, words",
    [
        ({"turn_time": float("nan")}, ["turn_time", "nan"]),
        ({"turn_time": float("inf")}, ["turn_time", "inf"]),
        ({"turn_time": 0}, ["turn_time", "positive"]),
        ({"turn_time": -1.5}, ["turn_time", "positive"]),
        ({"turn_time": "1"}, ["turn_time", "'1'"]),
        ({"turn_time": True}, ["turn_time", "True"]),
        ({"beam": 0}, ["beam", "at least 1"]),
        ({"beam": -3}, ["beam", "at least 1"]),
        ({"beam": 2.5}, ["beam", "2.5"]),
    ],
)
def test_search_bot_budgets_are_checked(options, words):
    from battleline.ancient.bots import SearchBot
    refused(lambda: SearchBot(seed=1, **options), *words)


def test_sound_search_bot_budgets_are_kept():
    from battleline.ancient.bots import HeuristicBot, SearchBot
    bot = SearchBot(seed=1, turn_time=2, beam=1)
    assert (bot.turn_time, bot.beam) == (2, 1)
    refused(lambda: HeuristicBot(seed=1, beam=0), "beam")
