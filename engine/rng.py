"""Every random choice goes through an explicit generator made here, so a seed means the same
deal on every machine (``random.Random`` with an integer seed is specified to be reproducible)."""
from __future__ import annotations

import random


def make_rng(seed: int) -> random.Random:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an int")
    return random.Random(seed)
