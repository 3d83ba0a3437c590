"""The registry of games: key (as in URLs and records) -> the game's package."""
from __future__ import annotations

import importlib
from types import ModuleType

GAME_KEYS: tuple[str, ...] = ("chuo-pai", "tien-gow")


def game(key: str) -> ModuleType:
    """The package of a game by its key; KeyError for an unknown key."""
    if key not in GAME_KEYS:
        raise KeyError(key)
    return importlib.import_module("engine." + key.replace("-", "_"))
