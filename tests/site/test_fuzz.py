"""Fuzzing every route: whatever a client sends, the site answers below 500, the APIs answer their
errors as JSON ``{error, message}``, and a refused request changes nothing in the store.

Two parts: a bounded, deterministic sweep (every route × every method × a list of nasty values for
each path part — control characters and encoded bytes too —, query and body), and hypothesis
strategies (random JSON shapes, form fields whose names collide with routing arguments, unicode
digits and signs, content types). The client is the deals' player (it holds their seat keys), so
the bodies reach the parsers behind the key check; a table with friends (seats you, friend, random)
is swept the same way, by its creator. Then the regressions of the 2026-12-03 audit.
"""
from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paiyou import create_app
from paiyou.store.databases import store_for

METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
NASTY = ["x", "", "%00", "..%2F..", "ｅｎ", "é", "٣", "۴۲", "²", "--1", "-1", "1e9", "9" * 400,
         "A" * 32, "<script>", "' OR 1=1", "%ZZ", "null"]
# Control characters and encoded bytes, tried in every path part: CR LF (a header injection), DEL
# and C0, invalid UTF-8, a byte-order mark, a right-to-left override, an encoded slash.
ENCODED = ["%0d%0a", "%0d%0aSet-Cookie:%20x=1", "%7f%01%1b", "%c3%28", "%ff%fe", "%e2%80%ae", "%2f"]
QUERY_KEYS = ["lang_code", "endpoint", "_anchor", "_method", "_external", "_scheme", "game", "chosen",
              "seed", "answer", "tile", "number", "pay-1", "step", "reset", "lang", "v", "level",
              "variant"]
CONTENT_TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded",
                 "multipart/form-data; boundary=zz", "application/json; charset=latin-1", "", "*/*"]


@pytest.fixture(scope="module")
def fuzz_app(translations_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    games = tmp_path_factory.mktemp("fuzz") / "games.sqlite3"
    # The protections stay on (CSRF, limits raised only so that the sweep is not all 429s).
    return create_app({"TESTING": True, "PROPAGATE_EXCEPTIONS": False,
                       "PAIYOU_TRANSLATIONS_DIR": str(translations_dir),
                       "PAIYOU_DATABASE_URL": f"sqlite:///{games}",
                       "PAIYOU_NEW_GAME_LIMIT": "100000 per minute", "PAIYOU_JOIN_LIMIT": "100000 per minute",
                       "PAIYOU_SEAT_WRITE_LIMIT": "100000 per minute", "PAIYOU_MOVE_LIMIT": "100000 per minute",
                       "PAIYOU_ANALYSIS_WORKERS": 0})


KEYS: dict[str, str] = {}  # the seat keys of the module's deals, by id


@pytest.fixture(scope="module")
def a_game(fuzz_app: Flask) -> str:
    response = fuzz_app.test_client().post("/api/v1/chuo-pai/games", json={"seed": 3})
    KEYS[response.get_json()["id"]] = response.get_json()["key"]
    return str(response.get_json()["id"])


@pytest.fixture(scope="module")
def a_finished_game(fuzz_app: Flask) -> str:
    """A finished deal (its review has steps), played out by its player."""
    client = fuzz_app.test_client()
    data = client.post("/api/v1/tien-gow/games", json={"seed": 5, "level": "random"}).get_json()
    game_id, key = data["id"], data["key"]
    KEYS[game_id] = key
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{game_id}/actions", json=body,
                           headers={"Authorization": f"Bearer {key}"}).get_json()
    return str(game_id)


@pytest.fixture(scope="module")
def a_table(fuzz_app: Flask) -> str:
    """A table with friends (seats you, friend, random), its friend's seat still empty: the fuzz
    client is its creator. Its invite is ``INVITES[id]``."""
    response = fuzz_app.test_client().post("/api/v1/chuo-pai/games",
                                           json={"seats": ["you", "friend", "random"]})
    data = response.get_json()
    assert response.status_code == 201, data
    KEYS[data["id"]], INVITES[data["id"]] = data["key"], data["invite"]
    return str(data["id"])


INVITES: dict[str, str] = {}  # the invites of the module's tables, by id


