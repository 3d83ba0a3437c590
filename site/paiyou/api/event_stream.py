"""The events stream served by the Flask app itself (``paiyou.views.api_events``): for one process
(``scripts/serve.sh``, the tests), on its broker, **a thread per open stream** — the request's
thread waits on the broker between two events. Production sends this path to the events process
instead (``paiyou.events``: no thread per stream), so gunicorn's threads stay free for moves.

What the stream sends is ``paiyou.live.stream.StreamState``'s; the bytes are
``paiyou.live.framing``'s, the same as the events process's.

A client that goes away (a reload, a closed tab) is noticed at once rather than at the next
write, a keepalive later: when the server gives the request's socket (werkzeug's and gunicorn's
do), the stream looks at it every ``DISCONNECT_CHECK`` seconds and ends when the client has
closed it, and its ticket lets the counter release it as soon as a new stream needs its place
(``paiyou.live.counting``). So reloading a page many times in a row never meets the 429.
"""
from __future__ import annotations

import logging
import secrets
import select
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from flask import Response, current_app, request

from paiyou.api.games import error
from paiyou.deals.game import GameNotFound
from paiyou.deals.keys import bearer_key, seat_for_key
from paiyou.live import framing, live_of
from paiyou.live.brokers import Broker, BrokerError, Signal, Subscription
from paiyou.live.counting import RETRY_AFTER, Ticket
from paiyou.live.settings import POLL_SECONDS, LiveSettings
from paiyou.live.stream import StreamState
from paiyou.seats import cookies
from paiyou.store.databases import current_store
from paiyou.store.games import GameStore, StoreUnavailable
from paiyou.web.limits import client_key

log = logging.getLogger(__name__)

DISCONNECT_CHECK = 0.5  # seconds between two looks at the client's socket while a stream waits
SOCKET_KEYS = ("werkzeug.socket", "gunicorn.socket")  # where the servers put the request's socket


def disconnect_check(environ: dict[str, object]) -> Callable[[], bool] | None:
    """A check, at once and without blocking, that the client closed the request's socket; None
    when the server does not give the socket, or it speaks TLS (nothing can be peeked at)."""
    found = next((environ[k] for k in SOCKET_KEYS if k in environ), None)
    if not isinstance(found, socket.socket) or isinstance(found, ssl.SSLSocket):
        return None
    connection = found

    def gone() -> bool:
        try:
            readable, _, _ = select.select([connection], [], [], 0)
            # readable with nothing to read: the client closed its end (a request it sent ahead
            # would be there to read, and is left for the server)
            return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):  # reset by the client, or closed by the server already
            return True

    return gone


def presented_key(game_id: str) -> str | None:
    """The seat key this request presents for ``game_id``: ``Authorization: Bearer`` (an API
    client), else this browser's seats cookie (the page's EventSource sends it)."""
    found = bearer_key(request.headers.get("Authorization"))
    if found is not None:
        return found
    cookie = request.cookies.get(cookies.SEATS_COOKIE, "")
    return cookies.keys_in_cookie(cookie, cookies.RECENT_KEEP).get(game_id)


def too_many_streams() -> tuple[Response, int]:
    response, status = error("too-many-streams", 429)
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response, status


def events_response(game_id: str) -> Response | tuple[Response, int]:
    """The stream of ``game_id`` (``GameNotFound``: 404), or 429 over a limit."""
    live = live_of(current_app)
    ticket = live.streams.open(client_key())
    if ticket is None:
        return too_many_streams()
    store = current_store()
    subscription = None
    try:
        try:
            subscription = live.broker.subscribe(game_id)  # before reading: no version falls between
        except BrokerError:
            log.warning("live updates: the broker is down; this stream polls the database")
        head = store.head(game_id)
        if head is None:
            raise GameNotFound(game_id)
    except BaseException:
        if subscription is not None:
            subscription.close()
        ticket.release()
        raise
    gone = disconnect_check(request.environ)
    if gone is not None:
        ticket.watch(gone)
    stream = FlaskStream(live.broker, store, live.settings, game_id, head.version,
                         seat_for_key(head.meta, presented_key(game_id)),
                         StreamState.resuming(request.headers.get("Last-Event-ID")), subscription, ticket,
                         gone=gone)
    response = Response(stream.frames(), mimetype="text/event-stream")
    response.headers["Content-Type"] = framing.MEDIA_TYPE
    for name, value in framing.HEADERS:
        response.headers[name] = value
    response.call_on_close(stream.close)  # also when the body is never read (HEAD)
    return response


