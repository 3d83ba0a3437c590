"""The day's page reads the store once per request in an unchanged field (docs/daily.md, "Speed"):
the reader's own state and the day's generations in one statement, the field (score counts, top
50, names) kept per generation (``paiyou.daily.day_field``), no deal replayed once its result is
recorded. A result counted or a name set through another connection — another process, on SQLite
and on PostgreSQL — bumps the generation, and the next request shows it; the model built so is the
one the direct reads build."""
from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.daily import today
from paiyou import create_app
from paiyou.daily import pages
from paiyou.daily.day_field import EXTENSION_KEY, DayFields
from paiyou.daily.pages import PLAYER_COOKIE
from paiyou.store.daily import DailyStore
from paiyou.store.databases import open_store, store_for
from paiyou.store.games import GameStore
from paiyou.store.schema import new_id
from tests.site import pg_cluster
from tests.site.test_daily_pages import finish
from tests.site.test_daily_store import postgres_server  # noqa: F401 - a fixture

GAME = "tien-gow"
PAGE, LIVE = f"/en/{GAME}/daily", f"/en/{GAME}/daily/result"


class CountingConnection:
    """A connection whose statements are listed (everything else is the connection's own)."""

    def __init__(self, conn: Any, statements: list[str]) -> None:
        self._conn, self._statements = conn, statements

    def execute(self, statement: str, *args: Any) -> Any:
        self._statements.append(statement)
        return self._conn.execute(statement, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


@contextmanager
def statements(store: GameStore) -> Iterator[list[str]]:
    """The statements ``store`` sends meanwhile, through any of its connections."""
    found: list[str] = []
    pooled = store._connection

    @contextmanager
    def counting() -> Iterator[Any]:
        with pooled() as conn:
            yield CountingConnection(conn, found)

    store._connection = counting  # type: ignore[method-assign]
    try:
        yield found
    finally:
        del store._connection


def app_on(url: str, translations_dir: Path) -> Flask:
    return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "PAIYOU_DATABASE_URL": url,
                       "PAIYOU_ANALYSIS_WORKERS": 0})


def played(app: Flask) -> FlaskClient:
    client = app.test_client()
    started = client.post(f"/en/{GAME}/daily")
    assert started.status_code == 303
    finish(client, started.headers["Location"].rstrip("/").split("/")[-1])
    return client


def field_size(page: str) -> int:
    found = re.search(r"Players who finished it</dt><dd>([0-9,]+)</dd>", page)
    assert found is not None
    return int(found.group(1).replace(",", ""))


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/games.sqlite3"
    return pg_cluster.new_database(request.getfixturevalue("postgres_server"))


def test_a_page_in_an_unchanged_field_is_one_statement(translations_dir: Path, tmp_path: Path) -> None:
    app = app_on(f"sqlite:///{tmp_path}/games.sqlite3", translations_dir)
    store = store_for(app)
    reader, visitor = played(app), app.test_client()
    for client, path, headers in ((reader, PAGE, {}), (reader, LIVE, {"HX-Request": "true"}), (visitor, PAGE, {})):
        assert client.get(path, headers=headers).status_code == 200  # the field and the day's par read
        with statements(store) as sent:
            answer = client.get(path, headers=headers)
        assert answer.status_code == 200 and len(sent) == 1, (path, sent)
    assert 'id="daily-share' in reader.get(PAGE).get_data(as_text=True)  # the result, from that one read
    DailyStore(store).record_result(GAME, today().isoformat(), new_id(), new_id(), 3, countable=True)
    with statements(store) as sent:
        page = reader.get(PAGE).get_data(as_text=True)
    assert len(sent) == 4 and field_size(page) == 2  # the state, then the field again: counts, top 50, names
    with statements(store) as sent:
        assert field_size(reader.get(PAGE).get_data(as_text=True)) == 2
    assert len(sent) == 1


def test_another_connections_result_and_name_show_on_the_next_request(database_url: str,
                                                                       translations_dir: Path) -> None:
    """``elsewhere`` is another store on the same database (its own connections, as another app
    process has): what it records bumps the generation this app reads with each reader's state."""
    app = app_on(database_url, translations_dir)
    reader = played(app)
    fields: DayFields = app.extensions[EXTENSION_KEY]
    first = reader.get(PAGE).get_data(as_text=True)
    assert field_size(first) == 1 and "99,999" not in first
    reads = fields.reads
    assert field_size(reader.get(PAGE).get_data(as_text=True)) == 1 and fields.reads == reads  # kept
    elsewhere = open_store(database_url)
    try:
        days, rival = DailyStore(elsewhere), new_id()
        days.record_result(GAME, today().isoformat(), rival, new_id(), 99_999, countable=True)
        page = reader.get(PAGE).get_data(as_text=True)
        assert field_size(page) == 2 and "99,999" in page and fields.reads == reads + 1
        live = reader.get(LIVE, headers={"HX-Request": "true"}).get_data(as_text=True)
        assert "99,999" in live and "Zed Elsewhere" not in live
        days.set_name(rival, "Zed Elsewhere")
        assert "Zed Elsewhere" in reader.get(PAGE).get_data(as_text=True)
        assert "Zed Elsewhere" in reader.get(LIVE, headers={"HX-Request": "true"}).get_data(as_text=True)
        days.set_name(rival, None)
        assert "Zed Elsewhere" not in reader.get(PAGE).get_data(as_text=True)
    finally:
        elsewhere.close()
        store_for(app).close()


def test_the_pages_model_is_the_one_the_direct_reads_build(translations_dir: Path, tmp_path: Path) -> None:
    """A visitor, a deal under way and two results (one named), each in a field kept and then
    changed: ``todays_page`` gives the card, the attempt and the panel that reading the deal, its
    result, the score counts, the top 50 and the names directly gives."""
    app = app_on(f"sqlite:///{tmp_path}/games.sqlite3", translations_dir)
    alice, bob, under_way = played(app), played(app), app.test_client()
    assert alice.post(f"/en/{GAME}/daily/name", data={"name": "Alice"}).status_code == 303
    assert under_way.post(f"/en/{GAME}/daily").status_code == 303
    for round_ in range(2):
        for client in (app.test_client(), under_way, alice, bob):
            key = client.get_cookie(PLAYER_COOKIE)
            headers = {"Cookie": f"{PLAYER_COOKIE}={key.value}"} if key is not None else {}
            with app.test_request_context(PAGE, headers=headers):
                app.preprocess_request()
                attempt = pages.attempt_today(GAME, pages.browser_player())
                panel = pages.result_panel(attempt) if attempt is not None and attempt.is_over else None
                shown = pages.todays_page(GAME)
                # the time left is read twice: a minute may pass between the two
                assert replace(shown.card, time_left="") == replace(pages.day_card(GAME), time_left="")
                assert (shown.attempt is None) == (attempt is None)
                if attempt is not None:
                    assert shown.attempt == pages.AttemptShown(attempt.id, attempt.is_over)
                assert shown.panel == panel
                assert panel is None or panel.result.rounds  # the share text's marks, from the store
        DailyStore(store_for(app)).record_result(GAME, today().isoformat(), new_id(), new_id(), round_,
                                                 countable=True)
