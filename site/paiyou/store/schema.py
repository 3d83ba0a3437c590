"""What the store keeps: its tables (the games, the replayed records behind their
content-addressed links, the analyses' jobs, the daily deal's results and counts), the rows read
from them and the games' ids.

A game is stored as its **deal record** (``engine.<game>.to_record``, docs/records.md) plus who sits
where (``seat``: the human's seat, ``agents``: one name per seat), a **version** and ``meta`` (a
JSON object the site keeps beside the record: a match's number and running totals). The state is
rebuilt with ``engine.<game>.replay(record)``, which re-checks every action, so any process that
can reach the database — after a restart, or another worker behind the same database — resumes
every game exactly where it was. Nothing about a game lives in a cookie.

Ids are ``secrets.token_urlsafe(24)``: 32 characters, 192 random bits.
"""
from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from paiyou.jsontypes import JsonObject

ID_BYTES = 24  # 192 bits
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{32}")
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
# A row as the database drivers give it, its values untyped by sqlite3 and psycopg (each column's
# type is the schema's, which no type checker reads); ``from_row`` turns one into typed fields.
Row = Sequence[Any]

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
# Two states of a job never claimed: ``deferred``, not queued when its deal ended because the
# store already held ``PAIYOU_ANALYSIS_BACKLOG`` jobs queued or running (the player's "Try again"
# queues it once there is room), and ``unplayed``, a seat at a table with friends whose person made
# no move of their own (the computer played it all): there is nothing of theirs to analyse.
DEFERRED, UNPLAYED = "deferred", "unplayed"
ANALYSIS_ATTEMPTS = 3

# The daily deal (paiyou.store.daily, docs/daily.md): each person's one attempt of a game's day (the
# deal they started first: the primary key holds across processes); every finished daily deal's
# result, at most one counted per person, game and day (the partial unique index); the
# counted results per score and per position's action, kept up to date by each counted insert, so
# that a result against the field and what the field played read a few rows, never every result;
# and the progress keys' hashes. A day is its ISO date, ``YYYY-MM-DD``.
DAILY_ATTEMPTS, DAILY_RESULTS, DAILY_SCORES, DAILY_ACTIONS, DAILY_PLAYERS = (
    "paiyou_daily_attempts", "paiyou_daily_results", "paiyou_daily_scores", "paiyou_daily_actions",
    "paiyou_daily_players")
