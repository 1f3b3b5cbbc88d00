"""Name sets: what the troops, Tactics cards and formations are called.

A name set is a theme, separate from the language. Two are built in:
``"ancient"``, the rulebook's names (in English, and in Japanese from the
Japanese reference card), and ``"scifi"``, the alternative set of the
reference manual (English only; Redeploy keeps its name there). A teacher may
supply another: a dict, or a small JSON file holding one, with some or all of
these keys (a key left out keeps the rulebook's names in the widget's language):

- ``"name"``: what the set is called (shown nowhere; the view reports it);
- ``"troops"``: the unit of each troop value, ``{"1": "Skirmishers", …, "10": "Elephants"}``;
- ``"tactics"``: each Tactics card's full name, ``{"Alexander": …, "Traitor": …}``;
- ``"labels"``: a short name for the small card face (a Tactics name by default);
- ``"formations"``: ``{"wedge", "phalanx", "battalion", "skirmish", "host"}`` to names.

Every value is a non-empty line of at most 40 characters; an unknown key or a bad
value is refused with a ``ValueError`` naming it.

>>> name_set("ancient", "ja").troops[7]
'軽騎兵'
>>> s = name_set({"name": "forest", "troops": {"10": "Bears"}})
>>> s.troops[10], s.troops[9], s.tactics["Fog"]
('Bears', 'Chariots', 'Fog')
>>> name_set({"troops": {"11": "Giants"}})
Traceback (most recent call last):
...
ValueError: name set: troops: unknown key '11' (expected 1 to 10)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .cards import TACTICS, TROOP_NAMES
from .errors import shorten

__all__ = ["NAME_SETS", "NameSet", "name_set", "load", "KEYS"]

NAME_SETS = ("ancient", "scifi")
"""The built-in name sets."""

TACTIC_KEYS = tuple(short for short, _, _ in TACTICS)
FORMATION_KEYS = ("wedge", "phalanx", "battalion", "skirmish", "host")
KEYS = ("name", "troops", "tactics", "labels", "formations")
MAX_NAME = 40
MAX_FILE = 64_000


@dataclass(frozen=True)
class NameSet:
    """The names of one set in one language: ``troops`` by value (1-10), ``tactics`` and
    ``labels`` by the Tactics card's short name, ``formations`` by kind."""

    name: str
    troops: Mapping[int, str]
    tactics: Mapping[str, str]
    labels: Mapping[str, str]
    formations: Mapping[str, str]

    def to_dict(self) -> dict:
        """The set as JSON-ready data (the format :func:`name_set` reads)."""
        return {"name": self.name, "troops": {str(v): n for v, n in self.troops.items()},
                "tactics": dict(self.tactics), "labels": dict(self.labels),
                "formations": dict(self.formations)}


def _make(name: str, troops: dict, tactics: dict, labels: dict, formations: dict) -> NameSet:
    return NameSet(name, MappingProxyType(dict(troops)), MappingProxyType(dict(tactics)),
                   MappingProxyType(dict(labels)), MappingProxyType(dict(formations)))


_TACTICS_EN = {short: full for short, full, _ in TACTICS}

_BUILTIN = {
    ("ancient", "en"): _make(
        "ancient", TROOP_NAMES, _TACTICS_EN,
        {"Alexander": "Alex", "Darius": "Dar", "Companion": "Comp", "Shield": "Shld", "Fog": "Fog",
         "Mud": "Mud", "Scout": "Scout", "Redeploy": "Redep", "Deserter": "Desert", "Traitor": "Traitor"},
        {"wedge": "Wedge", "phalanx": "Phalanx", "battalion": "Battalion Order",
         "skirmish": "Skirmish Line", "host": "Host"}),
    ("ancient", "ja"): _make(
        "ancient",
        {10: "象兵", 9: "戦車", 8: "重騎兵", 7: "軽騎兵", 6: "親衛歩兵", 5: "槍兵", 4: "重装歩兵",
         3: "投槍兵", 2: "投擲兵", 1: "斥候"},
        {"Alexander": "アレクサンダー", "Darius": "ダリウス", "Companion": "付き添いの騎兵",
         "Shield": "盾持ち", "Fog": "霧", "Mud": "泥濘", "Scout": "偵察", "Redeploy": "転進",
         "Deserter": "脱走", "Traitor": "裏切"},
        {"Alexander": "アレク", "Darius": "ダリウス", "Companion": "騎兵", "Shield": "盾",
         "Fog": "霧", "Mud": "泥濘", "Scout": "偵察", "Redeploy": "転進", "Deserter": "脱走",
         "Traitor": "裏切"},
        {"wedge": "くさび形隊形", "phalanx": "密集隊形", "battalion": "大隊指揮",
         "skirmish": "散兵線", "host": "軍勢"}),
    ("scifi", "en"): _make(
        "scifi",
        {10: "Air Support", 9: "AT-ATs", 8: "AT-STs", 7: "Speeder Bikes", 6: "Elite Troopers",
         5: "Shock Troopers", 4: "Rocket Launchers", 3: "Snipers", 2: "Scouts", 1: "Probe Droids"},
        {"Alexander": "Vader", "Darius": "Emperor", "Companion": "General Veers",
         "Shield": "Boba Fett", "Fog": "Sand Storm", "Mud": "Dunes", "Scout": "Spy",
         "Redeploy": "Redeploy", "Deserter": "Force Choke", "Traitor": "Force Corrupt"},
        {"Alexander": "Vader", "Darius": "Emperor", "Companion": "Veers", "Shield": "Fett",
         "Fog": "Storm", "Mud": "Dunes", "Scout": "Spy", "Redeploy": "Redep",
         "Deserter": "Choke", "Traitor": "Corrupt"},
        {"wedge": "Wedge", "phalanx": "Phalanx", "battalion": "Battalion Order",
         "skirmish": "Skirmish Line", "host": "Host"}),
}


