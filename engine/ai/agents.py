"""What the computer players of every game share: the ``random`` level (``RandomAgent``) and the
names of the engine's usual levels (``AGENT_NAMES``). Each game declares its own levels with its
``GameSpec`` (``engine/games/<game>.py``), from its agents in this package.

An agent has a ``name`` and ``choose(view, rng) -> action`` (``engine.spec.Agent``). It reads only
the seat's view (never the deal) and draws any randomness from ``rng``, so the same view and the
same generator state always give the same action. Levels, weakest first: ``random``, ``greedy``,
``standard``, ``strong`` (definitions in docs/ai.md); ``standard`` and ``strong`` also weigh their
candidates (``engine.spec.Estimator``: the analysis and the hints).
"""
from __future__ import annotations

import random

from engine.spec import A, SeatView


class RandomAgent:
    """A uniformly random legal action (the ``random`` level, every game)."""

    name = "random"

    def choose(self, view: SeatView[A], rng: random.Random) -> A:
        return rng.choice(view.legal_actions())


AGENT_NAMES: tuple[str, ...] = ("random", "greedy", "standard", "strong")