# What a progress key carries besides its daily history: a player's statistics and mistakes decks
# (cookies on each browser), the copy another browser adopts with the key (paiyou.daily.carry).
DAILY_CARRIED = "paiyou_daily_carried"
DAILY_NAMES = "paiyou_daily_names"  # a player's leaderboard name (none: shown as anonymous)
# Each day's generation: bumped by the transaction that counts a result of that day, so a process
# that keeps the day's field (its score counts, top 50 and their names) knows, from one number read
# with the reader's own state, whether what it keeps is still the field (paiyou.daily.day_field).
# The names' generation is one row of its own (NAMES_GENERATION: no game or day is spelt so),
# bumped by every name set or removed: a name may show on any day's top 50.
DAILY_DAYS = "paiyou_daily_days"
NAMES_GENERATION = ("*", "names")
DAILY_SCHEMA = (
    f"CREATE TABLE IF NOT EXISTS {DAILY_ATTEMPTS} (game TEXT NOT NULL, day TEXT NOT NULL, player TEXT NOT NULL, "
    "deal_id TEXT NOT NULL, started_at BIGINT NOT NULL, PRIMARY KEY (game, day, player))",
    f"CREATE TABLE IF NOT EXISTS {DAILY_RESULTS} (deal_id TEXT PRIMARY KEY, game TEXT NOT NULL, "
    "day TEXT NOT NULL, player TEXT NOT NULL, score INTEGER NOT NULL, finished_at BIGINT NOT NULL, "
    "counted INTEGER NOT NULL, rounds TEXT)",
    f"CREATE UNIQUE INDEX IF NOT EXISTS {DAILY_RESULTS}_counted ON {DAILY_RESULTS} (game, day, player) "
    "WHERE counted = 1",
    f"CREATE INDEX IF NOT EXISTS {DAILY_RESULTS}_board ON {DAILY_RESULTS} (game, day, counted, score DESC, "
    "finished_at, deal_id)",
    f"CREATE INDEX IF NOT EXISTS {DAILY_RESULTS}_player ON {DAILY_RESULTS} (player, day)",
    f"CREATE TABLE IF NOT EXISTS {DAILY_SCORES} (game TEXT NOT NULL, day TEXT NOT NULL, score INTEGER NOT NULL, "
    "players INTEGER NOT NULL, PRIMARY KEY (game, day, score))",
    f"CREATE TABLE IF NOT EXISTS {DAILY_ACTIONS} (game TEXT NOT NULL, day TEXT NOT NULL, position TEXT NOT NULL, "
    "action TEXT NOT NULL, players INTEGER NOT NULL, PRIMARY KEY (game, day, position, action))",
    f"CREATE TABLE IF NOT EXISTS {DAILY_PLAYERS} (player TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, "
    "created_at BIGINT NOT NULL, replaced_at BIGINT)",
    f"CREATE TABLE IF NOT EXISTS {DAILY_CARRIED} (player TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, "
    "updated_at BIGINT NOT NULL, PRIMARY KEY (player, name))",
    f"CREATE TABLE IF NOT EXISTS {DAILY_NAMES} (player TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "named_at BIGINT NOT NULL)",
    f"CREATE TABLE IF NOT EXISTS {DAILY_DAYS} (game TEXT NOT NULL, day TEXT NOT NULL, generation BIGINT NOT NULL, "
    "PRIMARY KEY (game, day))",
)
# Columns of the daily tables that came after their first version: (table, column, type). A
# result's ``rounds`` (its rounds won and lost, "1" and "0" in order: the share text's marks) lets
# the day's page show a result without replaying its deal; rows recorded before it are NULL.
DAILY_ADDED_COLUMNS = ((DAILY_RESULTS, "rounds", "TEXT"),)


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: str
    game: str  # "chuo-pai" or "tien-gow"
    seat: int  # the human's seat
    agents: tuple[str, ...]  # one per seat; the human's seat holds "human"
    version: int  # bumped by every accepted update
    record: JsonObject  # the deal record, format 1
    created_at: int  # Unix seconds
    updated_at: int
    # What the site keeps beside the record, never shown as such (e.g. a match's running totals)
    meta: JsonObject = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: Row) -> StoredGame:
        gid, game, seat, agents, version, record, created, updated, meta = row
        return cls(id=gid, game=game, seat=int(seat), agents=tuple(json.loads(agents)),
                   version=int(version), record=json.loads(record), created_at=int(created),
                   updated_at=int(updated), meta=json.loads(meta or "{}"))


HEAD_COLUMNS = "version, meta"


@dataclass(frozen=True, slots=True)
class GameHead:
    """What the live updates read of a game: its version and ``meta`` (the seat keys' hashes)."""

    version: int
    meta: JsonObject

    @classmethod
    def from_row(cls, row: Row) -> GameHead:
        version, meta = row
        return cls(version=int(version), meta=json.loads(meta or "{}"))


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """A deal's analysis job: ``state`` (queued, running, done, failed; deferred, unplayed), ``done``/``total``
    decisions analysed so far, ``result`` (the JSON the API serves) once done, and the lease."""

    game_id: str
    state: str
    done: int
    total: int
    result: JsonObject | None
    attempts: int
    claimed_at: int | None
    claimed_by: str | None

    @classmethod
    def from_row(cls, row: Row) -> StoredAnalysis:
        gid, state, done, total, result, attempts, claimed_at, claimed_by = row
        return cls(game_id=gid, state=state, done=int(done), total=int(total),
                   result=json.loads(result) if result else None, attempts=int(attempts),
                   claimed_at=None if claimed_at is None else int(claimed_at), claimed_by=claimed_by)


ANALYSIS_COLUMNS = "game_id, state, done, total, result, attempts, claimed_at, claimed_by"


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def is_valid_id(text: str) -> bool:
    return bool(ID_PATTERN.fullmatch(text))


# An analysis is kept per person: the deal's id for the seat stored with it (its creator), and
# "<id>.<seat>" for each other person's seat at a table with friends.
ANALYSIS_KEY_PATTERN = re.compile(r"([A-Za-z0-9_-]{32})(?:\.([0-9]))?")


def analysis_key(game_id: str, seat: int, stored_seat: int) -> str:
    return game_id if seat == stored_seat else f"{game_id}.{seat}"


def split_analysis_key(key: str) -> tuple[str, int | None] | None:
    """(the deal's id, the seat or None for the stored seat), or None for a malformed key."""
    found = ANALYSIS_KEY_PATTERN.fullmatch(key)
    if found is None:
        return None
    return found.group(1), None if found.group(2) is None else int(found.group(2))


def to_json(value: object) -> str:
    """A value as the store writes it: compact JSON, UTF-8 as is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
