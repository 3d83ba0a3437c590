"""Each game's room in the site: ``paiyou.games.<python_name>`` holds what differs between games.

(Placeholder until the lead's version lands on main; same names and signatures.)
"""
from __future__ import annotations

import importlib
from types import ModuleType

from engine.games import GAME_KEYS

__all__ = ["GAME_KEYS", "game_module"]


def game_module(key: str, part: str) -> ModuleType:
    """``paiyou.games.<python_name>.<part>`` of the game ``key``; KeyError for an unknown key."""
    if key not in GAME_KEYS:
        raise KeyError(key)
    return importlib.import_module(f"paiyou.games.{key.replace('-', '_')}.{part}")
