"""How many events streams are open, per client address and in this process: a stream over
either limit (``PAIYOU_EVENTS_PER_CLIENT``, ``PAIYOU_EVENTS_MAX``) is refused with 429 before it
holds anything."""
from __future__ import annotations

import threading
from collections import Counter

RETRY_AFTER = 15  # seconds: a browser's streams close when its tabs do


class StreamCounter:
    def __init__(self, per_client: int, most: int) -> None:
        self.per_client = per_client
        self.most = most
        self._lock = threading.Lock()
        self._open: Counter[str] = Counter()
        self._total = 0

    def open(self, client: str) -> Ticket | None:
        """A ticket for one more stream of ``client``, or None over a limit."""
        with self._lock:
            if self._total >= self.most or self._open[client] >= self.per_client:
                return None
            self._open[client] += 1
            self._total += 1
        return Ticket(self, client)

    def _close(self, client: str) -> None:
        with self._lock:
            self._open[client] -= 1
            if self._open[client] <= 0:
                del self._open[client]
            self._total -= 1

    @property
    def total(self) -> int:
        return self._total


class Ticket:
    """One open stream, counted until ``release`` (which may be called more than once)."""

    def __init__(self, counter: StreamCounter, client: str) -> None:
        self._counter = counter
        self._client = client
        self._released = False
        self._lock = threading.Lock()

    def release(self) -> None:
        with self._lock:
            if self._released:
                return
            self._released = True
        self._counter._close(self._client)
