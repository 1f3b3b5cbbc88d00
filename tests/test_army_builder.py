"""The Ancient Battles army builder in the view: it offers only what it accepts (issue 33
item 12)."""

from __future__ import annotations

import pytest

from battleline.widgets import AncientBattlesWidget


def test_the_army_builder_never_offers_a_bow_it_refuses():
    """Issue 33 item 12: "Bow on R8" was offered for Heavy Cavalry, then refused as "Not
    yet: …"; it is not offered, and a message asking for it is refused at once."""
    w = AncientBattlesWidget(scenario="points", opponent="easy", seed=1)
    w.handle_message({"type": "army", "op": "colour", "colour": "R"})
    for card in ("R8", "R7", "R3"):
        w.handle_message({"type": "army", "op": "add", "card": card})
    offered = {c["id"] for c in w.view["builder"]["army"] if c["can_bow"]}
    assert offered == {"R7", "R3"}
    for card in offered:    # every bow offered is accepted, and leaves no problem
        w.handle_message({"type": "army", "op": "bow", "card": card})
    assert w.view["builder"]["problem"] is None or "bow" not in w.view["builder"]["problem"]
    with pytest.raises(ValueError, match="Heavy Cavalry with bow exists only in scenarios"):
        w.handle_message({"type": "army", "op": "bow", "card": "R8"})
    assert "R8" not in w.builder.bows
