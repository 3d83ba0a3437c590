"""TEMPORARY (replaced by the live branch at merge)."""
from __future__ import annotations


def announce(game_id: str, version: int) -> None:
    return None


def present_seats(game_id: str) -> frozenset[int]:
    return frozenset()
