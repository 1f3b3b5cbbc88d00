"""The ten troop types of Ancient Battles as data: the only home of every per-type rule.

A troop card's value (1-10) names its type. Everything the engine needs to know about a
type (how far and which way it moves, its missile weapon, who may not melee it, how a
missile hits it, whether it may withdraw, hold enemy ground or stack) is a field of
:class:`TroopType`, looked up in :data:`TROOP_TYPES` by value.

>>> TROOP_TYPES[7].name, TROOP_TYPES[7].steps, TROOP_TYPES[7].sideways
('Light Cavalry', 2, True)
>>> troop_type("Hoplites").cavalry_proof
True
>>> TROOP_TYPES[3].weapon(bow=True), TROOP_TYPES[3].weapon(bow=False)
('bow', 'javelin')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TroopType", "TROOP_TYPES", "troop_type", "TYPE_NAMES", "MOUNTED", "CAVALRY", "INFANTRY",
           "HEAVY_INFANTRY", "HOLDS_GROUND", "LIGHT", "MISSILE_HIT"]


@dataclass(frozen=True)
class TroopType:
    """One troop type. ``kind`` is one of ``light infantry``, ``heavy infantry``,
    ``infantry``, ``cavalry``, ``chariots``, ``elephants``."""

    value: int
    name: str
    kind: str
    steps: int                # positions per move
    sideways: bool            # may step left and right, not only forward
    missile: str | None       # weapon without a bow: "bow", "javelin" or None
    may_carry_bow: bool       # "with bow" possible (Javalineers, Light and Heavy Cavalry)
    cavalry_proof: bool       # cannot be meleed by cavalry (frontally)
    missile_hit: int          # lowest missile roll that disrupts it
    japanese: str | None = None  # hook for the Japanese names (not yet filled in)

    @property
    def infantry(self) -> bool:
        """Values 1-6: may carry Shield Bearers; Cavalry and Chariots flanking it use half."""
        return self.value <= 6

    @property
    def heavy_infantry(self) -> bool:
        """Values 3-5: may form Advanced stacks."""
        return 3 <= self.value <= 5

    @property
    def cavalry(self) -> bool:
        """Light and Heavy Cavalry (not Chariots): Companions, the melee restriction."""
        return self.value in (7, 8)

    @property
    def mounted(self) -> bool:
        """Cavalry, Chariots and Elephants never enter or pass through bad terrain."""
        return self.value >= 7

    @property
    def light(self) -> bool:
        """Skirmishers and Peltasts: may withdraw from infantry and Elephants (Advanced)."""
        return self.value <= 2

    @property
    def holds_ground(self) -> bool:
        """Counts toward a terrain victory (not Skirmishers, Peltasts or Light Cavalry)."""
        return self.value not in (1, 2, 7)

    def weapon(self, bow: bool = False) -> str | None:
        """The missile weapon of a card of this type: ``bow``, ``javelin`` or None."""
        if bow and self.may_carry_bow:
            return "bow"
        return self.missile


_TABLE = (
    TroopType(1, "Skirmishers", "light infantry", 1, True, "bow", False, False, 6),
    TroopType(2, "Peltasts", "light infantry", 1, True, "javelin", False, False, 6),
    TroopType(3, "Javalineers", "heavy infantry", 1, False, "javelin", True, True, 6),
    TroopType(4, "Hoplites", "heavy infantry", 1, False, None, False, True, 6),
    TroopType(5, "Phalangists", "heavy infantry", 1, False, None, False, True, 6),
    TroopType(6, "Hypaspists", "infantry", 1, True, None, False, False, 6),
    TroopType(7, "Light Cavalry", "cavalry", 2, True, None, True, False, 6),
    TroopType(8, "Heavy Cavalry", "cavalry", 2, True, None, True, False, 6),
    TroopType(9, "Chariots", "chariots", 2, True, None, False, False, 5),
    TroopType(10, "Elephants", "elephants", 1, False, None, False, True, 5),
)

#: ``TROOP_TYPES[value]`` for values 1-10 (index 0 is None).
TROOP_TYPES: tuple[TroopType | None, ...] = (None,) + _TABLE
TYPE_NAMES: dict[str, int] = {t.name.lower(): t.value for t in _TABLE}

# The per-type rules above as tables indexed by value (index 0 unused), for the hot paths:
# ``MOUNTED[v]`` is ``TROOP_TYPES[v].mounted``, and so on. Derived here, never restated.
MOUNTED = (False,) + tuple(t.mounted for t in _TABLE)
CAVALRY = (False,) + tuple(t.cavalry for t in _TABLE)
INFANTRY = (False,) + tuple(t.infantry for t in _TABLE)
HEAVY_INFANTRY = (False,) + tuple(t.heavy_infantry for t in _TABLE)
HOLDS_GROUND = (False,) + tuple(t.holds_ground for t in _TABLE)
LIGHT = (False,) + tuple(t.light for t in _TABLE)
CAVALRY_PROOF = (False,) + tuple(t.cavalry_proof for t in _TABLE)
MISSILE_HIT = (7,) + tuple(t.missile_hit for t in _TABLE)


def troop_type(name_or_value: str | int) -> TroopType:
    """A type by its English name (any case) or its value.

    >>> troop_type("light cavalry").value
    7
    """
    if isinstance(name_or_value, int) and not isinstance(name_or_value, bool):
        if 1 <= name_or_value <= 10:
            return TROOP_TYPES[name_or_value]
    elif isinstance(name_or_value, str):
        value = TYPE_NAMES.get(name_or_value.strip().lower())
        if value is not None:
            return TROOP_TYPES[value]
    from ..errors import shorten
    raise ValueError(f"unknown troop type {shorten(name_or_value)}: expected one of "
                     + ", ".join(t.name for t in _TABLE))
