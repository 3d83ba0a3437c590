"""The events process (python -m paiyou.events, a real uvicorn on a loopback port) against a real
redis-server: the same answers and bytes as the Flask route, announcements from another process
(a Flask app on the same database and Redis), presence across processes, the per-client limit,
and Redis killed: ``{"live": false}``, versions still arrive through the database, then
``{"live": true}`` once Redis is back."""
from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from flask import Flask

from bench import servers
from paiyou import create_app, live
from paiyou.store.databases import store_for
from scripts.patience import PATIENT
from tests.site.live_helpers import StreamReader, eventually
from tests.site.play_helpers import bearer


@pytest.fixture(scope="module")
def redis_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if servers.redis_binary() is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed; scripts/test.sh installs it")
        pytest.skip("redis-server is not installed (scripts/test.sh installs it)")
    return tmp_path_factory.mktemp("redis")


@dataclass
class Site:
    """A Flask app (the moves) and the events process on one database and one Redis."""

    app: Flask
    events: servers.Server
    redis: servers.Redis

    def url(self, game_id: str) -> str:
        return f"{self.events.origin}/api/v1/games/{game_id}/events"

    def new_game(self) -> dict[str, Any]:
        response = self.app.test_client().post("/api/v1/chuo-pai/games", json={})
        assert response.status_code == 201
        created: dict[str, Any] = response.get_json()
        return created

    def bump(self, game_id: str, announce: bool = True) -> int:
        store = store_for(self.app)
        stored = store.get(game_id)
        assert stored is not None
        updated = store.update(game_id, stored.version, stored.record)
        assert updated is not None
        if announce:
            with self.app.app_context():
                live.announce(game_id, updated.version)
        return updated.version


@contextmanager
def site(folder: Path, translations_dir: Path, redis: servers.Redis, keepalive: int = 1) -> Iterator[Site]:
    database = f"sqlite:///{folder / 'games.sqlite3'}"
    settings = {"PAIYOU_DATABASE_URL": database, "PAIYOU_EVENTS_BROKER": redis.url,
                "PAIYOU_TRANSLATIONS_DIR": str(translations_dir), "PAIYOU_EVENTS_KEEPALIVE": str(keepalive),
                "PAIYOU_EVENTS_PER_CLIENT": "3", "PAIYOU_OPPONENT_LEVEL": "random"}
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, **settings})
    store_for(app).count()  # the tables exist before the events process reads them
    with servers.events_process(folder / "events", env=settings) as events:
        try:
            yield Site(app, events, redis)
        finally:
            store_for(app).close()


