"""The public history: each round (CP-5) as its turns in order."""
from __future__ import annotations

from typing import NamedTuple

from engine.chuo_pai.actions import Action


class Turn(NamedTuple):
    player: int
    action: Action  # a play or PASS


class Round(NamedTuple):
    leader: int
    actions: tuple[Turn, ...]  # the lead first
    winner: int | None  # None while the round is under way
