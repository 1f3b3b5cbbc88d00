"""The words both games share: the languages, the name sets, and the deck's cards by name.

>>> card_name("R7", "ja"), card_name("Fog", "en", "scifi")
('赤7', 'Sand Storm')
>>> shorten_text("x" * 40)
'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
"""

from __future__ import annotations

from typing import Any

from ..cards import COLOR_NAMES, Card, CardLike
from ..names import NAME_SETS, NameSet, name_set  # noqa: F401 (NAME_SETS, NameSet: re-exported)

__all__ = ["LANGS", "BOT_PREPARING", "NAME_SETS", "NameSet", "name_set", "check", "names_of", "card_name", "card_label",
           "shorten_text"]

LANGS = ("en", "ja")

#: Both games' status note while a bot's compiled search is still being prepared.
BOT_PREPARING = ("(The bot is preparing its search in the background; meanwhile it plays its quicker one.)",
                 "（ボットは裏で探索の準備中です。それまでは簡易な探索で指します。）")

_COLORS = {"en": COLOR_NAMES, "ja": ("赤", "橙", "黄", "緑", "青", "紫")}


def check(lang: str, names: Any = "ancient") -> None:
    """Refuse an unknown language or a bad name set (a ValueError naming the choices)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {str(lang)[:20]!r}: expected one of {', '.join(LANGS)}")
    name_set(names, lang)


def names_of(names: Any, lang: str = "en") -> NameSet:
    """The name set ``names`` (a built-in name, a dict, a .json path or a NameSet) in ``lang``."""
    return name_set(names, lang)


def card_name(card: CardLike, lang: str = "en", names: Any = "ancient") -> str:
    """``Red 7`` / ``赤7``; Tactics cards by their name in the name set."""
    c = Card(card)
    if c.is_troop:
        color = _COLORS[lang][int(c) // 10]
        return f"{color}{c.value}" if lang == "ja" else f"{color} {c.value}"
    return name_set(names, lang).tactics[str(c)]


def card_label(card: CardLike, lang: str = "en", names: Any = "ancient") -> str:
    """What fits on a small card face: the value, or a short Tactics name."""
    c = Card(card)
    if c.is_troop:
        return str(c.value)
    return name_set(names, lang).labels[str(c)]


def shorten_text(value: Any, limit: int = 30) -> str:
    """A piece of user input cut short, to quote it in a message."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
