"""How many events streams are open, per client address and in this process: a stream over
either limit (``PAIYOU_EVENTS_PER_CLIENT``, ``PAIYOU_EVENTS_MAX``) is refused with 429 before it
holds anything.

A stream whose client went away keeps its place until its server notices. A ticket may carry a
``gone`` check (``Ticket.watch``: the Flask route's stream looks at its socket); before refusing
a stream, ``open`` releases every such ticket whose client is gone, so a browser that reloads a
page many times in a row is never refused for the streams it closed itself."""
from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

RETRY_AFTER = 15  # seconds: a browser's streams close when its tabs do


class StreamCounter:
    def __init__(self, per_client: int, most: int) -> None:
        self.per_client = per_client
        self.most = most
        self._lock = threading.Lock()
        self._open: Counter[str] = Counter()
        self._total = 0
        self._watched: dict[str, set[Ticket]] = {}  # the open tickets that can tell their client left

    def open(self, client: str) -> Ticket | None:
        """A ticket for one more stream of ``client``, or None over a limit (once the streams
        whose client is gone are released)."""
        ticket = self._take(client)
        if ticket is None:
            self._release_gone(client)
            ticket = self._take(client)
        return ticket

    def _take(self, client: str) -> Ticket | None:
        with self._lock:
            if self._total >= self.most or self._open[client] >= self.per_client:
                return None
            self._open[client] += 1
            self._total += 1
        return Ticket(self, client)

    def _release_gone(self, client: str) -> None:
        with self._lock:
            crowded = self._total >= self.most
            candidates = [t for c, found in self._watched.items() if crowded or c == client for t in found]
        for ticket in candidates:  # outside the lock: a check reads a socket
            if ticket.is_gone():
                ticket.release()

    def _watch(self, ticket: Ticket) -> None:
        with self._lock:
            self._watched.setdefault(ticket.client, set()).add(ticket)

    def _close(self, ticket: Ticket) -> None:
        with self._lock:
            client = ticket.client
            watched = self._watched.get(client)
            if watched is not None:
                watched.discard(ticket)
                if not watched:
                    del self._watched[client]
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
        self.client = client
        self._released = False
        self._lock = threading.Lock()
        self._gone: Callable[[], bool] | None = None

    def watch(self, gone: Callable[[], bool]) -> None:
        """``gone()`` tells (at once, without blocking) whether the stream's client went away."""
        self._gone = gone
        self._counter._watch(self)

    def is_gone(self) -> bool:
        return self._gone is not None and self._gone()

    def release(self) -> None:
        with self._lock:
            if self._released:
                return
            self._released = True
        self._counter._close(self)
