"""Limits on what one client may ask of the site (Flask-Limiter).

Starting a deal runs the computer players and writes a row, so it is limited per client address:
``PAIYOU_NEW_GAME_LIMIT`` (default 30 a minute and 500 a day), one budget shared by the play page's
"New deal" and the game API's ``POST /api/v1/<game>/games``. A hint runs the strongest computer
player's search, so hints are limited too: ``PAIYOU_HINT_LIMIT`` (default 30 a minute and 600 an
hour), one budget shared by the table's ``?hint=1`` and ``GET /api/v1/games/<id>/hint``. Asking
again for a failed analysis runs a whole deal's analysis, so it has its own budget:
``PAIYOU_ANALYSIS_RETRY_LIMIT`` (default 5 a minute and 30 a day), shared by the review's "Try
again" and ``POST /api/v1/games/<id>/analysis``. Taking a seat at a table with friends writes
the table and wakes every seat's page: ``PAIYOU_JOIN_LIMIT`` (default 20 a minute and 200 a day),
shared by the invite page and ``POST /api/v1/games/<id>/seats``. Every other change a seat makes
to a table with friends (a name, the invite renewed or withdrawn, a seat handed to the computer,
Leave, Take your seat back, the turn timer's ``timeout``) writes the table and wakes every seat's
page too: ``PAIYOU_SEAT_WRITE_LIMIT`` (default 30 a minute and 300 an hour; ``seat_write``), one
budget for the table's forms and the game API's routes. Moves are counted apart, since a deal
is made of them: ``PAIYOU_MOVE_LIMIT`` (default 300 a minute and 6000 an hour; ``move``), one
budget for a move and each step of the computer's (``advance``) from the table's forms and the
game API; a fast deal at the instant speed (about 100 of them in a minute or two) stays far
below it, while a script writing hundreds a second is stopped. A daily deal's result against the
field reads the day's counts and may compute its par: ``PAIYOU_DAILY_READ_LIMIT`` (default 60 a
minute and 1200 an hour; ``daily_read``); starting a daily deal is under the new-game budget. Trying
a progress key (entering one on the key page, or making a new one) has its own small budget, so keys
cannot be guessed in bulk (each is 256 bits: this only keeps the store quiet): ``PAIYOU_PROGRESS_KEY_LIMIT``
(default 10 a minute and 100 a day; ``progress_key``). Over a limit: 429 with ``Retry-After``.

Counts are kept in ``RATELIMIT_STORAGE_URI``: ``memory://`` (the default) counts per process,
which is right for one process; several processes (gunicorn workers, containers) must share a
store: ``redis://host:6379`` (Redis or Valkey; ``pip install 'paiyou[redis]'``). Behind a proxy,
``PAIYOU_BEHIND_PROXY`` makes the client address the one the proxy saw. ``RATELIMIT_ENABLED``
false turns the limits off.

The store out of reach fails open (docs/deploy.md, "Limits"): each process counts in its own
memory until the store answers again (Flask-Limiter's in-memory fallback, which looks again
after 1, 2, 4 … 32 s), so every limit still holds per process and nobody meets a 500. Each
Redis command gives up after ``STORE_TIMEOUT``; the outage is logged once when it starts and
once when it ends (``StoreOutageLog``).

A client is its IPv4 address, or its IPv6 **/64** (``client_key``): one subscriber usually holds
a whole /64 and may use any of its 2**64 addresses, which would otherwise each get a fresh budget.
deploy/nginx.conf counts its own limits the same way.
"""
from __future__ import annotations

import ipaddress
import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, request
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

DEFAULT_NEW_GAME_LIMIT = "30 per minute;500 per day"
DEFAULT_HINT_LIMIT = "30 per minute;600 per hour"
DEFAULT_ANALYSIS_RETRY_LIMIT = "5 per minute;30 per day"
DEFAULT_JOIN_LIMIT = "20 per minute;200 per day"
DEFAULT_SEAT_WRITE_LIMIT = "30 per minute;300 per hour"
DEFAULT_MOVE_LIMIT = "300 per minute;6000 per hour"
DEFAULT_DAILY_READ_LIMIT = "60 per minute;1200 per hour"
DEFAULT_PROGRESS_KEY_LIMIT = "10 per minute;100 per day"
HINT_SCOPE = "hint"
ANALYSIS_SCOPE = "analysis-retry"
JOIN_SCOPE = "join"
SEAT_WRITE_SCOPE = "seat-write"
MOVE_SCOPE = "move"
DAILY_READ_SCOPE = "daily-read"
PROGRESS_KEY_SCOPE = "progress-key"
EXTENSION_KEY = "paiyou.limiter"
View = TypeVar("View", bound=Callable[..., ResponseReturnValue])


