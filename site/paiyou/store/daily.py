"""The daily deal's store (docs/daily.md): results, the field's counts and the progress keys, on
the app's ``GameStore`` (SQLite or PostgreSQL, the same SQL; the tables are ``schema.DAILY_*``).

- ``begin_attempt`` claims a person's one attempt of a game's day when its deal starts (the primary
  key on game, day and player: of two starts at once, exactly one wins; the other is told the
  first deal's id). Only that deal can be countable (the caller's ``countable``).
- ``record_result`` keeps every finished daily deal's result, in one transaction with the counts it
  adds to. The first countable result of a person, game and day is **counted**, every later one is
  kept uncounted: the partial unique index on (game, day, player) ``WHERE counted = 1`` decides,
  so it holds across processes (``INSERT … ON CONFLICT DO NOTHING``: of two finishes at once,
  exactly one is counted). Recording a deal again changes nothing and answers as the first time.
- A counted result adds 1 to its score's count (``score_counts``: what matchpoints, percentile and
  rank need, one row per distinct score) and to the action chosen at each of its decisions
  (``action_counts``: what the field played at a position), so no request reads every result.
  Rows are locked in one order (the score, then the positions sorted, in one statement): two
  transactions never wait on each other in a cycle.
- **Generations**: the transaction that counts a result also adds 1 to its day's generation, and
  ``set_name`` to the names' (``schema.DAILY_DAYS``): a process keeping a day's field (score counts,
  top 50, names) reads both numbers and reads the field again when either moved, whichever process
  or server wrote (``paiyou.daily.day_field``). Whoever writes the counts otherwise bumps too.
- ``reader_state``: the reader's own state of a game's day in one statement (progress key's hash →
  player → the day's attempt → its result and the player's name, with the day's and the names'
  generations): what the day's page needs besides the field.
- ``leaderboard`` reads the counted results by the index (score descending, then who finished
  first), ranks from the score counts (ties share a rank).
- ``field_counts`` reads ``action_counts`` of one deal's decisions at once (the review's "what
  the field played"); ``set_name`` and ``names`` keep the leaderboard's optional names.
- **Progress keys**: a random secret shown once (``issue_key``), stored as its SHA-256;
  ``player_for_key`` finds its player, ``replace_key`` gives a new one and the old stops working.
  ``keep_carried``/``carried``: the copy of a player's statistics and mistakes decks (cookies on
  each browser) that another browser adopts with the key.

Every method validates what a request could send (game, day, ids, keys, bounds) and raises
``DailyStoreError`` with a code (``bad-game``, ``bad-day``, ``bad-player``, ``bad-deal``,
``bad-score``, ``bad-page``, ``bad-carried``, ``bad-name``), or ``StoreUnavailable`` when the database is out of reach.
"""
from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from paiyou.store.games import Connection, GameStore, StoreUnavailable
from paiyou.store.schema import (
    DAILY_ACTIONS,
    DAILY_ATTEMPTS,
    DAILY_CARRIED,
    DAILY_DAYS,
    DAILY_NAMES,
    DAILY_PLAYERS,
    DAILY_RESULTS,
    DAILY_SCORES,
    ID_PATTERN,
    NAMES_GENERATION,
    Row,
    new_id,
)

GAME_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
DAY_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
POSITION_PATTERN = re.compile(r"[0-9a-f]{32}")
KEY_BYTES = 32  # 256 bits: a progress key cannot be guessed
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(KEY_BYTES)
MAX_ACTION_CHARS = 200  # an action's canonical JSON is a few dozen characters
MAX_DECISIONS = 200  # a deal has far fewer decisions of one seat
MAX_SCORE = 10**6  # any game's score is far smaller: beyond is an attack or a bug
MAX_PAGE = 100  # leaderboard rows per read
MAX_OFFSET = 10**6
CARRIED_NAME = re.compile(r"[a-z][a-z0-9_-]{0,63}")  # a cookie's name
MAX_CARRIED_CHARS = 4096  # a cookie's value is at most this long in every browser
MAX_POSITIONS = MAX_DECISIONS  # positions read at once: one deal's decisions
MAX_NAME_CHARS = 64  # the caller's rules are stricter (``paiyou.daily.names``); this bounds the column
RESULT_COLUMNS = "deal_id, game, day, player, score, finished_at, counted"
ROUNDS_PATTERN = re.compile(r"[01]{0,100}")  # a deal has far fewer rounds

