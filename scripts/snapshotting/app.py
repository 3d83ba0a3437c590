"""The site under test, through its one public entry point (``paiyou.create_app``), and the test
client that plays the deals it starts through the API."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse


class SeatKeyClient(FlaskClient):
    """A client that is the player of the deals it starts through the API: it keeps the ``key``
    of each answer that gives one and sends it (``Authorization: Bearer``) on that deal's API
    requests, as a program playing through the API does. Pages carry theirs in the cookie."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.keys: dict[str, str] = {}

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:  # type: ignore[override]
        path = str(args[0]) if args and isinstance(args[0], str) else ""
        found = re.match(r"/api/v1/games/([A-Za-z0-9_-]+)", path)
        headers = dict(kwargs.pop("headers", None) or {})
        if found and found.group(1) in self.keys and "Authorization" not in headers:
            headers["Authorization"] = f"Bearer {self.keys[found.group(1)]}"
        response = super().open(*args, headers=headers, **kwargs)
        if response.is_json:
            body = response.get_json(silent=True)
            if isinstance(body, dict) and isinstance(body.get("id"), str) and isinstance(body.get("key"), str):
                self.keys[body["id"]] = body["key"]
        return response


def make_app(folder: Path, name: str = "site", **settings: object) -> Flask:
    """The site in testing mode, with its own SQLite file and instance folder in ``folder``."""
    from paiyou import create_app  # the one public entry point of the site

    app: Flask = create_app({
        "TESTING": True,
        "SECRET_KEY": "snapshot",
        "PAIYOU_INSTANCE_DIR": str(folder / f"{name}-instance"),
        "PAIYOU_DATABASE_URL": f"sqlite:///{folder / f'{name}.sqlite3'}",
        # the snapshot starts many deals in a few seconds: a limit would drop some at random
        "RATELIMIT_ENABLED": False,
        **settings,
    })
    app.test_client_class = SeatKeyClient
    return app
