"""Live updates (paiyou.live): the event framing, the memory broker, announce and presence, and the
events stream served by the Flask app (GET /api/v1/games/<id>/events)."""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from paiyou import create_app, live
from paiyou.deals import keys
from paiyou.live import channels, framing, stream
from paiyou.live.brokers import PAGE_TOKEN, PRESENCE_TTL, BrokerError, MemoryBroker, Signal
from paiyou.live.stream import StreamState
from paiyou.store.databases import store_for
from tests.site.live_helpers import StreamReader, parse
from tests.site.play_helpers import bearer

# -- the bytes ----------------------------------------------------------------------------------


def test_every_frame_byte_for_byte() -> None:
    assert framing.opening() == "retry: 2000\n\n"
    assert framing.version(7) == 'id: 7\ndata: {"v": 7}\n\n'
    assert framing.presence(frozenset({2, 0}), 1) == 'event: presence\ndata: {"seats": [0, 2], "watchers": 1}\n\n'
    assert framing.presence(frozenset(), 0) == 'event: presence\ndata: {"seats": [], "watchers": 0}\n\n'
    assert framing.live(False) == 'event: live\ndata: {"live": false}\n\n'
    assert framing.keepalive() == ": keepalive\n\n"
    assert framing.MEDIA_TYPE == "text/event-stream; charset=utf-8"
    assert dict(framing.HEADERS) == {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def test_a_stream_sends_each_version_once_and_only_upwards() -> None:
    state = StreamState.resuming(None)
    assert "".join(state.opened(3, frozenset({0}), 0, live=True, now=0.0)) == (
        'retry: 2000\n\nid: 3\ndata: {"v": 3}\n\nevent: presence\ndata: {"seats": [0], "watchers": 0}\n\n')
    assert state.moved(3) == [] and state.moved(2) == []
    assert state.moved(5) == [framing.version(5)]
    assert state.present(frozenset({0}), 0, 1.0) == [] and state.present(frozenset({0, 1}), 0, 1.0) != []
    assert state.liveness(True) == []
    assert state.liveness(False) == [framing.live(False)] and state.liveness(False) == []
    assert state.liveness(True) == [framing.live(True)]


def test_a_reconnect_at_the_current_version_skips_the_first_event() -> None:
    assert framing.version(4) not in StreamState.resuming("4").opened(4, frozenset(), 0, live=True, now=0.0)
    assert framing.version(4) in StreamState.resuming("3").opened(4, frozenset(), 0, live=True, now=0.0)
    assert framing.version(4) in StreamState.resuming("junk").opened(4, frozenset(), 0, live=True, now=0.0)
    assert framing.live(False) in StreamState.resuming(None).opened(4, frozenset(), 0, live=False, now=0.0)


def test_watchers_coming_and_going_are_told_at_most_once_every_few_seconds() -> None:
    """A seat's arrival is told at once; a change of the watchers' count alone at most once every
    ``WATCHERS_EVERY`` seconds, the latest count when the time is up (each event reloads a page)."""
    every = stream.WATCHERS_EVERY
    state = StreamState.resuming(None)
    state.opened(1, frozenset({0}), 0, live=True, now=100.0)
    assert state.present(frozenset({0}), 1, 100.5) == [] and state.due == 100.0 + every  # held
    assert state.present(frozenset({0}), 3, 101.0) == [] and state.held_back(101.0) == []
    assert state.held_back(100.0 + every) == [framing.presence(frozenset({0}), 3)]  # the latest, once
    assert state.due is None and state.held_back(200.0) == []
    told = 100.0 + every
    seated = frozenset({0, 1})
    assert state.present(seated, 2, told + 0.1) == [framing.presence(seated, 2)]  # a seat: at once
    assert state.present(frozenset({0, 1}), 1, told + 0.2) == [] and state.held == 1
    assert state.present(frozenset({0, 1}), 2, told + 0.3) == [] and state.due is None  # back as told: nothing
    events = sum(len(state.present(frozenset({0, 1}), n % 4, told + 0.1 * n) + state.held_back(told + 0.1 * n))
                 for n in range(1, 601))  # a watcher every 0.1 s for a minute
    assert events <= 60 / every + 1


# -- the memory broker --------------------------------------------------------------------------


def test_the_memory_broker_coalesces_versions_for_each_subscriber() -> None:
    broker = MemoryBroker()
    one, two, other = broker.subscribe("a"), broker.subscribe("a"), broker.subscribe("b")
    assert one.wait(0) == Signal()
    for version in (2, 4, 3):
        broker.publish("a", version)
    assert one.wait(0) == Signal(version=4) and two.wait(0) == Signal(version=4)
    assert one.wait(0) == Signal() and other.wait(0) == Signal()
    one.close()
    broker.publish("a", 5)
    assert two.wait(0) == Signal(version=5)


def test_memory_presence_counts_streams_and_expires_without_refresh() -> None:
    now = [1000.0]
    broker = MemoryBroker(clock=lambda: now[0])
    watcher = broker.subscribe("g")
    broker.touch("g", 0, "tab-1")
    broker.touch("g", 0, "tab-2")
    broker.touch("g", 2, "tab-3")
    assert watcher.wait(0) == Signal(presence=True)
    assert broker.present("g") == {0, 2} and broker.present("other") == frozenset()
    broker.leave("g", 0, "tab-1")
    assert broker.present("g") == {0, 2}  # seat 0 still has a stream
    now[0] += PRESENCE_TTL - 1
    broker.touch("g", 2, "tab-3")  # refreshed at a keepalive
    now[0] += 2
    assert broker.present("g") == {2}  # tab-2 of a process that died has expired
    broker.leave("g", 2, "tab-3")
    assert broker.present("g") == frozenset()


def test_memory_presence_counts_watchers_apart_from_seats() -> None:
    now = [1000.0]
    broker = MemoryBroker(clock=lambda: now[0])
    broker.touch("g", None, "w-1")
    broker.touch("g", None, "w-2")
    broker.touch("g", 1, "tab-1")
    assert broker.present("g") == {1} and broker.watching("g") == 2 and broker.watching("other") == 0
    broker.leave("g", None, "w-1")
    assert broker.watching("g") == 1
    now[0] += PRESENCE_TTL + 1  # a watcher's process died: its stream expires
    assert broker.watching("g") == 0 and broker.present("g") == frozenset()


def test_a_page_mark_counts_for_its_time_and_gives_way_to_a_stream_of_its_seat() -> None:
    now = [1000.0]
    broker = MemoryBroker(clock=lambda: now[0])
    watcher = broker.subscribe("g")
    broker.touch("g", 1, PAGE_TOKEN, ttl=20)
    assert broker.present("g") == {1} and watcher.wait(0) == Signal(presence=True)
    now[0] += 21
    assert broker.present("g") == frozenset()  # no refresh came: the page is gone
    broker.touch("g", 1, PAGE_TOKEN, ttl=20)
    broker.touch("g", 1, "tab-1")  # the page has JavaScript: its stream says when it leaves
    broker.leave("g", 1, "tab-1")
    assert broker.present("g") == frozenset()
    broker.touch("g", 1, PAGE_TOKEN, ttl=10 * PRESENCE_TTL)
    now[0] += PRESENCE_TTL + 1
    assert broker.present("g") == frozenset()  # never longer than a stream's own expiry


def test_seat_for_key_compares_the_stored_hashes() -> None:
    key, other = keys.new_key(), keys.new_key()
    meta = {"seat_keys": {"0": keys.key_hash(other), "2": keys.key_hash(key)}}
    assert keys.seat_for_key(meta, key) == 2 and keys.seat_for_key(meta, other) == 0
    assert keys.seat_for_key(meta, keys.new_key()) is None
    assert keys.seat_for_key(meta, None) is None and keys.seat_for_key(meta, "é" * 43) is None
    assert keys.seat_for_key({}, key) is None and keys.seat_for_key({"seat_keys": "x"}, key) is None


# -- announce and presence in the app -----------------------------------------------------------


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path) -> Iterator[Flask]:
    made = create_app({"TESTING": True, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_OPPONENT_LEVEL": "random", "PAIYOU_EVENTS_KEEPALIVE": 2,
                       "PAIYOU_EVENTS_PER_CLIENT": 2})
    yield made
    store_for(made).close()


