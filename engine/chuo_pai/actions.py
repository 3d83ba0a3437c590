"""What a player does on their turn: a play (CP-6) or, as a follower, a pass (CP-14).

Every Chuo Pai play is face up; a pass plays no cards.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.chuo_pai.plays import ALL_PLAYS, Play, classify
from engine.errors import IllegalAction
from engine.tiles import Tile, parse_tiles


class Pass:
    """The follower's pass (CP-14): plays no cards."""

    __slots__ = ()
    tiles: ClassVar[tuple[Tile, ...]] = ()
    notation: ClassVar[str] = ""
    size: ClassVar[int] = 0
    face_up: ClassVar[bool] = True
    id: ClassVar[int] = len(ALL_PLAYS)  # numbered after every play, for look-up tables

    def as_dict(self) -> dict[str, object]:
        return {"tiles": ""}

    def __repr__(self) -> str:
        return "PASS"

    def __reduce__(self) -> str:
        # Pickled as the module's one instance, so ``action is PASS`` survives a copy.
        return "PASS"


PASS = Pass()
Action = Play | Pass


def action_from_tiles(tiles: Sequence[Tile], face_up: bool = True) -> Action:
    """The action these cards make: no cards is a pass, otherwise they must form a legal play.
    Raises IllegalAction ``not-a-play``, or ``face-up-only`` for a face-down move."""
    if not face_up:
        raise IllegalAction("face-up-only")
    if not tiles:
        return PASS
    play = classify(tiles)
    if play is None:
        raise IllegalAction("not-a-play", " ".join(t.key for t in tiles))
    return play


def as_action(action: Action | str | Sequence[Tile]) -> Action:
    if isinstance(action, (Play, Pass)):
        return action
    tiles = parse_tiles(action, allow_empty=True) if isinstance(action, str) else tuple(action)
    return action_from_tiles(tiles)


def parse_action(text: str) -> Action:
    """An action from notation: ``""`` is a pass; otherwise the tiles must form a legal play."""
    return as_action(text)
