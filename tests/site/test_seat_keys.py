"""Seat keys (paiyou.seats.access, docs/architecture.md "Seat keys"): a deal's id lets anyone read
it once it is over, and nothing more; acting, hints, "Next deal", the settings and the table
before the end need the seat key — the Bearer header in the API, this browser's cookie on the
pages. The stranger who knows an id (a shared review link) is refused everywhere and changes
nothing, for a single deal and for a match; old games are claimed by the browser that listed them.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from paiyou import create_app
from paiyou.deals import service
from paiyou.deals.game import Game
from paiyou.registry import GAME_KEYS
from paiyou.seats import access
from paiyou.store.databases import store_for
from tests.site.play_helpers import PlayerClient, bearer, cookie_key

# Every game the engine has: each is served by its URLs, listed on the shared pages or not.
GAMES = GAME_KEYS


@pytest.fixture
def app(translations_dir: Path, tmp_path: Path):
    made = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{tmp_path / 'games.sqlite3'}",
                       "PAIYOU_OPPONENT_LEVEL": "random"})
    made.test_client_class = PlayerClient
    yield made
    store_for(made).close()


def snapshot(app: Flask) -> list[Any]:
    """Every stored game's id, version, record and meta: what a refused request must not change."""
    _, rows = store_for(app)._run("SELECT id, version, record, meta FROM paiyou_games ORDER BY id", (),
                                  fetch=True)
    return [tuple(r) for r in rows]


def play_out(api: FlaskClient, data: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """The owner plays ``data``'s deal to the end through the API (its key sent by ``api``)."""
    rng = random.Random(seed)
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **rng.choice(data["view"]["legal_actions"])}
        response = api.post(f"/api/v1/games/{data['id']}/actions", json=body)
        assert response.status_code == 200, response.get_json()
        data = response.get_json()
    return data


def assert_refused_api(response: Any) -> None:
    assert response.status_code == 401, response.get_data(as_text=True)
    assert response.json["error"] == "seat-key-required" and response.json["message"]
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert "hand" not in response.get_data(as_text=True)


# -- the API -----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_stranger_with_the_id_cannot_touch_a_deal_through_the_api(app: Flask, game: str) -> None:
    owner = app.test_client()
    created = owner.post(f"/api/v1/{game}/games", json={"seed": 4})
    assert created.status_code == 201
    data = created.json
    key, game_id = data["key"], data["id"]
    assert access.is_valid_key(key)
    stranger = app.test_client()  # knows the id, not the key
    before = snapshot(app)
    body = {"version": data["version"], **data["view"]["legal_actions"][0]}
    for headers in ({}, bearer("x" * 43), bearer(access.new_key()), {"Authorization": key},
                    {"Authorization": f"Basic {key}"}, {"Authorization": f"Bearer {key}x"}):
        assert_refused_api(stranger.get(f"/api/v1/games/{game_id}", headers=headers))
        assert_refused_api(stranger.post(f"/api/v1/games/{game_id}/actions", json=body, headers=headers))
        assert_refused_api(stranger.get(f"/api/v1/games/{game_id}/hint", headers=headers))
        assert_refused_api(stranger.post(f"/api/v1/games/{game_id}/next", json={}, headers=headers))
    assert stranger.get(f"/api/v1/games/{game_id}/record").status_code == 409
    assert snapshot(app) == before
    # the key, in the header, from any client
    assert stranger.get(f"/api/v1/games/{game_id}", headers=bearer(key)).status_code == 200
    final = play_out(owner, {k: v for k, v in data.items() if k != "key"})
    # after the end the id reads the deal, and still acts on nothing
    shown = stranger.get(f"/api/v1/games/{game_id}")
    assert shown.status_code == 200 and shown.json == final and "key" not in shown.json
    assert stranger.get(f"/api/v1/games/{game_id}/record").status_code == 200
    before = snapshot(app)
    assert_refused_api(stranger.post(f"/api/v1/games/{game_id}/next", json={}))
    assert_refused_api(stranger.get(f"/api/v1/games/{game_id}/hint"))
    assert snapshot(app) == before