def player(app: Flask, game_id: str) -> Any:
    """A client holding ``game_id``'s seat key: in its cookie (pages) and its Bearer header (API)."""
    client = app.test_client()
    client.set_cookie("paiyou_seats", f"{game_id}:{KEYS[game_id]}")
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {KEYS[game_id]}"
    return client


def snapshot(app: Flask) -> list[tuple[str, int]]:
    store = store_for(app)
    _, rows = store._run("SELECT id, version FROM paiyou_games ORDER BY id", (), fetch=True)
    return [(str(r[0]), int(r[1])) for r in rows]


def check(app: Flask, response: Any, path: str, before: list[tuple[str, int]]) -> None:
    status = response.status_code
    assert status < 500, (path, status, response.get_data(as_text=True)[:300])
    if path.startswith("/api/") and status >= 400 and response.request.method != "HEAD":
        assert response.is_json, (path, status, response.get_data(as_text=True)[:200])
        body = response.get_json()
        assert isinstance(body, dict) and {"error", "message"} <= set(body), (path, body)
        assert isinstance(body["error"], str) and isinstance(body["message"], str) and body["message"]
    if status >= 400:
        assert snapshot(app) == before, (path, status)
    response.close()  # a static file's response holds the file open until closed


def paths(game_id: str, finished_id: str) -> Iterator[str]:
    """Every route, with good values and with each nasty value in each place."""
    good = {"lang": "en", "game": "chuo-pai", "id": game_id, "lesson": "beat-or-pass", "step": "3",
            "level": "easy", "seed": "7", "digest": "0" * 64, "over": finished_id, "tg": "tien-gow"}
    templates = [
        "/", "/{lang}/", "/{lang}/glossary", "/favicon.svg", "/robots.txt", "/sitemap.xml",
        "/static/css/site.css", "/static/{lang}", "/{lang}/{game}/rules", "/{lang}/{game}/sources",
        "/{lang}/{game}/play",
        "/{lang}/{game}/games/{id}", "/{lang}/{game}/games/{id}/record", "/api/v1/{game}/games",
        "/api/v1/games/{id}", "/api/v1/games/{id}/actions", "/api/v1/games/{id}/advance",
        "/api/v1/games/{id}/record",
        "/{lang}/puzzles", "/{lang}/{game}/puzzles", "/{lang}/{game}/puzzles/reset",
        "/{lang}/{game}/puzzles/{lesson}", "/{lang}/{game}/puzzles/{lesson}/{step}",
        "/{lang}/{game}/practice", "/{lang}/{game}/practice/{level}",
        "/{lang}/{game}/practice/{level}/{seed}", "/api/v1/judge", "/api/v1/{game}/puzzles",
        "/{lang}/play", "/{lang}/{game}/play/statistics/reset", "/{lang}/{game}/games/{id}/auto-pass",
        "/{lang}/{game}/games/{id}/next", "/{lang}/{game}/games/{id}/review", "/{lang}/{game}/replay",
        "/api/v1/games/{id}/next", "/api/v1/games/{id}/hint", "/{lang}/{game}/replay/{digest}",
        "/api/v1/games/{id}/analysis", "/api/v1/games/{id}/analysis?lang={lang}",
        "/{lang}/{game}/games/{id}/review/analysis", "/{lang}/{game}/games/{id}/mistakes",
        "/{lang}/{game}/mistakes", "/{lang}/{game}/mistakes/{id}/{step}",
        "/{lang}/{game}/games/{id}?hint=1", "/{lang}/{game}/play/confirm?leaving={id}&level={level}",
        "/{lang}/{game}/games/{id}/advance", "/{lang}/{game}/games/{id}/speed",
        "/api/v1/games/{id}/next", "/api/v1/games/{id}/hint", "/{lang}/{game}/games/{id}?hint={step}",
        "/{lang}/{tg}/games/{over}/review?step={step}", "/{lang}/{tg}/games/{over}/record",
        "/{lang}/{tg}/games/{over}/next", "/api/v1/games/{over}/next", "/api/v1/games/{over}/hint",
        "/{lang}/{game}/games/{id}?chosen={step}", "/{lang}/{tg}/games/{over}/review/analysis",
        "/api/v1/games/{over}/analysis",
    ] + [path.replace("{table}", "{id}") for path in TABLE_PATHS]  # a deal with no seats for friends
    for template in templates:
        yield template.format(**good)
        for part in re.findall(r"{(\w+)}", template):
            for value in NASTY[:8] + ENCODED:
                yield template.format(**{**good, part: value})


