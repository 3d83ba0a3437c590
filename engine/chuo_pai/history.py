"""The public history: each round (CP-5) as its turns in order."""
from __future__ import annotations

from typing import NamedTuple

from engine.chuo_pai.actions import PASS, Action
from engine.chuo_pai.plays import ALL_PLAYS
from engine.chuo_pai.table import SEATS


class Turn(NamedTuple):
    player: int
    action: Action  # a play or PASS


# Every possible turn, made once: TURNS[seat][action.id] (a deal's hot path allocates none).
_ACTIONS: tuple[Action, ...] = (*ALL_PLAYS, PASS)  # in id order
TURNS: tuple[tuple[Turn, ...], ...] = tuple(
    tuple(Turn(seat, action) for action in _ACTIONS) for seat in range(SEATS))


class Round(NamedTuple):
    leader: int
    actions: tuple[Turn, ...]  # the lead first
    winner: int | None  # None while the round is under way
