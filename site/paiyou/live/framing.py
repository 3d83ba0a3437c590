"""The bytes of the events stream (docs/api.md, "Events"), written once for both of its servers
(the Flask route and the events process), so the two send exactly the same stream.

Server-sent events: a block of ``field: value`` lines ended by an empty line. Every ``data`` is
JSON with Python's default separators (``{"v": 3}``, ``{"seats": [0, 2], "watchers": 1}``).
"""
from __future__ import annotations

import json

from paiyou.web.private import NO_STORE

RETRY_MS = 2000  # how long a browser waits before it reconnects a dropped stream
MEDIA_TYPE = "text/event-stream; charset=utf-8"
# X-Accel-Buffering: nginx passes each event on at once, whatever the location says
HEADERS: tuple[tuple[str, str], ...] = (("Cache-Control", NO_STORE), ("X-Accel-Buffering", "no"))


def frame(data: object, *, event: str | None = None, event_id: int | None = None) -> str:
    """One event: its optional ``event`` and ``id`` fields, then its ``data`` as one JSON line."""
    lines = []
    if event is not None:
        lines.append(f"event: {event}")
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.append(f"data: {json.dumps(data)}")
    return "\n".join(lines) + "\n\n"


def opening() -> str:
    """The stream's first block: how long to wait before reconnecting (no event is dispatched)."""
    return f"retry: {RETRY_MS}\n\n"


def version(number: int) -> str:
    """The game's version now; its ``id`` is what a reconnecting browser sends as Last-Event-ID."""
    return frame({"v": number}, event_id=number)


def presence(seats: frozenset[int], watchers: int) -> str:
    """Who is at the table: the seats with an open stream, and how many watch (streams with no
    seat key)."""
    return frame({"seats": sorted(seats), "watchers": watchers}, event="presence")


def live(flag: bool) -> str:
    return frame({"live": flag}, event="live")


def keepalive() -> str:
    """A comment: no event, but the connection is used (proxies and browsers keep it open)."""
    return ": keepalive\n\n"