@pytest.fixture(scope="module")
def shared(redis_folder: Path, translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with servers.redis_server(redis_folder / "shared") as redis, \
            site(tmp_path_factory.mktemp("events"), translations_dir, redis) as found:
        yield found


@contextmanager
def stream(url: str, headers: dict[str, str] | None = None) -> Iterator[tuple[httpx.Response, StreamReader]]:
    with httpx.Client(timeout=httpx.Timeout(PATIENT)) as client, client.stream("GET", url, headers=headers) as response:
        yield response, StreamReader(response.iter_raw())


def test_an_unknown_or_malformed_id_is_the_flask_routes_localized_404(shared: Site) -> None:
    flask_client = shared.app.test_client()
    for game_id in ("A" * 32, "not-an-id"):
        for lang in ("en", "ar"):
            headers = {"Accept-Language": lang}
            answer = httpx.get(shared.url(game_id), headers=headers, timeout=PATIENT)
            assert answer.status_code == 404 and answer.headers["content-type"] == "application/json"
            assert answer.content == flask_client.get(f"/api/v1/games/{game_id}/events", headers=headers).data
    assert httpx.get(shared.url("A" * 32), headers={"Accept-Language": "ar"}, timeout=PATIENT).json()["message"] != \
        "There is no game with that id."
    elsewhere = httpx.get(f"{shared.events.origin}/en/", timeout=PATIENT)
    assert elsewhere.status_code == 404 and elsewhere.json()["error"] == "unknown-game"


def test_the_stream_opens_with_the_same_bytes_as_the_flask_route(shared: Site) -> None:
    game = shared.new_game()
    flask_response = shared.app.test_client().get(f"/api/v1/games/{game['id']}/events", buffered=False)
    try:
        flask_first = next(iter(flask_response.response))
    finally:
        flask_response.close()
    with stream(shared.url(game["id"])) as (response, _):
        assert response.status_code == 200
        assert response.headers["content-type"] == "text/event-stream; charset=utf-8"
        assert response.headers["cache-control"] == "no-store" and response.headers["x-accel-buffering"] == "no"
        first = next(response.iter_raw())
    assert first == flask_first == (
        b'retry: 2000\n\nid: 1\ndata: {"v": 1}\n\nevent: presence\ndata: {"seats": [], "watchers": 1}\n\n')


def test_announced_versions_and_presence_reach_the_stream_from_another_process(shared: Site) -> None:
    game = shared.new_game()
    with stream(shared.url(game["id"]), bearer(game["key"])) as (_, reader):
        reader.version(1)
        reader.presence([0])
        with shared.app.test_request_context():
            assert live.present_seats(game["id"]) == {0}  # the site sees the events process's stream
        with stream(shared.url(game["id"]), {"Last-Event-ID": "1"}) as (_, watcher):
            watcher.presence([0])
            assert shared.bump(game["id"]) == 2
            reader.version(2)
            watcher.version(2)
            assert [b.data for b in watcher.seen if b.id is not None] == [{"v": 2}]  # 1 was skipped
        shared.bump(game["id"])
        shared.bump(game["id"])
        reader.version(4)
        with shared.app.app_context():
            live.announce(game["id"], 40)  # in no database: it can only have come through Redis
        reader.version(40)
        reader.read_until(lambda b: b.comments == ("keepalive",))
    with shared.app.test_request_context():
        eventually(lambda: live.present_seats(game["id"]) == frozenset())  # once the process saw it closed


def test_a_watcher_arriving_and_leaving_wakes_the_seats_stream(shared: Site) -> None:
    """The watchers' count is told to the seats' streams as it changes (paced: at most once every
    ``WATCHERS_EVERY`` seconds), through Redis as for the seats."""
    game = shared.new_game()
    with stream(shared.url(game["id"]), bearer(game["key"])) as (_, reader):
        reader.presence([0])
        with stream(shared.url(game["id"])) as (_, watcher):
            watcher.watchers(1)
            assert reader.watchers(1, timeout=60).data == {"seats": [0], "watchers": 1}
        assert reader.watchers(0, timeout=60).data == {"seats": [0], "watchers": 0}


def test_a_page_without_javascript_counts_its_seat_present_in_every_process(shared: Site) -> None:
    """A seat's page loaded through one app process (no stream: no JavaScript) is connected for
    another process too, through the same Redis presence as the streams; a stream of that seat
    then takes its place, so the seat leaves at once when the stream closes."""
    other = create_app({**{name: shared.app.config[name] for name in (
        "PAIYOU_DATABASE_URL", "PAIYOU_EVENTS_BROKER", "PAIYOU_TRANSLATIONS_DIR")}, "TESTING": True,
        "RATELIMIT_ENABLED": False})
    try:
        table = shared.app.test_client().post("/api/v1/chuo-pai/games",
                                              json={"seats": ["you", "friend", "random"]}).get_json()
        friend = shared.app.test_client().post(f"/api/v1/games/{table['id']}/seats",
                                               json={"invite": table["invite"]}).get_json()

        def connected() -> list[bool]:
            view = other.test_client().get(f"/api/v1/games/{table['id']}").get_json()["view"]
            return [player["connected"] for player in view["players"]]

        assert connected() == [False, False, False]
        browser = shared.app.test_client()
        browser.set_cookie("paiyou_seats", f"{table['id']}:{friend['key']}")
        assert browser.get(f"/en/chuo-pai/games/{table['id']}").status_code == 200
        loaded = time.monotonic()
        assert connected() == [False, True, False]
        with stream(shared.url(table["id"]), bearer(friend["key"])) as (_, reader):
            reader.presence([1])
        eventually(lambda: connected() == [False, False, False], timeout=30)
        assert time.monotonic() - loaded < live.PAGE_PRESENCE_SECONDS / 2  # gone with its stream, not expired
    finally:
        store_for(other).close()


def test_too_many_streams_from_one_client_is_a_localized_429(shared: Site) -> None:
    game = shared.new_game()
    with stream(shared.url(game["id"])) as one, stream(shared.url(game["id"])) as two, \
            stream(shared.url(game["id"])) as three:
        for _, reader in (one, two, three):
            reader.version(1)
        refused = httpx.get(shared.url(game["id"]), headers={"Accept-Language": "pl"}, timeout=PATIENT)
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        assert refused.json()["error"] == "too-many-streams" and "Retry-After" in refused.json()["message"]
        head = httpx.head(shared.url(game["id"]), timeout=PATIENT)
        assert head.status_code == 429
    # the process sees the streams close and counts them no more
    eventually(lambda: httpx.head(shared.url(game["id"]), timeout=PATIENT).status_code == 200)


def test_a_stream_ends_when_its_game_is_gone(shared: Site) -> None:
    game = shared.new_game()
    with stream(shared.url(game["id"])) as (_, reader):
        reader.version(1)
        store_for(shared.app)._run("DELETE FROM paiyou_games WHERE id = ?", (game["id"],))  # pruned
        with pytest.raises(StopIteration):  # the process's next check (each keepalive) ends it
            reader.read_until(lambda b: False)


def test_head_answers_the_headers_only(shared: Site) -> None:
    game = shared.new_game()
    head = httpx.head(shared.url(game["id"]), timeout=PATIENT)
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"] == "text/event-stream; charset=utf-8"


def test_redis_killed_the_stream_says_so_and_polls_the_database(redis_folder: Path, translations_dir: Path,
                                                                 tmp_path: Path) -> None:
    with servers.redis_server(redis_folder / "killed") as redis, site(tmp_path, translations_dir, redis) as found:
        game = found.new_game()
        with stream(found.url(game["id"])) as (_, reader):
            reader.version(1)
            redis.kill()
            reader.live(False)
            assert found.bump(game["id"]) == 2  # the announcement fails; the move stands
            reader.version(2)
            with servers.redis_server(redis_folder / "again", port=redis.port):
                reader.live(True)
                found.bump(game["id"])
                reader.version(3)


def test_redis_killed_mid_keepalive_the_moves_arrive_within_the_poll_not_the_keepalive(
        redis_folder: Path, translations_dir: Path, tmp_path: Path) -> None:
    """Issue 45 §7: the hub finished its keepalive's wait (15 s by default) before it polled the
    database, so a move made just after Redis went down reached the others up to 15 s later. With
    a keepalive of a minute, the move must arrive long before the next one (the poll: 1 s)."""
    with servers.redis_server(redis_folder / "mid-keepalive") as redis, \
            site(tmp_path, translations_dir, redis, keepalive=60) as found:
        game = found.new_game()
        with httpx.Client(timeout=httpx.Timeout(90.0)) as client, \
                client.stream("GET", found.url(game["id"])) as response:
            reader = StreamReader(response.iter_raw())
            reader.version(1)
            redis.kill()
            reader.live(False, timeout=30)
            moved = time.monotonic()
            assert found.bump(game["id"]) == 2  # its announcement fails
            reader.version(2, timeout=60)
            assert time.monotonic() - moved < 30  # the keepalive is 60 s; the poll 1 s (a loaded machine)
