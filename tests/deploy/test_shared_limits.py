"""Several processes share one new-game budget per address through Redis (RATELIMIT_STORAGE_URI),
as the compose file's two app containers do. A throwaway redis-server runs on a loopback port."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench import servers
from paiyou import create_app


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if servers.redis_binary() is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed; scripts/test.sh installs it")
        pytest.skip("redis-server is not installed (scripts/test.sh installs it)")
    pytest.importorskip("redis")
    with servers.redis_server(tmp_path_factory.mktemp("redis")) as redis:
        yield redis.url


def test_two_apps_count_one_budget_in_redis(redis_url: str, tmp_path: Path) -> None:
    def app(n: int):  # noqa: ANN202 - two processes' apps, each with its own limiter
        return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_STORAGE_URI": redis_url,
                           "PAIYOU_NEW_GAME_LIMIT": "3 per minute",
                           "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                           "RATELIMIT_KEY_PREFIX": "test-" + tmp_path.name}).test_client()

    one, two = app(1), app(2)
    statuses = [client.post("/api/v1/chuo-pai/games", json={}).status_code for client in (one, two, one, two)]
    assert statuses == [201, 201, 201, 429]
