"""The registry of games: one ``GameSpec`` per key (as in URLs and records).

Each game of this package declares itself in a module of its own here, ``engine/games/<game>.py``:
its ``SPEC`` (its rules package, ``engine.spec.GameRules``, with its computer players by level) and
its ``ORDER`` (its place in ``GAME_KEYS``; games of one place go by key). The registry finds those
modules by listing this package, so no file names a game. A game kept in another package brings its
whole spec, agents included, with one call of ``register(spec)`` before anything reads the list.
"""
from __future__ import annotations

import importlib
import pkgutil

from engine.spec import A, AnyAgent, AnyGameSpec, D, GameSpec, V, erased

__all__ = ["GAMES", "GAME_KEYS", "game", "make_agent", "register"]


def _declared() -> dict[str, AnyGameSpec]:
    """Every ``engine/games/<game>.py``'s ``SPEC``, in their declared ``ORDER`` (then by key)."""
    found: list[tuple[int, str, AnyGameSpec]] = []
    for module in pkgutil.iter_modules(__path__):
        declared = importlib.import_module(f"{__name__}.{module.name}")
        spec = erased(declared.SPEC)
        found.append((int(declared.ORDER), spec.key, spec))
    return {key: spec for _, key, spec in sorted(found, key=lambda entry: entry[:2])}


GAMES: dict[str, AnyGameSpec] = _declared()
GAME_KEYS: tuple[str, ...] = tuple(GAMES)


def register(spec: GameSpec[A, V, D]) -> GameSpec[A, V, D]:
    """Add a game kept outside this package, its computer players with it (``spec.levels``), before
    any module reads ``GAME_KEYS``: register, then import the site. ValueError for a key already
    taken."""
    global GAME_KEYS
    if spec.key in GAMES:
        raise ValueError(f"{spec.key}: a game with this key is registered")
    GAMES[spec.key] = erased(spec)
    GAME_KEYS = tuple(GAMES)
    return spec


def game(key: str) -> AnyGameSpec:
    """The spec of a game by its key (game-blind: ``engine.spec.AnyGameSpec``); KeyError for an
    unknown key."""
    return GAMES[key]


def make_agent(name: str, key: str) -> AnyAgent:
    """The agent of level ``name`` for game ``key`` (its spec's); KeyError when there is no such
    agent."""
    return game(key).make_agent(name)
