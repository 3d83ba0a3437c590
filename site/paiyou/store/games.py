"""The store of saved games (``GameStore``): one class, the same SQL on every database it runs on
(``paiyou.store.databases`` opens SQLite or PostgreSQL); the tables are ``paiyou.store.schema``'s.

Concurrency is optimistic: ``update(id, version, ...)`` writes only if the row still has
``version`` and then bumps it (one ``UPDATE … WHERE id = ? AND version = ?``), so of two
submissions made against the same version exactly one wins and the other changes nothing.

When the database cannot be reached, an operation raises ``StoreUnavailable`` (the site answers
503 with ``Retry-After``). A pooled connection that went stale (the server restarted) is dropped
and the operation tried once more on a fresh connection, for reads and for writes alike: a
statement sent on a dead connection never ran.

Old games are pruned (``prune``): unfinished games idle for ``PAIYOU_PRUNE_UNFINISHED_DAYS``
(30) days and finished ones after ``PAIYOU_PRUNE_FINISHED_DAYS`` (90), automatically on every
``PAIYOU_PRUNE_EVERY``-th (500) game created by a process, and by ``flask games prune``.
"""
from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from paiyou.store.schema import (
    ANALYSES,
    ANALYSIS_ATTEMPTS,
    ANALYSIS_COLUMNS,
    ANALYSIS_INDEX,
    ANALYSIS_SCHEMA,
    COLUMNS,
    DAILY_ADDED_COLUMNS,
    DAILY_SCHEMA,
    DAY,
    DEFERRED,
    DIGEST_PATTERN,
    DONE,
    FAILED,
    HEAD_COLUMNS,
    INDEX,
    MAX_REPLAYS,
    QUEUED,
    REPLAY_DAYS,
    REPLAY_INDEX,
    REPLAY_SCHEMA,
    REPLAYS,
    RUNNING,
    SCHEMA,
    TABLE,
    UNPLAYED,
    GameHead,
    Row,
    StoredAnalysis,
    StoredGame,
    is_valid_id,
    new_id,
    split_analysis_key,
    to_json,
)

# The jobs an analysis waits behind: queued or running (parameters: the two states).
BACKLOG_COUNT = f"SELECT COUNT(*) FROM {ANALYSES} WHERE state IN (?, ?)"


# A connection of the dialect's driver: sqlite3's or psycopg's (untyped here). They share no typed
# interface, so each dialect's methods take their own; the shared code calls only ``execute``
# (a cursor with ``fetchall``, ``rowcount``, ``close``) and ``close``.
Connection = Any


class StoreUnavailable(Exception):
    """The database cannot be reached just now (restarting, overloaded): try again shortly."""