def name_set(spec: Any = "ancient", lang: str = "en") -> NameSet:
    """The name set ``spec`` in ``lang``: a built-in name (``"ancient"``, ``"scifi"``), a
    dict in the format above, the path of a JSON file holding one, or a :class:`NameSet`.
    A built-in set without a version in ``lang`` (``scifi`` in Japanese) gives its English
    names; a supplied set is used as written, with the rulebook's names in ``lang`` for
    what it leaves out.

    >>> name_set("scifi", "ja").tactics["Traitor"]
    'Force Corrupt'
    """
    if isinstance(spec, NameSet):
        return spec
    if isinstance(spec, str) and spec in NAME_SETS:
        return _BUILTIN.get((spec, lang)) or _BUILTIN[(spec, "en")]
    if isinstance(spec, Path) or (isinstance(spec, str) and spec.lower().endswith(".json")):
        spec = load(spec)
    if isinstance(spec, dict):
        return _from_dict(spec, lang)
    if isinstance(spec, str):
        raise ValueError(f"unknown name set {shorten(spec)}: expected one of {', '.join(NAME_SETS)}, "
                         "a dict or a .json file")
    raise ValueError(f"a name set is a name ({', '.join(NAME_SETS)}), a dict or a .json file, "
                     f"not {type(spec).__name__}")


def load(path: str | Path) -> dict:
    """The name set in a JSON file, as data (checked: a ValueError names a bad key or value).

    >>> import json, tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     json.dump({"tactics": {"Fog": "Smoke"}}, f)
    >>> load(f.name); os.remove(f.name)
    {'tactics': {'Fog': 'Smoke'}}
    """
    path = Path(path)
    where = shorten(str(path), 60)
    try:
        if path.stat().st_size > MAX_FILE:
            raise ValueError(f"name set file {where} is larger than {MAX_FILE // 1000} kB")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"cannot read name set file {where}: {type(e).__name__}") from None
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise ValueError(f"name set file {where} is not JSON: {str(e)[:80]}") from None
    if not isinstance(doc, dict):
        raise ValueError(f"name set file {where} must hold a JSON object")
    _from_dict(doc, "en")
    return doc


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME or "\n" in value:
        raise ValueError(f"name set: {where}: expected a name of 1 to {MAX_NAME} characters on one "
                         f"line, not {shorten(value)}")
    return value.strip()


def _table(doc: dict, key: str, allowed: tuple, convert=lambda k: k) -> dict:
    table = doc.get(key, {})
    if not isinstance(table, dict):
        raise ValueError(f"name set: {key}: expected an object, not {type(table).__name__}")
    out = {}
    for k, v in table.items():
        if key == "troops" and isinstance(k, int) and not isinstance(k, bool):
            k = str(k)  # a dict written in Python may number the troops
        if k not in allowed:
            expect = "1 to 10" if key == "troops" else ", ".join(allowed)
            raise ValueError(f"name set: {key}: unknown key {shorten(k)} (expected {expect})")
        out[convert(k)] = _text(v, f"{key}.{k}")
    return out


def _from_dict(doc: dict, lang: str) -> NameSet:
    bad = [k for k in doc if k not in KEYS]
    if bad:
        raise ValueError(f"name set: unknown key {shorten(bad[0])} (expected {', '.join(KEYS)})")
    base = _BUILTIN.get(("ancient", lang)) or _BUILTIN[("ancient", "en")]
    name = _text(doc["name"], "name") if "name" in doc else "custom"
    troops = _table(doc, "troops", tuple(str(v) for v in range(1, 11)), int)
    tactics = _table(doc, "tactics", TACTIC_KEYS)
    labels = _table(doc, "labels", TACTIC_KEYS)
    formations = _table(doc, "formations", FORMATION_KEYS)
    for short, full in tactics.items():
        labels.setdefault(short, full)  # a renamed card's face shows the new name
    return _make(name, {**base.troops, **troops}, {**base.tactics, **tactics},
                 {**base.labels, **labels}, {**base.formations, **formations})