def test_a_match_belongs_to_its_player_through_the_api(app: Flask) -> None:
    owner, stranger = app.test_client(), app.test_client()
    first = owner.post("/api/v1/tien-gow/games", json={"seed": 5}).json
    key = first["key"]
    play_out(owner, first)
    assert_refused_api(stranger.post(f"/api/v1/games/{first['id']}/next", json={}))
    assert store_for(app).count() == 1  # the stranger dealt nothing
    following = owner.post(f"/api/v1/games/{first['id']}/next", json={})
    assert following.status_code == 201 and following.json["key"] == key  # one key per match
    second = following.json
    assert owner.post(f"/api/v1/games/{first['id']}/next", json={}).json["id"] == second["id"]
    stored = store_for(app).get(second["id"])
    assert stored is not None and stored.meta["seat_keys"] == {"0": access.key_hash(key)}
    before = snapshot(app)
    body = {"version": second["version"], **second["view"]["legal_actions"][0]}
    assert_refused_api(stranger.get(f"/api/v1/games/{second['id']}"))
    assert_refused_api(stranger.post(f"/api/v1/games/{second['id']}/actions", json=body))
    assert snapshot(app) == before
    assert owner.post(f"/api/v1/games/{second['id']}/actions", json=body).status_code == 200


def test_only_the_keys_hash_is_stored(app: Flask) -> None:
    created = app.test_client().post("/api/v1/chuo-pai/games", json={}).json
    text = json.dumps(snapshot(app))
    assert created["key"] not in text and access.key_hash(created["key"]) in text
    assert created["key"] not in json.dumps(app.test_client().get(
        f"/api/v1/games/{created['id']}", headers=bearer(created["key"])).json)


# -- the pages ---------------------------------------------------------------------------------

def new_table(web: FlaskClient, game: str, seed: int = 3) -> tuple[str, str]:
    response = web.post(f"/en/{game}/play", data={"seed": str(seed), "level": "random"})
    assert response.status_code == 303
    path = urlsplit(response.location).path
    return path, path.rsplit("/", 1)[1]


def finish_in_the_browser(app: Flask, web: FlaskClient, game_id: str) -> None:
    """The browser's player finishes the deal (through the API with the key of its cookie)."""
    api = app.test_client()
    api.keys[game_id] = cookie_key(web, game_id)
    play_out(api, api.get(f"/api/v1/games/{game_id}").json)


def assert_refused_page(response: Any, title: str = "This deal is not yours") -> None:
    assert response.status_code == 403
    text = response.get_data(as_text=True)
    assert title in text and 'data-tile="' not in text


@pytest.mark.parametrize("game", GAMES)
def test_a_stranger_with_the_id_cannot_touch_a_deal_through_the_pages(app: Flask, game: str) -> None:
    web, stranger = app.test_client(), app.test_client()
    path, game_id = new_table(web, game)
    cookie = web.get_cookie("paiyou_seats")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert web.get(path).status_code == 200
    version = store_for(app).get(game_id).version  # type: ignore[union-attr]
    before = snapshot(app)
    assert_refused_page(stranger.get(path))
    assert_refused_page(stranger.get(f"{path}?hint=1"))
    assert_refused_page(stranger.get(f"/pl{path[3:]}"), "To rozdanie nie jest twoje")
    assert_refused_page(stranger.post(path, data={"version": str(version), "move": "pass"}))
    assert_refused_page(stranger.post(path, data={"version": str(version), "move": "pass"},
                                      headers={"HX-Request": "true"}))
    assert_refused_page(stranger.post(f"{path}/auto-pass", data={"auto_pass": "off"}))
    assert_refused_page(stranger.post(f"{path}/next"))
    assert stranger.get(f"{path}/review").status_code == 409
    assert game_id not in stranger.get(f"/en/{game}/play").get_data(as_text=True)
    assert snapshot(app) == before
    finish_in_the_browser(app, web, game_id)
    # after the end: the table, the review and the record for anyone with the id
    for url in (path, f"{path}/review", f"{path}/record"):
        assert stranger.get(url).status_code == 200, url
    before = snapshot(app)
    assert_refused_page(stranger.post(f"{path}/next"))
    assert_refused_page(stranger.get(f"{path}?hint=1"))
    assert snapshot(app) == before and store_for(app).count() == 1


