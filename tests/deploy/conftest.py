"""The production stack for real: Debian's nginx with deploy/nginx.conf in front of the
Dockerfile's gunicorn command, both child processes on free loopback ports (bench/servers.py).

- ``stack``: production gunicorn (2 workers x 4 threads) behind nginx, for the session.
- ``small_stack``: gunicorn with 1 worker x 2 threads behind its own nginx, for the slow-client
  tests (the control against gunicorn directly must be blocked for sure), with the production
  write rate (10r/s).

Without nginx these tests skip, except under CI=true, where scripts/test.sh installs it and a
missing nginx is a failure.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from bench import servers


@dataclass(frozen=True)
class Stack:
    app: servers.Server
    proxy: servers.Proxy


def _require_nginx() -> None:
    if servers.nginx_binary() is not None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail("nginx is missing under CI=true (scripts/test.sh installs Debian's nginx)")
    pytest.skip("nginx is not installed (apt-get install nginx, or run bash scripts/test.sh)")


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    _require_nginx()
    root = tmp_path_factory.mktemp("stack")
    with servers.gunicorn(root / "instance") as app, \
            servers.nginx(root / "nginx", [app], write_rate="1000r/s") as proxy:
        yield Stack(app, proxy)


PRODUCTION_WRITE_RATE = "10r/s"  # as in deploy/compose.yaml


@pytest.fixture(scope="session")
def small_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    _require_nginx()
    root = tmp_path_factory.mktemp("small-stack")
    with servers.gunicorn(root / "instance", workers=1, threads=2) as app, \
            servers.nginx(root / "nginx", [app], write_rate=PRODUCTION_WRITE_RATE) as proxy:
        yield Stack(app, proxy)
