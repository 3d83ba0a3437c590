"""Browser tests: the app on a live loopback server, Debian's chromium driven by Playwright.

- ``live_server``: werkzeug's server on 127.0.0.1 with an ephemeral port, in a thread, serving
  the app on a compiled scratch copy of the catalogs (``scripts.loopback.served``).
- ``base_url`` (pytest-playwright's fixture, overridden): so ``page.goto("/ar/")`` works.
- ``browser_type_launch_args``: chromium from ``CHROMIUM_PATH`` (default /usr/bin/chromium),
  because Playwright's own browser download is not used (toolchain.md, section 4).
"""
from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from scripts.loopback import served

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served(tmp_path_factory.mktemp("e2e")) as url:
        yield url


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--metrics-recording-only"],
    }
