"""The history of a deal: each trick (TG-4 … TG-10) as its turns in play order."""
from __future__ import annotations

from typing import NamedTuple

from engine.tien_gow.actions import Action


class Turn(NamedTuple):
    player: int
    action: Action


class Trick(NamedTuple):
    leader: int
    plays: tuple[Turn, ...]  # in play order, the lead first
    winner: int | None  # None while the trick is under way
