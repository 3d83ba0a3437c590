"""Saved games: one row per game, on SQLite (the default) or PostgreSQL, through the same code.

A game is stored as its **deal record** (``engine.<game>.to_record``, docs/records.md) plus who sits
where (``seat``: the human's seat, ``agents``: one name per seat), a **version** and ``meta`` (a
JSON object the site keeps beside the record: a match's number and running totals). The state is
rebuilt with ``engine.<game>.replay(record)``, which re-checks every action, so any process that
can reach the database — after a restart, or another worker behind the same database — resumes
every game exactly where it was. Nothing about a game lives in a cookie.

Concurrency is optimistic: ``update(id, version, ...)`` writes only if the row still has
``version`` and then bumps it (one ``UPDATE … WHERE id = ? AND version = ?``), so of two
submissions made against the same version exactly one wins and the other changes nothing.

Where the games go (``open_store(url, instance_path)``):

- ``None`` / ``""``: ``sqlite:///<instance folder>/games.sqlite3``, created on first use;
- ``sqlite:///relative/or/absolute/path.sqlite3`` (four slashes for an absolute path);
- ``postgresql://user:password@host:port/dbname`` (or ``postgres://``): needs ``psycopg`` 3
  (``pip install .[postgres]``). The table is created on first use.

Ids are ``secrets.token_urlsafe(24)``: 32 characters, 192 random bits.

When the database cannot be reached, an operation raises ``StoreUnavailable`` (the site answers
503 with ``Retry-After``). A pooled connection that went stale (the server restarted) is dropped
and the operation tried once more on a fresh connection, for reads and for writes alike: a
statement sent on a dead connection never ran.

Old games are pruned (``prune``): unfinished games idle for ``PAIYOU_PRUNE_UNFINISHED_DAYS``
(30) days and finished ones after ``PAIYOU_PRUNE_FINISHED_DAYS`` (90), automatically on every
``PAIYOU_PRUNE_EVERY``-th (500) game created by a process, and by ``flask games prune``.
"""
from __future__ import annotations

import json
import os
import queue
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ID_BYTES = 24  # 192 bits
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{32}")
DEFAULT_SQLITE_NAME = "games.sqlite3"
TABLE = "paiyou_games"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    agents TEXT NOT NULL,
    version INTEGER NOT NULL,
    record TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    meta TEXT NOT NULL DEFAULT '{{}}'
)
"""
# Pruning looks games up by age and state (never a full scan).
INDEX = f"CREATE INDEX IF NOT EXISTS {TABLE}_prune ON {TABLE} (finished, updated_at)"

# Replayed records, by the SHA-256 of their canonical JSON (a short-lived link to a replay that
# every worker can open): at most ``MAX_REPLAYS`` rows, none older than ``REPLAY_DAYS``.
REPLAYS = "paiyou_replays"
REPLAY_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {REPLAYS} (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    record TEXT NOT NULL,
    created_at BIGINT NOT NULL
)
"""
REPLAY_INDEX = f"CREATE INDEX IF NOT EXISTS {REPLAYS}_age ON {REPLAYS} (created_at)"
REPLAY_DAYS = 7
MAX_REPLAYS = 2000  # records are at most 60 KiB (a whole deal is a few KiB): at most ~120 MB
DIGEST_PATTERN = re.compile(r"[0-9a-f]{64}")
COLUMNS = "id, game, seat, agents, version, record, created_at, updated_at, meta"
DAY = 24 * 3600

# The analysis of a finished deal (paiyou.analysis.jobs), one row per game: computed once, by
# whichever process claims it. A claim is a lease (claimed_at, claimed_by) taken by a conditional
# UPDATE, renewed at each progress step; a lease older than ``lease`` seconds (its process died)
# may be taken over, at most ``ANALYSIS_ATTEMPTS`` times in all, so a deal that crashes every
# worker stops being retried.
ANALYSES = "paiyou_analyses"
ANALYSIS_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {ANALYSES} (
    game_id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    done INTEGER NOT NULL DEFAULT 0,
    total INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    claimed_at BIGINT,
    claimed_by TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)
