"""Name sets: every card, formation and outcome is named, and names tell cards apart."""

import pytest

from battleline.cards import ALL_CARDS
from battleline.formations import KIND_NAMES
from battleline.names import NAME_SETS, card_name, formation_name, outcome_name, unit_name


@pytest.mark.parametrize("names", NAME_SETS)
def test_every_card_has_a_distinct_name(names):
    all_names = [card_name(c, names) for c in ALL_CARDS]
    assert len(set(all_names)) == 70
    assert all(unit_name(c, names) for c in ALL_CARDS)
    assert all(formation_name(k, names) for k in KIND_NAMES)
    assert all(outcome_name(r, names) for r in ("breakthrough", "envelopment", "deadlock"))


def test_japanese_names_from_the_reference_card():
    assert [unit_name(f"R{v}", "ja") for v in (10, 1)] == ["象兵", "斥候"]
    assert formation_name("phalanx", "ja") == "密集隊形"
    assert card_name("Mud", "ja") == "泥濘" and outcome_name("envelopment", "ja") == "包囲"


def test_unknown_sets_and_kinds_are_refused():
    with pytest.raises(ValueError):
        card_name("R7", "klingon")
    with pytest.raises(ValueError):
        formation_name("square")
