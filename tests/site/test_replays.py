"""One load per request: a request replays its game's record (the engine's ``GameSpec.replay``,
which re-checks every action) at most once, and hands the loaded game on (``paiyou.deals.service``:
``act``, ``advance`` and ``next_deal`` take the loaded ``Game``).

Counted by wrapping each game's ``replay``: a move through the plain form (its POST, then the GET
it is redirected to: two requests, one replay each), through htmx, a computer step, the skip to
your turn, the API's action and game, and the table page.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.games import GAMES
from paiyou import create_app
from paiyou.store.databases import store_for
from tests.site.play_helpers import bearer, truth

HX = {"HX-Request": "true"}


@pytest.fixture
def replay_app(translations_dir: Path, tmp_path: Path):
    app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                      "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path}/games.sqlite3",
                      "PAIYOU_ANALYSIS_WORKERS": 0})
    yield app
    store_for(app).close()


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[], Any]], tuple[int, Any]]:
    """``replays(request)``: how many records ``request`` replayed, and its response."""
    calls: list[str] = []
    for key, spec in list(GAMES.items()):
        def counting(record: Any, real: Callable[[Any], Any] = spec.replay, key: str = key) -> Any:
            calls.append(key)
            return real(record)

        monkeypatch.setitem(GAMES, key, dataclasses.replace(spec, replay=counting))

    def count(request: Callable[[], Any]) -> tuple[int, Any]:
        before = len(calls)
        response = request()
        return len(calls) - before, response

    return count


def _level(game: str) -> str:
    """A quick computer level every game has: its weakest."""
    return GAMES[game].agent_levels[0]


def _new_table(web: FlaskClient, game: str, seed: int) -> tuple[str, str]:
    response = web.post(f"/en/{game}/play", data={"seed": seed, "level": _level(game)})
    assert response.status_code == 303
    path = response.headers["Location"].split("?")[0]
    return path, path.rsplit("/", 1)[1]


def _game(app: Flask, game_id: str) -> Any:
    """The game as stored (read here: not a request's replay)."""
    with app.app_context():
        return truth(store_for(app), game_id)


def _move(app: Flask, game_id: str) -> dict[str, Any]:
    """The form of the human's first legal move (a face-down one with its tiles ticked)."""
    current = _game(app, game_id)
    action = current.view().legal_actions()[0]
    tiles = [t.key for t in action.tiles]
    if action.face_up:
        return {"version": current.version, "quick": " ".join(tiles)}
    return {"version": current.version, "tile": tiles, "move": "down"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_page_request_replays_its_game_once(replay_app: Flask, replays: Any, game: str) -> None:
    web = replay_app.test_client()
    path, game_id = _new_table(web, game, 5)

    count, response = replays(lambda: web.get(path))  # the table
    assert (count, response.status_code) == (1, 200)

    form = _move(replay_app, game_id)
    count, response = replays(lambda: web.post(path, data=form))  # a plain form's move: POST …
    assert (count, response.status_code) == (1, 303)
    count, response = replays(lambda: web.get(response.headers["Location"]))  # … then the GET
    assert (count, response.status_code) == (1, 200)

    form = _move(replay_app, game_id)
    count, response = replays(lambda: web.post(path, data=form, headers=HX))  # htmx: your move alone
    assert (count, response.status_code) == (1, 200)

    waiting = _game(replay_app, game_id)
    assert waiting.deal.to_act != waiting.seat  # the computer's move comes next
    count, response = replays(lambda: web.post(f"{path}/advance", data={"version": waiting.version},
                                               headers=HX))
    assert (count, response.status_code) == (1, 200)  # one computer move
    version = _game(replay_app, game_id).version
    count, response = replays(lambda: web.post(f"{path}/advance", data={"version": version, "to": "turn"}))
    assert (count, response.status_code) == (1, 303)  # skip to your turn


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_api_request_replays_its_game_once(replay_app: Flask, replays: Any, game: str) -> None:
    api = replay_app.test_client()
    created = api.post(f"/api/v1/{game}/games", json={"seed": 5, "level": _level(game)}).get_json()
    auth = bearer(created["key"])
    action = _game(replay_app, created["id"]).view().legal_actions()[0]
    body = {"version": created["version"], "tiles": [t.key for t in action.tiles],
            **({} if action.face_up else {"face_up": False})}

    count, response = replays(lambda: api.post(f"/api/v1/games/{created['id']}/actions", json=body,
                                               headers=auth))
    assert (count, response.status_code) == (1, 200)
    count, response = replays(lambda: api.get(f"/api/v1/games/{created['id']}", headers=auth))
    assert (count, response.status_code) == (1, 200)


def test_the_counter_counts(replay_app: Flask, replays: Any) -> None:
    """A request that loads its game twice would be seen (the guard above is not vacuous)."""
    from paiyou.deals import service

    created = replay_app.test_client().post("/api/v1/chuo-pai/games", json={"seed": 5}).get_json()

    def twice() -> None:
        with replay_app.app_context():
            service.load(store_for(replay_app), created["id"])
            service.load(store_for(replay_app), created["id"])

    assert replays(twice)[0] == 2