"""
# The sweep for queued jobs and expired leases looks them up by state (never a full scan).
ANALYSIS_INDEX = f"CREATE INDEX IF NOT EXISTS {ANALYSES}_state ON {ANALYSES} (state, claimed_at)"
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
ANALYSIS_ATTEMPTS = 3


class StoreError(Exception):
    """A store that cannot be opened (bad URL, missing driver)."""


class StoreUnavailable(Exception):
    """The database cannot be reached just now (restarting, overloaded): try again shortly."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: str
    game: str  # "chuo-pai" or "tien-gow"
    seat: int  # the human's seat
    agents: tuple[str, ...]  # one per seat; the human's seat holds "human"
    version: int  # bumped by every accepted update
    record: dict[str, Any]  # the deal record, format 1
    created_at: int  # Unix seconds
    updated_at: int
    # What the site keeps beside the record, never shown as such (e.g. a match's running totals)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> StoredGame:
        gid, game, seat, agents, version, record, created, updated, meta = row
        return cls(id=gid, game=game, seat=int(seat), agents=tuple(json.loads(agents)),
                   version=int(version), record=json.loads(record), created_at=int(created),
                   updated_at=int(updated), meta=json.loads(meta or "{}"))


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """A deal's analysis job: ``state`` (queued, running, done, failed), ``done``/``total``
    decisions analysed so far, ``result`` (the JSON the API serves) once done, and the lease."""

    game_id: str
    state: str
    done: int
    total: int
    result: dict[str, Any] | None
    attempts: int
    claimed_at: int | None
    claimed_by: str | None

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> StoredAnalysis:
        gid, state, done, total, result, attempts, claimed_at, claimed_by = row
        return cls(game_id=gid, state=state, done=int(done), total=int(total),
                   result=json.loads(result) if result else None, attempts=int(attempts),
                   claimed_at=None if claimed_at is None else int(claimed_at), claimed_by=claimed_by)


ANALYSIS_COLUMNS = "game_id, state, done, total, result, attempts, claimed_at, claimed_by"


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def is_valid_id(text: str) -> bool:
    return bool(ID_PATTERN.fullmatch(text))


