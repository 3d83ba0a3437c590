"""Brokers: how the process that stores a move tells every open events stream of that game, and
which seats have a stream open (presence).

``Broker`` is the Protocol; ``MemoryBroker`` serves one process (threads: ``flask run``,
``scripts/serve.sh``, the tests) and is the default; ``paiyou.live.redis_broker.RedisBroker``
serves several processes through Redis; ``paiyou.live.settings.open_broker`` picks one.

Presence is counted per open stream (a random token per stream, with the seat it presents) with an expiry
(``PRESENCE_TTL``), refreshed by the stream at each keepalive, so the streams of a process that
died stop counting by themselves. A seat's page without JavaScript has no stream: each time it
loads (it reloads itself), the site counts it as one more member, ``PAGE_TOKEN`` of its seat, for
a shorter time (``paiyou.live.page_seen``); a stream of that seat replaces it (that page has
JavaScript, and its stream's end is its departure, at once).
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

PRESENCE_TTL = 45.0  # seconds; three keepalives at the default 15 s
PAGE_TOKEN = "page"  # the member of a seat's page loaded without a stream (a stream's token is longer)


class BrokerError(Exception):
    """The broker cannot be reached just now (the streams fall back to polling the database)."""


@dataclass(frozen=True, slots=True)
class Signal:
    """What a subscription woke up for: the highest version announced since the last wait (None:
    none), and whether the game's presence may have changed."""

    version: int | None = None
    presence: bool = False


class Subscription(Protocol):
    def wait(self, timeout: float) -> Signal:
        """The next signal, or an empty one after ``timeout`` seconds; ``BrokerError`` when the
        broker is out of reach."""

    def close(self) -> None: ...


class Broker(Protocol):
    #: False since the last operation that failed (until one succeeds)
    healthy: bool

    def publish(self, game_id: str, version: int) -> None: ...

    def touch(self, game_id: str, seat: int | None, token: str, ttl: float = PRESENCE_TTL) -> None:
        """The stream ``token`` presents ``seat`` (None: a watcher, no seat key) for ``ttl``
        seconds from now (at most ``PRESENCE_TTL``); a new member tells the game's subscribers
        that presence changed. A stream's touch takes the place of its seat's ``PAGE_TOKEN``."""

    def leave(self, game_id: str, seat: int | None, token: str) -> None: ...

    def present(self, game_id: str) -> frozenset[int]:
        """The seats with at least one unexpired member."""

    def watching(self, game_id: str) -> int:
        """How many unexpired watchers' streams (no seat key) the game has."""

    def subscribe(self, game_id: str) -> Subscription: ...

    def close(self) -> None: ...


class MemorySubscription:
    def __init__(self, broker: MemoryBroker, game_id: str) -> None:
        self._broker = broker
        self.game_id = game_id
        self._changed = threading.Condition()
        self._version: int | None = None
        self._presence = False

    def signal(self, version: int | None = None, presence: bool = False) -> None:
        with self._changed:
            if version is not None:
                self._version = version if self._version is None else max(self._version, version)
            self._presence = self._presence or presence
            self._changed.notify_all()

    def wait(self, timeout: float) -> Signal:
        with self._changed:
            self._changed.wait_for(lambda: self._version is not None or self._presence, timeout)
            found = Signal(self._version, self._presence)
            self._version, self._presence = None, False
            return found

    def close(self) -> None:
        self._broker.unsubscribe(self)


class MemoryBroker:
    """One process's broker: subscriptions and presence in dictionaries behind one lock."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.healthy = True
        self._clock = clock
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[MemorySubscription]] = {}
        # game → (seat, or None for a watcher; token) → expiry
        self._members: dict[str, dict[tuple[int | None, str], float]] = {}

    def publish(self, game_id: str, version: int) -> None:
        for subscription in self._of(game_id):
            subscription.signal(version=version)

    def touch(self, game_id: str, seat: int | None, token: str, ttl: float = PRESENCE_TTL) -> None:
        with self._lock:
            members = self._members.setdefault(game_id, {})
            new = (seat, token) not in members
            members[seat, token] = self._clock() + min(ttl, PRESENCE_TTL)
            if seat is not None and token != PAGE_TOKEN:
                members.pop((seat, PAGE_TOKEN), None)
        if new:
            self._presence_changed(game_id)

    def leave(self, game_id: str, seat: int | None, token: str) -> None:
        with self._lock:
            members = self._members.get(game_id, {})
            gone = members.pop((seat, token), None) is not None
            if not members:
                self._members.pop(game_id, None)
        if gone:
            self._presence_changed(game_id)

    def present(self, game_id: str) -> frozenset[int]:
        return frozenset(seat for seat, _ in self._unexpired(game_id) if seat is not None)

    def watching(self, game_id: str) -> int:
        return sum(1 for seat, _ in self._unexpired(game_id) if seat is None)

    def _unexpired(self, game_id: str) -> list[tuple[int | None, str]]:
        now = self._clock()
        with self._lock:
            members = self._members.get(game_id, {})
            for member in [m for m, expiry in members.items() if expiry <= now]:
                del members[member]
            return list(members)

    def subscribe(self, game_id: str) -> MemorySubscription:
        subscription = MemorySubscription(self, game_id)
        with self._lock:
            self._subscriptions.setdefault(game_id, set()).add(subscription)
        return subscription

    def unsubscribe(self, subscription: MemorySubscription) -> None:
        with self._lock:
            found = self._subscriptions.get(subscription.game_id, set())
            found.discard(subscription)
            if not found:
                self._subscriptions.pop(subscription.game_id, None)

    def close(self) -> None:
        pass

    def _of(self, game_id: str) -> list[MemorySubscription]:
        with self._lock:
            return list(self._subscriptions.get(game_id, ()))

    def _presence_changed(self, game_id: str) -> None:
        for subscription in self._of(game_id):
            subscription.signal(presence=True)
