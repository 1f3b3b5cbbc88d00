"""Random complete battles (seeded) in every scenario and in points games, with and without
the Advanced rules, checking at every step:

- the 70 cards are all accounted for, each in exactly one place;
- no square holds two cards, Advanced stacks aside (and a stack is two heavy infantry cards
  of one type and one side, under the stacks rule);
- ``undo()`` restores the exact previous position (and replaying meets the same dice);
- ``position()`` round-trips through ``from_position``;
- ``record()`` replays to the same state;
- ``observation(side)`` holds nothing hidden: a twin game that differs only in what that
  side cannot know (the opponent's hand, face-down deployment, the deck order, future dice)
  gives an equal observation, and the observation never names those cards;
- a sample of actions outside ``legal_actions()`` is refused with a ValueError and changes
  nothing.

The quick tier plays a few battles; the ``slow`` tier plays them all.
"""

from __future__ import annotations

import random

import pytest

from battleline.sides import side_index

from battleline.ancient import AncientGame, Army

SCENARIOS = ("cunaxa", "issus", "gaugamela", "indus", "marathon", "sicily", "raphia")
SIDES = ("south", "north")
COLOURS = "ROYGBP"
TACTICS = ("Alexander", "Darius", "Companion", "Shield", "Fog", "Mud", "Scout", "Redeploy", "Deserter", "Traitor")
STEPS = ("tactics", "actions", "fire", "melee")


def card_name(card: int) -> str:
    return TACTICS[card - 60] if card >= 60 else f"{COLOURS[card // 10]}{card % 10 + 1}"


# --- the checks ---------------------------------------------------------------------------


def check_cards(game):
    """Every one of the 70 cards is in exactly one place, and the field is consistent."""
    s = game.state
    places: dict[int, list[str]] = {c: [] for c in range(70)}
    for square in range(len(s.cells)):
        first, second = s.cells[square], s.stacked[square]
        if first >= 0:
            places[first].append(f"field {square}")
            assert s.where[first] == square
        if second >= 0:
            assert first >= 0, "a stack partner on an empty square"
            places[second].append(f"field {square} (stacked)")
            assert s.where[second] == square
            # no square holds two cards, Advanced stacks aside
            assert "stacks" in s.options, "two cards on one square without the stacks rule"
            assert s.owner[first] == s.owner[second], "a stack of two sides"
            assert first % 10 == second % 10 and 3 <= first % 10 + 1 <= 5, "a stack is two heavy infantry of a type"
            assert s.disrupted[first] == s.disrupted[second], "a stack's markers differ"
    for side in (0, 1):
        for where, cards in (("reserve", s.reserve[side]), ("eliminated", s.eliminated[side]),
                             ("hand", s.hands[side])):
            for c in cards:
                places[c].append(f"{where} {side}")
        if s.leader_card[side] >= 0:
            places[s.leader_card[side]].append("leader")
    for c in range(60):
        if s.owner[c] < 0:
            places[c].append("out of play")
        else:
            assert c in s.army[s.owner[c]]
    for where, cards in (("deck", s.deck), ("discards", s.discards), ("terrain", s.terrain.values()),
                         ("attached", s.attachments.values())):
        for c in cards:
            places[c].append(where)
    wrong = {card_name(c): p for c, p in places.items() if len(p) != 1}
    assert not wrong, f"cards not in exactly one place: {wrong}"
    # troops are where their owner's lists say
    for c in range(60):
        if s.owner[c] >= 0 and s.where[c] < 0:
            assert c in s.reserve[s.owner[c]] or c in s.eliminated[s.owner[c]]
    return places


def check_round_trips(game):
    text = game.position()
    again = AncientGame.from_position(text)
    assert again.position() == text
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in game.legal_actions()]
    assert again.outcome == game.outcome


def check_record(game):
    replayed = AncientGame.from_record(game.record())
    assert replayed.position() == game.position()
    assert replayed.rolls == game.rolls


