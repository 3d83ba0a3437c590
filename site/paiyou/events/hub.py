"""One events process's link to the moves: every open stream registers a ``Listener`` with the
``Hub``, which wakes it when its game has a new version or its presence changed.

- With Redis (``PAIYOU_EVENTS_BROKER=redis://…``) one pub/sub connection follows every game at
  once (``PSUBSCRIBE paiyou:game:*`` and ``paiyou:seats:*``: no subscription per stream, and no
  stream can open between a move and its subscription); each message wakes the local listeners of
  its game. Presence lives in Redis (``paiyou.live.channels``), so every process sees it.
- Redis down (or ``memory://``, which cannot cross processes): ``live`` is False, streams say so,
  and the hub reads every followed game's version from the database at once, then every
  ``POLL_SECONDS`` in one statement (``GameStore.versions``) until Redis answers again (the wait
  for the next check is cut short when ``live`` changes: a keepalive's wait under way would
  otherwise hold back the moves made meanwhile). Presence is then this process's own (an
  in-memory broker).
- Live or not, the same check runs every keepalive: it closes the streams of a game that no longer
  exists, catches up on any announcement lost while reconnecting, and reads every followed game's
  seats in one pipeline (a dead process's streams expire without a message).
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import anyio.to_thread
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from paiyou.live import channels
from paiyou.live.brokers import PAGE_TOKEN, PRESENCE_TTL, MemoryBroker
from paiyou.live.settings import POLL_SECONDS
from paiyou.store.games import GameStore, StoreUnavailable

log = logging.getLogger(__name__)
REDIS_TIMEOUT = 2.0  # seconds, to connect and for a presence command
RECONNECT_SECONDS = 1.0
# A quiet connection is pinged this often; no answer by the next ping means a connection that died
# without a word (a host gone), which would otherwise look live forever.
PING_SECONDS = 10.0


class Listener:
    """One open stream's mailbox: the highest version announced and whether presence changed,
    since the stream last looked (a burst is one wake-up)."""

    __slots__ = ("game_id", "version", "presence", "gone", "wake")

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.version: int | None = None
        self.presence = False
        self.gone = False
        self.wake = asyncio.Event()

    def signal(self, version: int | None = None, presence: bool = False, gone: bool = False) -> None:
        if version is not None and (self.version is None or version > self.version):
            self.version = version
        self.presence = self.presence or presence
        self.gone = self.gone or gone
        self.wake.set()

    def take(self) -> tuple[int | None, bool]:
        found = self.version, self.presence
        self.version, self.presence = None, False
        self.wake.clear()
        return found


class Hub:
    def __init__(self, store: GameStore, redis_url: str | None, check_seconds: float,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.live = False
        self.check_seconds = check_seconds
        self._clock = clock
        self._redis = aioredis.Redis.from_url(redis_url, socket_connect_timeout=REDIS_TIMEOUT,
                                              socket_timeout=None, health_check_interval=0) if redis_url else None
        self._local = MemoryBroker(clock)  # presence while Redis is out of reach
        self._listeners: dict[str, set[Listener]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._seats: dict[str, frozenset[int]] = {}
        self._watchers: dict[str, int] = {}  # each followed game's watchers' streams, as last read
        self._presence_due: set[str] = set()  # games whose seats changed, to read
        self._presence_due_now = asyncio.Event()
        self._tried = asyncio.Event()  # the first connection to Redis made or failed
        self._live_changed = asyncio.Event()  # cuts short the wait for the next check

    # -- life --------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Follow Redis and check the database from now on; returns once the first connection to
        Redis is made or has failed, so the first streams do not say ``live: false`` for nothing."""
        if self._redis is not None:
            self._tasks.append(asyncio.create_task(self._follow_redis(), name="paiyou-events-redis"))
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(2 * REDIS_TIMEOUT):
                    await self._tried.wait()
        self._tasks.append(asyncio.create_task(self._check_versions(), name="paiyou-events-check"))
        self._tasks.append(asyncio.create_task(self._refresh_presence_when_due(), name="paiyou-events-presence"))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()
        if self._redis is not None:
            await self._redis.aclose()

    # -- listeners ---------------------------------------------------------------------------------
    def add(self, game_id: str) -> Listener:
        listener = Listener(game_id)
        self._listeners.setdefault(game_id, set()).add(listener)
        return listener

    def remove(self, listener: Listener) -> None:
        found = self._listeners.get(listener.game_id, set())
        found.discard(listener)
        if not found:
            self._listeners.pop(listener.game_id, None)
            self._seats.pop(listener.game_id, None)
            self._watchers.pop(listener.game_id, None)

    @property
    def streams(self) -> int:
        return sum(len(found) for found in self._listeners.values())

    def _signal(self, game_id: str, version: int | None = None, presence: bool = False,
                gone: bool = False) -> None:
        for listener in self._listeners.get(game_id, ()):
            listener.signal(version, presence, gone)

    def _set_live(self, live: bool) -> None:
        if live != self.live:
            self.live = live
            log.warning("events: Redis %s", "reached: live again" if live else "out of reach: polling the database")
            self._live_changed.set()
            for found in self._listeners.values():
                for listener in found:
                    listener.wake.set()  # each stream tells its client

    # -- presence ----------------------------------------------------------------------------------
    # The seats and the watchers' count of each followed game are kept here (``seats``,
    # ``watchers``) and read from Redis in one pipeline for many games at once: when a
    # ``paiyou:seats:<id>`` message says they changed (bursts are coalesced) and at each check
    # (members of a dead process expire without a message). A stream's keepalive costs no read.

    def seats(self, game_id: str) -> frozenset[int]:
        """The seats present at ``game_id`` as last read."""
        return self._seats.get(game_id, frozenset())

    def watchers(self, game_id: str) -> int:
        """How many watchers' streams ``game_id`` had as last read."""
        return self._watchers.get(game_id, 0)

    async def present(self, game_id: str) -> frozenset[int]:
        """The seats present at ``game_id`` now (read, and kept for ``seats`` and ``watchers``)."""
        return (await self._read_presence([game_id]))[game_id][0]

    async def touch(self, game_id: str, seat: int | None, token: str) -> None:
        self._local.touch(game_id, seat, token)
        if self._redis is None or not self.live:
            self._local_changed(game_id)
            return
        key = channels.presence_key(game_id)
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                pipe = self._redis.pipeline()
                pipe.zadd(key, {channels.member(seat, token): self._clock() + PRESENCE_TTL})
                pipe.expire(key, int(PRESENCE_TTL) + 5)
                if seat is not None:  # this seat's page has JavaScript: its stream says it is here
                    pipe.zrem(key, channels.member(seat, PAGE_TOKEN))
                added = (await pipe.execute())[0]
                if added:
                    await self._redis.publish(channels.seats_channel(game_id), channels.PRESENCE_CHANGED)
        except (RedisError, OSError, TimeoutError):
            log.warning("events: could not refresh presence in Redis")

    async def leave(self, game_id: str, seat: int | None, token: str) -> None:
        self._local.leave(game_id, seat, token)
        if self._redis is None or not self.live:
            self._local_changed(game_id)
            return
        try:
            async with asyncio.timeout(REDIS_TIMEOUT):
                if await self._redis.zrem(channels.presence_key(game_id), channels.member(seat, token)):
                    await self._redis.publish(channels.seats_channel(game_id), channels.PRESENCE_CHANGED)
        except (RedisError, OSError, TimeoutError):
            pass  # its presence expires by itself

    def _local_changed(self, game_id: str) -> None:
        if game_id in self._listeners:
            self._seats[game_id] = self._local.present(game_id)
            self._watchers[game_id] = self._local.watching(game_id)
        self._signal(game_id, presence=True)

    PRESENCE_BATCH = 500  # games per pipeline

    async def _read_presence(self, games: list[str]) -> dict[str, tuple[frozenset[int], int]]:
        """Each game's seats present and watchers' count (kept for ``seats`` and ``watchers``)."""
        found: dict[str, tuple[frozenset[int], int]] = {}
        if self._redis is not None and self.live:
            try:
                async with asyncio.timeout(REDIS_TIMEOUT):
                    for start in range(0, len(games), self.PRESENCE_BATCH):
                        batch = games[start:start + self.PRESENCE_BATCH]
                        pipe = self._redis.pipeline(transaction=False)
                        for game_id in batch:
                            pipe.zremrangebyscore(channels.presence_key(game_id), "-inf", self._clock())
                            pipe.zrange(channels.presence_key(game_id), 0, -1)
                        replies = await pipe.execute()
                        found.update({game_id: (channels.seats_of(replies[2 * i + 1]),
                                                channels.watchers_of(replies[2 * i + 1]))
                                      for i, game_id in enumerate(batch)})
            except (RedisError, OSError, TimeoutError):
                found = {}
        if not found:
            found = {game_id: (self._local.present(game_id), self._local.watching(game_id)) for game_id in games}
        for game_id, (seats, watchers) in found.items():
            if game_id in self._listeners:
                self._seats[game_id], self._watchers[game_id] = seats, watchers
        return found

    async def refresh_presence(self, games: list[str]) -> None:
        """Read the seats and watchers of ``games``; wake the streams of those where either
        changed (each stream paces what it tells of the watchers: ``StreamState.present``)."""
        before = {game_id: (self._seats.get(game_id), self._watchers.get(game_id)) for game_id in games}
        for game_id, presence in (await self._read_presence(games)).items():
            if presence != before[game_id]:
                self._signal(game_id, presence=True)

    async def _refresh_presence_when_due(self) -> None:
        while True:
            await self._presence_due_now.wait()
            self._presence_due_now.clear()
            games = [game_id for game_id in self._presence_due if game_id in self._listeners]
            self._presence_due.clear()
            if games:
                await self.refresh_presence(games)

    # -- following the moves -------------------------------------------------------------------
    async def _follow_redis(self) -> None:
        assert self._redis is not None
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.psubscribe(channels.VERSIONS_PATTERN, channels.SEATS_PATTERN)
                confirmed = 0
                pinged = False
                while True:
                    message = await pubsub.get_message(timeout=PING_SECONDS)
                    if message is None:
                        if pinged:
                            raise ConnectionError("Redis did not answer a ping")
                        await pubsub.ping()
                        pinged = True
                        continue
                    pinged = False
                    if message["type"] == "psubscribe":
                        confirmed += 1
                        if confirmed == 2:  # from now on no announcement is missed
                            self._set_live(True)
                            self._tried.set()
                            await self.check()  # those made while it was out of reach
                    elif message["type"] == "pmessage":
                        self._dispatch(message["channel"], message["data"])
            except (RedisError, OSError) as error:
                if not self._tried.is_set():  # _set_live says nothing: not live yet
                    log.warning("events: Redis out of reach at start (%r): polling the database", error)
                self._set_live(False)
                self._tried.set()
            finally:
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(RECONNECT_SECONDS)

    def _dispatch(self, channel: bytes | str, data: bytes | str) -> None:
        game_id = channels.game_of(channel, channels.VERSIONS)
        if game_id is not None:
            version = channels.parse_version(data)
            if version is not None:
                self._signal(game_id, version=version)
            return
        game_id = channels.game_of(channel, channels.SEATS)
        if game_id is not None and game_id in self._listeners:
            self._presence_due.add(game_id)
            self._presence_due_now.set()

    async def _check_versions(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL_SECONDS if not self.live else self.check_seconds):
                    await self._live_changed.wait()
            self._live_changed.clear()
            await self.check()

    async def check(self) -> None:
        """Every followed game's version from the database, in one statement: a newer one wakes its
        streams, a game that is gone closes them; then every followed game's seats."""
        games = list(self._listeners)
        if games:
            try:
                versions = await anyio.to_thread.run_sync(self.store.versions, games)
            except StoreUnavailable:
                log.warning("events: the database is out of reach; streams wait")
                return
            for game_id in games:
                if game_id in versions:
                    self._signal(game_id, version=versions[game_id])
                else:
                    self._signal(game_id, gone=True)
            await self.refresh_presence([game_id for game_id in games if game_id in self._listeners])
