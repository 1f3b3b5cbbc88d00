"""The formation label of a complete side is never covered by a card (issue 40: a card lay
over "Phalanx 4-4-4"), in the compact layout of a laptop screen and in the roomy one."""

from __future__ import annotations

import pytest

# Three cards a side at several flags (Phalanxes, a Wedge, Hosts, Skirmish Lines), a flag
# claimed by each player (its stone in the row at the winner's edge).
PHALANXES = '''
from battleline import Game
g = Game.from_position("""battleline position 1
turn south play
flag 1 claimed by north: north R4 O4 Y4 | south G4 B4 P5
flag 2: north R5 O5 Y5 | south G6 B6 P6
flag 4: north R7 R8 R9 | south G1 B5 P9
flag 6 claimed by south: north O1 O2 P3 | south Y8 G8 B8
flag 8: north - | south P1 P2 O3
hand north: R1 R2 R3 G2 G3 B1 B2
hand south: Y1 Y2 Y3 Y9 Y6 Y7 G9
troop deck: rest seed 3
tactic deck: rest seed 4
discard north: -
discard south: -
""")
w = BattleLineWidget(g, opponent=None)
w.reveal()   # two people at one screen: the first player lifts the first cover
'''

# The same with Morale cards on top of sides: a Leader, Companion Cavalry, Shield Bearers.
MORALE = (PHALANXES.replace("flag 2: north R5 O5 Y5 | south G6 B6 P6", "flag 2: north R5 O5 Darius | south G6 B6 Alexander")
          .replace("flag 8: north - | south P1 P2 O3", "flag 8: north G7 R6 Companion | south P1 P2 Shield")
          .replace("hand north: R1 R2 R3 G2 G3 B1 B2", "hand north: R1 R2 R3 G2 G3 B1 Y5"))

# Every formation label with text, and every card on the table whose box meets it.
OVERLAPS = """() => {
  const out = [];
  const cards = [...document.querySelectorAll('.bl-line .bl-side .bl-card')].map(c => [c, c.getBoundingClientRect()]);
  for (const label of document.querySelectorAll('.bl-line .bl-formation')) {
    const text = label.firstElementChild;
    if (!text || !label.textContent.trim()) continue;
    const r = text.getBoundingClientRect();
    for (const [card, c] of cards) {
      const w = Math.min(r.right, c.right) - Math.max(r.left, c.left);
      const h = Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top);
      if (w > 0.5 && h > 0.5)
        out.push({label: label.textContent, card: card.getAttribute('aria-label'), overlap: [w, h]});
    }
  }
  return out;
}"""

LABELS = "() => [...document.querySelectorAll('.bl-line .bl-formation')].map(l => l.textContent).filter(Boolean)"


@pytest.mark.parametrize("width,height,fit", [(1366, 768, "compact"), (1366, 1200, "roomy"), (1000, 1200, "roomy")])
def test_no_card_covers_a_formation_label(open_widget, width, height, fit):
    nb = open_widget(PHALANXES, width=width, height=height)
    _check(nb, fit)


@pytest.mark.parametrize("width,height,fit", [(1366, 768, "compact"), (1366, 1200, "roomy")])
def test_no_morale_card_covers_a_formation_label(open_widget, width, height, fit):
    nb = open_widget(MORALE, width=width, height=height)
    _check(nb, fit)


def _check(nb, fit):
    """The labels are there, and no card's box meets one."""
    page = nb.page
    page.evaluate("() => document.querySelector('.bl-root').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)
    nb.screenshot(f"formation-labels-{fit}")
    assert page.locator(".bl-root").first.get_attribute("data-fit") == fit
    labels = page.evaluate(LABELS)
    assert any("Phalanx" in t and "4-4-4" in t for t in labels), labels
    assert len(labels) >= 9, labels
    assert page.evaluate(OVERLAPS) == []
