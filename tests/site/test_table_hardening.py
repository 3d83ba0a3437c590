"""Hardening of the tables (issue 45, item 15):

- every error answer of the APIs is ``Cache-Control: no-store`` (a 409 ``stale-version`` carries
  the seat's view, its hand included);
- behind the HTTPS proxy the ``session`` cookie (the CSRF token) is ``Secure``, and ``SameSite``;
- a closed events stream gives its place back at once: reloading a page many times in a row,
  each stream closed before the next opens, never meets the 429;
- a name that looks blank, stacks accents, or copies the page's own labels (a seat's, a computer
  player's, in any language) is refused; the names people really have are kept.
"""
from __future__ import annotations

import http.client
import random
import threading
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import make_server

from paiyou import create_app
from paiyou.deals import service
from paiyou.live import live_of
from paiyou.store.databases import store_for
from tests.site.play_helpers import bearer


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path) -> Iterator[Flask]:
    made = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_OPPONENT_LEVEL": "random"})
    yield made
    store_for(made).close()


def friends_table(app: Flask, seats: list[str] | None = None) -> tuple[str, dict[int, str]]:
    """A table whose friends' seats are all taken: its id and each person's key by seat."""
    seats = seats or ["you", "friend", "friend", "friend"]
    created = app.test_client().post("/api/v1/tien-gow/games", json={"seats": seats, "level": "random"}).get_json()
    keys = {int(created["seat"]): str(created["key"])}
    for _ in range(seats.count("friend")):
        joined = app.test_client().post(f"/api/v1/games/{created['id']}/seats", json={"invite": created["invite"]})
        keys[int(joined.get_json()["seat"])] = str(joined.get_json()["key"])
    return str(created["id"]), keys


# -- no error answer is stored by a cache ----------------------------------------------------------

def test_every_api_error_answer_is_never_stored(app: Flask) -> None:
    game_id, keys = friends_table(app)
    client = app.test_client()
    view = client.get(f"/api/v1/games/{game_id}", headers=bearer(keys[0])).get_json()
    seat = view["view"]["to_act"]
    mine = client.get(f"/api/v1/games/{game_id}", headers=bearer(keys[seat])).get_json()
    action = mine["view"]["legal_actions"][0]
    body = {"version": mine["version"], "tiles": action["tiles"], "face_up": action["face_up"]}
    assert client.post(f"/api/v1/games/{game_id}/actions", json=body, headers=bearer(keys[seat])).status_code == 200
    stale = client.post(f"/api/v1/games/{game_id}/actions", json=body, headers=bearer(keys[seat]))
    assert stale.status_code == 409 and stale.get_json()["view"]["hand"]  # the seat's hand: never cached
    answers = [
        stale,
        client.get("/api/v1/games/no-such-game"),  # 404
        client.post(f"/api/v1/games/{game_id}/actions", json={}),  # 401
        client.post(f"/api/v1/games/{game_id}/actions", data="x", content_type="application/json",
                    headers=bearer(keys[0])),  # 400
        client.post(f"/api/v1/games/{game_id}/actions", json={**body, "version": stale.get_json()["version"]},
                    headers=bearer(keys[0])),  # 422 (or 409: not this seat's turn)
        client.get(f"/api/v1/games/{game_id}/record"),  # 409 deal-not-over
        client.delete("/api/v1/tien-gow/games"),  # 405
        client.post("/api/v1/judge", json={"game": "chuo-pai", "current": "zz", "play": "6-6"}),  # the judge API
    ]
    for answer in answers:
        assert answer.status_code >= 400 and answer.is_json, (answer.request.path, answer.status_code)
        assert answer.headers["Cache-Control"] == "no-store", (answer.request.path, answer.status_code)


# -- the session cookie behind the HTTPS proxy -----------------------------------------------------

