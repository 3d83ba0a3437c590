"""AI players. An agent chooses an action from a seat's view only, with a seeded generator:
``agent.choose(view, rng) -> action``; it never sees the full state. Each game's levels are its
``GameSpec.levels`` (declared in ``engine.ai.agents``); ``make_agent(name, game)`` is a short way
to ``engine.games.game(game).make_agent(name)``."""
from __future__ import annotations

from engine.ai.agents import AGENT_NAMES
from engine.spec import AnyAgent


def make_agent(name: str, game: str) -> AnyAgent:
    """The agent of level ``name`` for ``game`` (its spec's); KeyError when there is no such agent."""
    # Imported here: engine.games builds its specs from engine.ai.agents, which starts this package.
    from engine.games import game as spec

    return spec(game).make_agent(name)


__all__ = ["AGENT_NAMES", "make_agent"]
