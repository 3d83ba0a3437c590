"""Live updates for tables with several human seats: every open page of a game is told, at once,
that the game has a new version (docs/architecture.md, "Live updates"; the stream: docs/api.md,
"Events").

What the rest of the site calls:

- ``announce(game_id, version)``, after a change to a stored game is committed (``create_app``
  connects it to ``paiyou.deals.signals.deal_changed``): tells every open events stream of that
  game. Never raises (a move is never failed by its announcement): a broker
  failure is logged, marks the broker unhealthy, and the streams fall back to polling the database.
- ``present_seats(game_id)``: the seats with an open stream presenting that seat's key, or whose
  page without JavaScript loaded lately (``page_seen``).
- ``page_seen(game_id, seat, at_turn)``: a seat's table page was loaded in full: without
  JavaScript its own refreshes are its only sign of life.

A broker out of reach is logged once per process (``OutageLog``): a warning with the error's
one-line summary when the first operation fails, info when one succeeds again; never a
traceback per failed announcement. An error that is not the broker's (a bug) keeps its traceback.

``init_app`` reads the settings (``paiyou.live.settings``) and opens this process's broker
(``paiyou.live.brokers``). The streams are served by the Flask route ``paiyou.views.api_events``
(one process, a thread per stream: ``paiyou.api.event_stream``) and, in production, by the events
process ``paiyou.events`` (asynchronous, thousands of streams).
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from flask import Flask, current_app, has_app_context

from paiyou.live.brokers import PAGE_TOKEN, PRESENCE_TTL, Broker, BrokerError
from paiyou.live.counting import StreamCounter
from paiyou.live.settings import LiveSettings, open_broker

log = logging.getLogger(__name__)
EXTENSION_KEY = "paiyou.live"
T = TypeVar("T")


def summary(error: BaseException) -> str:
    """The error in one line: its kind and the first line of its message."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__


class OutageLog:
    """A broker's outage, logged once: a warning when it starts, info when it ends."""

    def __init__(self) -> None:
        self.out = False
        self._lock = threading.Lock()

    def failed(self, error: BaseException) -> None:
        with self._lock:
            if self.out:
                return
            self.out = True
        log.warning("live updates: the broker is out of reach (%s): the pages follow the database "
                    "until it answers", summary(error))

    def answered(self) -> None:
        if not self.out:  # the usual case, without the lock
            return
        with self._lock:
            if not self.out:
                return
            self.out = False
        log.info("live updates: the broker answers again")


# Without JavaScript a seat's table page reloads itself this often (its <noscript> refresh), except
# at the seat's own turn; a load counts the seat present for one refresh and a margin (a slow
# network, a busy server), and at its own turn, when the next request is its move, as long as a
# stream's keepalive does.
PAGE_REFRESH_SECONDS = 10
PAGE_PRESENCE_SECONDS = 2 * PAGE_REFRESH_SECONDS
PAGE_PRESENCE_AT_TURN_SECONDS = PRESENCE_TTL


@dataclass(frozen=True, slots=True)
class Live:
    """A process's live updates: its settings, its broker, its count of open streams."""

    settings: LiveSettings
    broker: Broker
    streams: StreamCounter
    outage: OutageLog = field(default_factory=OutageLog)


def init_app(app: Flask) -> None:
    settings = LiveSettings.from_config(app.config)
    app.extensions[EXTENSION_KEY] = Live(settings, open_broker(settings),
                                         StreamCounter(settings.per_client, settings.max_streams))


def live_of(app: Flask) -> Live:
    found = app.extensions[EXTENSION_KEY]
    assert isinstance(found, Live)
    return found


def _ask(what: str, ask: Callable[[Broker], T], otherwise: T) -> T:
    """``ask(broker)``, or ``otherwise`` when it fails: a broker out of reach is logged once (its
    ``OutageLog``), anything else with its traceback; either marks the broker unhealthy."""
    live = None
    try:
        live = live_of(current_app)
        found = ask(live.broker)
    except BrokerError as error:
        if live is not None:
            live.broker.healthy = False
            live.outage.failed(error)
        return otherwise
    except Exception:  # noqa: BLE001 - whatever the broker does, the page or the committed move stands
        log.warning("live updates: could not %s", what, exc_info=True)
        if live is not None:
            live.broker.healthy = False
        return otherwise
    live.outage.answered()
    return found


def announce(game_id: str, version: int) -> None:
    """Tell the open streams of ``game_id`` that it is now at ``version``; a no-op outside an app
    context. Never raises."""
    if has_app_context():
        _ask("announce a version of a game", lambda broker: broker.publish(game_id, version), None)


def watchers(game_id: str) -> int:
    """How many open events streams of ``game_id`` present no seat key: its watchers (0 when the
    broker cannot say). Call it in a request or an app context."""
    return _ask("count watchers", lambda broker: broker.watching(game_id), 0)


def present_seats(game_id: str) -> frozenset[int]:
    """The seats of ``game_id`` with at least one open events stream presenting their key (empty
    when the broker cannot say). Call it in a request or an app context."""
    return _ask("read presence", lambda broker: broker.present(game_id), frozenset())


def page_seen(game_id: str, seat: int, at_turn: bool) -> None:
    """A page of ``seat`` was loaded: the seat counts as present (where the streams' presence is
    kept: the broker, so every app process sees it) for ``PAGE_PRESENCE_SECONDS``, or
    ``PAGE_PRESENCE_AT_TURN_SECONDS`` at its own turn. Never raises."""
    seconds = PAGE_PRESENCE_AT_TURN_SECONDS if at_turn else PAGE_PRESENCE_SECONDS
    _ask("mark a page's seat present", lambda broker: broker.touch(game_id, seat, PAGE_TOKEN, seconds), None)
