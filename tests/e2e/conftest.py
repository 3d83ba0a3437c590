"""Browser tests: the app on a live loopback server, Debian's chromium driven by Playwright.

- ``live_server``: werkzeug's server on 127.0.0.1 with an ephemeral port, in a thread, serving
  the app on a compiled scratch copy of the catalogs.
- ``base_url`` (pytest-playwright's fixture, overridden): so ``page.goto("/ar/")`` works.
- ``browser_type_launch_args``: chromium from ``CHROMIUM_PATH`` (default /usr/bin/chromium),
  because Playwright's own browser download is not used (toolchain.md, section 4).
"""
from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from paiyou import create_app
from paiyou.i18n import catalogs

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    translations = tmp_path_factory.mktemp("e2e") / "translations"
    shutil.copytree(ROOT / "translations", translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    games = tmp_path_factory.mktemp("e2e-games") / "games.sqlite3"  # never the checkout's instance/
    # The browser tests deal far more than a player would: a budget of their own (the new-game
    # limit itself is tested in tests/site/test_hardening.py).
    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{games}",
                      "PAIYOU_NEW_GAME_LIMIT": "600 per minute",
                      # the analysis of each finished deal runs in the server's worker thread: a
                      # cheap level keeps it to a few hundredths of a second
                      "PAIYOU_ANALYSIS_LEVEL": "standard"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()


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