IPV6_PREFIX = 64
# seconds to connect to the limits' Redis and for each command: a store that hangs (a host gone
# without a word) costs a request this much once, then the process counts in memory
STORE_TIMEOUT = 0.5
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")
log = logging.getLogger(__name__)


def client_key() -> str:
    """Whom a limit counts: the client address of this request (``address_key``)."""
    return address_key(get_remote_address() or "")


def address_key(address: str) -> str:
    """The IPv4 address, or the IPv6 /64 the address is in (an IPv4-mapped IPv6 address is its
    IPv4 address); anything else as it is. The events process counts its clients the same way."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, IPV6_PREFIX), strict=False))
    return str(parsed)


def new_game(view: View) -> View:
    """Mark a view that starts a deal: ``init_app`` puts it under the shared new-game limit."""
    view._paiyou_new_game = True  # type: ignore[attr-defined]
    return view


def hint(view: View) -> View:
    """Mark a view that may answer a hint (the API's ``/hint``, the table with ``?hint=1``):
    ``init_app`` puts its hint requests under the shared hint limit."""
    view._paiyou_hint = True  # type: ignore[attr-defined]
    return view


def analysis(view: View) -> View:
    """Mark a view that asks for a failed analysis again: ``init_app`` puts its POSTs under the
    shared analysis-retry limit."""
    view._paiyou_analysis = True  # type: ignore[attr-defined]
    return view


def join(view: View) -> View:
    """Mark a view that takes a seat at a table with friends: ``init_app`` puts its POSTs under
    the shared join limit."""
    view._paiyou_join = True  # type: ignore[attr-defined]
    return view


def seat_write(view: View) -> View:
    """Mark a view by which a seat changes its table with friends (not a move): ``init_app`` puts
    it under the shared seat-write limit."""
    view._paiyou_seat_write = True  # type: ignore[attr-defined]
    return view


def move(view: View) -> View:
    """Mark a view that makes a move or a step of the computer's (``advance``): ``init_app`` puts
    it under the shared move limit."""
    view._paiyou_move = True  # type: ignore[attr-defined]
    return view


def daily_read(view: View) -> View:
    """Mark a view that reads a daily deal's result against the field: ``init_app`` puts it under
    the daily-read limit."""
    view._paiyou_daily_read = True  # type: ignore[attr-defined]
    return view


def progress_key(view: View) -> View:
    """Mark a view that tries or makes a progress key: ``init_app`` puts its POSTs under the
    progress-key limit."""
    view._paiyou_progress_key = True  # type: ignore[attr-defined]
    return view


def is_progress_key_limit(error: object) -> bool:
    """The 429 ``error`` is the progress-key limit's."""
    return getattr(getattr(error, "limit", None), "scope", None) == PROGRESS_KEY_SCOPE


def is_daily_read_limit(error: object) -> bool:
    """The 429 ``error`` is the daily-read limit's."""
    return getattr(getattr(error, "limit", None), "scope", None) == DAILY_READ_SCOPE


def asks_hint() -> bool:
    """This request asks for a hint (the only requests of a marked view that are counted)."""
    # Judging a mistake puzzle's answer (views/mistakes.py) is the same search as a hint.
    return request.path.endswith("/hint") or "hint" in request.args or \
        (request.method == "POST" and request.endpoint == "mistakes.puzzle")


def is_hint_limit(error: object) -> bool:
    """The 429 ``error`` is the hint limit's (its page and message say so)."""
    return getattr(getattr(error, "limit", None), "scope", None) == HINT_SCOPE


def is_analysis_limit(error: object) -> bool:
    """The 429 ``error`` is the analysis-retry limit's."""
    return getattr(getattr(error, "limit", None), "scope", None) == ANALYSIS_SCOPE


def is_join_limit(error: object) -> bool:
    """The 429 ``error`` is the join limit's."""
    return getattr(getattr(error, "limit", None), "scope", None) == JOIN_SCOPE


def is_seat_write_limit(error: object) -> bool:
    """The 429 ``error`` is the seat-write limit's."""
    return getattr(getattr(error, "limit", None), "scope", None) == SEAT_WRITE_SCOPE


def is_move_limit(error: object) -> bool:
    """The 429 ``error`` is the move limit's."""
    return getattr(getattr(error, "limit", None), "scope", None) == MOVE_SCOPE


def a_safe_method() -> bool:
    """A request that changes nothing (GET, HEAD, OPTIONS) is not counted."""
    return request.method in ("GET", "HEAD", "OPTIONS")


def not_a_post() -> bool:
    """A request some budgets leave out: only what a POST asks for is counted."""
    return request.method != "POST"


class StoreOutageLog:
    """Says once that the counts' store is out of reach (a warning) and once that it answers again
    (info), from the limiter's own switch between the store and its in-memory fallback (the
    limiter's own messages go to a logger with no handler)."""

    def __init__(self, limiter: Limiter, store: str) -> None:
        self._limiter = limiter
        self._primary = limiter.limiter  # the strategy over the store; the fallback is another one
        self._store = store
        self._out = False
        self._lock = threading.Lock()

    def look(self, _: BaseException | None = None) -> None:
        """After each request (teardown): has the limiter switched since the last one?"""
        out = self._limiter.limiter is not self._primary
        with self._lock:
            if out == self._out:
                return
            self._out = out
        if out:
            log.warning("limits: the store of the counts (%s) is out of reach: this process counts in its "
                        "own memory until it answers", self._store)
        else:
            log.info("limits: the store of the counts (%s) answers again", self._store)


def store_name(uri: str) -> str:
    """The store's URI without its password (for the log)."""
    scheme, _, rest = uri.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}" if rest else uri


