"""The 21 dice-pip identities shared by Sichuan cards and Chinese dominoes, and their notation.

A tile is written ``a-b`` with ``a <= b`` (``1-2``, ``6-6``); input may give the pips in either
order. A group of tiles is written as tiles separated by single or repeated spaces. Copies of one
identity are interchangeable, so a tile *is* its identity. Game-specific data (families, suits,
ladders) lives in the game packages, never here.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.errors import NotationError

RED_FACES = frozenset({1, 4})  # Chinese dice: the 1 and 4 faces are red (tiles.md, E1)


class Tile:
    """One of the 21 identities. Instances are interned: compare with ``is`` or ``==``."""

    __slots__ = ("low", "high", "index", "key")

    def __init__(self, low: int, high: int, index: int) -> None:
        self.low = low
        self.high = high
        self.index = index
        self.key = f"{low}-{high}"

    @property
    def pips(self) -> tuple[int, int]:
        return (self.low, self.high)

    @property
    def total(self) -> int:
        return self.low + self.high

    def __repr__(self) -> str:
        return f"Tile({self.key!r})"

    def __str__(self) -> str:
        return self.key

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (tile, (self.key,))


ALL_TILES: tuple[Tile, ...] = tuple(
    Tile(low, high, index)
    for index, (low, high) in enumerate((a, b) for a in range(1, 7) for b in range(a, 7))
)
TILE_BY_KEY: dict[str, Tile] = {t.key: t for t in ALL_TILES}
_TILE_BY_TOKEN: dict[str, Tile] = {
    **TILE_BY_KEY,
    **{f"{t.high}-{t.low}": t for t in ALL_TILES},
}


def tile(token: str) -> Tile:
    """Parse one tile (``"2-1"`` and ``"1-2"`` are the same tile)."""
    try:
        return _TILE_BY_TOKEN[token]
    except (KeyError, TypeError):
        raise NotationError(str(token)) from None


def parse_tiles(text: str, *, allow_empty: bool = False) -> tuple[Tile, ...]:
    """Parse space-separated tiles, keeping their order. Empty text is an error unless allowed."""
    if not isinstance(text, str):
        raise NotationError(repr(text), "not-text")
    tokens = text.split(" ")
    found = tuple(tile(token) for token in tokens if token != "")
    if not found and not allow_empty:
        raise NotationError(text, "empty")
    return found


def tiles_from_keys(keys: Iterable[str]) -> tuple[Tile, ...]:
    """Tiles from a list of ``a-b`` strings, as found in records and JSON."""
    if isinstance(keys, str):
        raise NotationError(keys, "not-a-list")
    return tuple(tile(k) for k in keys)


def format_tiles(tiles: Iterable[Tile]) -> str:
    return " ".join(t.key for t in tiles)
