"""Reinforcements and Advanced stacks against a reference written from the rulings:

- a reserve card may be placed on an empty position of your own Back Row; it is one of the
  six actions and the placed card cannot move this turn;
- a Tactics card may be drawn (three actions, once a turn) only when the reserve is empty,
  starting on the turn after the last reserve card was placed;
- with the stacks rule, a second Javalineer, Hoplite or Phalangist may be placed on a Back
  Row position where a card of the same type was placed from the reserve this turn (never on
  an older card, never three); the stack fights with the sum of the two values.
"""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from util import in_two_tiers

from battleline.ancient import AncientGame


def _load_reference():
    name = "ancient_reference"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("ancient_reference.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


ref = _load_reference()
COLOURS = "ROYGBP"


@st.composite
def reserves(draw):
    """A width, a few cards already on the field (both sides) and south's reserve."""
    width = draw(st.sampled_from([7, 9, 11]))
    used = {}

    def card(value):
        k = used.get(value, 0)
        if k == 6:
            return None
        used[value] = k + 1
        return f"{COLOURS[k]}{value}"

    field = {}
    squares = [ref.square_name(c, r) for c in range(width) for r in range(1, 5)]
    for square in draw(st.lists(st.sampled_from(squares), max_size=10, unique=True)):
        value = draw(st.integers(1, 10))
        c = card(value)
        if c:
            field[square] = (c, value, draw(st.sampled_from(["south", "north"])))
    reserve = []
    # heavy infantry often, so that stacks can form
    for value in draw(st.lists(st.sampled_from([3, 3, 4, 4, 5, 5, 1, 6, 7, 9, 10]), min_size=1, max_size=8)):
        c = card(value)
        if c:
            reserve.append((c, value))
    stacks = draw(st.booleans())
    return width, field, reserve, stacks


def setup(width, field, reserve, stacks):
    game = AncientGame.empty(width, seed=1, advanced=["stacks"] if stacks else [])
    for square, (card, value, side) in field.items():
        game.put(square, card, side)
    lines = []
    for line in game.position().splitlines():
        lines.append(line)
        if line.startswith("quiet "):
            lines.append("reserve south " + " ".join(card for card, value in reserve))
    return AncientGame.from_position("\n".join(lines) + "\n")


def reference_actions(width, occupied, single_placed, reserve, stacks, troops, moved, actions_left, drew,
                      placed_any=False):
    """South's legal actions in its action step. ``occupied``: square -> value (and side via
    ``troops``); ``single_placed``: squares holding one card placed from the reserve this turn;
    ``placed_any``: a reserve card was placed this turn."""
    legal = {"end actions"}
    if actions_left >= 1:
        back = [ref.square_name(c, 1) for c in range(width)]
        for card, value in reserve:
            for square in back:
                if square not in occupied:
                    legal.add(f"reinforce {card}@{square}")
                elif stacks and 3 <= value <= 5 and square in single_placed and occupied[square] == value:
                    legal.add(f"reinforce {card}@{square}")
        for square, troop in troops.items():
            if troop.side == "south" and square not in moved:
                legal |= {f"{square}-{to}" for to in ref.reachable_squares(troops, set(), width, square)}
    if actions_left >= 3 and not drew and not reserve and not placed_any:
        legal.add("draw")
    return legal


def reinforcements_and_stacks_match_the_reference(case, choices):
    width, field, reserve, stacks = case
    game = setup(width, field, reserve, stacks)
    troops = {s: ref.Troop(v, side) for s, (c, v, side) in field.items()}
    occupied = {s: v for s, (c, v, side) in field.items()}
    reserve = list(reserve)
    single_placed, stacked, moved = set(), set(), set()
    actions_left, drew, placed_any = 6, False, False
    for choice in choices:
        expected = reference_actions(width, occupied, single_placed, reserve, stacks, troops, moved,
                                     actions_left, drew, placed_any)
        if expected == {"end actions"}:
            break
        assert game.phase == "actions" and game.to_act == "south"
        assert {str(a) for a in game.legal_actions()} == expected
        # lean toward stacks and reinforcements, so that both are met often
        stacking = sorted(a for a in expected if a.startswith("reinforce ") and a.split("@")[1] in occupied)
        placing = sorted(a for a in expected if a.startswith("reinforce "))
        if stacking and choice % 2 == 0:
            action = stacking[choice // 2 % len(stacking)]
        elif placing and choice % 3 != 0:
            action = placing[choice // 3 % len(placing)]
        else:
            action = sorted(expected)[choice % len(expected)]
        game.play(action)
        if action == "end actions":
            break
        actions_left -= 3 if action == "draw" else 1
        drew |= action == "draw"
        if action.startswith("reinforce "):
            card, square = action.split()[1].split("@")
            value = int(card[1:])
            reserve = [(c, v) for c, v in reserve if c != card]
            placed_any = True
            if square in occupied:  # the second card: a stack, never a third
                single_placed.discard(square)
                stacked.add(square)
                assert len(game.cell(square)["cards"]) == 2
            else:
                occupied[square] = value
                troops[square] = ref.Troop(value, "south")
                single_placed.add(square)
            moved.add(square)  # placed cards do not move this turn
        elif "-" in action and action != "draw":
            start, to = action.split("-")
            troops[to] = troops.pop(start)
            occupied[to] = occupied.pop(start)
            moved.add(to)
            if start in stacked:  # a stack moves whole
                stacked.discard(start)
                stacked.add(to)
    for square in stacked:
        cell = game.cell(square)
        assert len(cell["cards"]) == 2 and cell["side"] == "south"
        assert len({card[1:] for card in cell["cards"]}) == 1  # one type


(test_reinforcements_and_stacks_match_the_reference,
 test_reinforcements_and_stacks_match_the_reference_at_length) = in_two_tiers(
    15, given(reserves(), st.lists(st.integers(0, 10 ** 6), min_size=7, max_size=7)),
    settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
)(reinforcements_and_stacks_match_the_reference)


def test_a_stack_fights_with_the_sum_and_never_flanks():
    # Two Phalangists placed as a stack on c1; moved up to c2 next turn it attacks with 10.
    game = AncientGame.empty(seed=1, advanced=["stacks", "flank"])
    game.put("c1", "R5", "south")
    game.put("c1", "O5", "south")
    game.put("c2", "B6", "north")   # in front of the stack
    game.put("b1", "G6", "north")   # beside the stack: a flank it may not attack
    game.put("h4", "G4", "north")
    while game.phase != "melee":
        game.play(f"end {game.phase}")
    attacks = {str(a) for a in game.legal_actions() if a.kind == "attack"}
    assert attacks == {"attack c1-c2"}
    odds = game.odds("attack c1-c2")
    # 5 + 5 against 6, a margin of 4: 3, 23 and 10 of the 36 dice pairs
    assert (odds.no_effect, odds.disrupted, odds.eliminated) == (
        Fraction(3, 36), Fraction(23, 36), Fraction(10, 36))
