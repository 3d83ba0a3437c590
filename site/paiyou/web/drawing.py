"""Geometry of the drawn tiles: pip positions on narrow cards and on dominoes.

Everything is computed from the pip data in ``engine.tiles``; the templates in
``templates/_macros/tiles.html`` turn a ``Drawing`` into inline SVG (each game's tile outline is
its partial ``templates/games/<game>/tile_face.html``). Units are SVG user units. Each game's
vocabulary names its style (``Vocabulary.tile_style``):

- ``card`` (Chuo Pai): a Sichuan narrow card — tall, narrow, two pip groups stacked with the blue
  fleuron between them (the fleurons never affect play, CP-1).
- ``domino`` (Tien Gow): a Chinese domino — two square halves separated by a line.

Faces are laid out like dice faces; pips of the 1 and 4 faces are red (``RED_FACES``, tiles.md E1).
The lower number is drawn on top, so the picture reads like the notation ``a-b``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.games import GAME_KEYS
from engine.tiles import RED_FACES, Tile, tile
from paiyou.i18n.names import vocabulary

GAMES = GAME_KEYS

# Dice layouts on a unit square: (x, y) in [0, 1], (0, 0) is the top left corner.
_L, _M, _H = 0.0, 0.5, 1.0
DICE: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_M, _M),),
    2: ((_H, _L), (_L, _H)),
    3: ((_H, _L), (_M, _M), (_L, _H)),
    4: ((_L, _L), (_H, _L), (_L, _H), (_H, _H)),
    5: ((_L, _L), (_H, _L), (_M, _M), (_L, _H), (_H, _H)),
    6: ((_L, _L), (_H, _L), (_L, _M), (_H, _M), (_L, _H), (_H, _H)),
}


@dataclass(frozen=True, slots=True)
class Pip:
    x: float
    y: float
    r: float
    red: bool


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class Drawing:
    key: str
    game: str
    width: int
    height: int
    pips: tuple[Pip, ...]
    faces: tuple[Box, Box]


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where each face's pips go: the pip area of the top and bottom faces and the pip radii."""

    width: int
    height: int
    top: Box
    bottom: Box
    radius: float
    radius_one: float
    faces: tuple[Box, Box]


# Narrow card, 32 x 112: narrow pip areas (two columns), fleuron band in the middle.
_CARD = _Frame(
    width=32, height=112,
    top=Box(9.5, 12, 13, 30), bottom=Box(9.5, 70, 13, 30),
    radius=3.9, radius_one=5.6,
    faces=(Box(3, 3, 26, 48), Box(3, 61, 26, 48)),
)
# Domino, 56 x 112: two square halves.
_DOMINO = _Frame(
    width=56, height=112,
    top=Box(14, 14, 28, 28), bottom=Box(14, 70, 28, 28),
    radius=5.0, radius_one=7.4,
    faces=(Box(4, 4, 48, 50), Box(4, 58, 48, 50)),
)
FRAMES: dict[str, _Frame] = {"card": _CARD, "domino": _DOMINO}  # by tile style


def _face_pips(value: int, area: Box, frame: _Frame) -> list[Pip]:
    red = value in RED_FACES
    radius = frame.radius_one if value == 1 else frame.radius
    return [
        Pip(round(area.x + fx * area.width, 2), round(area.y + fy * area.height, 2), radius, red)
        for fx, fy in DICE[value]
    ]


def drawing(key: str | Tile, game: str) -> Drawing:
    """The drawing of one tile in one game's style (``key`` may be ``"2-1"``, ``"1-2"`` or a Tile)."""
    t = key if isinstance(key, Tile) else tile(str(key))
    if game not in GAME_KEYS:
        raise ValueError(f"unknown game {game!r}")
    return _drawing(t, game)


@cache
def _drawing(t: Tile, game: str) -> Drawing:
    frame = FRAMES[vocabulary(game).tile_style]
    pips = _face_pips(t.low, frame.top, frame) + _face_pips(t.high, frame.bottom, frame)
    return Drawing(t.key, game, frame.width, frame.height, tuple(pips), frame.faces)
