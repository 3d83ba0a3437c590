"""The app on a loopback port, in a thread, on a compiled scratch copy of the checkout's catalogs:
what the browser tests (tests/e2e/conftest.py) and the screenshot tour (scripts/screenshots.py)
serve. Its database is a scratch SQLite file, never the checkout's instance/."""
from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from paiyou import create_app
from paiyou.i18n import catalogs

CHECKOUT = Path(__file__).resolve().parents[1]
# The analysis of each finished deal runs in the server's worker thread: a cheap level keeps it to
# a few hundredths of a second (the browser tests compute their deals' grades at it too).
ANALYSIS_LEVEL = "standard"


@contextmanager
def served(scratch: Path, **config: Any) -> Iterator[str]:
    """The base URL of the app, configured for ``scratch`` (an empty folder), ``config`` on top."""
    translations = scratch / "translations"
    shutil.copytree(CHECKOUT / "translations", translations, ignore=shutil.ignore_patterns("*.mo"))
    catalogs.compile_catalogs(translations)
    app = create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{scratch / 'games.sqlite3'}",
                      # a browser deals far more than a player would: a budget of its own (the
                      # new-game limit itself is tested in tests/site/test_hardening.py, the move
                      # and seat-write limits in tests/site/test_fair_tables.py)
                      "PAIYOU_NEW_GAME_LIMIT": "600 per minute", "PAIYOU_MOVE_LIMIT": "6000 per minute",
                      "PAIYOU_SEAT_WRITE_LIMIT": "600 per minute",
                      "PAIYOU_ANALYSIS_LEVEL": ANALYSIS_LEVEL, **config})
    # threaded: an events stream holds a thread of its own
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()