def test_a_match_belongs_to_its_browser(app: Flask) -> None:
    web, stranger = app.test_client(), app.test_client()
    path, game_id = new_table(web, "chuo-pai")
    finish_in_the_browser(app, web, game_id)
    assert_refused_page(stranger.post(f"{path}/next"))
    assert store_for(app).count() == 1
    response = web.post(f"{path}/next")
    assert response.status_code == 303
    next_path = urlsplit(response.location).path
    next_id = next_path.rsplit("/", 1)[1]
    assert next_id != game_id and cookie_key(web, next_id) == cookie_key(web, game_id)
    assert web.get(next_path).status_code == 200
    assert_refused_page(stranger.get(next_path))
    assert_refused_page(stranger.post(next_path, data={"version": "1", "move": "pass"}))
    # the "Continue your deal" link is the browser's own
    assert f'href="{next_path}"' in web.get("/en/chuo-pai/play").get_data(as_text=True)
    assert f'href="{next_path}"' not in stranger.get("/en/chuo-pai/play").get_data(as_text=True)


def test_the_cookie_keeps_the_newest_keys(app: Flask) -> None:
    web = app.test_client()
    made = [new_table(web, "chuo-pai", seed)[1] for seed in range(14)]
    cookie = web.get_cookie("paiyou_seats")
    assert cookie is not None
    kept = [e.partition(":")[0] for e in cookie.value.split(".")]
    assert kept == made[::-1][:12]


# -- games stored before seat keys ---------------------------------------------------------------

def old_game(app: Flask, game: str = "tien-gow", seed: int = 6) -> Game:
    with app.app_context():
        return service.start(store_for(app), game, seed, "random")  # no seat_keys: an old row


def test_an_old_game_is_claimed_by_the_browser_that_listed_it(app: Flask) -> None:
    old = old_game(app)
    path = f"/en/tien-gow/games/{old.id}"
    web, stranger = app.test_client(), app.test_client()
    web.set_cookie("paiyou_games", old.id)
    assert f'href="{path}"' in web.get("/en/tien-gow/play").get_data(as_text=True)
    assert web.get(path).status_code == 200
    key = cookie_key(web, old.id)
    stored = store_for(app).get(old.id)
    assert stored is not None and stored.meta["seat_keys"] == {"0": access.key_hash(key)}
    assert stored.version == old.version and stored.record == old.stored.record
    cleared = web.get_cookie("paiyou_games")
    assert cleared is None or old.id not in cleared.value
    # a second browser listing the same id comes too late
    stranger.set_cookie("paiyou_games", old.id)
    assert_refused_page(stranger.get(path))
    assert web.get(path).status_code == 200


def test_an_old_game_is_claimed_by_a_form_move_and_the_move_is_made(app: Flask) -> None:
    """A move posted before any GET claims the old game (the deal service hands a game without
    hashes back to the seats' claim) and is made with the hashes kept; a stranger's is refused."""
    old = old_game(app)
    path = f"/en/tien-gow/games/{old.id}"
    tiles = [t.key for t in old.view().legal_actions()[0].tiles]
    stranger = app.test_client()
    assert_refused_page(stranger.post(path, data={"version": old.version, "quick": " ".join(tiles)}))
    web = app.test_client()
    web.set_cookie("paiyou_games", old.id)
    moved = web.post(path, data={"version": old.version, "quick": " ".join(tiles)})
    assert moved.status_code == 303 and "refused" not in moved.headers["Location"]
    key = cookie_key(web, old.id)
    stored = store_for(app).get(old.id)
    assert stored is not None and stored.version > old.version
    assert stored.meta["seat_keys"] == {"0": access.key_hash(key)}


def test_a_finished_old_game_is_only_read(app: Flask) -> None:
    """A finished deal's id may have been shared: an old cookie naming it claims nothing."""
    old = old_game(app, "chuo-pai", 2)
    api = app.test_client()
    with app.app_context():
        store = store_for(app)
        current = old
        rng = random.Random(0)
        while not current.is_over:
            action = rng.choice(current.view().legal_actions())
            current = service.act(store, current, current.version, [t.key for t in action.tiles])
    stranger = app.test_client()
    stranger.set_cookie("paiyou_games", old.id)
    path = f"/en/chuo-pai/games/{old.id}"
    assert stranger.get(path).status_code == 200
    assert_refused_page(stranger.post(f"{path}/next"))
    assert_refused_api(api.post(f"/api/v1/games/{old.id}/next", json={}))
    assert "seat_keys" not in store_for(app).get(old.id).meta  # type: ignore[union-attr]
