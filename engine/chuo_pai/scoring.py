"""CP-19: the biggest pile wins; equal biggest piles are joint winners. CP-3 draws every deal's
first leader, so no seat is named for the next deal."""
from __future__ import annotations

from engine.outcome import Outcome


def winners(piles: tuple[int, ...]) -> tuple[int, ...]:
    top = max(piles)
    return tuple(s for s, pile in enumerate(piles) if pile == top)


def outcome(piles: tuple[int, ...]) -> Outcome:
    """The result of a finished deal: first places and the piles as scores."""
    return Outcome(first=winners(piles), scores=piles)
