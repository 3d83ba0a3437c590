"""Where the games go: SQLite (the default) or PostgreSQL (``open_store(url, instance_path)``), and
the app's one store per process (``store_for``, ``current_store``).

- ``None`` / ``""``: ``sqlite:///<instance folder>/games.sqlite3``, created on first use;
- ``sqlite:///relative/or/absolute/path.sqlite3`` (four slashes for an absolute path);
- ``postgresql://user:password@host:port/dbname`` (or ``postgres://``): needs ``psycopg`` 3
  (``pip install .[postgres]``). The table is created on first use.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from paiyou.store.games import Connection, GameStore
from paiyou.store.schema import DAY, TABLE

if TYPE_CHECKING:
    from flask import Flask

DEFAULT_SQLITE_NAME = "games.sqlite3"


class StoreError(Exception):
    """A store that cannot be opened (bad URL, missing driver)."""


BUSY_SECONDS = 10.0  # how long a write waits for another connection's lock


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL. The switch takes an exclusive lock that SQLite does not wait for (no
    busy handler): stores opening one new file together (app processes starting, the daily store's
    racing-starts test under load: "database is locked") retry it within the busy timeout."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)  # a retry's pause: the loop waits on the lock, bounded by the deadline


class SqliteStore(GameStore):
    """One file, created on first use. WAL, so readers never block the writer and several
    processes can share the file; ``synchronous=NORMAL`` (durable at each checkpoint; a power
    cut can lose the last moves, never corrupt a game)."""

    kind = "sqlite"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _create_schema(self, conn: sqlite3.Connection) -> None:
        _use_wal(conn)
        super()._create_schema(conn)

    def _add_missing_columns(self, conn: sqlite3.Connection) -> None:
        columns = {row[1] for row in conn.execute(f"PRAGMA table_info({TABLE})")}
        if "finished" not in columns:  # a table made before games were pruned by state
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN finished INTEGER NOT NULL DEFAULT 0")
        if "meta" not in columns:  # a table made before matches (and commitments) were kept
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN meta TEXT NOT NULL DEFAULT '{{}}'")

    def _add_column(self, conn: sqlite3.Connection, table: str, column: str, kind: str) -> None:
        if column not in {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def _outage(self, error: BaseException) -> bool:
        # locked past the busy timeout, a full disk, an unreadable file
        return isinstance(error, sqlite3.OperationalError)

    def __repr__(self) -> str:
        return f"SqliteStore({str(self.path)!r})"


class PostgresStore(GameStore):
    """PostgreSQL through psycopg 3 (autocommit connections)."""

    kind = "postgresql"

    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            import psycopg
        except ImportError as error:  # pragma: no cover - depends on the install
            raise StoreError("PostgreSQL needs psycopg 3: pip install 'paiyou[postgres]'") from error
        self._psycopg = psycopg
        self.url = url

    def _open(self) -> Connection:
        return self._psycopg.connect(self.url, autocommit=True, connect_timeout=self.connect_timeout)

    connect_timeout = 5  # seconds: a request waits at most this long for a database that is down

    def _outage(self, error: BaseException) -> bool:
        return isinstance(error, self._psycopg.OperationalError)

    def _reusable(self, conn: Connection) -> bool:
        return not conn.closed and \
            conn.info.transaction_status == self._psycopg.pq.TransactionStatus.IDLE

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s")

    def _create_schema(self, conn: Connection) -> None:
        # Several processes may start at once: serialize the CREATE on an advisory lock.
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (TABLE,))
            super()._create_schema(conn)

    def _add_missing_columns(self, conn: Connection) -> None:
        conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS finished INTEGER NOT NULL DEFAULT 0")
        conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS meta TEXT NOT NULL DEFAULT '{{}}'")

    def _add_column(self, conn: Connection, table: str, column: str, kind: str) -> None:
        conn.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")

    def __repr__(self) -> str:
        parts = urlsplit(self.url)
        return f"PostgresStore('{parts.scheme}://{parts.hostname}:{parts.port}{parts.path}')"


def sqlite_path_from_url(url: str, instance_path: str | os.PathLike[str] | None = None) -> Path:
    """``sqlite:///games.db`` is relative to the instance folder, ``sqlite:////abs/games.db``
    absolute."""
    rest = unquote(url[len("sqlite:///"):])
    if not rest or rest == ":memory:":
        raise StoreError("a SQLite store needs a file path (sqlite:///path)")
    path = Path(rest)
    if not path.is_absolute():
        path = Path(instance_path or ".") / path
    return path


def open_store(url: str | None, instance_path: str | os.PathLike[str] | None = None) -> GameStore:
    """The store a database URL names (see the module docstring)."""
    if not url:
        return SqliteStore(Path(instance_path or "instance") / DEFAULT_SQLITE_NAME)
    if url.startswith("sqlite:///"):
        return SqliteStore(sqlite_path_from_url(url, instance_path))
    scheme = url.split(":", 1)[0].lower()
    if scheme in ("postgresql", "postgres") or scheme.startswith("postgresql+"):
        if scheme != "postgresql":
            url = "postgresql" + url[len(scheme):]
        return PostgresStore(url)
    raise StoreError(f"unsupported database URL scheme {scheme!r} (use sqlite:/// or postgresql://)")


# -- the app's store -----------------------------------------------------------------------------

EXTENSION_KEY = "paiyou.store"
_app_lock = threading.Lock()


def store_for(app: Flask) -> GameStore:
    """The app's store, opened on first use from ``PAIYOU_DATABASE_URL`` (app config, else the
    environment; default: SQLite in the instance folder)."""
    found = app.extensions.get(EXTENSION_KEY)
    if found is None:
        with _app_lock:
            found = app.extensions.get(EXTENSION_KEY)
            if found is None:
                url = app.config.get("PAIYOU_DATABASE_URL") or os.environ.get("PAIYOU_DATABASE_URL")
                found = open_store(url, app.instance_path)
                found.prune_every = int(app.config["PAIYOU_PRUNE_EVERY"])
                found.prune_ages = (int(app.config["PAIYOU_PRUNE_UNFINISHED_DAYS"]) * DAY,
                                    int(app.config["PAIYOU_PRUNE_FINISHED_DAYS"]) * DAY)
                app.extensions[EXTENSION_KEY] = found
    assert isinstance(found, GameStore)
    return found


def current_store() -> GameStore:
    from flask import current_app

    return store_for(current_app)
