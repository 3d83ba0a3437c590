"""deploy/nginx.conf for real: Debian's nginx in front of the production gunicorn on loopback
(fixtures in conftest.py). A deal is played through it, text comes back compressed, static files
are nginx's (cached a year when versioned), slow clients wait on nginx and not on gunicorn's
threads, the forwarded scheme and host reach the app, and the limits hold."""
from __future__ import annotations

import gzip
import http.client
import json
import re
import socket
import ssl
import threading
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bench import servers
from scripts.patience import PATIENT
from tests.deploy.conftest import Stack

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "site" / "paiyou" / "static"
MAX_BODY = 64 * 1024  # site/paiyou/config.py MAX_CONTENT_LENGTH

Answer = tuple[int, http.client.HTTPMessage, bytes]


def fetch(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None,
          headers: dict[str, str] | None = None) -> Answer:
    data = json.dumps(body).encode() if body is not None and not isinstance(body, bytes) else body
    all_headers = dict(headers or {})
    if data is not None:
        all_headers.setdefault("Content-Type", "application/json")
    conn.request(method, path, body=data, headers=all_headers)
    response = conn.getresponse()
    return response.status, response.headers, response.read()


def decoded(headers: http.client.HTTPMessage, body: bytes) -> bytes:
    return gzip.decompress(body) if headers.get("Content-Encoding") == "gzip" else body


# -- a whole deal ---------------------------------------------------------------------------------

def test_a_chuo_pai_deal_is_played_through_nginx(stack: Stack) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "POST", "/api/v1/chuo-pai/games", {"seed": 7})
        assert status == 201, body
        assert headers["Server"] == "nginx"
        game = json.loads(body)
        assert headers["Location"].endswith(f"/api/v1/games/{game['id']}")
        seat_key = {"Authorization": f"Bearer {game['key']}"}  # the player's: acting needs it
        moves = 0
        while not game["view"]["is_over"]:
            assert moves < 200, "the deal does not end"
            action = game["view"]["legal_actions"][0]
            status, headers, body = fetch(conn, "POST", f"/api/v1/games/{game['id']}/actions",
                                          {"version": game["version"], **action},
                                          {"Accept-Encoding": "gzip", **seat_key})
            assert status == 200, body
            game = json.loads(decoded(headers, body))
            moves += 1
        assert moves > 0 and game["view"]["winners"]
        status, headers, body = fetch(conn, "GET", f"/api/v1/games/{game['id']}/record")
        assert status == 200 and json.loads(body)["game"] == "chuo-pai"


# -- compression and static files -----------------------------------------------------------------

@pytest.mark.parametrize("path", ["/en/chuo-pai/rules", "/ar/tien-gow/rules", "/api/v1/chuo-pai/puzzles"])
def test_pages_and_json_come_back_gzipped(stack: Stack, path: str) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "GET", path, headers={"Accept-Encoding": "gzip"})
        assert status == 200
        assert headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in ", ".join(headers.get_all("Vary") or [])
        plain_status, plain_headers, plain = fetch(conn, "GET", path)
        assert plain_status == 200 and plain_headers.get("Content-Encoding") is None
        assert len(body) < len(plain) / 2
        assert gzip.decompress(body) == plain


@pytest.mark.parametrize("name", ["css/site.css", "css/rules.css", "js/play.js", "vendor/htmx-2.0.11.min.js"])
def test_versioned_static_files_come_from_nginx_compressed_and_cached_a_year(stack: Stack, name: str) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "GET", f"/static/{name}?v=0123abcd", headers={"Accept-Encoding": "gzip"})
        assert status == 200
        assert headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body) == (STATIC / name).read_bytes()
        assert headers.get_all("Cache-Control") == ["public, max-age=31536000, immutable"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Content-Type"] in ("text/css", "application/javascript", "text/javascript")
    assert f"/static/{name}" not in stack.app.log.read_text(), "gunicorn served a static file"


def test_an_unversioned_static_url_is_cached_an_hour_only(stack: Stack) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "GET", "/static/css/site.css")
        assert status == 200 and body == (STATIC / "css" / "site.css").read_bytes()
        assert headers.get_all("Cache-Control") == ["public, max-age=3600"]
        status, _, _ = fetch(conn, "POST", "/static/css/site.css", b"x")
        assert status == 403
        status, _, _ = fetch(conn, "GET", "/static/../pyproject.toml")
        assert status in (400, 404)


