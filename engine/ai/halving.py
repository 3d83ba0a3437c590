"""Successive halving's two choices, shared by both games' search agents (docs/ai.md).

Candidates are indices into ``totals``; ties always go to the earlier candidate (legal order),
so the agents stay deterministic.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

C = TypeVar("C")


def best_first(totals: Sequence[float]) -> list[int]:
    """Every candidate by total, highest first; equals in their original order."""
    return sorted(range(len(totals)), key=lambda c: -totals[c])


def halve(totals: Sequence[float]) -> tuple[list[int], list[int]]:
    """A stage's cut: (the better half of the candidates, rounded up, in their original order;
    the others, best first)."""
    order = best_first(totals)
    half = (len(totals) + 1) // 2
    return sorted(order[:half]), order[half:]


def drop_worse_half(alive: list[C], totals: list[float], firsts: list[float], evaluated: int,
                    dropped: list[tuple[C, float]]) -> list[int]:
    """The end of a stage of ``standard``'s search: the worse half of ``alive`` goes before
    ``dropped`` (best first), each with its first-place share so far (``firsts / evaluated``), and
    ``alive``, ``totals`` and ``firsts`` keep the better half, in place. Returns the indices kept
    (``halve``), for the caller's own columns."""
    keep, gone = halve(totals)
    dropped[:0] = [(alive[c], firsts[c] / evaluated) for c in gone]
    alive[:] = [alive[c] for c in keep]
    totals[:] = [totals[c] for c in keep]
    firsts[:] = [firsts[c] for c in keep]
    return keep


def ranked(alive: Sequence[C], totals: Sequence[float], firsts: Sequence[float], evaluated: int,
           dropped: list[tuple[C, float]]) -> list[tuple[C, float]]:
    """The search's answer: the candidates still alive by total, best first, then the dropped
    ones; each with its first-place share (``firsts / evaluated``)."""
    return [(alive[c], firsts[c] / evaluated) for c in best_first(totals)] + dropped
