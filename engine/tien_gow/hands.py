"""Hands as packed counts, so "does this hand hold these tiles?" is one integer expression.

A multiset of Tien Gow tiles is an ``int`` with one 3-bit field per identity (in canonical order):
two bits count the copies (0-2, TG-1) and the top bit is a guard that is always 0 in a code.
Adding codes adds multisets; subtracting a held multiset removes it. ``holds`` sets every guard,
subtracts, and checks that no field borrowed.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.tien_gow.ladders import ORDER, POSITION
from engine.tiles import Tile

UNIT: dict[Tile, int] = {t: 1 << (3 * POSITION[t]) for t in ORDER}
GUARDS: int = sum(4 << (3 * i) for i in range(len(ORDER)))


def code_of(tiles: Iterable[Tile]) -> int:
    """The packed code of a multiset of tiles."""
    return sum(UNIT[t] for t in tiles)


def holds(hand: int, tiles: int) -> bool:
    """True when the multiset ``hand`` contains the multiset ``tiles`` (both packed codes)."""
    return ((hand | GUARDS) - tiles) & GUARDS == GUARDS
