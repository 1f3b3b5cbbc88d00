"""The position editor's model: placing, validating, exporting."""

from __future__ import annotations

import pytest

from battleline import Game, PositionError
from battleline.standard.editor import PositionDraft


def test_placing_cards_and_exporting():
    d = PositionDraft(to_move=1)
    for c in ("R8", "R9"):
        d.place(c, flag=3, side=1)
    d.place("B8", flag=3, side=0)
    d.place("Fog", flag=2, side=0)
    d.place("R10", hand=1)
    d.place("G4", discard=0)
    d.place("Y1", deck_top=True)
    g = Game.from_position(d.text())
    names = lambda cards: [str(c) for c in cards]
    assert names(g.cards_at(3, 1)) == ["R8", "R9"] and g.fog_at(2) and str(g.deck("troop")[0]) == "Y1"
    assert names(g.hand(1)) == ["R10"] and names(g.discards(0)) == ["G4"]
    assert {str(c): w for c, w in d.placed().items()}["R10"] == "in south's hand"
    # the tie order follows the placing order: north's B8 came after south's cards
    assert "order SSN" in d.text()


@pytest.mark.parametrize("action, words", [
    (lambda d: d.place("G4", hand=1), "Green 4 is already at flag 2"),
    (lambda d: d.place("B1", flag=2, side=0), "three is the most a side can hold without Mud"),
    (lambda d: d.place("X9", hand=0), "unknown card"),
    (lambda d: d.place("B1", flag=10, side=0), "flags are numbered 1 to 9"),
    (lambda d: d.place("B1"), "say where the card goes"),
    (lambda d: d.claim(2, 1), "not complete"),
    (lambda d: d.place("Darius", flag=5, side=0), "both Leaders"),
])
def test_bad_edits_are_refused_and_change_nothing(action, words):
    d = PositionDraft()
    for c in ("G4", "G5", "G6"):
        d.place(c, flag=2, side=0)
    d.place("Alexander", flag=4, side=0)
    d.place("Scout", discard=1)
    before = d.text()
    with pytest.raises(PositionError, match=words):
        action(d)
    assert d.text() == before


def test_claims_and_removal():
    d = PositionDraft()
    for c in ("Y8", "Y9", "Y10"):
        d.place(c, flag=1, side=1)
    d.claim(1, 1)
    assert d.game().claimed_by(1) == 1
    with pytest.raises(PositionError):
        d.remove("Y10")          # the claimed side would no longer be complete
    d.claim(1, None)
    d.remove("Y10")
    assert "Y10" not in {str(c) for c in d.placed()}


def test_a_game_round_trips_through_the_editor():
    g = Game(seed=5)
    for _ in range(20):
        g.play([m for m in g.legal_moves() if m.kind != "claim"][0])
    d = PositionDraft.from_game(g)
    h = d.game()
    for f in range(1, 10):
        for p in (0, 1):
            assert h.cards_at(f, p) == g.cards_at(f, p)
    assert sorted(h.hand(0)) == sorted(g.hand(0))


def test_a_huge_text_is_refused_before_it_is_read():
    text = PositionDraft().text()
    with pytest.raises(PositionError, match="at most 20,000 characters"):
        PositionDraft.from_text(text + "\n".join(["# a comment line"] * 100_000))
