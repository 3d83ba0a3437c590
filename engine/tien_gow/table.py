"""TG-2: four players, each for themselves, seats 0-3 in play order. The next player is the next
seat number; the table drawing places the seats so that this order runs counter-clockwise."""
from __future__ import annotations

from typing import Final, Literal

KEY: Final = "tien-gow"  # in URLs and records
SEATS: Final = 4
SEAT_ORDER: Final[Literal["counter-clockwise"]] = "counter-clockwise"
HAS_FACE_DOWN: Final = True  # TG-6: a follower may discard face down
HAND_SIZE = 8  # TG-3: 8 tiles each, all 32 dealt


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


def others(seat: int) -> tuple[int, ...]:
    """The other three seats in play order after ``seat``."""
    return tuple((seat + k) % SEATS for k in range(1, SEATS))
