"""A public site: cross-site writes refused, limits on starting deals, the database's outages
answered with 503, old games pruned, the game API's errors always JSON."""
from __future__ import annotations

import json
import logging
import os
import re
import socket
import time
from pathlib import Path
from typing import Any

import pytest
import redis
from flask import Flask

from bench import servers
from engine.chuo_pai import new_deal, to_record
from paiyou import create_app
from paiyou.config import LANGUAGE_CODES
from paiyou.store.databases import open_store, store_for
from paiyou.store.games import GameStore, StoreUnavailable
from tests.site import pg_cluster
from tests.site.live_helpers import eventually

RECORD = to_record(new_deal(5))


def make_app(translations_dir: Path, tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3", **config})


def token(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found, "no CSRF token in the form"
    return found.group(1)


def table_of(client: Any, game: str = "chuo-pai") -> tuple[str, str]:
    """Start a deal through the API; the table's path and its HTML (the client keeps the seat key
    in its cookie, as the browser that started the deal)."""
    created = client.post(f"/api/v1/{game}/games", json={"seed": 11})
    assert created.status_code == 201, created.get_data(as_text=True)
    path = f"/en/{game}/games/{created.get_json()['id']}"
    client.set_cookie("paiyou_seats", f"{created.get_json()['id']}:{created.get_json()['key']}")
    return path, client.get(path).get_data(as_text=True)


# -- cross-site requests ---------------------------------------------------------------------------

def test_every_state_changing_form_needs_its_csrf_token(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, RATELIMIT_ENABLED=False)
    client = app.test_client()
    path, html = table_of(client)
    store = store_for(app)
    game_id = path.rsplit("/", 1)[1]
    version = store.get(game_id).version
    refused = client.post(path, data={"version": version, "move": "play", "quick": "1-1"})
    assert refused.status_code == 400 and "This form has expired" in refused.get_data(as_text=True)
    assert store.get(game_id).version == version  # nothing changed
    assert client.post("/en/chuo-pai/play").status_code == 400  # "New deal" too
    lesson = client.get("/en/chuo-pai/puzzles/").get_data(as_text=True)
    assert "csrf_token" in lesson or "puzzles" in lesson
    accepted = client.post(path, data={"version": version, "move": "pass", "csrf_token": token(html)})
    assert accepted.status_code in (303, 422)  # the token lets the move reach the rules


@pytest.mark.parametrize("headers", [
    {"Origin": "https://evil.example"},
    {"Origin": "null"},  # a sandboxed frame
    {"Referer": "https://evil.example/page"},  # no Origin, a foreign Referer
])
def test_a_request_from_another_sites_page_changes_nothing(translations_dir: Path, tmp_path: Path,
                                                            headers: dict[str, str]) -> None:
    app = make_app(translations_dir, tmp_path, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False)
    client = app.test_client()
    before = store_for(app).count()
    page = client.post("/en/chuo-pai/play", headers=headers)
    assert page.status_code == 403 and "another site" in page.get_data(as_text=True)
    api = client.post("/api/v1/chuo-pai/games", json={}, headers=headers)
    assert api.status_code == 403 and api.get_json()["error"] == "foreign-origin"
    assert store_for(app).count() == before
    same = client.post("/api/v1/chuo-pai/games", json={}, headers={"Origin": "http://localhost"})
    assert same.status_code == 201


def test_the_game_api_takes_only_json_bodies(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, RATELIMIT_ENABLED=False)
    client = app.test_client()
    for kind, body in (("text/plain", b'{"seed": 1}'), ("application/x-www-form-urlencoded", b"seed=1"),
                       ("multipart/form-data; boundary=x", b"--x--")):
        response = client.post("/api/v1/chuo-pai/games", data=body, content_type=kind)
        assert response.status_code == 415 and response.get_json()["error"] == "unsupported-media-type"
    assert store_for(app).count() == 0


@pytest.mark.parametrize("body", [b"[" * 5000 + b"]" * 5000, b'{"a":' * 3000 + b"1" + b"}" * 3000,
                                  b"\xff\xfe", b'{"seed": 1', b"NaN"])
def test_malformed_json_is_a_json_400_never_a_500(client: Any, body: bytes) -> None:
    for url in ("/api/v1/chuo-pai/games", "/api/v1/games/" + "A" * 32 + "/actions"):
        response = client.post(url, data=body, content_type="application/json")
        assert response.status_code in (400, 404) and response.is_json, (url, response.status_code)
        assert set(response.get_json()) >= {"error", "message"}


@pytest.mark.parametrize("method, url, status", [
    ("post", "/api/v1/chess/games", 404), ("put", "/api/v1/chuo-pai/games", 405),
    ("delete", "/api/v1/games/" + "A" * 32, 405), ("patch", "/api/v1/games/x/actions", 405),
])
def test_api_routing_errors_are_json(client: Any, method: str, url: str, status: int) -> None:
    response = getattr(client, method)(url, json={})
    assert response.status_code == status and response.is_json
    assert set(response.get_json()) == {"error", "message"}


# -- limits ----------------------------------------------------------------------------------------

def test_starting_deals_is_limited_per_address_on_every_route(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, WTF_CSRF_ENABLED=False, PAIYOU_NEW_GAME_LIMIT="3 per minute")
    client = app.test_client()
    assert client.post("/api/v1/chuo-pai/games", json={}).status_code == 201
    assert client.post("/api/v1/tien-gow/games", json={}).status_code == 201
    assert client.post("/en/chuo-pai/play").status_code == 303
    api = client.post("/api/v1/chuo-pai/games", json={})
    assert api.status_code == 429 and api.get_json()["error"] == "too-many-requests"
    assert int(api.headers["Retry-After"]) > 0
    page = client.post("/fa/tien-gow/play")
    assert page.status_code == 429 and int(page.headers["Retry-After"]) > 0
    assert 'dir="rtl"' in page.get_data(as_text=True)
    other = client.post("/api/v1/chuo-pai/games", json={}, environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert other.status_code == 201  # another address has its own budget
    assert store_for(app).count() == 4


def test_the_limits_store_out_of_reach_fails_open_and_still_limits_per_process(
        translations_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 45 §6: with the limits' Redis down, setting up a table, a new deal, joining and hints
    answered 500. Now they answer as usual, each budget is counted in the process's memory, and
    the outage is logged once (no traceback)."""
    app = make_app(translations_dir, tmp_path, WTF_CSRF_ENABLED=False, PAIYOU_NEW_GAME_LIMIT="4 per minute",
                   RATELIMIT_STORAGE_URI=f"redis://:secret@127.0.0.1:{_closed_port()}/0")
    client = app.test_client()
    caplog.set_level(logging.INFO)
    table = client.post("/api/v1/chuo-pai/games", json={"seats": ["you", "friend", "random"]})
    assert table.status_code == 201, table.get_data(as_text=True)
    created = table.get_json()
    friend = app.test_client().post(f"/api/v1/games/{created['id']}/seats", json={"invite": created["invite"]})
    assert friend.status_code == 201
    for key in (created["key"], friend.get_json()["key"]):  # the seat to act gets its hint, the other a 409
        hint = client.get(f"/api/v1/games/{created['id']}/hint", headers={"Authorization": f"Bearer {key}"})
        assert hint.status_code in (200, 409), hint.get_data(as_text=True)
    assert client.post("/en/chuo-pai/play").status_code == 303  # a new deal, on the page
    early = client.post(f"/api/v1/games/{created['id']}/next", json={},
                        headers={"Authorization": f"Bearer {created['key']}"})
    assert early.status_code == 409 and early.get_json()["error"] == "deal-not-over"  # counted, answered
    assert client.post("/api/v1/tien-gow/games", json={}).status_code == 201  # the 4th of 4
    over = client.post("/api/v1/chuo-pai/games", json={})
    assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
    said = [r for r in caplog.records if r.name == "paiyou.web.limits"]
    assert [r.levelno for r in said] == [logging.WARNING]
    assert "out of reach" in said[0].getMessage() and "secret" not in said[0].getMessage()
    assert not any(r.exc_info for r in caplog.records)


def test_the_limits_store_back_takes_the_counts_again(translations_dir: Path, tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    if servers.redis_binary() is None:
        pytest.skip("redis-server is not installed (scripts/test.sh installs it)")
    port = _closed_port()
    app = make_app(translations_dir, tmp_path, WTF_CSRF_ENABLED=False, RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{port}/0")
    client = app.test_client()
    caplog.set_level(logging.INFO, logger="paiyou.web.limits")
    assert client.post("/api/v1/chuo-pai/games", json={}).status_code == 201
    with servers.redis_server(tmp_path / "redis", port=port):
        # the limiter looks at its store again after 1, 2, 4 … seconds: a request now and then
        deadline = time.monotonic() + 120
        while not any(r.levelno == logging.INFO for r in caplog.records if r.name == "paiyou.web.limits"):
            assert time.monotonic() < deadline, "the limiter never went back to its store"
            assert client.post("/api/v1/chuo-pai/games", json={}).status_code == 201
            time.sleep(0.2)
        stored = redis.Redis(port=port).keys("LIMITS*")
        assert stored  # counted in Redis again
    said = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "paiyou.web.limits"]
    assert [level for level, _ in said] == [logging.WARNING, logging.INFO]


# -- the database ------------------------------------------------------------------------------------

def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_database_outage_is_a_503_with_retry_after(translations_dir: Path, tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://paiyou@127.0.0.1:{_closed_port()}/nothing"
    app = make_app(translations_dir, tmp_path, PAIYOU_DATABASE_URL=url, WTF_CSRF_ENABLED=False,
                   RATELIMIT_ENABLED=False)
    client = app.test_client()
    api = client.post("/api/v1/chuo-pai/games", json={})
    assert api.status_code == 503 and api.get_json()["error"] == "database-unavailable"
    assert api.headers["Retry-After"] == "5"
    assert client.get("/api/v1/games/" + "A" * 32).status_code == 503
    page = client.post("/pl/chuo-pai/play")
    assert page.status_code == 503 and page.headers["Retry-After"] == "5"
    assert 'lang="pl"' in page.get_data(as_text=True)


def test_a_sqlite_store_that_cannot_open_its_file_is_unavailable(tmp_path: Path) -> None:
    (tmp_path / "dir.sqlite3").mkdir()  # a folder where the file should be
    with pytest.raises(StoreUnavailable):
        open_store(f"sqlite:///{tmp_path}/dir.sqlite3").count()


def test_stale_pooled_postgres_connections_are_replaced(pytestconfig: pytest.Config) -> None:
    server = pg_cluster.server_url(pytestconfig)
    if server is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed; scripts/test.sh installs it")
        pytest.skip("PostgreSQL is not installed")
    import psycopg

    url = pg_cluster.new_database(server)
    store = open_store(url)
    saved = store.create("chuo-pai", 0, ("human", "greedy", "greedy"), RECORD)
    assert store.get(saved.id) is not None  # a pooled connection now exists
    others = "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    with psycopg.connect(url, autocommit=True) as admin:  # what a server restart does to the pool
        admin.execute(f"SELECT pg_terminate_backend(pid) {others}")
        # gone once the server has ended them (a signal, handled in its own time): the pooled
        # connection is dead for sure, not merely doomed
        eventually(lambda: admin.execute(f"SELECT count(*) {others}").fetchone() == (0,))
    assert store.get(saved.id) == saved  # retried once on a fresh connection
    store.close()


# -- pruning ----------------------------------------------------------------------------------------

def test_pruning_forgets_idle_unfinished_and_old_finished_games(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    day = 24 * 3600
    playing = store.create("chuo-pai", 0, ("human", "greedy", "greedy"), RECORD)
    done = store.create("chuo-pai", 0, ("human", "greedy", "greedy"), RECORD, finished=True)
    now = time.time()
    assert store.prune(now + 29 * day) == 0
    assert store.prune(now + 31 * day) == 1 and store.get(playing.id) is None  # unfinished, 30 days
    assert store.get(done.id) is not None
    assert store.prune(now + 91 * day) == 1 and store.count() == 0  # finished, 90 days


def test_a_store_prunes_by_itself_every_nth_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store: GameStore = open_store(f"sqlite:///{tmp_path}/games.sqlite3")
    store.prune_every = 3
    calls: list[float | None] = []
    monkeypatch.setattr(store, "prune", lambda now=None: calls.append(now) or 0)
    for _ in range(7):
        store.create("chuo-pai", 0, ("human", "greedy", "greedy"), RECORD)
    assert len(calls) == 2


def test_the_prune_policy_comes_from_the_configuration(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, PAIYOU_PRUNE_UNFINISHED_DAYS=2, PAIYOU_PRUNE_FINISHED_DAYS=5,
                   PAIYOU_PRUNE_EVERY=7)
    store = store_for(app)
    assert (store.prune_every, store.prune_ages) == (7, (2 * 24 * 3600, 5 * 24 * 3600))
    assert json.loads(json.dumps(app.config["PAIYOU_PRUNE_EVERY"])) == 7


# -- hosts, HTTPS ------------------------------------------------------------------------------------

def test_only_trusted_hosts_are_answered(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path)
    assert app.test_client().get("/en/", headers={"Host": "evil.example"}).status_code == 400
    assert app.test_client().get("/en/", headers={"Host": "127.0.0.1:5000"}).status_code == 200
    named = make_app(translations_dir, tmp_path, PAIYOU_TRUSTED_HOSTS="paiyou.example, www.paiyou.example")
    assert named.test_client().get("/en/", headers={"Host": "www.paiyou.example"}).status_code == 200
    assert named.test_client().get("/en/", headers={"Host": "evil.example"}).status_code == 400
    assert named.test_client().get("/en/", headers={"Host": "localhost"}).status_code == 200


def test_https_answers_carry_hsts_and_secure_cookies(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path, PAIYOU_BEHIND_PROXY=True)
    client = app.test_client()
    plain = client.get("/en/?chosen=1")
    assert "Strict-Transport-Security" not in plain.headers
    assert all("Secure" not in c for c in plain.headers.getlist("Set-Cookie"))
    secure = client.get("/en/?chosen=1", headers={"X-Forwarded-Proto": "https"})
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")
    cookies = secure.headers.getlist("Set-Cookie")
    assert cookies and all("; Secure" in c for c in cookies)


# -- caching, compression --------------------------------------------------------------------------

CONTENT_PAGES = ["/en/", "/fa/glossary", "/ar/chuo-pai/rules", "/pl/tien-gow/puzzles",
                 "/hi/chuo-pai/puzzles/beat-or-pass/1"]


@pytest.mark.parametrize("path", CONTENT_PAGES)
def test_content_pages_are_kept_and_revalidated_with_etags(client: Any, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(path)
    assert again.get_data() == first.get_data() or "csrf_token" in first.get_data(as_text=True)
    unchanged = client.get(path, headers={"If-None-Match": again.headers["ETag"]})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    zipped = client.get(path, headers={"Accept-Encoding": "gzip, br"})
    assert zipped.headers["Content-Encoding"] in ("gzip", "br")
    assert "Accept-Encoding" in zipped.headers["Vary"]


def test_a_kept_page_gives_each_visitor_its_own_form_token(translations_dir: Path, tmp_path: Path) -> None:
    app = make_app(translations_dir, tmp_path)
    path = "/en/chuo-pai/puzzles/beat-or-pass/3"
    one, two = app.test_client(), app.test_client()
    page_one, page_two = one.get(path).get_data(as_text=True), two.get(path).get_data(as_text=True)
    token_one, token_two = token(page_one), token(page_two)
    assert token_one != token_two
    assert one.get(path).headers["ETag"] != two.get(path).headers["ETag"]
    step = one.post(path, data={"answer": "pass", "csrf_token": token_one})
    assert step.status_code in (200, 303)
    assert two.post(path, data={"answer": "pass", "csrf_token": token_one}).status_code == 400


def test_versioned_static_files_are_cached_for_a_year(client: Any) -> None:
    html = client.get("/en/").get_data(as_text=True)
    css = re.search(r'href="(/static/css/site\.css\?v=[0-9a-f]+)"', html)
    assert css, "the stylesheet's URL carries its version"
    response = client.get(css.group(1), headers={"Accept-Encoding": "gzip"})
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["Content-Encoding"] == "gzip"
    response.close()
    unversioned = client.get("/static/css/site.css")
    assert unversioned.headers["Cache-Control"] == "no-cache"
    unversioned.close()


def test_json_is_compressed_when_asked(client: Any) -> None:
    response = client.get("/api/v1/chuo-pai/puzzles", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"


# -- crawlers ---------------------------------------------------------------------------------------

def test_robots_keep_crawlers_off_tables_and_apis(client: Any) -> None:
    text = client.get("/robots.txt").get_data(as_text=True)
    assert "Disallow: /api/" in text and "Disallow: /fa/tien-gow/games/" in text
    assert "Disallow: /en/chuo-pai/play" in text and "Sitemap: http://localhost/sitemap.xml" in text


def test_the_sitemap_lists_every_content_page_with_its_alternates(app: Flask, client: Any) -> None:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(client.get("/sitemap.xml").get_data())
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = root.findall("s:url", ns)
    locs = {u.find("s:loc", ns).text for u in urls}
    for lang in LANGUAGE_CODES:
        for game in app.config["PAIYOU_LISTED_GAMES"]:  # the games the shared pages list
            assert f"http://localhost/{lang}/{game}/rules" in locs
        assert f"http://localhost/{lang}/tien-gow/puzzles/settlement/1" in locs  # a lesson of a listed game
    # each page's alternates: every language and x-default
    assert all(len(u.findall("x:link", ns)) == len(LANGUAGE_CODES) + 1 for u in urls)
    assert not any("/games/" in loc or loc.endswith("/play") for loc in locs)
    for loc in sorted(locs)[:40]:
        assert client.get(loc.replace("http://localhost", "")).status_code == 200, loc


def test_htmx_is_loaded_only_on_pages_that_use_it(client: Any) -> None:
    def loads_htmx(path: str) -> bool:
        return "htmx-2.0.11.min.js" in client.get(path).get_data(as_text=True)

    for path in ("/ar/glossary", "/fa/chuo-pai/rules", "/pl/puzzles", "/en/tien-gow/play"):
        assert not loads_htmx(path), path
    # the home page fetches today's daily figures into its kept page
    for path in ("/en/", "/hi/chuo-pai/puzzles/beat-or-pass/3", "/en/tien-gow/practice/hard/4"):
        assert loads_htmx(path), path
    path, _ = table_of(client)
    assert loads_htmx(path)


def test_a_kept_page_is_kept_per_scheme_and_host(translations_dir: Path, tmp_path: Path) -> None:
    """Absolute links (hreflang) follow the request: a page kept for one host is never served to
    another (seen through the proxy with https, then directly with http)."""
    app = make_app(translations_dir, tmp_path, PAIYOU_BEHIND_PROXY=True, PAIYOU_TRUSTED_HOSTS="paiyou.example")
    client = app.test_client()
    proxied = client.get("/en/glossary", headers={"X-Forwarded-Proto": "https",
                                                   "X-Forwarded-Host": "paiyou.example"}).get_data(as_text=True)
    direct = client.get("/en/glossary").get_data(as_text=True)
    assert 'href="https://paiyou.example/ar/glossary"' in proxied
    assert 'href="http://localhost/ar/glossary"' in direct and "paiyou.example" not in direct


def test_hints_are_limited_per_address_in_json_and_html(translations_dir: Path, tmp_path: Path) -> None:
    """Issue 29 §2: a hint runs the strongest search; one budget for the API and the table's
    ``?hint=1``, answered 429 with ``Retry-After`` (JSON in the API, a localized page in HTML)."""
    app = make_app(translations_dir, tmp_path, WTF_CSRF_ENABLED=False, PAIYOU_HINT_LIMIT="3 per minute")
    client = app.test_client()
    created = client.post("/api/v1/tien-gow/games", json={"seed": 6}).get_json()
    game_id = created["id"]
    client.set_cookie("paiyou_seats", f"{game_id}:{created['key']}")  # the player: page and API
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {created['key']}"
    table = f"/fa/tien-gow/games/{game_id}"
    for _ in range(5):  # the table itself is not counted
        assert client.get(table).status_code == 200
    assert client.get(f"/api/v1/games/{game_id}/hint").status_code == 200
    assert client.get(f"/api/v1/games/{game_id}/hint").status_code == 200
    assert client.get(f"{table}?hint=1").status_code == 200
    api = client.get(f"/api/v1/games/{game_id}/hint?lang=pl")
    assert api.status_code == 429 and int(api.headers["Retry-After"]) > 0
    body = api.get_json()
    assert set(body) == {"error", "message"} and body["error"] == "too-many-hints"
    page = client.get(f"{table}?hint=1")
    assert page.status_code == 429 and int(page.headers["Retry-After"]) > 0
    text = page.get_data(as_text=True)
    assert 'dir="rtl"' in text and "Too many" not in text
    assert client.get(table).status_code == 200  # playing on is never limited
    assert client.post("/api/v1/chuo-pai/games", json={}).status_code == 201  # a budget of its own
