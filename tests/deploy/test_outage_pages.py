"""nginx's own 502 and 504 become the site's localized outage page (issue 45 §8), and nothing else
does: deploy/nginx.conf in front of upstreams that are no app at all.

- ``nowhere``: an upstream port nobody listens on (every app process down): nginx's 502.
- ``silent``: a socket that takes connections and never answers (a frozen process, as the kernel
  still accepts for it): nginx's 504, after 5 s for a read and 30 s for a POST.
- ``own``: a stand-in app answering every status it is asked for with its own body and headers:
  its 502, 503, 504, 429 and 404 must reach the client untouched (no proxy_intercept_errors).

tests/deploy/test_outages.py freezes a real gunicorn and follows a page without JavaScript.
"""
from __future__ import annotations

import gettext
import http.client
import json
import re
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from babel import Locale

from bench import servers
from paiyou.config import LANGUAGE_CODES
from scripts.patience import PATIENT
from tests.deploy.conftest import _require_nginx

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
TABLE = "/ar/chuo-pai/games/AbC-dEf_123"
RTL = frozenset(code for code in LANGUAGE_CODES if Locale.parse(code).text_direction == "rtl")  # CLDR's


def translate(proxy: servers.Proxy, lang: str, message: str, context: str | None = None) -> str:
    """``message`` in ``lang``, from the catalogs compiled for the proxy's outage pages."""
    found = gettext.translation("messages", proxy.prefix / "translations", languages=[lang], fallback=True)
    return found.pgettext(context, message) if context else found.gettext(message)


HEADING = "The server did not answer in time"
API_MESSAGE = ("The server did not answer in time. If you sent an action, it may or may not have been made: "
               "fetch the game to see, then try again in a few seconds.")


class OwnAnswers(BaseHTTPRequestHandler):
    """``/status/<code>``: that status, with a body and headers of its own."""

    def answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        match = re.search(r"/status/(\d{3})", self.path)
        code = int(match.group(1)) if match else 200
        body = f"the app's own {code}".encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Retry-After", "7")
        self.send_header("X-Own", "yes")
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def do_HEAD(self) -> None:  # noqa: N802 (http.server's naming)
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def own() -> Iterator[servers.Server]:
    server = ThreadingHTTPServer((servers.HOST, 0), OwnAnswers)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield servers.Server(servers.HOST, server.server_address[1], "http", Path("/dev/null"))
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=PATIENT)


@pytest.fixture(scope="module")
def silent() -> Iterator[servers.Server]:
    with socket.socket() as listening:  # listens, never accepts: connections wait in the backlog
        listening.bind((servers.HOST, 0))
        listening.listen(64)
        yield servers.Server(servers.HOST, listening.getsockname()[1], "http", Path("/dev/null"))


def front(tmp_path_factory: pytest.TempPathFactory, name: str, upstream: servers.Server) -> Iterator[servers.Proxy]:
    _require_nginx()
    with servers.nginx(tmp_path_factory.mktemp(name), [upstream], write_rate="1000r/s", workers="1") as proxy:
        yield proxy


@pytest.fixture(scope="module")
def nowhere_front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[servers.Proxy]:
    yield from front(tmp_path_factory, "nowhere", servers.Server(servers.HOST, servers.free_port(), "http",
                                                                  Path("/dev/null")))


@pytest.fixture(scope="module")
def silent_front(tmp_path_factory: pytest.TempPathFactory, silent: servers.Server) -> Iterator[servers.Proxy]:
    yield from front(tmp_path_factory, "silent", silent)


@pytest.fixture(scope="module")
def own_front(tmp_path_factory: pytest.TempPathFactory, own: servers.Server) -> Iterator[servers.Proxy]:
    yield from front(tmp_path_factory, "own", own)