def _now(now: float | None) -> int:
    """``now`` (a test's clock) or the time, in whole Unix seconds."""
    return int(time.time() if now is None else now)


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
        self._idle: queue.LifoQueue[Connection] = queue.LifoQueue(maxsize=self.POOL_SIZE)
        self._created = 0  # games created by this process, for the automatic pruning
        self.prune_every = 500
        self.prune_ages = (30 * DAY, 90 * DAY)  # unfinished, finished

    # -- what a dialect provides ---------------------------------------------------------------
    def _open(self) -> Connection:  # pragma: no cover - abstract
        raise NotImplementedError

    def _reusable(self, conn: Connection) -> bool:
        return True

    def _sql(self, statement: str) -> str:
        """Statements are written with ``?`` placeholders."""
        return statement

    def _create_schema(self, conn: Connection) -> None:
        """The tables and their indexes, made once per process (``IF NOT EXISTS``): the games' table,
        the columns a table made by an older version lacks (``_add_missing_columns``), then the rest."""
        conn.execute(SCHEMA)
        self._add_missing_columns(conn)
        for statement in (INDEX, REPLAY_SCHEMA, REPLAY_INDEX, ANALYSIS_SCHEMA, ANALYSIS_INDEX, *DAILY_SCHEMA):
            conn.execute(statement)
        for table, column, kind in DAILY_ADDED_COLUMNS:
            self._add_column(conn, table, column, kind)

    def _add_missing_columns(self, conn: Connection) -> None:
        """Add the columns of the games' table that came after its first version."""

    def _add_column(self, conn: Connection, table: str, column: str, kind: str) -> None:
        """Add ``column`` to ``table`` (made by an older version) unless it has it."""
        raise NotImplementedError

    def _outage(self, error: BaseException) -> bool:
        """Whether ``error`` means the database is out of reach (rather than a bug)."""
        return False

    # -- connections ---------------------------------------------------------------------------
    @contextmanager
    def _connection(self) -> Iterator[Connection]:
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

    def _run(self, statement: str, params: Sequence[object], fetch: bool = False) -> tuple[int, list[Row]]:
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

    def create(self, game: str, seat: int, agents: Sequence[str], record: Mapping[str, object],
               game_id: str | None = None, finished: bool = False,
               meta: Mapping[str, object] | None = None) -> StoredGame:
        """Store a new game at version 1 (and now and then prune old games: see ``prune``)."""
        now = int(time.time())
        stored = StoredGame(id=game_id or new_id(), game=game, seat=seat, agents=tuple(agents),
                            version=1, record=dict(record), created_at=now, updated_at=now,
                            meta=dict(meta or {}))
        self._run(f"INSERT INTO {TABLE} ({COLUMNS}, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  (stored.id, game, seat, to_json(list(agents)), 1, to_json(stored.record), now, now,
                   to_json(stored.meta), int(finished)))
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

    def head(self, game_id: str) -> GameHead | None:
        """A game's version and ``meta`` without its record (the events streams read it often)."""
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return None
        _, rows = self._run(f"SELECT {HEAD_COLUMNS} FROM {TABLE} WHERE id = ?", (game_id,), fetch=True)
        return GameHead.from_row(rows[0]) if rows else None

    VERSIONS_BATCH = 500  # ids per statement: well under every database's parameter limit

    def versions(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The version of each game that exists among ``game_ids`` (a missing one is left out): one
        statement per ``VERSIONS_BATCH`` ids, for an events process checking all its open streams."""
        ids = sorted({i for i in game_ids if isinstance(i, str) and is_valid_id(i)})
        found: dict[str, int] = {}
        for start in range(0, len(ids), self.VERSIONS_BATCH):
            batch = ids[start:start + self.VERSIONS_BATCH]
            marks = ", ".join("?" * len(batch))
            _, rows = self._run(f"SELECT id, version FROM {TABLE} WHERE id IN ({marks})", batch, fetch=True)
            found.update({str(row[0]): int(row[1]) for row in rows})
        return found

    def update(self, game_id: str, version: int, record: Mapping[str, object],
               finished: bool = False, meta: Mapping[str, object] | None = None) -> StoredGame | None:
        """Replace the record (and ``meta``, when given) if the game is still at ``version``; the
        new version is ``version + 1``. None (and nothing written) when the game moved on or does
        not exist. One statement: the check and the write cannot be split by another writer."""
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return None
        _, rows = self._run(
            f"UPDATE {TABLE} SET record = ?, version = version + 1, updated_at = ?, finished = ?, "
            f"meta = COALESCE(?, meta) WHERE id = ? AND version = ? RETURNING {COLUMNS}",
            (to_json(dict(record)), int(time.time()), int(finished),
             None if meta is None else to_json(dict(meta)), game_id, version), fetch=True)
        return StoredGame.from_row(rows[0]) if rows else None

    def replace_meta(self, game_id: str, expected: Mapping[str, object], meta: Mapping[str, object]) -> bool:
        """Write ``meta`` if the game's ``meta`` is still ``expected`` (the version and the record
        stay as they are); False when it changed meanwhile or the game does not exist. One
        statement: of two writers starting from the same ``meta``, exactly one wins."""
        if not isinstance(game_id, str) or not is_valid_id(game_id):
            return False
        count, _ = self._run(f"UPDATE {TABLE} SET meta = ? WHERE id = ? AND meta = ?",
                             (to_json(dict(meta)), game_id, to_json(dict(expected))))
        return count == 1

    def delete_older_than(self, seconds: int) -> int:
        """Forget games untouched for ``seconds``; returns how many went."""
        count, _ = self._run(f"DELETE FROM {TABLE} WHERE updated_at < ?", (int(time.time()) - seconds,))
        return count

    def prune(self, now: float | None = None) -> int:
        """Forget unfinished games idle longer than ``prune_ages[0]`` seconds and finished ones
        older than ``prune_ages[1]``; returns how many went."""
        now = _now(now)
        unfinished, finished = self.prune_ages
        count, _ = self._run(
            f"DELETE FROM {TABLE} WHERE (finished = 0 AND updated_at < ?) OR (finished = 1 AND updated_at < ?)",
            (now - unfinished, now - finished))
        # An analysis lives as long as its game (the games went by index; this table is small).
        self._run(f"DELETE FROM {ANALYSES} WHERE NOT EXISTS "
                  f"(SELECT 1 FROM {TABLE} WHERE id = SUBSTR({ANALYSES}.game_id, 1, 32))", ())
        return count

    # -- analyses (one job per finished deal) ----------------------------------------------------
    def queue_analysis(self, game_id: str, now: float | None = None, backlog: int | None = None) -> bool:
        """Queue the analysis of a finished game; False when it already has one (queued, running,
        done or failed: a deal is analysed once). With ``backlog``, a job that would find that
        many jobs queued or running is kept ``deferred`` instead (False): not claimed until
        ``queue_deferred`` finds room."""
        now = _now(now)
        if backlog is None:
            count, _ = self._run(f"INSERT INTO {ANALYSES} (game_id, state, created_at, updated_at) "
                                 f"VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                                 (game_id, QUEUED, now, now))
            return count == 1
        # One statement: the count and the insert see the same table (concurrent deals' ends may
        # each find room: the backlog is exceeded by at most the requests running at once).
        count, _ = self._run(
            f"INSERT INTO {ANALYSES} (game_id, state, created_at, updated_at) "
            f"SELECT ?, CASE WHEN ({BACKLOG_COUNT}) < ? THEN ? ELSE ? END, ?, ? WHERE 1 = 1 "
            f"ON CONFLICT (game_id) DO NOTHING",
            (game_id, QUEUED, RUNNING, backlog, QUEUED, DEFERRED, now, now))
        if count != 1:
            return False
        found = self.analysis(game_id)
        return found is not None and found.state == QUEUED

    def queue_deferred(self, game_id: str, backlog: int, now: float | None = None) -> bool:
        """Queue a ``deferred`` job when fewer than ``backlog`` jobs are queued or running; False,
        changing nothing, otherwise (or when the job is not deferred)."""
        now = _now(now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET state = ?, updated_at = ? WHERE game_id = ? AND state = ? "
            f"AND ({BACKLOG_COUNT}) < ?",
            (QUEUED, now, game_id, DEFERRED, QUEUED, RUNNING, backlog))
        return count == 1

    def note_unplayed(self, game_id: str, now: float | None = None) -> None:
        """Keep, in place of an analysis, that the seat's person made no move of their own."""
        now = _now(now)
        self._run(f"INSERT INTO {ANALYSES} (game_id, state, created_at, updated_at) "
                  f"VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING", (game_id, UNPLAYED, now, now))

    def queue_missing_analyses(self, now: float | None = None) -> int:
        """Queue the analysis of every finished game that has none (games that ended before
        analyses were kept, or whose job was lost); how many were queued."""
        now = _now(now)
        count, _ = self._run(
            f"INSERT INTO {ANALYSES} (game_id, state, created_at, updated_at) SELECT id, ?, ?, ? FROM {TABLE} "
            f"WHERE finished = 1 AND NOT EXISTS (SELECT 1 FROM {ANALYSES} WHERE game_id = id) "
            f"ON CONFLICT (game_id) DO NOTHING", (QUEUED, now, now))
        return count

    def analysis(self, game_id: str) -> StoredAnalysis | None:
        """The job under ``game_id``: a deal's id, or an analysis key (``schema.analysis_key``)."""
        if not isinstance(game_id, str) or split_analysis_key(game_id) is None:
            return None
        _, rows = self._run(f"SELECT {ANALYSIS_COLUMNS} FROM {ANALYSES} WHERE game_id = ?", (game_id,),
                            fetch=True)
        return StoredAnalysis.from_row(rows[0]) if rows else None

    def claim_analysis(self, game_id: str, claimer: str, lease: int, now: float | None = None) -> bool:
        """Take the job if it is queued, or running under a lease older than ``lease`` seconds
        (its process died), and tried fewer than ``ANALYSIS_ATTEMPTS`` times. One conditional
        UPDATE: of two claimers exactly one wins."""
        now = _now(now)
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
        now = _now(now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET done = ?, total = ?, claimed_at = ?, updated_at = ? "
            f"WHERE game_id = ? AND state = ? AND claimed_by = ?",
            (done, total, now, now, game_id, RUNNING, claimer))
        return count == 1

    def finish_analysis(self, game_id: str, claimer: str, result: Mapping[str, object] | None,
                        now: float | None = None) -> bool:
        """Store the result (``done``), or with ``result=None`` mark the job ``failed``; only
        while ``claimer`` holds it."""
        now = _now(now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET state = ?, result = ?, done = total, updated_at = ? "
            f"WHERE game_id = ? AND state = ? AND claimed_by = ?",
            (DONE if result is not None else FAILED, None if result is None else to_json(dict(result)), now,
             game_id, RUNNING, claimer))
        return count == 1

    def retry_analysis(self, game_id: str, lease: int, now: float | None = None) -> bool:
        """Queue a failed job again, with one attempt left (a deal that crashes its worker can
        take at most one process down per retry); False when the job is not failed (queued,
        running, done, or missing: nothing changes). Failed means ``failed`` (the analysis
        raised) or still ``running`` after its last attempt's lease expired (its process died),
        as ``paiyou.analysis.jobs.status`` says. One conditional UPDATE: of two retries exactly
        one queues the job, and a job that runs is never queued a second time."""
        now = _now(now)
        count, _ = self._run(
            f"UPDATE {ANALYSES} SET state = ?, attempts = ?, done = 0, total = 0, claimed_at = NULL, "
            f"claimed_by = NULL, updated_at = ? WHERE game_id = ? AND "
            f"(state = ? OR (state = ? AND attempts >= ? AND claimed_at < ?))",
            (QUEUED, ANALYSIS_ATTEMPTS - 1, now, game_id, FAILED, RUNNING, ANALYSIS_ATTEMPTS, now - lease))
        return count == 1

    def claimable_analyses(self, lease: int, limit: int, now: float | None = None) -> list[str]:
        """Ids of jobs a worker may claim: queued, or running under an expired lease (oldest
        first)."""
        now = _now(now)
        _, rows = self._run(
            f"SELECT game_id FROM {ANALYSES} WHERE attempts < ? AND "
            f"(state = ? OR (state = ? AND claimed_at < ?)) ORDER BY updated_at LIMIT ?",
            (ANALYSIS_ATTEMPTS, QUEUED, RUNNING, now - lease, limit), fetch=True)
        return [str(r[0]) for r in rows]

    def keep_replay(self, digest: str, game: str, record: str, now: float | None = None) -> None:
        """Keep a replayed record (its canonical JSON) under ``digest``, its SHA-256, for
        ``REPLAY_DAYS`` from now (kept again: the clock restarts), then bound the table: expired
        rows and all but the newest ``MAX_REPLAYS`` go."""
        now = _now(now)
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
        now = _now(now)
        _, rows = self._run(f"SELECT game, record FROM {REPLAYS} WHERE digest = ? AND created_at >= ?",
                            (digest, now - REPLAY_DAYS * DAY), fetch=True)
        return (str(rows[0][0]), str(rows[0][1])) if rows else None

    def count(self) -> int:
        _, rows = self._run(f"SELECT COUNT(*) FROM {TABLE}", (), fetch=True)
        return int(rows[0][0])
