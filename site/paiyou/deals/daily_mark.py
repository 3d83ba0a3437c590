"""A stored deal's daily mark and the secrecy it brings.

A daily deal is a normal stored deal whose ``meta["daily"]`` is ``{"game", "date", "player"}``
(``mark``). Its record holds the day's seed and its shuffle the day's salt, which nothing may show
before ``engine.daily.reveals_at``: ``is_secret`` is the one test the record, the review and the
analysis make, ``withheld`` the one way they hide them, and ``allows_hints`` the one rule for
hints (the seed as ``null``, as a record dealt
by hand has it; the salt left out). Imports only the engine: the deals and the analysis ask it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime

from engine.daily import DAY_PATTERN, is_revealed, reveals_at
from paiyou.jsontypes import JsonObject

META = "daily"


@dataclass(frozen=True, slots=True)
class Mark:
    """The daily a deal is: its ``game``, its ``day`` and the ``player`` (their stable id) whose
    attempt it is."""

    game: str
    day: date
    player: str

    def as_meta(self) -> dict[str, str]:
        return {"game": self.game, "date": self.day.isoformat(), "player": self.player}


def mark(meta: Mapping[str, object]) -> Mark | None:
    """The daily mark of a stored deal's ``meta``, or None for any other deal."""
    found = meta.get(META)
    if not isinstance(found, dict):
        return None
    game, day, player = found.get("game"), found.get("date"), found.get("player")
    if not (isinstance(game, str) and isinstance(day, str) and isinstance(player, str)
            and DAY_PATTERN.fullmatch(day)):
        return None
    return Mark(game, date.fromisoformat(day), player)


def is_secret(meta: Mapping[str, object], now: float | None = None) -> bool:
    """Whether the deal's seed and salt must stay hidden: a daily deal before its day's reveal."""
    found = mark(meta)
    return found is not None and not is_revealed(found.day, now)


def allows_hints(meta: Mapping[str, object], now: float | None = None) -> bool:
    """Whether the strong computer may suggest moves in the deal: never in a daily before its
    reveal, whose player is scored against a field that plays without them (after the reveal it
    is archive play like any deal). The one rule the API, the table page and its form ask."""
    return not is_secret(meta, now)


def review_opens_at(meta: Mapping[str, object], now: float | None = None) -> datetime | None:
    """When a finished daily's review, record and analysis open (its day's reveal), or None when
    they are open (any other deal, a revealed day). The review shows every seat's tiles face up:
    before the reveal its player could read the other hands and play the day again under a second
    identity, or tell others. The one rule the review's pages and the record and analysis APIs ask."""
    found = mark(meta)
    if found is None or is_revealed(found.day, now):
        return None
    return reveals_at(found.day)


def withheld(record: JsonObject, meta: Mapping[str, object], now: float | None = None) -> JsonObject:
    """``record`` as it may leave the server: for a daily deal before its reveal, without its seed
    (``null``) and salt; any other record as it is."""
    if not is_secret(meta, now):
        return record
    hidden = {name: value for name, value in record.items() if name != "salt"}
    if "seed" in hidden:
        hidden["seed"] = None
    return hidden


__all__ = ["META", "Mark", "mark", "is_secret", "allows_hints", "review_opens_at", "withheld"]