# The routes of a table with friends (docs/api.md, "Tables with friends").
TABLE_PATHS = ["/api/v1/games/{table}", "/api/v1/games/{table}/seats", "/api/v1/games/{table}/invite",
               "/api/v1/games/{table}/seats/{step}/computer", "/api/v1/games/{table}/name",
               "/api/v1/games/{table}/leave", "/api/v1/games/{table}/return", "/api/v1/games/{table}/timeout",
               "/api/v1/games/{table}/actions", "/api/v1/games/{table}/advance",
               "/api/v1/games/{table}/next", "/api/v1/games/{table}/hint",
               "/api/v1/games/{table}/record", "/api/v1/games/{table}/seats/1/computer?lang={lang}"]
# ... and its pages: the table (a watcher's without the key), the invite's page, the forms. Swept at
# the table only (at a deal against the computer they answer as the API routes above show).
TABLE_PAGES = ["/{lang}/chuo-pai/games/{table}", "/{lang}/chuo-pai/games/{table}/join/{step}",
               "/{lang}/chuo-pai/friends", "/{lang}/chuo-pai/games/{table}/invite",
               "/{lang}/chuo-pai/games/{table}/seats/{step}/computer", "/{lang}/chuo-pai/games/{table}/name",
               "/{lang}/chuo-pai/games/{table}/leave", "/{lang}/chuo-pai/games/{table}/return",
               "/{lang}/chuo-pai/games/{table}/timeout"]


def table_paths(table_id: str) -> Iterator[str]:
    """The table's routes, with good values and with each nasty value in each place."""
    good = {"table": table_id, "step": "1", "lang": "fa"}
    for template in TABLE_PATHS + TABLE_PAGES:
        yield template.format(**good)
        for part in re.findall(r"{(\w+)}", template):
            for value in NASTY[:8] + ENCODED:
                yield template.format(**{**good, part: value})


def test_every_route_and_method_with_nasty_parts_never_fails(fuzz_app: Flask, a_game: str,
                                                              a_finished_game: str) -> None:
    client = player(fuzz_app, a_game)
    client.set_cookie("paiyou_seats", f"{a_game}:{KEYS[a_game]}.{a_finished_game}:{KEYS[a_finished_game]}")
    seen = 0
    for path in dict.fromkeys(paths(a_game, a_finished_game)):
        for method in METHODS:
            before = snapshot(fuzz_app)
            response = client.open(path, method=method, data=b"\x00{[", content_type="application/json")
            check(fuzz_app, response, path, before)
            seen += 1
    assert seen > 1000


def test_every_route_of_a_table_with_friends_never_fails(fuzz_app: Flask, a_table: str) -> None:
    """The sweep at a table with friends, by its creator (its key): a bad body, a bad seat number,
    every method. DELETE .../invite reads no body: it withdraws the invite (a change, not an error)."""
    client = player(fuzz_app, a_table)
    seen = 0
    for path in dict.fromkeys(table_paths(a_table)):
        for method in METHODS:
            before = snapshot(fuzz_app)
            response = client.open(path, method=method, data=b"\x00{[", content_type="application/json")
            check(fuzz_app, response, path, before)
            seen += 1
    assert seen > 500
    watcher = fuzz_app.test_client()  # no key: a watcher reads the table, changes nothing
    for method in ("GET", "HEAD"):
        before = snapshot(fuzz_app)
        response = watcher.open(f"/api/v1/games/{a_table}", method=method)
        check(fuzz_app, response, "/api/v1/games/", before)
        assert response.status_code == 200 and snapshot(fuzz_app) == before
    # good bodies too: each route's own answer, never a 500 (a stranger, the creator, a friend)
    invite = client.post(f"/api/v1/games/{a_table}/invite", json={}).get_json()["invite"]
    friend = fuzz_app.test_client()
    steps = [(watcher, "seats", {"invite": "A" * 32}), (watcher, "leave", {}), (client, "seats/0/computer", {}),
             (client, "seats/2/computer", {}), (friend, "seats", {"invite": invite, "name": "Bo"}),
             (friend, "seats", {"invite": invite}), (client, "name", {"name": None}), (client, "timeout", {}),
             (client, "return", {}), (client, "leave", {}), (client, "return", {}), (client, "leave", {"lang": "ar"}),
             (watcher, "advance", {"version": 1}), (client, "advance", {}), (client, "advance", {"version": 0}),
             (client, "advance", {"version": "1"}), (friend, "advance", {"version": 10**30})]
    for who, route, body in steps:
        path = f"/api/v1/games/{a_table}/{route}"
        before = snapshot(fuzz_app)
        check(fuzz_app, who.post(path, json=body), path, before)


