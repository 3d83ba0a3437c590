"""Successive halving's two choices, shared by both games' search agents (docs/ai.md).

Candidates are indices into ``totals``; ties always go to the earlier candidate (legal order),
so the agents stay deterministic.
"""
from __future__ import annotations

from collections.abc import Sequence


def best_first(totals: Sequence[float]) -> list[int]:
    """Every candidate by total, highest first; equals in their original order."""
    return sorted(range(len(totals)), key=lambda c: -totals[c])


def halve(totals: Sequence[float]) -> tuple[list[int], list[int]]:
    """A stage's cut: (the better half of the candidates, rounded up, in their original order;
    the others, best first)."""
    order = best_first(totals)
    half = (len(totals) + 1) // 2
    return sorted(order[:half]), order[half:]
