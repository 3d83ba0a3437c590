"""The opponent pool: hand-written players of both games that ``strong`` never meets in its own
play-outs, for measuring it honestly (bench/arena.py --pool).

Each member has a ``name`` and ``choose(view, rng)``; a member with ``sees_all = True`` cheats:
the arena calls ``choose_seeing(deal, seat, rng)`` with the whole deal instead (an upper bound
on what reading every hand is worth, not a fair player).
"""
from __future__ import annotations

from typing import Any

from bench.pool import chuo_pai, tien_gow

POOLS: dict[str, dict[str, Any]] = {"chuo-pai": chuo_pai.POOL, "tien-gow": tien_gow.POOL}


def pool_names(game_key: str) -> tuple[str, ...]:
    return tuple(POOLS[game_key])


def make_player(name: str, game_key: str) -> Any:
    """A pool member by name, or else a level of engine.ai.make_agent."""
    if name in POOLS[game_key]:
        return POOLS[game_key][name]()
    from engine.games import make_agent

    return make_agent(name, game_key)