@pytest.mark.parametrize("key", QUERY_KEYS)
def test_query_keys_that_collide_with_routing_arguments(fuzz_app: Flask, a_game: str, key: str) -> None:
    client = fuzz_app.test_client()
    for path in ("/en/", "/fa/glossary", f"/en/chuo-pai/games/{a_game}", "/en/chuo-pai/puzzles/beat-or-pass/3",
                 "/api/v1/judge", f"/api/v1/games/{a_game}", "/en/tien-gow/practice/hard/5"):
        for value in ("x", "1", "²", "--1", "9" * 5000, "https://evil.example/"):
            for extra in ("", "&chosen=1"):
                before = snapshot(fuzz_app)
                response = client.get(f"{path}?{key}={value}{extra}", headers={"Host": "localhost"})
                check(fuzz_app, response, path, before)
                location = response.headers.get("Location", "")
                assert not location.startswith(("http://evil", "https://evil", "//")), location


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
    | st.sampled_from(["6-6 6-6", "", "٣", "۴۲", "²", "--1", "9" * 200, "up 6-6", "en", "fa", "you", "friend",
                       "random", "a" * 32, "\u202e", "x" * 25, "a-1", "pure-pairs", "rising-banker"]),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["seed", "version", "tiles", "face_up", "lang", "game", "play", "current",
                         "level", "x", "seats", "timer", "name", "invite", "action_id", "variant"])
        | st.text(max_size=8),
        children, max_size=6),
    max_leaves=20)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(body=json_values, target=st.sampled_from(["create", "act", "judge", "analysis", "join", "name", "invite",
                                                 "create-with-seats", "table-act", "advance", "table-advance"]),
       kind=st.sampled_from(CONTENT_TYPES))
def test_any_json_to_the_apis_is_answered_in_json(fuzz_app: Flask, a_game: str, a_table: str, body: Any,
                                                  target: str, kind: str) -> None:
    path = {"create": "/api/v1/tien-gow/games", "act": f"/api/v1/games/{a_game}/actions",
            "judge": "/api/v1/judge", "analysis": f"/api/v1/games/{a_game}/analysis",
            "join": f"/api/v1/games/{a_table}/seats", "name": f"/api/v1/games/{a_table}/name",
            "invite": f"/api/v1/games/{a_table}/invite", "create-with-seats": "/api/v1/chuo-pai/games",
            "table-act": f"/api/v1/games/{a_table}/actions", "advance": f"/api/v1/games/{a_game}/advance",
            "table-advance": f"/api/v1/games/{a_table}/advance"}[target]
    if target == "create-with-seats" and isinstance(body, dict):  # a table, each field in turn fuzzed
        body = {"seats": ["you", "friend", "random"], **body}
    elif target == "create-with-seats":
        body = {"seats": body}
    client = player(fuzz_app, a_table if target in ("name", "invite", "table-act", "table-advance") else a_game)
    before = snapshot(fuzz_app)
    response = client.post(path, data=json.dumps(body), content_type=kind)
    check(fuzz_app, response, path, before)
    if kind.split(";")[0] not in ("application/json",) and target != "judge":
        assert response.status_code == 415


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(fields=st.dictionaries(st.sampled_from(QUERY_KEYS + ["move", "quick", "version", "csrf_token", "lesson",
                                                             "to", "seen", "speed"]),
                              st.sampled_from(NASTY) | st.text(max_size=30), max_size=6),
       target=st.sampled_from(["table", "step", "practice", "reset", "new", "replay", "statistics",
                               "auto-pass", "next", "advance", "speed", "retry-analysis", "friends", "join",
                               "invite", "name", "leave", "return", "timeout", "seat-computer"]),
       origin=st.sampled_from([None, "null", "https://evil.example", "http://localhost"]))
