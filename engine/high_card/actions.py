"""A move of High Card: one tile, face up (HC-2)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.tiles import Tile, parse_tiles


@dataclass(frozen=True, slots=True)
class Action:
    tile: Tile

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return (self.tile,)

    @property
    def face_up(self) -> bool:
        return True

    @property
    def notation(self) -> str:
        return self.tile.key

    def as_dict(self) -> dict[str, object]:
        return {"tiles": self.notation}


def rank(t: Tile) -> int:
    """A tile's strength: its total of pips (HC-2)."""
    return t.total


def by_rank(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """Tiles highest first."""
    return tuple(sorted(tiles, key=rank, reverse=True))


def action_from_tiles(tiles: Sequence[Tile], face_up: bool = True) -> Action:
    if len(tiles) != 1 or not face_up:
        raise IllegalAction("not-a-play")
    return Action(tiles[0])


def parse_action(text: str) -> Action:
    return action_from_tiles(parse_tiles(text), True)
