"""The live updates in the production shape: deploy/nginx.conf in front of gunicorn (the moves) and
the events process (the streams), both on one database and one redis-server. A game is created,
its stream opened and a move made, all through nginx; the stream gets the new version."""
from __future__ import annotations

import http.client
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bench import servers
from tests.deploy.conftest import _require_nginx
from tests.site.live_helpers import StreamReader


@dataclass(frozen=True)
class LiveStack:
    proxy: servers.Proxy
    redis: servers.Redis


@pytest.fixture(scope="module")
def live_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveStack]:
    _require_nginx()
    if servers.redis_binary() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server is missing under CI=true (scripts/test.sh installs it)")
        pytest.skip("redis-server is not installed")
    root = tmp_path_factory.mktemp("live-stack")
    with servers.redis_server(root / "redis") as redis:
        env = {"PAIYOU_DATABASE_URL": f"sqlite:///{root / 'games.sqlite3'}", "PAIYOU_EVENTS_BROKER": redis.url,
               "PAIYOU_EVENTS_KEEPALIVE": "2", "PAIYOU_OPPONENT_LEVEL": "random"}
        with servers.gunicorn(root / "app", workers=1, threads=2, env=env) as app, \
                servers.events_process(root / "events", env=env) as events, \
                servers.nginx(root / "nginx", [app], events=[events], write_rate="1000r/s") as proxy:
            yield LiveStack(proxy, redis)


def call(stack: LiveStack, method: str, path: str, body: object = None, key: str | None = None) -> Any:
    conn = stack.proxy.https.connection()
    headers = {"Content-Type": "application/json", "Host": "localhost"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = conn.getresponse()
        assert response.status in (200, 201), response.read()
        return json.loads(response.read())
    finally:
        conn.close()


def chunks(response: http.client.HTTPResponse) -> Iterator[bytes]:
    while True:
        chunk = response.read1(65536)
        if not chunk:
            return
        yield chunk


def test_a_move_through_nginx_reaches_the_stream_through_nginx(live_stack: LiveStack) -> None:
    game = call(live_stack, "POST", "/api/v1/chuo-pai/games", {})
    conn = live_stack.proxy.https.connection()  # patient: a read waits up to a keepalive, or a loaded machine
    try:
        conn.request("GET", f"/api/v1/games/{game['id']}/events",
                     headers={"Host": "localhost", "Authorization": f"Bearer {game['key']}"})
        response = conn.getresponse()
        assert response.status == 200
        assert response.getheader("Content-Type") == "text/event-stream; charset=utf-8"
        assert response.getheader("Content-Encoding") is None
        reader = StreamReader(chunks(response))
        reader.version(game["version"])
        reader.presence([0])
        moved = call(live_stack, "POST", f"/api/v1/games/{game['id']}/actions",
                     {"version": game["version"], **game["view"]["legal_actions"][0]}, key=game["key"])
        reader.version(moved["version"])
    finally:
        conn.close()
