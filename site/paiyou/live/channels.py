"""The names and messages Paiyou uses in Redis for live updates, shared by the site's
``RedisBroker`` and the events process's hub (``paiyou.events.hub``).

- ``paiyou:game:<id>``: a pub/sub channel; each stored move publishes ``{"v": N}``;
- ``paiyou:seats:<id>``: a pub/sub channel; a stream that joins or leaves publishes ``{}`` (the
  seats present must be read again);
- ``paiyou:presence:<id>``: a sorted set of the open streams, member ``<seat>:<token>`` for a
  stream presenting a seat key and ``w:<token>`` for a watcher's, score its expiry (Unix
  seconds); the key itself expires too.
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


WATCHER = "w"  # the member prefix of a stream that presents no seat key


def member(seat: int | None, token: str) -> str:
    """A stream's member: its seat (None: a watcher) and its own token."""
    return f"{WATCHER if seat is None else seat}:{token}"


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


def watchers_of(members: Iterable[str | bytes]) -> int:
    """How many of ``members`` are watchers' streams."""
    prefix = WATCHER + ":"
    return sum(1 for name in members if (name.decode() if isinstance(name, bytes) else name).startswith(prefix))


def game_of(channel: str | bytes, prefix: str) -> str | None:
    """The game id of a channel named ``<prefix><id>``, or None."""
    text = channel.decode() if isinstance(channel, bytes) else channel
    return text[len(prefix):] if text.startswith(prefix) else None