def session_cookie(app: Flask, **headers: str) -> str:
    page = app.test_client().get("/en/chuo-pai/play", headers=headers)  # its forms carry a CSRF token
    assert page.status_code == 200
    found = [c for c in page.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(found) == 1, page.headers.getlist("Set-Cookie")
    return found[0]


def test_the_session_cookie_is_secure_behind_the_https_proxy(translations_dir: Path, tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "PAIYOU_BEHIND_PROXY": "1", "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}"})
    try:
        secure = session_cookie(app, **{"X-Forwarded-Proto": "https"}).lower()
        assert "; secure" in secure and "; samesite=lax" in secure and "; httponly" in secure
        plain = session_cookie(app).lower()  # plain HTTP (development): a Secure cookie would be lost
        assert "; secure" not in plain and "; samesite=lax" in plain
    finally:
        store_for(app).close()


# -- a closed stream gives its place back -----------------------------------------------------------

@pytest.fixture
def served(translations_dir: Path, tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """The app on a loopback port (a real socket per stream, as a browser's), its default limits
    of open streams (8 per client) and keepalive (15 s)."""
    made = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_ANALYSIS_WORKERS": 0, "PAIYOU_OPPONENT_LEVEL": "random"})
    server = make_server("127.0.0.1", 0, made, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield made, f"127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=30)
        server.server_close()
        store_for(made).close()


def open_stream(address: str, path: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection(address, timeout=120)
    connection.request("GET", path)
    return connection, connection.getresponse()


def test_reloading_a_page_many_times_never_meets_the_streams_limit(served: tuple[Flask, str]) -> None:
    """20 reloads in a row (over twice the 8 streams a client may hold), each stream read to its
    first event, then closed as a browser closes it: each new one is answered 200."""
    app, address = served
    game_id, _ = friends_table(app)
    path = f"/api/v1/games/{game_id}/events"
    for number in range(20):
        connection, response = open_stream(address, path)
        try:
            assert response.status == 200, (number, response.status, response.read()[:200])
            assert response.readline().startswith(b"retry:")  # the stream's first frame
        finally:
            response.close()
            connection.close()
    held = [open_stream(address, path) for _ in range(8)]  # streams still open keep their places
    try:
        assert all(response.status == 200 for _, response in held)
        connection, refused = open_stream(address, path)
        assert refused.status == 429 and int(refused.headers["Retry-After"]) > 0
        connection.close()
    finally:
        for connection, response in held:
            response.close()
            connection.close()
    # every stream closed by its client gives its place back by itself, with no new one asking
    deadline = time.monotonic() + 120
    while live_of(app).streams.total:
        assert time.monotonic() < deadline, f"{live_of(app).streams.total} closed streams still counted"
        time.sleep(0.05)


# -- names ---------------------------------------------------------------------------------------------

BLANK_LOOKING = ["\u3164", "\u2800", "\u115f", "\u1160", "\uffa0", "\u3164\u3164 \u2800", "\u034f", "\u200d",
                 "\u200c\u200d", "\ufe0f", "Ann\u3164", "\u2800Bo", "\u17b4"]
STACKED = ["a" + "\u0301" * 23, "Zo\u0308\u0301\u0300\u0302\u0303", "\u0301bc", "a \u0301"]
LABELS = ["You", "you", " SOUTH ", "\uff39\uff2f\uff35", "South", "West", "North", "East", "Computer (Strong)",
          "computer player: strong", "Computer players: Random", "أنت", "الجنوب", "आप", "कंप्यूटर खिलाड़ी: मज़बूत",
          "شما", "بازیکن رایانه‌ای: قوی", "Ty", "Południe", "Gracz komputerowy: Silny", "You\u200d"]
KEPT = ["علی\u200cرضا", "क्\u200dष", "कीं", "मुहम्मद", "مُحَمَّد", "Zoë", "Zo\u0308\u0301\u0300", "❤️ Ann",
        "Strong Ann", "Southpaw", "Youssef", "Nguyễn", "Łucja", "李雷", "★",
        "मानक", "Strong"]  # a level's name alone is a name people have (Manak)


def rename(app: Flask, game_id: str, key: str, name: str, lang: str = "en") -> Any:
    return app.test_client().post(f"/api/v1/games/{game_id}/name", json={"name": name, "lang": lang},
                                  headers=bearer(key))


@pytest.mark.parametrize("name", BLANK_LOOKING + STACKED)
def test_a_name_that_looks_blank_or_stacks_accents_is_refused(app: Flask, name: str) -> None:
    game_id, keys = friends_table(app)
    version = store_for(app).get(game_id).version  # type: ignore[union-attr]
    refused = rename(app, game_id, keys[1], name)
    assert refused.status_code == 400 and refused.get_json()["error"] == "bad-name"
    assert store_for(app).get(game_id).version == version  # type: ignore[union-attr]
    joined = app.test_client().post("/api/v1/tien-gow/games", json={"seats": ["you", "friend", "random", "random"],
                                                                    "name": name})
    assert joined.status_code == 400 and joined.get_json()["error"] == "bad-name"


@pytest.mark.parametrize("name", LABELS)
def test_a_copy_of_the_pages_own_labels_is_refused_in_any_language(app: Flask, name: str) -> None:
    game_id, keys = friends_table(app)
    refused = rename(app, game_id, keys[2], name, lang="pl")
    assert refused.status_code == 400 and refused.get_json()["error"] == "reserved-name"
    assert "name" in refused.get_json()["message"] and "table" not in refused.get_json()["message"]  # Polish


def test_the_names_people_have_are_kept(app: Flask) -> None:
    game_id, keys = friends_table(app)
    for name in KEPT:
        kept = rename(app, game_id, keys[1], name)
        assert kept.status_code == 200, (name, kept.get_json())
        assert kept.get_json()["view"]["players"][1]["name"] == unicodedata.normalize("NFC", name)


def test_the_forms_refuse_those_names_in_the_pages_language(app: Flask) -> None:
    game_id, keys = friends_table(app)
    browser = app.test_client()
    browser.set_cookie("paiyou_seats", f"{game_id}:{keys[3]}")
    version = store_for(app).get(game_id).version  # type: ignore[union-attr]
    blank = browser.post(f"/fa/tien-gow/games/{game_id}/name", data={"name": "\u3164"})
    label = browser.post(f"/fa/tien-gow/games/{game_id}/name", data={"name": "Computer (Strong)"})
    assert blank.status_code == 400 and label.status_code == 400
    assert blank.get_data(as_text=True) != label.get_data(as_text=True)  # each says why
    assert 'lang="fa"' in label.get_data(as_text=True)
    set_up = app.test_client().post("/en/tien-gow/friends", data={"level": "random", "timer": "0", "name": "South"})
    assert set_up.status_code == 400 and "uses that name for a seat" in set_up.get_data(as_text=True)
    assert store_for(app).get(game_id).version == version  # type: ignore[union-attr]


def test_random_names_never_cause_a_server_error(app: Flask) -> None:
    """Any mix of letters, marks, selectors, joiners, fillers and spaces: a 200 or a 400."""
    game_id, keys = friends_table(app)
    alphabet = ["a", "ی", "क", "\u0301", "\u094d", "\u200c", "\u200d", "\ufe0f", "\u3164", "\u2800", " ", "\u00a0",
                "Y", "o", "u", "\U000e0101", "\u180b", "\u0651"]
    rng = random.Random(45)
    with app.test_request_context():
        before = service.load(store_for(app), game_id).version
    statuses = set()
    for _ in range(200):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        answer = rename(app, game_id, keys[1], name)
        assert answer.status_code in (200, 400), (name, answer.status_code)
        statuses.add(answer.status_code)
    assert statuses == {200, 400}
    assert store_for(app).get(game_id).version > before  # type: ignore[union-attr]