def test_any_form_post_is_refused_or_answered_never_a_500(fuzz_app: Flask, a_game: str, a_finished_game: str,
                                                          a_table: str, fields: dict[str, str], target: str,
                                                          origin: str | None) -> None:
    table = f"/ar/chuo-pai/games/{a_table}"
    path = {"table": f"/en/chuo-pai/games/{a_game}", "step": "/ar/chuo-pai/puzzles/beat-or-pass/3",
            "practice": "/pl/tien-gow/practice/hard/9", "reset": "/hi/tien-gow/puzzles/reset",
            "new": "/fa/chuo-pai/play", "replay": "/en/tien-gow/replay",
            "statistics": "/ar/chuo-pai/play/statistics/reset",
            "auto-pass": f"/en/chuo-pai/games/{a_game}/auto-pass",
            "next": f"/pl/chuo-pai/games/{a_game}/next",
            "advance": f"/fa/chuo-pai/games/{a_game}/advance",
            "speed": f"/hi/chuo-pai/games/{a_game}/speed",
            "retry-analysis": f"/ar/tien-gow/games/{a_finished_game}/review/analysis",
            "friends": "/pl/chuo-pai/friends", "join": f"{table}/join/{'A' * 32}", "invite": f"{table}/invite",
            "name": f"{table}/name", "leave": f"{table}/leave", "return": f"{table}/return",
            "timeout": f"{table}/timeout", "seat-computer": f"{table}/seats/1/computer"}[target]
    client = player(fuzz_app, a_table if target in ("invite", "name", "leave", "return", "timeout",
                                                    "seat-computer") else a_game)
    headers = {"Origin": origin} if origin else {}
    before = snapshot(fuzz_app)
    response = client.post(path, data=fields, headers=headers)
    check(fuzz_app, response, path, before)
    # no token (or a forged one), or a foreign origin: refused, nothing changed
    assert response.status_code in (400, 403) and snapshot(fuzz_app) == before


def test_huge_and_deep_bodies(fuzz_app: Flask, a_game: str) -> None:
    client = player(fuzz_app, a_game)
    bodies = [b"[" * 100_000, b'{"tiles": "' + b"6-6 " * 30_000 + b'"}', b'{"seed": ' + b"9" * 60_000 + b"}",
              json.dumps({"version": 1, "tiles": ["6-6"] * 10_000}).encode()]
    for path in ("/api/v1/chuo-pai/games", f"/api/v1/games/{a_game}/actions", "/api/v1/judge"):
        for body in bodies:
            before = snapshot(fuzz_app)
            check(fuzz_app, client.post(path, data=body, content_type="application/json"), path, before)


def test_forged_ids_and_versions(fuzz_app: Flask, a_game: str) -> None:
    client = player(fuzz_app, a_game)
    # A one-character change of the id (never the id itself: it may end with "_" already).
    forged = a_game[:-1] + ("-" if a_game.endswith("_") else "_")
    for game_id in (forged, a_game.lower(), a_game + "A", "A" * 32, "../" * 10, "%2e%2e"):
        for path in (f"/api/v1/games/{game_id}", f"/api/v1/games/{game_id}/record", f"/en/chuo-pai/games/{game_id}",
                     f"/api/v1/games/{game_id}/analysis"):
            before = snapshot(fuzz_app)
            response = client.get(path)
            check(fuzz_app, response, path, before)
            assert response.status_code == 404
    for version in (-1, 0, 2**63, "1", None, True, 1.5, [1]):
        before = snapshot(fuzz_app)
        path = f"/api/v1/games/{a_game}/actions"
        check(fuzz_app, client.post(path, json={"version": version, "tiles": ""}), path, before)


# -- the audit's 500s (2026-12-03), each refused below 500 and changing nothing ----------------------

DEEP = b"[" * 1000 + b"]" * 1000  # RecursionError in a JSON parser without a guard


