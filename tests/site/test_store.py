"""The game store (paiyou.store.games), on SQLite and on a real PostgreSQL server, through the same code.

- A game round-trips: deal record, seat, agents, version; ids are 192-bit url-safe tokens.
- Optimistic versioning: an update made against the current version wins and bumps it; a stale
  or repeated one writes nothing; of many racing updates of one version exactly one wins.
- Nothing is lost across a "restart": a new store object (a new process) on the same database
  sees every game, and the service resumes a deal from its record.
- The SQLite file is created in the instance folder on first use, not before; the database URL
  setting picks the store (``PAIYOU_DATABASE_URL``, app config or environment).

The PostgreSQL half starts its own throwaway server (tests/site/pg_cluster.py) and is skipped only
when no PostgreSQL is installed.
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from engine.chuo_pai import new_deal, replay, to_record
from paiyou import create_app
from paiyou.deals import service
from paiyou.store.databases import PostgresStore, SqliteStore, StoreError, open_store, store_for
from paiyou.store.schema import is_valid_id, new_id
from tests.site import pg_cluster


@pytest.fixture(scope="module")
def postgres_server(pytestconfig: pytest.Config) -> str:
    url = pg_cluster.server_url(pytestconfig)
    if url is None:
        if os.environ.get("CI"):  # CI must test the real server, never quietly skip it
            pytest.fail("PostgreSQL is not installed; scripts/test.sh installs it")
        pytest.skip("PostgreSQL is not installed (scripts/test.sh installs it)")
    return url


@pytest.fixture(scope="module")
def postgres_database(postgres_server: str) -> str:
    return pg_cluster.new_database(postgres_server)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty games database: a new SQLite file, or the module's PostgreSQL database emptied."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/games.sqlite3"
    url = request.getfixturevalue("postgres_database")
    pg_cluster.empty_games_table(url)
    return url


@pytest.fixture
def store(database_url: str):
    found = open_store(database_url)
    yield found
    found.close()


RECORD = to_record(new_deal(5))


def test_a_game_round_trips(store) -> None:
    created = store.create("chuo-pai", 0, ["human", "standard", "standard"], RECORD)
    assert created.version == 1 and is_valid_id(created.id)
    found = store.get(created.id)
    assert found is not None
    assert (found.id, found.game, found.seat, found.agents, found.version) == \
        (created.id, "chuo-pai", 0, ("human", "standard", "standard"), 1)
    assert found.record == RECORD
    assert replay(found.record) == new_deal(5)


def test_unicode_and_nesting_survive(store) -> None:
    record = {"format": 1, "note": "بهشت · स्वर्ग · Niebo", "deep": [[1, [2, {"x": None}]]]}
    created = store.create("tien-gow", 0, ["human", "random", "random", "random"], record)
    assert store.get(created.id).record == record


def test_unknown_and_malformed_ids_are_none(store) -> None:
    assert store.get(new_id()) is None
    for bad in ("", "x", "../etc/passwd", "' OR 1=1 --", "a" * 33, 42, None):
        assert store.get(bad) is None  # type: ignore[arg-type]
        assert store.update(bad, 1, RECORD) is None  # type: ignore[arg-type]


def test_ids_are_unguessable_tokens() -> None:
    ids = {new_id() for _ in range(2000)}
    assert len(ids) == 2000
    for gid in list(ids)[:50]:
        assert len(gid) == 32 and is_valid_id(gid)  # 24 random bytes = 192 bits, url-safe


def test_update_against_the_current_version_wins_once(store) -> None:
    created = store.create("chuo-pai", 0, ["human", "random", "random"], RECORD)
    changed = dict(RECORD, piles=[1, 2, 3])
    updated = store.update(created.id, 1, changed)
    assert updated is not None and updated.version == 2 and updated.record == changed
    # the same submission again (a double click, a replayed request): nothing changes
    assert store.update(created.id, 1, dict(RECORD, piles=[9, 9, 9])) is None
    # a stale one from an older tab: nothing changes
    assert store.update(created.id, 0, dict(RECORD, piles=[8, 8, 8])) is None
    again = store.get(created.id)
    assert again.version == 2 and again.record == changed


def test_racing_updates_of_one_version_have_exactly_one_winner(store) -> None:
    created = store.create("chuo-pai", 0, ["human", "random", "random"], RECORD)
    results: list[object] = []
    barrier = threading.Barrier(8)

    def attempt(n: int) -> None:
        barrier.wait()
        results.append(store.update(created.id, 1, dict(RECORD, piles=[n, n, n])))

    threads = [threading.Thread(target=attempt, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [r for r in results if r is not None]
    assert len(winners) == 1
    final = store.get(created.id)
    assert final.version == 2 and final.record == winners[0].record  # type: ignore[attr-defined]


def test_a_new_store_on_the_same_database_sees_every_game(database_url: str) -> None:
    first = open_store(database_url)
    ids = [first.create("chuo-pai", 0, ["human", "random", "random"], RECORD).id for _ in range(3)]
    first.update(ids[1], 1, dict(RECORD, piles=[4, 5, 6]))
    first.close()
    second = open_store(database_url)  # a restarted server, or another worker
    assert [second.get(i).version for i in ids] == [1, 2, 1]
    assert second.get(ids[1]).record["piles"] == [4, 5, 6]
    assert second.count() == 3
    second.close()


def test_the_service_resumes_a_deal_after_a_restart(database_url: str) -> None:
    first = open_store(database_url)
    game = service.start(first, "tien-gow", seed=21)
    for _ in range(3):
        action = game.view().legal_actions()[0]
        game = service.act(first, game, game.version, action.notation, action.face_up)
    first.close()
    second = open_store(database_url)
    resumed = service.load(second, game.id)
    assert resumed.version == game.version == 4
    assert resumed.deal == game.deal
    action = resumed.view().legal_actions()[-1]
    moved = service.act(second, resumed, resumed.version, action.notation, action.face_up)
    assert moved.version == 5
    second.close()


def test_old_games_can_be_pruned(store) -> None:
    store.create("chuo-pai", 0, ["human", "random", "random"], RECORD)
    assert store.delete_older_than(3600) == 0
    assert store.delete_older_than(-10) == 1
    assert store.count() == 0


def test_store_urls(tmp_path: Path) -> None:
    default = open_store(None, tmp_path / "instance")
    assert isinstance(default, SqliteStore)
    assert default.path == tmp_path / "instance" / "games.sqlite3"
    relative = open_store("sqlite:///data/g.db", tmp_path)
    assert isinstance(relative, SqliteStore) and relative.path == tmp_path / "data" / "g.db"
    absolute = open_store(f"sqlite:///{tmp_path}/abs.db", "/elsewhere")
    assert isinstance(absolute, SqliteStore) and absolute.path == tmp_path / "abs.db"
    for url in ("postgresql://u@localhost:5432/db", "postgres://u@localhost/db",
                "postgresql+psycopg://u@localhost/db"):
        pg = open_store(url)
        assert isinstance(pg, PostgresStore) and pg.url.startswith("postgresql://")
    for bad in ("mysql://x/y", "sqlite:///", "sqlite:///:memory:"):
        with pytest.raises(StoreError):
            open_store(bad)


def test_the_sqlite_file_appears_in_the_instance_folder_on_first_use(
        tmp_path: Path, translations_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PAIYOU_DATABASE_URL", raising=False)
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir)})
    app.instance_path = str(tmp_path / "instance")
    database = tmp_path / "instance" / "games.sqlite3"
    assert not database.exists()
    store = store_for(app)
    assert not database.exists()  # opening is lazy: nothing is written until a game is
    game = service.start(store, "chuo-pai", seed=3)
    assert database.exists()
    assert store_for(app) is store and store.get(game.id) is not None
    store.close()


def test_the_database_url_setting_picks_the_store(
        tmp_path: Path, translations_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIYOU_DATABASE_URL", f"sqlite:///{tmp_path}/from-env.sqlite3")
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir)})
    assert store_for(app).path == tmp_path / "from-env.sqlite3"  # type: ignore[attr-defined]
    configured = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                             "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                             "PAIYOU_DATABASE_URL": "postgresql://u@127.0.0.1:1/none"})
    assert isinstance(store_for(configured), PostgresStore)


def test_the_prune_command(tmp_path: Path, translations_dir: Path) -> None:
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3"})
    service.start(store_for(app), "tien-gow", seed=1, level="random")
    runner = app.test_cli_runner()
    assert runner.invoke(args=["games", "prune", "--days", "1"]).output.strip() == "deleted 0 games"
    assert store_for(app).count() == 1
    store_for(app).close()


def test_meta_round_trips(store) -> None:
    stored = store.create("chuo-pai", 0, ["human", "greedy", "greedy"], RECORD,
                          meta={"match": {"id": "x", "deal": 2, "totals": [1, 2, 3]}})
    assert store.get(stored.id).meta == {"match": {"id": "x", "deal": 2, "totals": [1, 2, 3]}}
    plain = store.create("chuo-pai", 0, ["human", "greedy", "greedy"], RECORD)
    assert store.get(plain.id).meta == {}
    assert store.update(stored.id, 1, RECORD).meta == stored.meta  # an update keeps it


def test_a_table_made_before_meta_gains_the_column(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE paiyou_games (id TEXT PRIMARY KEY, game TEXT NOT NULL, seat INTEGER NOT NULL, "
                 "agents TEXT NOT NULL, version INTEGER NOT NULL, record TEXT NOT NULL, "
                 "created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, finished INTEGER NOT NULL DEFAULT 0)")
    game_id = new_id()
    conn.execute("INSERT INTO paiyou_games VALUES "
                 "(?, 'chuo-pai', 0, '[\"human\",\"greedy\",\"greedy\"]', 1, ?, 1, 1, 0)",
                 (game_id, json.dumps(RECORD)))
    conn.commit()
    conn.close()
    store = open_store(f"sqlite:///{path}")
    assert store.get(game_id).meta == {}
    assert store.create("chuo-pai", 0, ["human", "greedy", "greedy"], RECORD, meta={"a": 1}).meta == {"a": 1}
    store.close()


def test_replays_are_short_lived_and_bounded(store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replayed record's link (docs/api.md): kept by digest for REPLAY_DAYS, at most MAX_REPLAYS."""
    from paiyou.store import games as store_module

    monkeypatch.setattr(store_module, "MAX_REPLAYS", 3)
    for n in range(5):
        store.keep_replay(f"{n:064x}", "chuo-pai", "{}", now=1000 + n)
    assert [store.replay(f"{n:064x}", now=1005) is not None for n in range(5)] == [False, False, True, True, True]
    assert store.replay(f"{4:064x}", now=1005) == ("chuo-pai", "{}")
    store.keep_replay(f"{4:064x}", "chuo-pai", "{}", now=1010)  # kept again: the clock restarts
    late = 1004 + store_module.REPLAY_DAYS * store_module.DAY + 1
    assert store.replay(f"{3:064x}", now=late) is None and store.replay(f"{4:064x}", now=late) is not None
    assert store.replay("x" * 64) is None and store.replay(f"{4:064X}") is None


def test_switching_a_new_file_to_wal_waits_for_another_connections_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite does not wait for the lock a switch to WAL takes: the store retries it within the busy
    timeout (three stores on one new file failed with "database is locked" under load)."""
    import sqlite3
    import threading

    from paiyou.store import databases

    path = tmp_path / "new.sqlite3"
    holder, switcher = sqlite3.connect(path, isolation_level=None), sqlite3.connect(path, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    refused, done = threading.Event(), threading.Event()
    real_sleep = databases.time.sleep

    def pause(seconds: float) -> None:
        refused.set()  # the switch met the lock at least once
        real_sleep(seconds)

    monkeypatch.setattr(databases.time, "sleep", pause)
    worker = threading.Thread(target=lambda: (databases._use_wal(switcher), done.set()))
    worker.start()
    assert refused.wait(30)
    holder.execute("COMMIT")
    worker.join(30)
    assert done.is_set()
    assert switcher.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    holder.close()
    switcher.close()
