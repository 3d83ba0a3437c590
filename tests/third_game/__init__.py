"""High Card, a third game written only for the tests: it shows that a game joins through the
registries alone (``engine.games.register``, its agents in its spec, and
``paiyou.registry.register_room``), without a change to a shared file.

``register()`` must run before the site is imported (the site reads the list of games once).
"""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent


def register() -> None:
    from engine.ai.agents import RandomAgent
    from engine.games import register as register_game
    from engine.spec import GameSpec, Level
    from tests.third_game import game as hc

    register_game(GameSpec(
        key=hc.KEY, seats=hc.SEATS, seat_order="clockwise", has_face_down=False,
        new_deal=hc.new_deal, next_deal=hc.next_deal, position=hc.position,
        action=hc.action_from_tiles, parse_action=hc.parse_action, to_record=hc.to_record,
        replay=hc.replay, replay_steps=hc.replay_steps, judge=hc.judge,
        levels=(Level("random", RandomAgent), Level("highest", hc.HighestAgent))))

    from paiyou.registry import register_room
    register_room(hc.KEY, "tests.third_game.room", templates=HERE / "templates",
                  content=HERE / "content")
