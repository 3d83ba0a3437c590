"""What one open events stream has told its client, and what it must tell next: the protocol
without input or output (docs/api.md, "Events"). Both servers drive one ``StreamState`` per
stream and send the frames it returns; they differ only in how they wait.

- a version event when the game's version goes past the last one sent (versions only go up; a
  burst of announcements between two sends is one event);
- a presence event when the set of present seats changes;
- a live event when the broker goes down (``false``: the server polls the database instead) and
  when it is back (``true``), never twice the same.
"""
from __future__ import annotations

from dataclasses import dataclass

from paiyou.live import framing


@dataclass(slots=True)
class StreamState:
    version: int | None = None  # the last version sent (or the client's Last-Event-ID)
    seats: frozenset[int] | None = None  # the last presence sent
    live: bool = True  # what the client was last told (it assumes live until told otherwise)

    @classmethod
    def resuming(cls, last_event_id: str | None) -> StreamState:
        """A new stream; a browser reconnecting sends the id of the last event it got."""
        text = (last_event_id or "").strip()
        known = int(text) if text.isascii() and text.isdigit() and len(text) < 19 else None
        return cls(version=known)

    def opened(self, version: int, seats: frozenset[int], live: bool) -> list[str]:
        """The frames of a stream's start: the retry delay, the current version (unless the
        client's Last-Event-ID is that version already), the presence, and ``live: false`` when
        the broker is down."""
        frames = [framing.opening()]
        if self.version != version:
            self.version = version
            frames.append(framing.version(version))
        return frames + self.present(seats) + self.liveness(live)

    def moved(self, version: int) -> list[str]:
        if self.version is not None and version <= self.version:
            return []
        self.version = version
        return [framing.version(version)]

    def present(self, seats: frozenset[int]) -> list[str]:
        if seats == self.seats:
            return []
        self.seats = seats
        return [framing.presence(seats)]

    def liveness(self, live: bool) -> list[str]:
        if live == self.live:
            return []
        self.live = live
        return [framing.live(live)]