class FailingBroker(MemoryBroker):
    def publish(self, game_id: str, version: int) -> None:
        raise BrokerError("down")

    def present(self, game_id: str) -> frozenset[int]:
        raise RuntimeError("unexpected")


def test_announce_never_raises_and_marks_the_broker_down(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    live.announce("x" * 32, 3)  # no app context: nothing to do
    broker = FailingBroker()
    app.extensions[live.EXTENSION_KEY] = live.Live(live.live_of(app).settings, broker, live.live_of(app).streams)
    with app.app_context():
        live.announce("x" * 32, 3)
        assert not broker.healthy
        broker.healthy = True
        assert live.present_seats("x" * 32) == frozenset() and not broker.healthy
    assert "the broker is out of reach (BrokerError: down)" in caplog.text
    assert "could not read presence" in caplog.text  # not the broker's error: with its traceback


class FlakyBroker(MemoryBroker):
    """A broker whose Redis is down while ``down``."""

    def __init__(self) -> None:
        super().__init__()
        self.down = True

    def publish(self, game_id: str, version: int) -> None:
        if self.down:
            raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.\nand more")

    def present(self, game_id: str) -> frozenset[int]:
        if self.down:
            raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        return frozenset()


def test_a_broker_outage_is_logged_once_when_it_starts_and_once_when_it_ends(
        app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 45 §9: a Redis outage logged a chained traceback per failed announcement (about 50
    lines per app in 15 s); now one warning with the error's one line, and info when it ends."""
    broker = FlakyBroker()
    app.extensions[live.EXTENSION_KEY] = live.Live(live.live_of(app).settings, broker, live.live_of(app).streams)
    caplog.set_level(logging.INFO, logger="paiyou.live")
    with app.app_context():
        for version in range(1, 31):
            live.announce("x" * 32, version)
            assert live.present_seats("x" * 32) == frozenset()
        broker.down = False
        for version in range(31, 34):
            live.announce("x" * 32, version)
        broker.down = True
        live.announce("x" * 32, 34)
    said = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "paiyou.live"]
    out = ("live updates: the broker is out of reach (BrokerError: Error 111 connecting to 127.0.0.1:6379. "
           "Connection refused.): the pages follow the database until it answers")
    assert said == [(logging.WARNING, out), (logging.INFO, "live updates: the broker answers again"),
                    (logging.WARNING, out)]
    assert not any(r.exc_info for r in caplog.records)


def new_game(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/api/v1/chuo-pai/games", json={})
    assert response.status_code == 201
    created: dict[str, Any] = response.get_json()
    return created


def bump(app: Flask, game_id: str) -> int:
    """A change to the stored game, committed then announced (as the table service does)."""
    store = store_for(app)
    stored = store.get(game_id)
    assert stored is not None
    updated = store.update(game_id, stored.version, stored.record)
    assert updated is not None
    with app.app_context():
        live.announce(game_id, updated.version)
    return updated.version


def test_a_stream_starts_at_the_current_version_and_gets_each_announced_one(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client)
    response = client.get(f"/api/v1/games/{game['id']}/events", headers=bearer(game["key"]), buffered=False)
    try:
        assert response.status_code == 200
        assert response.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        assert response.headers["Cache-Control"] == "no-store" and response.headers["X-Accel-Buffering"] == "no"
        reader = StreamReader(iter(response.response))
        first = reader.read_until(lambda b: b.retry is not None)
        assert first.retry == 2000 and reader.seen[0] is first
        assert reader.version(1).id == "1"
        reader.presence([0])
        with app.test_request_context():
            assert live.present_seats(game["id"]) == {0}
        assert bump(app, game["id"]) == 2
        reader.version(2)
        bump(app, game["id"])
        bump(app, game["id"])
        reader.version(4)  # a burst: at most one event per version, in order
        versions = [int(b.id) for b in reader.seen if b.id is not None]
        assert versions == sorted(set(versions)) and versions[-1] == 4
        with app.app_context():
            live.announce(game["id"], 40)  # in no database: it can only have come through the broker
        reader.version(40)
        reader.read_until(lambda b: b.comments == ("keepalive",))
    finally:
        response.close()
    with app.test_request_context():
        assert live.present_seats(game["id"]) == frozenset()


def test_a_stream_without_a_key_is_not_present_and_reconnects_without_repeating(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client)
    response = client.get(f"/api/v1/games/{game['id']}/events", headers={"Last-Event-ID": "1"}, buffered=False)
    try:
        blocks = parse(next(iter(response.response)).decode())
        assert [b.event for b in blocks] == [None, "presence"] and blocks[0].retry == 2000
        assert blocks[1].data == {"seats": [], "watchers": 1}  # itself
        assert live_watchers(app, game["id"]) == 1  # counted as a watcher, not as a seat
    finally:
        response.close()
    assert live_watchers(app, game["id"]) == 0


def test_a_watcher_arriving_and_leaving_wakes_the_seats_stream(app: Flask) -> None:
    """"Watchers: N" follows at once: the seat's stream tells the new count (within
    ``WATCHERS_EVERY`` seconds), so its page fetches the table again."""
    client = app.test_client()
    game = new_game(client)
    url = f"/api/v1/games/{game['id']}/events"
    seat = client.get(url, headers=bearer(game["key"]), buffered=False)
    try:
        reader = StreamReader(iter(seat.response))
        reader.presence([0])
        watcher = app.test_client().get(url, buffered=False)
        try:
            assert parse(next(iter(watcher.response)).decode())[-1].data == {"seats": [0], "watchers": 1}
            assert reader.watchers(1, timeout=60).data == {"seats": [0], "watchers": 1}
        finally:
            watcher.close()
        assert reader.watchers(0, timeout=60).data == {"seats": [0], "watchers": 0}
    finally:
        seat.close()


def live_watchers(app: Flask, game_id: str) -> int:
    with app.app_context():
        return live.watchers(game_id)


def test_the_browsers_seats_cookie_presents_its_seat(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client)
    client.set_cookie("paiyou_seats", f"{'y' * 32}:{keys.new_key()}.{game['id']}:{game['key']}")
    response = client.get(f"/api/v1/games/{game['id']}/events", buffered=False)
    try:
        StreamReader(iter(response.response)).presence([0])
    finally:
        response.close()


@pytest.mark.parametrize("game_id", ["A" * 32, "not-an-id", "x" * 300])
def test_an_unknown_or_malformed_id_is_a_localized_404(app: Flask, game_id: str) -> None:
    client = app.test_client()
    english = client.get(f"/api/v1/games/{game_id}/events", headers={"Accept-Language": "en"})
    arabic = client.get(f"/api/v1/games/{game_id}/events", headers={"Accept-Language": "ar"})
    for response in (english, arabic):
        assert response.status_code == 404 and response.mimetype == "application/json"
        assert response.get_json()["error"] == "unknown-game"
    assert english.get_json()["message"] == "There is no game with that id."
    assert arabic.get_json()["message"] not in ("", english.get_json()["message"])
    assert live.live_of(app).streams.total == 0


def test_too_many_streams_from_one_client_is_a_429_with_retry_after(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client)
    url = f"/api/v1/games/{game['id']}/events"
    opened = [client.get(url, buffered=False) for _ in range(2)]
    try:
        refused = client.get(url, headers={"Accept-Language": "pl"})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        assert refused.get_json()["error"] == "too-many-streams"
        assert "Retry-After" in refused.get_json()["message"]
        assert refused.get_json()["message"] != client.get(url).get_json()["message"]  # Polish, not English
    finally:
        for response in opened:
            response.close()
    again = client.get(url, buffered=False)
    assert again.status_code == 200
    again.close()
    assert live.live_of(app).streams.total == 0


def test_head_answers_the_headers_and_changes_nothing(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client)
    response = client.head(f"/api/v1/games/{game['id']}/events", headers=bearer(game["key"]))
    response.close()  # as a server does once it has sent the headers
    assert response.status_code == 200 and response.get_data() == b""
    assert response.headers["Content-Type"] == "text/event-stream; charset=utf-8"
    with app.test_request_context():
        assert live.present_seats(game["id"]) == frozenset()
    assert live.live_of(app).streams.total == 0


def forget(app: Flask, game_id: str) -> None:
    """The game pruned (as ``GameStore.prune`` would)."""
    store_for(app)._run("DELETE FROM paiyou_games WHERE id = ?", (game_id,))


def test_a_stream_ends_when_its_game_is_gone_or_its_time_is_up(app: Flask) -> None:
    client = app.test_client()
    game = new_game(client)
    response = client.get(f"/api/v1/games/{game['id']}/events", buffered=False)
    try:
        reader = StreamReader(iter(response.response))
        reader.version(1)
        forget(app, game["id"])
        with pytest.raises(StopIteration):  # checked at the next keepalive
            reader.read_until(lambda b: False)
    finally:
        response.close()
    found = live.live_of(app)
    app.extensions[live.EXTENSION_KEY] = dataclasses.replace(
        found, settings=dataclasses.replace(found.settings, max_seconds=0.5))
    game = new_game(client)
    response = client.get(f"/api/v1/games/{game['id']}/events", buffered=False)
    try:
        with pytest.raises(StopIteration):
            StreamReader(iter(response.response)).read_until(lambda b: False)
    finally:
        response.close()


def test_redis_members_tell_seats_from_watchers() -> None:
    members = [channels.member(0, "a"), channels.member(None, "b").encode(), channels.member(None, "c"), b"2:d"]
    assert channels.seats_of(members) == {0, 2} and channels.watchers_of(members) == 2
