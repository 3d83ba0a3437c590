"""The agent registry: a name and a game give an agent.

An agent has a ``name`` and ``choose(view, rng) -> action``. It reads only the seat's view (never
the deal) and draws any randomness from ``rng``, so the same view and the same generator state
always give the same action. Levels, weakest first: ``random``, ``greedy``, ``standard``,
``strong`` (definitions in docs/ai.md).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.ai.chuo_pai import GreedyChuoPai, StandardChuoPai
from engine.ai.strong_chuo_pai import StrongChuoPai
from engine.ai.strong_tien_gow import StrongTienGow
from engine.ai.tien_gow import GreedyTienGow, StandardTienGow
from engine.spec import Agent


class RandomAgent:
    """A uniformly random legal action (the ``random`` level, both games)."""

    name = "random"

    def choose(self, view: Any, rng: random.Random) -> Any:
        return rng.choice(view.legal_actions())


AGENT_NAMES: tuple[str, ...] = ("random", "greedy", "standard", "strong")
_FACTORIES: dict[str, dict[str, Callable[[], Agent]]] = {
    "chuo-pai": {"random": RandomAgent, "greedy": GreedyChuoPai, "standard": StandardChuoPai,
                 "strong": StrongChuoPai},
    "tien-gow": {"random": RandomAgent, "greedy": GreedyTienGow, "standard": StandardTienGow,
                 "strong": StrongTienGow},
}


def register_agents(game: str, factories: dict[str, Callable[[], Agent]]) -> None:
    """The levels of a game kept outside ``engine`` (a level name may be new: it then ranks after
    the known ones)."""
    _FACTORIES[game] = dict(factories)


def make_agent(name: str, game: str) -> Agent:
    """An agent by level name for a game; KeyError when there is no such agent."""
    return _FACTORIES[game][name]()


def agent_levels(game: str) -> tuple[str, ...]:
    """The levels a game has, weakest first."""
    found = _FACTORIES[game]
    return (*(name for name in AGENT_NAMES if name in found), *(name for name in found if name not in AGENT_NAMES))
