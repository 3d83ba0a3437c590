"""AI players. An agent chooses an action from a seat's view only, with a seeded generator:
``agent.choose(view, rng) -> action``; it never sees the full state."""
from __future__ import annotations

from engine.ai.agents import AGENT_NAMES, make_agent

__all__ = ["AGENT_NAMES", "make_agent"]