def twin_position(game, observer: str, rng: random.Random) -> str | None:
    """The position with everything ``observer`` cannot know changed: the deck order, the
    opponent's hand (swapped with deck cards), future dice (a new seed, the rolls made kept
    as a script), and while deployment is face down the opponent's field cards swapped with
    their reserve. None if nothing could be changed."""
    s = game.state
    opponent = "north" if observer == "south" else "south"
    lines = game.position().splitlines()
    out = []
    deck = list(s.deck)
    hand = list(s.hands[1 - side_index(observer)])
    # A scenario's starting hands are public (the scenario names them): only cards that
    # could have been drawn are secret.
    given = public_hand_cards(game, 1 - side_index(observer))
    if hand and deck:
        for i in range(len(hand)):
            if hand[i] in given:
                continue
            j = rng.randrange(len(deck))
            hand[i], deck[j] = deck[j], hand[i]
    rng.shuffle(deck)
    hidden = s.hidden_deployment
    mentioned = set()
    for line in lines:
        if line.split()[0] in ("moved", "placed", "fired", "attacked", "leader", "flank", "pending"):
            mentioned.update(w.rstrip("*") for w in line.replace("@", " ").replace(">", " ").replace("+", " ").split())
    opp_reserve = [w for w in (s.reserve[1 - side_index(observer)])]
    swaps = {}
    if hidden and opp_reserve:
        field_cards = [s.cells[sq] for sq in range(len(s.cells))
                       if s.cells[sq] >= 0 and s.stacked[sq] < 0 and s.owner[s.cells[sq]] == 1 - side_index(observer)
                       and s.cells[sq] not in s.attachments and card_name(s.cells[sq]) not in mentioned]
        reserve = [c for c in opp_reserve if card_name(c) not in mentioned]
        rng.shuffle(reserve)
        for a, b in zip(field_cards, reserve):
            swaps[a], swaps[b] = b, a
    bows = s.bows

    def token(c):
        return card_name(c) + ("*" if c in bows else "")

    for line in lines:
        words = line.split()
        key = words[0]
        if key == "deck":
            out.append("deck " + (" ".join(card_name(c) for c in deck) or "empty"))
        elif key == "hand" and words[1] == opponent:
            out.append(f"hand {opponent} " + " ".join(card_name(c) for c in hand))
        elif key == "dice":
            rolls = game.rolls
            out.append(f"dice seed {s.dice.seed + 1} position {len(rolls)}"
                       + (" script " + " ".join(map(str, rolls)) if rolls else ""))
        elif swaps and key == "reserve" and words[1] == opponent:
            out.append(f"reserve {opponent} " + " ".join(sorted(
                (token(swaps.get(c, c)) for c in opp_reserve), key=lambda t: CARD_ORDER[t.rstrip('*')])))
        elif swaps and len(words) >= 3 and words[1] == opponent and key[0].isalpha() and key[1:].isdigit():
            c = s.cells[s.board.index(key)]
            if c in swaps:  # single cards only: stacks are never swapped
                words[2] = token(swaps[c])
            out.append(" ".join(words))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


CARD_ORDER = {card_name(c): c for c in range(70)}


def public_hand_cards(game, side: int) -> set[int]:
    """The cards a scenario puts in a side's hand at the start: public knowledge."""
    from battleline.ancient import SCENARIOS

    scenario = game.state.scenario
    return {int(c) for c in SCENARIOS[scenario].hands[side]} if scenario else set()


def check_observations(game, rng):
    s = game.state
    for side in SIDES:
        seen = game.observation(side)
        assert "seed" not in repr(seen)
        opponent = 1 - side_index(side)
        for c in s.hands[opponent]:
            assert card_name(c) not in seen.hand and card_name(c) not in seen.discards
        if s.hidden_deployment:
            for square, unit in seen.field.items():
                if unit["side"] != side:
                    assert set(unit) == {"side", "hidden"}, unit
        text = twin_position(game, side, rng)
        twin = AncientGame.from_position(text)
        other = twin.observation(side)
        assert other == seen, f"{side}'s observation depends on hidden information:\n{text}"


def check_refusals(game, rng, pool, count=6):
    legal = {str(a) for a in game.legal_actions()}
    before = game.position()
    tried = 0
    for text in rng.sample(pool, min(len(pool), 4 * count)):
        if text in legal:
            continue
        try:
            from battleline.ancient import Action
            if str(Action.parse(text)) in legal:
                continue
        except ValueError:
            pass
        with pytest.raises(ValueError):
            game.play(text)
        assert game.position() == before, f"refused {text!r} but the game changed"
        tried += 1
        if tried == count:
            break
    assert {str(a) for a in game.legal_actions()} == legal