T = TypeVar("T")


class DailyStoreError(ValueError):
    """Input the daily store refuses, changing nothing. ``code``: a stable code (module docstring)."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(code)


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A finished daily deal: ``deal_id`` (the stored game), ``game``, ``day`` (ISO date), the
    ``player`` (their stable id), ``score`` (in the game's terms, higher is better),
    ``finished_at`` (Unix seconds), ``counted`` (the person's one result of the day in the field)."""

    deal_id: str
    game: str
    day: str
    player: str
    score: int
    finished_at: int
    counted: bool

    @classmethod
    def from_row(cls, row: Row) -> DailyResult:
        deal_id, game, day, player, score, finished_at, counted = row
        return cls(str(deal_id), str(game), str(day), str(player), int(score), int(finished_at), bool(counted))


@dataclass(frozen=True, slots=True)
class Recorded:
    """What ``record_result`` did: the result as stored, and ``new`` (False when the deal had been
    recorded before: nothing was written)."""

    result: DailyResult
    new: bool


@dataclass(frozen=True, slots=True)
class ReaderState:
    """``reader_state``: the day's and the names' ``generations``; the reader's ``player`` (None:
    a visitor), their attempt's ``deal_id``, its ``result`` once recorded with its ``rounds`` (None
    for a result recorded before they were kept), and the player's leaderboard ``name``."""

    generations: tuple[int, int]
    player: str | None
    deal_id: str | None
    result: DailyResult | None
    rounds: str | None
    name: str | None


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A leaderboard row: its ``rank`` (ties share it) and the counted result."""

    rank: int
    result: DailyResult


# -- validation ---------------------------------------------------------------------------------------

def _game(game: object) -> str:
    if not isinstance(game, str) or not GAME_PATTERN.fullmatch(game):
        raise DailyStoreError("bad-game")
    return game


def _day(day: object) -> str:
    if not isinstance(day, str) or not DAY_PATTERN.fullmatch(day):
        raise DailyStoreError("bad-day")
    return day


def _id(value: object, code: str) -> str:
    if not isinstance(value, str) or not ID_PATTERN.fullmatch(value):
        raise DailyStoreError(code)
    return value


def _whole(value: object, low: int, high: int, code: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DailyStoreError(code)
    return value


def _decisions(decisions: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """(position, action) pairs checked, sorted (the order rows are locked in), duplicates kept
    once: a position is reached once in a deal."""
    if len(decisions) > MAX_DECISIONS:
        raise DailyStoreError("bad-deal")
    for pair in decisions:
        if (not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[0], str)
                or not POSITION_PATTERN.fullmatch(pair[0]) or not isinstance(pair[1], str)
                or not 0 < len(pair[1]) <= MAX_ACTION_CHARS):
            raise DailyStoreError("bad-deal")
    return sorted(set(decisions))


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _bump(execute: Callable[..., tuple[int, list[Row]]], game: str, day: str) -> None:
    """Add 1 to a day's generation (or the names', ``NAMES_GENERATION``) in the caller's transaction."""
    execute(f"INSERT INTO {DAILY_DAYS} (game, day, generation) VALUES (?, ?, 1) ON CONFLICT (game, day) "
            f"DO UPDATE SET generation = {DAILY_DAYS}.generation + 1", (game, day))


# -- the store ----------------------------------------------------------------------------------------

