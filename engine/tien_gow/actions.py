"""What a player does on their turn: some tiles, face up or face down (TG-6).

``Action(tiles, face_up)`` is a small frozen value; its tiles are kept in canonical order, so two
actions with the same tiles and the same face are equal whatever order they were written in.
Actions that ``legal_actions()`` returns are interned, and each tile group's packed code and set
are looked up once and remembered (``tiles_info``).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.tien_gow.hands import code_of
from engine.tien_gow.ladders import POSITION, sort_tiles
from engine.tien_gow.sets import SET_BY_TILES, SETS, TileSet
from engine.tiles import Tile, parse_tiles

MAX_SET = 4  # the largest legal set (a quartet), so the most tiles any action can hold


@dataclass(frozen=True, slots=True)
class Action:
    tiles: tuple[Tile, ...]  # canonical order
    face_up: bool

    def __post_init__(self) -> None:
        tiles = tuple(self.tiles)
        if any(t not in POSITION for t in tiles):
            raise TypeError("not-a-tile")
        object.__setattr__(self, "tiles", sort_tiles(tiles))
        if not isinstance(self.face_up, bool):
            raise TypeError("face-up-not-a-bool")

    @property
    def notation(self) -> str:
        return " ".join(t.key for t in self.tiles)

    def as_dict(self) -> dict[str, object]:
        return {"tiles": self.notation, "face_up": self.face_up}

    def __repr__(self) -> str:
        return f"Action({self.notation!r}, {'up' if self.face_up else 'down'})"


INFO_CACHE: dict[tuple[Tile, ...], tuple[int, TileSet | None]] = {}
_INTERNED: dict[tuple[tuple[Tile, ...], bool], Action] = {}


def tiles_info(tiles: tuple[Tile, ...]) -> tuple[int, TileSet | None]:
    """(packed code, the set the tiles form or None) for canonically ordered tiles."""
    found = INFO_CACHE.get(tiles)
    if found is None:
        found = (code_of(tiles), SET_BY_TILES.get(tiles))
        if len(tiles) <= MAX_SET:  # only what can be legal is remembered: the table stays small
            INFO_CACHE[tiles] = found
    return found


def intern(tiles: tuple[Tile, ...], face_up: bool) -> Action:
    """The shared Action for canonically ordered tiles."""
    found = _INTERNED.get((tiles, face_up))
    if found is None:
        found = Action(tiles, face_up)
        if len(tiles) <= MAX_SET:
            _INTERNED[(tiles, face_up)] = found
    return found


# Precomputed: every set face up, every single tile face down.
SET_ACTIONS: tuple[Action, ...] = tuple(intern(s.tiles, True) for s in SETS)
for _s in SETS:
    tiles_info(_s.tiles)


def make_action(tiles: Iterable[Tile], face_up: bool) -> Action:
    """An interned action from tiles in any order."""
    return intern(sort_tiles(tiles), face_up)


def parse_action(text: str, face_up: bool = True) -> Action:
    """An action from notation (``"6-6 3-6"``). Raises NotationError for bad or empty notation;
    whether the action is legal is for ``Deal.apply`` to say."""
    return make_action(parse_tiles(text), face_up)


def action_from_tiles(tiles: Iterable[Tile], face_up: bool = True) -> Action:
    """The action of these tiles; whether it is legal is for ``Deal.apply`` to say."""
    return make_action(tiles, face_up)


def format_action(action: Action) -> str:
    return action.notation