def ask(proxy: servers.Proxy, method: str, path: str, headers: dict[str, str] | None = None,
        body: bytes | None = None) -> tuple[int, http.client.HTTPMessage, str]:
    conn = proxy.https.connection(timeout=PATIENT)
    try:
        conn.request(method, path, body=body, headers={"Host": "localhost", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.headers, response.read().decode()
    finally:
        conn.close()


def assert_outage_page(proxy: servers.Proxy, answer: tuple[int, http.client.HTTPMessage, str], lang: str,
                       back: str | None) -> None:
    status, headers, body = answer
    assert status == 503 and headers["Retry-After"] == "5" and headers["Cache-Control"] == "no-store"
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    direction = "rtl" if lang in RTL else "ltr"
    assert f'<html lang="{lang}" dir="{direction}">' in body
    heading = translate(proxy, lang, HEADING)
    assert lang == "en" or heading != HEADING
    assert f"<h1>{heading}</h1>" in body
    assert re.search(r'<link rel="stylesheet" href="/static/css/site\.css\?v=\w+">', body)  # the site's look
    assert "<!--#" not in body  # every server-side include was carried out
    links = re.findall(r'<a class="button" href="([^"]*)">([^<]*)</a>', body)
    if back is None:
        assert links == [(f"/{lang}/", translate(proxy, lang, "Go to the home page"))]
    else:
        assert links == [(back, translate(proxy, lang, "Back to the table"))]


# -- every app process down: nginx's 502 ------------------------------------------------------------

def test_a_form_move_with_every_app_down_gets_the_localized_page_back_to_the_table(
        nowhere_front: servers.Proxy) -> None:
    answer = ask(nowhere_front, "POST", f"{TABLE}/next", {"Content-Type": "application/x-www-form-urlencoded"},
                 b"version=3")
    assert_outage_page(nowhere_front, answer, "ar", TABLE)


@pytest.mark.parametrize("lang", LANGUAGE_CODES)
def test_each_language_prefix_gets_its_own_page(nowhere_front: servers.Proxy, lang: str) -> None:
    assert_outage_page(nowhere_front, ask(nowhere_front, "GET", f"/{lang}/chuo-pai/rules?x=1"), lang, None)
    assert_outage_page(nowhere_front, ask(nowhere_front, "GET", f"/{lang}/tien-gow/games/Xy_9-z?hint=1"), lang,
                       f"/{lang}/tien-gow/games/Xy_9-z")


def test_a_url_without_a_language_follows_the_cookie_then_accept_language(nowhere_front: servers.Proxy) -> None:
    assert_outage_page(nowhere_front, ask(nowhere_front, "GET", "/", {"Cookie": "paiyou_lang=fa",
                                                                        "Accept-Language": "pl"}), "fa", None)
    assert_outage_page(nowhere_front, ask(nowhere_front, "GET", "/", {"Accept-Language": "hi-IN,en;q=0.5"}),
                       "hi", None)
    assert_outage_page(nowhere_front, ask(nowhere_front, "GET", "/", {"Accept-Language": "de, ar"}), "en", None)


def test_a_url_that_only_looks_like_a_table_links_home(nowhere_front: servers.Proxy) -> None:
    for path in ('/pl/chuo-pai/games/a"b', "/pl/chuo-pai/games/a%22b/next", "/pl/chuo-pai/games/"):
        assert_outage_page(nowhere_front, ask(nowhere_front, "GET", path), "pl", None)


def test_a_head_request_gets_the_status_without_a_body(nowhere_front: servers.Proxy) -> None:
    status, headers, body = ask(nowhere_front, "HEAD", TABLE)
    assert (status, headers["Retry-After"], body) == (503, "5", "")


@pytest.mark.parametrize(("query", "headers", "lang"), [
    ("?lang=pl", {"Accept-Language": "ar"}, "pl"),
    ("", {"Cookie": "paiyou_lang=hi"}, "hi"),
    ("", {"Accept-Language": "fa-IR"}, "fa"),
    ("?lang=xx", {}, "en"),
])
def test_the_api_gets_its_json_error_in_its_language(nowhere_front: servers.Proxy, query: str,
                                                     headers: dict[str, str], lang: str) -> None:
    for method, path in (("GET", "/api/v1/games/abc"), ("POST", "/api/v1/chuo-pai/games")):
        status, answered, body = ask(nowhere_front, method, path + query,
                                     {"Content-Type": "application/json", **headers}, b"{}")
        assert status == 503 and answered["Retry-After"] == "5" and answered["Cache-Control"] == "no-store"
        assert answered["Content-Type"] == "application/json; charset=utf-8"
        message = translate(nowhere_front, lang, API_MESSAGE, "play api")
        assert lang == "en" or message != API_MESSAGE
        assert json.loads(body) == {"error": "server-unavailable", "message": message}


def test_the_pages_themselves_cannot_be_asked_for(nowhere_front: servers.Proxy) -> None:
    status, _, body = ask(nowhere_front, "GET", "/.paiyou-outage/en.html")
    assert status == 404 and "server did not answer" not in body


# -- a process that never answers: nginx's 504 --------------------------------------------------------

def test_a_read_and_a_form_move_to_a_silent_process_get_the_page(silent_front: servers.Proxy) -> None:
    assert_outage_page(silent_front, ask(silent_front, "GET", TABLE), "ar", TABLE)  # after 5 s
    answer = ask(silent_front, "POST", TABLE, {"Content-Type": "application/x-www-form-urlencoded"},
                 b"version=3&quick=1-1")  # after nginx's 30 s
    assert_outage_page(silent_front, answer, "ar", TABLE)


# -- the app's own errors pass through --------------------------------------------------------------

@pytest.mark.parametrize("code", [502, 503, 504, 429, 404])
@pytest.mark.parametrize(("method", "path"), [("GET", "/ar/chuo-pai/games/abc/status/{code}"),
                                              ("POST", "/ar/chuo-pai/games/abc/status/{code}"),
                                              ("GET", "/api/v1/games/abc/status/{code}")])
def test_the_apps_own_errors_reach_the_client_untouched(own_front: servers.Proxy, code: int, method: str,
                                                        path: str) -> None:
    status, headers, body = ask(own_front, method, path.format(code=code), body=b"" if method == "POST" else None)
    assert (status, body, headers["Retry-After"], headers["X-Own"]) == (code, f"the app's own {code}", "7", "yes")