def test_a_deeply_nested_record_is_refused_by_every_replay_input(fuzz_app: Flask) -> None:
    client = fuzz_app.test_client()
    fuzz_app.config["WTF_CSRF_ENABLED"] = False  # the form and the file reach the parser
    try:
        for body in (DEEP, b'{"a": ' * 1000 + b"1" + b"}" * 1000):
            before = snapshot(fuzz_app)
            path = "/en/chuo-pai/replay"
            as_json = client.post(path, data=body, content_type="application/json")
            as_field = client.post(path, data={"record": body.decode()})
            as_file = client.post(path, data={"file": (io.BytesIO(body), "record.json")},
                                  content_type="multipart/form-data")
            for response in (as_json, as_field, as_file):
                check(fuzz_app, response, path, before)
                assert response.status_code == 422
                assert "That is not a deal record" in response.get_data(as_text=True)
            api = client.post("/api/v1/games/" + "A" * 32 + "/actions", data=body,
                              content_type="application/json")
            assert api.status_code in (400, 404)
    finally:
        fuzz_app.config["WTF_CSRF_ENABLED"] = True


@pytest.mark.parametrize("encoded", ["%0d%0aSet-Cookie:%20x=1", "%0a%0d", "%0d", "%00", "%e2%80%ae"])
def test_the_language_switch_keeps_control_characters_encoded(fuzz_app: Flask, encoded: str) -> None:
    client = fuzz_app.test_client()
    for path in (f"/en/chuo-pai/games/{encoded}", f"/pl/chuo-pai/puzzles/{encoded}",
                 f"/fa/chuo-pai/games/x{encoded}/review"):
        response = client.get(f"{path}?chosen=1&step=2")
        assert response.status_code == 303, (path, response.status_code)
        location = response.headers["Location"]
        assert "\r" not in location and "\n" not in location and location.endswith("?step=2")
        assert location.split("?")[0].lower() == path.lower()  # the same page, still encoded
        cookies = response.headers.getlist("Set-Cookie")
        assert len(cookies) == 1 and cookies[0].startswith("paiyou_lang=")


@pytest.mark.parametrize("seed", [-1, -7, 2**53, 2**64, 1.5, True])
def test_the_replay_page_refuses_the_seeds_the_api_refuses(fuzz_app: Flask, a_finished_game: str,
                                                          seed: Any) -> None:
    client = fuzz_app.test_client()
    record = client.get(f"/api/v1/games/{a_finished_game}/record").get_json()
    assert client.post("/api/v1/tien-gow/games", json={"seed": seed}).status_code == 400
    page = client.post("/en/tien-gow/replay", json={**record, "seed": seed})
    assert page.status_code == 422 and "The record was rejected" in page.get_data(as_text=True)
    assert client.post("/en/tien-gow/replay", json=record).status_code == 303  # to its replay link


def analyses_rows(app: Flask) -> list[tuple[Any, ...]]:
    _, rows = store_for(app)._run("SELECT * FROM paiyou_analyses ORDER BY game_id", (), fetch=True)
    return [tuple(r) for r in rows]


def test_the_analysis_of_a_finished_deal_is_a_pure_read(fuzz_app: Flask) -> None:
    """Whatever is sent to a finished deal's analysis (queued, never run here: no worker thread),
    the answer is JSON below 500 and neither the games nor the analysis job change."""
    client = fuzz_app.test_client()
    data = client.post("/api/v1/tien-gow/games", json={"seed": 8, "level": "greedy"}).get_json()
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {data['key']}"  # the deal's player
    while not data["view"]["is_over"]:
        body = {"version": data["version"], **data["view"]["legal_actions"][0]}
        data = client.post(f"/api/v1/games/{data['id']}/actions", json=body).get_json()
    path = f"/api/v1/games/{data['id']}/analysis"
    jobs = analyses_rows(fuzz_app)
    assert len(jobs) >= 1
    for query in ("", "?lang=ar", "?lang=%00", "?lang=" + "x" * 300, "?step=-1", "?lang=fa&lang=pl"):
        for method in METHODS:
            before = snapshot(fuzz_app)
            response = client.open(path + query, method=method, data=b"\x00{[", content_type="application/json")
            check(fuzz_app, response, path, before)
            assert analyses_rows(fuzz_app) == jobs
            if method == "GET" and response.status_code < 400:
                assert response.status_code == 202 and response.get_json()["state"] == "queued"
