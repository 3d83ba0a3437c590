"""Chuo Pai families and rank ladders (CP-7, CP-8) and the special combinations' members (CP-10).

Ranks come from these tables, never from pip totals (tiles.md, "Traps").
"""
from __future__ import annotations

from engine.tiles import TILE_BY_KEY, Tile

LONG, YAO, BLACK, RED, SPECIAL = "long", "yao", "black", "red", "special"
FAMILIES: tuple[str, ...] = (LONG, YAO, BLACK, RED)  # display order; SPECIAL is a class, not a family

# CP-7: each ladder strongest first; identities sharing an inner tuple are equal rank (CP-8).
LADDERS: dict[str, tuple[tuple[str, ...], ...]] = {
    LONG: (("6-6",), ("1-1",), ("4-4",), ("1-3",), ("3-3",), ("5-5",), ("2-2",)),
    YAO: (("1-5",), ("1-6",), ("4-6",), ("5-6",)),  # D1: Cat > High Foot > Four-Six > Axe
    BLACK: (("3-6",), ("2-6", "3-5"), ("2-5",), ("2-3",)),
    RED: (("4-5",), ("3-4",), ("1-4",), ("1-2", "2-4")),
}

FAMILY_OF: dict[Tile, str] = {}
STRENGTH: dict[Tile, int] = {}  # bigger is stronger, comparable only inside one family
for _family, _ladder in LADDERS.items():
    for _place, _keys in enumerate(_ladder):
        for _key in _keys:
            FAMILY_OF[TILE_BY_KEY[_key]] = _family
            STRENGTH[TILE_BY_KEY[_key]] = len(_ladder) - _place

# CP-10 / CP-11: special types strongest first, with head and matching-total identities.
TIAN_JIU, DI_BA, REN_QI, HE_WU = "tian-jiu", "di-ba", "ren-qi", "he-wu"
SPECIAL_TYPES: dict[str, tuple[str, tuple[str, ...]]] = {
    TIAN_JIU: ("6-6", ("3-6", "4-5")),
    DI_BA: ("1-1", ("2-6", "3-5")),
    REN_QI: ("4-4", ("2-5", "3-4")),
    HE_WU: ("1-3", ("2-3", "1-4")),
}
SPECIAL_STRENGTH: dict[str, int] = {t: 4 - i for i, t in enumerate(SPECIAL_TYPES)}

# CP-4: the starting-bonus couple.
NAIL, TWO_RED = TILE_BY_KEY["1-2"], TILE_BY_KEY["2-4"]


_DISPLAY_KEYS = {t: (FAMILIES.index(FAMILY_OF[t]), -STRENGTH[t], t.index) for t in FAMILY_OF}


def display_key(t: Tile) -> tuple[int, int, int]:
    """Sort key for showing tiles: family order, then strongest first, then pips."""
    return _DISPLAY_KEYS[t]
