"""Game and Ancient Rules by composition (issue 41): the names of the mixins they were made of
before stay importable for a while, each standing for Game (Rules), with a DeprecationWarning;
the parts hold their own state."""

from __future__ import annotations

import importlib

import pytest

from battleline import Game
from battleline.ancient import AncientGame
from battleline.ancient import fire, journal, melee, movement
from battleline.ancient.rules import Rules

OLD_MIXINS = [("assembly", "Assembly"), ("claiming", "Claiming"), ("legality", "Legality"),
              ("tactics", "TacticsCards"), ("flow", "TurnFlow")]


@pytest.mark.parametrize("module, name", OLD_MIXINS)
def test_an_old_mixin_name_stands_for_game_with_a_warning(module, name):
    home = importlib.import_module(f"battleline.standard.{module}")
    with pytest.warns(DeprecationWarning, match=rf"battleline\.standard\.{module}\.{name} is deprecated"):
        assert getattr(home, name) is Game
    with pytest.warns(DeprecationWarning):
        exec(f"from battleline.standard.{module} import {name}", {})
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        getattr(home, "Nothing")


def test_the_journal_and_the_claim_memory_are_parts_of_their_own():
    g, other = Game(seed=1), Game(seed=1)
    assert g.journal is not other.journal and g.claim_memory.journal is g.journal
    copy = g.copy()
    assert copy.journal is not g.journal and copy.claim_memory.journal is copy.journal
    copy.push(copy.legal_moves()[0])
    assert len(copy.journal) > 0 and len(g.journal) == 0 and g.moves == []


OLD_ANCIENT_MIXINS = [("flow", "TurnFlow"), ("tactics", "Tactics"), ("melee", "Melee"), ("fire", "Fire"),
                      ("movement", "Movement"), ("journal", "Journal")]


@pytest.mark.parametrize("module, name", OLD_ANCIENT_MIXINS)
def test_an_old_ancient_mixin_name_stands_for_rules_with_a_warning(module, name):
    home = importlib.import_module(f"battleline.ancient.{module}")
    with pytest.warns(DeprecationWarning, match=rf"battleline\.ancient\.{module}\.{name} is deprecated"):
        assert getattr(home, name) is Rules
    with pytest.warns(DeprecationWarning):
        exec(f"from battleline.ancient.{module} import {name}", {})
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        getattr(home, "Nothing")


def test_ancient_rules_methods_are_the_concept_modules_functions_over_its_public_state():
    assert Rules.destinations is movement.destinations and Rules.hit is melee.hit
    assert Rules.fire_squares is fire.fire_squares and Rules.write is journal.write
    g = AncientGame.empty(seed=1)
    g.put("c2", "Peltasts", "south")
    g.put("c3", "Hoplites", "north")
    s = g.state
    r = Rules(s, log=[])
    c2, c3 = s.board.index("c2"), s.board.index("c3")
    assert fire.fire_squares(r, s.cells[c2]) == r.fire_squares(s.cells[c2]) == [c3]
    melee.hit(r, s.cells[c3])                       # a change made by a concept's function ...
    assert s.disrupted[s.cells[c3]] and r.log       # ... is recorded in the journal
    journal.rewind(r.log, 0)
    assert not s.disrupted[s.cells[c3]]


def test_ancient_rules_keep_their_tables_while_the_field_and_armies_stay():
    g = AncientGame.empty(seed=1)
    g.put("c2", "Hoplites", "south")
    r = Rules(g.state)
    tables, army_tables = r.tables, r.army_tables
    r.bind(g.state.copy())                          # the same field and armies: kept
    assert r.tables is tables and r.army_tables is army_tables
    g.put("d2", "Peltasts", "south")                # put replaces the armies: built anew
    r.bind(g.state)
    peltasts = g.state.cells[g.state.board.index("d2")]
    assert r.tables is tables and r.army_tables is not army_tables
    assert r.army_tables.weapons[peltasts] == "javelin" and r.army_tables.points == [
        g.state.army_points(p) for p in (0, 1)]