def _dump(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class GameStore:
    """The games table on one database. Thread-safe; share one per process.

    Connections are pooled (idle ones kept in a LIFO queue, each used by one thread at a time);
    every operation is a single autocommitted statement, so each is its own transaction.
    """

    #: "sqlite" or "postgresql"
    kind: str = ""
    POOL_SIZE = 8

    def __init__(self) -> None:
        self._ready = False
        self._ready_lock = threading.Lock()
        self._idle: queue.LifoQueue[Any] = queue.LifoQueue(maxsize=self.POOL_SIZE)
        self._created = 0  # games created by this process, for the automatic pruning
        self.prune_every = 500
        self.prune_ages = (30 * DAY, 90 * DAY)  # unfinished, finished

    # -- what a dialect provides ---------------------------------------------------------------
    def _open(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _reusable(self, conn: Any) -> bool:
        return True

    def _sql(self, statement: str) -> str:
        """Statements are written with ``?`` placeholders."""
        return statement

    def _create_schema(self, conn: Any) -> None:
        conn.execute(SCHEMA)
        conn.execute(REPLAY_SCHEMA)
        conn.execute(REPLAY_INDEX)
        conn.execute(ANALYSIS_SCHEMA)
        conn.execute(ANALYSIS_INDEX)

    def _outage(self, error: BaseException) -> bool:
        """Whether ``error`` means the database is out of reach (rather than a bug)."""
        return False

    # -- connections ---------------------------------------------------------------------------
    @contextmanager
    def _connection(self) -> Iterator[Any]:
        try:
            conn = self._idle.get_nowait()
        except queue.Empty:
            conn = self._open()
        try:
            yield conn
        except BaseException:
            conn.close()  # a connection that failed mid-way is never reused
            raise
        if not self._reusable(conn):
            conn.close()
            return
        try:
            self._idle.put_nowait(conn)
        except queue.Full:
            conn.close()

    def close(self) -> None:
        """Close the pooled connections (the store still works afterwards: it reconnects)."""
        while True:
            try:
                self._idle.get_nowait().close()
            except queue.Empty:
                return

    # -- operations ----------------------------------------------------------------------------
    def _ensure_schema(self) -> None:
        if self._ready:
            return
        with self._ready_lock:
            if not self._ready:
                with self._connection() as conn:
                    self._create_schema(conn)
                self._ready = True

    def _run(self, statement: str, params: Sequence[Any], fetch: bool = False) -> tuple[int, list[Any]]:
        for attempt in (1, 2):
            pooled = not self._idle.empty()
            try:
                self._ensure_schema()
                with self._connection() as conn:
                    cur = conn.execute(self._sql(statement), tuple(params))
                    rows = cur.fetchall() if fetch else []
                    count = cur.rowcount
                    cur.close()
                    return count, rows
            except Exception as error:
                if not self._outage(error):
                    raise
                if attempt == 1 and pooled:  # a stale pooled connection: drop them all, retry once
                    self.close()
                    continue
                raise StoreUnavailable(str(error)) from error
        raise AssertionError("unreachable")  # pragma: no cover

    def create(self, game: str, seat: int, agents: Sequence[str], record: Mapping[str, Any],
               game_id: str | None = None, finished: bool = False,
               meta: Mapping[str, Any] | None = None) -> StoredGame:
        """Store a new game at version 1 (and now and then prune old games: see ``prune``)."""
        now = int(time.time())
        stored = StoredGame(id=game_id or new_id(), game=game, seat=seat, agents=tuple(agents),
                            version=1, record=dict(record), created_at=now, updated_at=now,
                            meta=dict(meta or {}))
        self._run(f"INSERT INTO {TABLE} ({COLUMNS}, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  (stored.id, game, seat, _dump(list(agents)), 1, _dump(stored.record), now, now,
                   _dump(stored.meta), int(finished)))
        with self._ready_lock:
            self._created += 1
            due = self.prune_every > 0 and self._created % self.prune_every == 0
        if due:
            self.prune()
        return stored

    def get(self, game_id: str) -> StoredGame | None:
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return None
        _, rows = self._run(f"SELECT {COLUMNS} FROM {TABLE} WHERE id = ?", (game_id,), fetch=True)
        return StoredGame.from_row(rows[0]) if rows else None

    def update(self, game_id: str, version: int, record: Mapping[str, Any],
               finished: bool = False, meta: Mapping[str, Any] | None = None) -> StoredGame | None:
        """Replace the record (and ``meta``, when given) if the game is still at ``version``; the
        new version is ``version + 1``. None (and nothing written) when the game moved on or does
        not exist. One statement: the check and the write cannot be split by another writer."""
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return None
        _, rows = self._run(
            f"UPDATE {TABLE} SET record = ?, version = version + 1, updated_at = ?, finished = ?, "
            f"meta = COALESCE(?, meta) WHERE id = ? AND version = ? RETURNING {COLUMNS}",
            (_dump(dict(record)), int(time.time()), int(finished),
             None if meta is None else _dump(dict(meta)), game_id, version), fetch=True)
        return StoredGame.from_row(rows[0]) if rows else None

    def replace_meta(self, game_id: str, expected: Mapping[str, Any], meta: Mapping[str, Any]) -> bool:
        """Write ``meta`` if the game's ``meta`` is still ``expected`` (the version and the record
        stay as they are); False when it changed meanwhile or the game does not exist. One
        statement: of two writers starting from the same ``meta``, exactly one wins."""
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return False
        count, _ = self._run(f"UPDATE {TABLE} SET meta = ? WHERE id = ? AND meta = ?",
                             (_dump(dict(meta)), game_id, _dump(dict(expected))))
        return count == 1

    def delete_older_than(self, seconds: int) -> int:
        """Forget games untouched for ``seconds``; returns how many went."""
        count, _ = self._run(f"DELETE FROM {TABLE} WHERE updated_at < ?", (int(time.time()) - seconds,))
        return count

    def prune(self, now: float | None = None) -> int:
        """Forget unfinished games idle longer than ``prune_ages[0]`` seconds and finished ones
        older than ``prune_ages[1]``; returns how many went."""
        now = int(time.time() if now is None else now)
        unfinished, finished = self.prune_ages
        count, _ = self._run(
            f"DELETE FROM {TABLE} WHERE (finished = 0 AND updated_at < ?) OR (finished = 1 AND updated_at < ?)",
            (now - unfinished, now - finished))
        # An analysis lives as long as its game (the games went by index; this table is small).
        self._run(f"DELETE FROM {ANALYSES} WHERE NOT EXISTS (SELECT 1 FROM {TABLE} WHERE id = game_id)", ())
        return count

    # -- analyses (one job per finished deal) ----------------------------------------------------
    def queue_analysis(self, game_id: str, now: float | None = None) -> bool:
        """Queue the analysis of a finished game; False when it already has one (queued, running,
        done or failed: a deal is analysed once)."""
        now = int(time.time() if now is None else now)
        count, _ = self._run(f"INSERT INTO {ANALYSES} (game_id, state, created_at, updated_at) "
                             f"VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                             (game_id, QUEUED, now, now))
        return count == 1

    def queue_missing_analyses(self, now: float | None = None) -> int:
        """Queue the analysis of every finished game that has none (games that ended before
        analyses were kept, or whose job was lost); how many were queued."""
        now = int(time.time() if now is None else now)
        count, _ = self._run(
            f"INSERT INTO {ANALYSES} (game_id, state, created_at, updated_at) SELECT id, ?, ?, ? FROM {TABLE} "
            f"WHERE finished = 1 AND NOT EXISTS (SELECT 1 FROM {ANALYSES} WHERE game_id = id) "
            f"ON CONFLICT (game_id) DO NOTHING", (QUEUED, now, now))
        return count

    def analysis(self, game_id: str) -> StoredAnalysis | None:
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return None
        _, rows = self._run(f"SELECT {ANALYSIS_COLUMNS} FROM {ANALYSES} WHERE game_id = ?", (game_id,),
                            fetch=True)
        return StoredAnalysis.from_row(rows[0]) if rows else None

    def claim_analysis(self, game_id: str, claimer: str, lease: int, now: float | None = None) -> bool:
        """Take the job if it is queued, or running under a lease older than ``lease`` seconds
        (its process died), and tried fewer than ``ANALYSIS_ATTEMPTS`` times. One conditional
        UPDATE: of two claimers exactly one wins."""
        now = int(time.time() if now is None else now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET state = ?, claimed_at = ?, claimed_by = ?, attempts = attempts + 1, "
            f"done = 0, updated_at = ? WHERE game_id = ? AND attempts < ? AND "
            f"(state = ? OR (state = ? AND claimed_at < ?))",
            (RUNNING, now, claimer, now, game_id, ANALYSIS_ATTEMPTS, QUEUED, RUNNING, now - lease))
        return count == 1

    def analysis_progress(self, game_id: str, claimer: str, done: int, total: int,
                          now: float | None = None) -> bool:
        """Record progress and renew the lease; False when ``claimer`` no longer holds the job
        (its lease expired and another process took it over: it should stop)."""
        now = int(time.time() if now is None else now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET done = ?, total = ?, claimed_at = ?, updated_at = ? "
            f"WHERE game_id = ? AND state = ? AND claimed_by = ?",
            (done, total, now, now, game_id, RUNNING, claimer))
        return count == 1

    def finish_analysis(self, game_id: str, claimer: str, result: Mapping[str, Any] | None,
                        now: float | None = None) -> bool:
        """Store the result (``done``), or with ``result=None`` mark the job ``failed``; only
        while ``claimer`` holds it."""
        now = int(time.time() if now is None else now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET state = ?, result = ?, done = total, updated_at = ? "
            f"WHERE game_id = ? AND state = ? AND claimed_by = ?",
            (DONE if result is not None else FAILED, None if result is None else _dump(dict(result)), now,
             game_id, RUNNING, claimer))
        return count == 1

    def retry_analysis(self, game_id: str, lease: int, now: float | None = None) -> bool:
        """Queue a failed job again, with one attempt left (a deal that crashes its worker can
        take at most one process down per retry); False when the job is not failed (queued,
        running, done, or missing: nothing changes). Failed means ``failed`` (the analysis
        raised) or still ``running`` after its last attempt's lease expired (its process died),
        as ``paiyou.analysis.jobs.status`` says. One conditional UPDATE: of two retries exactly
        one queues the job, and a job that runs is never queued a second time."""
        now = int(time.time() if now is None else now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET state = ?, attempts = ?, done = 0, total = 0, claimed_at = NULL, "
            f"claimed_by = NULL, updated_at = ? WHERE game_id = ? AND "
            f"(state = ? OR (state = ? AND attempts >= ? AND claimed_at < ?))",
            (QUEUED, ANALYSIS_ATTEMPTS - 1, now, game_id, FAILED, RUNNING, ANALYSIS_ATTEMPTS, now - lease))
        return count == 1

    def claimable_analyses(self, lease: int, limit: int, now: float | None = None) -> list[str]:
        """Ids of jobs a worker may claim: queued, or running under an expired lease (oldest
        first)."""
        now = int(time.time() if now is None else now)
        _, rows = self._run(
            f"SELECT game_id FROM {ANALYSES} WHERE attempts < ? AND "
            f"(state = ? OR (state = ? AND claimed_at < ?)) ORDER BY updated_at LIMIT ?",
            (ANALYSIS_ATTEMPTS, QUEUED, RUNNING, now - lease, limit), fetch=True)
        return [str(r[0]) for r in rows]

    def keep_replay(self, digest: str, game: str, record: str, now: float | None = None) -> None:
        """Keep a replayed record (its canonical JSON) under ``digest``, its SHA-256, for
        ``REPLAY_DAYS`` from now (kept again: the clock restarts), then bound the table: expired
        rows and all but the newest ``MAX_REPLAYS`` go."""
        now = int(time.time() if now is None else now)
        self._run(f"INSERT INTO {REPLAYS} (digest, game, record, created_at) VALUES (?, ?, ?, ?) "
                  f"ON CONFLICT (digest) DO UPDATE SET created_at = excluded.created_at",
                  (digest, game, record, now))
        self._run(f"DELETE FROM {REPLAYS} WHERE created_at < ? OR created_at < (SELECT created_at FROM "
                  f"{REPLAYS} ORDER BY created_at DESC LIMIT 1 OFFSET ?)",
                  (now - REPLAY_DAYS * DAY, MAX_REPLAYS - 1))

    def replay(self, digest: str, now: float | None = None) -> tuple[str, str] | None:
        """(game, record JSON) kept under ``digest``, or None (unknown, malformed or expired)."""
        if not isinstance(digest, str) or not DIGEST_PATTERN.fullmatch(digest):
            return None
        now = int(time.time() if now is None else now)
        _, rows = self._run(f"SELECT game, record FROM {REPLAYS} WHERE digest = ? AND created_at >= ?",
                            (digest, now - REPLAY_DAYS * DAY), fetch=True)
        return (str(rows[0][0]), str(rows[0][1])) if rows else None

    def count(self) -> int:
        _, rows = self._run(f"SELECT COUNT(*) FROM {TABLE}", (), fetch=True)
        return int(rows[0][0])


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
        conn = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 10000")
        conn.execute("PRAGMA synchronous = NORMAL")
        return conn

    def _create_schema(self, conn: sqlite3.Connection) -> None:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(SCHEMA)
        columns = {row[1] for row in conn.execute(f"PRAGMA table_info({TABLE})")}
        if "finished" not in columns:  # a table made before games were pruned by state
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN finished INTEGER NOT NULL DEFAULT 0")
        if "meta" not in columns:  # a table made before matches (and commitments) were kept
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN meta TEXT NOT NULL DEFAULT '{{}}'")
        conn.execute(INDEX)
        conn.execute(REPLAY_SCHEMA)
        conn.execute(REPLAY_INDEX)
        conn.execute(ANALYSIS_SCHEMA)
        conn.execute(ANALYSIS_INDEX)

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

    def _open(self) -> Any:
        return self._psycopg.connect(self.url, autocommit=True, connect_timeout=self.connect_timeout)

    connect_timeout = 5  # seconds: a request waits at most this long for a database that is down

    def _outage(self, error: BaseException) -> bool:
        return isinstance(error, self._psycopg.OperationalError)

    def _reusable(self, conn: Any) -> bool:
        return not conn.closed and \
            conn.info.transaction_status == self._psycopg.pq.TransactionStatus.IDLE

    def _sql(self, statement: str) -> str:
        return statement.replace("?", "%s")

    def _create_schema(self, conn: Any) -> None:
        # Several processes may start at once: serialize the CREATE on an advisory lock.
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (TABLE,))
            conn.execute(SCHEMA)
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS finished INTEGER NOT NULL DEFAULT 0")
            conn.execute(f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS meta TEXT NOT NULL DEFAULT '{{}}'")
            conn.execute(INDEX)
            conn.execute(REPLAY_SCHEMA)
            conn.execute(REPLAY_INDEX)
            conn.execute(ANALYSIS_SCHEMA)
            conn.execute(ANALYSIS_INDEX)

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

EXTENSION_KEY = "paiyou.store.games"
_app_lock = threading.Lock()


def store_for(app: Any) -> GameStore:
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


__all__ = ["GameStore", "SqliteStore", "PostgresStore", "StoredGame", "StoredAnalysis", "StoreError",
           "StoreUnavailable", "open_store",
           "store_for", "current_store", "new_id", "is_valid_id"]
