"""The names and messages Paiyou uses in Redis for live updates, shared by the site's
``RedisBroker`` and the events process's hub (``paiyou.events.hub``).

- ``paiyou:game:<id>``: a pub/sub channel; each stored move publishes ``{"v": N}``;
- ``paiyou:seats:<id>``: a pub/sub channel; a stream that joins or leaves publishes ``{}`` (the
  seats present must be read again);
- ``paiyou:presence:<id>``: a sorted set of the open streams presenting a seat key, member
  ``<seat>:<token>``, score its expiry (Unix seconds); the key itself expires too.
"""
from __future__ import annotations

import json
from collections.abc import Iterable

VERSIONS = "paiyou:game:"
SEATS = "paiyou:seats:"
PRESENCE = "paiyou:presence:"
VERSIONS_PATTERN = VERSIONS + "*"
SEATS_PATTERN = SEATS + "*"
PRESENCE_CHANGED = "{}"


def version_channel(game_id: str) -> str:
    return VERSIONS + game_id


def seats_channel(game_id: str) -> str:
    return SEATS + game_id


def presence_key(game_id: str) -> str:
    return PRESENCE + game_id


def version_message(version: int) -> str:
    return json.dumps({"v": version})


def member(seat: int, token: str) -> str:
    return f"{seat}:{token}"


def parse_version(data: str | bytes) -> int | None:
    """The version of a ``{"v": N}`` message, or None for anything else."""
    try:
        value = json.loads(data)
    except ValueError:
        return None
    found = value.get("v") if isinstance(value, dict) else None
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def seats_of(members: Iterable[str | bytes]) -> frozenset[int]:
    found = set()
    for name in members:
        text = name.decode() if isinstance(name, bytes) else name
        seat = text.partition(":")[0]
        if seat.isascii() and seat.isdigit():
            found.add(int(seat))
    return frozenset(found)


def game_of(channel: str | bytes, prefix: str) -> str | None:
    """The game id of a channel named ``<prefix><id>``, or None."""
    text = channel.decode() if isinstance(channel, bytes) else channel
    return text[len(prefix):] if text.startswith(prefix) else None
