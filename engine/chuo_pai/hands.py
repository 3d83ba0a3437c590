"""Hands as counts: one number of copies per identity, indexed by ``Tile.index``."""
from __future__ import annotations

from collections.abc import Iterable

from engine.chuo_pai.families import display_key
from engine.chuo_pai.plays import Play
from engine.tiles import ALL_TILES, Tile

Counts = tuple[int, ...]  # copies held per tile index


def counts(tiles: Iterable[Tile]) -> Counts:
    found = [0] * len(ALL_TILES)
    for t in tiles:
        found[t.index] += 1
    return tuple(found)


def remove(hand: Counts, play: Play) -> Counts:
    """The hand without the play's cards (the caller has checked that it holds them)."""
    left = list(hand)
    for i, n in play.need:
        left[i] -= n
    return tuple(left)


def counts_to_tiles(hand: Counts) -> tuple[Tile, ...]:
    """A hand in display order (family, strongest first)."""
    return tuple(sorted((t for t in ALL_TILES for _ in range(hand[t.index])), key=display_key))
