"""Tien Gow tiles and ladders (TG-1): 11 civil identities twice, 10 military identities once.

Ranks come from these tables, never from pip totals (tiles.md, "Traps"): the Tien Gow civil order
puts Plum above Long Three, unlike Chuo Pai's Long family.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.tiles import TILE_BY_KEY, Tile

# TG-1: civil tiles strongest first, two copies each; strength 11 (Heaven) … 1 (Big Head Six).
CIVIL_LADDER: tuple[str, ...] = (
    "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6", "1-5",
)
# TG-1: military tiles strongest first, one copy each; tiles sharing a tuple are equal rank.
MILITARY_LADDER: tuple[tuple[str, ...], ...] = (
    ("3-6", "4-5"),  # Nines
    ("2-6", "3-5"),  # Eights
    ("2-5", "3-4"),  # Sevens
    ("2-4",),        # Big Six
    ("1-4", "2-3"),  # Fives
    ("1-2",),        # Little Three
)

CIVIL, MILITARY = "civil", "military"
COPIES: dict[Tile, int] = {}    # TG-1: copies of each identity in the 32-tile pack
SUIT: dict[Tile, str] = {}      # civil or military
STRENGTH: dict[Tile, int] = {}  # bigger is stronger; comparable only within one suit
for _place, _key in enumerate(CIVIL_LADDER):
    _t = TILE_BY_KEY[_key]
    COPIES[_t], SUIT[_t], STRENGTH[_t] = 2, CIVIL, len(CIVIL_LADDER) - _place
for _place, _keys in enumerate(MILITARY_LADDER):
    for _key in _keys:
        _t = TILE_BY_KEY[_key]
        COPIES[_t], SUIT[_t], STRENGTH[_t] = 1, MILITARY, len(MILITARY_LADDER) - _place

BIG_SIX, LITTLE_THREE = TILE_BY_KEY["2-4"], TILE_BY_KEY["1-2"]  # TG-9: together, the Supreme


def order_key(t: Tile) -> tuple[int, int, int]:
    """Canonical order: civil tiles strongest first, then military strongest first, ties by pips."""
    return (0 if SUIT[t] == CIVIL else 1, -STRENGTH[t], t.index)


# Every identity in canonical order, and its position in that order.
ORDER: tuple[Tile, ...] = tuple(sorted(COPIES, key=order_key))
POSITION: dict[Tile, int] = {t: i for i, t in enumerate(ORDER)}
# TG-1: the 32 tiles, in canonical order.
PACK: tuple[Tile, ...] = tuple(t for t in ORDER for _ in range(COPIES[t]))


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in canonical order (the order of notation, hands and records)."""
    return tuple(sorted(tiles, key=POSITION.__getitem__))
