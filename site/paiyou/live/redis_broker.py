"""``RedisBroker``: the site's broker when several processes serve it (gunicorn workers, the
events process), through Redis (``PAIYOU_EVENTS_BROKER=redis://host:port/db``; names and messages:
``paiyou.live.channels``).

Short timeouts: a move is committed in the database before it is announced, so a Redis that is
down or slow costs the move at most ``TIMEOUT`` seconds and never fails it (``paiyou.live.announce``
catches ``BrokerError``).

``subscribe`` takes a Redis connection of its own per open stream: only the Flask route uses it (a
thread per stream, for a single process); the events process shares one connection for all its
streams (``paiyou.events.hub``).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import redis

from paiyou.live import channels
from paiyou.live.brokers import PAGE_TOKEN, PRESENCE_TTL, BrokerError, Signal

TIMEOUT = 0.5  # seconds, to connect and for each command


class RedisSubscription:
    def __init__(self, broker: RedisBroker, game_id: str) -> None:
        self._broker = broker
        self._pubsub = broker.client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        self._version_channel = channels.version_channel(game_id)
        with broker.failures():
            self._pubsub.subscribe(self._version_channel, channels.seats_channel(game_id))

    def wait(self, timeout: float) -> Signal:
        version: int | None = None
        presence = False
        deadline = time.monotonic() + timeout
        with self._broker.failures():
            while True:
                message = self._pubsub.get_message(timeout=max(0.0, deadline - time.monotonic()))
                if message is None:
                    return Signal(version, presence)
                channel = message["channel"].decode()
                if channel == self._version_channel:
                    found = channels.parse_version(message["data"])
                    if found is not None:
                        version = found if version is None else max(version, found)
                else:
                    presence = True
                deadline = time.monotonic()  # take what is already there, then answer

    def close(self) -> None:
        try:
            self._pubsub.close()
        except (redis.RedisError, OSError):
            pass


class RedisBroker:
    def __init__(self, url: str, clock: Callable[[], float] = time.time) -> None:
        self.healthy = True
        self.url = url
        self._clock = clock
        self.client = redis.Redis.from_url(url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT,
                                           health_check_interval=30)

    @contextmanager
    def failures(self) -> Iterator[None]:
        """Any Redis failure inside becomes ``BrokerError`` and marks the broker unhealthy."""
        try:
            yield
        except (redis.RedisError, OSError) as error:
            self.healthy = False
            raise BrokerError(str(error)) from error
        self.healthy = True

    def publish(self, game_id: str, version: int) -> None:
        with self.failures():
            self.client.publish(channels.version_channel(game_id), channels.version_message(version))

    def touch(self, game_id: str, seat: int | None, token: str, ttl: float = PRESENCE_TTL) -> None:
        key = channels.presence_key(game_id)
        with self.failures():
            pipe = self.client.pipeline()
            pipe.zadd(key, {channels.member(seat, token): self._clock() + min(ttl, PRESENCE_TTL)})
            pipe.expire(key, int(PRESENCE_TTL) + 5)
            if seat is not None and token != PAGE_TOKEN:
                pipe.zrem(key, channels.member(seat, PAGE_TOKEN))
            added: int = pipe.execute()[0]  # ZADD: how many members are new
            if added:
                self.client.publish(channels.seats_channel(game_id), channels.PRESENCE_CHANGED)

    def leave(self, game_id: str, seat: int | None, token: str) -> None:
        with self.failures():
            if self.client.zrem(channels.presence_key(game_id), channels.member(seat, token)):
                self.client.publish(channels.seats_channel(game_id), channels.PRESENCE_CHANGED)

    def present(self, game_id: str) -> frozenset[int]:
        return channels.seats_of(self._members(game_id))

    def watching(self, game_id: str) -> int:
        return channels.watchers_of(self._members(game_id))

    def _members(self, game_id: str) -> list[str | bytes]:
        key = channels.presence_key(game_id)
        with self.failures():
            pipe = self.client.pipeline()
            pipe.zremrangebyscore(key, "-inf", self._clock())
            pipe.zrange(key, 0, -1)
            return list(pipe.execute()[1])

    def subscribe(self, game_id: str) -> RedisSubscription:
        return RedisSubscription(self, game_id)

    def close(self) -> None:
        self.client.close()