def init_app(app: Flask) -> None:
    """One limiter per app (its settings are the app's), wrapped around the marked views; call it
    after the blueprints are registered."""
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("RATELIMIT_STRATEGY", "fixed-window")
    # fail open: the store out of reach, the same limits are counted in this process's memory
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    store = str(app.config["RATELIMIT_STORAGE_URI"])
    if store.startswith(REDIS_SCHEMES):
        options = {"socket_connect_timeout": STORE_TIMEOUT, "socket_timeout": STORE_TIMEOUT}
        app.config["RATELIMIT_STORAGE_OPTIONS"] = {**options, **app.config.get("RATELIMIT_STORAGE_OPTIONS", {})}
    limiter = Limiter(client_key, app=app)
    app.extensions[EXTENSION_KEY] = limiter
    if limiter.enabled:
        app.teardown_request(StoreOutageLog(limiter, store_name(store)).look)
    config = app.config
    budgets: tuple[tuple[str, object, str, Callable[[], bool] | None], ...] = (
        # (the views' mark, the budget, its scope, what is not counted)
        ("_paiyou_new_game", config.get("PAIYOU_NEW_GAME_LIMIT") or DEFAULT_NEW_GAME_LIMIT, "new-game", None),
        ("_paiyou_hint", config.get("PAIYOU_HINT_LIMIT") or DEFAULT_HINT_LIMIT, HINT_SCOPE, lambda: not asks_hint()),
        ("_paiyou_analysis", config.get("PAIYOU_ANALYSIS_RETRY_LIMIT") or DEFAULT_ANALYSIS_RETRY_LIMIT,
         ANALYSIS_SCOPE, not_a_post),
        ("_paiyou_join", config.get("PAIYOU_JOIN_LIMIT") or DEFAULT_JOIN_LIMIT, JOIN_SCOPE, not_a_post),
        ("_paiyou_seat_write", config.get("PAIYOU_SEAT_WRITE_LIMIT") or DEFAULT_SEAT_WRITE_LIMIT,
         SEAT_WRITE_SCOPE, a_safe_method),
        ("_paiyou_move", config.get("PAIYOU_MOVE_LIMIT") or DEFAULT_MOVE_LIMIT, MOVE_SCOPE, a_safe_method),
        ("_paiyou_daily_read", config.get("PAIYOU_DAILY_READ_LIMIT") or DEFAULT_DAILY_READ_LIMIT,
         DAILY_READ_SCOPE, None),
        ("_paiyou_progress_key", config.get("PAIYOU_PROGRESS_KEY_LIMIT") or DEFAULT_PROGRESS_KEY_LIMIT,
         PROGRESS_KEY_SCOPE, not_a_post),
    )
    for mark, budget, scope, exempt in budgets:
        shared = limiter.shared_limit(str(budget), scope=scope, exempt_when=exempt)
        for endpoint, view in list(app.view_functions.items()):
            if getattr(view, mark, False):
                # Flask-Limiter types the decorated view as sync or async in one union of returns
                limited: Callable[..., Any] = shared(view)
                app.view_functions[endpoint] = limited

__all__ = ["client_key", "address_key", "new_game", "hint", "analysis", "join", "seat_write", "move", "asks_hint",
           "is_hint_limit", "is_analysis_limit", "is_join_limit", "is_seat_write_limit", "is_move_limit",
           "daily_read", "is_daily_read_limit", "DEFAULT_DAILY_READ_LIMIT",
           "progress_key", "is_progress_key_limit", "DEFAULT_PROGRESS_KEY_LIMIT",
           "init_app", "DEFAULT_NEW_GAME_LIMIT", "DEFAULT_HINT_LIMIT", "DEFAULT_ANALYSIS_RETRY_LIMIT",
           "DEFAULT_JOIN_LIMIT", "DEFAULT_SEAT_WRITE_LIMIT", "DEFAULT_MOVE_LIMIT"]
