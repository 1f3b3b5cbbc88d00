"""The documents' examples work as written."""

from __future__ import annotations

import re
from pathlib import Path

from battleline import Game

ROOT = Path(__file__).resolve().parents[1]


def test_notation_example_position_reads_and_round_trips():
    text = (ROOT / "docs" / "notation.md").read_text()
    block = re.search(r"```\n(battleline position 1\n.*?)```", text, re.S).group(1)
    g = Game.from_position(block)
    assert Game.from_position(g.position()).position() == g.position()
    assert g.claimed_by(2) == 0 and g.mud_at(3) and g.fog_at(2)


def test_svg_picture_shows_every_card_on_the_table():
    g = Game(seed=2)
    for _ in range(30):
        moves = [m for m in g.legal_moves() if m.kind != "claim"]
        g.play(moves[0])
    svg = g._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for f in range(1, 10):
        for p in (0, 1):
            for c in g.cards_at(f, p):
                assert f"<title>{c.name}</title>" in svg


def test_text_drawing_names_the_player_to_move():
    g = Game(seed=5, first=1)
    assert "south to play" in str(g)
