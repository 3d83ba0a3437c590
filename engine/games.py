"""The registry of games: one ``GameSpec`` per key (as in URLs and records).

A new game is an engine package plus one entry in ``GAMES`` (and its agents in ``engine.ai``), or,
for a game kept in another package, one call of ``register(spec)`` before anything reads the list.
"""
from __future__ import annotations

from functools import partial

from engine import chuo_pai, tien_gow
from engine.ai.agents import agent_levels, make_agent
from engine.chuo_pai import selfplay as chuo_pai_selfplay
from engine.spec import GameSpec
from engine.tien_gow import selfplay as tien_gow_selfplay

GAMES: dict[str, GameSpec] = {
    spec.key: spec for spec in (
        GameSpec(
            key=chuo_pai.KEY, seats=chuo_pai.SEATS, seat_order=chuo_pai.SEAT_ORDER, has_face_down=False,
            new_deal=chuo_pai.new_deal, next_deal=chuo_pai.next_deal, position=chuo_pai.position,
            action=chuo_pai.action_from_tiles,
            parse_action=chuo_pai.parse_action, to_record=chuo_pai.to_record, replay=chuo_pai.replay,
            replay_steps=chuo_pai.replay_steps,
            judge=chuo_pai.judge, agent_levels=agent_levels(chuo_pai.KEY),
            make_agent=partial(make_agent, game=chuo_pai.KEY),
            random_record_line=chuo_pai_selfplay.random_record_line, estimating_levels=("strong",),
        ),
        GameSpec(
            key=tien_gow.KEY, seats=tien_gow.SEATS, seat_order=tien_gow.SEAT_ORDER, has_face_down=True,
            new_deal=tien_gow.new_deal, next_deal=tien_gow.next_deal, position=tien_gow.position,
            action=tien_gow.action_from_tiles,
            parse_action=tien_gow.parse_action, to_record=tien_gow.to_record, replay=tien_gow.replay,
            replay_steps=tien_gow.replay_steps,
            judge=tien_gow.judge, agent_levels=agent_levels(tien_gow.KEY),
            make_agent=partial(make_agent, game=tien_gow.KEY),
            random_record_line=tien_gow_selfplay.random_record_line, estimating_levels=("strong",),
        ),
    )
}
GAME_KEYS: tuple[str, ...] = tuple(GAMES)


def register(spec: GameSpec) -> GameSpec:
    """Add a game kept outside this package (before any module reads ``GAME_KEYS``: register, then
    import the site). ValueError for a key already taken."""
    global GAME_KEYS
    if spec.key in GAMES:
        raise ValueError(f"{spec.key}: a game with this key is registered")
    GAMES[spec.key] = spec
    GAME_KEYS = tuple(GAMES)
    return spec


def game(key: str) -> GameSpec:
    """The spec of a game by its key; KeyError for an unknown key."""
    return GAMES[key]
