"""The agent registry: a name and a game give an agent."""
from __future__ import annotations

import random
from typing import Any, Protocol


class Agent(Protocol):
    name: str

    def choose(self, view: Any, rng: random.Random) -> Any: ...


class RandomAgent:
    """A uniformly random legal action (the ``random`` level, both games)."""

    name = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal_actions())


_FACTORIES: dict[str, dict[str, type]] = {
    "chuo-pai": {"random": RandomAgent},
    "tien-gow": {"random": RandomAgent},
}
AGENT_NAMES: tuple[str, ...] = ("random",)


def make_agent(name: str, game: str) -> Agent:
    """An agent by level name for a game; KeyError when there is no such agent."""
    return _FACTORIES[game][name]()
