"""A static picture of a position as SVG, for notebooks without JavaScript
(GitHub, nbviewer, documentation). ``Game._repr_svg_`` uses it.

>>> from battleline import Game
>>> position_svg(Game(seed=1)).startswith("<svg")
True
"""

from __future__ import annotations

from html import escape

from ..cards import Card
from .rules import FLAGS, PLAYER_NAMES

__all__ = ["position_svg", "card_svg"]

FILL = {"R": "#c62828", "O": "#ef6c00", "Y": "#f9c31f", "G": "#2e7d32", "B": "#1565c0", "P": "#6a1b9a"}
INK = {"Y": "#222"}
CARD_W, CARD_H, STEP = 46, 62, 22
COL = 98
LEFT = 20


def card_svg(card: Card, x: float, y: float) -> str:
    """One card face at (x, y)."""
    c = Card(card)
    if c.is_troop:
        fill, ink, label, corner = FILL[c.color], INK.get(c.color, "#fff"), str(c.value), str(c)
    else:
        fill, ink, label, corner = "#fdfaf0", "#333", str(c)[:5], str(c)[:5]
    return (f'<g><title>{escape(c.name)}</title>'
            f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="{fill}" '
            f'stroke="#333" stroke-width="1"/>'
            f'<text x="{x + 5}" y="{y + 13}" font-size="11" fill="{ink}" font-family="sans-serif">'
            f'{corner}</text>'
            f'<text x="{x + CARD_W / 2}" y="{y + 40}" font-size="{18 if c.is_troop else 11}" '
            f'text-anchor="middle" fill="{ink}" font-weight="bold" font-family="sans-serif">'
            f'{escape(label)}</text></g>')


def _hand_row(cards, y: float) -> str:
    return "".join(card_svg(c, LEFT + i * (CARD_W + 6), y) for i, c in enumerate(cards))


def position_svg(game: "Game") -> str:
    """The whole position: north's hand at the top, the nine flags, south's hand below."""
    g = game
    rows_n = max([len(g.cards_at(f, 0)) for f in FLAGS] + [3])
    rows_s = max([len(g.cards_at(f, 1)) for f in FLAGS] + [3])
    top = 40 + CARD_H + 20
    line_y = top + (rows_n - 1) * STEP + CARD_H + 40
    bottom = line_y + 40
    height = bottom + (rows_s - 1) * STEP + CARD_H + 30 + CARD_H + 30
    width = LEFT * 2 + COL * 9
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="#f3ead7" rx="10"/>']
    o = g.outcome()
    status = o.describe() if o else f"{PLAYER_NAMES[g.to_move]} to {g.phase.replace('-', ' ')}"
    out.append(f'<text x="{LEFT}" y="24" font-size="14" fill="#333">north hand '
               f'({len(g.hand(0))}) · {escape(g.rules)} rules · {escape(status)} · decks: troop '
               f'{len(g.deck("troop"))}, tactic {len(g.deck("tactic"))}</text>')
    out.append(_hand_row(g.hand(0), 34))
    for i, f in enumerate(FLAGS):
        x = LEFT + i * COL + (COL - CARD_W) / 2
        north = g.cards_at(f, 0)
        for r, c in enumerate(north):
            out.append(card_svg(c, x, line_y - 40 - CARD_H - (len(north) - 1 - r) * STEP))
        for r, c in enumerate(g.cards_at(f, 1)):
            out.append(card_svg(c, x, bottom + r * STEP))
        owner = g.claimed_by(f)
        cx = LEFT + i * COL + COL / 2
        cy = line_y + (-18 if owner == 0 else 18 if owner == 1 else 0)
        fill = "#fff" if owner is None else ("#444" if owner == 0 else "#b71c1c")
        out.append(f'<circle cx="{cx}" cy="{cy}" r="14" fill="{fill}" stroke="#333"/>'
                   f'<text x="{cx}" y="{cy + 5}" font-size="14" text-anchor="middle" '
                   f'fill="{"#333" if owner is None else "#fff"}">{f}</text>')
        for card, who in g.environment(f):
            ey = line_y - 36 if who == 0 else line_y + 24
            out.append(f'<text x="{cx + 20}" y="{ey + 8}" font-size="11" fill="#555">{card}</text>')
    hy = bottom + (rows_s - 1) * STEP + CARD_H + 30
    out.append(f'<text x="{LEFT}" y="{hy - 6}" font-size="14" fill="#333">south hand ({len(g.hand(1))})'
               f' · discards: north {escape(" ".join(map(str, g.discards(0))) or "-")}, south '
               f'{escape(" ".join(map(str, g.discards(1))) or "-")}</text>')
    out.append(_hand_row(g.hand(1), hy))
    out.append("</svg>")
    return "".join(out)
