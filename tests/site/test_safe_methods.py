"""GET and HEAD never change state: every page, table and API answer fetched both ways leaves the
store exactly as it was (no row created, no version moved)."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from engine.games import game as game_rules
from paiyou import create_app
from paiyou.registry import GAME_KEYS
from paiyou.store.databases import store_for


@pytest.fixture(scope="module")
def safe_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    games = tmp_path_factory.mktemp("safe") / "games.sqlite3"
    return create_app({"TESTING": True, "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{games}", "RATELIMIT_ENABLED": False,
                       "PAIYOU_ANALYSIS_WORKERS": 0})  # no thread: only a request could change a job


def rows(app: Flask) -> list[tuple[object, ...]]:
    _, found = store_for(app)._run("SELECT id, version, updated_at FROM paiyou_games ORDER BY id", (), fetch=True)
    return [tuple(r) for r in found]


def test_a_get_or_head_of_every_page_leaves_the_store_unchanged(safe_app: Flask) -> None:
    import xml.etree.ElementTree as ET

    client = safe_app.test_client()
    # every game the engine has: each is served by its URLs, listed on the shared pages or not
    ids = [client.post(f"/api/v1/{game}/games", json={"seed": 4}).get_json()["id"] for game in GAME_KEYS]
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    pages = [loc.text.replace("http://localhost", "")
             for loc in ET.fromstring(client.get("/sitemap.xml").get_data()).iter(f"{{{ns['s']}}}loc")]
    pages += ["/", "/robots.txt", "/favicon.svg"]
    for lang in ("en", "fa"):
        for game, game_id in zip(GAME_KEYS, ids, strict=True):
            pages += [f"/{lang}/{game}/play", f"/{lang}/{game}/games/{game_id}",
                      f"/{lang}/{game}/games/{game_id}/record", f"/{lang}/{game}/practice/easy",
                      f"/{lang}/{game}/practice/hard/3"]
    pages += [f"/api/v1/games/{i}" for i in ids] + [f"/api/v1/games/{i}/record" for i in ids]
    # each game's finished deal: its review, its analysis box (polled by htmx, or sent to the review)
    # and the API's analysis: reading them never runs nor queues anything
    for game, game_id in zip(GAME_KEYS, ids, strict=True):
        weakest = game_rules(game).agent_levels[0]
        data = client.post(f"/api/v1/{game}/games", json={"seed": 6, "level": weakest}).get_json()
        headers = {"Authorization": f"Bearer {data['key']}"}
        while not data["view"]["is_over"]:
            body = {"version": data["version"], **data["view"]["legal_actions"][0]}
            data = client.post(f"/api/v1/games/{data['id']}/actions", json=body, headers=headers).get_json()
        over = data["id"]
        pages += [f"/en/{game}/games/{over}/review", f"/fa/{game}/games/{over}/review/analysis",
                  f"/api/v1/games/{over}/analysis", f"/en/{game}/games/{game_id}/review/analysis"]
    # each game's table with friends (its friend's seat still empty): the view by its creator's key,
    # by no key (a watcher's), and the routes that only take a POST or DELETE, read with GET and HEAD
    creators, table_pages = {}, []
    for game in GAME_KEYS:
        seats = ["you", "friend", *[game_rules(game).agent_levels[0]] * (game_rules(game).seats - 2)]
        table = client.post(f"/api/v1/{game}/games", json={"seats": seats, "timer": 30}).get_json()
        creators[table["id"]] = {"Authorization": f"Bearer {table['key']}"}
        table_pages += [f"/api/v1/games/{table['id']}"] + [
            f"/api/v1/games/{table['id']}/{route}"
            for route in ("seats", "invite", "seats/1/computer", "name", "leave", "return", "timeout", "advance",
                          "record")] + [
            f"/en/{game}/games/{table['id']}", f"/fa/{game}/games/{table['id']}/record"]
    before = rows(safe_app)
    jobs = store_for(safe_app)._run("SELECT * FROM paiyou_analyses ORDER BY game_id", (), fetch=True)[1]
    # a deal against the computer, a finished one and a table with friends of each game; one job
    # for each finished deal
    assert len(before) == 3 * len(GAME_KEYS) and len(jobs) == len(GAME_KEYS)
    for page in pages:
        for method in ("GET", "HEAD"):
            response = client.open(page, method=method)
            assert response.status_code < 500, (method, page)
            response.close()
        if "analysis" in page:  # the box polled by htmx as well
            assert client.get(page, headers={"HX-Request": "true"}).status_code < 500
    for page in table_pages:
        creator = next(headers for table_id, headers in creators.items() if table_id in page)
        for method in ("GET", "HEAD"):
            for headers in (creator, {}):
                response = client.open(page, method=method, headers=headers)
                assert response.status_code < 500, (method, page)
                response.close()
    for table_id, creator in creators.items():
        assert client.get(f"/api/v1/games/{table_id}", headers=creator).get_json()["view"]["seat"] == 0
        assert client.get(f"/api/v1/games/{table_id}").get_json()["view"]["seat"] is None  # a watcher's
    assert rows(safe_app) == before
    assert store_for(safe_app)._run("SELECT * FROM paiyou_analyses ORDER BY game_id", (), fetch=True)[1] == jobs