class DailyStore:
    """The daily deal's operations on a ``GameStore`` (its connections, dialect and schema: the
    daily tables are made with the others). Thread-safe as the store is."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # -- plumbing: one statement, or several in one transaction ---------------------------------------
    def _run(self, statement: str, params: Sequence[object], fetch: bool = False) -> tuple[int, list[Row]]:
        return self.store._run(statement, params, fetch)

    @contextmanager
    def _begun(self, conn: Connection) -> Iterator[None]:
        # SQLite: IMMEDIATE takes the write lock at once (a deferred transaction that reads first
        # could fail to upgrade); PostgreSQL: the autocommit connection's explicit transaction.
        conn.execute("BEGIN IMMEDIATE" if self.store.kind == "sqlite" else "BEGIN")
        try:
            yield
        except BaseException:
            try:
                conn.execute("ROLLBACK")
            except Exception:  # a dead connection: it is closed, not reused
                pass
            raise
        conn.execute("COMMIT")

    def _transaction(self, work: Callable[[Callable[..., tuple[int, list[Row]]]], T]) -> T:
        """Run ``work(execute)`` in one transaction; ``execute(statement, params, fetch=False)``
        gives (rowcount, rows). As ``GameStore._run``: a stale pooled connection is retried once on
        a fresh one (the work is idempotent), an unreachable database is ``StoreUnavailable``."""
        store = self.store
        for attempt in (1, 2):
            pooled = not store._idle.empty()
            try:
                store._ensure_schema()
                with store._connection() as conn:
                    def execute(statement: str, params: Sequence[object], fetch: bool = False) -> tuple[int, list[Row]]:
                        cur = conn.execute(store._sql(statement), tuple(params))
                        rows = cur.fetchall() if fetch else []
                        count = cur.rowcount
                        cur.close()
                        return count, rows

                    with self._begun(conn):
                        return work(execute)
            except Exception as error:
                if not store._outage(error):
                    raise
                if attempt == 1 and pooled:
                    store.close()
                    continue
                raise StoreUnavailable(str(error)) from error
        raise AssertionError("unreachable")  # pragma: no cover

    # -- attempts -----------------------------------------------------------------------------------
    def begin_attempt(self, game: str, day: str, player: str, deal_id: str,
                      started_at: float | None = None) -> tuple[str, bool]:
        """Claim the player's one attempt of the game's day for ``deal_id`` (the deal being started):
        (the attempt's deal id, True) when this claim won, or (the deal id of the attempt already
        made, False) — the start answers ``daily-already-played`` with it. One statement on the
        primary key: of two starts at once, in any processes, exactly one wins."""
        row = (_game(game), _day(day), _id(player, "bad-player"), _id(deal_id, "bad-deal"),
               int(time.time() if started_at is None else started_at))
        count, _ = self._run(f"INSERT INTO {DAILY_ATTEMPTS} (game, day, player, deal_id, started_at) "
                             "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, day, player) DO NOTHING", row)
        if count == 1:
            return deal_id, True
        found = self.attempt(game, day, player)
        assert found is not None  # attempts are never deleted
        return found[0], False

    def attempt(self, game: str, day: str, player: str) -> tuple[str, int] | None:
        """The player's attempt of the game's day: (its deal id, when it started), or None."""
        _, rows = self._run(f"SELECT deal_id, started_at FROM {DAILY_ATTEMPTS} WHERE game = ? AND day = ? "
                            "AND player = ?", (_game(game), _day(day), _id(player, "bad-player")), fetch=True)
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    # -- results ------------------------------------------------------------------------------------
    def record_result(self, game: str, day: str, player: str, deal_id: str, score: int, *,
                      countable: bool, decisions: Sequence[tuple[str, str]] = (),
                      finished_at: float | None = None, rounds: str | None = None) -> Recorded:
        """Keep a finished daily deal's result. ``countable``: the deal may count for its day
        (``engine.daily.counts``: started while the day was open, finished within the grace; a
        practice deal never is); it is counted when the player has no counted result for the game
        and day yet, and then its score and ``decisions`` ((``position_key``, ``action_key``) of
        each decision: ``engine.daily.decisions``) are added to the field's counts and the day's
        generation is bumped. ``rounds``: the rounds won and lost ("1", "0"), kept with the result
        for the page to show it without a replay. The score comes from the server's own replay of
        the deal, never from a client."""
        row = (_id(deal_id, "bad-deal"), _game(game), _day(day), _id(player, "bad-player"),
               _whole(score, -MAX_SCORE, MAX_SCORE, "bad-score"))
        chosen = _decisions(decisions)
        if rounds is not None and (not isinstance(rounds, str) or not ROUNDS_PATTERN.fullmatch(rounds)):
            raise DailyStoreError("bad-deal")
        now = int(time.time() if finished_at is None else finished_at)

        def work(execute: Callable[..., tuple[int, list[Row]]]) -> Recorded:
            insert = (f"INSERT INTO {DAILY_RESULTS} ({RESULT_COLUMNS}, rounds) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                      "ON CONFLICT DO NOTHING")
            if countable and execute(insert, (*row, now, 1, rounds))[0] == 1:
                execute(f"INSERT INTO {DAILY_SCORES} (game, day, score, players) VALUES (?, ?, ?, 1) "
                        f"ON CONFLICT (game, day, score) DO UPDATE SET players = {DAILY_SCORES}.players + 1",
                        (game, day, score))
                if chosen:  # one statement for every decision (each pair once: ``_decisions``)
                    execute(f"INSERT INTO {DAILY_ACTIONS} (game, day, position, action, players) VALUES "
                            + ", ".join(["(?, ?, ?, ?, 1)"] * len(chosen))
                            + f" ON CONFLICT (game, day, position, action) DO UPDATE SET players = "
                            f"{DAILY_ACTIONS}.players + 1",
                            [value for position, action in chosen for value in (game, day, position, action)])
                _bump(execute, game, day)  # last: the day's row is locked for the shortest time
                return Recorded(DailyResult(deal_id, game, day, player, score, now, True), True)
            if execute(insert, (*row, now, 0, rounds))[0] == 1:
                return Recorded(DailyResult(deal_id, game, day, player, score, now, False), True)
            _, found = execute(f"SELECT {RESULT_COLUMNS} FROM {DAILY_RESULTS} WHERE deal_id = ?", (deal_id,),
                               fetch=True)
            return Recorded(DailyResult.from_row(found[0]), False)

        return self._transaction(work)

    def result(self, deal_id: str) -> DailyResult | None:
        """The result recorded for a deal, or None."""
        _, rows = self._run(f"SELECT {RESULT_COLUMNS} FROM {DAILY_RESULTS} WHERE deal_id = ?",
                            (_id(deal_id, "bad-deal"),), fetch=True)
        return DailyResult.from_row(rows[0]) if rows else None

    def counted_result(self, game: str, day: str, player: str) -> DailyResult | None:
        """The player's counted result of the day (the unique index finds it), or None."""
        _, rows = self._run(f"SELECT {RESULT_COLUMNS} FROM {DAILY_RESULTS} WHERE game = ? AND day = ? "
                            "AND player = ? AND counted = 1",
                            (_game(game), _day(day), _id(player, "bad-player")), fetch=True)
        return DailyResult.from_row(rows[0]) if rows else None

    def reader_state(self, game: str, day: str, key: str | None) -> ReaderState:
        """The reader's own state of a game's day, in one statement: the player of the progress
        ``key`` (its SHA-256, by the unique index), their attempt (primary key), its result (primary
        key) and their name, with the day's and the names' generations. A malformed or unknown key
        is a visitor (no player)."""
        wanted = key_hash(key) if isinstance(key, str) and KEY_PATTERN.fullmatch(key) else None
        game, day = _game(game), _day(day)
        _, rows = self._run(
            f"SELECT d.generation, n.generation, p.player, a.deal_id, r.score, r.finished_at, r.counted, r.rounds, "
            f"m.name FROM (SELECT 1 AS one) q "
            f"LEFT JOIN {DAILY_DAYS} d ON d.game = ? AND d.day = ? "
            f"LEFT JOIN {DAILY_DAYS} n ON n.game = ? AND n.day = ? "
            f"LEFT JOIN {DAILY_PLAYERS} p ON p.key_hash = ? "
            f"LEFT JOIN {DAILY_ATTEMPTS} a ON a.game = ? AND a.day = ? AND a.player = p.player "
            f"LEFT JOIN {DAILY_RESULTS} r ON r.deal_id = a.deal_id "
            f"LEFT JOIN {DAILY_NAMES} m ON m.player = p.player",
            (game, day, *NAMES_GENERATION, wanted, game, day), fetch=True)
        generation, names, player, deal_id, score, finished_at, counted, rounds, name = rows[0]
        result = (None if deal_id is None or score is None else
                  DailyResult(str(deal_id), game, day, str(player), int(score), int(finished_at), bool(counted)))
        return ReaderState((int(generation or 0), int(names or 0)), None if player is None else str(player),
                           None if deal_id is None else str(deal_id), result,
                           None if rounds is None else str(rounds), None if name is None else str(name))

    def generations(self, game: str, day: str) -> tuple[int, int]:
        """The day's generation and the names' (0: never bumped)."""
        return self.reader_state(game, day, None).generations

    def player_results(self, player: str, since: str, until: str) -> list[DailyResult]:
        """The player's counted results from day ``since`` to ``until`` (ISO dates, both included),
        oldest first: the streak and the calendar (by the index on player and day)."""
        _, rows = self._run(f"SELECT {RESULT_COLUMNS} FROM {DAILY_RESULTS} WHERE player = ? AND day >= ? "
                            "AND day <= ? AND counted = 1 ORDER BY day, game",
                            (_id(player, "bad-player"), _day(since), _day(until)), fetch=True)
        return [DailyResult.from_row(row) for row in rows]

    def player_field_counts(self, player: str, since: str, until: str) -> dict[tuple[str, str], list[tuple[int, int]]]:
        """For each (game, day) of the player's counted results from ``since`` to ``until``, the
        day's score counts (as ``score_counts``): their matchpoints for the calendar, in one
        statement (by the player's index, then each day's scores by their primary key)."""
        _, rows = self._run(f"SELECT s.game, s.day, s.score, s.players FROM {DAILY_RESULTS} r JOIN {DAILY_SCORES} s "
                            "ON s.game = r.game AND s.day = r.day WHERE r.player = ? AND r.day >= ? AND r.day <= ? "
                            "AND r.counted = 1 ORDER BY s.game, s.day, s.score DESC",
                            (_id(player, "bad-player"), _day(since), _day(until)), fetch=True)
        found: dict[tuple[str, str], list[tuple[int, int]]] = {}
        for game, day, value, players in rows:
            found.setdefault((str(game), str(day)), []).append((int(value), int(players)))
        return found

    # -- the field ----------------------------------------------------------------------------------
    def score_counts(self, game: str, day: str) -> list[tuple[int, int]]:
        """(score, counted results with it) for each distinct score of the day, highest first:
        ``engine.field.standing``'s input."""
        _, rows = self._run(f"SELECT score, players FROM {DAILY_SCORES} WHERE game = ? AND day = ? "
                            "ORDER BY score DESC", (_game(game), _day(day)), fetch=True)
        return [(int(score), int(players)) for score, players in rows]

    def action_counts(self, game: str, day: str, position: str) -> dict[str, int]:
        """How many counted players chose each action at a position (``engine.daily.position_key``)."""
        if not isinstance(position, str) or not POSITION_PATTERN.fullmatch(position):
            raise DailyStoreError("bad-deal")
        _, rows = self._run(f"SELECT action, players FROM {DAILY_ACTIONS} WHERE game = ? AND day = ? "
                            "AND position = ?", (_game(game), _day(day), position), fetch=True)
        return {str(action): int(players) for action, players in rows}

    def field_counts(self, game: str, day: str, positions: Sequence[str]) -> dict[str, dict[str, int]]:
        """``action_counts`` of several positions in one statement (by the primary key): what the
        field played at each of one deal's decisions. A position nobody counted reached is absent."""
        game, day = _game(game), _day(day)
        wanted = sorted(set(positions))
        if len(wanted) > MAX_POSITIONS or not all(isinstance(p, str) and POSITION_PATTERN.fullmatch(p)
                                                  for p in wanted):
            raise DailyStoreError("bad-deal")
        if not wanted:
            return {}
        _, rows = self._run(f"SELECT position, action, players FROM {DAILY_ACTIONS} WHERE game = ? AND day = ? "
                            f"AND position IN ({', '.join('?' * len(wanted))})", (game, day, *wanted), fetch=True)
        found: dict[str, dict[str, int]] = {}
        for position, action, players in rows:
            found.setdefault(str(position), {})[str(action)] = int(players)
        return found

    def leaderboard(self, game: str, day: str, limit: int = 50, offset: int = 0,
                    counts: Sequence[tuple[int, int]] | None = None) -> list[BoardEntry]:
        """The day's counted results from ``offset``, best first (then who finished first), at most
        ``limit`` (1 … ``MAX_PAGE``), each with its rank. Two statements, each by an index: the
        score counts (the ranks, and the score the page starts at; ``counts``: ``score_counts``
        as the caller read them, one statement fewer), and the page from that score on — so a deep
        page skips only the players tied at its first score, not every player above it
        (``OFFSET`` walks the index row by row)."""
        game, day = _game(game), _day(day)
        limit = _whole(limit, 1, MAX_PAGE, "bad-page")
        offset = _whole(offset, 0, MAX_OFFSET, "bad-page")
        above: dict[int, int] = {}
        higher, start = 0, None
        if counts is None:
            counts = self.score_counts(game, day)
        for value, players in counts:  # highest first
            above[value] = higher
            if start is None and higher + players > offset:
                start = (value, offset - higher)  # the page's first score, and the tied players before it
            higher += players
        if start is None:
            return []
        _, rows = self._run(f"SELECT {RESULT_COLUMNS} FROM {DAILY_RESULTS} WHERE game = ? AND day = ? "
                            "AND counted = 1 AND score <= ? ORDER BY score DESC, finished_at, deal_id LIMIT ? OFFSET ?",
                            (game, day, start[0], limit, start[1]), fetch=True)
        results = [DailyResult.from_row(row) for row in rows]
        # a result counted after the counts were read may carry a score they do not hold yet
        return [BoardEntry(1 + (above[r.score] if r.score in above else
                                sum(n for value, n in counts if value > r.score)), r) for r in results]

    # -- names ----------------------------------------------------------------------------------------
    def set_name(self, player: str, name: str | None, now: float | None = None) -> None:
        """The player's leaderboard name (None: none, shown as anonymous). The caller checks the
        name's rules (``paiyou.daily.names``); here only its type and length."""
        player = _id(player, "bad-player")
        if name is not None and (not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_CHARS):
            raise DailyStoreError("bad-name")
        stamp = int(time.time() if now is None else now)

        def work(execute: Callable[..., tuple[int, list[Row]]]) -> None:
            if name is None:
                execute(f"DELETE FROM {DAILY_NAMES} WHERE player = ?", (player,))
            else:
                execute(f"INSERT INTO {DAILY_NAMES} (player, name, named_at) VALUES (?, ?, ?) ON CONFLICT (player) "
                        "DO UPDATE SET name = excluded.name, named_at = excluded.named_at", (player, name, stamp))
            _bump(execute, *NAMES_GENERATION)  # in the same transaction: no process keeps the old name

        self._transaction(work)

    def names(self, players: Sequence[str]) -> dict[str, str]:
        """The names of the players who have one (a leaderboard page's: at most ``MAX_PAGE``), in
        one statement by the primary key."""
        wanted = sorted({_id(p, "bad-player") for p in players})
        if len(wanted) > MAX_PAGE:
            raise DailyStoreError("bad-page")
        if not wanted:
            return {}
        _, rows = self._run(f"SELECT player, name FROM {DAILY_NAMES} WHERE player IN "
                            f"({', '.join('?' * len(wanted))})", wanted, fetch=True)
        return {str(player): str(name) for player, name in rows}

    # -- progress keys ------------------------------------------------------------------------------
    def issue_key(self, now: float | None = None) -> tuple[str, str]:
        """A new player and their progress key: (player id, key). The key is returned once and
        stored only as its SHA-256."""
        player, key = new_id(), secrets.token_urlsafe(KEY_BYTES)
        self._run(f"INSERT INTO {DAILY_PLAYERS} (player, key_hash, created_at) VALUES (?, ?, ?)",
                  (player, key_hash(key), int(time.time() if now is None else now)))
        return player, key

    def player_for_key(self, key: object) -> str | None:
        """The player a progress key belongs to, or None (malformed, unknown or replaced). The
        lookup is by the key's SHA-256: a guess reveals nothing of a stored key."""
        if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
            return None
        _, rows = self._run(f"SELECT player FROM {DAILY_PLAYERS} WHERE key_hash = ?", (key_hash(key),),
                            fetch=True)
        return str(rows[0][0]) if rows else None

    def replace_key(self, key: object, now: float | None = None) -> str | None:
        """A new progress key for the player of ``key``, which stops working: one conditional
        UPDATE, so of two replacements with the same key exactly one succeeds. None when ``key``
        is not a current key."""
        if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
            return None
        new_key = secrets.token_urlsafe(KEY_BYTES)
        count, _ = self._run(f"UPDATE {DAILY_PLAYERS} SET key_hash = ?, replaced_at = ? WHERE key_hash = ?",
                             (key_hash(new_key), int(time.time() if now is None else now), key_hash(key)))
        return new_key if count == 1 else None

    # -- what a progress key carries besides the daily history ----------------------------------------
    def keep_carried(self, player: str, values: dict[str, str], now: float | None = None) -> None:
        """Keep the player's copy of each named value (a cookie's name and text), replacing the
        previous one: what another browser adopts with the player's key (``carried``)."""
        player = _id(player, "bad-player")
        for name, value in values.items():
            if (not isinstance(name, str) or not CARRIED_NAME.fullmatch(name) or not isinstance(value, str)
                    or len(value) > MAX_CARRIED_CHARS):
                raise DailyStoreError("bad-carried")
        stamp = int(time.time() if now is None else now)
        for name, value in sorted(values.items()):
            self._run(f"INSERT INTO {DAILY_CARRIED} (player, name, value, updated_at) VALUES (?, ?, ?, ?) "
                      "ON CONFLICT (player, name) DO UPDATE SET value = excluded.value, "
                      "updated_at = excluded.updated_at", (player, name, value, stamp))

    def carried(self, player: str) -> dict[str, str]:
        """The player's kept values by name (``keep_carried``)."""
        _, rows = self._run(f"SELECT name, value FROM {DAILY_CARRIED} WHERE player = ? ORDER BY name",
                            (_id(player, "bad-player"),), fetch=True)
        return {str(name): str(value) for name, value in rows}


__all__ = ["DailyStore", "DailyStoreError", "DailyResult", "Recorded", "ReaderState", "BoardEntry", "key_hash"]
