"""Cards and moves as the browser sees them: the JSON pieces of every view.

Shared by both games' widgets (Ancient Battles draws the same deck).

>>> card_json("R7")["title"], card_json("R7", "ja")["name"]
('Red 7: Light Cavalry', '赤7')
>>> from battleline.standard.moves import Move
>>> public_move_json(Move.parse("return R7"))["text"]
'return (troop)'
"""

from __future__ import annotations

from typing import Any

from .. import texts
from ..cards import Card, CardLike
from ..standard.moves import Move

__all__ = ["card_json", "move_json", "public_move_json"]


def card_json(card: CardLike, lang: str = "en", names: Any = "ancient") -> dict:
    """The card as the browser sees it, named in the language and name set."""
    c = Card(card)
    return {
        "id": str(c),
        "name": texts.card_name(c, lang, names),
        "title": texts.card_title(c, lang, names),
        "color": c.color,
        "value": c.value,
        "kind": c.kind,
        "label": texts.card_label(c, lang, names),
    }


def move_json(m: Move) -> dict:
    """A legal move: its kind, card, flag and deck, and the text to send back."""
    return {"kind": m.kind, "card": None if m.card is None else str(m.card), "flag": m.flag,
            "deck": m.deck, "text": str(m)}


def public_move_json(m: Move) -> dict:
    """A move as the other player saw it: a card put back with Scout stays hidden."""
    d = move_json(m)
    if m.kind == "return":
        d["card"] = None
        d["deck"] = "troop" if m.card.is_troop else "tactic"
        d["text"] = f"return ({d['deck']})"
    return d
