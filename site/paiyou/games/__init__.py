"""Each game's room in the site: ``games/<game>/`` holds everything that differs between games.

One module per area in each game's folder (``table`` for play, ``puzzles``, ``reasons``,
``vocabulary``), each providing an object of the Protocol its area defines. The list of games
comes from the engine (``engine.games``), never from a list of the site's own.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from engine.games import GAME_KEYS, GAMES, game

__all__ = ["GAME_KEYS", "GAMES", "game", "game_module", "python_name", "url_converter"]


def python_name(key: str) -> str:
    """``chuo-pai`` -> ``chuo_pai``: the game's folder under ``paiyou/games/``."""
    return key.replace("-", "_")


def game_module(key: str, part: str) -> ModuleType:
    """The module ``paiyou.games.<game>.<part>`` (KeyError for a key the engine does not list)."""
    if key not in GAMES:
        raise KeyError(key)
    return importlib.import_module(f"{__name__}.{python_name(key)}.{part}")


def url_converter(name: str = "game") -> str:
    """A URL rule part matching exactly the engine's game keys: ``<any('chuo-pai', …):game>``."""
    return "<any(" + ", ".join(f"'{key}'" for key in GAME_KEYS) + f"):{name}>"
