"""Tien Gow sets and which set beats which (TG-4 … TG-9), enumerated once at import.

There are 61 sets: 21 singles, 11 civil pairs, 4 military pairs, the Supreme and 24 mixed sets.
Beating is a table: ``BEATEN_BY[s.id]`` lists the sets that may go face up over ``s``.
"""
from __future__ import annotations

from itertools import combinations

from engine.tien_gow.hands import code_of
from engine.tien_gow.ladders import (
    BIG_SIX,
    CIVIL,
    LITTLE_THREE,
    MILITARY,
    ORDER,
    STRENGTH,
    SUIT,
    sort_tiles,
)
from engine.tiles import TILE_BY_KEY, Tile

SUPREME, MIXED = "supreme", "mixed"  # the other kinds are CIVIL and MILITARY (singles and pairs)

# TG-4 (e): mixed types strongest first: the civil head and the total of its military tiles.
MIXED_TYPES: tuple[tuple[str, str, int], ...] = (
    ("heaven-nine", "6-6", 9), ("earth-eight", "1-1", 8), ("man-seven", "4-4", 7),
    ("goose-five", "1-3", 5),
)


class TileSet:
    """One legal set (a legal lead). Interned: one object per set, compare with ``is``."""

    __slots__ = ("id", "tiles", "kind", "civil", "military", "strength", "name", "code", "notation")

    def __init__(self, tiles: tuple[Tile, ...], kind: str, strength: int, name: str) -> None:
        self.id = -1
        self.tiles = sort_tiles(tiles)
        self.kind = kind
        self.civil = sum(1 for t in tiles if SUIT[t] == CIVIL)  # the (civil, military) structure
        self.military = len(tiles) - self.civil
        self.strength = strength  # comparable only between sets of one kind and structure (TG-7)
        self.name = name
        self.code = code_of(tiles)
        self.notation = " ".join(t.key for t in self.tiles)

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def is_quartet(self) -> bool:
        return self.kind == MIXED and self.size == 4

    def __repr__(self) -> str:
        return f"TileSet({self.notation!r})"


def _enumerate() -> list[TileSet]:
    found: list[TileSet] = []
    for t in ORDER:  # TG-4 (a): any single tile
        found.append(TileSet((t,), SUIT[t], STRENGTH[t], "single"))
    for t in ORDER:  # TG-4 (b): two identical civil tiles
        if SUIT[t] == CIVIL:
            found.append(TileSet((t, t), CIVIL, STRENGTH[t], "civil-pair"))
    by_total: dict[int, list[Tile]] = {}
    for t in ORDER:  # TG-4 (c): two military tiles of equal total
        if SUIT[t] == MILITARY:
            by_total.setdefault(t.total, []).append(t)
    for tiles in by_total.values():
        if len(tiles) == 2:
            found.append(TileSet(tuple(tiles), MILITARY, STRENGTH[tiles[0]], "military-pair"))
    found.append(TileSet((BIG_SIX, LITTLE_THREE), SUPREME, 0, "supreme"))  # TG-4 (d), TG-9
    for place, (name, head, total) in enumerate(MIXED_TYPES):  # TG-4 (e): structures (c, m)
        civil = TILE_BY_KEY[head]
        strength = len(MIXED_TYPES) - place
        for c in (1, 2):
            for m in (1, 2):
                for mil in combinations(by_total[total], m):
                    found.append(TileSet((civil,) * c + mil, MIXED, strength, name))
    for i, s in enumerate(found):
        s.id = i
    return found


SETS: tuple[TileSet, ...] = tuple(_enumerate())
SET_BY_TILES: dict[tuple[Tile, ...], TileSet] = {s.tiles: s for s in SETS}
QUARTETS: tuple[TileSet, ...] = tuple(s for s in SETS if s.is_quartet)


def beats(high: TileSet, play: TileSet) -> bool:
    """TG-7: same kind, same (civil, military) structure, strictly stronger. TG-9: the Supreme
    is its own kind with no strength, so it neither beats nor is beaten."""
    return (play.kind == high.kind and play.kind != SUPREME and play.civil == high.civil
            and play.military == high.military and play.strength > high.strength)


BEATEN_BY: tuple[tuple[TileSet, ...], ...] = tuple(
    tuple(p for p in SETS if beats(h, p)) for h in SETS
)


def why_not_beating(high: TileSet, play: TileSet) -> str:
    """The reason code for a set that may not go face up over ``high`` (TG-6 … TG-9)."""
    if play.size != high.size:
        return "wrong-count"
    if high.kind == SUPREME:
        return "supreme-unbeatable"  # TG-9: the led Supreme is never beaten
    if play.kind != high.kind or play.civil != high.civil:
        return "different-kind"  # TG-7: category and (civil, military) structure must match
    if play.strength == high.strength:
        return "equal-rank"  # TG-7: equal rank loses
    return "not-higher"


def classify(tiles: tuple[Tile, ...]) -> TileSet | None:
    """The set these tiles form (in any order), or None: TG-5, nothing else is legal."""
    return SET_BY_TILES.get(sort_tiles(tiles))
