"""CP-2: three players, seats 0-2. The next player is the next seat number; the table drawing
places the seats so that this order runs clockwise."""
from __future__ import annotations

from typing import Final, Literal

KEY: Final = "chuo-pai"  # in URLs and records
SEATS: Final = 3
SEAT_ORDER: Final[Literal["clockwise"]] = "clockwise"
HAS_FACE_DOWN: Final = False  # every Chuo Pai play lies face up
HAND_SIZE: Final = 28  # CP-3: 84 cards, 28 each
COPIES: Final = 4  # CP-1: four copies of each of the 21 identities


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS
