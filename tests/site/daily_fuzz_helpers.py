"""What the daily deal's fuzz tests share (test_daily_fuzz.py, test_daily_field_fuzz.py): their
app, a daily played to its end, the snapshot of every table a request could change, and the check of one answer."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from paiyou import create_app
from paiyou.store.databases import store_for
from paiyou.store.schema import DAILY_ACTIONS, DAILY_ATTEMPTS, DAILY_NAMES, DAILY_PLAYERS, DAILY_RESULTS, DAILY_SCORES

UNLIMITED = "100000 per minute"  # the limits would answer a fuzzer's thousands of requests with 429


def fuzz_app(translations_dir: Path, folder: Path) -> Flask:
    """An app of its own (its store in ``folder``) whose errors are answered, never raised."""
    return create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{folder / 'games.sqlite3'}",
                       "PAIYOU_NEW_GAME_LIMIT": UNLIMITED, "PAIYOU_MOVE_LIMIT": UNLIMITED,
                       "PAIYOU_DAILY_READ_LIMIT": UNLIMITED, "PAIYOU_SEAT_WRITE_LIMIT": UNLIMITED,
                       "PAIYOU_ANALYSIS_WORKERS": 0})


def played(client: FlaskClient, started: dict[str, Any]) -> dict[str, Any]:
    """A daily deal ``started`` by the API played to its end (the first legal action each time,
    with the start's seat key): the last answer."""
    data = started
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{data['id']}/actions", json=body,
                           headers={"Authorization": f"Bearer {started['key']}"}).get_json()
    return data


def snapshot(app: Flask) -> list[tuple[object, ...]]:
    """The games' versions and every daily table, in a fixed order."""
    store = store_for(app)
    found: list[tuple[object, ...]] = []
    for statement in ("SELECT id, version FROM paiyou_games ORDER BY id",
                      f"SELECT game, day, player, deal_id FROM {DAILY_ATTEMPTS} ORDER BY deal_id",
                      f"SELECT deal_id, counted FROM {DAILY_RESULTS} ORDER BY deal_id",
                      f"SELECT game, day, score, players FROM {DAILY_SCORES} ORDER BY score",
                      f"SELECT position, action, players FROM {DAILY_ACTIONS} ORDER BY position, action",
                      f"SELECT player, key_hash FROM {DAILY_PLAYERS} ORDER BY player",
                      f"SELECT player, name FROM {DAILY_NAMES} ORDER BY player"):
        _, rows = store._run(statement, (), fetch=True)
        found += [tuple(row) for row in rows]
    return found


def check(app: Flask, response: Any, path: str, before: list[tuple[object, ...]], *, all_json: bool = False) -> None:
    """Below 500; refused in JSON ``{error, message}`` (every path when ``all_json``, else the
    API's); a refusal, a GET, a HEAD or an OPTIONS changed nothing since ``before``."""
    status = response.status_code
    assert status < 500, (path, status, response.get_data(as_text=True)[:300])
    if status >= 400 and (all_json or path.startswith("/api/")) and response.request.method != "HEAD":
        assert response.is_json, (path, status)
        body = response.get_json()
        assert isinstance(body, dict) and {"error", "message"} <= set(body) and body["message"], (path, body)
    if status >= 400 or response.request.method in ("GET", "HEAD", "OPTIONS"):
        assert snapshot(app) == before, (path, response.request.method, status)
