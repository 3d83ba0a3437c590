"""High Card's table (HC-1): two seats (``SEATS``, the one place that says so), six tiles, three each."""
from __future__ import annotations

from typing import Final

from engine.spec import SeatOrder
from engine.tiles import Tile, tile

KEY: Final = "high-card"
SEATS: Final = 2
SEAT_ORDER: Final[SeatOrder] = "clockwise"
HAS_FACE_DOWN: Final = False
DECK: tuple[Tile, ...] = tuple(tile(k) for k in ("6-6", "5-5", "4-4", "3-3", "2-2", "1-1"))
HAND: Final = 3
