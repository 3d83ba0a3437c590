"""Tien Gow agents: ``greedy`` (the baseline) and ``standard`` (see docs/ai.md).

Both read only a ``SeatView``: their own hand, the trick under way, the finished tricks (other
seats' face-down tiles only as a count), pillars, hand sizes, the banker and the payments.
"""
from __future__ import annotations

import random
from fractions import Fraction

from engine.tien_gow.actions import Action, make_action, tiles_info
from engine.tien_gow.ladders import CIVIL, CIVIL_LADDER, MILITARY_LADDER, ORDER, POSITION, STRENGTH, SUIT
from engine.tien_gow.sets import MIXED, MIXED_TYPES, SETS, SUPREME, TileSet
from engine.tien_gow.view import SeatView
from engine.tiles import Tile

SEATS = 4

# -- greedy --------------------------------------------------------------------------------------
_TOP = {CIVIL: len(CIVIL_LADDER), "military": len(MILITARY_LADDER)}  # 11 and 6


def tile_weakness(t: Tile) -> tuple[Fraction, int, int]:
    """Greedy's order of single tiles, weakest first: the tile's strength as a fraction of the top
    of its suit's ladder (civil k/11, military k/6), then military before civil, then the
    canonical tile order."""
    return (Fraction(STRENGTH[t], _TOP[SUIT[t]]), 1 if SUIT[t] == CIVIL else 0, POSITION[t])


def set_weakness(s: TileSet) -> tuple[Fraction, int, tuple[int, ...]]:
    """Greedy's order of sets for leading, weakest first: the set's strength as a fraction of the
    top of its own ladder (civil singles and pairs k/11; military singles and pairs k/6 with the
    military tile strengths; mixed sets by type k/4; the Supreme, unbeatable when led, 1), then
    more tiles first, then the canonical tile order."""
    if s.kind == SUPREME:
        value = Fraction(1)
    elif s.kind == MIXED:
        value = Fraction(s.strength, len(MIXED_TYPES))
    else:
        value = Fraction(s.strength, _TOP[s.kind])
    return (value, -s.size, tuple(POSITION[t] for t in s.tiles))


def beat_order(s: TileSet) -> tuple[int, tuple[int, ...]]:
    """Greedy's order of beating sets (they share one kind and structure): the lowest strength
    first, then the canonical tile order."""
    return (s.strength, tuple(POSITION[t] for t in s.tiles))


WEAK_TILES: tuple[Tile, ...] = tuple(sorted(ORDER, key=tile_weakness))
LEAD_SETS: tuple[TileSet, ...] = tuple(sorted(SETS, key=set_weakness))


def weakest_tiles(hand: tuple[Tile, ...], n: int) -> tuple[Tile, ...]:
    """The ``n`` weakest tiles of a hand in greedy's tile order."""
    return tuple(sorted(hand, key=tile_weakness)[:n])


class GreedyTienGow:
    """The baseline: beat with the weakest set that beats when it can, otherwise discard the
    weakest tiles face down; lead the weakest legal set."""

    name = "greedy"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if not view.trick.plays:
            return min(legal, key=lambda a: set_weakness(tiles_info(a.tiles)[1]))  # type: ignore[arg-type]
        ups = [a for a in legal if a.face_up]
        if ups:
            return min(ups, key=lambda a: beat_order(tiles_info(a.tiles)[1]))  # type: ignore[arg-type]
        return make_action(weakest_tiles(view.hand, view.trick.plays[0].count), False)


StandardTienGow = GreedyTienGow  # placeholder
