"""Several processes share one new-game budget per address through Redis (RATELIMIT_STORAGE_URI),
as the compose file's two app containers do. A throwaway redis-server runs on a loopback port."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from paiyou import create_app


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    server = shutil.which("redis-server")
    if server is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed; scripts/test.sh installs it")
        pytest.skip("redis-server is not installed (scripts/test.sh installs it)")
    pytest.importorskip("redis")
    port = _free_port()
    folder = tempfile.mkdtemp(prefix="paiyou-redis-")
    process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", folder],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("redis-server did not start")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def test_two_apps_count_one_budget_in_redis(redis_url: str, tmp_path: Path) -> None:
    def app(n: int):  # noqa: ANN202 - two processes' apps, each with its own limiter
        return create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_STORAGE_URI": redis_url,
                           "PAIYOU_NEW_GAME_LIMIT": "3 per minute",
                           "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                           "RATELIMIT_KEY_PREFIX": "test-" + tmp_path.name}).test_client()

    one, two = app(1), app(2)
    statuses = [client.post("/api/v1/chuo-pai/games", json={}).status_code for client in (one, two, one, two)]
    assert statuses == [201, 201, 201, 429]
