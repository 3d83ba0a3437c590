"""AI players. An agent chooses an action from a seat's view only, with a seeded generator:
``agent.choose(view, rng) -> action``; it never sees the full state. Each game's levels are its
``GameSpec.levels``, declared by the game (``engine/games/<game>.py``) from its agents here;
``engine.games.make_agent(name, game)`` makes one. This package imports no registry of games."""
from __future__ import annotations

from engine.ai.agents import AGENT_NAMES

__all__ = ["AGENT_NAMES"]
