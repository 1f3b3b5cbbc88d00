"""Game by composition (issue 41): the names of the mixins Game was made of before stay
importable for a while, each standing for Game, with a DeprecationWarning."""

from __future__ import annotations

import importlib

import pytest

from battleline import Game

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