# -- slow clients ------------------------------------------------------------------------------

SLOW_CLIENTS = 12
TRICKLE_INTERVAL = 0.5   # one byte per half second
PROMPT = 3.0             # a normal request answers within this, however many slow clients


class Trickle:
    """``count`` connections that each send a request one byte every ``TRICKLE_INTERVAL``: the
    body of a POST (headers sent at once) or, for ``kind="headers"``, the end of a GET's headers.
    Stopped (sockets closed) on ``close()``; never runs longer than ``limit`` seconds."""

    def __init__(self, server: servers.Server, kind: str, count: int = SLOW_CLIENTS, limit: float = 8.0):
        self.sockets: list[socket.socket] = []
        self.stopped = threading.Event()
        self.answered = 0
        slow = b"x" * 40
        try:
            for _ in range(count):
                self.sockets.append(self._open(server, kind, slow))
        except BaseException:  # close what was opened: an open socket fails a later test
            for sock in self.sockets:
                sock.close()
            raise
        self.rest = slow[1:]
        self.thread = threading.Thread(target=self._run, args=(limit,), daemon=True)
        self.thread.start()

    @staticmethod
    def _open(server: servers.Server, kind: str, slow: bytes) -> socket.socket:
        sock: socket.socket = socket.create_connection((server.host, server.port), timeout=5)
        try:
            if server.ssl_context is not None:
                sock = server.ssl_context.wrap_socket(sock, server_hostname="localhost")
            host = f"Host: {server.host}:{server.port}\r\n".encode()
            if kind == "body":
                sock.sendall(b"POST /api/v1/judge HTTP/1.1\r\n" + host +
                             b"Content-Type: application/json\r\n" +
                             f"Content-Length: {len(slow)}\r\n\r\n".encode())
            else:
                sock.sendall(b"GET /en/ HTTP/1.1\r\n" + host + b"X-Slow: ")
            sock.sendall(slow[:1])
        except BaseException:
            sock.close()
            raise
        return sock

    def _run(self, limit: float) -> None:
        deadline = time.monotonic() + limit
        for byte in self.rest:
            if self.stopped.wait(TRICKLE_INTERVAL) or time.monotonic() > deadline:
                return
            for sock in self.sockets:
                try:
                    sock.sendall(bytes([byte]))
                except OSError:
                    pass

    def still_waiting(self) -> int:
        """How many of the slow requests have had no answer yet (the server still waits)."""
        waiting = 0
        for sock in self.sockets:
            sock.setblocking(False)
            try:
                sock.recv(1)  # an answer, or b"" for a close: not waiting
            except (BlockingIOError, ssl.SSLWantReadError):
                waiting += 1
            except OSError:
                pass
            finally:
                sock.setblocking(True)
        return waiting

    def close(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


def timed_get(server: servers.Server, path: str = "/en/") -> tuple[int | None, float]:
    """(status or None when no answer came within PROMPT seconds, seconds taken)."""
    start = time.monotonic()
    conn = server.connection(timeout=PROMPT)
    try:
        status, _, _ = fetch(conn, "GET", path)
    except (TimeoutError, OSError, http.client.HTTPException):
        return None, time.monotonic() - start
    finally:
        conn.close()
    return status, time.monotonic() - start


@pytest.mark.parametrize("kind", ["body", "headers"])
def test_slow_clients_do_not_block_others_through_nginx(small_stack: Stack, kind: str) -> None:
    trickle = Trickle(small_stack.proxy.https, kind)
    try:
        time.sleep(1.0)
        status, took = timed_get(small_stack.proxy.https)
        assert status == 200 and took < PROMPT, f"answered {status} after {took:.2f}s"
        status, took = timed_get(small_stack.proxy.https, "/en/chuo-pai/rules")
        assert status == 200 and took < PROMPT, f"answered {status} after {took:.2f}s"
        assert trickle.still_waiting() == SLOW_CLIENTS, "the slow requests were not all held by nginx"
    finally:
        trickle.close()


@pytest.mark.parametrize("kind", ["body", "headers"])
def test_control_the_same_slow_clients_block_gunicorn_directly(small_stack: Stack, kind: str) -> None:
    """Shows the test above can fail: without nginx, the slow clients hold both threads."""
    trickle = Trickle(small_stack.app, kind)
    try:
        # blocked once gunicorn has handed the slow requests to its two threads: a moment after
        # they connected, longer on a loaded machine (a condition, not a fixed sleep)
        deadline = time.monotonic() + PATIENT
        while (answer := timed_get(small_stack.app))[0] is not None:
            status, took = answer
            assert time.monotonic() < deadline, f"gunicorn answered {status} after {took:.2f}s despite the slow clients"
    finally:
        trickle.close()
    deadline = time.monotonic() + PATIENT
    while timed_get(small_stack.app)[0] != 200:  # gunicorn recovers once they are gone
        assert time.monotonic() < deadline, "gunicorn did not recover"


# -- the forwarded scheme, host and address ---------------------------------------------------------

HREFLANG = re.compile(r'<link rel="alternate" hreflang="[^"]+" href="([^"]+)"')


def test_the_app_sees_https_and_the_host_through_nginx(stack: Stack) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        # what a client writes in forwarding headers is replaced by nginx, never believed
        status, _, body = fetch(conn, "GET", "/en/", headers={
            "X-Forwarded-Proto": "http", "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "10.9.9.9"})
    assert status == 200
    hrefs = HREFLANG.findall(body.decode())
    assert hrefs, "no hreflang alternates on the page"
    origin = stack.proxy.https.origin
    assert all(href.startswith(origin + "/") for href in hrefs), hrefs
    # the control: gunicorn reached directly (no proxy headers) builds http URLs
    with closing(stack.app.connection()) as conn:
        status, _, body = fetch(conn, "GET", "/en/")
    direct = HREFLANG.findall(body.decode())
    assert direct and all(href.startswith(stack.app.origin + "/") for href in direct), direct


def test_plain_http_is_redirected_to_https(stack: Stack) -> None:
    with closing(stack.proxy.http.connection()) as conn:
        status, headers, _ = fetch(conn, "GET", "/en/chuo-pai/rules?x=1")
    assert status == 301
    assert headers["Location"] == f"https://{servers.HOST}/en/chuo-pai/rules?x=1"


@pytest.mark.parametrize("which", ["https", "http"])
def test_an_unknown_host_name_gets_no_answer(stack: Stack, which: str) -> None:
    server = stack.proxy.https if which == "https" else stack.proxy.http
    with closing(server.connection()) as conn:
        with pytest.raises((http.client.RemoteDisconnected, ConnectionResetError)):
            fetch(conn, "GET", "/en/", headers={"Host": "evil.example"})


def test_nginx_says_nothing_about_its_version(stack: Stack) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "GET", "/static/no-such-file.css")
    assert status == 404 and headers["Server"] == "nginx"
    assert b"nginx/" not in body


# -- limits ------------------------------------------------------------------------------------

def test_a_body_over_the_apps_limit_is_refused_by_nginx(stack: Stack) -> None:
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "POST", "/api/v1/judge", b"x" * (MAX_BODY + 1))
        assert status == 413
        assert headers["Content-Type"].startswith("text/html"), "the app answered, not nginx"
    # one byte less is the app's to judge (the judge API takes at most 4096 bytes)
    with closing(stack.proxy.https.connection()) as conn:
        status, headers, body = fetch(conn, "POST", "/api/v1/judge", b"x" * MAX_BODY)
    assert status == 400 and json.loads(body)["error"] == "too-large"


def test_too_many_posts_from_one_address_get_429(small_stack: Stack, tmp_path: Path) -> None:
    with servers.nginx(tmp_path / "nginx", [small_stack.app], write_rate="1r/m") as proxy:
        with closing(proxy.https.connection()) as conn:
            statuses = [fetch(conn, "POST", "/api/v1/judge", {"game": "chuo-pai", "play": "1-1"})[0]
                        for _ in range(25)]
            gets = [fetch(conn, "GET", "/static/css/site.css")[0] for _ in range(25)]
    assert statuses[:21] == [200] * 21  # the first one and a burst of 20
    assert set(statuses[21:]) == {429}
    assert set(gets) == {200}  # GET is never counted
