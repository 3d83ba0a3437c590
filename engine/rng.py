"""Every random choice goes through an explicit generator made here, so a seed means the same
deal on every machine (``random.Random`` with an integer seed is specified to be reproducible)."""
from __future__ import annotations

import _random
import random
from collections.abc import Callable


def make_rng(seed: int) -> random.Random:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an int")
    return random.Random(seed)


def make_bits(seed: int) -> Callable[[int], int]:
    """The ``getrandbits`` of ``make_rng(seed)``, made without its Python layer: ``random.Random``
    is this C generator plus methods written in Python, so the stream is the same (the play-out
    kernels draw with it, as ``Random._randbelow`` does)."""
    if type(seed) is not int:  # one check (bools too): self-play makes four or five a deal
        raise TypeError("seed must be an int")
    return _random.Random(seed).getrandbits
