"""What one open events stream has told its client, and what it must tell next: the protocol
without input or output (docs/api.md, "Events"). Both servers drive one ``StreamState`` per
stream and send the frames it returns; they differ only in how they wait.

- a version event when the game's version goes past the last one sent (versions only go up; a
  burst of announcements between two sends is one event);
- a presence event when the set of present seats changes (at once), or the watchers' count does:
  that one at most once every ``WATCHERS_EVERY`` seconds per stream, a change within that time
  held back and told (the latest count) when the time is up. Each presence event makes a page
  fetch its table again, so watchers coming and going make each page reload at most 12 times a
  minute, however many they are;
- a live event when the broker goes down (``false``: the server polls the database instead) and
  when it is back (``true``), never twice the same.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from paiyou.live import framing

WATCHERS_EVERY = 5.0  # seconds: the shortest time between two presence events for watchers alone


@dataclass(slots=True)
class StreamState:
    version: int | None = None  # the last version sent (or the client's Last-Event-ID)
    seats: frozenset[int] | None = None  # the last presence sent
    watchers: int = 0  # the last watchers' count sent
    live: bool = True  # what the client was last told (it assumes live until told otherwise)
    told_at: float = -math.inf  # when the last presence event was sent (the server's clock)
    held: int | None = None  # a watchers' count not told yet (told at ``due``)

    @classmethod
    def resuming(cls, last_event_id: str | None) -> StreamState:
        """A new stream; a browser reconnecting sends the id of the last event it got."""
        text = (last_event_id or "").strip()
        known = int(text) if text.isascii() and text.isdigit() and len(text) < 19 else None
        return cls(version=known)

    def opened(self, version: int, seats: frozenset[int], watchers: int, live: bool, now: float) -> list[str]:
        """The frames of a stream's start: the retry delay, the current version (unless the
        client's Last-Event-ID is that version already), the presence, and ``live: false`` when
        the broker is down."""
        frames = [framing.opening()]
        if self.version != version:
            self.version = version
            frames.append(framing.version(version))
        return frames + self._tell(seats, watchers, now) + self.liveness(live)

    def moved(self, version: int) -> list[str]:
        if self.version is not None and version <= self.version:
            return []
        self.version = version
        return [framing.version(version)]

    def present(self, seats: frozenset[int], watchers: int, now: float) -> list[str]:
        """A presence event when the seats changed, or the watchers' count did and the last one
        is ``WATCHERS_EVERY`` seconds old; else the count is held until ``due``."""
        if seats != self.seats or (watchers != self.watchers and now >= self.told_at + WATCHERS_EVERY):
            return self._tell(seats, watchers, now)
        self.held = watchers if watchers != self.watchers else None
        return []

    @property
    def due(self) -> float | None:
        """When the held watchers' count is to be told (None: nothing held)."""
        return None if self.held is None else self.told_at + WATCHERS_EVERY

    def held_back(self, now: float) -> list[str]:
        """The held watchers' count, once it is due."""
        if self.held is None or now < self.told_at + WATCHERS_EVERY:
            return []
        return self._tell(self.seats or frozenset(), self.held, now)

    def _tell(self, seats: frozenset[int], watchers: int, now: float) -> list[str]:
        self.seats, self.watchers, self.told_at, self.held = seats, watchers, now, None
        return [framing.presence(seats, watchers)]

    def liveness(self, live: bool) -> list[str]:
        if live == self.live:
            return []
        self.live = live
        return [framing.live(live)]