@dataclass
class FlaskStream:
    broker: Broker
    store: GameStore
    settings: LiveSettings
    game_id: str
    version: int
    seat: int | None
    state: StreamState
    subscription: Subscription | None
    ticket: Ticket
    gone: Callable[[], bool] | None = None  # whether the client went away (``disconnect_check``)
    clock: Callable[[], float] = time.monotonic
    token: str = field(default_factory=lambda: secrets.token_urlsafe(12))
    _idle: threading.Event = field(default_factory=threading.Event)  # never set: a wait without a broker

    def frames(self) -> Iterator[str]:
        try:
            yield from self._frames()
        finally:
            self.close()

    def _frames(self) -> Iterator[str]:
        live = self.subscription is not None and self.broker.healthy
        live = self._touch() and live
        seats, watchers, live = self._present(live)
        yield "".join(self.state.opened(self.version, seats, watchers, live, self.clock()))
        now = self.clock()
        deadline = now + self.settings.max_seconds
        next_keepalive = now + self.settings.keepalive
        next_poll = now + POLL_SECONDS
        while now < deadline:
            until = min(deadline, next_keepalive, next_poll if not live else deadline, self.state.due or deadline)
            signal, live = self._watched_wait(max(0.0, until - now), live)
            if self.gone is not None and self.gone():
                return  # the client went away: its place is free at once
            frames: list[str] = []
            if signal.version is not None:
                frames += self.state.moved(signal.version)
            if signal.presence:
                seats, watchers, live = self._present(live)
                frames += self.state.present(seats, watchers, self.clock())
            frames += self.state.held_back(self.clock())
            now = self.clock()
            if not live and now >= next_poll:
                live = self._resubscribe()
                if not self._catch_up(frames):
                    return  # the game is gone
                next_poll = now + POLL_SECONDS
            if now >= next_keepalive:
                live = self._touch() and live
                seats, watchers, live = self._present(live)
                frames += self.state.present(seats, watchers, now)
                if not self._catch_up(frames):
                    return
                frames.append(framing.keepalive())
                next_keepalive = now + self.settings.keepalive
            frames += self.state.liveness(live)
            if frames:
                yield "".join(frames)

    def _watched_wait(self, timeout: float, live: bool) -> tuple[Signal, bool]:
        """``_wait``, in slices of ``DISCONNECT_CHECK`` when the client's socket can be watched:
        it returns early once the client has gone."""
        if self.gone is None:
            return self._wait(timeout, live)
        end = self.clock() + timeout
        while True:
            signal, live = self._wait(max(0.0, min(DISCONNECT_CHECK, end - self.clock())), live)
            if signal.version is not None or signal.presence or self.clock() >= end or self.gone():
                return signal, live

    def _wait(self, timeout: float, live: bool) -> tuple[Signal, bool]:
        if self.subscription is None:
            self._idle.wait(timeout)
            return Signal(), False
        try:
            return self.subscription.wait(timeout), live
        except BrokerError:
            log.warning("live updates: the broker went down; this stream polls the database")
            self.subscription.close()
            self.subscription = None
            return Signal(), False

    def _resubscribe(self) -> bool:
        if self.subscription is None:
            try:
                self.subscription = self.broker.subscribe(self.game_id)
            except BrokerError:
                return False
        return self.broker.healthy or self._probe()

    def _probe(self) -> bool:
        try:
            self.broker.present(self.game_id)
        except BrokerError:
            return False
        return True

    def _catch_up(self, frames: list[str]) -> bool:
        """The database's version, in case an announcement was missed; False when the game is
        gone (the stream ends)."""
        try:
            head = self.store.head(self.game_id)
        except StoreUnavailable:
            return True
        if head is None:
            return False
        frames += self.state.moved(head.version)
        return True

    def _touch(self) -> bool:
        try:  # a watcher's stream (no seat) is counted too
            self.broker.touch(self.game_id, self.seat, self.token)
        except BrokerError:
            return False
        return True

    def _present(self, live: bool) -> tuple[frozenset[int], int, bool]:
        """The seats present and the watchers' count (as last told when the broker is down)."""
        try:
            return self.broker.present(self.game_id), self.broker.watching(self.game_id), live
        except BrokerError:
            return self.state.seats or frozenset(), self.state.watchers, False

    def close(self) -> None:
        try:
            self.broker.leave(self.game_id, self.seat, self.token)
        except BrokerError:
            pass  # its presence expires by itself
            self.seat = None
        if self.subscription is not None:
            self.subscription.close()
            self.subscription = None
        self.ticket.release()
