"""Every random choice goes through an explicit generator made here, so a seed means the same
deal on every machine (``random.Random`` with an integer seed is specified to be reproducible)."""
from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence
from functools import cache


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


class BitSources:
    """``make_bits`` for seed after seed, on generators made once: reseeding one with an int gives
    the stream a new one would, without a new 2.5 kB state each time (self-play needs four or
    five generators a deal; seeding, not making, is most of their cost)."""

    def __init__(self, count: int) -> None:
        self._generators = [_random.Random() for _ in range(count)]
        self._bits = [generator.getrandbits for generator in self._generators]
        self.streams: tuple[Callable[[int], int], ...] = tuple(self._bits)  # what reseed returns

    def reseed(self, seeds: Sequence[int]) -> list[Callable[[int], int]]:
        """The ``make_bits`` of each seed, in order (one per generator): valid until the next call."""
        for generator, seed in zip(self._generators, seeds, strict=True):
            if type(seed) is not int:
                raise TypeError("seed must be an int")
            generator.seed(seed)
        return self._bits


def randbelow(draw: Callable[[int], int], n: int) -> int:
    """``Random.randrange(n)`` made with ``draw`` (a ``getrandbits``): CPython's ``_randbelow``
    takes ``getrandbits(n.bit_length())`` until the draw is below ``n``."""
    k = n.bit_length()
    r = draw(k)
    while r >= n:
        r = draw(k)
    return r


@cache
def _swaps(size: int, settled: int = 1) -> tuple[tuple[int, int, int], ...]:
    """``Random.shuffle``'s steps for ``size`` items that settle positions ``settled`` and up:
    (position, choices, bits per draw)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, settled - 1, -1))


def shuffle(items: list[int], draw: Callable[[int], int], settled: int = 1) -> None:
    """``Random.shuffle(items)`` in place, made with ``draw``: the same draws in the same order,
    so the same order of items (each position from the last swaps with one drawn up to it).

    With ``settled`` above 1, only the steps down to that position: ``items[settled:]`` end as
    ``Random.shuffle`` leaves them and ``items[:settled]`` hold the other items in some order (the
    steps left out only reorder those). For a caller that needs no order there, such as a hand
    sorted afterwards: it then makes the left-out steps' draws with ``skip_shuffle`` if anything
    draws from ``draw`` afterwards, or not at all."""
    for i, n, k in _swaps(len(items), settled):
        j = draw(k)
        while j >= n:
            j = draw(k)
        items[i], items[j] = items[j], items[i]


def skip_shuffle(size: int, draw: Callable[[int], int]) -> None:
    """The draws of ``Random.shuffle`` on ``size`` items, without the items: what ``shuffle`` left
    out with ``settled=size`` (its steps for positions ``size - 1`` down to 1)."""
    for _, n, k in _swaps(size):
        while draw(k) >= n:
            pass