def action_pool(width: int) -> list[str]:
    squares = [f"{'abcdefghijk'[c]}{r}" for c in range(width) for r in range(1, 5)]
    rng = random.Random(width)
    pool = ["draw", "roll", "withdraw", "stand", "rally none", "scout first", "scout second",
            "play Traitor", "play Deserter", "play Scout", "play Darius", "play Alexander"]
    pool += [f"end {step}" for step in STEPS]
    for _ in range(60):
        a, b, c = rng.sample(squares, 3)
        card = card_name(rng.randrange(60))
        pool += [f"{a}-{b}", f"fire {a}-{b}", f"attack {a}-{b}", f"attack {a}+{c}-{b}",
                 f"reinforce {card}@{a}", f"deploy {card}@{a}", f"leader {card}", f"remove {a}",
                 f"rally {a}", f"play Fog@{a}", f"play Shield@{a}", f"play Redeploy {a}-{b}",
                 f"play Alexander {a} {b}", f"remove {card}"]
    # and a few forward moves that are near misses
    pool += [f"{s}-{s[0]}{int(s[1]) + 1}" for s in squares if s[1] != "4"]
    return pool


def field_snapshot(game) -> dict:
    """square -> (cards, disrupted) for every unit on the field."""
    names = game.state.board.names
    out = {}
    for square in names:
        cell = game.cell(square)
        if cell is not None:
            out[square] = (tuple(cell["cards"]), cell["disrupted"])
    return out


def changes_between(before: dict, after: dict) -> tuple:
    """What a fire or melee did, in the form of ``ActionOdds.outcomes`` keys: (square,
    "disrupted" | "eliminated") for each unit of ``before`` that lost its place or gained a
    marker, sorted."""
    where_now = {cards[0]: disrupted for cards, disrupted in after.values()}
    out = []
    for square, (cards, disrupted) in before.items():
        if cards[0] not in where_now:
            out.append((square, "eliminated"))
        elif where_now[cards[0]] and not disrupted:
            out.append((square, "disrupted"))
    return tuple(sorted(out))


def play_battle(game, seed: int, *, max_steps: int = 5000, record_every: int = 20, full_every: int = 1):
    """Play random legal actions to the end, checking the invariants; every fire and melee
    result must be one that ``game.odds`` gave a chance before the dice."""
    rng = random.Random(seed)
    pool = action_pool(game.width)
    check_cards(game)
    steps = 0
    pending = None  # (field before, odds) of an attack waiting for the withdrawal decision
    while game.outcome is None and steps < max_steps:
        legal = game.legal_actions()
        assert legal, "no legal action in a battle that is not over"
        if steps % full_every == 0:
            check_round_trips(game)
            check_observations(game, rng)
            check_refusals(game, rng, pool)
        if steps % record_every == 0:
            check_record(game)
        action = rng.choice(legal)
        before = game.position()
        before_legal = [str(a) for a in legal]
        game.play(action)
        after = game.position()
        check_cards(game)
        assert str(game.undo()) == str(action)
        assert game.position() == before, f"undo of {action} did not restore the position"
        assert [str(a) for a in game.legal_actions()] == before_legal
        if steps % full_every == 0:
            # the rolls of the taken-back action are kept for the replay: still hidden
            check_observations(game, rng)
        odds = game.odds(action) if action.kind in ("fire", "attack") else None
        snapshot = field_snapshot(game) if odds is not None or pending is not None else None
        game.play(action)
        assert game.position() == after, f"{action} replayed after undo differs (dice re-rolled?)"
        if odds is not None and game.phase == "withdrawal":
            pending = (snapshot, odds)  # the defender decides first; no dice yet
        elif odds is not None:
            assert odds.outcomes.get(changes_between(snapshot, field_snapshot(game)), 0) > 0, (
                f"{action} did what its odds said could not happen")
        elif pending is not None and action.kind == "stand":
            snapshot, odds = pending
            assert odds.outcomes.get(changes_between(snapshot, field_snapshot(game)), 0) > 0
            pending = None
        elif pending is not None and action.kind == "withdraw":
            assert changes_between(pending[0], field_snapshot(game)) == ()
            pending = None
        steps += 1
    assert game.outcome is not None, f"no outcome after {steps} steps"
    check_round_trips(game)
    check_record(game)
    check_observations(game, rng)
    assert game.legal_actions() == []
    check_refusals(game, rng, pool)
    return steps


