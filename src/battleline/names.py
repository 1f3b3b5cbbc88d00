"""Card, formation and outcome names in several name sets.

``en`` is the rulebook's English (the default). ``ja`` is Japanese, from the
Japanese reference card among the project's sources. ``scifi`` is the
alternative theme set of the reference manual (its "Star Wars" names).
Redeploy has no alternative name there and keeps its own.

>>> card_name("R7", "ja")
'赤7'
>>> unit_name("R7", "ja"), unit_name("R7", "scifi")
('軽騎兵', 'Speeder Bikes')
>>> formation_name("wedge", "ja")
'くさび形隊形'
>>> card_name("Traitor", "scifi")
'Force Corrupt'
"""

from __future__ import annotations

from .cards import COLOR_NAMES, TACTICS, TROOP_NAMES, Card, CardLike
from .formations import KIND_NAMES

__all__ = ["NAME_SETS", "card_name", "unit_name", "formation_name", "outcome_name"]

NAME_SETS = ("en", "ja", "scifi")

_COLORS = {
    "en": COLOR_NAMES,
    "ja": ("赤", "橙", "黄", "緑", "青", "紫"),
    "scifi": COLOR_NAMES,
}

_UNITS = {
    "en": TROOP_NAMES,
    "ja": {10: "象兵", 9: "戦車", 8: "重騎兵", 7: "軽騎兵", 6: "親衛歩兵", 5: "槍兵", 4: "重装歩兵",
           3: "投槍兵", 2: "投擲兵", 1: "斥候"},
    "scifi": {10: "Air Support", 9: "AT-ATs", 8: "AT-STs", 7: "Speeder Bikes", 6: "Elite Troopers",
              5: "Shock Troopers", 4: "Rocket Launchers", 3: "Snipers", 2: "Scouts", 1: "Probe Droids"},
}

_TACTICS = {
    "en": {short: full for short, full, _ in TACTICS},
    "ja": {"Alexander": "アレクサンダー", "Darius": "ダリウス", "Companion": "付き添いの騎兵",
           "Shield": "盾持ち", "Fog": "霧", "Mud": "泥濘", "Scout": "偵察", "Redeploy": "転進",
           "Deserter": "脱走", "Traitor": "裏切"},
    "scifi": {"Alexander": "Vader", "Darius": "Emperor", "Companion": "General Veers",
              "Shield": "Boba Fett", "Fog": "Sand Storm", "Mud": "Dunes", "Scout": "Spy",
              "Redeploy": "Redeploy", "Deserter": "Force Choke", "Traitor": "Force Corrupt"},
}

_FORMATIONS = {
    "en": KIND_NAMES,
    "ja": {"wedge": "くさび形隊形", "phalanx": "密集隊形", "battalion": "大隊指揮",
           "skirmish": "散兵線", "host": "軍勢", "total": "合計"},
    "scifi": KIND_NAMES,
}

_OUTCOMES = {
    "en": {"breakthrough": "Breakthrough", "envelopment": "Envelopment", "deadlock": "Deadlock"},
    "ja": {"breakthrough": "突破", "envelopment": "包囲", "deadlock": "膠着"},
    "scifi": {"breakthrough": "Breakthrough", "envelopment": "Envelopment", "deadlock": "Deadlock"},
}


def _check(names: str) -> str:
    if names not in NAME_SETS:
        raise ValueError(f"unknown name set {names!r}: expected one of {', '.join(NAME_SETS)}")
    return names


def card_name(card: CardLike, names: str = "en") -> str:
    """The card's name: colour and value for a troop, the Tactics card's name otherwise."""
    c = Card(card)
    names = _check(names)
    if c.is_troop:
        color = _COLORS[names][int(c) // 10]
        return f"{color}{c.value}" if names == "ja" else f"{color} {c.value}"
    return _TACTICS[names][str(c)]


def unit_name(card: CardLike, names: str = "en") -> str:
    """The troop's unit (``Light Cavalry`` for a 7); Tactics cards give their name."""
    c = Card(card)
    names = _check(names)
    return _UNITS[names][c.value] if c.is_troop else _TACTICS[names][str(c)]


def formation_name(kind: str, names: str = "en") -> str:
    """``wedge`` … ``host`` (and ``total`` under Fog) in the name set."""
    names = _check(names)
    try:
        return _FORMATIONS[names][kind]
    except KeyError:
        raise ValueError(f"unknown formation {kind!r}") from None


def outcome_name(reason: str, names: str = "en") -> str:
    """``breakthrough``, ``envelopment`` or ``deadlock`` in the name set."""
    names = _check(names)
    try:
        return _OUTCOMES[names][reason]
    except KeyError:
        raise ValueError(f"unknown outcome {reason!r}") from None
