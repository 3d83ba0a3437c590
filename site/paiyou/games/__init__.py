"""Each game's room in the site: ``paiyou.games.<python_name>``, one module per area."""
from __future__ import annotations

import importlib
from types import ModuleType

from engine.games import GAME_KEYS

__all__ = ["GAME_KEYS", "game_module"]


def game_module(key: str, part: str) -> ModuleType:
    """The module ``paiyou.games.<python_name>.<part>`` of the game ``key`` (KeyError if unknown)."""
    if key not in GAME_KEYS:
        raise KeyError(key)
    return importlib.import_module(f"paiyou.games.{key.replace('-', '_')}.{part}")