def random_points_armies(seed: int):
    """Two legal points armies: three colours each (no overlap), at most three of a type,
    at most 18 cards, at most 100 points, bows on some Javalineers and Light Cavalry."""
    rng = random.Random(seed)
    colours = rng.sample(range(6), 6)
    armies = []
    for mine in (colours[:3], colours[3:]):
        cards = [c * 10 + v - 1 for c in mine for v in range(1, 11)]
        rng.shuffle(cards)
        chosen, bows, points, per_type = [], [], 0, {}
        for card in cards:
            value = card % 10 + 1
            bow = value in (3, 7) and rng.random() < 0.4
            cost = value + bow
            if len(chosen) == 18 or per_type.get(value, 0) == 3 or points + cost > 100:
                continue
            chosen.append(card)
            per_type[value] = per_type.get(value, 0) + 1
            points += cost
            if bow:
                bows.append(card)
        armies.append(Army(" ".join(card_name(c) for c in chosen), bows=" ".join(card_name(c) for c in bows)))
    return armies


# --- the tests ----------------------------------------------------------------------------


@pytest.mark.parametrize("name, advanced, seed", [("issus", "all", 1),
                                                  pytest.param("marathon", (), 2, marks=pytest.mark.slow),
                                                  pytest.param("raphia", "all", 3, marks=pytest.mark.slow)])
def test_random_scenario_battles_keep_the_invariants(name, advanced, seed):
    game = AncientGame.scenario(name, seed=seed, advanced=advanced)
    play_battle(game, seed, record_every=40, full_every=4)


@pytest.mark.slow
def test_random_points_battle_keeps_the_invariants():
    south, north = random_points_armies(4)
    game = AncientGame.points(south, north, seed=4, advanced="all")
    play_battle(game, 4, record_every=40, full_every=4)


@pytest.mark.slow
@pytest.mark.parametrize("advanced", [(), "all"])
@pytest.mark.parametrize("name", SCENARIOS)
def test_random_scenario_battles_keep_the_invariants_everywhere(name, advanced):
    for seed in (11, 12):
        game = AncientGame.scenario(name, seed=seed, advanced=advanced)
        play_battle(game, seed, record_every=10)


@pytest.mark.slow
@pytest.mark.parametrize("advanced", [(), "all", ("withdrawal", "flank"), ("stacks", "rampage", "rally")])
def test_random_points_battles_keep_the_invariants_everywhere(advanced):
    for seed in (21, 22):
        south, north = random_points_armies(seed)
        game = AncientGame.points(south, north, seed=seed, advanced=advanced)
        play_battle(game, seed, record_every=10)


# --- the flow itself must not show a hidden hand -----------------------------------------


def _with_hand(text: str, side: str, card: str, phase: str | None = None) -> str:
    lines = []
    for line in text.splitlines():
        if line.startswith("deck "):
            lines.append(f"hand {side} {card}")
            lines.append(" ".join(w for w in line.split() if w != card))
        elif line.startswith("phase ") and phase:
            lines.append(f"phase {phase}")
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def _small_field(**kwargs):
    game = AncientGame.empty(seed=1, **kwargs)
    game.put("c2", "Javalineers", "south")
    game.put("c3", "Hoplites", "north")
    game.put("a4", "Hoplites", "north")
    return game.position()


def test_tactics_step_does_not_reveal_the_hand():
    # whether the hand holds a card playable now must not show in the opponent's view
    text = _small_field()
    fog = AncientGame.from_position(_with_hand(text, "south", "Fog", "tactics south"))
    scout = AncientGame.from_position(_with_hand(text, "south", "Scout", "tactics south"))
    assert fog.observation("north") == scout.observation("north")


def test_initiative_does_not_reveal_who_holds_scout():
    views = []
    for card in ("Scout", "Alexander"):  # neither can be played in the Tactics step here
        game = AncientGame.from_position(_with_hand(_small_field(), "north", card))
        for _ in range(2):  # south's and north's player turns of turn 1
            side = game.to_act
            while game.to_act == side and game.turn == 1:
                game.play(f"end {game.phase}")
        assert game.turn == 2
        views.append(game.observation("south"))
    assert views[0] == views[1]
