"""Successive halving's two choices, shared by both games' ``standard`` agents (docs/ai.md).

Candidates are indices into ``totals``; ties always go to the earlier candidate (legal order),
so the agents stay deterministic.
"""
from __future__ import annotations

from collections.abc import Sequence


def better_half(totals: Sequence[float]) -> list[int]:
    """The better half of the candidates (rounded up) by total, in their original order."""
    keep = sorted(range(len(totals)), key=lambda c: -totals[c])[:(len(totals) + 1) // 2]
    keep.sort()
    return keep


def first_best(totals: Sequence[float]) -> int:
    """The candidate with the highest total; the first of equals."""
    return max(range(len(totals)), key=lambda c: totals[c])


def best_first(totals: Sequence[float]) -> list[int]:
    """Every candidate by total, highest first; equals in their original order (so the first is
    ``first_best``)."""
    return sorted(range(len(totals)), key=lambda c: -totals[c])
